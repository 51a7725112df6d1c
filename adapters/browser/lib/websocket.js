'use strict';
// The client side of RFC 6455, as much as WebDriver BiDi on a loopback
// socket needs: text messages, fragments, ping, close. Node 20's global
// WebSocket needs --experimental-websocket, which `node bridge.js` does not
// pass; this keeps the bridge free of flags and npm packages alike.
const net = require('node:net');
const crypto = require('node:crypto');
const { EventEmitter } = require('node:events');

class WebSocketClient extends EventEmitter {
  static connect(url) {
    return new Promise((resolve, reject) => {
      const u = new URL(url);
      const socket = net.connect(Number(u.port), u.hostname);
      const key = crypto.randomBytes(16).toString('base64');
      let head = Buffer.alloc(0);
      const onData = (chunk) => {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        const status = head.subarray(0, head.indexOf('\r\n')).toString();
        if (!/^HTTP\/1\.1 101/.test(status)) { socket.destroy(); reject(new Error(`WebSocket handshake refused: ${status}`)); return; }
        const ws = new WebSocketClient(socket);
        resolve(ws);
        ws.feed(head.subarray(end + 4));
      };
      socket.on('data', onData);
      socket.once('error', reject);
      socket.write(`GET ${u.pathname} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
                   `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    });
  }

  constructor(socket) {
    super();
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    this.fragments = [];
    socket.on('data', (chunk) => this.feed(chunk));
    socket.on('close', () => this.emit('close'));
    socket.on('error', (e) => this.emit('error', e));
  }

  feed(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const b = this.buffer;
      if (b.length < 2) return;
      let len = b[1] & 0x7f;
      let at = 2;
      if (len === 126) { if (b.length < 4) return; len = b.readUInt16BE(2); at = 4; }
      else if (len === 127) { if (b.length < 10) return; len = Number(b.readBigUInt64BE(2)); at = 10; }
      const masked = (b[1] & 0x80) !== 0;
      const mask = masked ? b.subarray(at, at + 4) : null;
      if (masked) at += 4;
      if (b.length < at + len) return;
      const payload = Buffer.from(b.subarray(at, at + len));
      if (mask) for (let i = 0; i < payload.length; i++) payload[i] ^= mask[i & 3];
      this.buffer = b.subarray(at + len);
      const fin = (b[0] & 0x80) !== 0;
      const opcode = b[0] & 0x0f;
      if (opcode === 0x1 || opcode === 0x0) {
        this.fragments.push(payload);
        if (fin) { const text = Buffer.concat(this.fragments).toString('utf8'); this.fragments = []; this.emit('message', text); }
      } else if (opcode === 0x8) {
        this.socket.end();
      } else if (opcode === 0x9) {
        this.frame(0xa, payload);
      }
    }
  }

  frame(opcode, payload) {
    const mask = crypto.randomBytes(4);
    const n = payload.length;
    const head = n < 126 ? Buffer.from([0x80 | opcode, 0x80 | n])
      : n < 65536 ? Buffer.from([0x80 | opcode, 0x80 | 126, n >> 8, n & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), (() => { const l = Buffer.alloc(8); l.writeBigUInt64BE(BigInt(n)); return l; })()]);
    const body = Buffer.from(payload);
    for (let i = 0; i < body.length; i++) body[i] ^= mask[i & 3];
    this.socket.write(Buffer.concat([head, mask, body]));
  }

  send(text) { this.frame(0x1, Buffer.from(text, 'utf8')); }
  close() { this.socket.destroy(); }
}

module.exports = { WebSocketClient };
