# Independent pure-Python (stdlib only) implementation of the Susurration boids simulation.
"""Susurration flock: an independent Python implementation.

Written from the upstream specification (shared seed 000_09ba5b1b62076a53)
and the kit's numeric recipe (clause ids such as STEP-2 refer to it).
Every float operation below is written in the order the recipe gives, so
that each IEEE-754 rounding happens at the same place as in the recipe.

Conventions: p position, v velocity, u new velocity, i/j bird indices,
dx/dy torus deltas from bird i to bird j, d their distance.

Numeric notes: hypot, sin and cos are correctly rounded (DET-2) by
susurration_exact_math.py, which says how; they are imported from there
and available here under the same names.
"""

import math
import struct
import sys
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from functools import reduce as _reduce
from operator import add as _add

from susurration_exact_math import hypot, hypot_exact, sin_cos  # noqa: F401 (hypot_exact: the tests')

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

    def skip(self, count):
        """Advance past count draws at once: the state only ever adds 0x6D2B79F5."""
        self.a = (self.a + count * 0x6D2B79F5) & _MASK32


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


# ---------------------------------------------------------------- ordered sums

def _sequential_sum(values):
    """((0.0 + v0) + v1) + ..., one rounding per addition, in the given order."""
    return _reduce(_add, values, 0.0)


# STATE-2 asks for plain left-to-right sums.  CPython's built-in sum() of
# floats is exactly that, in C, up to 3.11; from 3.12 on it compensates
# (Neumaier) and so gives other bits.  Use it only where it is plain.
ordered_sum = sum if sys.version_info < (3, 12) else _sequential_sum


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

# Squared-distance pre-tests (DET-4).  s = dx*dx + dy*dy is within a relative
# 2^-51 of the exact square; so s below r^2 * (1 - 2^-40) proves the
# correctly rounded hypot < r, and s above r^2 * (1 + 2^-40) proves it > r.
# Only inside that band, or where the distance itself is needed, does the
# exact hypot decide.
_BAND = 2.0 ** -40
_S90_LO = PERCEPTION * PERCEPTION * (1.0 - _BAND)
_S90_HI = PERCEPTION * PERCEPTION * (1.0 + _BAND)
_S28_HI = SEPARATION_RADIUS * SEPARATION_RADIUS * (1.0 + _BAND)
# The clamp (STEP-7) leaves u unchanged (f == sp / sp == 1.0 exactly) when
# 1.6 <= sp <= 4.2; these bounds prove it without computing sp.
_SP_LO = MIN_SPEED * MIN_SPEED * (1.0 + _BAND)
_SP_HI = MAX_SPEED * MAX_SPEED * (1.0 - _BAND)


def _cell_blocks():
    """For each cell, the 9 cells of its 3 x 3 block (torus)."""
    blocks = []
    for c in range(_COLS):
        for r in range(_ROWS):
            blocks.append([((c + dc) % _COLS) * _ROWS + (r + dr) % _ROWS
                           for dc in (-1, 0, 1) for dr in (-1, 0, 1)])
    return blocks


_BLOCKS = _cell_blocks()


class Neighbours:
    """The d < 90 graph of one state, per bird i, in increasing j order.

    js[i], dxs[i], dys[i]: the neighbours j of bird i and the torus deltas
    from i to j (FIELD-3).  close[i]: the (j, dx, dy, d) of the neighbours
    with d < 28, d the correctly rounded distance (FIELD-4); the others are
    at 28 <= d < 90 and their d is never needed by the step.
    """

    __slots__ = ("js", "dxs", "dys", "close")

    def __init__(self, n):
        self.js = [[] for _ in range(n)]
        self.dxs = [[] for _ in range(n)]
        self.dys = [[] for _ in range(n)]
        self.close = [[] for _ in range(n)]

    def _lists(self):
        return [[list(row) for row in rows] for rows in (self.js, self.dxs, self.dys, self.close)]

    def __eq__(self, other):
        return isinstance(other, Neighbours) and self._lists() == other._lists()

    def __repr__(self):
        return "Neighbours(pairs=%d)" % sum(map(len, self.js))


