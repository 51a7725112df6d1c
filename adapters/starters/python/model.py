"""model.py: the Susurration flock, to be written by you.

engine.py speaks the protocol and checks every parameter; it calls only the
six functions below, with values already in range. Write them in this order,
grading after each (spec/writing-an-engine.md says how):

    susurration grade --engine 'python3 engine.py' --only 'prng-*'

A state is a list of birds [x, y, vx, vy], floats, in index order (STATE-1).
Every float you return is written back to the kit bit for bit.
"""


def prng(seed, skip, count):
    """PRNG-1, PRNG-2: mulberry32 from `seed`, its first `skip` draws left out
    (jump ahead: never draw them, skip can be 2^53 - 1); returns the next
    `count` raw outputs as ints in 0..2^32-1 and the same draws as floats."""
    raise NotImplementedError("prng is not written yet (model.py; PRNG-1, PRNG-2)")


def torus_delta(a, b, size):
    """FIELD-3: the delta from a to b on an axis of `size` (1000.0 or 600.0)."""
    raise NotImplementedError("torus_delta is not written yet (model.py; FIELD-3)")


def torus_distance(x1, y1, x2, y2):
    """FIELD-3, FIELD-4: (dx, dy, distance) from (x1, y1) to (x2, y2);
    distance is hypot(dx, dy) correctly rounded (DET-2)."""
    raise NotImplementedError("torus_distance is not written yet (model.py; FIELD-4)")


def init(seed, birds):
    """INIT-1..3: the state at tick 0 of `birds` birds from `seed`."""
    raise NotImplementedError("init is not written yet (model.py; INIT-1..3)")


def step(state, weights):
    """STEP-1..8: the state one tick later; weights = (cohesion, alignment,
    separation). Return a new list: never change `state` (STEP-1)."""
    raise NotImplementedError("step is not written yet (model.py; STEP-1..8)")


def metrics(state):
    """METRIC-2..5: (polarization, cluster_count, mean_neighbor_distance),
    the last None when no bird counts (METRIC-5)."""
    raise NotImplementedError("metrics is not written yet (model.py; METRIC-2..5)")
