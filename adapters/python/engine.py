# The Python engine behind the adapter protocol (spec/PROTOCOL.md): JSON Lines on stdin/stdout.
"""engine.py: the Python Susurration engine as a protocol server.

    /usr/bin/python3 adapters/python/engine.py

Reads one JSON request per line on stdin and writes one JSON response per
line on stdout, flushed before the next request is read (PROTO-1, PROTO-2).
Plain Python 3.11 standard library.  The simulation is susurration_flock.py
and the input ranges are inputs.py; this file only reads requests, checks
their shape and writes answers.

Responses (PROTO-4..6): {"id", "result"} | {"id", "unsupported"} |
{"id", "error": {"code", "field", "message"}}.  A line that is not a request
gets code invalid-request (with id null when no id could be read); a
parameter outside spec/inputs.md gets invalid-input naming it; anything that
goes wrong inside gets internal.  Floats are written with repr(), the
shortest text that reads back to the same double, which keeps -0.0.
Exits on end of input, and after answering shutdown.
"""

import json
import os
import sys
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import inputs  # noqa: E402
import susurration_flock as flock  # noqa: E402
from inputs import InvalidInput  # noqa: E402

PROTOCOL = 1
NAME = "pyflock"
VERSION = "1.0.0"
LANGUAGE = "Python %d.%d" % sys.version_info[:2]

MAX_ID = 2 ** 53 - 1                 # ids and draw counts (protocol schemas)
# The parameters spec/inputs.md ranges, which an invalid-input error names
# (PROTO-6).  Any other parameter (prng's skip, torus_delta's size, run's
# state_ticks, ...) and an unknown key are the kit's own business; this
# engine answers them invalid-request, as PROTO-6 requires.
NAMED_FIELDS = frozenset(("seed", "birds", "weights", "ticks", "at_tick", "schedule", "state"))


class BadParam(Exception):
    """A missing parameter, an unknown key, or a bad parameter that
    spec/inputs.md does not range (then code invalid-request)."""

    def __init__(self, name, message):
        super().__init__(message)
        self.field = name


# ---------------------------------------------------------------- parameter checks

def _number(name, value, lo=None, hi=None):
    """A finite JSON number as a float, optionally within [lo, hi]."""
    x = inputs.as_float(value) if inputs.is_number(value) else None
    if x is None or (lo is not None and not lo <= x <= hi):
        where = "" if lo is None else " in [%r, %r]" % (lo, hi)
        raise BadParam(name, "invalid %s: %r (allowed: a finite number%s)" % (name, value, where))
    return x


def _count(name, value, lo):
    if not inputs.is_integer(value) or not lo <= value <= MAX_ID:
        raise BadParam(name, "invalid %s: %r (allowed: integer %d..%d)" % (name, value, lo, MAX_ID))
    return value


def _point(name, value):
    if not isinstance(value, list) or len(value) != 2:
        raise BadParam(name, "invalid %s: %r (allowed: [x, y] on the field)" % (name, value))
    return (_number(name, value[0], 0.0, flock.WIDTH), _number(name, value[1], 0.0, flock.HEIGHT))


def _any_state(name, value):
    """The hash's state: at least one bird of four finite numbers (DET-3)."""
    allowed = "at least one bird [x, y, vx, vy] of finite numbers"
    if not isinstance(value, list) or not value:
        raise InvalidInput(name, value, allowed)
    columns = ([], [], [], [])
    for bird in value:
        if not (isinstance(bird, list) and len(bird) == 4 and all(map(inputs.is_number, bird))):
            raise InvalidInput(name, bird, allowed)
        for column, v in zip(columns, bird):
            f = inputs.as_float(v)
            if f is None:
                raise InvalidInput(name, bird, allowed)
            column.append(f)
    return flock.State(*columns)


def _state_ticks(value, ticks):
    """Strictly increasing ticks, each in 0..ticks."""
    ok = isinstance(value, list) and all(
        inputs.is_integer(t) and 0 <= t <= ticks for t in value) and all(
        a < b for a, b in zip(value, value[1:]))
    if not ok:
        raise BadParam("state_ticks", "invalid state_ticks: %r (allowed: strictly increasing "
                       "integers in 0..%d)" % (value, ticks))
    return value


def _places(value):
    if not inputs.is_integer(value) or value not in (2, 4):
        raise BadParam("places", "invalid places: %r (allowed: 2 or 4)" % (value,))
    return value


def _size(value):
    if not inputs.is_number(value) or value not in (flock.WIDTH, flock.HEIGHT):
        raise BadParam("size", "invalid size: %r (allowed: 1000 or 600)" % (value,))
    return float(value)


# ---------------------------------------------------------------- methods

