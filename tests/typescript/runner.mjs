// Calls operations of the generated TypeScript clients as a plan (a JSON file) says, all at
// once, and prints how each call ended, as JSON, for tests/clients/test_typescript_client.py.
// A plan entry: {module, op, args?, baseUrl, timeoutMs?, deadlineMs?, maxRetries?, raw}. `{"$bigint": "123"}` in args
// is a bigint (u64 amounts never pass through a number). The entries of one host's client with
// the same options share one client, as a program makes one client and calls it many times (a
// client per call built its schema validator again for every call: half of a plan's time).
// Every module is loaded and every client made before the first call starts, as a program
// makes its clients before it calls them: made between the calls, the 80 clients of a hostile
// plan held the event loop for 1.5 s while the first host's calls were in flight, and under
// load those calls ran past their bounds (docs/decisions/, 109).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const plan = JSON.parse(readFileSync(process.argv[2], "utf8"), (_key, value) =>
  value !== null && typeof value === "object" && "$bigint" in value ? BigInt(value.$bigint) : value,
);
const loaded = new Map();
const clients = new Map(); // by module and options

/** The entry's client (its module loaded): one per module and options. */
function clientOf(entry) {
  const options = {
    baseUrl: entry.baseUrl,
    ...(entry.timeoutMs ? { timeoutMs: entry.timeoutMs } : {}),
    ...(entry.deadlineMs !== undefined || entry.maxRetries !== undefined
      ? { retry: { ...(entry.deadlineMs ? { deadlineMs: entry.deadlineMs } : {}),
                   ...(entry.maxRetries !== undefined ? { maxRetries: entry.maxRetries } : {}) } }
      : {}),
  };
  const key = JSON.stringify([entry.module, options]);
  if (!clients.has(key)) clients.set(key, loaded.get(entry.module).createClient(options));
  return clients.get(key);
}

async function run(entry) {
  const module = loaded.get(entry.module);
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const client = clientOf(entry);
    const result = await client[entry.op](...(entry.args === undefined ? [] : [entry.args]));
    if (entry.raw) return { kind: "RawBody", seconds: seconds(), status: result.status };
    return { kind: "success", seconds: seconds(), success: result.success, unknown: result.zzUnknownKey ?? null };
  } catch (error) {
    return {
      kind: error?.name ?? String(error),
      seconds: seconds(),
      api_error: error instanceof module.ApiError,
      status: error?.status ?? null,
      msg: error?.msg ?? null,
      cause: error?.cause !== undefined,
      message: String(error?.message ?? error),
    };
  }
}

for (const entry of plan) {
  if (!loaded.has(entry.module)) loaded.set(entry.module, await import(pathToFileURL(entry.module).href));
  try {
    clientOf(entry);
  } catch {
    // a client that cannot be made: its calls make it again, and report how that ended
  }
}
// Exit once written: a stalled call's socket may outlive the call (decision 146), and the
// hostile server releases its stalls only when this run is over.
process.stdout.write(JSON.stringify(await Promise.all(plan.map(run))), () => process.exit(0));
