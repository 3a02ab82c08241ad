import type { paths } from "./schema.js";
import { type ClientOptions, Contract, type RawBody } from "./runtime.js";
export * from "./runtime.js";
export type { components, paths } from "./schema.js";
/** The public host the description cites (none: the source shows no host). */
export declare const DEFAULT_BASE_URL: string | undefined;
/** A client of the Launch auth service (forum wallet-signed handshake): one method per operation, each resolving to the typed
 * success or rejecting with an ApiError. */
export declare function createClient(options?: ClientOptions): {
    /** The base URL, the timeout and the retry policy this client uses. */
    contract: Contract;
    /** Exchange a wallet signature of time:<unix-seconds> for a JWT (`POST /request-token`). */
    requestToken: (body: NonNullable<paths["/request-token"]["post"]["requestBody"]>["content"]["application/json"]) => Promise<RawBody>;
};
export type Client = ReturnType<typeof createClient>;
