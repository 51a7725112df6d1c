#!/usr/bin/env node
'use strict';
// How often Math.hypot, Math.sin and Math.cos of Node, Chromium and Firefox,
// and glibc's hypot, sin and cos, differ from the correctly rounded value,
// and by how many ulps, on inputs shaped as the flock's (libm_inputs.cpp).
// Prints a Markdown table for README.md; run by hand:
//   node adapters/browser/libm_table.js [--inputs BIN] [--count N] [--only node,glibc,chromium,firefox]
const path = require('node:path');
const { execFileSync, execSync } = require('node:child_process');
const { drivers } = require('./lib/drivers.js');
const { serve } = require('./lib/server.js');

function options(argv) {
  const o = { inputs: path.join(__dirname, '../../build/release/adapters/browser/browser_libm_inputs'),
    count: 100000, only: ['glibc', 'node', 'chromium', 'firefox'] };
  for (let i = 0; i < argv.length; i += 2) {
    const [k, v] = [argv[i], argv[i + 1]];
    if (v === undefined) usage(`${k} needs a value`);
    if (k === '--inputs') o.inputs = v;
    else if (k === '--count') o.count = Number(v);
    else if (k === '--only') o.only = v.split(',');
    else usage(`unknown option ${k}`);
  }
  return o;
}
function usage(why) {
  process.stderr.write(`libm_table: ${why}\nusage: node libm_table.js [--inputs BIN] [--count N] [--only node,glibc,chromium,firefox]\n`);
  process.exit(2);
}

const dv = new DataView(new ArrayBuffer(8));
const fromHex = (h) => { dv.setBigUint64(0, BigInt('0x' + h)); return dv.getFloat64(0); };
// Doubles in order as integers: the ulp distance of two finite doubles is
// the difference of these (also across zero).
function ordered(x) {
  dv.setFloat64(0, x);
  const b = dv.getBigInt64(0);
  return b < 0n ? -(b & 0x7fffffffffffffffn) : b;
}
const ulps = (a, b) => { const d = ordered(a) - ordered(b); return d < 0n ? -d : d; };

const KINDS = [
  ['hypot-field', 'hypot', 'hypot, torus deltas (±500, ±300)'],
  ['hypot-near', 'hypot', 'hypot, deltas of neighbours (±90)'],
  ['sin', 'sin', 'sin, init angles (0..2π)'],
  ['cos', 'cos', 'cos, init angles (0..2π)'],
];

function readInputs(bin, count) {
  const sets = {};
  for (const [kind] of KINDS) sets[kind] = { a: [], b: [], cr: [], glibc: [] };
  const text = execFileSync(bin, [String(count)], { encoding: 'utf8', maxBuffer: 1 << 30 });
  for (const line of text.split('\n')) {
    if (!line) continue;
    const [kind, a, b, cr, glibc] = line.split(' ');
    const s = sets[kind];
    s.a.push(fromHex(a));
    if (b !== '-') s.b.push(fromHex(b));
    s.cr.push(fromHex(cr));
    s.glibc.push(fromHex(glibc));
  }
  return sets;
}

// One cell: the share of inputs that differ, and the histogram of ulps.
function cell(values, cr) {
  const hist = new Map();
  for (let i = 0; i < cr.length; i++) {
    const u = ulps(values[i], cr[i]);
    if (u !== 0n) hist.set(u, (hist.get(u) || 0) + 1);
  }
  const differ = [...hist.values()].reduce((s, n) => s + n, 0);
  if (differ === 0) return '0';
  const pct = (100 * differ / cr.length).toFixed(differ * 1000 < cr.length ? 3 : 2);
  const spread = [...hist.entries()].sort((x, y) => (x[0] < y[0] ? -1 : 1)).map(([u, n]) => `${n} × ${u}`).join(', ');
  return `${pct}% (${spread} ulp)`;
}

async function inBrowser(name, sets) {
  const Driver = drivers[name];
  const binary = Driver.binary();
  if (!binary) return null;
  const d = new Driver();
  try {
    await d.start(binary);
    const { origin } = await serve(path.join(__dirname, 'page'));
    await d.load(`${origin}/libm.html`);
    const out = {};
    for (const [kind, f] of KINDS) {
      out[kind] = JSON.parse(await d.ask(JSON.stringify({ f, a: sets[kind].a, b: sets[kind].b })));
    }
    return { label: `${d.name} ${d.version}`, out };
  } finally { d.close(); }
}

async function main() {
  const o = options(process.argv.slice(2));
  if (!Number.isInteger(o.count) || o.count < 1) usage(`invalid --count: ${o.count} (allowed: a positive integer)`);
  const sets = readInputs(o.inputs, o.count);
  const columns = [];
  for (const env of o.only) {
    if (env === 'glibc') {
      const v = execSync('getconf GNU_LIBC_VERSION', { encoding: 'utf8' }).trim().replace('glibc ', '');
      columns.push({ label: `glibc ${v}`, out: Object.fromEntries(KINDS.map(([k]) => [k, sets[k].glibc])) });
    } else if (env === 'node') {
      const out = {};
      for (const [kind, f] of KINDS) {
        const s = sets[kind];
        out[kind] = f === 'hypot' ? s.a.map((x, i) => Math.hypot(x, s.b[i])) : s.a.map((x) => Math[f](x));
      }
      columns.push({ label: `Node ${process.version}`, out });
    } else if (env in drivers) {
      const c = await inBrowser(env, sets);
      if (c) columns.push(c); else process.stderr.write(`libm_table: ${env} is not installed; its column is left out\n`);
    } else usage(`unknown environment ${env}`);
  }
  const rows = [`| ${o.count} inputs each | ${columns.map((c) => c.label).join(' | ')} |`,
    `|---|${columns.map(() => '---').join('|')}|`];
  for (const [kind, , title] of KINDS) {
    rows.push(`| ${title} | ${columns.map((c) => cell(c.out[kind], sets[kind].cr)).join(' | ')} |`);
  }
  process.stdout.write(rows.join('\n') + '\n');
}

main().catch((e) => { process.stderr.write(`libm_table: ${e.stack || e}\n`); process.exit(4); });