def neighbour_lists(state):
    """The Neighbours of state, by a grid query and squared-distance pre-tests.

    Every bird measures its own deltas to its candidates (FIELD-3, from i to
    j), in increasing j.  The early reject on |dx| or |dy| >= 90 cannot drop
    a neighbour, since a correctly rounded hypot is >= max(|dx|, |dy|).  The
    distance of a close pair is computed once, from its lower index, since
    hypot ignores the signs of the deltas.
    """
    xs, ys = state.x, state.y
    n = len(xs)
    ncells = _COLS * _ROWS
    # x == WIDTH (legal, FIELD-2) lands in column 0, next to x == 0.
    cell_of = [(int(x / _CELL_W) % _COLS) * _ROWS + int(y / _CELL_H) % _ROWS
               for x, y in zip(xs, ys)]
    cells = [[] for _ in range(ncells)]
    for i in range(n):
        cells[cell_of[i]].append(i)      # each cell list is in index order
    # Per cell, the (j, x, y) of the birds of its 3 x 3 block in index order,
    # and whether the block is narrower than half the field on both axes, so
    # that no delta inside it can need the FIELD-3 wrap.
    blocks = [None] * ncells

    nb = Neighbours(n)
    js, dxs, dys, close = nb.js, nb.dxs, nb.dys, nb.close
    W, HW, H, HH, P = WIDTH, HALF_WIDTH, HEIGHT, HALF_HEIGHT, PERCEPTION
    near = {}      # i * n + j -> the distance of a close pair, i < j
    for i in range(n):
        cell = cell_of[i]
        block = blocks[cell]
        if block is None:
            bj = []
            for c in _BLOCKS[cell]:
                bj.extend(cells[c])
            bj.sort()
            bx = [xs[j] for j in bj]
            by = [ys[j] for j in bj]
            plain = max(bx) - min(bx) < HW and max(by) - min(by) < HH
            block = blocks[cell] = (list(zip(bj, bx, by)), plain)
        members, plain = block
        xi = xs[i]
        yi = ys[i]
        # (j, dx, dy, s) for the candidates j != i whose rounded square s is
        # not past the band; the FIELD-3 recipe is written inline for speed.
        if plain:
            found = [(j, dx, dy, s)
                     for j, dx, dy in members
                     for dx in [dx - xi] if -P < dx < P
                     for dy in [dy - yi] if -P < dy < P
                     for s in [dx * dx + dy * dy]
                     if s <= _S90_HI and j != i]
        else:
            found = [(j, dx, dy, s)
                     for j, dx, dy in members
                     for dx in [dx - xi]
                     for dx in [dx - W if dx > HW else (dx + W if dx < -HW else dx)]
                     if -P < dx < P
                     for dy in [dy - yi]
                     for dy in [dy - H if dy > HH else (dy + H if dy < -HH else dy)]
                     if -P < dy < P
                     for s in [dx * dx + dy * dy]
                     if s <= _S90_HI and j != i]
        if not found:
            continue
        js_i, dxs_i, dys_i, squares = zip(*found)
        if max(squares) >= _S90_LO:      # in the band: the exact hypot decides
            found = [row for row in found if row[3] < _S90_LO or hypot(row[1], row[2]) < P]
            if not found:
                continue
            js_i, dxs_i, dys_i, squares = zip(*found)
        js[i] = js_i
        dxs[i] = dxs_i
        dys[i] = dys_i
        if min(squares) <= _S28_HI:
            close_i = close[i]
            for j, dx, dy, s in found:
                if s <= _S28_HI:
                    if j > i:
                        d = near[i * n + j] = hypot(dx, dy)
                    else:                # the same square from j's side
                        d = near[j * n + i]
                    if d < SEPARATION_RADIUS:
                        close_i.append((j, dx, dy, d))
    return nb


def neighbour_lists_bruteforce(state):
    """Same result as neighbour_lists, from the exact distance of every ordered pair."""
    xs, ys = state.x, state.y
    n = len(xs)
    nb = Neighbours(n)
    for i in range(n):
        for j in range(n):
            if j != i:
                dx = torus_delta(xs[i], xs[j], WIDTH)
                dy = torus_delta(ys[i], ys[j], HEIGHT)
                d = hypot(dx, dy)
                if d < PERCEPTION:
                    nb.js[i].append(j)
                    nb.dxs[i].append(dx)
                    nb.dys[i].append(dy)
                    if d < SEPARATION_RADIUS:
                        nb.close[i].append((j, dx, dy, d))
    return nb


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
    js, dxs, dys, close = neighbours.js, neighbours.dxs, neighbours.dys, neighbours.close
    osum = ordered_sum
    vx_of = vxs.__getitem__
    vy_of = vys.__getitem__

    new_x = [0.0] * n
    new_y = [0.0] * n
    new_vx = [0.0] * n
    new_vy = [0.0] * n

    for i in range(n):
        vx = vxs[i]
        vy = vys[i]
        js_i = js[i]
        k = len(js_i)
        if k == 0:
            ux = vx  # STEP-6: no neighbours, u = v exactly
            uy = vy
        else:
            # STEP-2: every sum from 0.0, neighbours in increasing j.
            sdx = osum(dxs[i])
            sdy = osum(dys[i])
            svx = osum(map(vx_of, js_i))
            svy = osum(map(vy_of, js_i))
            close_i = close[i]
            if close_i:
                # d2 = d*d; a neighbour at d == 0 adds no term (STEP-5).
                px = osum([(-dx) / (d * d) for _j, dx, _dy, d in close_i if d > 0.0])
                py = osum([(-dy) / (d * d) for _j, _dx, dy, d in close_i if d > 0.0])
            else:
                px = py = 0.0
            kf = float(k)
            cx = (sdx / kf) * kc          # STEP-3
            cy = (sdy / kf) * kc
            ax = (svx / kf - vx) * ka     # STEP-4
            ay = (svy / kf - vy) * ka
            sx = px * ks                  # STEP-5
            sy = py * ks
            ux = ((vx + cx) + ax) + sx    # STEP-6
            uy = ((vy + cy) + ay) + sy

        s2 = ux * ux + uy * uy            # STEP-7
        if not _SP_LO < s2 < _SP_HI:      # else 1.6 <= sp <= 4.2, f == 1.0
            sp = hypot(ux, uy)
            if sp < sys.float_info.min:   # zero or subnormal: no reliable direction
                # Keep the start-of-tick direction, at 1.6 (STEP-7, AMB-31).
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
    """Connected components of the d < 90 graph (METRIC-3), by graph search."""
    if neighbours is None:
        neighbours = neighbour_lists(state)
    js = neighbours.js
    seen = [False] * state.n
    components = 0
    for start in range(state.n):
        if seen[start]:
            continue
        components += 1
        seen[start] = True
        todo = [start]
        while todo:
            for j in js[todo.pop()]:
                if not seen[j]:
                    seen[j] = True
                    todo.append(j)
    return components


