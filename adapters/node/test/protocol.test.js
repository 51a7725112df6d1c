'use strict';
// Spawns engine.js and walks the worked transcript of spec/PROTOCOL.md, plus
// a few protocol rules (PROTO-4..6, PROTO-9).
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { spawn } = require('node:child_process');

const ENGINE = path.resolve(__dirname, '../engine.js');

const started = [];
test.after(() => { for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill(); });

function startEngine() {
  const child = spawn(process.execPath, [ENGINE], { stdio: ['pipe', 'pipe', 'inherit'] });
  started.push(child);
  let buf = '';
  const waiting = [];
  const lines = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d) => {
    buf += d;
    let nl;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl); buf = buf.slice(nl + 1);
      if (waiting.length) waiting.shift()(line); else lines.push(line);
    }
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child, exited,
    ask(line) {
      child.stdin.write(line + '\n');
      return new Promise((resolve) => { if (lines.length) resolve(lines.shift()); else waiting.push(resolve); });
    },
  };
}

test('the worked transcript of PROTOCOL.md', async () => {
  const e = startEngine();
  const hello = JSON.parse(await e.ask('{"id":0,"method":"hello","params":{"protocol":1}}'));
  assert.strictEqual(hello.id, 0);
  assert.strictEqual(hello.result.protocol, 1);
  for (const k of ['name', 'version', 'language']) assert.strictEqual(typeof hello.result[k], 'string');
  assert.deepStrictEqual(hello.result.capabilities.slice().sort(),
    ['hash', 'init', 'metrics', 'prng', 'round', 'run', 'run_from', 'step', 'torus', 'verify']);

  assert.strictEqual(await e.ask('{"id":1,"method":"torus_delta","params":{"a":0.0,"b":500.0,"size":1000.0}}'),
    '{"id":1,"result":{"delta":500.0}}');
  assert.strictEqual(await e.ask('{"id":2,"method":"step","params":{"state":[[100.0,100.0,2.0,0.0],[190.0,100.0,0.0,2.0]],"weights":[1.0,1.0,1.0],"ticks":1}}'),
    '{"id":2,"result":{"state":[[102.0,100.0,2.0,0.0],[190.0,102.0,0.0,2.0]]}}');
  const r3 = JSON.parse(await e.ask('{"id":3,"method":"step","params":{"state":[],"weights":[1.0,1.0,1.0],"ticks":1}}'));
  assert.deepStrictEqual(Object.keys(r3), ['id', 'error']);
  assert.strictEqual(r3.id, 3);
  assert.strictEqual(r3.error.code, 'invalid-input');
  assert.strictEqual(r3.error.field, 'state');
  assert.strictEqual(typeof r3.error.message, 'string');
  // "tiny" did not list metrics; this engine does, so it answers it.
  assert.strictEqual(await e.ask('{"id":4,"method":"metrics","params":{"state":[[100.0,100.0,2.0,0.0]]}}'),
    '{"id":4,"result":{"polarization":1.0,"cluster_count":1,"mean_neighbor_distance":null}}');
  assert.strictEqual(await e.ask('{"id":5,"method":"shutdown","params":{}}'), '{"id":5,"result":{}}');
  assert.strictEqual(await e.exited, 0);
});

