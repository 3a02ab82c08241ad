export interface RetryPolicy {
    /** A failure that passes is retried at most this many times (0: never). */
    maxRetries: number;
    /** A wait longer than this (ms) is not waited: the call ends with the failure at once. */
    maxWaitMs: number;
    /** Where a failure names no wait (no Retry-After): the first retry's backoff in ms, doubled at
     * each retry and jittered (each wait up to a quarter shorter, at random). */
    defaultWaitMs: number;
    /** A whole call, retries included, ends within this many ms. */
    deadlineMs: number;
}
export declare const DEFAULT_RETRY: RetryPolicy;
/** The HTTP statuses of failures that pass: a timeout, the rate limit, the server or the edge. */
export declare const TRANSIENT_STATUSES: ReadonlySet<number>;
/** The wait (ms) before retry number `retry` (0 for the first) where the failure names none. */
export declare function backoffMs(policy: RetryPolicy, retry: number): number;
/** Each attempt (connecting, the headers and the whole body) times out after this many ms. */
export declare const DEFAULT_TIMEOUT_MS = 8000;
export interface ClientOptions {
    /** Defaults to the public host the description cites, where there is one. */
    baseUrl?: string;
    /** Per attempt, in ms (default 8000). */
    timeoutMs?: number;
    retry?: Partial<RetryPolicy>;
    /** Headers sent with every request. */
    headers?: Record<string, string>;
    /** The underlying fetch (default: globalThis.fetch). */
    fetch?: typeof globalThis.fetch;
}
export interface ErrorDetails {
    status?: number | undefined;
    msg?: string | undefined;
    headers?: Headers | undefined;
    body?: Uint8Array | undefined;
    cause?: unknown;
    attempts?: number | undefined;
}
/** Where a page walk starts again, on the error of the page that stopped it. */
export type Resume = Record<string, string | number>;
/** Base class of every error a call rejects with instead of resolving to a usable success. */
export declare class ApiError extends Error {
    /** The HTTP status; undefined when no response arrived. */
    readonly status: number | undefined;
    /** The envelope's msg, where the body had one. */
    readonly msg: string | undefined;
    readonly headers: Headers;
    readonly body: Uint8Array;
    /** How many times the call was sent (the message says so when more than once). */
    attempts: number;
    /** Set by a page walk whose page failed: the parameter that starts it again at that page
     * (`{ nextPageId: "..." }`, `{ page: 3 }`); no item of that page was yielded. */
    resume: Resume | undefined;
    constructor(message: string, details?: ErrorDetails);
}
/** The service answered `success: false` (whatever the HTTP status). */
export declare class FailureEnvelopeError extends ApiError {
    /** The pool data service's error.code (the primary signal there). */
    readonly errorCode: number | undefined;
    /** `msg`, where it is a known code of this service (the package's `ErrorCode`); an unknown
     * code stays in `msg` only. */
    readonly code: string | undefined;
    /** When the pool opens (Unix seconds, as sent), with a failure for a pool not open yet. */
    readonly openTime: string | undefined;
    readonly envelope: Record<string, unknown>;
    constructor(message: string, envelope: Record<string, unknown>, details: ErrorDetails, codes?: ReadonlySet<string>);
}
/** HTTP 429 after the retries, or at once when Retry-After asks for more than the policy waits. */
export declare class RateLimitedError extends FailureEnvelopeError {
    /** Retry-After in seconds; undefined when absent or unreadable. */
    readonly retryAfter: number | undefined;
    constructor(message: string, envelope: Record<string, unknown>, retryAfter: number | undefined, details: ErrorDetails, codes?: ReadonlySet<string>);
}
/** The body is not JSON: for example an HTML page from the edge proxy. */
export declare class NotJsonError extends ApiError {
}
/** The body claims to be JSON but does not parse (truncated or empty). */
export declare class MalformedJsonError extends ApiError {
}
/** JSON that is not an envelope, or a success that does not fit the schema. */
export declare class UnexpectedShapeError extends ApiError {
}
/** A status with no declared success and no failure envelope. */
export declare class UnexpectedStatus extends ApiError {
}
/** No complete response arrived; `cause` is the underlying error. */
export declare class TransportError extends ApiError {
}
/** The connection could not be made (refused, unreachable, name not resolved). */
export declare class ConnectionFailedError extends TransportError {
}
/** The per-attempt timeout or the call's deadline passed. */
export declare class RequestTimeoutError extends TransportError {
}
/** The connection broke before the whole response arrived. */
export declare class ConnectionCutError extends TransportError {
}
/** The 2xx response of an operation whose response body the source does not show. */
export interface RawBody {
    status: number;
    headers: Headers;
    content: Uint8Array;
}
/** Seconds to wait from a Retry-After value: delay-seconds or an HTTP-date. */
export declare function parseRetryAfter(value: string | null): number | undefined;
/** The body as text, decoded as UTF-8 (a bad sequence becomes U+FFFD, a leading BOM is
 * dropped). A body of ASCII bytes only, what these services send, is copied byte for byte
 * into a one-byte string where Node's Buffer can: the same text, and under Node 20 about
 * eight times faster than TextDecoder, whose cost on a 1.4 MB pool page is a fifth of
 * JSON.parse's (docs/decisions/, 47). */
