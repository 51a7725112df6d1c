'use strict';
// model.js: the Susurration flock, to be written by you.
//
// engine.js speaks the protocol and checks every parameter; it calls only the
// six functions below, with values already in range. Write them in this
// order, grading after each (spec/writing-an-engine.md says how):
//
//   susurration grade --engine 'node engine.js' --only 'prng-*'
//
// A state is an array of birds [x, y, vx, vy], plain numbers (float64), in
// index order (STATE-1). Every number you return is written back to the kit
// bit for bit, -0 included. Math.hypot, Math.sin and Math.cos are not
// correctly rounded (DET-2): with them the engine can be conformant, not
// exact (the guide names libraries that are).

const todo = (what) => { throw new Error(`${what} is not written yet (model.js)`); };

// PRNG-1, PRNG-2: mulberry32 from `seed`, its first `skip` draws left out
// (jump ahead: never draw them, skip can be 2^53 - 1); returns the next
// `count` raw outputs (integers in 0..2^32-1) and the same draws as floats:
// { u32: [...], next: [...] }. Math.imul and >>> 0 keep to 32 bits.
function prng(seed, skip, count) { return todo('prng (PRNG-1, PRNG-2)'); }

// FIELD-3: the delta from a to b on an axis of `size` (1000 or 600).
function torusDelta(a, b, size) { return todo('torusDelta (FIELD-3)'); }

// FIELD-3, FIELD-4: { dx, dy, distance } from [x1, y1] to [x2, y2].
function torusDistance(from, to) { return todo('torusDistance (FIELD-4)'); }

// INIT-1..3: the state at tick 0 of `birds` birds from `seed`.
function init(seed, birds) { return todo('init (INIT-1..3)'); }

// STEP-1..8: the state one tick later; weights = [cohesion, alignment,
// separation]. Return a new array: never change `state` (STEP-1).
function step(state, weights) { return todo('step (STEP-1..8)'); }

// METRIC-2..5: { polarization, cluster_count, mean_neighbor_distance }, the
// last null when no bird counts (METRIC-5).
function metrics(state) { return todo('metrics (METRIC-2..5)'); }

module.exports = { prng, torusDelta, torusDistance, init, step, metrics };
