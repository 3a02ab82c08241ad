// Runs JavaScript modules (the TypeScript samples, as run) as `node SCRIPT` would, one after the
// other in this one process: each imported once, with what it writes through `console` captured,
// so a sample does not pay Node's start and the clients' imports again
// (tests/clients/test_code_samples.py; docs/decisions/, 102). The Node counterpart of
// tests/clients/forked_samples.py, which forks; Node cannot, so the samples share this process.
//
// Usage: node imported_samples.mjs SCRIPT...   prints {"SCRIPT": exit status, ...} as JSON
//
// Each script's console output goes to SCRIPT.out (log, info) and SCRIPT.err (error, warn). Its
// exit status is what `node SCRIPT` would give: 0, the process.exitCode it set, or 1 with the
// error's stack on its stderr when its import rejects. A script still running after
// SCRIPT_SECONDS counts as failed (status 1, its stderr says so); the runner goes on, and exits
// when the last script is done, whatever a late one left pending.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { format } from "node:util";

const SCRIPT_SECONDS = 60;
const CONSOLE = ["log", "info", "error", "warn"];

async function runOne(script) {
  const out = [];
  const err = [];
  const saved = Object.fromEntries(CONSOLE.map((name) => [name, console[name]]));
  console.log = console.info = (...args) => out.push(`${format(...args)}\n`);
  console.error = console.warn = (...args) => err.push(`${format(...args)}\n`);
  let status = 0;
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`imported_samples.mjs: still running after ${SCRIPT_SECONDS} s`)), SCRIPT_SECONDS * 1000);
  });
  try {
    await Promise.race([import(pathToFileURL(resolve(script)).href), late]);
    status = Number(process.exitCode ?? 0);
  } catch (error) {
    err.push(`${error?.stack ?? String(error)}\n`);
    status = 1;
  } finally {
    clearTimeout(timer);
    Object.assign(console, saved);
    process.exitCode = undefined;
  }
  writeFileSync(`${script}.out`, out.join(""));
  writeFileSync(`${script}.err`, err.join(""));
  return status;
}

const statuses = {};
for (const script of process.argv.slice(2)) statuses[script] = await runOne(script);
process.stdout.write(JSON.stringify(statuses)); // a pipe: written before exit returns (Linux)
process.exit(0); // not waiting for what a script that ran late left pending
