"""engine.py: a starter Susurration engine in Python (spec/PROTOCOL.md).

    python3 engine.py        # JSON Lines: one request in, one response out

This file is the protocol; you should not need to change it. It answers
hello, checks every parameter against spec/inputs.md and calls the model
functions in model.py, which you write. Python's json module keeps numbers
exact both ways: it reads 42 as an int and 42.0 as a float (so 42.0 where an
integer belongs is refused, PROTO-9 rule 5), and writes floats with repr,
the shortest text that reads back to the same double, -0.0 included
(SERIAL-1).
"""

import json
import math
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402

NAME, VERSION = "starter", "0.1.0"
LANGUAGE = "Python %d.%d" % sys.version_info[:2]
# The core (init, step, metrics, run) and two optional ones that are the
# easiest to get right first (PROTO-8); run_from, verify, round and hash are
# not offered, so their cases are skipped.
CAPABILITIES = ["prng", "torus", "init", "step", "metrics", "run"]
PARAMS = {
    "hello": ("protocol",), "shutdown": (),
    "prng": ("seed", "skip", "count"), "torus_delta": ("a", "b", "size"),
    "torus_distance": ("from", "to"), "init": ("seed", "birds"),
    "step": ("state", "weights", "ticks"), "metrics": ("state",),
    "run": ("seed", "birds", "weights", "schedule", "ticks", "state_ticks"),
}
# The parameters spec/inputs.md ranges: a bad one is invalid-input naming it;
# any other bad parameter is invalid-request (PROTO-6).
NAMED = {"seed", "birds", "weights", "ticks", "at_tick", "schedule", "state"}
MAX_ID = 2 ** 53 - 1


class Invalid(Exception):
    def __init__(self, field, value):
        super().__init__("invalid %s: %.80r" % (field, value))
        self.field = field


def integer(field, v, lo, hi):
    if type(v) is not int or not lo <= v <= hi:        # not bool, not 42.0
        raise Invalid(field, v)
    return v


def number(field, v, lo=-math.inf, hi=math.inf):
    if type(v) not in (int, float):
        raise Invalid(field, v)
    try:
        x = float(v)                                   # an int past the doubles fails
    except OverflowError:
        raise Invalid(field, v) from None
    if not (math.isfinite(x) and lo <= x <= hi):
        raise Invalid(field, v)
    return x


def weights(field, v):                                 # INPUT-3
    if not isinstance(v, list) or len(v) != 3:
        raise Invalid(field, v)
    return tuple(number(field, w, 0.0, 1.0) for w in v)


def schedule(v):                                       # INPUT-7, SESSION-4
    if not isinstance(v, list):
        raise Invalid("schedule", v)
    changes, last = {}, -1
    for e in v:
        if not isinstance(e, dict) or sorted(e) != ["alignment", "cohesion", "separation", "tick"]:
            raise Invalid("schedule", e)
        t = integer("schedule", e["tick"], last + 1, 20000)
        changes[t] = weights("schedule", [e["cohesion"], e["alignment"], e["separation"]])
        last = t
    return changes


def state(v):                                          # INPUT-9
    if not isinstance(v, list) or not 1 <= len(v) <= 400:
        raise Invalid("state", v)
    birds = []
    for b in v:
        if not isinstance(b, list) or len(b) != 4:
            raise Invalid("state", b)
        x, y = number("state", b[0], 0.0, 1000.0), number("state", b[1], 0.0, 600.0)
        vx, vy = number("state", b[2], -1e150, 1e150), number("state", b[3], -1e150, 1e150)
        if abs(vx) < 1e-150 and abs(vy) < 1e-150:
            raise Invalid("state", b)
        birds.append([x, y, vx, vy])
    # Two birds closer than 1e-150 along both axes, not in one place (AMB-30).
    # The delta is FIELD-3's, written here so that checking needs no model.
    def delta(a, b, size):
        d = b - a
        return d - size if d > size / 2 else d + size if d < -size / 2 else d
    for i, p in enumerate(birds):
        for q in birds[i + 1:]:
            dx, dy = delta(p[0], q[0], 1000.0), delta(p[1], q[1], 600.0)
            if abs(dx) < 1e-150 and abs(dy) < 1e-150 and (dx, dy) != (0.0, 0.0):
                raise Invalid("state", [p, q])
    return birds


def point(field, v):
    if not isinstance(v, list) or len(v) != 2:
        raise Invalid(field, v)
    return number(field, v[0], 0.0, 1000.0), number(field, v[1], 0.0, 600.0)


def metrics_json(m):
    polarization, clusters, mean = m
    return {"polarization": float(polarization), "cluster_count": int(clusters),
            "mean_neighbor_distance": None if mean is None else float(mean)}


