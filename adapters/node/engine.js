#!/usr/bin/env node
'use strict';
// Adapter-protocol (version 1) server for the JavaScript Susurration engine.
// JSON Lines on stdin/stdout (spec/PROTOCOL.md). Run: node adapters/node/engine.js
const readline = require('node:readline');
const flock = require('./flock.js');

const NAME = 'nodeflock';
const VERSION = '0.1.0';
const CAPABILITIES = ['prng', 'torus', 'init', 'step', 'metrics', 'run', 'run_from', 'verify', 'round', 'hash'];

// ---------------------------------------------------------------- JSON reading
// JSON.parse cannot tell `42` from `42.0`, and PROTOCOL.md says `42.0` where
// an integer belongs must be refused. This reader returns integer tokens as
// plain numbers and tokens with a fraction or exponent as FloatTok.
class FloatTok { constructor(v) { this.v = v; } }

function parseJson(text) {
  let i = 0;
  const fail = (msg) => { throw new SyntaxError(msg + ' at ' + i); };
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i++; };
  const numRe = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
  function value() {
    ws();
    const c = text[i];
    if (c === '{') {
      i++; const obj = Object.create(null); ws();
      if (text[i] === '}') { i++; return obj; }
      for (;;) {
        ws(); if (text[i] !== '"') fail('expected key');
        const k = string(); ws();
        if (text[i] !== ':') fail('expected :'); i++;
        obj[k] = value(); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return obj; }
        fail('expected , or }');
      }
    }
    if (c === '[') {
      i++; const arr = []; ws();
      if (text[i] === ']') { i++; return arr; }
      for (;;) {
        arr.push(value()); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return arr; }
        fail('expected , or ]');
      }
    }
    if (c === '"') return string();
    if (text.startsWith('true', i)) { i += 4; return true; }
    if (text.startsWith('false', i)) { i += 5; return false; }
    if (text.startsWith('null', i)) { i += 4; return null; }
    numRe.lastIndex = i;
    const m = numRe.exec(text);
    if (!m) fail('unexpected character');
    i += m[0].length;
    const v = Number(m[0]); // correctly rounded
    return (m[1] !== undefined || m[2] !== undefined) ? new FloatTok(v) : v;
  }
  function string() {
    i++; let out = '';
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const c = text[i++];
      if (c === '"') return out;
      if (c === '\\') {
        const e = text[i++];
        if (e === 'u') { const h = text.slice(i, i + 4); if (!/^[0-9a-fA-F]{4}$/.test(h)) fail('bad escape'); out += String.fromCharCode(parseInt(h, 16)); i += 4; }
        else if ('"\\/'.includes(e)) out += e;
        else if (e === 'b') out += '\b'; else if (e === 'f') out += '\f';
        else if (e === 'n') out += '\n'; else if (e === 'r') out += '\r'; else if (e === 't') out += '\t';
        else fail('bad escape');
      } else if (c < ' ') fail('control character in string');
      else out += c;
    }
  }
  const v = value(); ws();
  if (i !== text.length) fail('trailing characters');
  return v;
}

// ---------------------------------------------------------------- JSON writing
// Numbers are floats (SERIAL-1: shortest round trip, always '.' or exponent,
// -0 kept as -0.0); integers are carried as BigInt and written bare.
function ser(v) {
  if (v === null) return 'null';
  if (typeof v === 'number') return flock.formatFloat(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) {
    // A loop, not map and join: a 400-bird state is 2,000 values, and this
    // runs for every state the engine answers.
    let out = '[';
    for (let i = 0; i < v.length; i++) out += (i === 0 ? '' : ',') + ser(v[i]);
    return out + ']';
  }
  return '{' + Object.keys(v).map((k) => JSON.stringify(k) + ':' + ser(v[k])).join(',') + '}';
}

