// The TypeScript clients' successes are plain values: what JSON.parse gives, checked against
// the schema. Two decodes of the same body are equal by node's deep equality (assert.deepStrictEqual,
// util.isDeepStrictEqual: the documented way to compare them), util.inspect and console.log
// show every value, and JSON.stringify gives the body back, unknown keys included. Run by
// tests/clients/test_typescript_client.py against the generated pool-v3 client, with a fetch
// that answers from memory.
import assert from "node:assert/strict";
import { test } from "node:test";
import { inspect, isDeepStrictEqual } from "node:util";

import { createClient } from "../../generated/typescript/pool-v3-client/dist/index.js";

const pool = (id) => ({
  type: "Standard", programId: "P", id, price: 1.5, tvl: 10, futureKey: { n: [1] },
  mintA: { chainId: 101, address: "A", programId: "T", logoURI: "", symbol: "A", name: "A", decimals: 9, tags: [], extensions: {} },
});
const page = { id: "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", success: true, data: { count: 2, hasNextPage: false, data: [pool("I"), pool("J")] } };
const client = createClient({
  baseUrl: "http://values.test.invalid",
  fetch: async () => new Response(JSON.stringify(page), { status: 200, headers: { "content-type": "application/json" } }),
});

test("two decodes of one body are deeply equal, and their items compare as values", async () => {
  const [first, second] = [await client.listPools(), await client.listPools()];
  assert.notEqual(first, second);
  assert.deepStrictEqual(first, second);
  assert.ok(isDeepStrictEqual(first.data.data[0], second.data.data[0]));
  assert.ok(!isDeepStrictEqual(first.data.data[0], first.data.data[1]));
});

test("inspect shows every value", async () => {
  const shown = inspect((await client.listPools()).data.data[0], { depth: 5 });
  for (const value of ["id: 'I'", "tvl: 10", "address: 'A'", "futureKey: { n: [ 1 ] }"]) assert.ok(shown.includes(value), shown);
});

test("JSON.stringify gives the body back, unknown keys included", async () => {
  assert.deepStrictEqual(JSON.parse(JSON.stringify(await client.listPools())), page);
});
