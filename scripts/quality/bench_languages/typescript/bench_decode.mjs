// Times the TypeScript client's listPools() on one list-pools success body against JSON.parse
// of the same bytes, each alone and followed by the reads a user's code makes
// (scripts/quality/bench_languages.py and scripts/quality/bench.py run it). The client is called as
// users call it, through a fetch that answers from memory, so the figure is the client's whole
// decode: the envelope check, one JSON.parse and the schema check of the success. The floor
// parses the bytes, as every other language's floor does (json.loads, encoding/json,
// serde_json, JSON.parse in Ruby, json_decode): the text is made from them on each parse, with
// Node's own `Buffer#toString("utf8")`, as the peak below has always made it. JSON.parse of a
// string made once, before the timing (the floor until docs/decisions/, 132), is the side
// parse_string.
//
// The sides (bench_languages.py names the reads):
//   parse, client                 the untyped parse, the call
//   parse_full, client_full       each followed by the full read: every declared field of each
//                                 pool, nested objects and lists included (readPool)
//   parse_filter, client_filter   each followed by the filtering read: id, tvl, mintA.address
// The client's values are plain objects, as JSON.parse's are, so one function reads both, as a
// user's code would. Each read adds what it reads to a sink (a number its value, a string its
// length, true 1, a `type` of Concentrated 1); the client's sink and the parse's must agree, or
// the program fails.
//
// Usage: node bench_decode.mjs CLIENT_DIR BODY.json RUNS LOOPS [SIDE,...]
// Prints JSON: {"parse": [seconds per call, ...], ..., "sink": N}
//        node bench_decode.mjs CLIENT_DIR --peak BODY.json SIDE [WARM.json]
// Prints JSON: {"peak_rss_bytes": N, "baseline_rss_bytes": M}: the memory one run of the side adds
// in a fresh process (scripts/quality/bench_languages.py, as for the other languages), after the
// same side ran on WARM, a small page, once (the client compiles its validator on its first call)
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const [clientDir, ...rest] = process.argv.slice(2);
const peak = rest[0] === "--peak";
const [bodyPath, runs, loops, chosen] = peak ? [rest[1]] : rest;
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

// --- the reads: every declared field, as a user's code reads a pool's properties ---
const text = (v) => (v === undefined ? 0 : v.length);
const number = (v) => (v === undefined ? 0 : v);

function readFee(f) {
  if (f === undefined) return 0;
  return text(f.epoch) + text(f.maximumFee) + number(f.transferFeeBasisPoints);
}

function readExtensions(e) {
  if (e === undefined) return 0;
  let s = text(e.coingeckoId);
  const c = e.feeConfig;
  if (c !== undefined) {
    s += text(c.transferFeeConfigAuthority) + text(c.withdrawWithheldAuthority) + text(c.withheldAmount)
      + readFee(c.olderTransferFee) + readFee(c.newerTransferFee);
  }
  const t = e.tips;
  if (t !== undefined) s += text(t.icon) + text(t.link) + text(t.text);
  return s;
}

function readToken(t) {
  if (t === undefined) return 0;
  let s = number(t.chainId) + text(t.address) + text(t.programId) + text(t.logoURI) + text(t.symbol)
    + text(t.name) + number(t.decimals);
  if (t.tags !== undefined) for (const tag of t.tags) s += tag.length;
  return s + readExtensions(t.extensions) + text(t.freezeAuthority) + text(t.mintAuthority);
}

function readNumbers(items) {
  let s = 0;
  if (items !== undefined) for (const x of items) s += x;
  return s;
}

function readPeriod(p) {
  if (p === undefined) return 0;
  return number(p.volume) + number(p.volumeQuote) + number(p.volumeFee) + number(p.apr) + number(p.feeApr)
    + number(p.priceMin) + number(p.priceMax) + readNumbers(p.rewardApr);
}

function readConfig(c) {
  if (c === undefined) return 0;
  return text(c.id) + number(c.index) + number(c.protocolFeeRate) + number(c.tradeFeeRate) + number(c.fundFeeRate)
    + number(c.tickSpacing) + text(c.description) + number(c.defaultRange) + readNumbers(c.defaultRangePoint)
    + text(c.createPoolFee);
}

