// Times the TypeScript client's decode of one success body against JSON.parse of the same
// bytes (scripts/bench.py runs it). The client is called as users call it, through a fetch
// that answers from memory, so the figure is the client's whole decode: the envelope
// check, one JSON.parse and the schema check of the success.
//
// Usage: node bench_decode.mjs CLIENT_DIR OPERATION BODY.json RUNS LOOPS
// Prints JSON: {"parse": [seconds per decode, ...], "client": [...]}
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [clientDir, operation, bodyPath, runs, loops] = process.argv.slice(2);
const { createClient } = await import(pathToFileURL(join(clientDir, "dist", "index.js")).href);
const body = readFileSync(bodyPath);
const text = body.toString("utf8");
const answer = async () => new Response(body, { status: 200, headers: { "content-type": "application/json" } });
const client = createClient({ baseUrl: "http://127.0.0.1:9", fetch: answer });
await client[operation](); // compiles the validator once, as a long-running client would

async function timeOne(decode) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < Number(loops); i += 1) await decode();
  return Number(process.hrtime.bigint() - start) / 1e9 / Number(loops);
}

// The floor and the client take turns, run by run, each going first every other run: on a
// shared machine a burst of load then falls on both sides of the ratio, not on one.
const floor = async () => JSON.parse(text);
const call = () => client[operation]();
const parse = [];
const decoded = [];
for (let run = 0; run < Number(runs); run += 1) {
  if (run % 2 === 0) {
    parse.push(await timeOne(floor));
    decoded.push(await timeOne(call));
  } else {
    decoded.push(await timeOne(call));
    parse.push(await timeOne(floor));
  }
}
console.log(JSON.stringify({ parse, client: decoded }));
