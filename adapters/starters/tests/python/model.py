"""The Python starter's model.py, filled in with the bundled Python engine's
simulation (adapters/python/susurration_flock.py, copied beside this file
when the test is configured): what an author's finished model.py looks like
to engine.py, and a model known to be right, so that a grade that is not
conformant is the starter's fault."""

import susurration_flock as flock


def _state(birds):
    return flock.State(*zip(*birds))


def _birds(state):
    return [list(bird) for bird in zip(state.x, state.y, state.vx, state.vy)]


def prng(seed, skip, count):
    rng = flock.Mulberry32(seed)
    rng.skip(skip)
    u32 = [rng.next_uint32() for _ in range(count)]
    return u32, [u / 4294967296.0 for u in u32]


def torus_delta(a, b, size):
    return flock.torus_delta(a, b, size)


def torus_distance(x1, y1, x2, y2):
    dx, dy = flock.torus_delta(x1, x2, flock.WIDTH), flock.torus_delta(y1, y2, flock.HEIGHT)
    return dx, dy, flock.hypot(dx, dy)


def init(seed, birds):
    return _birds(flock.initialise(seed, birds))


def step(state, weights):
    return _birds(flock.step(_state(state), weights))


def metrics(state):
    return flock.metrics(_state(state))
