'use strict';
// Susurration flock engine in plain JavaScript (Node 18+), written from
// spec/*.md and spec/PROTOCOL.md only.
//
// hypot, sin and cos are V8's (Math.hypot, Math.sin, Math.cos), which are not
// promised to be correctly rounded (DET-2), so this engine aims at
// "conformant" (tolerance), not "exact". The one place where a last-bit
// difference would change a *discrete* decision -- the strict threshold tests
// d < 90 (STEP-2, METRIC-3), 0 < d < 28 (STEP-5), nearest < 270 (METRIC-5)
// and a new speed below the smallest normal double (STEP-7) -- is decided
// exactly, as if hypot were correctly rounded (see belowThreshold,
// speedBelowMinNormal and README.md, decision D1).

const WIDTH = 1000;
const HEIGHT = 600;
const R_NEIGH = 90;
const R_SEP = 28;
const R_MEAN = 270; // 3 * 90, exact
const MIN_SPEED = 1.6;
const MAX_SPEED = 4.2;
const K_COH = 0.0045;
const K_ALI = 0.05;
const K_SEP = 2.5;

// ---------------------------------------------------------------- PRNG-1/2
class Mulberry32 {
  constructor(seed) { this.a = seed >>> 0; }
  nextU32() {
    this.a = (this.a + 0x6D2B79F5) >>> 0;
    const a = this.a;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  }
  next() { return this.nextU32() / 4294967296; }
  // Moves past k draws at once (k < 2^53, exact in a double): each draw adds
  // 0x6D2B79F5 to the state (PRNG-1), so k of them add k * 0x6D2B79F5
  // modulo 2^32, which Math.imul gives from k modulo 2^32. Drawing and
  // discarding k values would take years at the protocol's largest skip.
  skip(k) { this.a = (this.a + Math.imul(k % 4294967296, 0x6D2B79F5)) >>> 0; }
}

function prng(seed, skip, count) {
  const g = new Mulberry32(seed);
  g.skip(skip);
  const u32 = [];
  const next = [];
  for (let i = 0; i < count; i++) {
    const u = g.nextU32();
    u32.push(u);
    next.push(u / 4294967296);
  }
  return { u32, next };
}

// ---------------------------------------------------------------- state
// A state is { n, x, y, vx, vy } with Float64Arrays.
function makeState(n) {
  return { n, x: new Float64Array(n), y: new Float64Array(n), vx: new Float64Array(n), vy: new Float64Array(n),
           candidates: undefined };
}
function stateFromArray(arr) {
  const s = makeState(arr.length);
  for (let i = 0; i < arr.length; i++) {
    s.x[i] = arr[i][0]; s.y[i] = arr[i][1]; s.vx[i] = arr[i][2]; s.vy[i] = arr[i][3];
  }
  return s;
}
function stateToArray(s) {
  const out = new Array(s.n);
  for (let i = 0; i < s.n; i++) out[i] = [s.x[i], s.y[i], s.vx[i], s.vy[i]];
  return out;
}
function cloneState(s) {
  return { n: s.n, x: s.x.slice(), y: s.y.slice(), vx: s.vx.slice(), vy: s.vy.slice(), candidates: undefined };
}

// ---------------------------------------------------------------- INIT-1..3
function init(seed, birds) {
  const g = new Mulberry32(seed);
  const s = makeState(birds);
  for (let i = 0; i < birds; i++) {
    const x = g.next() * 1000;
    const y = g.next() * 600;
    const angle = (g.next() * 2) * Math.PI;
    const speed = 1.6 + g.next() * (4.2 - 1.6);
    s.x[i] = x;
    s.y[i] = y;
    s.vx[i] = speed * Math.cos(angle);
    s.vy[i] = speed * Math.sin(angle);
  }
  return s;
}

// ---------------------------------------------------------------- FIELD-3/4/5
function torusDelta(a, b, size) {
  let d = b - a;
  const half = size / 2;
  if (d > half) d -= size;
  else if (d < -half) d += size;
  return d;
}
function torusDistance(from, to) {
  const dx = torusDelta(from[0], to[0], WIDTH);
  const dy = torusDelta(from[1], to[1], HEIGHT);
  return { dx, dy, distance: Math.hypot(dx, dy) };
}
function wrap(p, size) {
  if (p >= size) p -= size;
  else if (p < 0) p += size;
  return p;
}

