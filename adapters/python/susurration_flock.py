# Independent pure-Python (stdlib only) implementation of the Susurration boids simulation.
"""Susurration flock: an independent Python implementation.

Written from the upstream specification (shared seed 000_09ba5b1b62076a53)
and the kit's numeric recipe (clause ids such as STEP-2 refer to it).
Every float operation below is written in the order the recipe gives, so
that each IEEE-754 rounding happens at the same place as in the recipe.

Conventions: p position, v velocity, u new velocity, i/j bird indices,
dx/dy torus deltas from bird i to bird j, d their distance.

Numeric notes (DET-2 asks for correctly rounded hypot, sin and cos):
- math.hypot (CPython 3.11.2, its own algorithm, not libm) was checked
  against exact rounding with fractions.Fraction.  Random and
  simulation-like inputs: 0 misrounded in ~1.5 million (including every
  pair distance and speed of 60 ticks of a seed-42 run).  But exact ties
  (x^2 + y^2 = the square of a midpoint between two doubles) were misrounded
  in 430 of 20000 cases, and near-ties 2^-55 ulp from a midpoint in 115508 of
  200000.  So hypot() below takes math.hypot as a candidate, checks it with
  an exact residual (Veltkamp split + math.fsum) and falls back to integer
  arithmetic in the rare doubtful case.
- math.sin / math.cos (glibc libm) are NOT always correctly rounded: seed 42
  already has one init angle, 0x1.dc111289a5879p-2, whose math.sin is 1 ulp
  off (111 of 81600 init values over seeds 0..99 with 400 birds).  So sin_cos()
  below uses a Decimal Taylor series with an error bound instead; it runs
  only 2n times, in initialise().
"""

import math
from decimal import Decimal, localcontext
from fractions import Fraction

WIDTH = 1000.0          # FIELD-1, x
HEIGHT = 600.0          # FIELD-1, y
HALF_WIDTH = WIDTH / 2  # 500.0
HALF_HEIGHT = HEIGHT / 2  # 300.0

PERCEPTION = 90.0       # neighbour radius (strict <)
SEPARATION_RADIUS = 28.0  # separation radius (strict <, and d > 0)
MIN_SPEED = 1.6
MAX_SPEED = 4.2
COHESION_SCALE = 0.0045
ALIGNMENT_SCALE = 0.05
SEPARATION_SCALE = 2.5
NEAREST_LIMIT = 3 * PERCEPTION  # 270.0; METRIC-5

DEFAULT_WEIGHTS = (1.0, 1.0, 1.0)  # (cohesion, alignment, separation)

_MASK32 = 0xFFFFFFFF


# ---------------------------------------------------------------- exact math

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


# ---------------------------------------------------------------- PRNG

def _imul(a, b):
    """32-bit wrapping multiply of two uint32 values (result as uint32)."""
    return (a * b) & _MASK32


class Mulberry32:
    """mulberry32 over a uint32 state (PRNG-1, PRNG-2)."""

    def __init__(self, seed):
        self.a = seed & _MASK32

    def next_uint32(self):
        self.a = (self.a + 0x6D2B79F5) & _MASK32
        a = self.a
        t = _imul(a ^ (a >> 15), 1 | a)
        t = ((t + _imul(t ^ (t >> 7), 61 | t)) & _MASK32) ^ t
        return t ^ (t >> 14)

    def next(self):
        """Next double in [0, 1): out / 2^32 (exact)."""
        return self.next_uint32() / 4294967296.0


# ---------------------------------------------------------------- torus

def torus_delta(a, b, size):
    """Shortest signed delta from a to b on an axis of length size (FIELD-3).

    Exactly +size/2 or -size/2 is not wrapped.
    """
    d = b - a
    half = size / 2
    if d > half:
        d -= size
    elif d < -half:
        d += size
    return d


