#!/usr/bin/env node
'use strict';
// engine.js: a starter Susurration engine for Node.js (spec/PROTOCOL.md).
//
//   node engine.js        # JSON Lines: one request in, one response out
//
// This file is the protocol; you should not need to change it. It answers
// hello, checks every parameter against spec/inputs.md and calls the model
// functions in model.js, which you write.
//
// Numbers: JSON.parse reads 42 and 42.0 alike, but 42.0 where an integer
// belongs must be refused (PROTO-9 rule 5), and JSON.stringify writes -0 as
// 0 and 1.0 as 1. So this file reads and writes JSON itself: an integer
// token becomes a BigInt and a token with a fraction or exponent a Number
// (Number() rounds correctly); a BigInt is written as bare digits and a
// Number in the shortest form that reads back to it, with '.0' when it has
// no '.' or exponent, and -0 as -0.0 (SERIAL-1).
const readline = require('node:readline');
const model = require('./model.js');

const CAPABILITIES = ['prng', 'torus', 'init', 'step', 'metrics', 'run'];
const PARAMS = {
  hello: ['protocol'], shutdown: [], prng: ['seed', 'skip', 'count'],
  torus_delta: ['a', 'b', 'size'], torus_distance: ['from', 'to'], init: ['seed', 'birds'],
  step: ['state', 'weights', 'ticks'], metrics: ['state'],
  run: ['seed', 'birds', 'weights', 'schedule', 'ticks', 'state_ticks'],
};
// The parameters spec/inputs.md ranges: a bad one is invalid-input naming
// it; any other bad parameter is invalid-request (PROTO-6).
const NAMED = new Set(['seed', 'birds', 'weights', 'ticks', 'at_tick', 'schedule', 'state']);

function parse(text) {
  let i = 0;
  const fail = () => { throw new SyntaxError(`not JSON at ${i}`); };
  const ws = () => { while (' \t\r\n'.includes(text[i]) && i < text.length) i++; };
  const lit = (word, v) => { if (!text.startsWith(word, i)) fail(); i += word.length; return v; };
  const num = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
  function string() {
    const m = /"((?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*)"/y;
    m.lastIndex = i;
    const r = m.exec(text) || fail();
    i = m.lastIndex;
    return JSON.parse(r[0]);
  }
  function value() {
    ws();
    const c = text[i];
    if (c === '"') return string();
    if (c === '{' || c === '[') {
      const obj = c === '{', out = obj ? Object.create(null) : [];
      i++; ws();
      if (text[i] === (obj ? '}' : ']')) { i++; return out; }
      for (;;) {
        if (obj) { ws(); if (text[i] !== '"') fail(); const k = string(); ws(); if (text[i++] !== ':') fail(); out[k] = value(); }
        else out.push(value());
        ws();
        const d = text[i++];
        if (d === (obj ? '}' : ']')) return out;
        if (d !== ',') fail();
      }
    }
    if (c === 't') return lit('true', true);
    if (c === 'f') return lit('false', false);
    if (c === 'n') return lit('null', null);
    num.lastIndex = i;
    const m = num.exec(text) || fail();
    i = num.lastIndex;
    return m[1] === undefined && m[2] === undefined ? BigInt(m[0]) : Number(m[0]);
  }
  const v = value(); ws();
  if (i !== text.length) fail();
  return v;
}

function write(v) {
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`the model gave ${v}, which JSON cannot hold`);
    if (Object.is(v, -0)) return '-0.0';
    const s = String(v);
    return /[.e]/.test(s) ? s : s + '.0';
  }
  if (Array.isArray(v)) return '[' + v.map(write).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    return '{' + Object.keys(v).map((k) => JSON.stringify(k) + ':' + write(v[k])).join(',') + '}';
  }
  return JSON.stringify(v);   // strings, true, false, null
}