def _state_json(state):
    return [list(bird) for bird in zip(state.x, state.y, state.vx, state.vy)]


def _metrics_json(m):
    pol, clusters, mean = m
    return {"polarization": pol, "cluster_count": clusters, "mean_neighbor_distance": mean}


def m_hello(p):
    return {"protocol": PROTOCOL, "name": NAME, "version": VERSION, "language": LANGUAGE,
            "capabilities": CAPABILITIES}


def m_prng(p):
    seed = inputs.integer("seed", p["seed"], inputs.SEED_RANGE)
    skip = _count("skip", p["skip"], 0)
    count = _count("count", p["count"], 1)
    rng = flock.Mulberry32(seed)
    rng.skip(skip)
    u32 = [rng.next_uint32() for _ in range(count)]
    return {"u32": u32, "next": [u / 4294967296.0 for u in u32]}


def m_torus_delta(p):
    size = _size(p["size"])
    a = _number("a", p["a"], 0.0, size)
    b = _number("b", p["b"], 0.0, size)
    return {"delta": flock.torus_delta(a, b, size)}


def m_torus_distance(p):
    x1, y1 = _point("from", p["from"])
    x2, y2 = _point("to", p["to"])
    dx = flock.torus_delta(x1, x2, flock.WIDTH)
    dy = flock.torus_delta(y1, y2, flock.HEIGHT)
    return {"dx": dx, "dy": dy, "distance": flock.hypot(dx, dy)}


def m_init(p):
    seed = inputs.integer("seed", p["seed"], inputs.SEED_RANGE)
    birds = inputs.integer("birds", p["birds"], inputs.BIRDS_RANGE)
    return {"state": _state_json(flock.initialise(seed, birds))}


def m_step(p):
    state = inputs.state("state", p["state"])
    weights = inputs.weights("weights", p["weights"])
    ticks = inputs.integer("ticks", p["ticks"], inputs.STEP_TICKS_RANGE)
    for _ in range(ticks):
        state = flock.step(state, weights)
    return {"state": _state_json(state)}


def m_metrics(p):
    return _metrics_json(flock.metrics(inputs.state("state", p["state"])))


def _run_params(p):
    return (inputs.integer("seed", p["seed"], inputs.SEED_RANGE),
            inputs.integer("birds", p["birds"], inputs.BIRDS_RANGE),
            inputs.weights("weights", p["weights"]),
            inputs.schedule("schedule", p["schedule"]))


def m_run(p):
    seed, birds, weights, schedule = _run_params(p)
    ticks = inputs.integer("ticks", p["ticks"], inputs.RUN_TICKS_RANGE)
    wanted = set(_state_ticks(p["state_ticks"], ticks))
    columns = ([], [], [])
    states = {}
    for t, state, nb in flock.states(seed, birds, ticks, weights, schedule):
        for column, value in zip(columns, flock.metrics(state, nb)):
            column.append(value)
        if t in wanted:
            states[t] = _state_json(state)
    return {"metrics": {"polarization": columns[0], "cluster_count": columns[1],
                        "mean_neighbor_distance": columns[2]},
            "states": [{"tick": t, "state": states[t]} for t in p["state_ticks"]],
            "final_state_hash": flock.state_hash(state)}


def m_run_from(p):
    """The metrics of ticks from_tick..from_tick + ticks of the run that is
    at `state` on tick from_tick; each step uses the weights in force at its
    tick (WEIGHTS-3), the run's initial weights changed by every entry of
    the schedule logged at or before it."""
    state = inputs.state("state", p["state"])
    start = p["from_tick"]
    if not inputs.is_integer(start) or not 0 <= start <= inputs.SCHEDULE_TICK_RANGE[1]:
        raise BadParam("from_tick", "invalid from_tick: %r (allowed: integer 0..20000)" % (start,))
    current = tuple(inputs.weights("weights", p["weights"]))
    changes = inputs.schedule("schedule", p["schedule"])
    ticks = inputs.integer("ticks", p["ticks"], inputs.STEP_TICKS_RANGE)
    for t in sorted(changes):
        if t <= start:
            current = changes[t]
    columns = ([], [], [])
    nb = flock.neighbour_lists(state)
    for t in range(start, start + ticks + 1):
        for column, value in zip(columns, flock.metrics(state, nb)):
            column.append(value)
        if t < start + ticks:
            current = changes.get(t, current)
            state = flock.step(state, current, nb)
            nb = flock.neighbour_lists(state)
    return {"metrics": {"polarization": columns[0], "cluster_count": columns[1],
                        "mean_neighbor_distance": columns[2]}}


def m_verify(p):
    seed, birds, weights, schedule = _run_params(p)
    at_tick = inputs.integer("at_tick", p["at_tick"], inputs.AT_TICK_RANGE)
    for _t, state, nb in flock.states(seed, birds, at_tick, weights, schedule):
        pass
    return _metrics_json(flock.metrics(state, nb))


