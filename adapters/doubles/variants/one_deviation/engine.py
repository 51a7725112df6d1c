# The Python engine with exactly one known deviation from the recipe, as a test double for the fingerprint.
"""one_deviation/engine.py: adapters/python's engine changed in one way.

    /usr/bin/python3 adapters/doubles/variants/one_deviation/engine.py DEVIATION [DEVIATION...]

DEVIATION is one of the deviations the grade report's fingerprint names
(spec/grading.md REPORT-8): platform-hypot, platform-sin-cos, sum-order,
fused-multiply-add, squared-deltas, clamp-formula.  Each is a conformant
engine that is not exact, for one reason only.

The change is made to adapters/python/susurration_flock.py as it is, so
that each double follows every other change to the model: either one
function is swapped, or one expression of a function's source is rewritten
(the rewrite refuses to start if that text is no longer there exactly
once, as the reverse_sums variant's configure step does).
"""

import ctypes
import ctypes.util
import inspect
import math
import os
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))

import engine  # noqa: E402
import susurration_flock as flock  # noqa: E402

_LIMITS = (flock.SEPARATION_RADIUS, flock.PERCEPTION, flock.NEAREST_LIMIT)


_REWRITTEN = {}  # function -> its source as rewritten so far (inspect cannot read exec'd code back)


def _rewrite(function, old, new):
    """Recompile flock.<function> with `old` replaced by `new` in its source."""
    source = _REWRITTEN.get(function) or inspect.getsource(getattr(flock, function))
    for o, n in zip(old, new):
        if source.count(o) != 1:
            sys.exit("one_deviation: %r is not in susurration_flock.%s exactly once" % (o, function))
        source = source.replace(o, n)
    _REWRITTEN[function] = source
    exec(compile(source, flock.__file__, "exec"), flock.__dict__)  # noqa: S102


def _libm():
    return ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


def platform_hypot():
    """The platform's hypot (glibc's) for every value; the limits 28, 90 and
    270 still decided as the correctly rounded distance decides them, as
    spec/grading.md asks of an engine without a correctly rounded hypot:
    where the two would fall on either side of a limit, the correct one."""
    libm = _libm()
    libm.hypot.restype = ctypes.c_double
    libm.hypot.argtypes = (ctypes.c_double, ctypes.c_double)
    exact = flock.hypot

    def hypot(x, y):
        r = libm.hypot(x, y)
        if any(min(r, r + 0.0) <= L and r >= math.nextafter(L, 0.0) for L in _LIMITS):
            return exact(x, y)
        return r

    flock.hypot = hypot


def platform_sin_cos():
    """The platform's sin and cos (glibc's) in the initialisation (INIT-3)."""
    flock.sin_cos = lambda x: (math.sin(x), math.cos(x))


def sum_order():
    """Each bird's neighbour sums in decreasing index order (STATE-2)."""
    plain = flock.ordered_sum
    flock.ordered_sum = lambda values: plain(list(values)[::-1])


def _fma(a, b, c):
    """a*b + c rounded once (math.fma is Python 3.13's)."""
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def fused_multiply_add():
    """Every a*b + c of the recipe fused, as -ffp-contract=fast does (DET-1):
    the speed of INIT-2 and the three additions of STEP-6."""
    flock.fma = getattr(math, "fma", _fma)
    _rewrite("initialise", ["speed = 1.6 + rng.next() * (4.2 - 1.6)"],
             ["speed = fma(rng.next(), (4.2 - 1.6), 1.6)"])
    _rewrite("step", ["ux = ((vx + cx) + ax) + sx", "uy = ((vy + cy) + ay) + sy"],
             ["ux = fma(px, ks, fma(svx / kf - vx, ka, fma(sdx / kf, kc, vx)))",
              "uy = fma(py, ks, fma(svy / kf - vy, ka, fma(sdy / kf, kc, vy)))"])


def squared_deltas():
    """dx*dx + dy*dy where STEP-5 says d*d, d the correctly rounded distance."""
    _rewrite("step", ["(-dx) / (d * d) for _j, dx, _dy, d", "(-dy) / (d * d) for _j, _dx, dy, d"],
             ["(-dx) / (dx * dx + _dy * _dy) for _j, dx, _dy, d",
              "(-dy) / (_dx * _dx + dy * dy) for _j, _dx, dy, d"])


def clamp_formula():
    """u / sp * c for STEP-7's f = c / sp; u * f."""
    _rewrite("step", ["ux = ux * f", "uy = uy * f"],
             ["ux = ux / sp * min(max(sp, MIN_SPEED), MAX_SPEED)",
              "uy = uy / sp * min(max(sp, MIN_SPEED), MAX_SPEED)"])


DEVIATIONS = {
    "platform-hypot": platform_hypot,
    "platform-sin-cos": platform_sin_cos,
    "sum-order": sum_order,
    "fused-multiply-add": fused_multiply_add,
    "squared-deltas": squared_deltas,
    "clamp-formula": clamp_formula,
}

if __name__ == "__main__":
    # Several deviations at once make an engine whose fingerprint is their union.
    if len(sys.argv) < 2 or not set(sys.argv[1:]) <= set(DEVIATIONS):
        sys.stderr.write("usage: engine.py DEVIATION... (of %s)\n" % ", ".join(DEVIATIONS))
        sys.exit(2)
    for name in sys.argv[1:]:
        DEVIATIONS[name]()
    try:
        sys.exit(engine.main())
    except (BrokenPipeError, KeyboardInterrupt):
        sys.exit(0)