class Invalid extends Error {
  constructor(field, value) {
    const text = JSON.stringify(value, (k, x) => (typeof x === 'bigint' ? Number(x) : x));
    super(`invalid ${field}: ${String(text).slice(0, 80)}`);
    this.field = field;
  }
}
// An integer token in lo..hi, as a Number.
function integer(field, v, lo, hi) {
  if (typeof v !== 'bigint' || v < BigInt(lo) || v > BigInt(hi)) throw new Invalid(field, v);
  return Number(v);
}
// Any number token (1 and 1.0 are the same weight, INPUT-3), finite, in [lo, hi].
function number(field, v, lo = -Infinity, hi = Infinity) {
  const x = typeof v === 'bigint' ? Number(v) : v;
  if (typeof x !== 'number' || !Number.isFinite(x) || !(x >= lo && x <= hi)) throw new Invalid(field, v);
  return x;
}
function weights(field, v) {                                     // INPUT-3
  if (!Array.isArray(v) || v.length !== 3) throw new Invalid(field, v);
  return v.map((w) => number(field, w, 0, 1));
}
function schedule(v) {                                           // INPUT-7, SESSION-4
  if (!Array.isArray(v)) throw new Invalid('schedule', v);
  const changes = new Map();
  let last = -1;
  for (const e of v) {
    if (e === null || typeof e !== 'object' || Array.isArray(e) ||
        Object.keys(e).sort().join() !== 'alignment,cohesion,separation,tick') throw new Invalid('schedule', e);
    last = integer('schedule', e.tick, last + 1, 20000);
    changes.set(last, weights('schedule', [e.cohesion, e.alignment, e.separation]));
  }
  return changes;
}
function state(v) {                                              // INPUT-9
  if (!Array.isArray(v) || v.length < 1 || v.length > 400) throw new Invalid('state', v);
  const birds = v.map((b) => {
    if (!Array.isArray(b) || b.length !== 4) throw new Invalid('state', b);
    const q = [number('state', b[0], 0, 1000), number('state', b[1], 0, 600),
      number('state', b[2], -1e150, 1e150), number('state', b[3], -1e150, 1e150)];
    if (Math.abs(q[2]) < 1e-150 && Math.abs(q[3]) < 1e-150) throw new Invalid('state', b);
    return q;
  });
  // Two birds closer than 1e-150 along both axes, not in one place (AMB-30).
  // The delta is FIELD-3's, written here so that checking needs no model.
  const delta = (a, b, size) => { const d = b - a; return d > size / 2 ? d - size : d < -size / 2 ? d + size : d; };
  for (let i = 0; i < birds.length; i++) {
    for (let j = i + 1; j < birds.length; j++) {
      const dx = delta(birds[i][0], birds[j][0], 1000), dy = delta(birds[i][1], birds[j][1], 600);
      if (Math.abs(dx) < 1e-150 && Math.abs(dy) < 1e-150 && (dx !== 0 || dy !== 0)) throw new Invalid('state', `birds ${i} and ${j}`);
    }
  }
  return birds;
}
function point(field, v) {
  if (!Array.isArray(v) || v.length !== 2) throw new Invalid(field, v);
  return [number(field, v[0], 0, 1000), number(field, v[1], 0, 600)];
}
const metricsOut = (m) => ({
  polarization: m.polarization, cluster_count: BigInt(m.cluster_count),
  mean_neighbor_distance: m.mean_neighbor_distance,
});

