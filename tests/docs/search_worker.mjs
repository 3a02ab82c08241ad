// Runs mkdocs-material's search worker (a site's, or the one the package ships) under Node, as
// the browser runs it: the worker's script in a context of its own, spoken to by messages.
// tests/docs/test_search_worker.py calls it.
//
// node search_worker.mjs WORKER.js tokenset   reads a JSON list of sorted terms on stdin; prints
//     the terms a "*" query expands to in the worker's lunr, built from them with lunr's node ids
//     starting at 1, as a fresh worker's start
// node search_worker.mjs WORKER.js search INDEX.json   reads a JSON list of queries on stdin;
//     prints, per query, the locations the worker answered and what it warned
import { readFileSync } from "node:fs";
import { createContext, runInContext } from "node:vm";

const [worker, mode, indexPath] = process.argv.slice(2);
const input = JSON.parse(readFileSync(0, "utf8"));
let onMessage;
let answered = () => {};
const warnings = [];
const context = {
  console: { warn: (...parts) => warnings.push(parts.map(String).join(" ")), log: () => {} },
  addEventListener: (_type, handler) => { onMessage = handler; },
  postMessage: (message) => answered(message),
  importScripts: () => {},
};
context.self = context;
createContext(context);
runInContext(readFileSync(worker, "utf8"), context);

/** The worker's answer to one message (it answers once its promise settles), or an error
 * after 30 s. */
function ask(data) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the worker did not answer ${JSON.stringify(data).slice(0, 80)}`)), 30000);
    answered = (message) => { clearTimeout(timer); resolve(message); };
    onMessage({ data });
  });
}

if (mode === "tokenset") {
  const lunr = context.lunr;
  lunr.TokenSet._nextId = 1;
  const terms = lunr.TokenSet.fromArray(input).intersect(lunr.TokenSet.fromString("*")).toArray();
  console.log(JSON.stringify(terms.sort()));
} else if (mode === "search") {
  const index = JSON.parse(readFileSync(indexPath, "utf8"));
  await ask({ type: 0, data: { ...index, options: { suggest: false } } });
  const results = [];
  for (const query of input) {
    warnings.length = 0;
    const { data } = await ask({ type: 2, data: query });
    results.push({ query, locations: data.items.map((item) => item.location ?? item[0]?.location), warnings: [...warnings] });
  }
  console.log(JSON.stringify(results));
} else {
  throw new Error(`unknown mode ${mode}`);
}
