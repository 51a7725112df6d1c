'use strict';
// browser.<browser>-grades-conformant:
//   node grade_test.js SUSURRATION_BIN chromium|firefox
// Grades the whole vector set through the bridge (the default page: the
// Node engine, V8's or SpiderMonkey's libm) and passes when the level is
// exact or conformant. Skips (77) when the browser is not installed.
const path = require('node:path');
const { spawn } = require('node:child_process');
const { drivers } = require('../lib/drivers.js');

const [bin, browser] = process.argv.slice(2);
if (!drivers[browser].binary()) {
  console.log(`SKIP: ${browser} is not installed; install it (scripts/install-deps) to run this test`);
  process.exit(77);
}
// --timeout 60: the hello deadline is the base alone (PROTO-3) and must hold
// the browser's start, which takes Firefox 3-4 s on an idle machine and
// over 10 s on a loaded one.
const child = spawn(bin, ['grade', '--engine', `node ${path.resolve(__dirname, '..', 'bridge.js')} ${browser}`,
  '--jobs', '2', '--timeout', '60'], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
child.stdout.on('data', (d) => { out += d; process.stdout.write(d); });
child.on('exit', (code) => {
  const ok = code === 0 && /^Level: (exact|conformant)$/m.test(out);
  console.log(ok ? `PASS: ${browser} grades ${/^Level: (\w+)/m.exec(out)[1]}` : `FAIL: grade exited ${code}, level not exact or conformant`);
  process.exit(ok ? 0 : 1);
});
