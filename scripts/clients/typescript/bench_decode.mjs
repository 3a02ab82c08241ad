// Times the TypeScript client's decode of one success body against JSON.parse of the same
// bytes (scripts/quality/bench.py runs it). The client is called as users call it, through a fetch
// that answers from memory, so the figure is the client's whole decode: the envelope
// check, one JSON.parse and the schema check of the success. The floor parses the bytes, as
// every other language's floor does (json.loads, encoding/json, serde_json, JSON.parse in
// Ruby, json_decode): the text is made from them on each parse, with Node's own
// `Buffer#toString("utf8")`, as the peak below has always made it. JSON.parse of a string made
// once, before the timing (the floor until docs/decisions/, 132), is timed beside them.
//
// Usage: node bench_decode.mjs CLIENT_DIR OPERATION BODY.json RUNS LOOPS
// Prints JSON: {"parse": [seconds per decode, ...], "parse_string": [...], "client": [...]}
//        node bench_decode.mjs CLIENT_DIR OPERATION --peak BODY.json client|parse [WARM.json]
// Prints JSON: {"peak_rss_bytes": N, "baseline_rss_bytes": M}: the memory one decode adds in a
// fresh process (scripts/quality/bench_languages.py, as for the other languages), after the same side
// decoded WARM, a small page, once (the client compiles its validator on its first call)
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [clientDir, operation, ...rest] = process.argv.slice(2);
const peak = rest[0] === "--peak";
const [bodyPath, runs, loops] = peak ? [rest[1]] : rest;
const warmPath = peak ? rest[3] : undefined;
const { createClient } = await import(pathToFileURL(join(clientDir, "dist", "index.js")).href);
const body = readFileSync(bodyPath);
// The body arrives once, as a transport delivers what it received: a stream of the bytes read
// (`new Response(buffer)` would copy them first, a copy no network response makes).
let served = warmPath === undefined ? body : readFileSync(warmPath); // the warm-up page first, if any
const answer = async () => {
  const bytes = served;
  const stream = new ReadableStream({ start(controller) { controller.enqueue(bytes); controller.close(); } });
  return new Response(stream, { status: 200, headers: { "content-type": "application/json" } });
};
const client = createClient({ baseUrl: "http://127.0.0.1:9", fetch: answer });

/** A field of /proc/self/status in bytes (VmRSS, VmHWM). */
function status(field) {
  const line = readFileSync("/proc/self/status", "utf8").split("\n").find((l) => l.startsWith(`${field}:`));
  return Number(line.split(/\s+/)[1]) * 1024;
}

if (peak) {
  if (warmPath !== undefined) {
    if (rest[2] === "client") await client[operation]();
    else JSON.parse(served.toString("utf8"));
    served = body;
  }
  writeFileSync("/proc/self/clear_refs", "5"); // VmHWM back to VmRSS: the peak after is the decode's own
  const baseline = status("VmRSS");
  if (rest[2] === "client") {
    const page = await client[operation]();
    if (page.success !== true || page.data.data.length === 0) throw new Error("the client decoded no pools");
  } else {
    JSON.parse(body.toString("utf8"));
  }
  console.log(JSON.stringify({ peak_rss_bytes: status("VmHWM"), baseline_rss_bytes: baseline }));
  process.exit(0);
}
const text = body.toString("utf8");
await client[operation](); // compiles the validator once, as a long-running client would

async function timeOne(decode) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < Number(loops); i += 1) await decode();
  return Number(process.hrtime.bigint() - start) / 1e9 / Number(loops);
}

// The floor, the ready string and the client take turns, run by run, each going first in
// turn: on a shared machine a burst of load then falls on every side of a ratio, not on one.
const sides = {
  parse: async () => JSON.parse(body.toString("utf8")),
  parse_string: async () => JSON.parse(text),
  client: () => client[operation](),
};
const names = Object.keys(sides);
const samples = Object.fromEntries(names.map((name) => [name, []]));
for (let run = 0; run < Number(runs); run += 1) {
  for (let i = 0; i < names.length; i += 1) {
    const name = names[(run + i) % names.length];
    samples[name].push(await timeOne(sides[name]));
  }
}
console.log(JSON.stringify(samples));