test('protocol rules: unsupported, invalid-input fields, -0, integers, stdin close', async () => {
  const e = startEngine();
  const ask = async (o) => JSON.parse(await e.ask(typeof o === 'string' ? o : JSON.stringify(o)));
  await ask({ id: 0, method: 'hello', params: { protocol: 1 } });
  const u = await ask({ id: 1, method: 'teleport', params: {} });
  assert.deepStrictEqual(Object.keys(u), ['id', 'unsupported']);
  assert.strictEqual(typeof u.unsupported, 'string');

  const bad = async (method, params, field) => {
    const r = await ask({ id: 9, method, params });
    assert.ok(r.error, `${method} ${JSON.stringify(params)} should be refused`);
    assert.strictEqual(r.error.code, 'invalid-input');
    assert.strictEqual(r.error.field, field, JSON.stringify(params));
  };
  const run = { seed: 1, birds: 10, weights: [1, 1, 1], schedule: [], ticks: 3, state_ticks: [] };
  await bad('run', { ...run, seed: 4294967296 }, 'seed');
  await bad('run', { ...run, seed: -1 }, 'seed');
  await bad('run', { ...run, seed: '42' }, 'seed');
  await bad('run', { ...run, birds: 9 }, 'birds');
  await bad('run', { ...run, birds: 401 }, 'birds');
  await bad('run', { ...run, weights: [1.5, 1, 1] }, 'weights');
  await bad('run', { ...run, weights: ['NaN', 1, 1] }, 'weights');
  await bad('run', { ...run, weights: [1, 1] }, 'weights');
  await bad('run', { ...run, ticks: 20001 }, 'ticks');
  await bad('run', { ...run, schedule: [{ tick: 5, cohesion: 1, alignment: 1, separation: 1 }, { tick: 5, cohesion: 1, alignment: 1, separation: 1 }] }, 'schedule');
  await bad('run', { ...run, schedule: [{ tick: 5, cohesion: 1, alignment: 1 }] }, 'schedule');
  await bad('run', { ...run, schedule: [{ tick: 5, cohesion: 1, alignment: 1, separation: 1, extra: 0 }] }, 'schedule');
  await bad('step', { state: [[100, 100, 0, 0]], weights: [1, 1, 1], ticks: 1 }, 'state');
  await bad('step', { state: [[1000.0000000000001, 100, 1, 0]], weights: [1, 1, 1], ticks: 1 }, 'state');
  await bad('step', { state: [[100, 100, 1, 0]], weights: [1, 1, 1], ticks: 0 }, 'ticks');
  await bad('step', { state: [[100, 100, 1, 0]], weights: [1, 1, 1], ticks: 1001 }, 'ticks');
  await bad('step', { state: [[100, 100, 1, 0]], weights: [1, 1, 1] }, 'ticks');
  await bad('verify', { seed: 1, birds: 10, weights: [1, 1, 1], schedule: [], at_tick: 0 }, 'at_tick');
  await bad('verify', { seed: 1, birds: 10, weights: [1, 1, 1], schedule: [], at_tick: 20001 }, 'at_tick');
  // 42.0 where an integer belongs is a fraction (written by hand: JSON.stringify would drop the .0)
  const r = await ask('{"id":10,"method":"init","params":{"seed":42.0,"birds":10}}');
  assert.strictEqual(r.error.field, 'seed');
  const r2 = await ask('{"id":11,"method":"step","params":{"state":[[1,1,1,1]],"weights":[1,1,1],"ticks":1.0}}');
  assert.strictEqual(r2.error.field, 'ticks');

  // -0 survives, and integers are written bare
  assert.strictEqual(await e.ask('{"id":12,"method":"step","params":{"state":[[100.0,100.0,-0.0,2.0]],"weights":[1.0,1.0,1.0],"ticks":1}}'),
    '{"id":12,"result":{"state":[[100.0,102.0,-0.0,2.0]]}}');
  assert.strictEqual(await e.ask('{"id":13,"method":"prng","params":{"seed":42,"skip":0,"count":2}}'),
    '{"id":13,"result":{"u32":[2581720956,1925393290],"next":[0.6011037519201636,0.44829055899754167]}}');
  assert.strictEqual(await e.ask('{"id":14,"method":"round","params":{"value":0.375,"places":2}}'), '{"id":14,"result":{"text":"0.38"}}');

  // run: T + 1 rows, states in order, a hash; verify equals run's last row
  const rr = await ask({ id: 15, method: 'run', params: { ...run, ticks: 5, state_ticks: [0, 5], schedule: [{ tick: 2, cohesion: 0.5, alignment: 0, separation: 1 }] } });
  assert.strictEqual(rr.result.metrics.polarization.length, 6);
  assert.deepStrictEqual(rr.result.states.map((s) => s.tick), [0, 5]);
  assert.match(rr.result.final_state_hash, /^[0-9a-f]{16}$/);
  const h = await ask({ id: 16, method: 'hash', params: { state: rr.result.states[1].state } });
  assert.strictEqual(h.result.hash, rr.result.final_state_hash);
  const v = await ask({ id: 17, method: 'verify', params: { seed: 1, birds: 10, weights: [1, 1, 1], schedule: [{ tick: 2, cohesion: 0.5, alignment: 0, separation: 1 }], at_tick: 5 } });
  assert.strictEqual(v.result.polarization, rr.result.metrics.polarization[5]);
  assert.strictEqual(v.result.cluster_count, rr.result.metrics.cluster_count[5]);
  // WEIGHTS-3: a change logged at tick 2 first acts on the step 2 -> 3, so
  // the run is 2 steps with the initial weights, then 3 with the new ones.
  const s0 = rr.result.states[0].state;
  const a = await ask({ id: 18, method: 'step', params: { state: s0, weights: [1, 1, 1], ticks: 2 } });
  const b = await ask({ id: 19, method: 'step', params: { state: a.result.state, weights: [0.5, 0, 1], ticks: 3 } });
  assert.deepStrictEqual(b.result.state, rr.result.states[1].state);

  // not a request
  const nr = await ask('this is not json');
  assert.strictEqual(nr.error.code, 'invalid-request');
  assert.strictEqual(nr.error.field, null);

  // PROTO-6, one rule for unknown keys: a key the method does not take (even
  // an input's name) or a top-level key besides id, method and params makes
  // the line no valid request, answered with a null field.
  for (const [id, line] of [
    [20, '{"id":20,"method":"prng","params":{"seed":1,"skip":0,"count":1,"x":2}}'],
    [21, '{"id":21,"method":"metrics","params":{"seed":1,"state":[[1.0,1.0,1.0,0.0]]}}'],
    [22, '{"id":22,"method":"hash","params":{"state":[[1.0,1.0,1.0,0.0]]},"extra":1}'],
    [23, '{"id":23,"method":"metrics","params":{"state":[[100,100,1,0]],"extra":1}}'],
    // A parameter spec/inputs.md does not range, out of its range.
    [24, '{"id":24,"method":"run","params":{"seed":1,"birds":10,"weights":[1,1,1],"schedule":[],"ticks":3,"state_ticks":[4]}}'],
    [25, '{"id":25,"method":"prng","params":{"seed":1,"skip":-1,"count":1}}'],
  ]) {
    const r = await ask(line);
    assert.deepStrictEqual([r.id, r.error.code, r.error.field], [id, 'invalid-request', null], line);
  }

  e.child.stdin.end(); // PROTO-9 (7): exit when stdin closes
  assert.strictEqual(await e.exited, 0);
});

test('a number past the doubles is a bad value of its parameter, never internal (PROTOCOL.md)', async () => {
  const e = startEngine();
  const seed = JSON.parse(await e.ask('{"id":1,"method":"prng","params":{"seed":1e400,"skip":0,"count":1}}'));
  assert.deepStrictEqual([seed.error.code, seed.error.field], ['invalid-input', 'seed']);
  const weight = JSON.parse(await e.ask('{"id":2,"method":"step","params":{"state":[[1.0,2.0,3.0,0.0]],"weights":[1e400,1.0,1.0],"ticks":1}}'));
  assert.deepStrictEqual([weight.error.code, weight.error.field], ['invalid-input', 'weights']);
  e.child.stdin.end();
  await e.exited;
});
