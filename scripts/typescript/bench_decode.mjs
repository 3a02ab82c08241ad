// Times the TypeScript client's decode of one success body against JSON.parse of the same
// bytes (scripts/bench.py runs it). The client is called as users call it, through a fetch
// that answers from memory, so the figure is the client's whole decode: the envelope
// check, one JSON.parse and the schema check of the success.
//
// Usage: node bench_decode.mjs CLIENT_DIR OPERATION BODY.json RUNS LOOPS
// Prints JSON: {"parse": [seconds per decode, ...], "client": [...]}
//        node bench_decode.mjs CLIENT_DIR OPERATION --peak BODY.json client|parse [WARM.json]
// Prints JSON: {"peak_rss_bytes": N, "baseline_rss_bytes": M}: the memory one decode adds in a
// fresh process (scripts/bench_languages.py, as for the other languages), after the same side
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
