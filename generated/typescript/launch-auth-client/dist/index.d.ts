import type { paths } from "./schema.js";
import { type ClientOptions, Contract, FailureEnvelopeError, type RawBody } from "raydium-api-runtime";
export * from "raydium-api-runtime";
export type { components, paths } from "./schema.js";
/** The public host the description cites (none: the source shows no host). */
export declare const DEFAULT_BASE_URL: string | undefined;
/** The known codes a failure of this service carries in `msg` (none: its msg holds no code): compare a
 * FailureEnvelopeError's `code` with them. A failure with another code keeps it in `msg`. */
export declare const ErrorCode: {};
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];
/** What a client does next about each known code: fix the request, quote again, wait (until the
 * failure's `openTime`) or back off. */
export declare const ERROR_CODE_ACTIONS: Readonly<Record<ErrorCode, "fix-request" | "re-quote" | "wait" | "back-off">>;
/** True when `error` is a failure of this service with the known `code`. */
export declare function hasErrorCode(error: unknown, code: ErrorCode): error is FailureEnvelopeError;
/** A page walk's options: `maxPages` bounds the pages requested (default: every page). */
export interface PageOptions {
    maxPages?: number;
}
/** A client of the Launch auth service (forum wallet-signed handshake): one method per operation, each resolving to the typed
 * success or rejecting with an ApiError.
 * Declared, not inferred, so that a host of any size compiles (tsc cannot write out an
 * inferred type past its length limit). */
export interface Client {
    /** The base URL, the timeout and the retry policy this client uses. */
    readonly contract: Contract;
    /** A client like this one with some options changed, e.g. one call without retries:
     * `client.withOptions({ retry: { maxRetries: 0 } }).requestToken(...)`. */
    withOptions(changed: ClientOptions): Client;
    /** Exchange a wallet signature of time:<unix-seconds> for a JWT (`POST /request-token`). */
    requestToken(body: NonNullable<paths["/request-token"]["post"]["requestBody"]>["content"]["application/json"]): Promise<RawBody>;
}
/** A client of the Launch auth service (forum wallet-signed handshake) (see `Client`). */
export declare function createClient(options?: ClientOptions): Client;
