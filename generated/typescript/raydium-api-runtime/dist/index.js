// The client contract of the generated TypeScript clients (../shared/design.md, "The
// client contract"): the shared runtime, the npm package raydium-api-runtime, that every
// host's client depends on and re-exports. One ApiError for every host: `instanceof ApiError`
// catches a failure of any client. Written here (scripts/runtime/typescript/src/index.ts);
// scripts/clients/runtimes.py copies and compiles it into generated/typescript/raydium-api-runtime.
//
// Every call goes through `Contract.fetch`, the `fetch` openapi-fetch uses: it applies a
// timeout per attempt and a deadline per call, retries the failures that pass (a refused or
// cut connection, an attempt's timeout, HTTP 408, 429, 500, 502-504, 520-524: none of these
// services changes state, so every call may be sent again), reads the whole body, checks
// `success` and turns anything that is not a usable success into a typed error.
// `Contract.envelope` then checks the decoded success against its schema. Whatever happens, a
// call resolves to the typed success or rejects with an ApiError. `cursorPages`,
// `numberedPages` and `items` walk a paged operation (each client's `iterate` and `pages`).
import { Ajv2020 } from "ajv/dist/2020.js";
export const DEFAULT_RETRY = { maxRetries: 2, maxWaitMs: 10_000, defaultWaitMs: 500, deadlineMs: 30_000 };
/** The HTTP statuses of failures that pass: a timeout, the rate limit, the server or the edge. */
export const TRANSIENT_STATUSES = new Set([408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524]);
/** The wait (ms) before retry number `retry` (0 for the first) where the failure names none. */
export function backoffMs(policy, retry) {
    return policy.defaultWaitMs * 2 ** retry * (1 - 0.25 * Math.random());
}
/** Each attempt (connecting, the headers and the whole body) times out after this many ms. */
export const DEFAULT_TIMEOUT_MS = 8_000;
const NO_CODES = new Set();
/** Base class of every error a call rejects with instead of resolving to a usable success. */
export class ApiError extends Error {
    /** The HTTP status; undefined when no response arrived. */
    status;
    /** The envelope's msg, where the body had one. */
    msg;
    headers;
    body;
    /** How many times the call was sent (the message says so when more than once). */
    attempts;
    /** Set by a page walk whose page failed: the parameter that starts it again at that page
     * (`{ nextPageId: "..." }`, `{ page: 3 }`); no item of that page was yielded. */
    resume;
    constructor(message, details = {}) {
        super(message, details.cause === undefined ? undefined : { cause: details.cause });
        this.name = new.target.name;
        this.status = details.status;
        this.msg = details.msg;
        this.headers = details.headers ?? new Headers();
        this.body = details.body ?? new Uint8Array();
        this.attempts = 1;
        this.resume = undefined;
        counted(this, details.attempts ?? 1);
    }
}
/** The error, counting the attempts its call made (said in its message when more than one). */
function counted(error, attempts) {
    if (attempts > error.attempts) {
        error.message = `${error.message.replace(/ \(after \d+ attempts\)$/, "")} (after ${attempts} attempts)`;
        error.attempts = attempts;
    }
    return error;
}
/** The service answered `success: false` (whatever the HTTP status). */
export class FailureEnvelopeError extends ApiError {
    /** The pool data service's error.code (the primary signal there). */
    errorCode;
    /** `msg`, where it is a known code of this service (the package's `ErrorCode`); an unknown
     * code stays in `msg` only. */
    code;
    /** When the pool opens (Unix seconds, as sent), with a failure for a pool not open yet. */
    openTime;
    envelope;
    constructor(message, envelope, details, codes = NO_CODES) {
        super(message, details);
        this.envelope = envelope;
        const error = envelope["error"];
        const code = typeof error === "object" && error !== null ? error["code"] : undefined;
        this.errorCode = typeof code === "number" && Number.isInteger(code) ? code : undefined;
        this.code = this.msg !== undefined && codes.has(this.msg) ? this.msg : undefined;
        const openTime = envelope["openTime"];
        this.openTime = typeof openTime === "string" ? openTime : undefined;
    }
}
/** HTTP 429 after the retries, or at once when Retry-After asks for more than the policy waits. */
export class RateLimitedError extends FailureEnvelopeError {
    /** Retry-After in seconds; undefined when absent or unreadable. */
    retryAfter;
    constructor(message, envelope, retryAfter, details, codes = NO_CODES) {
        super(message, envelope, details, codes);
        this.retryAfter = retryAfter;
    }
}
/** The body is not JSON: for example an HTML page from the edge proxy. */
export class NotJsonError extends ApiError {
}
/** The body claims to be JSON but does not parse (truncated or empty). */
export class MalformedJsonError extends ApiError {
}
/** JSON that is not an envelope, or a success that does not fit the schema. */
export class UnexpectedShapeError extends ApiError {
}
/** A status with no declared success and no failure envelope. */
export class UnexpectedStatus extends ApiError {
}
/** No complete response arrived; `cause` is the underlying error. */
export class TransportError extends ApiError {
}
/** The connection could not be made (refused, unreachable, name not resolved). */
export class ConnectionFailedError extends TransportError {
}
/** The per-attempt timeout or the call's deadline passed. */
export class RequestTimeoutError extends TransportError {
}
/** The connection broke before the whole response arrived. */
export class ConnectionCutError extends TransportError {
}
/** Seconds to wait from a Retry-After value: delay-seconds or an HTTP-date. */
export function parseRetryAfter(value) {
    if (value === null || value.trim() === "")
        return undefined;
    const text = value.trim();
    if (/^\d+$/.test(text))
        return Number(text);
    const when = Date.parse(text);
    return Number.isNaN(when) ? undefined : Math.max(0, (when - Date.now()) / 1000);
}
const PREVIEW = 200;
const decoder = new TextDecoder("utf-8", { fatal: false });
const nodeBuffer = (() => {
    try {
        const process = globalThis.process;
        return process?.getBuiltinModule?.("node:buffer");
    }
    catch {
        return undefined;
    }
})();
/** The body as text, decoded as UTF-8 (a bad sequence becomes U+FFFD, a leading BOM is
 * dropped). A body of ASCII bytes only, what these services send, is copied byte for byte
 * into a one-byte string where Node's Buffer can: the same text, and under Node 20 about
 * eight times faster than TextDecoder, whose cost on a 1.4 MB pool page is a fifth of
 * JSON.parse's (docs/decisions/, 47). */
