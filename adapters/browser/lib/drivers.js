'use strict';
// The two ways the bridge drives a browser, with nothing but Node and the
// browser itself: Chromium by the DevTools protocol over
// --remote-debugging-pipe (fds 3 and 4, no port), Firefox by WebDriver BiDi
// over a loopback WebSocket (Firefox ESR speaks no CDP). Each driver offers
// start(), load(url), ask(line) -> the page's answer, and close().
const fs = require('node:fs');
const path = require('node:path');
const { Browser } = require('./processes.js');
const websocket = require('./websocket.js');

// Runs in the page: waits for the engine the page exposes, hands it one
// protocol line, and returns its answer line.
const ASK = `async (line) => {
  for (let waited = 0; !globalThis.susurrationEngine; waited += 10) {
    if (waited > 20000) throw new Error('the page has not defined globalThis.susurrationEngine');
    await new Promise((r) => setTimeout(r, 10));
  }
  const answer = await globalThis.susurrationEngine.handleLine(line);
  if (typeof answer !== 'string') throw new Error('handleLine returned a ' + typeof answer + ', not a string');
  return answer;
}`;

// Whether the page has exposed its engine yet.
const EXPOSED = "typeof globalThis.susurrationEngine === 'object' && globalThis.susurrationEngine !== null";

function findProgram(names) {
  for (const name of names) {
    if (!name) continue;
    if (name.includes('/')) { if (isExecutable(name)) return name; continue; }
    for (const dir of (process.env.PATH || '').split(':')) {
      if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
    }
  }
  return null;
}
function isExecutable(p) {
  try { fs.accessSync(p, fs.constants.X_OK); return fs.statSync(p).isFile(); } catch { return false; }
}

// The last lines a browser wrote on stderr, to quote when it fails.
class Tail {
  constructor(stream, onLine) {
    this.lines = [];
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (s) => {
      const parts = (partial + s).split('\n');
      partial = parts.pop();
      for (const line of parts) {
        if (onLine) onLine(line);
        this.lines.push(line);
        if (this.lines.length > 20) this.lines.shift();
      }
    });
  }
  text() { return this.lines.join('\n'); }
}

class Chromium {
  static binary() {
    // Debian's /usr/bin/chromium is a shell wrapper; the real binary is beside.
    return findProgram([process.env.SUSURRATION_CHROMIUM, '/usr/lib/chromium/chromium', 'chromium', 'chromium-browser', 'google-chrome']);
  }

  async start(binary) {
    const args = (profile) => [
      '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`,
      '--no-first-run', '--no-default-browser-check', '--disable-gpu', '--disable-extensions',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--disable-breakpad', '--disable-dev-shm-usage', '--mute-audio',
      // Chromium refuses to run as root with its sandbox on.
      ...(process.getuid() === 0 ? ['--no-sandbox'] : []),
      'about:blank'];
    this.browser = new Browser(binary, args, {}, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
    this.tail = new Tail(this.browser.child.stderr);
    this.pending = new Map();
    this.events = [];
    this.nextId = 1;
    const out = this.browser.child.stdio[3];
    const inp = this.browser.child.stdio[4];
    this.out = out;
    let buf = '';
    inp.setEncoding('utf8');
    inp.on('data', (s) => {
      buf += s;
      for (let end; (end = buf.indexOf('\0')) >= 0;) {
        const msg = JSON.parse(buf.slice(0, end));
        buf = buf.slice(end + 1);
        this.dispatch(msg);
      }
    });
    const gone = new Promise((_, reject) => {
      this.browser.child.once('exit', (code, sig) => {
        const e = new Error(`chromium exited (${sig || 'status ' + code}) ${this.tail.text()}`);
        for (const { reject: r } of this.pending.values()) r(e);
        this.pending.clear();
        reject(e);
      });
    });
    gone.catch(() => {});
    this.gone = gone;
    out.on('error', () => {});
    inp.on('error', () => {});
    const v = await this.send('Browser.getVersion');
    this.name = 'Chromium';
    this.version = v.product.replace(/^[^/]*\//, '');
  }

  dispatch(msg) {
    if (msg.id !== undefined && this.pending.has(msg.id)) {
      const { resolve, reject } = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.error) reject(new Error(`CDP: ${msg.error.message}`)); else resolve(msg.result);
    } else if (msg.method) {
      for (const w of this.events.slice()) w(msg);
    }
  }

  send(method, params = {}, sessionId) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.out.write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
    });
  }

  waitEvent(method, sessionId) {
    return new Promise((resolve) => {
      const w = (msg) => {
        if (msg.method === method && msg.sessionId === sessionId) { this.events.splice(this.events.indexOf(w), 1); resolve(msg.params); }
      };
      this.events.push(w);
    });
  }

  async load(url) {
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank' });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    this.session = sessionId;
    await this.send('Page.enable', {}, sessionId);
    const loaded = this.waitEvent('Page.loadEventFired', sessionId);
    const nav = await this.send('Page.navigate', { url }, sessionId);
    if (nav.errorText) throw new Error(`chromium could not load ${url}: ${nav.errorText}`);
    await Promise.race([loaded, this.gone]);
  }

  async hasEngine() {
    const r = await this.send('Runtime.evaluate', { expression: EXPOSED, returnByValue: true }, this.session);
    return r.result.value === true;
  }

  async ask(line) {
    const r = await Promise.race([this.gone, this.send('Runtime.evaluate', {
      expression: `(${ASK})(${JSON.stringify(line)})`, awaitPromise: true, returnByValue: true,
    }, this.session)]);
    if (r.exceptionDetails) {
      const d = r.exceptionDetails;
      throw new Error(`the page threw: ${(d.exception && d.exception.description) || d.text}`);
    }
    return r.result.value;
  }

  close() { if (this.browser) this.browser.close(); }
}

