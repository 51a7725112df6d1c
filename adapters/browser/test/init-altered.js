'use strict';
// The Node engine of ../page/node-engine.html, except that an init request
// is answered by onInit(line) instead: the pages here that hang on init
// (hang-page.html spins, silent-page.html never answers).
function nodeEngineWithInit(onInit) {
  loadCommonJs({ 'flock.js': '../../node/flock.js', 'engine.js': '../../node/engine.js' }, 'engine.js',
               { version: 'in a browser page' })
    .then((engine) => {
      globalThis.susurrationEngine = {
        handleLine(line) {
          if (line.includes('"method":"init"')) return onInit(line);
          const r = engine.handleLine(line);
          return r.text !== undefined ? r.text : engine.ser(r.response);
        },
      };
    });
}
