"""Checks the C++ schema checker against python3-jsonschema on the protocol schemas.

Each method's file (schemas/protocol/<method>.schema.json) is tried at its
root, the request, and at #/$defs/response; its $refs into
common.schema.json are resolved by jsonschema from the files' $ids, and by
the C++ checker in the one document the kit reads them as.

Every message of the corpus below carries a hand-written verdict; the C++
checker (through schema_check_driver) and jsonschema's Draft202012Validator
must both reach it. jsonschema is given one deliberate change: `integer`
means a JSON integer (Python int), not any number with a zero fraction,
because the protocol refuses 42.0 where an integer belongs (PROTOCOL.md,
Numbers) and the C++ checker follows the protocol.
"""

import argparse
import json
import pathlib
import subprocess
import sys

import jsonschema
from jsonschema import validators

RESPONSE = "/$defs/response"  # a method file's response; "" is its request
STATE4 = "[[1.0,1.0,1.0,0.0],[2.0,2.0,1.0,0.0],[3.0,3.0,1.0,0.0],[4.0,4.0,1.0,0.0]]"
METRICS = '"polarization":0.5,"cluster_count":3,"mean_neighbor_distance":12.5'
SCHEDULE = '[{"tick":0,"cohesion":1.0,"alignment":0.5,"separation":0.0}]'
RUN_PARAMS = '"seed":42,"birds":120,"weights":[1.0,1.0,1.0],"schedule":[],"ticks":2,"state_ticks":[0,2]'
RUN_METRICS = ('"metrics":{"polarization":[0.1,0.2,0.3],"cluster_count":[1,2,3],'
               '"mean_neighbor_distance":[1.0,null,2.0]}')
HASH = "0123456789abcdef"