export function utf8Text(body) {
    if (nodeBuffer?.isAscii !== undefined && nodeBuffer.isAscii(body)) {
        return nodeBuffer.Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("latin1");
    }
    return decoder.decode(body);
}
/** The whole body of a response, read from its stream: one chunk (a body that came whole) is
 * returned as it came; several are copied once into one array. Under Node 20, `arrayBuffer()`
 * copies a 1.4 MB body more than once: about 0.6 ms more for one chunk, 0.1 ms for 64 KiB
 * chunks (docs/decisions/, 87). */
async function readBody(response) {
    if (response.body === null)
        return new Uint8Array(0);
    const reader = response.body.getReader();
    const chunks = [];
    let length = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        chunks.push(value);
        length += value.byteLength;
    }
    const only = chunks.length === 1 ? chunks[0] : undefined;
    if (only !== undefined && only.buffer instanceof ArrayBuffer)
        return only;
    const whole = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
        whole.set(chunk, at);
        at += chunk.byteLength;
    }
    return whole;
}
function preview(body) {
    const text = decoder.decode(body.subarray(0, PREVIEW)).split(/\s+/).join(" ");
    return JSON.stringify(body.length > PREVIEW ? `${text}...` : text);
}
function causes(error) {
    const found = [];
    for (let e = error; e !== undefined && e !== null && found.length < 6;) {
        found.push(e);
        e = typeof e === "object" ? e.cause : undefined;
    }
    return found;
}
function transportError(error, where) {
    if (error instanceof ApiError)
        return error;
    const chain = causes(error);
    const names = chain.map((e) => (typeof e === "object" && e !== null ? String(e.name) : ""));
    const codes = chain.map((e) => (typeof e === "object" && e !== null ? String(e.code) : ""));
    const text = chain.map((e) => String(e)).join(": ");
    if (names.includes("TimeoutError") || names.includes("AbortError") || codes.includes("UND_ERR_CONNECT_TIMEOUT")) {
        return new RequestTimeoutError(`${where}: timed out (${text})`, { cause: error });
    }
    if (codes.some((c) => ["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"].includes(c))) {
        return new ConnectionFailedError(`${where}: could not connect (${text})`, { cause: error });
    }
    return new ConnectionCutError(`${where}: the connection broke before the whole response arrived (${text})`, {
        cause: error,
    });
}
function media(headers) {
    return (headers.get("content-type") ?? "").split(";", 1)[0].trim().toLowerCase();
}
function isJson(type) {
    return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}
