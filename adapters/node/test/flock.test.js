'use strict';
// Unit tests with expectations worked out by hand from spec/ (not from the
// reference or the vectors).
const test = require('node:test');
const assert = require('node:assert');
const f = require('../flock.js');

const pred = (x) => { const dv = new DataView(new ArrayBuffer(8)); dv.setFloat64(0, x); dv.setBigUint64(0, dv.getBigUint64(0) - 1n); return dv.getFloat64(0); };
const step1 = (arr, w = [1, 1, 1]) => f.stateToArray(f.step(f.stateFromArray(arr), w[0], w[1], w[2]));

test('PRNG-3: seed 42 gives the spec\'s first ten values', () => {
  const want = [0.6011037519201636, 0.44829055899754167, 0.8524657934904099, 0.6697340414393693,
    0.17481389874592423, 0.5265925421845168, 0.2732279943302274, 0.6247446539346129,
    0.8654746483080089, 0.4723170551005751];
  const r = f.prng(42, 0, 10);
  assert.deepStrictEqual(r.next, want);
  // PRNG-2: next is the raw output over 2^32, exactly.
  r.u32.forEach((u, i) => assert.strictEqual(u / 4294967296, want[i]));
  // skip: outputs skip+1..skip+count
  assert.deepStrictEqual(f.prng(42, 3, 2).next, want.slice(3, 5));
});

test('INIT-1/2: four draws per bird in the order x, y, angle, speed', () => {
  const r = f.prng(42, 0, 8).next;
  const s = f.init(42, 10);
  assert.strictEqual(s.x[0], r[0] * 1000);
  assert.strictEqual(s.y[0], r[1] * 600);
  const speed = 1.6 + r[3] * 2.6;
  assert.ok(Math.abs(Math.hypot(s.vx[0], s.vy[0]) - speed) < 1e-14);
  assert.strictEqual(s.x[1], r[4] * 1000);
  assert.strictEqual(s.y[1], r[5] * 600);
  assert.strictEqual(4.2 - 1.6, 2.6); // INIT-2's remark
});

test('FIELD-3: torus deltas, including exactly half the field', () => {
  assert.strictEqual(f.torusDelta(0, 500, 1000), 500);            // +size/2 not wrapped
  assert.strictEqual(f.torusDelta(500, 0, 1000), -500);           // -size/2 not wrapped
  assert.strictEqual(f.torusDelta(0, 300, 600), 300);
  assert.strictEqual(f.torusDelta(300, 0, 600), -300);
  assert.strictEqual(f.torusDelta(0, 500.0000000000001, 1000), 500.0000000000001 - 1000);
  assert.strictEqual(f.torusDelta(10, 990, 1000), -20);           // across the seam
  assert.strictEqual(f.torusDelta(990, 10, 1000), 20);
  assert.strictEqual(f.torusDelta(5, 595, 600), -10);
  assert.strictEqual(f.torusDelta(0, 1000, 1000), 0);             // 1000 is the same place as 0
  assert.strictEqual(f.torusDelta(250, 750, 1000), 500);
});

test('FIELD-4: exact distances come out exact', () => {
  assert.deepStrictEqual(f.torusDistance([0, 0], [54, 72]), { dx: 54, dy: 72, distance: 90 });
  assert.deepStrictEqual(f.torusDistance([990, 590], [44, 62]), { dx: 54, dy: 72, distance: 90 });
  assert.strictEqual(f.torusDistance([100, 100], [262, 316]).distance, 270);
  assert.strictEqual(f.torusDistance([0, 0], [28, 0]).distance, 28);
});