# (method, pointer in its file, expected verdict, message, what it checks)
CORPUS = [
    # Requests: one valid request per method, then broken ones.
    ("hello", "", True, '{"id":0,"method":"hello","params":{"protocol":1}}', "hello"),
    ("hello", "", False, '{"id":0,"method":"hello","params":{"protocol":1.0}}', "protocol 1.0 is not an integer"),
    ("hello", "", False, '{"id":0,"method":"hello","params":{"protocol":2}}', "protocol 2"),
    ("prng", "", True, '{"id":1,"method":"prng","params":{"seed":4294967295,"skip":0,"count":1}}', "prng at the seed bound"),
    ("prng", "", False, '{"id":1,"method":"prng","params":{"seed":4294967296,"skip":0,"count":1}}', "seed past uint32"),
    ("prng", "", False, '{"id":1,"method":"prng","params":{"seed":1,"skip":0,"count":0}}', "count 0"),
    ("prng", "", False, '{"id":1,"method":"prng","params":{"seed":1,"skip":-1,"count":1}}', "negative skip"),
    ("torus_delta", "", True, '{"id":2,"method":"torus_delta","params":{"a":0.0,"b":500.0,"size":1000.0}}', "delta on x"),
    ("torus_delta", "", True, '{"id":2,"method":"torus_delta","params":{"a":600,"b":0,"size":600}}', "delta on y at the edge"),
    ("torus_delta", "", False, '{"id":2,"method":"torus_delta","params":{"a":700,"b":0,"size":600}}', "a off the y axis"),
    ("torus_delta", "", False, '{"id":2,"method":"torus_delta","params":{"a":1,"b":0,"size":800}}', "no such axis"),
    ("torus_distance", "", True, '{"id":3,"method":"torus_distance","params":{"from":[0,0],"to":[1000,600]}}', "distance corners"),
    ("torus_distance", "", False, '{"id":3,"method":"torus_distance","params":{"from":[0,0,0],"to":[1,1]}}', "three-coordinate point"),
    ("init", "", True, '{"id":4,"method":"init","params":{"seed":0,"birds":10}}', "init at the lower bounds"),
    ("init", "", False, '{"id":4,"method":"init","params":{"seed":0,"birds":9}}', "9 birds"),
    ("init", "", False, '{"id":4,"method":"init","params":{"seed":42.0,"birds":10}}', "seed 42.0"),
    ("step", "", True, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0.5,1],"ticks":1000}}', "step 1000 ticks"),
    ("step", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0.5,1],"ticks":1001}}', "step 1001 ticks"),
    ("step", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0.5,1.5],"ticks":1}}', "weight 1.5"),
    ("step", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0.5],"ticks":1}}', "two weights"),
    ("step", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":["NaN",0,0],"ticks":1}}', "NaN as a string"),
    ("step", "", False, '{"id":5,"method":"step","params":{"state":[[1000.0000000000002,1,1,0]],"weights":[0,0,0],"ticks":1}}', "x one ulp past the field"),
    ("step", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0,0],"ticks":1,"extra":1}}', "unknown parameter"),
    ("step", "", False, '{"id":5,"method":"step","params":{"weights":[0,0,0],"ticks":1}}', "missing state"),
    ("metrics", "", True, '{"id":6,"method":"metrics","params":{"state":[[0,600,-1,-0.0]]}}', "metrics of one bird"),
    ("run", "", True, '{"id":7,"method":"run","params":{' + RUN_PARAMS + '}}', "run"),
    ("run", "", False, '{"id":7,"method":"run","params":{' + RUN_PARAMS.replace('"ticks":2', '"ticks":20001') + '}}', "run past 20000"),
    ("run", "", False, '{"id":7,"method":"run","params":{' + RUN_PARAMS.replace("[0,2]", "[2,2]") + '}}', "repeated state tick"),
    ("verify", "", True, '{"id":8,"method":"verify","params":{"seed":1,"birds":400,"weights":[1,1,1],"schedule":' + SCHEDULE + ',"at_tick":20000}}', "verify at the bounds"),
    ("verify", "", False, '{"id":8,"method":"verify","params":{"seed":1,"birds":400,"weights":[1,1,1],"schedule":' + SCHEDULE + ',"at_tick":0}}', "at_tick 0"),
    ("verify", "", False, '{"id":8,"method":"verify","params":{"seed":1,"birds":401,"weights":[1,1,1],"schedule":[],"at_tick":1}}', "401 birds"),
    ("verify", "", False, '{"id":8,"method":"verify","params":{"seed":1,"birds":10,"weights":[1,1,1],"schedule":[{"tick":0,"cohesion":1,"alignment":1}],"at_tick":1}}', "schedule entry without separation"),
    ("round", "", True, '{"id":9,"method":"round","params":{"value":-2.5e-7,"places":4}}', "round"),
    ("round", "", False, '{"id":9,"method":"round","params":{"value":1,"places":3}}', "3 places"),
    ("round", "", False, '{"id":9,"method":"round","params":{"value":1,"places":2.0}}', "places 2.0"),
    ("hash", "", True, '{"id":10,"method":"hash","params":{"state":[[-5,1e300,0,0]]}}', "hash of an off-field state"),
    ("hash", "", False, '{"id":10,"method":"hash","params":{"state":[]}}', "hash of no birds"),
    ("shutdown", "", True, '{"id":11,"method":"shutdown","params":{}}', "shutdown"),
    ("shutdown", "", False, '{"id":11,"method":"shutdown","params":{"now":true}}', "shutdown with a parameter"),
    ("shutdown", "", False, '{"id":-1,"method":"shutdown","params":{}}', "negative id"),
    ("shutdown", "", False, '{"id":9007199254740992,"method":"shutdown","params":{}}', "id past 2^53 - 1"),
    ("step", "", False, '{"id":1,"method":"dance","params":{}}', "another method's name"),
    # Responses: each method's result, then the other two shapes.
    ("hello", RESPONSE, True, '{"id":0,"result":{"protocol":1,"name":"tiny","version":"1.0","language":"C++20","capabilities":["torus","step"]}}', "hello"),
    ("hello", RESPONSE, False, '{"id":0,"result":{"protocol":1,"name":"tiny","version":"1.0","language":"C++20","capabilities":["step","step"]}}', "repeated capability"),
    ("hello", RESPONSE, False, '{"id":0,"result":{"protocol":1,"name":"tiny","version":"1.0","language":"C++20","capabilities":["fly"]}}', "unknown capability"),
    ("hello", RESPONSE, False, '{"id":0,"result":{"protocol":1,"name":"tiny","version":"1.0","capabilities":[]}}', "no language"),
    ("prng", RESPONSE, True, '{"id":1,"result":{"u32":[0,4294967295],"next":[0.0,0.9999999997671694]}}', "prng at the bounds"),
    ("prng", RESPONSE, False, '{"id":1,"result":{"u32":[1],"next":[1.0]}}', "next of 1.0"),
    ("prng", RESPONSE, False, '{"id":1,"result":{"u32":[1.0],"next":[0.5]}}', "u32 1.0"),
    ("torus_delta", RESPONSE, True, '{"id":1,"result":{"delta":-500.0}}', "delta"),
    ("torus_delta", RESPONSE, False, '{"id":1,"result":{"delta":"500"}}', "delta as a string"),
    ("torus_distance", RESPONSE, True, '{"id":1,"result":{"dx":-3,"dy":4,"distance":5}}', "distance"),
    ("torus_distance", RESPONSE, False, '{"id":1,"result":{"dx":-3,"dy":4,"distance":-5}}', "negative distance"),
    ("init", RESPONSE, True, '{"id":1,"result":{"state":' + STATE4 + '}}', "init"),
    ("init", RESPONSE, False, '{"id":1,"result":{"state":[]}}', "init of no birds"),
    ("step", RESPONSE, True, '{"id":2,"result":{"state":[[1000.0,600.0,-0.0,2.0]]}}', "step result on the far edges"),
    ("step", RESPONSE, True, '{"id":2,"result":{"state":[[1000.0000000000002,1,1,0]]}}', "x one ulp past the field: a wrong answer, not a malformed one"),
    ("step", RESPONSE, True, '{"id":2,"result":{"state":[[1,600.5,1,0]]}}', "y past the field: a wrong answer, not a malformed one"),
    ("step", RESPONSE, False, '{"id":2,"result":{"state":[[1,1,1,0,0]]}}', "five coordinates"),
    ("step", RESPONSE, False, '{"id":2,"result":{"state":[[1,1,1,0]]},"elapsed":3}', "extra top-level key"),
    ("step", RESPONSE, False, '{"id":2,"result":{"state":[[1,1,1,0]]},"unsupported":"no"}', "result and unsupported"),
    ("step", RESPONSE, False, '{"result":{"state":[[1,1,1,0]]}}', "no id"),
    ("step", RESPONSE, False, '{"id":null,"result":{"state":[[1,1,1,0]]}}', "null id on a result"),
    ("step", RESPONSE, True, '{"id":2,"unsupported":"this engine does not implement step"}', "unsupported"),
    ("step", RESPONSE, False, '{"id":2,"unsupported":true}', "unsupported not a string"),
    ("step", RESPONSE, True, '{"id":3,"error":{"code":"invalid-input","field":"state","message":"invalid state: no birds"}}', "invalid-input"),
    ("step", RESPONSE, True, '{"id":3,"error":{"code":"internal","field":null,"message":"oops"}}', "internal"),
    ("step", RESPONSE, True, '{"id":null,"error":{"code":"invalid-request","field":null,"message":"not JSON"}}', "invalid-request without id"),
    ("step", RESPONSE, False, '{"id":null,"error":{"code":"internal","field":null,"message":"oops"}}', "null id on another error"),
    ("step", RESPONSE, False, '{"id":3,"error":{"code":"invalid-input","field":"speed","message":"x"}}', "unknown field"),
    ("step", RESPONSE, False, '{"id":3,"error":{"code":"bad","field":null,"message":"x"}}', "unknown code"),
    ("step", RESPONSE, False, '{"id":3,"error":{"code":"internal","field":null}}', "no message"),
    ("metrics", RESPONSE, True, '{"id":4,"result":{' + METRICS + '}}', "metrics"),
    ("metrics", RESPONSE, True, '{"id":4,"result":{' + METRICS.replace("12.5", "null") + '}}', "metrics, no neighbour"),
    ("metrics", RESPONSE, False, '{"id":4,"result":{' + METRICS.replace(":3,", ":3.0,") + '}}', "cluster_count 3.0"),
    ("metrics", RESPONSE, False, '{"id":4,"result":{' + METRICS.replace(":3,", ":0,") + '}}', "cluster_count 0"),
    ("verify", RESPONSE, False, '{"id":4,"result":{' + METRICS.replace("0.5", "-1e-300") + '}}', "negative polarization"),
    ("verify", RESPONSE, True, '{"id":4,"result":{' + METRICS + '}}', "verify"),
    ("run_from", "", True, '{"id":6,"method":"run_from","params":{"state":' + STATE4 + ',"from_tick":59,"weights":[1.0,1.0,1.0],"schedule":' + SCHEDULE + ',"ticks":50}}', "run_from"),
    ("run_from", "", False, '{"id":6,"method":"run_from","params":{"state":' + STATE4 + ',"from_tick":59,"weights":[1.0,1.0,1.0],"schedule":' + SCHEDULE + ',"ticks":0}}', "run_from of no steps"),
    ("run_from", "", False, '{"id":6,"method":"run_from","params":{"state":' + STATE4 + ',"weights":[1.0,1.0,1.0],"schedule":' + SCHEDULE + ',"ticks":50}}', "run_from without from_tick"),
    ("run_from", RESPONSE, True, '{"id":6,"result":{' + RUN_METRICS + '}}', "run_from metrics"),
    ("run_from", RESPONSE, False, '{"id":6,"result":{' + RUN_METRICS + ',"states":[]}}', "run_from with states"),
    ("run", RESPONSE, True, '{"id":5,"result":{' + RUN_METRICS + ',"states":[{"tick":0,"state":' + STATE4 + '}]}}', "run without a hash"),
    ("run", RESPONSE, True, '{"id":5,"result":{' + RUN_METRICS + ',"states":[],"final_state_hash":"' + HASH + '"}}', "run with a hash"),
    ("run", RESPONSE, False, '{"id":5,"result":{' + RUN_METRICS + ',"states":[],"final_state_hash":"' + HASH.upper() + '"}}', "upper-case hash"),
    ("run", RESPONSE, False, '{"id":5,"result":{' + RUN_METRICS.replace("null", '"NaN"') + ',"states":[]}}', "NaN distance"),
    ("run", RESPONSE, False, '{"id":5,"result":{' + RUN_METRICS + ',"states":[{"tick":0}]}}', "state entry without a state"),
    ("round", RESPONSE, True, '{"id":6,"result":{"text":"-0.0001"}}', "round"),
    ("round", RESPONSE, False, '{"id":6,"result":{"text":"12"}}', "no fraction"),
    ("round", RESPONSE, False, '{"id":6,"result":{"text":"1.50\\n"}}', "trailing newline"),
    ("round", RESPONSE, True, '{"id":6,"result":{"text":"1.' + "5" * 398 + '"}}', "400 characters"),
    ("round", RESPONSE, False, '{"id":6,"result":{"text":"1.' + "5" * 399 + '"}}', "401 characters"),
    ("hash", RESPONSE, True, '{"id":7,"result":{"hash":"' + HASH + '"}}', "hash"),
    ("hash", RESPONSE, False, '{"id":7,"result":{"hash":"' + HASH + '\\n"}}', "hash with a trailing newline"),
    ("hash", RESPONSE, False, '{"id":7,"result":{"hash":"' + HASH[1:] + '"}}', "15 digits"),
    ("shutdown", RESPONSE, True, '{"id":8,"result":{}}', "shutdown"),
    ("shutdown", RESPONSE, False, '{"id":8,"result":{"bye":true}}', "shutdown with a result"),
]


