'use strict';
// A browser's processes and its profile folder: spawning it in a process
// group of its own, killing everything it started, and removing the profiles
// of bridges that died before they could (the kit kills a hung engine with
// SIGKILL at once, so a bridge cannot always clean up after itself).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');

const PREFIX = 'susurration-browser-';
// Every browser process inherits this variable; its value is the profile
// folder. Processes that left the browser's group (or were re-parented when
// their parent died) are still found by it.
const MARKER = 'SUSURRATION_BROWSER_PROFILE';

const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

// Field 22 of /proc/PID/stat: when the process started, so that a pid reused
// by another program is not taken for the bridge that wrote it.
function startTime(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch { return null; }
}

function pidsWithMarker(profile) {
  const needle = Buffer.from(`${MARKER}=${profile}\0`);
  const found = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/environ`).includes(needle)) found.push(Number(name));
    } catch { /* gone, or not ours to read */ }
  }
  return found;
}

// SIGKILL the browser's group and every process carrying the marker, until
// none is left (a dying browser may still fork). Done in milliseconds on an
// idle machine; the 30 s bound is for a loaded one, where a killed process
// can wait seconds for a core to die on (issue 25: two seconds were not
// always enough with both cores busy), and it costs nothing when they die.
const KILL_BOUND_MS = 30000;
function killAll(profile, pgid) {
  for (const end = Date.now() + KILL_BOUND_MS; Date.now() < end;) {
    if (pgid) { try { process.kill(-pgid, 'SIGKILL'); } catch { /* group gone */ } }
    const pids = pidsWithMarker(profile).filter((p) => !isZombie(p));
    for (const pid of pids) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
    if (pids.length === 0 && !(pgid && groupAlive(pgid))) return true;
    sleepSync(10);
  }
  return false;
}

function isZombie(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch { return true; }
}

function groupAlive(pgid) {
  try { process.kill(-pgid, 0); } catch { return false; }
  // A group whose members are all zombies (waiting for us to reap) is dead.
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[2]) === pgid && f[0] !== 'Z') return true;
    } catch { /* gone */ }
  }
  return false;
}

// The owner file goes last, so that a bridge killed while removing leaves a
// folder the next bridge sees as stale at once.
function removeFolder(dir) {
  // Retried for up to 10 s: a browser that is still dying may hold a file.
  for (let i = 0; i < 200; i++) {
    try {
      for (const sub of ['p', 'h', 't']) fs.rmSync(path.join(dir, sub), { recursive: true, force: true });
      fs.rmSync(dir, { recursive: true, force: true });
      return true;
    } catch { sleepSync(50); }
  }
  return !fs.existsSync(dir);
}

// Profiles whose bridge is gone: kill what still runs on them, remove them.
// A folder too young to have its owner file yet is left to its bridge.
function cleanStaleProfiles(tmp = os.tmpdir()) {
  let names;
  try { names = fs.readdirSync(tmp); } catch { return; }
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(tmp, name);
    let owner;
    try { owner = fs.readFileSync(path.join(dir, 'owner'), 'utf8').trim().split(' '); } catch {
      try { if (Date.now() - fs.statSync(dir).mtimeMs < 60000) continue; } catch { continue; }
      owner = [];
    }
    const [pid, started] = owner;
    if (pid && startTime(pid) === started) continue;  // its bridge still runs
    killAll(path.join(dir, 'p'), null);
    removeFolder(dir);
  }
}

class Browser {
  // argv(profileDir) gives the browser's command line; env is added to ours.
  constructor(binary, argv, env, { stdio = ['ignore', 'ignore', 'pipe'] } = {}) {
    cleanStaleProfiles();
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX + process.pid + '-'));
    fs.writeFileSync(path.join(this.dir, 'owner'), `${process.pid} ${startTime(process.pid)}\n`);
    this.profile = path.join(this.dir, 'p');
    this.home = path.join(this.dir, 'h');
    this.tmp = path.join(this.dir, 't');  // short: Chromium puts a socket in it (108 bytes at most)
    for (const d of [this.profile, this.home, this.tmp]) fs.mkdirSync(d);
    this.closed = false;
    // perl-base is Essential in Debian: setpgid(0, 0), then exec the browser
    // with the same pid. The browser gets a group of its own, so one kill
    // reaches all of it, but stays in our session and remains our child, so
    // the kit still finds it among the engine's descendants and by its token.
    // (Node's detached: true would also call setsid.)
    // PR_SET_PDEATHSIG: a bridge killed outright (SIGKILL, where nothing of
    // ours runs) takes the browser with it (Chromium also quits when its
    // DevTools pipe closes, Firefox does not); the browser's children then
    // lose their parent and exit, and the next bridge removes the profile.
    const prctl = { x64: 157, arm64: 167 }[process.arch];
    const deathSignal = prctl ? `my $p = getppid(); syscall(${prctl}, 1, 9); kill 9, $$ if getppid() != $p; ` : '';
    this.child = spawn('perl', ['-e', `${deathSignal}setpgrp(0, 0) or die "setpgrp: $!"; exec { $ARGV[0] } @ARGV or die "exec $ARGV[0]: $!"`,
      binary, ...argv(this.profile)], {
      stdio,
      env: {
        ...process.env, ...env, [MARKER]: this.profile,
        // Chromium keeps files in TMPDIR (org.chromium.Chromium.*): ours.
        HOME: this.home, TMPDIR: this.tmp, XDG_CONFIG_HOME: path.join(this.home, '.config'),
        XDG_CACHE_HOME: path.join(this.home, '.cache'), XDG_DATA_HOME: path.join(this.home, '.local/share'),
      },
    });
    this.pgid = this.child.pid;
    this.child.on('error', () => {});
  }

  // Kills every browser process and removes the folder; safe to call twice
  // and from an 'exit' handler (it is synchronous).
  close() {
    if (this.closed) return;
    this.closed = true;
    killAll(this.profile, this.pgid);
    removeFolder(this.dir);
  }
}

module.exports = { Browser, cleanStaleProfiles, PREFIX, MARKER };