// ---------------------------------------------------------------- exact threshold decisions
// belowThreshold(dx, dy, T) answers "is CR(hypot(dx, dy)) < T", where CR is
// round-to-nearest-even, exactly. Fast path: s = dx*dx + dy*dy has a relative
// error below 2^-51 (or underflows towards 0, which only happens for tiny
// distances), so outside a band of relative width 2^-40 around T*T it decides.
// Inside the band the question is settled in exact integer arithmetic.
const dv = new DataView(new ArrayBuffer(8));
const SCALE = 1100n; // every finite double times 2^1100 is an integer
function scaledBig(x) {
  if (x === 0) return 0n;
  dv.setFloat64(0, x);
  const hi = dv.getUint32(0), lo = dv.getUint32(4);
  const neg = hi >>> 31;
  const e = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp;
  if (e === 0) exp = -1074; else { m |= 1n << 52n; exp = e - 1075; }
  const r = m << BigInt(exp + 1100);
  return neg ? -r : r;
}
function predPositive(T) { // largest double below a positive normal T
  dv.setFloat64(0, T);
  const bits = dv.getBigUint64(0) - 1n;
  dv.setBigUint64(0, bits);
  return { value: dv.getFloat64(0), even: (bits & 1n) === 0n };
}
const thresholdCache = new Map();
function thresholdInfo(T) {
  let info = thresholdCache.get(T);
  if (!info) {
    const p = predPositive(T);
    const twoMid = scaledBig(p.value) + scaledBig(T); // 2 * midpoint * 2^1100
    info = {
      lo: T * T * (1 - Math.pow(2, -40)),
      hi: T * T * (1 + Math.pow(2, -40)),
      mid4sq: twoMid * twoMid, // 4 * mid^2 * 2^2200
      predEven: p.even,
    };
    thresholdCache.set(T, info);
  }
  return info;
}
function belowExact(dx, dy, T) {
  const info = thresholdInfo(T);
  const X = scaledBig(dx), Y = scaledBig(dy);
  const H4 = 4n * (X * X + Y * Y);
  if (H4 < info.mid4sq) return true;
  if (H4 > info.mid4sq) return false;
  return info.predEven; // an exact tie rounds to the even neighbour
}
// STEP-7 (AMB-31): is CR(hypot(ux, uy)) below the smallest normal double,
// 0 included? Never when a component is normal (hypot >= each component);
// else decided exactly, as Math.hypot may be an ulp off at the boundary.
const MIN_NORMAL = Math.pow(2, -1022);
function speedBelowMinNormal(ux, uy) {
  return Math.max(Math.abs(ux), Math.abs(uy)) < MIN_NORMAL && belowExact(ux, uy, MIN_NORMAL);
}
const BAND = Math.pow(2, -40);
const N_LO = 8100 * (1 - BAND), N_HI = 8100 * (1 + BAND);
const S_LO = 784 * (1 - BAND), S_HI = 784 * (1 + BAND);
function belowThreshold(dx, dy, s, T) {
  const info = thresholdInfo(T);
  if (s < info.lo) return true;
  if (s > info.hi) return false;
  return belowExact(dx, dy, T);
}

// ---------------------------------------------------------------- neighbour candidates (DET-4)
// A uniform grid of 11 x 6 cells (cells at least 90.9 wide and 100 high) and
// the 3 x 3 block around a cell, in increasing index order. It hands out a
// superset of the birds within 90, so by DET-4 it makes the same world as the
// full scan: the exact tests of STEP-2 are applied to every candidate.
const NX = 11, NY = 6;
function cellOf(x, y) {
  let cx = Math.floor(x * NX / WIDTH);
  let cy = Math.floor(y * NY / HEIGHT);
  if (cx >= NX) cx -= NX; // x == 1000 is the same place as 0
  if (cy >= NY) cy -= NY;
  if (cx < 0) cx = 0;
  if (cy < 0) cy = 0;
  return cy * NX + cx;
}
// BLOCK[9c .. 9c + 8]: the cells of the 3 x 3 block around cell c (distinct,
// as NX and NY are at least 3). A cell is in the block around another
// exactly when that one is in its block.
const BLOCK = new Int32Array(NX * NY * 9);
for (let cy = 0, k = 0; cy < NY; cy++) {
  for (let cx = 0; cx < NX; cx++) {
    for (let oy = -1; oy <= 1; oy++) for (let ox = -1; ox <= 1; ox++) {
      BLOCK[k++] = ((cy + oy + NY) % NY) * NX + ((cx + ox + NX) % NX);
    }
  }
}
// all[first[c] .. first[c + 1] - 1]: the birds of the block around cell c,
// for every cell c that holds a bird (empty for the others). Each bird is
// written, in index order, into the list of every cell whose block holds it,
// so each list comes out sorted without a sort; one array holds them all, as
// allocating one per cell cost more than filling them.
function buildCandidates(s) {
  // A state is never changed once made: run measures a state and then steps
  // from it, and both need the same lists.
  if (s.candidates !== undefined) return s.candidates;
  const n = s.n;
  const cells = NX * NY;
  const cellOfBird = new Int32Array(n);
  const inCell = new Int32Array(cells);
  for (let i = 0; i < n; i++) {
    const c = cellOf(s.x[i], s.y[i]);
    // Only a broken step puts a bird off the field (NaN, infinite): say so
    // here, rather than search every pair of the flock at every tick.
    if (!(c >= 0 && c < cells)) throw new RangeError(`bird ${i} is off the field, at ${s.x[i]}, ${s.y[i]}`);
    cellOfBird[i] = c;
    inCell[c]++;
  }
  const first = new Int32Array(cells + 1);
  for (let c = 0; c < cells; c++) {
    let total = 0;
    if (inCell[c] !== 0) for (let k = 9 * c; k < 9 * c + 9; k++) total += inCell[BLOCK[k]];
    first[c + 1] = first[c] + total;
  }
  const all = new Int32Array(first[cells]);
  const next = first.slice(0, cells);
  for (let i = 0; i < n; i++) {
    const c = cellOfBird[i];
    for (let k = 9 * c; k < 9 * c + 9; k++) {
      const d = BLOCK[k];
      if (inCell[d] !== 0) all[next[d]++] = i;
    }
  }
  s.candidates = { cellOfBird, first, all };
  return s.candidates;
}

