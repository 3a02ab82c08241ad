// Unit tests of the TypeScript shared runtime (scripts/runtime/typescript/src/index.ts, compiled
// into generated/typescript/raydium-api-runtime/dist), with node's own test runner and no
// server: each Contract is given a fetch of the test's own. They read exact messages, classes,
// counts and times, so that StrykerJS's mutants of the runtime (make mutation) are caught here
// in about a second; tests/clients/test_typescript_client.py proves the same contract end to
// end against the hostile server. Run by tests/clients/test_typescript_runtime.py.
import assert from "node:assert/strict";
import { test } from "node:test";

import * as rt from "../../generated/typescript/raydium-api-runtime/dist/index.js";

const {
  ApiError, Contract, ConnectionCutError, ConnectionFailedError, DEFAULT_RETRY, DEFAULT_TIMEOUT_MS,
  FailureEnvelopeError, MalformedJsonError, NotJsonError, RateLimitedError, RequestTimeoutError, TransportError,
  UnexpectedShapeError, UnexpectedStatus, decodeEnvelope, parseRetryAfter, utf8Text,
  TRANSIENT_STATUSES, backoffMs, cursorPages, numberedPages, items,
} = rt;

const URL_ = "http://runtime.test.invalid/main/info";
const JSON_TYPE = { "content-type": "application/json" };
const bytes = (text) => new TextEncoder().encode(text);
const headers = (init = JSON_TYPE) => new Headers(init);
const ok = (data = {}) => JSON.stringify({ id: "1", success: true, data });
const SCHEMAS = {
  components: {
    schemas: {
      Info: {
        type: "object",
        required: ["success", "data"],
        properties: { success: { const: true }, data: { type: "object", required: ["n"], properties: { n: { type: "integer" } } } },
      },
    },
  },
};

/** A fetch answering each call with the next of `answers` (a function of the request, or a
 * [status, body, headers] triple), and recording every request it was given. */
function scripted(...answers) {
  const requests = [];
  const fetch = async (request) => {
    requests.push(request);
    const answer = answers[Math.min(requests.length, answers.length) - 1];
    if (typeof answer === "function") return answer(request);
    const [status, body, init = JSON_TYPE] = answer;
    return new Response(body, { status, headers: init });
  };
  return { fetch, requests };
}

/** A fetch that never answers: it rejects only when the request's signal aborts. (A timer
 * keeps the process alive meanwhile, as a real socket would: AbortSignal.timeout's does not.) */
function stalled() {
  return (request) =>
    new Promise((_resolve, reject) => {
      const alive = setInterval(() => {}, 1000);
      request.signal.addEventListener("abort", () => {
        clearInterval(alive);
        reject(request.signal.reason);
      });
    });
}

function contract(options = {}, codes = []) {
  return new Contract({ baseUrl: "http://runtime.test.invalid", ...options }, undefined, SCHEMAS, codes);
}

async function send(c, mode = "envelope", request = new Request(URL_)) {
  return c.fetchFor(mode)(request);
}

async function rejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail("the call resolved");
}

// A timer of 150 ms can end a call measurably before 150 ms have passed: Node's timers count
// from the event loop's cached time, which lags behind when the loop was busy just before (a
// fresh clone's CI measured 136 ms). The lower bound only has to tell "the bound was
// honoured" from "the call ended at once"; the upper bound, against the 8 s timeout, is the
// one that catches a hang.
const EARLIEST_MS = 100;

async function timed(promise) {
  const started = performance.now();
  const error = await rejection(promise);
  return [error, performance.now() - started];
}

test("the defaults are the contract's", () => {
  assert.deepEqual(DEFAULT_RETRY, { maxRetries: 2, maxWaitMs: 10_000, defaultWaitMs: 500, deadlineMs: 30_000 });
  assert.equal(DEFAULT_TIMEOUT_MS, 8_000);
  const c = contract();
  assert.equal(c.timeoutMs, 8_000);
  assert.deepEqual(c.retry, DEFAULT_RETRY);
  const tuned = contract({ timeoutMs: 1234, retry: { maxRetries: 5 } });
  assert.equal(tuned.timeoutMs, 1234);
  assert.deepEqual(tuned.retry, { ...DEFAULT_RETRY, maxRetries: 5 });
  assert.equal(tuned.baseUrl, "http://runtime.test.invalid");
});

test("the base URL: the caller's, else the default, else a clear error", () => {
  assert.equal(new Contract({}, "https://default.invalid", SCHEMAS).baseUrl, "https://default.invalid");
  assert.equal(new Contract({ baseUrl: "https://mine.invalid" }, "https://default.invalid", SCHEMAS).baseUrl, "https://mine.invalid");
  assert.throws(() => new Contract({}, undefined, SCHEMAS), {
    message: "baseUrl is required: the source document shows no host for this service, so the client has no default",
  });
});