test('exact threshold decisions (as if hypot were correctly rounded)', () => {
  assert.strictEqual(f.belowExact(90, 0, 90), false);
  assert.strictEqual(f.belowExact(pred(90), 0, 90), true);
  assert.strictEqual(f.belowExact(54, 72, 90), false);
  assert.strictEqual(f.belowExact(54, pred(72), 90), true);
  assert.strictEqual(f.belowExact(-72, -54, 90), false);
  assert.strictEqual(f.belowExact(162, 216, 270), false);
  assert.strictEqual(f.belowExact(28, 0, 28), false);
  assert.strictEqual(f.belowExact(0, pred(28), 28), true);
  // 90 with a tiny perpendicular offset: the true distance is 90 + 5e-23,
  // whose correctly rounded value is 90, so it is not below 90.
  assert.strictEqual(f.belowExact(90, 1e-10, 90), false);
  // pred(90) plus an offset that pushes the true value past the midpoint
  // between pred(90) and 90 rounds up to 90.
  const p = pred(90); // ulp = 2^-46 here; midpoint p + 2^-47
  const off = Math.sqrt(2 * p * Math.pow(2, -47)) * 1.01;
  assert.strictEqual(f.belowExact(p, off, 90), false);
  assert.strictEqual(f.belowExact(p, off / 1.02, 90), true);
});

test('STEP-2: a neighbour at exactly 90 is ignored; transcript case', () => {
  assert.deepStrictEqual(step1([[100, 100, 2, 0], [190, 100, 0, 2]]), [[102, 100, 2, 0], [190, 102, 0, 2]]);
  assert.deepStrictEqual(step1([[100, 100, 2, 0], [154, 172, 0, 2]]), [[102, 100, 2, 0], [154, 174, 0, 2]]);
});

test('STEP-2..6: a neighbour at 90 minus one ulp pulls, by hand', () => {
  const xb = pred(190);
  const dx = xb - 100; // exact
  assert.ok(dx < 90);
  const [a, b] = step1([[100, 100, 2, 0], [xb, 100, 0, 2]]);
  // bird A: k = 1, Sdx = dx, Svx = 0, Svy = 2; no separation (d >= 28)
  const uxA = ((2 + (dx / 1) * (1 * 0.0045)) + (0 / 1 - 2) * (1 * 0.05)) + 0 * (1 * 2.5);
  const uyA = ((0 + (0 / 1) * (1 * 0.0045)) + (2 / 1 - 0) * (1 * 0.05)) + 0 * (1 * 2.5);
  assert.ok(Math.hypot(uxA, uyA) > 1.6 && Math.hypot(uxA, uyA) < 4.2);
  assert.deepStrictEqual(a, [100 + uxA, 100 + uyA, uxA, uyA]);
  // bird B: delta to A is -dx
  const uxB = ((0 + (-dx) * 0.0045) + (2 - 0) * 0.05) + 0;
  const uyB = ((2 + 0 * 0.0045) + (0 - 2) * 0.05) + 0;
  assert.deepStrictEqual(b, [xb + uxB, 100 + uyB, uxB, uyB]);
});

test('STEP-5: separation inside 28, none at exactly 28 or at distance 0', () => {
  const [a] = step1([[100, 100, 2, 0], [110, 100, 2, 0]]);
  const c = 10 * 0.0045, d2 = 10 * 10, s = ((-10) / d2) * 2.5;
  const ux = ((2 + c) + 0) + s; // 1.795...
  assert.deepStrictEqual(a, [100 + ux, 100, ux, 0]);

  const [a28] = step1([[100, 100, 2, 0], [128, 100, 2, 0]]);
  const ux28 = ((2 + 28 * 0.0045) + 0) + 0;
  assert.deepStrictEqual(a28, [100 + ux28, 100, ux28, 0]);

  // coincident birds: they count for alignment but do not separate
  const [p, q] = step1([[100, 100, 2, 0], [100, 100, 0, 2]]);
  const vx0 = ((2 + 0) + (0 - 2) * 0.05) + 0, vy0 = ((0 + 0) + (2 - 0) * 0.05) + 0;
  assert.deepStrictEqual(p, [100 + vx0, 100 + vy0, vx0, vy0]);
  assert.deepStrictEqual(q, [100 + vy0, 100 + vx0, vy0, vx0]);
});