// ---------------------------------------------------------------- STEP-1..8
function step(s, wc, wa, ws) {
  const n = s.n;
  const X = s.x, Y = s.y, VX = s.vx, VY = s.vy;
  const nx = new Float64Array(n), ny = new Float64Array(n);
  const nvx = new Float64Array(n), nvy = new Float64Array(n);
  const { cellOfBird, first, all } = buildCandidates(s);
  const cohF = wc * K_COH, aliF = wa * K_ALI, sepF = ws * K_SEP;
  const halfW = WIDTH / 2, halfH = HEIGHT / 2;
  for (let i = 0; i < n; i++) {
    const xi = X[i], yi = Y[i], vxi = VX[i], vyi = VY[i];
    let k = 0, Sdx = 0.0, Sdy = 0.0, Svx = 0.0, Svy = 0.0, Px = 0.0, Py = 0.0;
    const c = cellOfBird[i];
    for (let q = first[c]; q < first[c + 1]; q++) {
      const j = all[q];
      if (j === i) continue;
      let dx = X[j] - xi;
      if (dx > halfW) dx -= WIDTH; else if (dx < -halfW) dx += WIDTH;
      let dy = Y[j] - yi;
      if (dy > halfH) dy -= HEIGHT; else if (dy < -halfH) dy += HEIGHT;
      const sq = dx * dx + dy * dy;
      // STEP-2: d < 90 (exact decision, see belowThreshold)
      if (sq > N_HI || (sq >= N_LO && !belowExact(dx, dy, R_NEIGH))) continue;
      k += 1;
      Sdx += dx; Sdy += dy;
      Svx += VX[j]; Svy += VY[j];
      // STEP-5: 0 < d < 28. d > 0 exactly when (dx, dy) != (0, 0).
      if ((dx !== 0 || dy !== 0) && (sq < S_LO || (sq <= S_HI && belowExact(dx, dy, R_SEP)))) {
        const d = Math.hypot(dx, dy);
        const d2 = d * d;
        Px += (-dx) / d2;
        Py += (-dy) / d2;
      }
    }
    let ux, uy;
    if (k === 0) { // STEP-6
      ux = vxi; uy = vyi;
    } else {
      const kd = k;
      const cx = (Sdx / kd) * cohF;            // STEP-3
      const cy = (Sdy / kd) * cohF;
      const ax = (Svx / kd - vxi) * aliF;      // STEP-4
      const ay = (Svy / kd - vyi) * aliF;
      const sx = Px * sepF;                    // STEP-5
      const sy = Py * sepF;
      ux = ((vxi + cx) + ax) + sx;             // STEP-6
      uy = ((vyi + cy) + ay) + sy;
    }
    // STEP-7
    const sp = Math.hypot(ux, uy);
    if (speedBelowMinNormal(ux, uy)) { // zero or subnormal: keep the old direction
      const v = Math.hypot(vxi, vyi);
      ux = (vxi / v) * MIN_SPEED;
      uy = (vyi / v) * MIN_SPEED;
    } else {
      const f = Math.min(Math.max(sp, MIN_SPEED), MAX_SPEED) / sp;
      ux = ux * f;
      uy = uy * f;
    }
    // STEP-8, FIELD-5
    nx[i] = wrap(xi + ux, WIDTH);
    ny[i] = wrap(yi + uy, HEIGHT);
    nvx[i] = ux;
    nvy[i] = uy;
  }
  return { n, x: nx, y: ny, vx: nvx, vy: nvy, candidates: undefined };
}