export declare function utf8Text(body: Uint8Array): string;
/** The decoded envelope of a success; a typed ApiError for anything else (`codes`: the
 * service's known error codes, which a failure's `code` names). */
export declare function decodeEnvelope(status: number, headers: Headers, body: Uint8Array, codes?: ReadonlySet<string>): Record<string, unknown>;
/** Every page of a cursor-paged operation, from `first` (undefined: the first page): each
 * page's cursor passed back unchanged; the page without one is the last. A page that fails
 * rejects with its ApiError, `resume` set to `{ [parameter]: cursor }`. */
export declare function cursorPages<P>(fetch: (cursor: string | undefined) => Promise<P>, nextCursor: (page: P) => string | undefined, parameter: string, first?: string, maxPages?: number): AsyncGenerator<P>;
/** Every page of a page-numbered operation from page `first`; the last says there is no next
 * page, or holds no item. A page that fails rejects with `resume` set to `{ [parameter]: n }`. */
export declare function numberedPages<P>(fetch: (page: number) => Promise<P>, more: (page: P) => boolean | undefined, count: (page: P) => number, parameter: string, first: number, maxPages?: number): AsyncGenerator<P>;
/** Each item of each page, in order (a null item where the schema admits one). */
export declare function items<P, I>(pages: AsyncIterable<P>, of: (page: P) => readonly I[]): AsyncGenerator<I>;
/** How a response is read: an envelope; an envelope whose JSON text is kept for sending back
 * (a quote); or a body the source does not show. */
export type Mode = "envelope" | "verbatim" | "raw";
/** The contract one client keeps: its base URL, timeout, retry policy, and its host's checker. */
export declare class Contract {
    readonly baseUrl: string;
    readonly timeoutMs: number;
    readonly retry: RetryPolicy;
    private readonly headers;
    private readonly underlying;
    private readonly validators;
    private readonly ajv;
    private readonly decoded;
    private readonly codes;
    constructor(options: ClientOptions, defaultBaseUrl: string | undefined, schemas: Record<string, unknown>, codes?: readonly string[]);
    /** The fetch of every request (openapi-fetch's `fetch`), for a response read as `mode` says. */
    fetchFor(mode: Mode): (request: Request) => Promise<Response>;
    /** The wait (ms) before the next attempt; or none, and why the call ends now with what it has. */
    private waitBefore;
    private send;
    /** The response a call returns (to openapi-fetch), its envelope decoded and kept; a typed error otherwise. */
    private outcome;
    /** A request body as JSON (openapi-fetch's bodySerializer): a value this package returned as a
     * success that requests send back (a quote) goes in as the JSON text it came as. */
    serialize(body: unknown): string;
    /** The typed success of a call, checked against its schema (`ref` in the bundle). */
    envelope<T>(ref: string, call: Promise<{
        data?: unknown;
        response: Response;
    }>): Promise<T>;
    /** The 2xx response of an operation whose response body is not shown, as it came. */
    raw(call: Promise<{
        data?: unknown;
        response: Response;
    }>): Promise<RawBody>;
}