function envelopeOrEmpty(body) {
    try {
        const payload = JSON.parse(utf8Text(body));
        return typeof payload === "object" && payload !== null && !Array.isArray(payload)
            ? payload
            : {};
    }
    catch {
        return {};
    }
}
function failure(status, envelope, details, codes, reason = "success=false") {
    const msg = typeof envelope["msg"] === "string" ? envelope["msg"] : undefined;
    const parts = [`HTTP ${status}`, reason];
    if (msg !== undefined)
        parts.push(`msg=${JSON.stringify(msg)}`);
    return new FailureEnvelopeError(parts.join(", "), envelope, { ...details, msg }, codes);
}
function rateLimited(status, headers, body, codes, extra = "") {
    const envelope = envelopeOrEmpty(body);
    const retryAfter = parseRetryAfter(headers.get("retry-after"));
    const msg = typeof envelope["msg"] === "string" ? envelope["msg"] : undefined;
    const wait = retryAfter === undefined ? "no Retry-After" : `Retry-After ${retryAfter}s`;
    return new RateLimitedError(`HTTP ${status}, rate limited (${wait}${extra})`, envelope, retryAfter, {
        status,
        msg,
        headers,
        body,
    }, codes);
}
/** The decoded envelope of a success; a typed ApiError for anything else (`codes`: the
 * service's known error codes, which a failure's `code` names). */
export function decodeEnvelope(status, headers, body, codes = NO_CODES) {
    const details = { status, headers, body };
    const type = media(headers);
    const lenient = type === "" || type === "text/plain";
    if (status === 429)
        throw rateLimited(status, headers, body, codes);
    if (!isJson(type) && !lenient) {
        throw new NotJsonError(`HTTP ${status}: expected a JSON envelope, got ${type || "no content type"} (${body.length} bytes: ${preview(body)})`, details);
    }
    let payload;
    try {
        payload = JSON.parse(utf8Text(body));
    }
    catch (error) {
        if (lenient) {
            throw new NotJsonError(`HTTP ${status}: expected a JSON envelope, got ${type || "no content type"} (${body.length} bytes: ${preview(body)})`, { ...details, cause: error });
        }
        const what = body.length === 0 ? "the body is empty" : `the body is not valid JSON (${String(error)}); it may be truncated`;
        throw new MalformedJsonError(`HTTP ${status}: ${what} (${body.length} bytes: ${preview(body)})`, { ...details, cause: error });
    }
    if (typeof payload !== "object" || payload === null || Array.isArray(payload) || typeof payload["success"] !== "boolean") {
        throw new UnexpectedShapeError(`HTTP ${status}: the body is JSON but not an envelope (no boolean 'success'): ${preview(body)}`, details);
    }
    const envelope = payload;
    if (envelope["success"] === false)
        throw failure(status, envelope, details, codes);
    if (status < 200 || status > 299)
        throw failure(status, envelope, details, codes, "error status with success=true");
    return envelope;
}
// The JSON text each returned success that a request sends back (the quote) was decoded from,
// by the object returned: `Contract.serialize` puts that text in the request body, so the quote
// reaches the service as it came (big integers exact, numbers as written), never re-encoded.
const rawJson = new WeakMap();
const RAW_MARK = `\u0000raw:${Math.random().toString(36).slice(2)}:`;
function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}
/** `work`, or the signal's reason once it aborts, whichever comes first. The signal is passed to
 * fetch too, but an attempt's end must not rest on the fetch honouring it: a `fetch` option may
 * ignore it, and under load Node's own fetch was seen to leave a stalled request unsettled after
 * its signal aborted (the hostile contract's stall, with every core busy). */