// ---------------------------------------------------------------- validation
class InvalidInput extends Error {
  constructor(field, message) { super(message); this.field = field; }
}
const INPUT_FIELDS = new Set(['seed', 'birds', 'weights', 'ticks', 'at_tick', 'schedule', 'state']);
// A key the method does not take is no valid request (PROTO-6's one rule for
// unknown keys): invalid-request with a null field, whatever its name.
class InvalidRequest extends Error {}
const show = (v) => {
  // 1e400 reads as Infinity: a bad value to name, not an internal error.
  if (v instanceof FloatTok) return Number.isFinite(v.v) ? flock.formatFloat(v.v) : String(v.v);
  if (v === undefined) return '(missing)';
  try { return JSON.stringify(v, (k, x) => (x instanceof FloatTok ? x.v : x)); } catch { return String(v); }
};
const isNum = (v) => typeof v === 'number' || v instanceof FloatTok;
const numVal = (v) => (v instanceof FloatTok ? v.v : v);

function checkKeys(params, allowed) {
  for (const k of Object.keys(params)) {
    if (!allowed.includes(k)) throw new InvalidRequest(`unknown parameter ${k} (allowed: ${allowed.join(', ') || 'none'})`);
  }
  for (const k of allowed) {
    if (!(k in params)) throw new InvalidInput(k, `invalid ${k}: missing (allowed: required parameter)`);
  }
}
function intIn(field, v, lo, hi, label) {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) {
    throw new InvalidInput(field, `invalid ${label || field}: ${show(v)} (allowed: integer ${lo}..${hi})`);
  }
  return v === 0 ? 0 : v; // integer -0 is 0
}
function weight(field, v, label) {
  if (!isNum(v) || !Number.isFinite(numVal(v)) || !(numVal(v) >= 0 && numVal(v) <= 1)) {
    throw new InvalidInput(field, `invalid ${label} weight: ${show(v)} (allowed: a number in [0, 1])`);
  }
  return numVal(v);
}
function weights(v) {
  if (!Array.isArray(v) || v.length !== 3) {
    throw new InvalidInput('weights', `invalid weights: ${show(v)} (allowed: [cohesion, alignment, separation])`);
  }
  return [weight('weights', v[0], 'cohesion'), weight('weights', v[1], 'alignment'), weight('weights', v[2], 'separation')];
}
function schedule(v) {
  const bad = (why) => new InvalidInput('schedule', `invalid schedule: ${why} (allowed: SESSION-4 entries, ticks 0..20000 strictly increasing, weights in [0, 1])`);
  if (!Array.isArray(v)) throw bad(show(v));
  const keys = ['tick', 'cohesion', 'alignment', 'separation'];
  const out = [];
  let last = -1;
  v.forEach((e, idx) => {
    if (e === null || typeof e !== 'object' || Array.isArray(e) || e instanceof FloatTok) throw bad(`entry ${idx} is not an object`);
    const ks = Object.keys(e);
    if (ks.length !== 4 || !keys.every((k) => k in e)) throw bad(`entry ${idx} has keys ${ks.join(',')}`);
    const t = e.tick;
    if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t > 20000) throw bad(`entry ${idx} tick ${show(t)}`);
    if (t <= last) throw bad(`entry ${idx} tick ${t} does not increase`);
    last = t;
    out.push({
      tick: t,
      cohesion: weight('schedule', e.cohesion, 'cohesion'),
      alignment: weight('schedule', e.alignment, 'alignment'),
      separation: weight('schedule', e.separation, 'separation'),
    });
  });
  return out;
}
// Whether two birds' x (in 0..1000) may be less than 1e-150 apart on the
// torus, which any pair closer than that along both axes needs: two x next to
// each other in sorted order that close, or one x on each side of the seam
// (a delta wraps only near 1000). Without one the n^2 search of stateParam
// is skipped: at 400 birds it cost more than the step it guards.
function someXsClose(arr) {
  const xs = Float64Array.from(arr, (q) => q[0]).sort();
  if (xs[0] < 1e-9 && xs[xs.length - 1] > 1000 - 1e-9) return true;
  for (let k = 1; k < xs.length; k++) if (xs[k] - xs[k - 1] < 1e-150) return true;
  return false;
}
// INPUT-9 (strict) or, for hash, any finite state.
function stateParam(v, strict) {
  const bad = (why) => new InvalidInput('state', `invalid state: ${why} (allowed: ${strict ? '1..400 birds of finite [x, y, vx, vy], x in [0, 1000], y in [0, 600], nonzero speed, birds in one place or 1e-150 apart' : 'birds of 4 finite numbers'})`);
  if (!Array.isArray(v)) throw bad(show(v));
  if (strict && v.length === 0) throw bad('no birds');
  if (strict && v.length > 400) throw bad(`${v.length} birds`);
  const arr = [];
  for (let i = 0; i < v.length; i++) {
    const b = v[i];
    if (!Array.isArray(b) || b.length !== 4) throw bad(`bird ${i} is not [x, y, vx, vy]`);
    const q = b.map((c) => {
      if (!isNum(c) || !Number.isFinite(numVal(c))) throw bad(`bird ${i} has ${show(c)}`);
      return numVal(c);
    });
    if (strict) {
      if (!(q[0] >= 0 && q[0] <= 1000)) throw bad(`bird ${i} x ${flock.formatFloat(q[0])} outside [0, 1000]`);
      if (!(q[1] >= 0 && q[1] <= 600)) throw bad(`bird ${i} y ${flock.formatFloat(q[1])} outside [0, 600]`);
      if (q[2] === 0 && q[3] === 0) throw bad(`bird ${i} has zero speed`);
      // INPUT-9: velocity components of at most 1e150, the larger at least 1e-150.
      if (!(Math.abs(q[2]) <= 1e150 && Math.abs(q[3]) <= 1e150)) throw bad(`bird ${i} has a velocity component above 1e150`);
      // A zero speed is the line above's, so each check stands alone.
      const moving = q[2] !== 0 || q[3] !== 0;
      if (moving && !(Math.abs(q[2]) >= 1e-150 || Math.abs(q[3]) >= 1e-150)) throw bad(`bird ${i} has a speed below 1e-150`);
    }
    arr.push(q);
  }
  // INPUT-9, AMB-30: birds in one place, or at least 1e-150 apart along an
  // axis; closer, d*d is 0 and separation would divide by it.
  const look = strict && someXsClose(arr);
  for (let i = 0; look && i < arr.length; i++) {
    for (let j = i + 1; j < arr.length; j++) {
      const dx = flock.torusDelta(arr[i][0], arr[j][0], flock.WIDTH);
      const dy = flock.torusDelta(arr[i][1], arr[j][1], flock.HEIGHT);
      if ((dx !== 0 || dy !== 0) && Math.abs(dx) < 1e-150 && Math.abs(dy) < 1e-150) {
        throw bad(`birds ${i} and ${j} are ${flock.formatFloat(dx)}, ${flock.formatFloat(dy)} apart`);
      }
    }
  }
  return flock.stateFromArray(arr);
}
function finiteNum(field, v) {
  if (!isNum(v) || !Number.isFinite(numVal(v))) throw new InvalidInput(field, `invalid ${field}: ${show(v)} (allowed: a finite number)`);
  return numVal(v);
}
function point(field, v) {
  if (!Array.isArray(v) || v.length !== 2) throw new InvalidInput(field, `invalid ${field}: ${show(v)} (allowed: [x, y])`);
  return [finiteNum(field, v[0]), finiteNum(field, v[1])];
}