def _min_distance(dxs, dys):
    """min of the correctly rounded hypot over the pairs of deltas (non-empty).

    Only the pairs whose rounded square is within the pre-test band of the
    smallest one can hold the minimum; only they get the exact hypot.
    """
    squares = [dx * dx + dy * dy for dx, dy in zip(dxs, dys)]
    limit = min(squares) * (1.0 + _BAND)
    return min(hypot(dx, dy) for dx, dy, s in zip(dxs, dys, squares) if s <= limit)


def nearest_distances(state, neighbours=None):
    """nearest_i = min over j != i of the torus distance (METRIC-4).

    None for a lone bird (n == 1).  A bird with a neighbour closer than 28
    has its nearest among those, one closer than 90 among its neighbours
    (everyone else is >= 90 away); only the others need a full scan.
    """
    if neighbours is None:
        neighbours = neighbour_lists(state)
    xs, ys = state.x, state.y
    n = len(xs)
    out = []
    for i in range(n):
        close_i = neighbours.close[i]
        if close_i:
            out.append(min(d for _j, _dx, _dy, d in close_i))
        elif neighbours.js[i]:
            out.append(_min_distance(neighbours.dxs[i], neighbours.dys[i]))
        elif n == 1:
            out.append(None)
        else:
            xi, yi = xs[i], ys[i]
            others = [j for j in range(n) if j != i]
            out.append(_min_distance([torus_delta(xi, xs[j], WIDTH) for j in others],
                                     [torus_delta(yi, ys[j], HEIGHT) for j in others]))
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


# ---------------------------------------------------------------- serialisation

_FNV_OFFSET = 0xCBF29CE484222325
_FNV_PRIME = 0x100000001B3
_MASK64 = 0xFFFFFFFFFFFFFFFF


def state_hash(state):
    """DET-3: 64-bit FNV-1a over the little-endian float64 bits of x, y, vx, vy
    of every bird in index order, as 16 lowercase hex digits."""
    h = _FNV_OFFSET
    values = []
    for bird in zip(state.x, state.y, state.vx, state.vy):
        values.extend(bird)
    for byte in struct.pack("<%dd" % len(values), *values):
        h = ((h ^ byte) * _FNV_PRIME) & _MASK64
    return "%016x" % h


def round_text(value, places):
    """SERIAL-2, SERIAL-3: the exact binary value of a finite double rounded to
    `places` decimals, ties to even, and a zero result without a minus sign."""
    with localcontext() as ctx:
        ctx.prec = 400                    # 1.8e308 to 4 places has 313 digits
        q = Decimal(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
    text = format(q, "f")
    if text.startswith("-") and not q:
        text = text[1:]
    return text


# ---------------------------------------------------------------- run

def _schedule_dict(schedule):
    return {int(t): tuple(w) for t, w in (dict(schedule or {})).items()}


def states(seed, n, ticks, weights=DEFAULT_WEIGHTS, schedule=None):
    """Yield (tick, state, neighbours) for ticks 0..ticks inclusive.

    schedule: optional mapping (or iterable of pairs) tick -> (wc, wa, ws).
    A change logged at tick t is in force for the step t -> t+1 and later
    (WEIGHTS-3); a change at tick 0 replaces the initial weights.
    neighbours is the state's neighbour_lists, shared by its metrics and the
    next step.
    """
    changes = _schedule_dict(schedule)
    current = tuple(weights)
    state = initialise(seed, n)
    nb = neighbour_lists(state)
    yield 0, state, nb
    for t in range(ticks):
        current = changes.get(t, current)
        state = step(state, current, nb)
        nb = neighbour_lists(state)
        yield t + 1, state, nb


def run(seed, n, ticks, weights=DEFAULT_WEIGHTS, schedule=None):
    """Yield (tick, metrics) for ticks 0..ticks inclusive (METRIC-1)."""
    for t, state, nb in states(seed, n, ticks, weights, schedule):
        yield t, metrics(state, nb)


def run_state(seed, n, ticks, weights=DEFAULT_WEIGHTS, schedule=None):
    """The state after ticks steps, same schedule rules as run()."""
    for _t, state, _nb in states(seed, n, ticks, weights, schedule):
        pass
    return state
