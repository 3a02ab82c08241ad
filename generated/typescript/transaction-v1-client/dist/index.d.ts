import type { components, paths } from "./schema.js";
import { type ClientOptions, Contract } from "./runtime.js";
export * from "./runtime.js";
export type { components, paths } from "./schema.js";
/** The public host the description cites (@raydium-io/raydium-sdk-v2@0.2.73-alpha src/api/url.ts API_URLS.SWAP_HOST). */
export declare const DEFAULT_BASE_URL: string | undefined;
/** A client of the Swap transaction service (Route V2, host transaction-v1): one method per operation, each resolving to the typed
 * success or rejecting with an ApiError. */
export declare function createClient(options?: ClientOptions): {
    /** The base URL, the timeout and the retry policy this client uses. */
    contract: Contract;
    /** Compute a swap quote for a fixed input amount (`GET /compute/swap-base-in`). */
    computeSwapBaseIn: (params: paths["/compute/swap-base-in"]["get"]["parameters"]) => Promise<components["schemas"]["SwapComputeResponse"]>;
    /** Compute a swap quote for a fixed output amount (`GET /compute/swap-base-out`). */
    computeSwapBaseOut: (params: paths["/compute/swap-base-out"]["get"]["parameters"]) => Promise<components["schemas"]["SwapComputeResponse"]>;
    /** Build an unsigned transaction for a fixed input (`POST /transaction/swap-base-in`). */
    buildSwapBaseInTransaction: (body: NonNullable<paths["/transaction/swap-base-in"]["post"]["requestBody"]>["content"]["application/json"]) => Promise<components["schemas"]["SwapTransactionResponse"]>;
    /** Build an unsigned transaction for a fixed output (`POST /transaction/swap-base-out`). */
    buildSwapBaseOutTransaction: (body: NonNullable<paths["/transaction/swap-base-out"]["post"]["requestBody"]>["content"]["application/json"]) => Promise<components["schemas"]["SwapTransactionResponse"]>;
};
export type Client = ReturnType<typeof createClient>;