function readPool(p) {
  let s = p.type === "Concentrated" ? 1 : 0;
  s += text(p.programId) + text(p.id);
  s += readToken(p.mintA);
  s += readToken(p.mintB);
  const openTime = p.openTime;
  s += number(p.price) + number(p.mintAmountA) + number(p.mintAmountB) + number(p.feeRate)
    + (typeof openTime === "string" ? openTime.length : number(openTime)) + number(p.tvl);
  s += readPeriod(p.day);
  s += readPeriod(p.week);
  s += readPeriod(p.month);
  s += number(p.farmUpcomingCount) + number(p.farmOngoingCount) + number(p.farmFinishedCount)
    + number(p.burnPercent) + (p.hasDynamicFee === true ? 1 : 0);
  s += readToken(p.lpMint);
  s += number(p.lpPrice) + number(p.lpAmount) + text(p.marketId);
  return s + readConfig(p.config);
}

const filterPool = (p) => text(p.id) + number(p.tvl) + text(p.mintA?.address);

function readAll(pools, read) {
  let s = 0;
  for (const pool of pools) s += read(pool);
  return s;
}

/** A field of /proc/self/status in bytes (VmRSS, VmHWM). */
function status(field) {
  const line = readFileSync("/proc/self/status", "utf8").split("\n").find((l) => l.startsWith(`${field}:`));
  return Number(line.split(/\s+/)[1]) * 1024;
}

async function call() {
  const page = await client.listPools();
  if (page.success !== true || page.data.data.length === 0) throw new Error("the client decoded no pools");
  return page;
}

const text0 = body.toString("utf8");
// Each side by name: it runs once and answers the sink of its reads (0 without reads).
const sides = {
  parse: async () => (JSON.parse(served.toString("utf8")), 0),
  parse_string: async () => (JSON.parse(text0), 0),
  client: async () => ((await call()), 0),
  parse_full: async () => readAll(JSON.parse(served.toString("utf8")).data.data, readPool),
  client_full: async () => readAll((await call()).data.data, readPool),
  parse_filter: async () => readAll(JSON.parse(served.toString("utf8")).data.data, filterPool),
  client_filter: async () => readAll((await call()).data.data, filterPool),
};
function side(name) {
  if (!(name in sides)) throw new Error(`no side ${name}`);
  return sides[name];
}

let sink = 0; // every side's result, printed
if (peak) {
  const run = side(rest[2]);
  if (warmPath !== undefined) {
    sink += await run();
    served = body;
  }
  writeFileSync("/proc/self/clear_refs", "5"); // VmHWM back to VmRSS: the peak after is the side's own
  const baseline = status("VmRSS");
  sink += await run();
  console.log(JSON.stringify({ peak_rss_bytes: status("VmHWM"), baseline_rss_bytes: baseline, sink }));
  process.exit(0);
}
for (const read of ["full", "filter"]) {
  const typed = await sides[`client_${read}`]();
  const untyped = await sides[`parse_${read}`]();
  if (typed !== untyped || typed === 0) throw new Error(`the client's ${read} read gives ${typed}, the parse's ${untyped}`);
}
const names = chosen === undefined ? Object.keys(sides) : chosen.split(",");
for (const name of names) sink += await side(name)(); // warm-up: the client compiles its validator once

async function timeOne(run) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < Number(loops); i += 1) sink += await run();
  return Number(process.hrtime.bigint() - start) / 1e9 / Number(loops);
}

// The sides take turns, run by run, each going first in turn: on a shared machine a burst of
// load then falls on every side of a ratio, not on one.
const samples = Object.fromEntries(names.map((name) => [name, []]));
for (let run = 0; run < Number(runs); run += 1) {
  for (let i = 0; i < names.length; i += 1) {
    const name = names[(run + i) % names.length];
    samples[name].push(await timeOne(sides[name]));
  }
}
console.log(JSON.stringify({ ...samples, sink }));