test("the error classes: one hierarchy, names, and what each carries", () => {
  const plain = new ApiError("m");
  assert.equal(plain.name, "ApiError");
  assert.equal(plain.message, "m");
  assert.equal(plain.status, undefined);
  assert.equal(plain.msg, undefined);
  assert.ok(plain.headers instanceof Headers);
  assert.equal([...plain.headers].length, 0);
  assert.deepEqual(plain.body, new Uint8Array());
  assert.equal("cause" in plain, false);
  const cause = new Error("under");
  const h = headers({ "x-a": "1" });
  const full = new ApiError("m", { status: 502, msg: "bad", headers: h, body: bytes("b"), cause });
  assert.equal(full.status, 502);
  assert.equal(full.msg, "bad");
  assert.equal(full.headers, h);
  assert.deepEqual(full.body, bytes("b"));
  assert.equal(full.cause, cause);
  for (const [Class, Parent] of [
    [FailureEnvelopeError, ApiError], [RateLimitedError, FailureEnvelopeError], [NotJsonError, ApiError],
    [MalformedJsonError, ApiError], [UnexpectedShapeError, ApiError], [UnexpectedStatus, ApiError],
    [TransportError, ApiError], [ConnectionFailedError, TransportError], [RequestTimeoutError, TransportError],
    [ConnectionCutError, TransportError],
  ]) {
    const error = Class === RateLimitedError ? new Class("x", {}, 3, {}) : Class === FailureEnvelopeError ? new Class("x", {}, {}) : new Class("x");
    assert.ok(error instanceof Parent, Class.name);
    assert.ok(error instanceof Error);
    assert.equal(error.name, Class.name);
  }
});

test("a failure envelope's code, errorCode and openTime are read by type", () => {
  const codes = new Set(["REQ_POOL_NOT_OPEN"]);
  const known = new FailureEnvelopeError("x", { error: { code: 1001 }, openTime: "1700000000" }, { msg: "REQ_POOL_NOT_OPEN" }, codes);
  assert.equal(known.code, "REQ_POOL_NOT_OPEN");
  assert.equal(known.errorCode, 1001);
  assert.equal(known.openTime, "1700000000");
  assert.deepEqual(known.envelope, { error: { code: 1001 }, openTime: "1700000000" });
  const unknown = new FailureEnvelopeError("x", { error: { code: 1.5 }, openTime: 1700000000 }, { msg: "SOMETHING_ELSE" }, codes);
  assert.equal(unknown.code, undefined);
  assert.equal(unknown.msg, "SOMETHING_ELSE");
  assert.equal(unknown.errorCode, undefined);
  assert.equal(unknown.openTime, undefined);
  assert.equal(new FailureEnvelopeError("x", { error: { code: "7" } }, {}).errorCode, undefined);
  assert.equal(new FailureEnvelopeError("x", { error: null }, {}).errorCode, undefined);
  assert.equal(new FailureEnvelopeError("x", { error: 7 }, {}).errorCode, undefined);
  assert.equal(new FailureEnvelopeError("x", {}, { msg: "REQ_POOL_NOT_OPEN" }).code, undefined, "no codes given: none known");
  const limited = new RateLimitedError("x", {}, 7, { status: 429 }, codes);
  assert.equal(limited.retryAfter, 7);
  assert.equal(limited.status, 429);
});

