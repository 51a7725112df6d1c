'use strict';
// Expands an EARL report (grade --report earl) with jsonld.js in safe mode:
// a key or a value the document's own context cannot map to an IRI throws
// instead of being dropped, and no document is fetched (the context is
// inline; any fetch is refused). Prints what the expanded graph asserts, for
// earl_test.py to hold against the JSON report of the same grade:
//   {"assertions": [[test IRI, outcome IRI, the subject's doap:name], ...], "types": {type IRI: nodes}}
//   node earl_check.js REPORT.earl.json
const fs = require('node:fs');
const jsonld = require('jsonld');

const EARL = 'http://www.w3.org/ns/earl#';
const DOAP = 'http://usefulinc.com/ns/doap#';

async function main(file) {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  const documentLoader = async (url) => { throw new Error(`refused to fetch ${url}`); };
  const expanded = await jsonld.expand(doc, { safe: true, documentLoader });
  const flat = await jsonld.flatten(expanded, null, { safe: true, documentLoader });
  const graph = Array.isArray(flat) ? flat : flat['@graph'];
  const nodes = new Map(graph.map((n) => [n['@id'], n]));
  const types = {};
  const assertions = [];
  for (const n of graph) {
    for (const t of n['@type'] || []) types[t] = (types[t] || 0) + 1;
    if (!(n['@type'] || []).includes(EARL + 'Assertion')) continue;
    const result = nodes.get(n[EARL + 'result'][0]['@id']);
    const subject = nodes.get(n[EARL + 'subject'][0]['@id']);
    assertions.push([n[EARL + 'test'][0]['@id'], result[EARL + 'outcome'][0]['@id'],
      subject[DOAP + 'name'][0]['@value']]);
  }
  process.stdout.write(JSON.stringify({ assertions, types }) + '\n');
}

main(process.argv[2]).catch((e) => {
  process.stderr.write(`earl_check: ${e.message}\n`);
  process.exit(1);
});