function stepMany(s, weights, ticks) {
  let cur = s;
  for (let t = 0; t < ticks; t++) cur = step(cur, weights[0], weights[1], weights[2]);
  return cur;
}

// ---------------------------------------------------------------- METRIC-1..5
function metrics(s) {
  const n = s.n;
  const X = s.x, Y = s.y, VX = s.vx, VY = s.vy;
  // METRIC-2
  let Sx = 0.0, Sy = 0.0;
  for (let i = 0; i < n; i++) {
    const sp = Math.hypot(VX[i], VY[i]);
    Sx += VX[i] / sp;
    Sy += VY[i] / sp;
  }
  const polarization = Math.hypot(Sx / n, Sy / n);

  // METRIC-3 (union-find over pairs at d < 90) and METRIC-4/5, bird by bird.
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (a) => { while (parent[a] !== a) { parent[a] = parent[parent[a]]; a = parent[a]; } return a; };
  const { cellOfBird, first, all } = buildCandidates(s);
  const halfW = WIDTH / 2, halfH = HEIGHT / 2;
  let sum = 0.0, count = 0;
  const CERTAIN = 8264; // 90.9^2 > 8262.8
  // near[0 .. kept - 1]: the candidates seen within rounding of the nearest
  // so far. That band only narrows as the nearest does, so it holds every
  // candidate of the last one, and METRIC-4 looks among these few, not again
  // among all the candidates.
  const near = new Int32Array(n);
  // The squared distances within rounding of a minimum m.
  const bandOf = (m) => m * (1 + BAND) + 1e-300;
  for (let i = 0; i < n; i++) {
    const c = cellOfBird[i];
    const xi = X[i], yi = Y[i];
    let minSq = Infinity, kept = 0;
    for (let q = first[c]; q < first[c + 1]; q++) {
      const j = all[q];
      if (j === i) continue;
      let dx = X[j] - xi;
      if (dx > halfW) dx -= WIDTH; else if (dx < -halfW) dx += WIDTH;
      let dy = Y[j] - yi;
      if (dy > halfH) dy -= HEIGHT; else if (dy < -halfH) dy += HEIGHT;
      const sq = dx * dx + dy * dy;
      if (sq <= bandOf(minSq)) {
        near[kept++] = j;
        if (sq < minSq) minSq = sq;
      }
      if (j > i && (sq < N_LO || (sq <= N_HI && belowExact(dx, dy, R_NEIGH)))) {
        const ri = find(i), rj = find(j);
        if (ri !== rj) parent[ri] = rj;
      }
    }
    if (n === 1) break;
    // METRIC-4/5. A candidate closer than 90.9 is certainly the nearest bird
    // overall (every non-candidate is farther than a cell width); otherwise the
    // bird is rescanned against every other bird.
    let every = false, to = kept;
    if (!(minSq < CERTAIN)) {
      every = true; to = n;
      minSq = Infinity;
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        let dx = X[j] - xi;
        if (dx > halfW) dx -= WIDTH; else if (dx < -halfW) dx += WIDTH;
        let dy = Y[j] - yi;
        if (dy > halfH) dy -= HEIGHT; else if (dy < -halfH) dy += HEIGHT;
        const sq = dx * dx + dy * dy;
        if (sq < minSq) minSq = sq;
      }
    }
    // Among the pairs whose squared distance is within rounding of the
    // minimum, take the smallest hypot; decide "< 270" exactly.
    const band = bandOf(minSq);
    let nearest = Infinity, included = false;
    for (let q = 0; q < to; q++) {
      const j = every ? q : near[q];
      if (j === i) continue;
      let dx = X[j] - xi;
      if (dx > halfW) dx -= WIDTH; else if (dx < -halfW) dx += WIDTH;
      let dy = Y[j] - yi;
      if (dy > halfH) dy -= HEIGHT; else if (dy < -halfH) dy += HEIGHT;
      const sq = dx * dx + dy * dy;
      if (sq > band) continue;
      const d = Math.hypot(dx, dy);
      if (d < nearest) nearest = d;
      if (!included && belowThreshold(dx, dy, sq, R_MEAN)) included = true;
    }
    if (included) { sum += nearest; count += 1; }
  }
  let clusters = 0;
  for (let i = 0; i < n; i++) if (find(i) === i) clusters++;
  const mean = count === 0 ? null : sum / count;
  return { polarization, cluster_count: clusters, mean_neighbor_distance: mean };
}