def python_verdicts(schemas, method, pointer, messages):
    """jsonschema's verdicts, each file found by its $id as relative $refs name it."""
    integer = validators.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, v: isinstance(v, int) and not isinstance(v, bool))
    strict = validators.extend(validators.Draft202012Validator, type_checker=integer)
    # Without $schema: jsonschema would check a file reached by $ref with the
    # validator its $schema names, not with the one given the protocol's integer.
    store = {schema["$id"]: {k: v for k, v in schema.items() if k != "$schema"} for schema in schemas.values()}
    target = {"$ref": schemas[method]["$id"] + "#" + pointer}
    validator = strict(target, resolver=jsonschema.RefResolver(base_uri="", referrer=target, store=store))
    return [validator.is_valid(json.loads(m)) for m in messages]


def driver_verdicts(driver, folder, method, pointer, messages):
    """The C++ checker's, on the folder read as one document as the kit reads it."""
    out = subprocess.run([driver, str(folder), "/$defs/" + method + pointer], input="\n".join(messages) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    return [line == "valid" for line in out], out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--driver", required=True)
    parser.add_argument("--schemas", required=True, type=pathlib.Path)
    args = parser.parse_args()

    schemas = {}
    for path in sorted(args.schemas.glob("*.schema.json")):
        schemas[path.name[:-len(".schema.json")]] = json.loads(path.read_text())
        jsonschema.Draft202012Validator.check_schema(schemas[path.name[:-len(".schema.json")]])

    failures = 0
    groups = {}
    for case in CORPUS:
        groups.setdefault(case[:2], []).append(case)
    for (method, pointer), cases in groups.items():
        messages = [c[3] for c in cases]
        python = python_verdicts(schemas, method, pointer, messages)
        cpp, lines = driver_verdicts(args.driver, args.schemas, method, pointer, messages)
        for case, py, cc, line in zip(cases, python, cpp, lines):
            if py == cc == case[2]:
                continue
            failures += 1
            print(f"DISAGREE {method}.schema.json#{pointer}: {case[4]}: expected "
                  f"{'valid' if case[2] else 'invalid'}, jsonschema "
                  f"{'valid' if py else 'invalid'}, checker {line}\n  {case[3]}")
    untried = sorted(set(schemas) - {"common"} - {m for m, _ in groups})
    if untried:
        failures += 1
        print("no message of the corpus tries " + ", ".join(untried))
    print(f"{len(CORPUS)} messages, {failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