const seedOf = (v) => intIn('seed', v, 0, 4294967295);
const birdsOf = (v) => intIn('birds', v, 10, 400);

function metricsOut(m) {
  return {
    polarization: m.polarization,
    cluster_count: BigInt(m.cluster_count),
    mean_neighbor_distance: m.mean_neighbor_distance,
  };
}
const stateOut = (s) => flock.stateToArray(s);

// ---------------------------------------------------------------- methods
const METHODS = {
  hello(p) {
    return { protocol: 1n, name: NAME, version: VERSION, language: `JavaScript (Node.js ${process.version})`, capabilities: CAPABILITIES };
  },
  prng(p) {
    checkKeys(p, ['seed', 'skip', 'count']);
    const seed = seedOf(p.seed);
    const skip = intIn('skip', p.skip, 0, Number.MAX_SAFE_INTEGER); // 2^53 - 1, the request schema's
    const count = intIn('count', p.count, 1, 100000);
    const r = flock.prng(seed, skip, count);
    return { u32: r.u32.map((u) => BigInt(u)), next: r.next };
  },
  torus_delta(p) {
    checkKeys(p, ['a', 'b', 'size']);
    const a = finiteNum('a', p.a), b = finiteNum('b', p.b);
    const size = finiteNum('size', p.size);
    if (!(size > 0)) throw new InvalidInput('size', `invalid size: ${show(p.size)} (allowed: a positive finite number)`);
    return { delta: flock.torusDelta(a, b, size) };
  },
  torus_distance(p) {
    checkKeys(p, ['from', 'to']);
    const r = flock.torusDistance(point('from', p.from), point('to', p.to));
    return { dx: r.dx, dy: r.dy, distance: r.distance };
  },
  init(p) {
    checkKeys(p, ['seed', 'birds']);
    const seed = seedOf(p.seed), birds = birdsOf(p.birds);
    return { state: stateOut(flock.init(seed, birds)) };
  },
  step(p) {
    checkKeys(p, ['state', 'weights', 'ticks']);
    const s = stateParam(p.state, true);
    const w = weights(p.weights);
    const ticks = intIn('ticks', p.ticks, 1, 1000);
    return { state: stateOut(flock.stepMany(s, w, ticks)) };
  },
  metrics(p) {
    checkKeys(p, ['state']);
    return metricsOut(flock.metrics(stateParam(p.state, true)));
  },
  run(p) {
    checkKeys(p, ['seed', 'birds', 'weights', 'schedule', 'ticks', 'state_ticks']);
    const seed = seedOf(p.seed), birds = birdsOf(p.birds);
    const w = weights(p.weights);
    const sch = schedule(p.schedule);
    const ticks = intIn('ticks', p.ticks, 0, 20000);
    const st = p.state_ticks;
    const badSt = () => new InvalidInput('state_ticks', `invalid state_ticks: ${show(st)} (allowed: strictly increasing integers in 0..${ticks})`);
    if (!Array.isArray(st)) throw badSt();
    let last = -1;
    for (const t of st) {
      if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t > ticks || t <= last) throw badSt();
      last = t;
    }
    const pol = [], cc = [], mnd = [], states = [];
    let k = 0;
    const final = flock.run(seed, birds, w, sch, ticks, (t, s) => {
      const m = flock.metrics(s);
      pol.push(m.polarization);
      cc.push(BigInt(m.cluster_count));
      mnd.push(m.mean_neighbor_distance);
      if (k < st.length && st[k] === t) { states.push({ tick: BigInt(t), state: stateOut(s) }); k++; }
    });
    return {
      metrics: { polarization: pol, cluster_count: cc, mean_neighbor_distance: mnd },
      states,
      final_state_hash: flock.hashState(final),
    };
  },
  // The metrics of ticks from_tick..from_tick + ticks of the run that is at
  // `state` on tick from_tick: each step uses the weights in force at its
  // tick (WEIGHTS-3), as run's do.
  run_from(p) {
    checkKeys(p, ['state', 'from_tick', 'weights', 'schedule', 'ticks']);
    let s = stateParam(p.state, true);
    const from = intIn('from_tick', p.from_tick, 0, 20000);
    let w = weights(p.weights);
    const sch = schedule(p.schedule);
    const steps = intIn('ticks', p.ticks, 1, 1000, 'run_from ticks');
    const pol = [], cc = [], mnd = [];
    let si = 0;
    for (let t = from; ; t++) {
      const m = flock.metrics(s);
      pol.push(m.polarization);
      cc.push(BigInt(m.cluster_count));
      mnd.push(m.mean_neighbor_distance);
      if (t === from + steps) break;
      while (si < sch.length && sch[si].tick <= t) {
        const e = sch[si++];
        w = [e.cohesion, e.alignment, e.separation];
      }
      s = flock.step(s, w[0], w[1], w[2]);
    }
    return { metrics: { polarization: pol, cluster_count: cc, mean_neighbor_distance: mnd } };
  },
  verify(p) {
    checkKeys(p, ['seed', 'birds', 'weights', 'schedule', 'at_tick']);
    const seed = seedOf(p.seed), birds = birdsOf(p.birds);
    const w = weights(p.weights);
    const sch = schedule(p.schedule);
    const atTick = intIn('at_tick', p.at_tick, 1, 20000);
    const final = flock.run(seed, birds, w, sch, atTick, () => {});
    return metricsOut(flock.metrics(final));
  },
  round(p) {
    checkKeys(p, ['value', 'places']);
    const value = finiteNum('value', p.value);
    const places = p.places;
    if (places !== 2 && places !== 4) throw new InvalidInput('places', `invalid places: ${show(places)} (allowed: 2 or 4)`);
    return { text: flock.roundText(value, places) };
  },
  hash(p) {
    checkKeys(p, ['state']);
    return { hash: flock.hashState(stateParam(p.state, false)) };
  },
  shutdown() { return {}; },
};

