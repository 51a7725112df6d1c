'use strict';
// The Node starter's model.js, filled in with the bundled Node engine's
// simulation (adapters/node/flock.js, copied beside this file when the test
// is configured): what an author's finished model.js looks like to
// engine.js, and a model known to be right, so that a grade that is not
// conformant is the starter's fault.
const flock = require('./flock.js');

const prng = (seed, skip, count) => flock.prng(seed, skip, count);
const torusDelta = (a, b, size) => flock.torusDelta(a, b, size);
const torusDistance = (from, to) => flock.torusDistance(from, to);
const init = (seed, birds) => flock.stateToArray(flock.init(seed, birds));
const step = (state, w) => flock.stateToArray(flock.step(flock.stateFromArray(state), w[0], w[1], w[2]));
const metrics = (state) => flock.metrics(flock.stateFromArray(state));

module.exports = { prng, torusDelta, torusDistance, init, step, metrics };
