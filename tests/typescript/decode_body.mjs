// Checks of the TypeScript runtime's body decoding (scripts/runtime/typescript/src/index.ts), run with
// `node --expose-gc` by tests/clients/test_typescript_client.py. Exits non-zero with the
// failed assertion when a check fails; prints the checks that passed.
//
// Usage: node --expose-gc decode_body.mjs RUNTIME_DIR (generated/typescript/raydium-api-runtime)
import assert from "node:assert/strict";
import { pathToFileURL } from "node:url";
import { join } from "node:path";

const runtimeUrl = pathToFileURL(join(process.argv[2], "dist", "index.js")).href;
const passed = [];
const check = (name, ok) => {
  try {
    ok();
  } catch (error) {
    console.error(`decode_body.mjs: FAILED: ${name}: ${String(error?.message ?? error).slice(0, 400)}`);
    process.exit(1);
  }
  passed.push(name);
};

// A fresh instance of the runtime module (it reads process.getBuiltinModule when it loads).
let instance = 0;
const freshRuntime = () => import(`${runtimeUrl}?instance=${(instance += 1)}`);

const utf8 = new TextDecoder();
const bytes = (...parts) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : Buffer.from(p))));
const cases = {
  ascii: bytes('{"success":true,"data":{"symbol":"RAY","mint":"4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R"}}'),
  "two-byte UTF-8": bytes('{"name":"Caf\u00e9"}'),
  "three-byte UTF-8": bytes('{"name":"\u20ac 1"}'),
  "four-byte UTF-8": bytes('{"symbol":"\u{1F680}"}'),
  "invalid UTF-8": bytes('{"name":"', [0xff, 0xe2, 0x82], '"}'),
  "byte-order mark": bytes([0xef, 0xbb, 0xbf], '{"success":true}'),
  empty: bytes(""),
};

// Every body decodes to exactly what TextDecoder makes of it, whichever path runs.
async function sameAsTextDecoder(label) {
  const { utf8Text } = await freshRuntime();
  for (const [name, body] of Object.entries(cases)) {
    check(`${label}: ${name}`, () => assert.equal(utf8Text(new Uint8Array(body)), utf8.decode(body), name));
  }
  // A view into a larger buffer decodes the view only.
  const backing = bytes("XYZ", cases.ascii, [0xff]);
  const view = new Uint8Array(backing.buffer, backing.byteOffset + 3, cases.ascii.length);
  check(`${label}: a view at an offset`, () => assert.equal(utf8Text(view), utf8.decode(cases.ascii)));
}

await sameAsTextDecoder("Node's Buffer");

// Under a Node that has it, an ASCII body takes the Buffer path (the one the bench measures)
// and a body with any other byte does not.
const realGetBuiltin = process.getBuiltinModule;
check("this Node offers process.getBuiltinModule and buffer.isAscii", () => {
  assert.equal(typeof realGetBuiltin, "function");
  assert.equal(typeof realGetBuiltin("node:buffer").isAscii, "function");
});
const asked = [];
process.getBuiltinModule = (id) => {
  const real = realGetBuiltin(id);
  return { ...real, isAscii: (view) => (asked.push(view.length), real.isAscii(view)) };
};
{
  const { utf8Text } = await freshRuntime();
  process.getBuiltinModule = realGetBuiltin;
  utf8Text(new Uint8Array(cases.ascii));
  utf8Text(new Uint8Array(cases["two-byte UTF-8"]));
  check("the ASCII test runs on the whole body", () =>
    assert.deepEqual(asked, [cases.ascii.length, cases["two-byte UTF-8"].length]));
}

// Where there is no process.getBuiltinModule (browsers, older Node), TextDecoder does it all.
delete process.getBuiltinModule;
await sameAsTextDecoder("TextDecoder only");
process.getBuiltinModule = realGetBuiltin;

// The decoded envelope of a call is not kept once the call has it: with the Response still
// held (a caller's middleware may hold it), the decoded body can be collected.
{
  const { Contract } = await freshRuntime();
  const page = { id: "x", success: true, data: Array.from({ length: 1000 }, (_, i) => ({ n: i })) };
  const answer = async () => new Response(JSON.stringify(page), { status: 200, headers: { "content-type": "application/json" } });
  const contract = new Contract({ baseUrl: "http://127.0.0.1:9", fetch: answer }, undefined, { components: { schemas: { Any: {} } } });
  const response = await contract.fetchFor("envelope")(new Request("http://127.0.0.1:9/x"));
  let data = await contract.envelope("#/components/schemas/Any", Promise.resolve({ response }));
  check("the call resolves to the decoded envelope", () => assert.equal(data.data.length, 1000));
  const decoded = new WeakRef(data);
  data = undefined;
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
  check("the decoded envelope is collectable while its Response lives", () => assert.equal(decoded.deref(), undefined));
  check("the Response is still held", () => assert.equal(response.status, 200));
}

console.log(JSON.stringify(passed));
