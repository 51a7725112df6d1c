"""Checks the C++ schema checker against python3-jsonschema on the protocol schemas.

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

STEP = "/$defs/response_step"
STATE4 = "[[1.0,1.0,1.0,0.0],[2.0,2.0,1.0,0.0],[3.0,3.0,1.0,0.0],[4.0,4.0,1.0,0.0]]"
METRICS = '"polarization":0.5,"cluster_count":3,"mean_neighbor_distance":12.5'
SCHEDULE = '[{"tick":0,"cohesion":1.0,"alignment":0.5,"separation":0.0}]'
RUN_PARAMS = '"seed":42,"birds":120,"weights":[1.0,1.0,1.0],"schedule":[],"ticks":2,"state_ticks":[0,2]'
RUN_METRICS = ('"metrics":{"polarization":[0.1,0.2,0.3],"cluster_count":[1,2,3],'
               '"mean_neighbor_distance":[1.0,null,2.0]}')
HASH = "0123456789abcdef"

# (file, pointer, expected verdict, message, what it checks)
CORPUS = [
    # Requests: one valid request per method, then broken ones.
    ("request", "", True, '{"id":0,"method":"hello","params":{"protocol":1}}', "hello"),
    ("request", "", False, '{"id":0,"method":"hello","params":{"protocol":1.0}}', "protocol 1.0 is not an integer"),
    ("request", "", False, '{"id":0,"method":"hello","params":{"protocol":2}}', "protocol 2"),
    ("request", "", True, '{"id":1,"method":"prng","params":{"seed":4294967295,"skip":0,"count":1}}', "prng at the seed bound"),
    ("request", "", False, '{"id":1,"method":"prng","params":{"seed":4294967296,"skip":0,"count":1}}', "seed past uint32"),
    ("request", "", False, '{"id":1,"method":"prng","params":{"seed":1,"skip":0,"count":0}}', "count 0"),
    ("request", "", False, '{"id":1,"method":"prng","params":{"seed":1,"skip":-1,"count":1}}', "negative skip"),
    ("request", "", True, '{"id":2,"method":"torus_delta","params":{"a":0.0,"b":500.0,"size":1000.0}}', "delta on x"),
    ("request", "", True, '{"id":2,"method":"torus_delta","params":{"a":600,"b":0,"size":600}}', "delta on y at the edge"),
    ("request", "", False, '{"id":2,"method":"torus_delta","params":{"a":700,"b":0,"size":600}}', "a off the y axis"),
    ("request", "", False, '{"id":2,"method":"torus_delta","params":{"a":1,"b":0,"size":800}}', "no such axis"),
    ("request", "", True, '{"id":3,"method":"torus_distance","params":{"from":[0,0],"to":[1000,600]}}', "distance corners"),
    ("request", "", False, '{"id":3,"method":"torus_distance","params":{"from":[0,0,0],"to":[1,1]}}', "three-coordinate point"),
    ("request", "", True, '{"id":4,"method":"init","params":{"seed":0,"birds":10}}', "init at the lower bounds"),
    ("request", "", False, '{"id":4,"method":"init","params":{"seed":0,"birds":9}}', "9 birds"),
    ("request", "", False, '{"id":4,"method":"init","params":{"seed":42.0,"birds":10}}', "seed 42.0"),
    ("request", "", True, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0.5,1],"ticks":1000}}', "step 1000 ticks"),
    ("request", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0.5,1],"ticks":1001}}', "step 1001 ticks"),
    ("request", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0.5,1.5],"ticks":1}}', "weight 1.5"),
    ("request", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0.5],"ticks":1}}', "two weights"),
    ("request", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":["NaN",0,0],"ticks":1}}', "NaN as a string"),
    ("request", "", False, '{"id":5,"method":"step","params":{"state":[[1000.0000000000002,1,1,0]],"weights":[0,0,0],"ticks":1}}', "x one ulp past the field"),
    ("request", "", False, '{"id":5,"method":"step","params":{"state":' + STATE4 + ',"weights":[0,0,0],"ticks":1,"extra":1}}', "unknown parameter"),
    ("request", "", False, '{"id":5,"method":"step","params":{"weights":[0,0,0],"ticks":1}}', "missing state"),
    ("request", "", True, '{"id":6,"method":"metrics","params":{"state":[[0,600,-1,-0.0]]}}', "metrics of one bird"),
    ("request", "", True, '{"id":7,"method":"run","params":{' + RUN_PARAMS + '}}', "run"),
    ("request", "", False, '{"id":7,"method":"run","params":{' + RUN_PARAMS.replace('"ticks":2', '"ticks":20001') + '}}', "run past 20000"),
    ("request", "", False, '{"id":7,"method":"run","params":{' + RUN_PARAMS.replace("[0,2]", "[2,2]") + '}}', "repeated state tick"),
    ("request", "", True, '{"id":8,"method":"verify","params":{"seed":1,"birds":400,"weights":[1,1,1],"schedule":' + SCHEDULE + ',"at_tick":20000}}', "verify at the bounds"),
    ("request", "", False, '{"id":8,"method":"verify","params":{"seed":1,"birds":400,"weights":[1,1,1],"schedule":' + SCHEDULE + ',"at_tick":0}}', "at_tick 0"),
    ("request", "", False, '{"id":8,"method":"verify","params":{"seed":1,"birds":401,"weights":[1,1,1],"schedule":[],"at_tick":1}}', "401 birds"),
    ("request", "", False, '{"id":8,"method":"verify","params":{"seed":1,"birds":10,"weights":[1,1,1],"schedule":[{"tick":0,"cohesion":1,"alignment":1}],"at_tick":1}}', "schedule entry without separation"),
    ("request", "", True, '{"id":9,"method":"round","params":{"value":-2.5e-7,"places":4}}', "round"),
    ("request", "", False, '{"id":9,"method":"round","params":{"value":1,"places":3}}', "3 places"),
    ("request", "", False, '{"id":9,"method":"round","params":{"value":1,"places":2.0}}', "places 2.0"),
    ("request", "", True, '{"id":10,"method":"hash","params":{"state":[[-5,1e300,0,0]]}}', "hash of an off-field state"),
    ("request", "", False, '{"id":10,"method":"hash","params":{"state":[]}}', "hash of no birds"),
    ("request", "", True, '{"id":11,"method":"shutdown","params":{}}', "shutdown"),
    ("request", "", False, '{"id":11,"method":"shutdown","params":{"now":true}}', "shutdown with a parameter"),
    ("request", "", False, '{"id":-1,"method":"shutdown","params":{}}', "negative id"),
    ("request", "", False, '{"id":9007199254740992,"method":"shutdown","params":{}}', "id past 2^53 - 1"),
    ("request", "", False, '{"id":1,"method":"dance","params":{}}', "unknown method"),
    # Responses: each method's result, then the other two shapes.
    ("response", "/$defs/response_hello", True, '{"id":0,"result":{"protocol":1,"name":"tiny","version":"1.0","language":"C++20","capabilities":["torus","step"]}}', "hello"),
    ("response", "/$defs/response_hello", False, '{"id":0,"result":{"protocol":1,"name":"tiny","version":"1.0","language":"C++20","capabilities":["step","step"]}}', "repeated capability"),
    ("response", "/$defs/response_hello", False, '{"id":0,"result":{"protocol":1,"name":"tiny","version":"1.0","language":"C++20","capabilities":["fly"]}}', "unknown capability"),
    ("response", "/$defs/response_hello", False, '{"id":0,"result":{"protocol":1,"name":"tiny","version":"1.0","capabilities":[]}}', "no language"),
    ("response", "/$defs/response_prng", True, '{"id":1,"result":{"u32":[0,4294967295],"next":[0.0,0.9999999997671694]}}', "prng at the bounds"),
    ("response", "/$defs/response_prng", False, '{"id":1,"result":{"u32":[1],"next":[1.0]}}', "next of 1.0"),
    ("response", "/$defs/response_prng", False, '{"id":1,"result":{"u32":[1.0],"next":[0.5]}}', "u32 1.0"),
    ("response", "/$defs/response_torus_delta", True, '{"id":1,"result":{"delta":-500.0}}', "delta"),
    ("response", "/$defs/response_torus_delta", False, '{"id":1,"result":{"delta":"500"}}', "delta as a string"),
    ("response", "/$defs/response_torus_distance", True, '{"id":1,"result":{"dx":-3,"dy":4,"distance":5}}', "distance"),
    ("response", "/$defs/response_torus_distance", False, '{"id":1,"result":{"dx":-3,"dy":4,"distance":-5}}', "negative distance"),
    ("response", "/$defs/response_init", True, '{"id":1,"result":{"state":' + STATE4 + '}}', "init"),
    ("response", "/$defs/response_init", False, '{"id":1,"result":{"state":[]}}', "init of no birds"),
    ("response", STEP, True, '{"id":2,"result":{"state":[[1000.0,600.0,-0.0,2.0]]}}', "step result on the far edges"),
    ("response", STEP, True, '{"id":2,"result":{"state":[[1000.0000000000002,1,1,0]]}}', "x one ulp past the field: a wrong answer, not a malformed one"),
    ("response", STEP, True, '{"id":2,"result":{"state":[[1,600.5,1,0]]}}', "y past the field: a wrong answer, not a malformed one"),
    ("response", STEP, False, '{"id":2,"result":{"state":[[1,1,1,0,0]]}}', "five coordinates"),
    ("response", STEP, False, '{"id":2,"result":{"state":[[1,1,1,0]]},"elapsed":3}', "extra top-level key"),
    ("response", STEP, False, '{"id":2,"result":{"state":[[1,1,1,0]]},"unsupported":"no"}', "result and unsupported"),
    ("response", STEP, False, '{"result":{"state":[[1,1,1,0]]}}', "no id"),
    ("response", STEP, False, '{"id":null,"result":{"state":[[1,1,1,0]]}}', "null id on a result"),
    ("response", STEP, True, '{"id":2,"unsupported":"this engine does not implement step"}', "unsupported"),
    ("response", STEP, False, '{"id":2,"unsupported":true}', "unsupported not a string"),
    ("response", STEP, True, '{"id":3,"error":{"code":"invalid-input","field":"state","message":"invalid state: no birds"}}', "invalid-input"),
    ("response", STEP, True, '{"id":3,"error":{"code":"internal","field":null,"message":"oops"}}', "internal"),
    ("response", STEP, True, '{"id":null,"error":{"code":"invalid-request","field":null,"message":"not JSON"}}', "invalid-request without id"),
    ("response", STEP, False, '{"id":null,"error":{"code":"internal","field":null,"message":"oops"}}', "null id on another error"),
    ("response", STEP, False, '{"id":3,"error":{"code":"invalid-input","field":"speed","message":"x"}}', "unknown field"),
    ("response", STEP, False, '{"id":3,"error":{"code":"bad","field":null,"message":"x"}}', "unknown code"),
    ("response", STEP, False, '{"id":3,"error":{"code":"internal","field":null}}', "no message"),
    ("response", "/$defs/response_metrics", True, '{"id":4,"result":{' + METRICS + '}}', "metrics"),
    ("response", "/$defs/response_metrics", True, '{"id":4,"result":{' + METRICS.replace("12.5", "null") + '}}', "metrics, no neighbour"),
    ("response", "/$defs/response_metrics", False, '{"id":4,"result":{' + METRICS.replace(":3,", ":3.0,") + '}}', "cluster_count 3.0"),
    ("response", "/$defs/response_metrics", False, '{"id":4,"result":{' + METRICS.replace(":3,", ":0,") + '}}', "cluster_count 0"),
    ("response", "/$defs/response_verify", False, '{"id":4,"result":{' + METRICS.replace("0.5", "-1e-300") + '}}', "negative polarization"),
    ("response", "/$defs/response_verify", True, '{"id":4,"result":{' + METRICS + '}}', "verify"),
    ("request", "", True, '{"id":6,"method":"run_from","params":{"state":' + STATE4 + ',"from_tick":59,"weights":[1.0,1.0,1.0],"schedule":' + SCHEDULE + ',"ticks":50}}', "run_from"),
    ("request", "", False, '{"id":6,"method":"run_from","params":{"state":' + STATE4 + ',"from_tick":59,"weights":[1.0,1.0,1.0],"schedule":' + SCHEDULE + ',"ticks":0}}', "run_from of no steps"),
    ("request", "", False, '{"id":6,"method":"run_from","params":{"state":' + STATE4 + ',"weights":[1.0,1.0,1.0],"schedule":' + SCHEDULE + ',"ticks":50}}', "run_from without from_tick"),
    ("response", "/$defs/response_run_from", True, '{"id":6,"result":{' + RUN_METRICS + '}}', "run_from metrics"),
    ("response", "/$defs/response_run_from", False, '{"id":6,"result":{' + RUN_METRICS + ',"states":[]}}', "run_from with states"),
    ("response", "/$defs/response_run", True, '{"id":5,"result":{' + RUN_METRICS + ',"states":[{"tick":0,"state":' + STATE4 + '}]}}', "run without a hash"),
    ("response", "/$defs/response_run", True, '{"id":5,"result":{' + RUN_METRICS + ',"states":[],"final_state_hash":"' + HASH + '"}}', "run with a hash"),
    ("response", "/$defs/response_run", False, '{"id":5,"result":{' + RUN_METRICS + ',"states":[],"final_state_hash":"' + HASH.upper() + '"}}', "upper-case hash"),
    ("response", "/$defs/response_run", False, '{"id":5,"result":{' + RUN_METRICS.replace("null", '"NaN"') + ',"states":[]}}', "NaN distance"),
    ("response", "/$defs/response_run", False, '{"id":5,"result":{' + RUN_METRICS + ',"states":[{"tick":0}]}}', "state entry without a state"),
    ("response", "/$defs/response_round", True, '{"id":6,"result":{"text":"-0.0001"}}', "round"),
    ("response", "/$defs/response_round", False, '{"id":6,"result":{"text":"12"}}', "no fraction"),
    ("response", "/$defs/response_round", False, '{"id":6,"result":{"text":"1.50\\n"}}', "trailing newline"),
    ("response", "/$defs/response_round", True, '{"id":6,"result":{"text":"1.' + "5" * 398 + '"}}', "400 characters"),
    ("response", "/$defs/response_round", False, '{"id":6,"result":{"text":"1.' + "5" * 399 + '"}}', "401 characters"),
    ("response", "/$defs/response_hash", True, '{"id":7,"result":{"hash":"' + HASH + '"}}', "hash"),
    ("response", "/$defs/response_hash", False, '{"id":7,"result":{"hash":"' + HASH + '\\n"}}', "hash with a trailing newline"),
    ("response", "/$defs/response_hash", False, '{"id":7,"result":{"hash":"' + HASH[1:] + '"}}', "15 digits"),
    ("response", "/$defs/response_shutdown", True, '{"id":8,"result":{}}', "shutdown"),
    ("response", "/$defs/response_shutdown", False, '{"id":8,"result":{"bye":true}}', "shutdown with a result"),
    ("response", "", True, '{"id":2,"result":{"delta":1.5}}', "top level takes any method"),
    ("response", "", False, '{"id":2}', "top level needs a payload"),
]


def python_verdicts(schema, pointer, messages):
    integer = validators.Draft202012Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, v: isinstance(v, int) and not isinstance(v, bool))
    strict = validators.extend(validators.Draft202012Validator, type_checker=integer)
    target = schema if not pointer else {"$ref": "#" + pointer, "$defs": schema["$defs"]}
    validator = strict(target)
    return [validator.is_valid(json.loads(m)) for m in messages]


def driver_verdicts(driver, schema_file, pointer, messages):
    out = subprocess.run([driver, str(schema_file), pointer], input="\n".join(messages) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    return [line == "valid" for line in out], out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--driver", required=True)
    parser.add_argument("--schemas", required=True, type=pathlib.Path)
    args = parser.parse_args()

    schemas = {}
    for name in ("request", "response"):
        path = args.schemas / f"{name}.schema.json"
        schemas[name] = (path, json.loads(path.read_text()))
        jsonschema.Draft202012Validator.check_schema(schemas[name][1])

    failures = 0
    groups = {}
    for case in CORPUS:
        groups.setdefault(case[:2], []).append(case)
    for (name, pointer), cases in groups.items():
        path, schema = schemas[name]
        messages = [c[3] for c in cases]
        python = python_verdicts(schema, pointer, messages)
        cpp, lines = driver_verdicts(args.driver, path, pointer, messages)
        for case, py, cc, line in zip(cases, python, cpp, lines):
            if py == cc == case[2]:
                continue
            failures += 1
            print(f"DISAGREE {name}{pointer or ' (top)'}: {case[4]}: expected "
                  f"{'valid' if case[2] else 'invalid'}, jsonschema "
                  f"{'valid' if py else 'invalid'}, checker {line}\n  {case[3]}")
    print(f"{len(CORPUS)} messages, {failures} disagreements")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