// ---------------------------------------------------------------- runs (SESSION-1, WEIGHTS-2/3)
// schedule: [{tick, cohesion, alignment, separation}] strictly increasing.
// onTick(t, state) is called for t = 0..ticks.
function run(seed, birds, weights, schedule, ticks, onTick) {
  let s = init(seed, birds);
  let w = weights.slice();
  let si = 0;
  for (let t = 0; ; t++) {
    onTick(t, s);
    if (t === ticks) break;
    while (si < schedule.length && schedule[si].tick <= t) {
      // entries at tick <= t are in force for the step t -> t + 1 (WEIGHTS-3)
      const e = schedule[si++];
      w = [e.cohesion, e.alignment, e.separation];
    }
    s = step(s, w[0], w[1], w[2]);
  }
  return s;
}

// ---------------------------------------------------------------- DET-3
const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK64 = 0xffffffffffffffffn;
function hashState(s) {
  const buf = new DataView(new ArrayBuffer(8));
  let h = FNV_OFFSET;
  const arrs = [s.x, s.y, s.vx, s.vy];
  for (let i = 0; i < s.n; i++) {
    for (let f = 0; f < 4; f++) {
      buf.setFloat64(0, arrs[f][i], true); // little-endian
      for (let b = 0; b < 8; b++) {
        h ^= BigInt(buf.getUint8(b));
        h = (h * FNV_PRIME) & MASK64;
      }
    }
  }
  return h.toString(16).padStart(16, '0');
}

// ---------------------------------------------------------------- SERIAL-2/3
// Round the exact binary value of x to `places` decimals, ties to even, and
// never write a minus sign on a zero result.
function roundText(x, places) {
  if (!Number.isFinite(x)) throw new RangeError('roundText needs a finite value');
  const neg = x < 0 || Object.is(x, -0);
  const ax = Math.abs(x);
  let q;
  if (ax === 0) q = 0n;
  else {
    dv.setFloat64(0, ax);
    const hi = dv.getUint32(0), lo = dv.getUint32(4);
    const e = (hi >>> 20) & 0x7ff;
    let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
    let exp;
    if (e === 0) exp = -1074; else { m |= 1n << 52n; exp = e - 1075; }
    const N = m * 10n ** BigInt(places); // x * 10^places = N * 2^exp
    if (exp >= 0) q = N << BigInt(exp);
    else {
      const sh = BigInt(-exp);
      q = N >> sh;
      const r = N - (q << sh);
      const half = 1n << (sh - 1n);
      if (r > half || (r === half && (q & 1n) === 1n)) q += 1n;
    }
  }
  let digits = q.toString();
  if (places > 0) {
    digits = digits.padStart(places + 1, '0');
    digits = digits.slice(0, digits.length - places) + '.' + digits.slice(digits.length - places);
  }
  return (neg && q !== 0n ? '-' : '') + digits;
}

// ---------------------------------------------------------------- SERIAL-1
// Shortest round-trip text, always with '.' or an exponent, sign of zero kept.
function formatFloat(x) {
  if (!Number.isFinite(x)) throw new RangeError('not a finite float: ' + x);
  if (Object.is(x, -0)) return '-0.0';
  // String(x) has a '.' or an exponent except for an integer below 1e21.
  return Number.isInteger(x) && Math.abs(x) < 1e21 ? String(x) + '.0' : String(x);
}

// ---------------------------------------------------------------- TOL-1..3
function agrees(a, b) {
  if (Number.isNaN(a) || Number.isNaN(b)) return false;
  return Math.abs(a - b) <= 1e-3 * Math.max(Math.abs(a), Math.abs(b));
}
function metricsAgree(m, r) {
  if (m.cluster_count !== r.cluster_count) return false;
  if ((m.mean_neighbor_distance === null) !== (r.mean_neighbor_distance === null)) return false;
  if (m.mean_neighbor_distance !== null && !agrees(m.mean_neighbor_distance, r.mean_neighbor_distance)) return false;
  return agrees(m.polarization, r.polarization);
}

module.exports = {
  WIDTH, HEIGHT, Mulberry32, prng, init, torusDelta, torusDistance, wrap,
  belowExact, belowThreshold, step, stepMany, metrics, run, hashState, roundText,
  formatFloat, agrees, metricsAgree, makeState, stateFromArray, stateToArray, cloneState,
};