def torus_distance(x1, y1, x2, y2):
    """hypot of the torus deltas from (x1, y1) to (x2, y2) (FIELD-4)."""
    return hypot(torus_delta(x1, x2, WIDTH), torus_delta(y1, y2, HEIGHT))


def wrap(p, size):
    """Position wrap after a move, one correction only (FIELD-5).

    A tiny negative p gives p + size == size exactly; that value is kept.
    """
    if p >= size:
        p -= size
    elif p < 0:
        p += size
    return p


# ---------------------------------------------------------------- state

class State:
    """Flock state: parallel lists x, y, vx, vy (float64), index = bird id."""

    __slots__ = ("x", "y", "vx", "vy")

    def __init__(self, x, y, vx, vy):
        if not (len(x) == len(y) == len(vx) == len(vy)):
            raise ValueError("x, y, vx, vy must have equal lengths")
        self.x = list(x)
        self.y = list(y)
        self.vx = list(vx)
        self.vy = list(vy)

    @property
    def n(self):
        return len(self.x)

    def copy(self):
        return State(self.x, self.y, self.vx, self.vy)

    def __repr__(self):
        return "State(n=%d)" % self.n


def initialise(seed, n):
    """Seeded initial state (INIT-1..3): four draws per bird, index order."""
    rng = Mulberry32(seed)
    x, y, vx, vy = [], [], [], []
    for _ in range(n):
        px = rng.next() * 1000.0
        py = rng.next() * 600.0
        angle = (rng.next() * 2.0) * math.pi
        speed = 1.6 + rng.next() * (4.2 - 1.6)
        x.append(px)
        y.append(py)
        sin_a, cos_a = sin_cos(angle)
        vx.append(speed * cos_a)
        vy.append(speed * sin_a)
    return State(x, y, vx, vy)


# ---------------------------------------------------------------- neighbours