const HANDLERS = {
  hello: () => ({ protocol: 1n, name: 'starter', version: '0.1.0', language: `JavaScript (Node.js ${process.version})`, capabilities: CAPABILITIES }),
  shutdown: () => ({}),
  prng(p) {
    const r = model.prng(integer('seed', p.seed, 0, 2 ** 32 - 1), integer('skip', p.skip, 0, 2 ** 53 - 1),
      integer('count', p.count, 1, 100000));
    return { u32: r.u32.map((u) => BigInt(u)), next: r.next };
  },
  torus_delta(p) {
    const size = number('size', p.size);
    if (size !== 1000 && size !== 600) throw new Invalid('size', p.size);
    return { delta: model.torusDelta(number('a', p.a, 0, size), number('b', p.b, 0, size), size) };
  },
  torus_distance(p) {
    const r = model.torusDistance(point('from', p.from), point('to', p.to));
    return { dx: r.dx, dy: r.dy, distance: r.distance };
  },
  init: (p) => ({ state: model.init(integer('seed', p.seed, 0, 2 ** 32 - 1), integer('birds', p.birds, 10, 400)) }),
  step(p) {
    let s = state(p.state);
    const w = weights('weights', p.weights);
    for (let t = integer('ticks', p.ticks, 1, 1000); t > 0; t--) s = model.step(s, w);
    return { state: s };
  },
  metrics: (p) => metricsOut(model.metrics(state(p.state))),
  // init, then the metrics at every tick and a step between ticks; a schedule
  // entry logged at tick t changes the weights of the step t -> t + 1
  // (WEIGHTS-3).
  run(p) {
    const seed = integer('seed', p.seed, 0, 2 ** 32 - 1), birds = integer('birds', p.birds, 10, 400);
    let w = weights('weights', p.weights);
    const changes = schedule(p.schedule), ticks = integer('ticks', p.ticks, 0, 20000);
    if (!Array.isArray(p.state_ticks)) throw new Invalid('state_ticks', p.state_ticks);
    let last = -1;
    const wanted = new Set(p.state_ticks.map((t) => (last = integer('state_ticks', t, last + 1, ticks))));
    const columns = { polarization: [], cluster_count: [], mean_neighbor_distance: [] }, states = [];
    let s = model.init(seed, birds);
    for (let t = 0; t <= ticks; t++) {
      const m = metricsOut(model.metrics(s));
      for (const k of Object.keys(columns)) columns[k].push(m[k]);
      if (wanted.has(t)) states.push({ tick: BigInt(t), state: s });
      if (t < ticks) {
        w = changes.get(t) || w;
        s = model.step(s, w);
      }
    }
    return { metrics: columns, states };
  },
};

const error = (id, code, field, message) => ({ id, error: { code, field, message } });

let done = false;   // set once shutdown is answered

// The response to one request line: its text, or an object to write.
function answer(line) {
  let req;
  try { req = parse(line); } catch (e) { return error(null, 'invalid-request', null, e.message); }
  const ok = req !== null && typeof req === 'object' && !Array.isArray(req);
  const id = ok && typeof req.id === 'bigint' && req.id >= 0n && req.id < 2n ** 53n ? req.id : null;
  if (id === null || Object.keys(req).sort().join() !== 'id,method,params' || typeof req.method !== 'string' ||
      req.params === null || typeof req.params !== 'object' || Array.isArray(req.params)) {
    return error(id, 'invalid-request', null, 'not a request');
  }
  const { method, params: p } = req;
  if (!Object.hasOwn(HANDLERS, method)) return { id, unsupported: `starter does not offer ${method.slice(0, 80)}` };
  if (Object.keys(p).some((k) => !PARAMS[method].includes(k))) return error(id, 'invalid-request', null, 'unknown parameter');
  const missing = PARAMS[method].find((k) => !(k in p));
  if (missing !== undefined) {
    return NAMED.has(missing) ? error(id, 'invalid-input', missing, `missing ${missing}`)
      : error(id, 'invalid-request', null, `missing ${missing}`);
  }
  try {
    // Written here, so that a NaN or infinity from the model is an internal
    // error rather than a line that is not JSON.
    const text = write({ id, result: HANDLERS[method](p) });
    if (method === 'shutdown') done = true;
    return text;
  } catch (e) {
    if (e instanceof Invalid) {
      return NAMED.has(e.field) ? error(id, 'invalid-input', e.field, e.message) : error(id, 'invalid-request', null, e.message);
    }
    process.stderr.write(`${e.stack}\n`);
    return error(id, 'internal', null, String(e.message));
  }
}

// One response line per request, in order; exit when stdin closes or after
// shutdown, and never before a pending write has drained (PROTO-9 rule 7).
const rl = readline.createInterface({ input: process.stdin, terminal: false });
rl.on('line', (line) => {
  if (done) return;   // lines read after shutdown
  const r = answer(line);
  process.stdout.write((typeof r === 'string' ? r : write(r)) + '\n');
  if (done) { rl.close(); process.stdin.destroy(); }
});