function untilAborted(work, signal) {
    if (signal.aborted) {
        work.catch(() => undefined); // settled later, if ever: never an unhandled rejection
        return Promise.reject(signal.reason);
    }
    return new Promise((resolve, reject) => {
        const abort = () => reject(signal.reason);
        signal.addEventListener("abort", abort, { once: true });
        work.then((value) => { signal.removeEventListener("abort", abort); resolve(value); }, (error) => { signal.removeEventListener("abort", abort); reject(error); });
    });
}
/** The wait (ms) a response asks for: `retry-after-ms`, or `Retry-After` (seconds or a date). */
function askedWaitMs(headers) {
    const ms = (headers.get("retry-after-ms") ?? "").trim();
    if (/^\d+(\.\d+)?$/.test(ms))
        return Number(ms);
    const seconds = parseRetryAfter(headers.get("retry-after"));
    return seconds === undefined ? undefined : seconds * 1000;
}
/** Every page of a cursor-paged operation, from `first` (undefined: the first page): each
 * page's cursor passed back unchanged; the page without one is the last. A page that fails
 * rejects with its ApiError, `resume` set to `{ [parameter]: cursor }`. */
export async function* cursorPages(fetch, nextCursor, parameter, first, maxPages) {
    checkMaxPages(maxPages);
    let cursor = first;
    for (let fetched = 0; maxPages === undefined || fetched < maxPages; fetched += 1) {
        let page;
        try {
            page = await fetch(cursor);
        }
        catch (error) {
            throw resuming(error, cursor === undefined ? {} : { [parameter]: cursor });
        }
        yield page;
        cursor = nextCursor(page);
        if (cursor === undefined || cursor === "")
            return;
    }
}
/** Every page of a page-numbered operation from page `first`; the last says there is no next
 * page, or holds no item. A page that fails rejects with `resume` set to `{ [parameter]: n }`. */