# A coarse grid only narrows down the candidates (DET-4: any superset of the
# neighbours, visited in increasing index order, gives the identical world).
# Cells are at least 90 wide and high, so two birds closer than 90 are in the
# same or adjacent cells (around the torus); 11 x 6 cells keep the 3 x 3
# block of cells free of repeats.
_COLS = int(WIDTH // PERCEPTION)    # 11
_ROWS = int(HEIGHT // PERCEPTION)   # 6
_CELL_W = WIDTH / _COLS
_CELL_H = HEIGHT / _ROWS


def _cell_blocks():
    """For each cell, the 9 cells of its 3 x 3 block (torus)."""
    blocks = []
    for c in range(_COLS):
        for r in range(_ROWS):
            blocks.append([((c + dc) % _COLS) * _ROWS + (r + dr) % _ROWS
                           for dc in (-1, 0, 1) for dr in (-1, 0, 1)])
    return blocks


_BLOCKS = _cell_blocks()


def neighbour_lists(state):
    """Per bird i, the list of (j, dx, dy, d) for every j != i with d < 90.

    Lists are in increasing j order (STATE-2); dx, dy is the torus delta from
    i to j and d = hypot(dx, dy).  Each unordered pair is measured once: the
    delta from j to i is exactly (-dx, -dy) (b - a == -(a - b) in IEEE
    arithmetic, the wrap test is symmetric, hypot ignores signs).  The early
    reject on |dx| or |dy| >= 90 cannot drop a neighbour, since a correctly
    rounded hypot is >= max(|dx|, |dy|).
    """
    xs, ys = state.x, state.y
    n = len(xs)
    cells = [[] for _ in range(_COLS * _ROWS)]
    cell_of = [0] * n
    for i in range(n):
        # x == WIDTH (legal, FIELD-5) lands in column 0, next to x == 0.
        c = int(xs[i] / _CELL_W) % _COLS
        r = int(ys[i] / _CELL_H) % _ROWS
        cell_of[i] = c * _ROWS + r
        cells[cell_of[i]].append(i)      # each cell list is in index order

    out = [[] for _ in range(n)]
    for i in range(n):
        xi = xs[i]
        yi = ys[i]
        out_i = out[i]
        candidates = []
        for cell in _BLOCKS[cell_of[i]]:
            for j in cells[cell]:
                if j > i:
                    candidates.append(j)
        candidates.sort()
        # Appending for i in increasing i keeps every out[j] sorted as well.
        for j in candidates:
            dx = xs[j] - xi
            if dx > HALF_WIDTH:
                dx -= WIDTH
            elif dx < -HALF_WIDTH:
                dx += WIDTH
            if dx >= PERCEPTION or dx <= -PERCEPTION:
                continue
            dy = ys[j] - yi
            if dy > HALF_HEIGHT:
                dy -= HEIGHT
            elif dy < -HALF_HEIGHT:
                dy += HEIGHT
            if dy >= PERCEPTION or dy <= -PERCEPTION:
                continue
            d = hypot(dx, dy)
            if d < PERCEPTION:
                out_i.append((j, dx, dy, d))
                out[j].append((i, -dx, -dy, d))
    return out


def neighbour_lists_bruteforce(state):
    """Same result as neighbour_lists, by looking at every ordered pair."""
    xs, ys = state.x, state.y
    n = len(xs)
    out = []
    for i in range(n):
        row = []
        for j in range(n):
            if j != i:
                dx = torus_delta(xs[i], xs[j], WIDTH)
                dy = torus_delta(ys[i], ys[j], HEIGHT)
                d = hypot(dx, dy)
                if d < PERCEPTION:
                    row.append((j, dx, dy, d))
        out.append(row)
    return out


# ---------------------------------------------------------------- step

def step(state, weights=DEFAULT_WEIGHTS, neighbours=None):
    """One synchronous step (STEP-1..8); returns a new State.

    weights = (cohesion, alignment, separation), each in [0, 1].
    neighbours: neighbour_lists(state), if already computed.
    """
    wc, wa, ws = weights
    kc = wc * COHESION_SCALE
    ka = wa * ALIGNMENT_SCALE
    ks = ws * SEPARATION_SCALE

    xs, ys, vxs, vys = state.x, state.y, state.vx, state.vy
    n = len(xs)
    if neighbours is None:
        neighbours = neighbour_lists(state)

    new_x = [0.0] * n
    new_y = [0.0] * n
    new_vx = [0.0] * n
    new_vy = [0.0] * n

    for i in range(n):
        vx = vxs[i]
        vy = vys[i]
        nb = neighbours[i]
        k = len(nb)
        if k == 0:
            ux = vx  # STEP-6: no neighbours, u = v exactly
            uy = vy
        else:
            sdx = sdy = svx = svy = 0.0
            px = py = 0.0
            for j, dx, dy, d in nb:  # STEP-2, j increasing
                sdx += dx
                sdy += dy
                svx += vxs[j]
                svy += vys[j]
                if 0.0 < d < SEPARATION_RADIUS:
                    d2 = d * d
                    px += (-dx) / d2
                    py += (-dy) / d2
            kf = float(k)
            cx = (sdx / kf) * kc          # STEP-3
            cy = (sdy / kf) * kc
            ax = (svx / kf - vx) * ka     # STEP-4
            ay = (svy / kf - vy) * ka
            sx = px * ks                  # STEP-5
            sy = py * ks
            ux = ((vx + cx) + ax) + sx    # STEP-6
            uy = ((vy + cy) + ay) + sy

        sp = hypot(ux, uy)                # STEP-7
        if sp == 0.0:
            s0 = hypot(vx, vy)
            ux = (vx / s0) * MIN_SPEED
            uy = (vy / s0) * MIN_SPEED
        else:
            f = min(max(sp, MIN_SPEED), MAX_SPEED) / sp
            ux = ux * f
            uy = uy * f

        new_vx[i] = ux                    # STEP-8
        new_vy[i] = uy
        new_x[i] = wrap(xs[i] + ux, WIDTH)
        new_y[i] = wrap(ys[i] + uy, HEIGHT)

    return State(new_x, new_y, new_vx, new_vy)


# ---------------------------------------------------------------- metrics

def polarization(state):
    """hypot(Sx / n, Sy / n) of the normalised velocities (METRIC-2)."""
    n = state.n
    sx = 0.0
    sy = 0.0
    for vx, vy in zip(state.vx, state.vy):
        s = hypot(vx, vy)
        sx += vx / s
        sy += vy / s
    return hypot(sx / n, sy / n)


def cluster_count(state, neighbours=None):
    """Connected components of the d < 90 graph, by union-find (METRIC-3)."""
    if neighbours is None:
        neighbours = neighbour_lists(state)
    n = state.n
    parent = list(range(n))

    def find(a):
        root = a
        while parent[root] != root:
            root = parent[root]
        while parent[a] != root:  # path compression
            parent[a], a = root, parent[a]
        return root

    components = n
    for i in range(n):
        for j, _dx, _dy, _d in neighbours[i]:
            if j > i:
                ri = find(i)
                rj = find(j)
                if ri != rj:
                    parent[rj] = ri
                    components -= 1
    return components


def nearest_distances(state, neighbours=None):
    """nearest_i = min over j != i of the torus distance (METRIC-4).

    None for a lone bird (n == 1).  A bird with a neighbour closer than 90
    has its nearest in its neighbour list (everyone else is >= 90 away);
    only the others need a full scan.
    """
    if neighbours is None:
        neighbours = neighbour_lists(state)
    xs, ys = state.x, state.y
    n = len(xs)
    out = []
    for i in range(n):
        nb = neighbours[i]
        if nb:
            out.append(min(d for _j, _dx, _dy, d in nb))
            continue
        best = None
        for j in range(n):
            if j != i:
                d = torus_distance(xs[i], ys[i], xs[j], ys[j])
                if best is None or d < best:
                    best = d
        out.append(best)
    return out


def mean_neighbor_distance(state, neighbours=None):
    """Mean of nearest_i over birds with nearest_i < 270, else None (METRIC-5)."""
    total = 0.0
    count = 0
    for d in nearest_distances(state, neighbours):  # index order (STATE-2)
        if d is not None and d < NEAREST_LIMIT:
            total += d
            count += 1
    return total / count if count else None


def metrics(state, neighbours=None):
    """(polarization, cluster_count, mean_neighbor_distance or None)."""
    if neighbours is None:
        neighbours = neighbour_lists(state)
    return (polarization(state),
            cluster_count(state, neighbours),
            mean_neighbor_distance(state, neighbours))


# ---------------------------------------------------------------- run

def _schedule_dict(schedule):
    return {int(t): tuple(w) for t, w in (dict(schedule or {})).items()}


def run(seed, n, ticks, weights=DEFAULT_WEIGHTS, schedule=None):
    """Yield (tick, metrics) for ticks 0..ticks inclusive (METRIC-1).

    schedule: optional mapping (or iterable of pairs) tick -> (wc, wa, ws).
    A change logged at tick t is in force for the step t -> t+1 and later
    (WEIGHTS-3); a change at tick 0 replaces the initial weights.
    """
    changes = _schedule_dict(schedule)
    current = tuple(weights)
    state = initialise(seed, n)
    nb = neighbour_lists(state)
    yield 0, metrics(state, nb)
    for t in range(ticks):
        current = changes.get(t, current)
        state = step(state, current, nb)
        nb = neighbour_lists(state)
        yield t + 1, metrics(state, nb)


def run_state(seed, n, ticks, weights=DEFAULT_WEIGHTS, schedule=None):
    """The state after ticks steps, same schedule rules as run()."""
    changes = _schedule_dict(schedule)
    current = tuple(weights)
    state = initialise(seed, n)
    for t in range(ticks):
        current = changes.get(t, current)
        state = step(state, current)
    return state
