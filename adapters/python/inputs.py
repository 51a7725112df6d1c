# The input ranges of spec/inputs.md (INPUT-1..9), shared by simulate.py and engine.py.
"""Input checks for the Python engine (spec/inputs.md, INPUT-1..9).

Every value that enters from outside has a range; a value outside it is
refused with InvalidInput, never clamped, wrapped or coerced (AMB-28).

The checks here take values as a JSON reader gives them (Python's json
module): an integer must be an int (not a float such as 42.0, and not a
bool, which Python's json gives for true and false and which is an int
subclass); a number is an int or a float (not a bool), and must be finite.
simulate.py parses its command-line text itself and uses the ranges and the
weight and schedule checks from here.
"""

import math

import susurration_flock as flock

SEED_RANGE = (0, 4294967295)        # INPUT-1
BIRDS_RANGE = (10, 400)             # INPUT-2, a run from a seed
STEP_TICKS_RANGE = (1, 1000)        # INPUT-4, one stepping call (SESSION-2)
AT_TICK_RANGE = (1, 20000)          # INPUT-5
RUN_TICKS_RANGE = (0, 20000)        # INPUT-6
SCHEDULE_TICK_RANGE = (0, 20000)    # INPUT-7, SESSION-4
STATE_BIRDS_RANGE = (1, 400)        # INPUT-9, a state handed over directly
MIN_APART = 1e-150                  # INPUT-9, AMB-30: closest two birds not in one place
MAX_VELOCITY = 1e150                # INPUT-9: largest velocity component
MIN_VELOCITY = 1e-150               # INPUT-9: smallest larger component of a velocity

SCHEDULE_KEYS = ("tick", "cohesion", "alignment", "separation")


class InvalidInput(Exception):
    """A value outside spec/inputs.md; str() is the INPUT-8 line."""

    def __init__(self, field, value, allowed):
        super().__init__("invalid %s: %s (allowed: %s)" % (field, _show(value), allowed))
        self.field = field


def _show(value):
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def is_integer(value):
    """A JSON integer: written without fraction or exponent, and not a bool."""
    return type(value) is int


def is_number(value):
    """A finite JSON number (an int or a float, not a bool)."""
    if type(value) is int:
        return True
    return type(value) is float and math.isfinite(value)


def as_float(value):
    """The double a JSON number stands for; an int too large for a double is refused."""
    try:
        return float(value)
    except OverflowError:
        return None


def integer(field, value, bounds):
    """A JSON integer within bounds (lo, hi), both included."""
    lo, hi = bounds
    if not is_integer(value) or not lo <= value <= hi:
        raise InvalidInput(field, value, "integer %d..%d" % (lo, hi))
    return value


def weight_ok(value):
    """INPUT-3, WEIGHTS-1: a finite number in [0, 1]."""
    return is_number(value) and 0.0 <= value <= 1.0


def weights(field, value):
    """[cohesion, alignment, separation], each by INPUT-3, as a tuple of floats."""
    if not (isinstance(value, list) and len(value) == 3 and all(map(weight_ok, value))):
        raise InvalidInput(field, value, "an array of 3 numbers, each in [0, 1]")
    return tuple(float(w) for w in value)


def schedule(field, value):
    """SESSION-4, INPUT-7: a list of {"tick", "cohesion", "alignment",
    "separation"} with every key present and no other, ticks in 0..20000
    strictly increasing, weights by INPUT-3.  Returns {tick: (wc, wa, ws)}."""
    allowed = ('an array of {"tick", "cohesion", "alignment", "separation"}, '
               "ticks 0..20000 strictly increasing, weights in [0, 1]")
    if not isinstance(value, list):
        raise InvalidInput(field, value, allowed)
    changes = {}
    last = -1
    for entry in value:
        if not isinstance(entry, dict) or sorted(entry) != sorted(SCHEDULE_KEYS):
            raise InvalidInput(field, entry, allowed)
        tick = entry["tick"]
        lo, hi = SCHEDULE_TICK_RANGE
        if not is_integer(tick) or not lo <= tick <= hi or tick <= last:
            raise InvalidInput(field, entry, allowed)
        ws = [entry[key] for key in SCHEDULE_KEYS[1:]]
        if not all(map(weight_ok, ws)):
            raise InvalidInput(field, entry, allowed)
        changes[tick] = tuple(float(w) for w in ws)
        last = tick
    return changes


def state(field, value):
    """INPUT-9: 1..400 birds [x, y, vx, vy] of finite numbers, x in [0, 1000],
    y in [0, 600] (FIELD-2), velocity components of at most 1e150 with the
    larger at least 1e-150, and every two birds in one
    place or at least 1e-150 apart along one axis (AMB-30).  Returns a
    flock.State."""
    lo, hi = STATE_BIRDS_RANGE
    allowed = ("%d..%d birds [x, y, vx, vy] of finite numbers, x in [0, 1000], "
               "y in [0, 600], velocity components at most 1e150 and one at least 1e-150, "
               "two birds in one place or at least "
               "1e-150 apart along an axis" % (lo, hi))
    if not isinstance(value, list) or not lo <= len(value) <= hi:
        raise InvalidInput(field, value, allowed)
    columns = ([], [], [], [])
    for bird in value:
        if not (isinstance(bird, list) and len(bird) == 4 and all(map(is_number, bird))):
            raise InvalidInput(field, bird, allowed)
        x, y, vx, vy = (as_float(v) for v in bird)
        if (None in (x, y, vx, vy) or not 0.0 <= x <= flock.WIDTH
                or not 0.0 <= y <= flock.HEIGHT or (vx == 0.0 and vy == 0.0)
                or not velocity_ok(vx, vy)):
            raise InvalidInput(field, bird, allowed)
        for column, v in zip(columns, (x, y, vx, vy)):
            column.append(v)
    pair = _too_close(columns[0], columns[1])
    if pair is not None:
        raise InvalidInput(field, "birds %d and %d" % pair, allowed)
    return flock.State(*columns)


def velocity_ok(vx, vy):
    """INPUT-9: components of at most 1e150 in size, the larger at least 1e-150."""
    return (abs(vx) <= MAX_VELOCITY and abs(vy) <= MAX_VELOCITY
            and (abs(vx) >= MIN_VELOCITY or abs(vy) >= MIN_VELOCITY))


def _too_close(xs, ys):
    """The first pair (i, j) whose torus deltas (FIELD-3) are both below 1e-150
    in size without both being 0, or None."""
    delta = flock.torus_delta
    w, h, m = flock.WIDTH, flock.HEIGHT, MIN_APART
    for i, (xi, yi) in enumerate(zip(xs, ys)):
        for j in range(i + 1, len(xs)):
            dx = delta(xi, xs[j], w)
            if -m < dx < m:
                dy = delta(yi, ys[j], h)
                if -m < dy < m and (dx != 0.0 or dy != 0.0):
                    return i, j
    return None
