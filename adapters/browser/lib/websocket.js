'use strict';
// The WebSocket client the Firefox driver speaks WebDriver BiDi over:
// Debian's node-ws (package node-ws, scripts/install-deps), not a client of
// our own. Node 20's global WebSocket needs --experimental-websocket, which
// `node bridge.js` does not pass.
function loadWs() {
  try {
    return require('ws');
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
  }
  // Debian's own nodejs finds its packages in /usr/share/nodejs; a Node
  // installed some other way does not look there.
  return require('/usr/share/nodejs/ws');
}
const WebSocket = loadWs();

// An open connection to `url`, or the reason there is none. No compression:
// a loopback session gains nothing by it.
function connect(url) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => {
      ws.off('error', reject);
      resolve(ws);
    });
    ws.once('error', reject);
  });
}

module.exports = { connect };
