import type { components, paths } from "./schema.js";
import { type ClientOptions, Contract, FailureEnvelopeError } from "raydium-api-runtime";
export * from "raydium-api-runtime";
export type { components, paths } from "./schema.js";
/** The public host the description cites (@raydium-io/raydium-sdk-v2@0.2.73-alpha src/api/url.ts API_URLS.SWAP_HOST). */
export declare const DEFAULT_BASE_URL: string | undefined;
/** The known codes a failure of this service carries in `msg`: compare a
 * FailureEnvelopeError's `code` with them. A failure with another code keeps it in `msg`. */
export declare const ErrorCode: {
    /** Invalid or missing wallet. Next: fix-request. Send the address of the wallet that signs in `wallet`. */
    readonly REQ_WALLET_ERROR: "REQ_WALLET_ERROR";
    /** Invalid slippageBps. Next: fix-request. Send `slippageBps` as an integer from 0 to 10000 (100 = 1%). */
    readonly REQ_SLIPPAGE_BPS_ERROR: "REQ_SLIPPAGE_BPS_ERROR";
    /** The `swapResponse` sent is not the compute response as the service sent it: missing, sent under another name, only its `data`, or re-encoded (for example integers turned into `10.0`). Next: re-quote. Send the whole compute response, unchanged, as `swapResponse` (the generated clients send the one they returned byte for byte). If it is older than about 30 seconds, compute a new quote first. */
    readonly REQ_SWAP_RESPONSE_ERROR: "REQ_SWAP_RESPONSE_ERROR";
    /** The `computeUnitPriceMicroLamports` sent was not accepted. Next: fix-request. Send a whole number of micro-lamports per compute unit (0 means none), for example a value of the pool data service's `/main/auto-fee`. */
    readonly REQ_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS_ERROR: "REQ_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS_ERROR";
    /** No route was found between `inputMint` and `outputMint` (Raydium's front end shows "No Routes Found"). Next: fix-request. Try another pair or amount. A pool created minutes ago may not be indexed yet: quote again later before giving up on a new pair. */
    readonly ROUTE_NOT_FOUND: "ROUTE_NOT_FOUND";
    /** The amount is too small to swap (Raydium's front end shows "Swap Amount Too Small"). Next: fix-request. Quote a larger amount. */
    readonly AMOUNT_TOO_SMALL: "AMOUNT_TOO_SMALL";
    /** The route's pools hold too little liquidity for the amount (Raydium's front end shows "Insufficient Liquidity"). Next: fix-request. Quote a smaller amount or another pair. */
    readonly TOO_LOW_LIQUIDITY: "TOO_LOW_LIQUIDITY";
    /** The route's pools hold too little liquidity for the amount (Raydium's front end shows "Insufficient Liquidity"). Next: fix-request. Quote a smaller amount or another pair. */
    readonly INSUFFICIENT_LIQUIDITY: "INSUFFICIENT_LIQUIDITY";
    /** The pool is not open yet. The failure carries `openTime`, when it opens (Unix seconds, as a string); Raydium's front end shows "Pool Open At" and that time. Next: wait. Quote again at `openTime` (Unix seconds), not before. */
    readonly REQ_POOL_NOT_OPEN: "REQ_POOL_NOT_OPEN";
    /** `inputAccount` is missing or not usable: the input is not wrapped native SOL, and no token account of the wallet for the input mint was sent (the code is spelt "ACCOUT" by the service). Next: fix-request. Send `inputAccount`, the wallet's token account for the input mint (or `wrapSol: true` when the input is native SOL). */
    readonly REQ_INPUT_ACCOUT_ERROR: "REQ_INPUT_ACCOUT_ERROR";
    /** The same failure as REQ_INPUT_ACCOUT_ERROR under the correct spelling. Clients test for both spellings; no recorded body with this one was found. Next: fix-request. Send `inputAccount`, the wallet's token account for the input mint. */
    readonly REQ_INPUT_ACCOUNT_ERROR: "REQ_INPUT_ACCOUNT_ERROR";
    /** A token account sent (`inputAccount` or `outputAccount`) cannot be used for the wallet, for example one of the wrong token program for the mint. Next: fix-request. Send token accounts that the wallet owns, of the token program of each mint. */
    readonly REQ_OWNER_ACCOUNT_ERROR: "REQ_OWNER_ACCOUNT_ERROR";
    /** The `inputMint` sent was rejected. Next: fix-request. Send the mint address of the token sent (base58). */
    readonly REQ_INPUT_MINT_ERROR: "REQ_INPUT_MINT_ERROR";
    /** The `outputMint` sent was rejected. Next: fix-request. Send the mint address of the token wanted (base58). */
    readonly REQ_OUTPUT_MINT_ERROR: "REQ_OUTPUT_MINT_ERROR";
    /** The `amount` sent was rejected. Next: fix-request. Send `amount` as decimal digits of a u64 in the token's smallest unit, never through a float. */
    readonly REQ_AMOUNT_ERROR: "REQ_AMOUNT_ERROR";
    /** The `txVersion` sent was rejected. Next: fix-request. Send `txVersion` as `V0` or `LEGACY`. */
    readonly REQ_TX_VERSION_ERROR: "REQ_TX_VERSION_ERROR";
};
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
/** A client of the Swap transaction service (Route V2, host transaction-v1): one method per operation, each resolving to the typed
 * success or rejecting with an ApiError.
 * Declared, not inferred, so that a host of any size compiles (tsc cannot write out an
 * inferred type past its length limit). */
export interface Client {
    /** The base URL, the timeout and the retry policy this client uses. */
    readonly contract: Contract;
    /** A client like this one with some options changed, e.g. one call without retries:
     * `client.withOptions({ retry: { maxRetries: 0 } }).computeSwapBaseIn(...)`. */
    withOptions(changed: ClientOptions): Client;
    /** Compute a swap quote for a fixed input amount (`GET /compute/swap-base-in`). */
    computeSwapBaseIn(params: paths["/compute/swap-base-in"]["get"]["parameters"]): Promise<components["schemas"]["SwapComputeResponse"]>;
    /** Compute a swap quote for a fixed output amount (`GET /compute/swap-base-out`). */
    computeSwapBaseOut(params: paths["/compute/swap-base-out"]["get"]["parameters"]): Promise<components["schemas"]["SwapComputeResponse"]>;
    /** Build an unsigned transaction for a fixed input (`POST /transaction/swap-base-in`). */
    buildSwapBaseInTransaction(body: NonNullable<paths["/transaction/swap-base-in"]["post"]["requestBody"]>["content"]["application/json"]): Promise<components["schemas"]["SwapTransactionResponse"]>;
    /** Build an unsigned transaction for a fixed output (`POST /transaction/swap-base-out`). */
    buildSwapBaseOutTransaction(body: NonNullable<paths["/transaction/swap-base-out"]["post"]["requestBody"]>["content"]["application/json"]): Promise<components["schemas"]["SwapTransactionResponse"]>;
}
/** A client of the Swap transaction service (Route V2, host transaction-v1) (see `Client`). */
export declare function createClient(options?: ClientOptions): Client;