def run(p):
    """init, then metrics at every tick and a step between ticks; a schedule
    entry logged at tick t changes the weights of the step t -> t + 1
    (WEIGHTS-3)."""
    seed = integer("seed", p["seed"], 0, 2 ** 32 - 1)
    birds = integer("birds", p["birds"], 10, 400)
    w = weights("weights", p["weights"])
    changes = schedule(p["schedule"])
    ticks = integer("ticks", p["ticks"], 0, 20000)
    wanted = p["state_ticks"]
    if not isinstance(wanted, list) or any(type(t) is not int for t in wanted) \
            or sorted(set(wanted)) != wanted or (wanted and not 0 <= wanted[0] <= wanted[-1] <= ticks):
        raise Invalid("state_ticks", wanted)
    s = model.init(seed, birds)
    columns, states = ([], [], []), []
    for t in range(ticks + 1):
        for column, value in zip(columns, metrics_json(model.metrics(s)).values()):
            column.append(value)
        if t in wanted:
            states.append({"tick": t, "state": s})
        if t < ticks:
            w = changes.get(t, w)
            s = model.step(s, w)
    return {"metrics": dict(zip(("polarization", "cluster_count", "mean_neighbor_distance"), columns)),
            "states": states}


def step(p):
    s, w = state(p["state"]), weights("weights", p["weights"])
    for _ in range(integer("ticks", p["ticks"], 1, 1000)):
        s = model.step(s, w)
    return {"state": s}


def prng(p):
    u32, floats = model.prng(integer("seed", p["seed"], 0, 2 ** 32 - 1),
                             integer("skip", p["skip"], 0, MAX_ID),
                             integer("count", p["count"], 1, 100000))
    return {"u32": [int(u) for u in u32], "next": [float(x) for x in floats]}


def torus_delta(p):
    size = number("size", p["size"])
    if size not in (1000.0, 600.0):
        raise Invalid("size", p["size"])
    return {"delta": model.torus_delta(number("a", p["a"], 0.0, size), number("b", p["b"], 0.0, size), size)}


def torus_distance(p):
    dx, dy, d = model.torus_distance(*point("from", p["from"]), *point("to", p["to"]))
    return {"dx": dx, "dy": dy, "distance": d}


HANDLERS = {
    "hello": lambda p: {"protocol": 1, "name": NAME, "version": VERSION,
                        "language": LANGUAGE, "capabilities": CAPABILITIES},
    "shutdown": lambda p: {},
    "prng": prng,
    "torus_delta": torus_delta,
    "torus_distance": torus_distance,
    "init": lambda p: {"state": model.init(integer("seed", p["seed"], 0, 2 ** 32 - 1),
                                           integer("birds", p["birds"], 10, 400))},
    "step": step,
    "metrics": lambda p: metrics_json(model.metrics(state(p["state"]))),
    "run": run,
}


def error(rid, code, field, message):
    return {"id": rid, "error": {"code": code, "field": field, "message": message}}


def answer(line):
    """The response to one request line."""
    def no_constant(name):                             # NaN and Infinity are not JSON
        raise ValueError(name)
    try:
        req = json.loads(line, parse_constant=no_constant)
    except ValueError as e:
        return error(None, "invalid-request", None, "not JSON: %s" % e)
    rid = req.get("id") if isinstance(req, dict) else None
    if type(rid) is not int or not 0 <= rid <= MAX_ID:
        rid = None
    if rid is None or sorted(req) != ["id", "method", "params"] \
            or not isinstance(req["method"], str) or not isinstance(req["params"], dict):
        return error(rid, "invalid-request", None, "not a request")
    method, p = req["method"], req["params"]
    if method not in HANDLERS:                         # PROTO-5
        return {"id": rid, "unsupported": "%s does not offer %.80s" % (NAME, method)}
    if set(p) - set(PARAMS[method]):                   # PROTO-6: an unknown key
        return error(rid, "invalid-request", None, "unknown parameter")
    missing = [k for k in PARAMS[method] if k not in p]
    if missing:
        code = "invalid-input" if missing[0] in NAMED else "invalid-request"
        return error(rid, code, missing[0] if code == "invalid-input" else None,
                     "missing %s" % missing[0])
    try:
        return {"id": rid, "result": HANDLERS[method](p), "shutdown": method == "shutdown"}
    except Invalid as e:
        if e.field in NAMED:
            return error(rid, "invalid-input", e.field, str(e))
        return error(rid, "invalid-request", None, str(e))
    except Exception as e:                             # noqa: BLE001 - the model's own failure
        traceback.print_exc(file=sys.stderr)
        return error(rid, "internal", None, "%s: %s" % (type(e).__name__, e))


def main():
    for line in sys.stdin:                             # ends when stdin closes (PROTO-9 rule 7)
        response = answer(line)
        done = response.pop("shutdown", False)
        try:
            text = json.dumps(response, separators=(",", ":"), allow_nan=False)
        except ValueError as e:                        # a NaN or infinity from the model
            text = json.dumps(error(response["id"], "internal", None, str(e)))
        sys.stdout.write(text + "\n")
        sys.stdout.flush()                             # PROTO-2: before reading the next line
        if done:                                       # after answering shutdown
            return


if __name__ == "__main__":
    main()
