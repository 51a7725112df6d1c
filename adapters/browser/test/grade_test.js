'use strict';
// browser.<browser>-grades-conformant:
//   node grade_test.js SUSURRATION_BIN chromium|firefox [JOBS]
// Grades the whole vector set through the bridge (the default page: the
// Node engine, V8's or SpiderMonkey's libm) and passes when the level is
// exact or conformant, and no profile folder is left in the TMPDIR it gave
// the bridges (the kit gives an engine one second to exit after shutdown).
// Skips (77) when the browser is not installed.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { drivers } = require('../lib/drivers.js');

const [bin, browser] = process.argv.slice(2);
if (!drivers[browser].binary()) {
  console.log(`SKIP: ${browser} is not installed; install it (scripts/install-deps) to run this test`);
  process.exit(77);
}
// --timeout 180: the hello deadline is the base alone (PROTO-3) and must hold
// the browser's start, which took Firefox over 10 s on this machine under
// load, and over 60 s with both cores busy and twelve tests at a time
// (2026-12-02). A correct engine never waits for it, so a generous base
// costs nothing. JOBS (the third argument, 2 by default) is grade's --jobs: 1 took
// Firefox 135 s where 2 took 87 s on this machine under load.
const jobs = process.argv[4] || '2';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grade-'));
// The bridge's plain usage, no --root: the sandbox binds ../node, which the
// default page runs, for the kit's own bridge (README).
const child = spawn(bin, ['grade', '--engine', `node ${path.resolve(__dirname, '..', 'bridge.js')} ${browser}`,
  '--jobs', jobs, '--timeout', '180', '--fresh', 'off'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, TMPDIR: tmp } });
let out = '';
child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
child.on('exit', (code) => {
  const level = /^Level: (exact|conformant)$/m.test(out);
  const left = fs.readdirSync(tmp);
  fs.rmSync(tmp, { recursive: true, force: true });
  if (code === 0 && level && left.length === 0) {
    console.log(`PASS: ${browser} grades ${/^Level: (\w+)/m.exec(out)[1]}, and no profile folder is left`);
    process.exit(0);
  }
  console.log(`FAIL: grade exited ${code}${level ? '' : ', level not exact or conformant'}` +
              `${left.length ? `, left in TMPDIR: ${left.join(' ')}` : ''}`);
  process.exit(1);
});