// ---------------------------------------------------------------- dispatch
function handleLine(line) {
  let req;
  try { req = parseJson(line); } catch (e) {
    return { response: { id: null, error: { code: 'invalid-request', field: null, message: 'not JSON: ' + e.message } } };
  }
  const okId = req !== null && typeof req === 'object' && !Array.isArray(req) && !(req instanceof FloatTok) &&
    typeof req.id === 'number' && Number.isInteger(req.id) && req.id >= 0 && req.id <= Number.MAX_SAFE_INTEGER;
  const id = okId ? BigInt(req.id) : null;
  if (!okId || typeof req.method !== 'string' || req.params === null || typeof req.params !== 'object' ||
      Array.isArray(req.params) || req.params instanceof FloatTok ||
      Object.keys(req).some((k) => !['id', 'method', 'params'].includes(k))) {
    return { response: { id, error: { code: 'invalid-request', field: null, message: 'not a request: needs id, method and params object' } } };
  }
  const fn = Object.prototype.hasOwnProperty.call(METHODS, req.method) ? METHODS[req.method] : null;
  if (!fn) return { response: { id, unsupported: `${NAME} does not implement ${req.method}` } };
  try {
    const result = fn(req.params);
    // Serialise here so a non-finite value becomes an internal error, not a bad line.
    const text = ser({ id, result });
    return { text, exit: req.method === 'shutdown' };
  } catch (e) {
    // PROTO-6: invalid-input names one of the parameters spec/inputs.md
    // ranges; a bad skip, count, size, places or state_ticks is the kit's own
    // business, a request that is not valid.
    if (e instanceof InvalidInput && INPUT_FIELDS.has(e.field)) {
      return { response: { id, error: { code: 'invalid-input', field: e.field, message: e.message } } };
    }
    if (e instanceof InvalidInput) {
      return { response: { id, error: { code: 'invalid-request', field: null, message: e.message } } };
    }
    if (e instanceof InvalidRequest) {
      return { response: { id, error: { code: 'invalid-request', field: null, message: e.message } } };
    }
    return { response: { id, error: { code: 'internal', field: null, message: String(e && e.message || e) } } };
  }
}

function main() {
  // stdout may be asynchronous when the pipe is full, so never call
  // process.exit before a write has drained: let the event loop end instead.
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  let done = false;
  rl.on('line', (line) => {
    if (done || line.trim() === '') return;
    const r = handleLine(line);
    const text = r.text !== undefined ? r.text : ser(r.response);
    if (r.exit) {
      done = true;
      rl.close();
      process.stdin.destroy();
      process.stdout.write(text + '\n', () => process.exit(0));
    } else {
      process.stdout.write(text + '\n');
    }
  });
  rl.on('close', () => { process.stdin.destroy(); });
}

if (require.main === module) main();
module.exports = { parseJson, ser, handleLine, FloatTok };