test('STEP-6/7: lone bird keeps velocity; clamps to 4.2 and 1.6; zero speed keeps direction', () => {
  assert.deepStrictEqual(step1([[500, 300, 3, -1]]), [[503, 299, 3, -1]]);
  assert.deepStrictEqual(step1([[500, 300, 5, 0]]), [[500 + 5 * (4.2 / 5), 300, 5 * (4.2 / 5), 0]]);
  assert.deepStrictEqual(step1([[500, 300, 0, -1]]), [[500, 300 + -1 * 1.6, 0, -1.6]]);
  // A: u = ((2 + 0) + (-38 - 2) * 0.05) + 0 = 0 and uy = 0 -> (2/2)*1.6 = 1.6
  const [a] = step1([[100, 100, 2, 0], [100, 100, -38, 0]]);
  assert.strictEqual((-38 - 2) * (1 * 0.05), -2);
  assert.deepStrictEqual(a, [101.6, 100, 1.6, 0]);
});

test('STEP-1: the step is synchronous', () => {
  // Bird 0 is updated first; bird 1 must see bird 0's start-of-tick velocity.
  const [, b] = step1([[100, 100, 2, 0], [150, 100, 0, 2]]);
  const ux = ((0 + (-50) * 0.0045) + (2 - 0) * 0.05) + 0;
  const uy = ((2 + 0) + (0 - 2) * 0.05) + 0;
  assert.deepStrictEqual(b, [150 + ux, 100 + uy, ux, uy]);
});

test('FIELD-5: wrap once; a tiny negative coordinate becomes exactly the size', () => {
  assert.deepStrictEqual(step1([[999, 599, 2, 2]]), [[1, 1, 2, 2]]);
  const tiny = Math.pow(2, -54);
  const [b] = step1([[0, 300, -tiny, 2]]);
  assert.strictEqual(b[0], 1000);
  assert.strictEqual(-tiny + 1000, 1000);
  // ... and the next step starts from 1000 without a second correction
  const [c] = step1([[1000, 300, 2, 0]]);
  assert.strictEqual(c[0], 2);
});

test('WEIGHTS: zero weights switch the rules off', () => {
  const st = [[100, 100, 2, 0], [110, 100, 0, 2]];
  assert.deepStrictEqual(step1(st, [0, 0, 0]), [[102, 100, 2, 0], [110, 102, 0, 2]]);
});

test('METRIC-2..5 by hand', () => {
  const m = (arr) => f.metrics(f.stateFromArray(arr));
  // aligned flock: polarization exactly 1
  assert.strictEqual(m([[0, 0, 2, 0], [500, 300, 3, 0], [700, 10, 4, 0]]).polarization, 1);
  // opposite headings: 0
  assert.strictEqual(m([[0, 0, 2, 0], [500, 300, -3, 0]]).polarization, 0);
  // a pair at exactly 90 is two clusters, nearest 90 counted (< 270)
  assert.deepStrictEqual(m([[100, 100, 2, 0], [190, 100, 2, 0]]), { polarization: 1, cluster_count: 2, mean_neighbor_distance: 90 });
  // a pair at 54,72 (90) across the seam
  assert.strictEqual(m([[990, 590, 2, 0], [44, 62, 2, 0]]).cluster_count, 2);
  assert.strictEqual(m([[990, 590, 2, 0], [43, 62, 2, 0]]).cluster_count, 1);
  // chain: 0-1 at 80, 1-2 at 80 -> one cluster although 0-2 is 160
  assert.strictEqual(m([[100, 100, 2, 0], [180, 100, 2, 0], [260, 100, 2, 0]]).cluster_count, 1);
  // nearest exactly 270 is left out; null when nobody counts; n == 1 is null
  assert.strictEqual(m([[100, 100, 2, 0], [262, 316, 2, 0]]).mean_neighbor_distance, null);
  assert.strictEqual(m([[100, 100, 2, 0], [369, 100, 2, 0]]).mean_neighbor_distance, 269);
  assert.deepStrictEqual(m([[100, 100, 2, 0]]), { polarization: 1, cluster_count: 1, mean_neighbor_distance: null });
  // coincident birds: nearest 0
  assert.strictEqual(m([[100, 100, 2, 0], [100, 100, 2, 0], [400, 400, 2, 0]]).mean_neighbor_distance, 0);
  // mean over birds in index order: nearest 10, 10, 30 -> (10 + 10 + 30) / 3
  assert.strictEqual(m([[100, 100, 2, 0], [110, 100, 2, 0], [140, 100, 2, 0]]).mean_neighbor_distance, ((10 + 10) + 30) / 3);
});

