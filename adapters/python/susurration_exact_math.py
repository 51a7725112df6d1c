# Correctly rounded hypot, sin and cos for the Python engine (DET-2).
"""Exact math of the Susurration flock (susurration_flock.py): hypot, sin, cos.

Numeric notes (DET-2 asks for correctly rounded hypot, sin and cos):
- math.hypot (CPython 3.11.2, its own algorithm, not libm) was checked
  against exact rounding with fractions.Fraction.  Random and
  simulation-like inputs: 0 misrounded in ~1.5 million (including every
  pair distance and speed of 60 ticks of a seed-42 run).  But exact ties
  (x^2 + y^2 = the square of a midpoint between two doubles) were misrounded
  in 430 of 20000 cases, and near-ties 2^-55 ulp from a midpoint in 115508 of
  200000.  So hypot() here takes math.hypot as a candidate, checks it with
  an exact residual (Veltkamp split + math.fsum) and falls back to integer
  arithmetic in the rare doubtful case.
- math.sin / math.cos (glibc libm) are NOT always correctly rounded: seed 42
  already has one init angle, 0x1.dc111289a5879p-2, whose math.sin is 1 ulp
  off (111 of 81600 init values over seeds 0..99 with 400 birds).  So sin_cos()
  here uses a Decimal Taylor series with an error bound instead; it runs
  only 2n times, in initialise().
"""

import math
from decimal import Decimal, localcontext
from fractions import Fraction


def hypot_exact(x, y):
    """sqrt(x*x + y*y) correctly rounded (nearest, ties to even); slow."""
    s = Fraction(x) ** 2 + Fraction(y) ** 2
    num, den = s.numerator, s.denominator
    if num == 0:
        return 0.0
    j = den.bit_length() - 1                      # den == 2**j
    k = max((j + 1) // 2, 58 - (num.bit_length() - j) // 2)
    t = num << (2 * k - j)                        # s * 4**k, an integer
    q = math.isqrt(t)                             # >= 2**57: 4+ extra bits
    sticky = 0 if q * q == t else 1
    # (2q + sticky) / 2**(k+1) rounds like sqrt(s); int / int is correctly
    # rounded in CPython.
    return (2 * q + sticky) / (1 << (k + 1))


_SPLIT = 134217729.0   # 2**27 + 1, Veltkamp splitting constant
_HYPOT_SAFE_LO = 2.0 ** -400
_HYPOT_SAFE_HI = 2.0 ** 400
_HYPOT_MARGIN = 0.5 - 2.0 ** -20


def hypot(x, y):
    """Correctly rounded hypot(x, y): math.hypot, verified (see module notes)."""
    r = math.hypot(x, y)
    if not (_HYPOT_SAFE_LO < r < _HYPOT_SAFE_HI):
        if r == 0.0 or r != r or r == math.inf:
            return r
        return hypot_exact(x, y)
    # d = x*x + y*y - r*r, correctly rounded: each square is split into three
    # exact products, and fsum adds the nine exact terms with one rounding.
    c = _SPLIT * x
    xh = c - (c - x)
    xl = x - xh
    c = _SPLIT * y
    yh = c - (c - y)
    yl = y - yh
    c = _SPLIT * r
    rh = c - (c - r)
    rl = r - rh
    d = math.fsum((xh * xh, 2.0 * xh * xl, xl * xl,
                   yh * yh, 2.0 * yh * yl, yl * yl,
                   -(rh * rh), -2.0 * rh * rl, -(rl * rl)))
    # (exact root - r) in units of ulp(r), to about 2^-50 relative.
    t = d / (2.0 * r * math.ulp(r))
    if -_HYPOT_MARGIN < t < _HYPOT_MARGIN and (t > -0.24 or math.frexp(r)[0] != 0.5):
        return r        # clearly inside r's rounding interval
    return hypot_exact(x, y)


def _round_decimal(value, err):
    """Nearest double to a Decimal known to within err, or None if unsure."""
    f = Fraction(value)
    r = float(f)                                  # correctly rounded
    below = math.nextafter(r, -math.inf)
    above = math.nextafter(r, math.inf)
    e = Fraction(err)
    for m in ((Fraction(below) + Fraction(r)) / 2, (Fraction(r) + Fraction(above)) / 2):
        if abs(f - m) <= e:
            return None
    return r


def sin_cos(x):
    """(sin(x), cos(x)) correctly rounded, for a double 0 <= |x| <= 8."""
    if x == 0.0:
        return x, 1.0
    if not abs(x) <= 8.0:
        raise ValueError("sin_cos: argument outside [-8, 8]: %r" % (x,))
    prec = 50
    while True:
        with localcontext() as ctx:
            ctx.prec = prec
            # Error bound for |x| <= 8: terms <= 8**8/8! < 420, < 80 terms,
            # each with < 300 roundings of relative size 10**(1-prec):
            # total < 10**(8-prec); truncation < 10**-(prec+5).
            tiny = Decimal(10) ** -(prec + 5)
            X = Decimal(x)                        # exact
            X2 = X * X
            s = c = Decimal(0)
            ts = X
            tc = Decimal(1)
            k = 0
            while abs(ts) >= tiny or abs(tc) >= tiny or k < 10:
                s += ts
                c += tc
                ts = -ts * X2 / ((2 * k + 2) * (2 * k + 3))
                tc = -tc * X2 / ((2 * k + 1) * (2 * k + 2))
                k += 1
            err = Decimal(10) ** (8 - prec)
        rs = _round_decimal(s, err)
        rc = _round_decimal(c, err)
        if rs is not None and rc is not None:
            return rs, rc
        prec *= 2
