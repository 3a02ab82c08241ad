// One page walk of the generated TypeScript pool-v3 client, for tests/clients/paging_walks.py:
// its one argument is the walk's request (JSON), and it prints how the walk ended (JSON).
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const request = JSON.parse(process.argv[2]);
const { createClient, ApiError } = await import(
  pathToFileURL(resolve("generated/typescript/pool-v3-client/dist/index.js")).href
);
const client = createClient({
  baseUrl: request.baseUrl,
  ...(request.maxRetries !== undefined ? { retry: { maxRetries: request.maxRetries } } : {}),
});
const cursor = request.style === "cursor";
const query = cursor
  ? { size: request.perPage, ...(request.start != null ? { nextPageId: request.start } : {}) }
  : { pageSize: request.perPage, ...(request.start != null ? { page: request.start } : {}) };
const options = request.maxPages !== undefined ? { maxPages: request.maxPages } : {};
const ids = [];
const pages = [];
let error = null;
try {
  if (request.pages) {
    const walk = cursor ? client.pages.listPoolsByCursor(query, options) : client.pages.listPools(query, options);
    for await (const page of walk) {
      const these = page.data.data.map((pool) => pool.id);
      pages.push(these);
      ids.push(...these);
    }
  } else {
    const walk = cursor ? client.iterate.listPoolsByCursor(query, options) : client.iterate.listPools(query, options);
    for await (const pool of walk) ids.push(pool.id);
  }
} catch (caught) {
  if (!(caught instanceof ApiError)) throw caught;
  error = { kind: caught.name, attempts: caught.attempts, resume: caught.resume ?? null, message: caught.message };
}
process.stdout.write(JSON.stringify({ ids, ...(request.pages ? { pages } : {}), error }));