export async function* numberedPages(fetch, more, count, parameter, first, maxPages) {
    checkMaxPages(maxPages);
    for (let number = first, fetched = 0; maxPages === undefined || fetched < maxPages; number += 1, fetched += 1) {
        let page;
        try {
            page = await fetch(number);
        }
        catch (error) {
            throw resuming(error, { [parameter]: number });
        }
        yield page;
        if (more(page) === false || count(page) === 0)
            return;
    }
}
/** Each item of each page, in order (a null item where the schema admits one). */
export async function* items(pages, of) {
    for await (const page of pages)
        yield* of(page);
}
function checkMaxPages(maxPages) {
    if (maxPages !== undefined && !(maxPages >= 1))
        throw new RangeError(`maxPages must be at least 1 (or undefined for no bound), not ${maxPages}`);
}
function resuming(error, resume) {
    if (error instanceof ApiError) {
        error.resume = resume;
        const start = Object.keys(resume).length === 0 ? "the first page" : JSON.stringify(resume);
        error.message = `${error.message}; the walk stopped at this page: start it again with ${start} to resume`;
    }
    return error;
}
// By the schemas object a client module passes (one per host): every client of a host shares
// one Checker, so a second client costs no new Ajv and no validator compiled again (adding a
// bundle took about 22 ms a client, docs/decisions/, 109). The schemas are the module's own
// constant and the Ajv options do not depend on a client's options, so what a client checks
// is the same either way.
const checkers = new WeakMap();
function checkerOf(schemas) {
    let checker = checkers.get(schemas);
    if (checker === undefined) {
        // The bundle's schemas, checked as JSON Schema 2020-12: OpenAPI's own keywords
        // (example, x-*) are annotations here, and formats are not asserted.
        const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false, logger: false });
        ajv.addSchema({ $id: "bundle", ...schemas });
        checker = { ajv, validators: new Map() };
        checkers.set(schemas, checker);
    }
    return checker;
}
/** The contract one client keeps: its base URL, timeout, retry policy, and its host's checker. */
export class Contract {
    baseUrl;
    timeoutMs;
    retry;
    headers;
    underlying;
    validators;
    ajv;
    // The envelope send() decoded, by the response it returned: the body is parsed once
    // (openapi-fetch is told parseAs: "stream", so it does not parse it again).
    decoded = new WeakMap();
    codes;
    constructor(options, defaultBaseUrl, schemas, codes = []) {
        this.codes = new Set(codes);
        const baseUrl = options.baseUrl ?? defaultBaseUrl;
        if (baseUrl === undefined) {
            throw new Error("baseUrl is required: the source document shows no host for this service, so the client has no default");
        }
        this.baseUrl = baseUrl;
        this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
        this.retry = { ...DEFAULT_RETRY, ...options.retry };
        this.headers = options.headers ?? {};
        this.underlying = options.fetch ?? globalThis.fetch;
        const checker = checkerOf(schemas);
        this.ajv = checker.ajv;
        this.validators = checker.validators;
    }
    /** The fetch of every request (openapi-fetch's `fetch`), for a response read as `mode` says. */
    fetchFor(mode) {
        return (request) => this.send(request, mode);
    }
    /** The wait (ms) before the next attempt; or none, and why the call ends now with what it has. */
    waitBefore(retry, ends, headers) {
        if (retry >= this.retry.maxRetries)
            return { why: "" };
        const waitMs = (headers === undefined ? undefined : askedWaitMs(headers)) ?? backoffMs(this.retry, retry);
        if (waitMs > this.retry.maxWaitMs)
            return { why: `; the wait exceeds the retry policy's maxWaitMs of ${this.retry.maxWaitMs}` };
        if (Date.now() + waitMs >= ends)
            return { why: `; waiting would pass the call's deadline of ${this.retry.deadlineMs} ms` };
        return { waitMs, why: "" };
    }
    async send(request, mode) {
        const where = `${request.method} ${request.url}`;
        const ends = Date.now() + this.retry.deadlineMs;
        for (let retry = 0;; retry += 1) {
            const attempts = retry + 1;
            const remaining = ends - Date.now();
            if (remaining <= 0) {
                throw new RequestTimeoutError(`${where}: the call's deadline of ${this.retry.deadlineMs} ms passed`, { attempts });
            }
            const lastChance = remaining <= this.timeoutMs; // this attempt's timeout is the call's deadline
            const signal = AbortSignal.timeout(Math.min(this.timeoutMs, remaining));
            const sent = new Request(request.clone(), { signal });
            for (const [name, value] of Object.entries(this.headers))
                sent.headers.set(name, value);
            let response;
            let body;
            try {
                response = await untilAborted(this.underlying(sent), signal);
                const whole = response;
                body = await untilAborted(readBody(whole), signal).catch((error) => {
                    void whole.body?.cancel().catch(() => undefined); // the connection goes back, the bytes are dropped
                    throw error;
                });
            }
            catch (error) {
                const failed = transportError(error, where);
                const waitMs = failed instanceof RequestTimeoutError && lastChance ? undefined : this.waitBefore(retry, ends, undefined).waitMs;
                if (waitMs === undefined) {
                    if (failed instanceof RequestTimeoutError && lastChance) {
                        throw new RequestTimeoutError(`${where}: the call's deadline of ${this.retry.deadlineMs} ms passed`, { cause: error, attempts });
                    }
                    throw counted(failed, attempts);
                }
                await sleep(waitMs);
                continue;
            }
            if (TRANSIENT_STATUSES.has(response.status) && retry < this.retry.maxRetries) {
                const { waitMs, why } = this.waitBefore(retry, ends, response.headers);
                if (waitMs !== undefined) {
                    await sleep(waitMs);
                    continue;
                }
                if (response.status === 429)
                    throw counted(rateLimited(429, response.headers, body, this.codes, why), attempts);
            }
            try {
                return this.outcome(response, body, mode);
            }
            catch (error) {
                throw error instanceof ApiError ? counted(error, attempts) : error;
            }
        }
    }
    /** The response a call returns (to openapi-fetch), its envelope decoded and kept; a typed error otherwise. */
    outcome(response, body, mode) {
        let envelope;
        if (mode === "raw" && response.status >= 200 && response.status <= 299) {
            const raw = envelopeOrEmpty(body);
            if (raw["success"] === false)
                throw failure(response.status, raw, { status: response.status, headers: response.headers, body }, this.codes);
        }
        else {
            envelope = decodeEnvelope(response.status, response.headers, body, this.codes);
            if (mode === "raw")
                throw new UnexpectedStatus(`HTTP ${response.status}: unexpected status`, { status: response.status, headers: response.headers, body });
            if (mode === "verbatim")
                rawJson.set(envelope, utf8Text(body));
        }
        // An envelope call's body was decoded here (kept in `decoded`): openapi-fetch gets the
        // status and headers only, not a second copy of the bytes to wrap in a stream.
        const empty = envelope !== undefined || [204, 205, 304].includes(response.status);
        const returned = new Response(empty ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
        if (envelope !== undefined)
            this.decoded.set(returned, envelope);
        return returned;
    }
    /** A request body as JSON (openapi-fetch's bodySerializer): a value this package returned as a
     * success that requests send back (a quote) goes in as the JSON text it came as. */
    serialize(body) {
        const kept = [];
        const text = JSON.stringify(body, (_key, value) => {
            if (typeof value === "object" && value !== null) {
                const raw = rawJson.get(value);
                if (raw !== undefined)
                    return `${RAW_MARK}${kept.push(raw) - 1}`;
            }
            return value;
        });
        if (kept.length === 0)
            return text;
        const mark = JSON.stringify(RAW_MARK).slice(1, -1).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        return text.replace(new RegExp(`"${mark}(\\d+)"`, "g"), (_match, index) => kept[Number(index)]);
    }
    /** The typed success of a call, checked against its schema (`ref` in the bundle). */
    async envelope(ref, call) {
        const { response } = await call;
        const data = this.decoded.get(response);
        // Dropped at once: a WeakMap entry lives until its key is collected, and a Response
        // promoted to the old generation would hold the whole decoded body until a full GC.
        this.decoded.delete(response);
        if (data === undefined) {
            throw new UnexpectedShapeError(`HTTP ${response.status}: the response did not come through the client's fetch`, {
                status: response.status,
                headers: response.headers,
            });
        }
        let validate = this.validators.get(ref);
        if (validate === undefined) {
            validate = this.ajv.compile({ $ref: `bundle${ref}` });
            this.validators.set(ref, validate);
        }
        if (!validate(data)) {
            const problem = (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? ""}`).join("; ");
            throw new UnexpectedShapeError(`HTTP ${response.status}: the success envelope does not match the schema (${problem})`, {
                status: response.status,
                headers: response.headers,
            });
        }
        return data;
    }
    /** The 2xx response of an operation whose response body is not shown, as it came. */
    async raw(call) {
        const { data, response } = await call;
        const content = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array();
        return { status: response.status, headers: response.headers, content };
    }
}