test("Retry-After: delay-seconds, an HTTP-date, or nothing readable", () => {
  assert.equal(parseRetryAfter(null), undefined);
  assert.equal(parseRetryAfter(""), undefined);
  assert.equal(parseRetryAfter("   "), undefined);
  assert.equal(parseRetryAfter("5"), 5);
  assert.equal(parseRetryAfter(" 12 "), 12);
  assert.equal(parseRetryAfter("soon"), undefined);
  assert.equal(parseRetryAfter("x5"), undefined, "digits only, from the start");
  assert.equal(parseRetryAfter("5x"), undefined, "digits only, to the end");
  assert.equal(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT"), 0, "a date in the past waits nothing");
  const ahead = parseRetryAfter(new Date(Date.now() + 30_000).toUTCString());
  assert.ok(ahead > 25 && ahead <= 30, String(ahead));
});

test("utf8Text: ASCII byte for byte, UTF-8 decoded, a bad sequence replaced, a BOM dropped", () => {
  assert.equal(utf8Text(bytes('{"a":1}')), '{"a":1}');
  assert.equal(utf8Text(bytes("héllo ✓")), "héllo ✓");
  assert.equal(utf8Text(new Uint8Array([0x61, 0xff, 0x62])), "a\ufffdb");
  assert.equal(utf8Text(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), "{}");
  const big = bytes("xx-window-yy");
  assert.equal(utf8Text(big.subarray(3, 9)), "window", "a view into a larger buffer is read at its offset");
  assert.equal(utf8Text(new Uint8Array()), "");
});

test("utf8Text: an ASCII body is copied by Node's Buffer, any other is decoded", async () => {
  const real = process.getBuiltinModule;
  const used = [];
  process.getBuiltinModule = (id) => {
    const module = real(id);
    return {
      ...module,
      isAscii: (view) => (used.push("isAscii"), module.isAscii(view)),
      Buffer: { from: (...args) => (used.push("Buffer.from"), module.Buffer.from(...args)) },
    };
  };
  let fresh;
  try {
    // a second copy of the module, which looks Node's Buffer up (once) as it loads
    fresh = await import(`${new URL("../../generated/typescript/raydium-api-runtime/dist/index.js", import.meta.url)}?buffer`);
  } finally {
    process.getBuiltinModule = real;
  }
  assert.equal(fresh.utf8Text(bytes('{"a":1}')), '{"a":1}');
  assert.deepEqual(used, ["isAscii", "Buffer.from"]);
  used.length = 0;
  assert.equal(fresh.utf8Text(bytes("é")), "é");
  assert.deepEqual(used, ["isAscii"]);
});

test("decodeEnvelope: a success comes back decoded", () => {
  const envelope = decodeEnvelope(200, headers(), bytes(ok({ n: 1 })));
  assert.deepEqual(envelope, { id: "1", success: true, data: { n: 1 } });
  for (const type of ["application/json; charset=utf-8", "application/json ; charset=utf-8", "Application/JSON", "application/problem+json", "text/plain", ""]) {
    const h = type === "" ? new Headers() : headers({ "content-type": type });
    assert.equal(decodeEnvelope(299, h, bytes(ok())).success, true, type);
  }
});

test("decodeEnvelope: HTML from the edge is NotJsonError, with a readable preview", () => {
  const html = "<html>\n  <body>  Bad   gateway </body></html>";
  const error = assert.throws(() => decodeEnvelope(520, headers({ "content-type": "text/html; charset=UTF-8" }), bytes(html)), NotJsonError);
  assert.ok(true, error);
  try {
    decodeEnvelope(520, headers({ "content-type": "text/html; charset=UTF-8" }), bytes(html));
  } catch (e) {
    assert.equal(e.message, `HTTP 520: expected a JSON envelope, got text/html (${html.length} bytes: "<html> <body> Bad gateway </body></html>")`);
    assert.equal(e.status, 520);
    assert.deepEqual(e.body, bytes(html));
    assert.equal(e.headers.get("content-type"), "text/html; charset=UTF-8");
  }
  const exactly = "y".repeat(200);
  try {
    decodeEnvelope(403, headers({ "content-type": "text/html" }), bytes(exactly));
  } catch (e) {
    assert.equal(e.message, `HTTP 403: expected a JSON envelope, got text/html (200 bytes: "${exactly}")`, "200 bytes are shown whole");
  }
  const long = "x".repeat(250);
  try {
    decodeEnvelope(403, headers({ "content-type": "text/html" }), bytes(long));
  } catch (e) {
    assert.equal(e.message, `HTTP 403: expected a JSON envelope, got text/html (250 bytes: "${"x".repeat(200)}...")`);
  }
  try {
    decodeEnvelope(200, new Headers(), bytes("<p>hi</p>"));
  } catch (e) {
    assert.ok(e instanceof NotJsonError);
    assert.equal(e.message, 'HTTP 200: expected a JSON envelope, got no content type (9 bytes: "<p>hi</p>")');
    assert.ok(e.cause instanceof SyntaxError, "the parse error is the cause");
  }
  try {
    decodeEnvelope(200, headers({ "content-type": "text/plain" }), bytes("<p>"));
  } catch (e) {
    assert.ok(e instanceof NotJsonError);
    assert.equal(e.message, 'HTTP 200: expected a JSON envelope, got text/plain (3 bytes: "<p>")');
  }
});

test("decodeEnvelope: a JSON body under a type that is not JSON is still NotJsonError", () => {
  for (const type of ["application/xml", "text/x+json", "text/html"]) {
    assert.throws(() => decodeEnvelope(200, headers({ "content-type": type }), bytes(ok())), NotJsonError, type);
  }
});

test("decodeEnvelope: JSON that does not parse is MalformedJsonError", () => {
  try {
    decodeEnvelope(200, headers(), bytes('{"success": tr'));
    assert.fail("no error");
  } catch (e) {
    assert.ok(e instanceof MalformedJsonError, e.name);
    assert.match(e.message, /^HTTP 200: the body is not valid JSON \(SyntaxError: .*\); it may be truncated \(14 bytes: "\{\\"success\\": tr"\)$/);
    assert.ok(e.cause instanceof SyntaxError);
  }
  try {
    decodeEnvelope(200, headers(), new Uint8Array());
    assert.fail("no error");
  } catch (e) {
    assert.ok(e instanceof MalformedJsonError);
    assert.equal(e.message, 'HTTP 200: the body is empty (0 bytes: "")');
  }
});

test("decodeEnvelope: JSON that is not an envelope is UnexpectedShapeError", () => {
  for (const body of ["[]", "null", "3", '"s"', '{"data":{}}', '{"success":"true"}', '{"success":1}']) {
    try {
      decodeEnvelope(200, headers(), bytes(body));
      assert.fail(`no error for ${body}`);
    } catch (e) {
      assert.ok(e instanceof UnexpectedShapeError, `${body}: ${e.name}`);
      assert.equal(e.message, `HTTP 200: the body is JSON but not an envelope (no boolean 'success'): ${JSON.stringify(body)}`);
      assert.equal(e.status, 200);
    }
  }
});

test("decodeEnvelope: success=false, or an error status, is FailureEnvelopeError", () => {
  const codes = new Set(["REQ_POOL_NOT_OPEN"]);
  const body = JSON.stringify({ id: "1", success: false, msg: "REQ_POOL_NOT_OPEN", openTime: "17" });
  for (const status of [200, 400, 500]) {
    try {
      decodeEnvelope(status, headers(), bytes(body), codes);
      assert.fail("no error");
    } catch (e) {
      assert.ok(e instanceof FailureEnvelopeError && !(e instanceof RateLimitedError));
      assert.equal(e.message, `HTTP ${status}, success=false, msg="REQ_POOL_NOT_OPEN"`);
      assert.equal(e.code, "REQ_POOL_NOT_OPEN");
      assert.equal(e.msg, "REQ_POOL_NOT_OPEN");
      assert.equal(e.openTime, "17");
      assert.equal(e.status, status);
      assert.deepEqual(e.body, bytes(body));
    }
  }
  try {
    decodeEnvelope(400, headers(), bytes('{"success":false,"msg":7}'));
  } catch (e) {
    assert.equal(e.message, "HTTP 400, success=false");
    assert.equal(e.msg, undefined);
  }
  for (const status of [199, 300, 404, 503]) {
    try {
      decodeEnvelope(status, headers(), bytes(ok()));
      assert.fail(`no error at ${status}`);
    } catch (e) {
      assert.ok(e instanceof FailureEnvelopeError, `${status}: ${e.name}`);
      assert.equal(e.message, `HTTP ${status}, error status with success=true`);
    }
  }
});

test("decodeEnvelope: 429 is RateLimitedError whatever the body", () => {
  const codes = new Set(["TOO_MANY"]);
  const cases = [
    ['{"success":false,"msg":"TOO_MANY"}', "TOO_MANY", { success: false, msg: "TOO_MANY" }],
    ["<html>slow down</html>", undefined, {}],
    ["[1]", undefined, {}],
    ["null", undefined, {}],
    ["3", undefined, {}],
    ['{"msg":3}', undefined, { msg: 3 }],
  ];
  for (const [body, msg, envelope] of cases) {
    try {
      decodeEnvelope(429, headers({ "content-type": "text/html", "retry-after": "3" }), bytes(body), codes);
      assert.fail("no error");
    } catch (e) {
      assert.ok(e instanceof RateLimitedError, e.name);
      assert.equal(e.message, "HTTP 429, rate limited (Retry-After 3s)");
      assert.equal(e.retryAfter, 3);
      assert.equal(e.status, 429);
      assert.equal(e.msg, msg);
      assert.equal(e.code, msg);
      assert.deepEqual(e.envelope, envelope);
    }
  }
  try {
    decodeEnvelope(429, new Headers(), bytes(""));
  } catch (e) {
    assert.equal(e.message, "HTTP 429, rate limited (no Retry-After)");
    assert.equal(e.retryAfter, undefined);
  }
});

test("send: a success is decoded once and handed on without its bytes", async () => {
  const { fetch, requests } = scripted([200, ok({ n: 1 })]);
  const c = contract({ fetch, headers: { "x-api-client": "test" } });
  const response = await send(c);
  assert.equal(response.status, 200);
  assert.equal(response.body, null, "the decoded envelope is kept, not a second copy of the body");
  assert.equal(requests.length, 1);
  assert.equal(requests[0].headers.get("x-api-client"), "test");
  assert.equal(requests[0].url, URL_);
  const data = await c.envelope("#/components/schemas/Info", Promise.resolve({ response }));
  assert.deepEqual(data, { id: "1", success: true, data: { n: 1 } });
  const again = await rejection(c.envelope("#/components/schemas/Info", Promise.resolve({ response })));
  assert.ok(again instanceof UnexpectedShapeError, "an envelope is handed out once");
});

test("envelope: a success that does not fit the schema is UnexpectedShapeError naming the field", async () => {
  const { fetch } = scripted([200, ok({ n: "one" })], [200, ok({})]);
  const c = contract({ fetch });
  const first = await rejection(c.envelope("#/components/schemas/Info", send(c).then((response) => ({ response }))));
  assert.ok(first instanceof UnexpectedShapeError);
  assert.equal(first.message, "HTTP 200: the success envelope does not match the schema (/data/n must be integer)");
  assert.equal(first.status, 200);
  const second = await rejection(c.envelope("#/components/schemas/Info", send(c).then((response) => ({ response }))));
  assert.equal(second.message, "HTTP 200: the success envelope does not match the schema (/data must have required property 'n')");
  const alien = await rejection(c.envelope("#/components/schemas/Info", Promise.resolve({ response: new Response("{}", { status: 203 }) })));
  assert.ok(alien instanceof UnexpectedShapeError);
  assert.equal(alien.message, "HTTP 203: the response did not come through the client's fetch");
  assert.equal(alien.status, 203);
});

test("envelope: the first problem is named, or every failed branch of an anyOf", async () => {
  const schemas = {
    components: {
      schemas: {
        Two: { type: "object", required: ["a", "b"] },
        Either: { type: "object", properties: { v: { anyOf: [{ type: "string" }, { type: "integer" }] } } },
      },
    },
  };
  const c = new Contract({ baseUrl: "http://x.invalid", fetch: scripted([200, ok()], [200, JSON.stringify({ success: true, v: true })]).fetch }, undefined, schemas);
  const two = await rejection(c.envelope("#/components/schemas/Two", send(c).then((response) => ({ response }))));
  assert.equal(two.message, "HTTP 200: the success envelope does not match the schema ((root) must have required property 'a')");
  const either = await rejection(c.envelope("#/components/schemas/Either", send(c).then((response) => ({ response }))));
  assert.equal(either.message, "HTTP 200: the success envelope does not match the schema (/v must be string; /v must be integer; /v must match a schema in anyOf)");
});

test("clients of one host share its checker, and check alike; another host's schemas get their own", async () => {
  const answers = () => scripted([200, ok({ n: 1 })], [200, ok({ n: "1" })]).fetch;
  const first = contract({ fetch: answers() });
  const second = contract({ fetch: answers(), timeoutMs: 1234 });
  // one Ajv and one table of compiled validators for the schemas object both were given
  assert.equal(second["ajv"], first["ajv"]);
  assert.equal(second["validators"], first["validators"]);
  const other = new Contract({ baseUrl: "http://x.invalid" }, undefined, structuredClone(SCHEMAS));
  assert.notEqual(other["ajv"], first["ajv"]);
  assert.notEqual(other["validators"], first["validators"]);
  const ref = "#/components/schemas/Info";
  for (const c of [first, second]) {
    const data = await c.envelope(ref, send(c).then((response) => ({ response })));
    assert.deepEqual(data, { id: "1", success: true, data: { n: 1 } });
    const error = await rejection(c.envelope(ref, send(c).then((response) => ({ response }))));
    assert.equal(error.message, "HTTP 200: the success envelope does not match the schema (/data/n must be integer)");
  }
  assert.deepEqual([...first["validators"].keys()], [ref]); // one entry, however many clients called it
});

test("envelope: a root mismatch is named (root)", async () => {
  const c = new Contract({ baseUrl: "http://x.invalid", fetch: scripted([200, ok()]).fetch }, undefined, {
    components: { schemas: { Never: { type: "object", required: ["nope"] } } },
  });
  const error = await rejection(c.envelope("#/components/schemas/Never", send(c).then((response) => ({ response }))));
  assert.equal(error.message, "HTTP 200: the success envelope does not match the schema ((root) must have required property 'nope')");
});

test("send: every failure is typed, and keeps status, headers and body", async () => {
  const cases = [
    [[502, "<html>bad gateway</html>", { "content-type": "text/html" }], NotJsonError],
    [[200, '{"success":tr'], MalformedJsonError],
    [[200, "[]"], UnexpectedShapeError],
    [[400, '{"success":false,"msg":"X"}'], FailureEnvelopeError],
  ];
  for (const [answer, Class] of cases) {
    const c = contract({ fetch: scripted(answer).fetch });
    const error = await rejection(send(c));
    assert.ok(error instanceof Class, `${answer[1]}: ${error.name}`);
    assert.equal(error.status, answer[0]);
    assert.deepEqual(error.body, bytes(answer[1]));
  }
});

test("send: a thrown error of the fetch becomes the right TransportError", async () => {
  const coded = (code, depth = 0) => {
    let error = Object.assign(new TypeError("fetch failed"), {});
    let inner = Object.assign(new Error(`inner ${code}`), { code });
    for (let i = 0; i < depth; i += 1) inner = new Error(`wrap ${i}`, { cause: inner });
    error = new TypeError("fetch failed", { cause: inner });
    return error;
  };
  const cases = [
    [Object.assign(new Error("t"), { name: "TimeoutError" }), RequestTimeoutError, "timed out"],
    [Object.assign(new Error("a"), { name: "AbortError" }), RequestTimeoutError, "timed out"],
    [coded("UND_ERR_CONNECT_TIMEOUT"), RequestTimeoutError, "timed out"],
    ...["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"].map((code) => [coded(code), ConnectionFailedError, "could not connect"]),
    [coded("ECONNRESET"), ConnectionCutError, "the connection broke before the whole response arrived"],
    [coded("ECONNREFUSED", 4), ConnectionFailedError, "could not connect"],
    [coded("ECONNREFUSED", 5), ConnectionCutError, "the connection broke before the whole response arrived"],
    ["a string", ConnectionCutError, "the connection broke before the whole response arrived"],
  ];
  const once = { maxRetries: 0 }; // what is judged here is how one attempt's failure is typed
  for (const [thrown, Class, words] of cases) {
    const c = contract({
      retry: once,
      fetch: async () => {
        throw thrown;
      },
    });
    const error = await rejection(send(c));
    assert.equal(error.constructor, Class, `${String(thrown)}: ${error.name}`);
    assert.ok(error.message.startsWith(`GET ${URL_}: ${words} (`), error.message);
    assert.equal(error.cause, thrown);
    assert.equal(error.status, undefined);
  }
  const chained = await rejection(send(contract({ retry: once, fetch: async () => { throw coded("ECONNRESET", 1); } })));
  assert.equal(chained.message, `GET ${URL_}: the connection broke before the whole response arrived (TypeError: fetch failed: Error: wrap 0: Error: inner ECONNRESET)`);
  const nullCause = Object.assign(new TypeError("fetch failed"), { cause: null });
  const ended = await rejection(send(contract({ retry: once, fetch: async () => { throw nullCause; } })));
  assert.ok(ended instanceof ConnectionCutError, "a null cause ends the chain");
  // only objects are read for a name, a code or a cause: a thrown function is not searched
  const odd = Object.assign(function TimeoutError() {}, { code: "ECONNREFUSED", cause: { code: "ECONNREFUSED" } });
  const plain = await rejection(send(contract({ retry: once, fetch: async () => { throw odd; } })));
  assert.equal(plain.constructor, ConnectionCutError, plain.name);
  const mine = new NotJsonError("already typed");
  assert.equal(await rejection(send(contract({ retry: once, fetch: async () => { throw mine; } }))), mine, "an ApiError passes through as it is");
  const cut = await rejection(send(contract({ retry: once, fetch: async () => new Response(new ReadableStream({ start: (c) => c.error(new Error("cut")) }), { status: 200 }) })));
  assert.ok(cut instanceof ConnectionCutError, "a body that breaks while read");
});

test("send: the per-attempt timeout ends a stalled call near its value", async () => {
  const [error, ms] = await timed(send(contract({ fetch: stalled(), timeoutMs: 150, retry: { maxRetries: 0 } })));
  assert.ok(error instanceof RequestTimeoutError, error.name);
  assert.ok(ms >= EARLIEST_MS && ms < 1500, `${ms} ms`);
  assert.ok(error.message.startsWith(`GET ${URL_}: timed out (`), error.message);
});

test("send: an attempt ends at its timeout even where the fetch ignores the signal", { timeout: 5_000 }, async () => {
  // a fetch that never settles, and one whose body never ends: the call is over at the timeout anyway
  // (a socket keeps a real call's process alive; here an interval does, as in stalled())
  const deaf = () => new Promise(() => {});
  const endless = async () => new Response(new ReadableStream({ start() {} }), { status: 200 });
  const alive = setInterval(() => {}, 1000);
  try {
    for (const fetch of [deaf, endless]) {
      const [error, ms] = await timed(send(contract({ fetch, timeoutMs: 150, retry: { maxRetries: 0 } })));
      assert.ok(error instanceof RequestTimeoutError, error.name);
      assert.ok(ms >= EARLIEST_MS && ms < 1500, `${ms} ms`);
    }
  } finally {
    clearInterval(alive);
  }
});

test("send: the deadline caps an attempt whose own timeout is longer", async () => {
  const [error, ms] = await timed(send(contract({ fetch: stalled(), timeoutMs: 8_000, retry: { deadlineMs: 150 } })));
  assert.ok(error instanceof RequestTimeoutError, error.name);
  assert.ok(ms >= EARLIEST_MS && ms < 1500, `${ms} ms`);
});

test("send: a deadline already passed sends nothing", async () => {
  const { fetch, requests } = scripted([200, ok()]);
  const error = await rejection(send(contract({ fetch, retry: { deadlineMs: 0 } })));
  assert.ok(error instanceof RequestTimeoutError);
  assert.equal(error.message, `GET ${URL_}: the call's deadline of 0 ms passed`);
  assert.equal(requests.length, 0);
});

test("send: 429 is retried as Retry-After says, up to maxRetries, then RateLimitedError", async () => {
  const limited = [429, '{"success":false,"msg":"slow"}', { "content-type": "application/json", "retry-after": "0" }];
  const twice = scripted(limited, limited, [200, ok()]);
  const response = await send(contract({ fetch: twice.fetch }));
  assert.equal(response.status, 200);
  assert.equal(twice.requests.length, 3, "two retries by default");
  const always = scripted(limited);
  const error = await rejection(send(contract({ fetch: always.fetch, retry: { maxRetries: 1 } })));
  assert.ok(error instanceof RateLimitedError);
  assert.equal(always.requests.length, 2);
  assert.equal(error.message, "HTTP 429, rate limited (Retry-After 0s) (after 2 attempts)");
  assert.equal(error.attempts, 2);
  assert.equal(error.msg, "slow");
  const none = scripted(limited);
  await rejection(send(contract({ fetch: none.fetch, retry: { maxRetries: 0 } })));
  assert.equal(none.requests.length, 1);
});

test("send: the wait is Retry-After's, or defaultWaitMs without one", async () => {
  const noHeader = [429, "", JSON_TYPE];
  const [_e, waited] = await timed(send(contract({ fetch: scripted(noHeader, [500, "<x>", { "content-type": "text/html" }]).fetch, retry: { defaultWaitMs: 200 } })));
  assert.ok(waited >= 190 && waited < 2000, `${waited} ms`);
  // a wait of exactly maxWaitMs is waited
  const asked = [429, "", { "retry-after": "1" }];
  const [_f, slept] = await timed(send(contract({ fetch: scripted(asked, [500, "<x>", { "content-type": "text/html" }]).fetch, retry: { defaultWaitMs: 0, maxWaitMs: 1000 } })));
  assert.ok(slept >= 950 && slept < 3000, `${slept} ms`);
});

test("send: a wait past maxWaitMs, or past the deadline, is not waited", async () => {
  const long = [429, '{"success":false}', { "content-type": "application/json", "retry-after": "15" }];
  const [error, ms] = await timed(send(contract({ fetch: scripted(long).fetch })));
  assert.ok(error instanceof RateLimitedError);
  assert.equal(error.message, "HTTP 429, rate limited (Retry-After 15s; the wait exceeds the retry policy's maxWaitMs of 10000)");
  assert.equal(error.retryAfter, 15);
  assert.ok(ms < 1000, `${ms} ms`);
  const inside = [429, "", { "retry-after": "5" }];
  const [late, fast] = await timed(send(contract({ fetch: scripted(inside).fetch, retry: { deadlineMs: 3000 } })));
  assert.ok(late instanceof RateLimitedError);
  assert.equal(late.message, "HTTP 429, rate limited (Retry-After 5s; waiting would pass the call's deadline of 3000 ms)");
  assert.ok(fast < 1000, `${fast} ms`);
  const edge = [429, "", {}];
  const [atDeadline] = await timed(send(contract({ fetch: scripted(edge).fetch, retry: { defaultWaitMs: 80_000, maxWaitMs: 80_000, deadlineMs: 60_000 } })));
  assert.equal(atDeadline.message, "HTTP 429, rate limited (no Retry-After; waiting would pass the call's deadline of 60000 ms)");
});

test("send, raw mode: a 2xx comes back as it is, a failure envelope still fails", async () => {
  const body = "\u0001binary-ish";
  const response = await send(contract({ fetch: scripted([200, body, { "content-type": "application/octet-stream" }]).fetch }), "raw");
  assert.equal(response.status, 200);
  assert.equal(await response.text(), body);
  const c = contract({ fetch: scripted([200, body]).fetch });
  const raw = await c.raw(Promise.resolve({ data: new TextEncoder().encode("abc").buffer, response: new Response(null, { status: 201 }) }));
  assert.equal(raw.status, 201);
  assert.deepEqual(raw.content, bytes("abc"));
  assert.deepEqual((await c.raw(Promise.resolve({ data: "text", response: new Response(null) }))).content, new Uint8Array());
  const lastOk = await send(contract({ fetch: scripted([299, "<html>", { "content-type": "text/html" }]).fetch }), "raw");
  assert.equal(lastOk.status, 299, "299 is a 2xx");
  for (const status of [200, 299]) {
    const failed = await rejection(send(contract({ fetch: scripted([status, '{"success":false,"msg":"X"}']).fetch }), "raw"));
    assert.ok(failed instanceof FailureEnvelopeError, failed.name);
    assert.equal(failed.message, `HTTP ${status}, success=false, msg="X"`);
    assert.equal(failed.status, status);
  }
  const error = await rejection(send(contract({ fetch: scripted([404, "<html>", { "content-type": "text/html" }]).fetch }), "raw"));
  assert.ok(error instanceof NotJsonError, error.name);
  const envelope = await rejection(send(contract({ fetch: scripted([300, ok()]).fetch }), "raw"));
  assert.ok(envelope instanceof FailureEnvelopeError, envelope.name);
  const empty = await send(contract({ fetch: scripted([204, null]).fetch }), "raw");
  assert.equal(empty.status, 204);
  assert.equal(empty.body, null);
});

test("serialize: a quote goes back as the JSON text it came as", async () => {
  const text = '{"id":"q","success":true,"data":{"amount":18446744073709551615,"price":1.50,"route":[{"a":1e3}]}}';
  const open = new Contract({ baseUrl: "http://x.invalid", fetch: scripted([200, text]).fetch }, undefined, { components: { schemas: { Any: {} } } });
  const quote = await open.envelope("#/components/schemas/Any", send(open, "verbatim").then((response) => ({ response })));
  assert.equal(open.serialize({ swapResponse: quote, wallet: "W" }), `{"swapResponse":${text},"wallet":"W"}`);
  assert.equal(open.serialize({ a: [quote, quote] }), `{"a":[${text},${text}]}`);
  assert.equal(open.serialize({ plain: { n: 1 }, s: "x" }), '{"plain":{"n":1},"s":"x"}');
  assert.equal(open.serialize(null), "null");
  assert.equal(open.serialize({ q: quote, wallet: "0", n: 0 }), `{"q":${text},"wallet":"0","n":0}`, "a string of digits is not a kept text's mark");
  const decoded = await open.envelope("#/components/schemas/Any", send(open, "envelope").then((response) => ({ response })));
  assert.equal(open.serialize({ q: decoded }), `{"q":${JSON.stringify(JSON.parse(text))}}`, "an envelope read without verbatim is re-encoded");
});

test("the default fetch is globalThis.fetch, read when the contract is made", async () => {
  const saved = globalThis.fetch;
  const { fetch, requests } = scripted([200, ok()]);
  globalThis.fetch = fetch;
  try {
    const c = contract();
    await send(c);
    assert.equal(requests.length, 1);
  } finally {
    globalThis.fetch = saved;
  }
});

test("each attempt is a fresh request with its own signal and the contract's headers", async () => {
  const limited = [429, "", { "retry-after": "0" }];
  const { fetch, requests } = scripted(limited, [200, ok()]);
  const c = contract({ fetch, headers: { "x-one": "1" } });
  const request = new Request(URL_, { method: "POST", body: '{"k":1}', headers: { "content-type": "application/json" } });
  await send(c, "envelope", request);
  assert.equal(requests.length, 2);
  assert.notEqual(requests[0], requests[1]);
  for (const sent of requests) {
    assert.equal(sent.method, "POST");
    assert.equal(await sent.text(), '{"k":1}');
    assert.equal(sent.headers.get("x-one"), "1");
    assert.equal(sent.headers.get("content-type"), "application/json");
    assert.ok(sent.signal instanceof AbortSignal);
  }
});

test("send: each transient status is retried into the success; any other status is not", async () => {
  assert.deepEqual([...TRANSIENT_STATUSES].sort((a, b) => a - b), [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524]);
  const fast = { defaultWaitMs: 0 };
  for (const status of TRANSIENT_STATUSES) {
    const { fetch, requests } = scripted([status, "<html>edge</html>", { "content-type": "text/html" }], [200, ok()]);
    const response = await send(contract({ fetch, retry: fast }));
    assert.equal(response.status, 200, `${status}`);
    assert.equal(requests.length, 2, `${status}`);
  }
  for (const status of [400, 401, 403, 404, 409, 501, 505, 525]) {
    const { fetch, requests } = scripted([status, "<html>x</html>", { "content-type": "text/html" }], [200, ok()]);
    const error = await rejection(send(contract({ fetch, retry: fast })));
    assert.equal(error.status, status);
    assert.equal(error.attempts, 1);
    assert.equal(requests.length, 1, `${status} is not retried`);
  }
  const envelope = scripted([200, '{"success":false,"msg":"no"}'], [200, ok()]);
  assert.ok(await rejection(send(contract({ fetch: envelope.fetch, retry: fast }))) instanceof FailureEnvelopeError);
  assert.equal(envelope.requests.length, 1, "a failure envelope with HTTP 200 is not retried");
});

test("send: a transport failure is retried; the last one says how many attempts were made", async () => {
  const reset = Object.assign(new TypeError("fetch failed"), { cause: Object.assign(new Error("reset"), { code: "ECONNRESET" }) });
  const once = scripted(() => { throw reset; }, [200, ok()]);
  assert.equal((await send(contract({ fetch: once.fetch, retry: { defaultWaitMs: 0 } }))).status, 200);
  assert.equal(once.requests.length, 2);
  const always = scripted(() => { throw reset; });
  const error = await rejection(send(contract({ fetch: always.fetch, retry: { defaultWaitMs: 0 } })));
  assert.ok(error instanceof ConnectionCutError);
  assert.equal(error.attempts, 3);
  assert.equal(always.requests.length, 3);
  assert.ok(error.message.endsWith(" (after 3 attempts)"), error.message);
  const [timedOut, ms] = await timed(send(contract({ fetch: stalled(), timeoutMs: 150, retry: { defaultWaitMs: 0 } })));
  assert.ok(timedOut instanceof RequestTimeoutError, timedOut.name);
  assert.equal(timedOut.attempts, 3);
  assert.ok(ms >= 3 * EARLIEST_MS && ms < 3000, `${ms} ms: three attempts of 150 ms`);
});

test("send: the backoff starts at defaultWaitMs and doubles, jittered down by a quarter at most", async () => {
  for (let i = 0; i < 50; i += 1) {
    const first = backoffMs({ ...DEFAULT_RETRY, defaultWaitMs: 400 }, 0);
    const second = backoffMs({ ...DEFAULT_RETRY, defaultWaitMs: 400 }, 1);
    assert.ok(first > 300 && first <= 400, `${first}`);
    assert.ok(second > 600 && second <= 800, `${second}`);
  }
  const edge = [503, "", {}];
  const started = performance.now();
  const response = await send(contract({ fetch: scripted(edge, edge, [200, ok()]).fetch, retry: { defaultWaitMs: 200 } }));
  const waited = performance.now() - started;
  assert.equal(response.status, 200);
  assert.ok(waited >= 440 && waited < 2500, `${waited} ms: about 200 then 400 ms`);
});

test("cursorPages: each cursor passed back unchanged; the page without one is the last", async () => {
  const asked = [];
  const pages = { undefined: { n: 1, next: "a b" }, "a b": { n: 2, next: "" } };
  const walk = cursorPages(async (cursor) => { asked.push(cursor); return pages[String(cursor)]; }, (p) => p.next || undefined, "nextPageId");
  const got = [];
  for await (const page of walk) got.push(page.n);
  assert.deepEqual(got, [1, 2]);
  assert.deepEqual(asked, [undefined, "a b"]);
  const bounded = [];
  for await (const page of cursorPages(async () => ({ next: "again" }), (p) => p.next, "c", undefined, 3)) bounded.push(page);
  assert.equal(bounded.length, 3, "maxPages bounds the walk");
  await assert.rejects(cursorPages(async () => ({}), () => undefined, "c", undefined, 0).next(), RangeError);
});

test("numberedPages: from first, until no next page or an empty page; a failure says where to resume", async () => {
  const seen = [];
  const walk = numberedPages(async (n) => { seen.push(n); return { more: n < 4, list: [n] }; }, (p) => p.more, (p) => p.list.length, "page", 2);
  const got = [];
  for await (const item of items(walk, (p) => p.list)) got.push(item);
  assert.deepEqual(got, [2, 3, 4]);
  const empty = [];
  for await (const page of numberedPages(async (n) => ({ list: n < 2 ? [n] : [] }), () => undefined, (p) => p.list.length, "page", 1)) empty.push(page);
  assert.equal(empty.length, 2, "an empty page is the last");
  const failing = numberedPages(async (n) => { if (n === 3) throw new NotJsonError("edge"); return { list: [n] }; }, () => true, (p) => p.list.length, "page", 1);
  const error = await rejection((async () => { for await (const _ of failing); })());
  assert.deepEqual(error.resume, { page: 3 });
  assert.ok(error.message.endsWith('; the walk stopped at this page: start it again with {"page":3} to resume'), error.message);
});
