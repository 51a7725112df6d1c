'use strict';
// Runs CommonJS files written for Node (adapters/node, unchanged) in a page:
// fetches each file's text and calls it with its own module, exports and
// require. require('node:...') gives an empty object, and require.main is
// never the module, so engine.js defines its handler without starting its
// stdin loop.
async function loadCommonJs(files, main, process) {
  const sources = {};
  await Promise.all(Object.entries(files).map(async ([name, url]) => {
    const r = await fetch(url);
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    // Node skips a #! first line; a Function body would not.
    sources[name] = (await r.text()).replace(/^#!/, '//');
  }));
  const cache = {};
  function require(name) {
    if (name.startsWith('node:')) return {};
    const key = name.replace(/^\.\//, '');
    if (!(key in sources)) throw new Error(`the page does not load ${name}`);
    if (!cache[key]) {
      const module = { exports: {} };
      cache[key] = module;
      const req = (n) => require(n);
      req.main = null;
      new Function('module', 'exports', 'require', 'process', sources[key] + `\n//# sourceURL=${files[key]}`)(
        module, module.exports, req, process);
    }
    return cache[key].exports;
  }
  return require(main);
}
