#!/usr/bin/env node
'use strict';
// An engine like any other, run inside a real browser:
//   node adapters/browser/bridge.js chromium|firefox [PAGE] [--root DIR]
//   node adapters/browser/bridge.js chromium|firefox --installed
// starts the browser headless, loads PAGE (by default the Node engine of
// adapters/node, unchanged), hands each protocol line from stdin to the
// page's globalThis.susurrationEngine.handleLine and prints its answer.
// PAGE is a URL, or a file served with its folder (or --root DIR) on
// 127.0.0.1. Exit status: 0 after shutdown or end of stdin, 2 a usage error,
// 3 the browser is not installed, 4 the browser failed or died, 128+n a signal.
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { drivers } = require('./lib/drivers.js');
const { serve } = require('./lib/server.js');
const { cleanStaleProfiles } = require('./lib/processes.js');

const USAGE = 'usage: node adapters/browser/bridge.js chromium|firefox [PAGE] [--root DIR] | --installed';

function die(status, message) {
  process.stderr.write(`bridge: ${message}\n`);
  process.exit(status);
}

function parseArgs(argv) {
  const args = { page: null, root: null, installed: false };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') {
      if (i + 1 >= argv.length) die(2, `--root needs a folder\n${USAGE}`);
      args.root = argv[++i];
    } else if (argv[i] === '--installed') {
      args.installed = true;
    } else rest.push(argv[i]);
  }
  if (rest.length < 1 || rest.length > 2 || !(rest[0] in drivers)) die(2, `invalid browser: ${rest[0] ?? '(none)'} (allowed: chromium, firefox)\n${USAGE}`);
  args.browser = rest[0];
  args.page = rest[1] || null;
  return args;
}

// The URL the browser loads, and the folder served for it.
async function pageUrl(args) {
  if (args.page && /^[a-z]+:/i.test(args.page)) return args.page;
  const page = args.page ? path.resolve(args.page) : path.join(__dirname, 'page', 'node-engine.html');
  if (!fs.existsSync(page) || !fs.statSync(page).isFile()) die(2, `invalid PAGE: ${args.page} (allowed: a URL or an existing file)`);
  // The default page reaches ../../node, so its root is adapters/.
  const root = path.resolve(args.root || (args.page ? path.dirname(page) : path.join(__dirname, '..')));
  const rel = path.relative(root, page);
  if (rel.startsWith('..') || path.isAbsolute(rel)) die(2, `invalid --root: ${root} (allowed: a folder holding ${page})`);
  const { origin } = await serve(root);
  return `${origin}/${rel.split(path.sep).map(encodeURIComponent).join('/')}`;
}

// The id to echo when the page fails on a request: valid ids only (PROTO-6).
function requestId(line) {
  const m = /"id"\s*:\s*(\d+)\s*[,}]/.exec(line);
  return m && Number.isSafeInteger(Number(m[1])) ? m[1] : 'null';
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const Driver = drivers[args.browser];
  const binary = Driver.binary();
  if (!binary) die(3, `${args.browser} is not installed (set SUSURRATION_${args.browser.toUpperCase()} to its binary)`);
  // The browser that would run, for scripts that grade only what is there.
  if (args.installed) { process.stdout.write(binary + '\n'); return; }

  const driver = new Driver();
  let closing = false;
  const shut = (status) => {
    if (!closing) { closing = true; driver.close(); }
    process.exit(status);
  };
  // Every way out kills the browser's processes and removes its profile.
  process.on('exit', () => driver.close());
  for (const [sig, n] of [['SIGINT', 2], ['SIGTERM', 15], ['SIGHUP', 1], ['SIGQUIT', 3]]) process.on(sig, () => shut(128 + n));
  process.on('uncaughtException', (e) => { process.stderr.write(`bridge: ${e && e.stack || e}\n`); shut(4); });
  process.stdout.on('error', () => shut(0));

  // Profiles left by bridges that died go first, whatever happens next.
  cleanStaleProfiles();
  const queue = [];
  let wake = null;
  let ended = false;
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  rl.on('line', (line) => { queue.push(line); if (wake) wake(); });
  rl.on('close', () => { ended = true; if (wake) wake(); });
  // The browser starts with the first line (the kit sends hello at once, and
  // its deadline counts the browser's start, PROTO-3); a stdin that ends
  // before any line costs no browser at all.
  while (queue.length === 0 && !ended) {
    await new Promise((r) => { wake = r; });
    wake = null;
  }
  if (queue.length === 0) return;

  const url = await pageUrl(args);
  try {
    await driver.start(binary);
    await driver.load(url);
  } catch (e) {
    die(4, `${args.browser} (${binary}) did not start or load ${url}: ${e.message}`);
  }
  // Said on stderr, which the kit quotes, in case the wait ends in a missed
  // deadline: a page that never exposes its engine is the usual cause.
  // (A page may define it after its load event, as the default page does.)
  let exposed = false;
  for (let waited = 0; !exposed && waited < 3000; waited += 100) {
    exposed = await driver.hasEngine();
    if (!exposed) await new Promise((r) => setTimeout(r, 100));
  }
  if (!exposed) {
    process.stderr.write(`bridge: ${url} has loaded but not defined globalThis.susurrationEngine in 3 s; waiting up to 20 s more\n`);
  }

  for (;;) {
    if (queue.length === 0) {
      if (ended) shut(0);
      await new Promise((r) => { wake = r; });
      wake = null;
      continue;
    }
    const line = queue.shift();
    if (line.trim() === '') continue;
    let answer;
    try {
      answer = await driver.ask(line);
    } catch (e) {
      if (driver.browser.child.exitCode !== null || driver.browser.child.signalCode !== null) die(4, e.message);
      answer = JSON.stringify({ id: null, error: { code: 'internal', field: null, message: e.message.slice(0, 300) } })
        .replace('"id":null', `"id":${requestId(line)}`);
    }
    let method = null;
    try { method = JSON.parse(line).method; } catch { /* the page has answered it */ }
    if (method === 'hello') answer = namingTheBrowser(answer, driver);
    // The kit waits for shutdown's answer within its deadline, but gives an
    // engine only a second to exit after it: the browser goes first.
    const last = method === 'shutdown' && /"result"/.test(answer);
    if (last) { closing = true; driver.close(); }
    await new Promise((r) => process.stdout.write(answer + '\n', r));
    if (last) shut(0);
  }
}

// hello's language names the browser that runs the page, and its version.
function namingTheBrowser(answer, driver) {
  try {
    const r = JSON.parse(answer);
    if (!r.result || typeof r.result !== 'object') return answer;
    const page = typeof r.result.language === 'string' ? `; page: ${r.result.language}` : '';
    r.result.language = `${driver.name} ${driver.version} (headless${page})`;
    return JSON.stringify(r);  // hello holds no float, so JSON.stringify keeps every value
  } catch { return answer; }
}

main();