def m_round(p):
    value = _number("value", p["value"])
    places = _places(p["places"])
    return {"text": flock.round_text(value, places)}


def m_hash(p):
    return {"hash": flock.state_hash(_any_state("state", p["state"]))}


def m_shutdown(p):
    return {}


# method -> (capability, parameter names, handler).  Every method of the
# protocol's table is implemented; hello and shutdown need no capability.
METHODS = {
    "hello": (None, ("protocol",), m_hello),
    "prng": ("prng", ("seed", "skip", "count"), m_prng),
    "torus_delta": ("torus", ("a", "b", "size"), m_torus_delta),
    "torus_distance": ("torus", ("from", "to"), m_torus_distance),
    "init": ("init", ("seed", "birds"), m_init),
    "step": ("step", ("state", "weights", "ticks"), m_step),
    "metrics": ("metrics", ("state",), m_metrics),
    "run": ("run", ("seed", "birds", "weights", "schedule", "ticks", "state_ticks"), m_run),
    "run_from": ("run_from", ("state", "from_tick", "weights", "schedule", "ticks"), m_run_from),
    "verify": ("verify", ("seed", "birds", "weights", "schedule", "at_tick"), m_verify),
    "round": ("round", ("value", "places"), m_round),
    "hash": ("hash", ("state",), m_hash),
    "shutdown": (None, (), m_shutdown),
}
CAPABILITIES = ["prng", "torus", "init", "step", "metrics", "run", "run_from", "verify", "round", "hash"]


# ---------------------------------------------------------------- the session

def _reject_constant(name):
    # NaN, Infinity and -Infinity are not JSON; the kit never writes them bare.
    raise ValueError("not JSON: %s" % name)


def _error(rid, code, field, message):
    return {"id": rid, "error": {"code": code, "field": field, "message": message}}


def answer(line):
    """The response object for one request line (bytes); and whether to exit."""
    try:
        request = json.loads(line.decode("utf-8"), parse_constant=_reject_constant)
    except (UnicodeDecodeError, ValueError) as exc:
        return _error(None, "invalid-request", None, "not a JSON object: %s" % exc), False
    if not isinstance(request, dict):
        return _error(None, "invalid-request", None, "not a JSON object"), False
    rid = request.get("id")
    if not inputs.is_integer(rid) or not 0 <= rid <= MAX_ID:
        return _error(None, "invalid-request", None,
                      "id must be an integer in 0..%d" % MAX_ID), False
    method = request.get("method")
    params = request.get("params")
    if sorted(request) != ["id", "method", "params"] or not isinstance(method, str) \
            or not isinstance(params, dict):
        return _error(rid, "invalid-request", None,
                      'a request is {"id", "method": string, "params": object}'), False
    if method not in METHODS:
        return {"id": rid, "unsupported": "%s does not know the method %r" % (NAME, method)}, False
    _capability, names, handler = METHODS[method]

    try:
        # PROTO-9 (5): a missing parameter is invalid input; PROTO-6: a key
        # the method does not take is invalid-request, whatever its name.
        for name in names:
            if name not in params:
                raise BadParam(name, "missing parameter %r" % name)
        for name in params:
            if name not in names:
                raise BadParam(None, "unknown parameter %r (%s takes %s)"
                               % (name, method, ", ".join(names) or "none"))
        result = handler(params)
    except InvalidInput as exc:
        return _error(rid, "invalid-input", exc.field, str(exc)), False
    except BadParam as exc:
        if exc.field in NAMED_FIELDS:
            return _error(rid, "invalid-input", exc.field, str(exc)), False
        return _error(rid, "invalid-request", None, str(exc)), False
    except Exception as exc:  # noqa: BLE001 - any other failure is "internal"
        traceback.print_exc(file=sys.stderr)
        return _error(rid, "internal", None, "%s: %s" % (type(exc).__name__, exc)), False
    return {"id": rid, "result": result}, method == "shutdown"


def main():
    stdin = sys.stdin.buffer
    stdout = sys.stdout.buffer
    while True:
        line = stdin.readline()
        if not line:
            return 0                                   # end of input: exit (PROTO-9 (7))
        response, done = answer(line)
        try:
            text = json.dumps(response, separators=(",", ":"), allow_nan=False)
        except ValueError as exc:                     # a NaN or infinity in a result
            text = json.dumps(_error(response.get("id"), "internal", None, str(exc)))
        stdout.write(text.encode("utf-8") + b"\n")
        stdout.flush()
        if done:
            return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (BrokenPipeError, KeyboardInterrupt):
        sys.exit(0)
