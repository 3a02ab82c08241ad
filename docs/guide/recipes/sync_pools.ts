// Sync every pool: walk the cursor pages of GET /pools/info/list-v2 from the first page to
// the last, and print each pool as one JSON object per line.
//
//   node sync_pools.js > pools.jsonl
//   node sync_pools.js --pool-url https://api-v3.raydium.io --size 1000
//
// Needs the raydium-pool-v3-client package. A summary goes to stderr; the pools go to stdout.
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { type components, createClient, RateLimitedError } from "raydium-pool-v3-client";

type Pool = components["schemas"]["PoolInfoItem"];
const PATIENCE = 5; // rate-limited stops in a row before giving up

const { values } = parseArgs({
  options: {
    "pool-url": { type: "string", default: "https://api-v3.raydium.io" },
    size: { type: "string", default: "1000" },
  },
});
const client = createClient({ baseUrl: values["pool-url"] });
const stats = { pages: 0, waits: 0, pools: 0 };

/** Every pool, page after page, as the service sent it (keys the schema does not declare
 * included). The client's iterator passes each opaque `nextPageId` back unchanged and ends on
 * the page without one; it retries what passes (a Cloudflare 502, a cut connection, a 429 as
 * `Retry-After` says) within each call's deadline. When a page still fails, the error's
 * `resume` says where the walk stopped: wait, and start it again from there. The sync resumes
 * where it was; it never starts over. */
async function* everyPool(size: number): AsyncGenerator<Pool> {
  let resume: Record<string, string | number> = {};
  let waits = 0;
  for (;;) {
    try {
      for await (const page of client.pages.listPoolsByCursor({ size, ...resume })) {
        stats.pages += 1;
        waits = 0;
        yield* page.data.data ?? [];
      }
      return;
    } catch (error) {
      if (!(error instanceof RateLimitedError) || ++waits > PATIENCE) throw error;
      stats.waits += 1;
      await sleep((error.retryAfter ?? 10) * 1000);
      resume = error.resume ?? {};
    }
  }
}

for await (const pool of everyPool(Number(values.size))) {
  process.stdout.write(`${JSON.stringify(pool)}\n`);
  stats.pools += 1;
}
process.stderr.write(`synced ${stats.pools} pools in ${stats.pages} pages, ${stats.waits} waits\n`);