class Firefox {
  static binary() {
    return findProgram([process.env.SUSURRATION_FIREFOX, 'firefox-esr', 'firefox']);
  }

  async start(binary) {
    const args = (profile) => {
      // remote.prefs.recommended (on by default) switches off updates,
      // telemetry and first-run pages; these are the rest a grader needs.
      fs.writeFileSync(path.join(profile, 'user.js'), [
        'user_pref("dom.max_script_run_time", 0);',          // no "slow script" stop: the kit keeps the time
        'user_pref("dom.max_chrome_script_run_time", 0);',
        'user_pref("browser.shell.checkDefaultBrowser", false);',
        'user_pref("app.update.disabledForTesting", true);',
        'user_pref("datareporting.policy.dataSubmissionEnabled", false);',
        'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);',
        'user_pref("browser.safebrowsing.malware.enabled", false);',
        'user_pref("browser.safebrowsing.phishing.enabled", false);',
        'user_pref("network.captive-portal-service.enabled", false);',
        'user_pref("network.connectivity-service.enabled", false);',
        ''].join('\n'));
      return ['--headless', '--no-remote', '--profile', profile, '--remote-debugging-port=0', 'about:blank'];
    };
    this.browser = new Browser(binary, args, { MOZ_CRASHREPORTER_DISABLE: '1' });
    let announce;
    const url = new Promise((resolve) => { announce = resolve; });
    this.tail = new Tail(this.browser.child.stderr, (line) => {
      const m = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(line);
      if (m) announce(m[1]);
    });
    this.gone = new Promise((_, reject) => {
      this.browser.child.once('exit', (code, sig) => reject(new Error(`firefox exited (${sig || 'status ' + code}) ${this.tail.text()}`)));
    });
    this.gone.catch(() => {});
    const endpoint = await Promise.race([url, this.gone]);
    this.ws = await websocket.connect(endpoint.replace(/\/?$/, '/session'));
    this.pending = new Map();
    this.nextId = 1;
    this.ws.on('message', (data) => {
      const msg = JSON.parse(data.toString('utf8'));
      if (msg.id === undefined || !this.pending.has(msg.id)) return;
      const { resolve, reject } = this.pending.get(msg.id);
      this.pending.delete(msg.id);
      if (msg.type === 'error') reject(new Error(`BiDi: ${msg.error}: ${msg.message}`)); else resolve(msg.result);
    });
    this.ws.on('error', () => {});
    const s = await this.send('session.new', { capabilities: {} });
    this.name = 'Firefox';
    this.version = s.capabilities.browserVersion;
  }

  send(method, params = {}) {
    const id = this.nextId++;
    return Promise.race([this.gone, new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ id, method, params }));
    })]);
  }

  async load(url) {
    const tree = await this.send('browsingContext.getTree', {});
    this.context = tree.contexts[0].context;
    await this.send('browsingContext.navigate', { context: this.context, url, wait: 'complete' });
  }

  async hasEngine() {
    const r = await this.send('script.evaluate', { expression: EXPOSED, awaitPromise: false, target: { context: this.context } });
    return r.type === 'success' && r.result.value === true;
  }

  async ask(line) {
    const r = await this.send('script.callFunction', {
      functionDeclaration: ASK, arguments: [{ type: 'string', value: line }],
      awaitPromise: true, target: { context: this.context }, resultOwnership: 'none',
    });
    if (r.type === 'exception') throw new Error(`the page threw: ${r.exceptionDetails.text}`);
    return r.result.value;
  }

  close() {
    if (this.ws) this.ws.terminate();
    if (this.browser) this.browser.close();
  }
}

module.exports = { drivers: { chromium: Chromium, firefox: Firefox } };
