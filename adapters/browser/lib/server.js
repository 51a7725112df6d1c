'use strict';
// Serves one folder on 127.0.0.1 (a free port), so that a page can fetch its
// engine's files and load ES modules, which browsers refuse from file://.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.json': 'application/json',
  '.wasm': 'application/wasm', '.css': 'text/css' };

function serve(root) {
  const base = fs.realpathSync(root);
  const server = http.createServer((req, res) => {
    let file;
    try {
      file = fs.realpathSync(path.join(base, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    } catch { file = null; }
    // Nothing outside the folder, whatever the path or its symlinks say.
    if (!file || (file !== base && !file.startsWith(base + path.sep)) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => { server.unref(); resolve({ server, origin: `http://127.0.0.1:${server.address().port}`, base }); });
  });
}

module.exports = { serve };