test('DET-3: FNV-1a 64 over little-endian float64 bits', () => {
  assert.strictEqual(f.hashState(f.makeState(0)), 'cbf29ce484222325');
  // independent byte-level FNV-1a with 32-bit halves
  const fnv = (bytes) => {
    let hi = 0xcbf29ce4, lo = 0x84222325;
    for (const b of bytes) {
      lo = (lo ^ b) >>> 0;
      // multiply (hi,lo) by 0x100000001b3 = 2^40 + 0x1b3
      const l0 = lo & 0xffff, l1 = lo >>> 16;
      const p0 = l0 * 0x1b3, p1 = l1 * 0x1b3;
      const nlo = (p0 + ((p1 & 0xffff) * 65536)) ;
      const carry = Math.floor(nlo / 4294967296) + Math.floor(p1 / 65536);
      const nhi = (Math.imul(hi, 0x1b3) + carry + ((lo << 8) >>> 0)) >>> 0;
      lo = nlo >>> 0; hi = nhi;
    }
    return hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
  };
  const arr = [[1000, 0.5, -0, 2.25], [3.5, 599.75, -1.6, 4.2]];
  const bytes = [];
  const dv = new DataView(new ArrayBuffer(8));
  for (const b of arr) for (const v of b) { dv.setFloat64(0, v, true); for (let k = 0; k < 8; k++) bytes.push(dv.getUint8(k)); }
  assert.strictEqual(f.hashState(f.stateFromArray(arr)), fnv(bytes));
  // the sign of zero shows
  assert.notStrictEqual(f.hashState(f.stateFromArray([[0, 0, 0, 1]])), f.hashState(f.stateFromArray([[0, 0, -0, 1]])));
});

test('SERIAL-1/2/3: shortest floats and exact-binary rounding', () => {
  assert.strictEqual(f.formatFloat(1000), '1000.0');
  assert.strictEqual(f.formatFloat(-0), '-0.0');
  assert.strictEqual(f.formatFloat(0.1), '0.1');
  assert.strictEqual(f.formatFloat(1e21), '1e+21');
  assert.strictEqual(f.formatFloat(5e-324), '5e-324');
  const cases = [[0.125, 2, '0.12'], [0.375, 2, '0.38'], [0.005, 2, '0.01'], [-0.001, 2, '0.00'],
    [-0, 2, '0.00'], [2.5, 2, '2.50'], [1.00005, 4, '1.0001'], [-0.125, 2, '-0.12'], [-0.375, 2, '-0.38'],
    [999.995, 2, '1000.00'], [999.985, 2, '999.99'], [0.015625, 4, '0.0156'], [0.03125, 4, '0.0312'], [0.09375, 4, '0.0938'], [0.046875, 4, '0.0469'], [0.00005, 4, '0.0001'], [123456.78901, 4, '123456.7890'], [0.9999, 2, '1.00'],
    [1e-300, 4, '0.0000'], [-1e-300, 4, '0.0000']];
  for (const [v, p, want] of cases) assert.strictEqual(f.roundText(v, p), want, `${v} at ${p}`);
});

test('TOL-1: relative agreement', () => {
  assert.ok(f.agrees(0, 0));
  assert.ok(!f.agrees(0, 1e-300));
  assert.ok(f.agrees(1000, 1001));
  assert.ok(!f.agrees(1000, 1001.01));
  assert.ok(!f.agrees(NaN, NaN));
});
