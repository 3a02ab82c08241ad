import type { components, paths } from "./schema.js";
import { type ClientOptions, Contract, FailureEnvelopeError } from "raydium-api-runtime";
export * from "raydium-api-runtime";
export type { components, paths } from "./schema.js";
/** The public host the description cites (@raydium-io/raydium-sdk-v2@0.2.73-alpha src/api/url.ts API_URLS.BASE_HOST). */
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
/** A client of the Pool data service (v3): one method per operation, each resolving to the typed
 * success or rejecting with an ApiError; `iterate` and `pages` walk each paged operation.
 * Declared, not inferred, so that a host of any size compiles (tsc cannot write out an
 * inferred type past its length limit). */
export interface Client {
    /** The base URL, the timeout and the retry policy this client uses. */
    readonly contract: Contract;
    /** A client like this one with some options changed, e.g. one call without retries:
     * `client.withOptions({ retry: { maxRetries: 0 } }).listDynamicFeeConfigs(...)`. */
    withOptions(changed: ClientOptions): Client;
    /** List the dynamic-fee tiers for concentrated-liquidity pools (`GET /main/clmm-dynamic-config`). */
    listDynamicFeeConfigs(): Promise<components["schemas"]["DynamicFeeConfigListResponse"]>;
    /** Get the per-pool limit-order configuration (`GET /main/clmm-limit-order-config`). */
    getLimitOrderConfig(): Promise<components["schemas"]["LimitOrderConfigResponse"]>;
    /** Get chain statistics (`GET /main/info`). */
    getChainStatistics(): Promise<components["schemas"]["ChainStatisticsResponse"]>;
    /** Get the front-end version (from public evidence) (`GET /main/version`). */
    getVersion(): Promise<components["schemas"]["VersionInfoResponse"]>;
    /** Get priority-fee levels (from public evidence) (`GET /main/auto-fee`). */
    getPriorityFees(): Promise<components["schemas"]["PriorityFeesResponse"]>;
    /** Get the RPC node list (from public evidence) (`GET /main/rpcs`). */
    getRpcList(): Promise<components["schemas"]["RpcListResponse"]>;
    /** Get the token list (`GET /mint/list`). */
    listMints(): Promise<components["schemas"]["TokenListResponse"]>;
    /** Get prices of mints (`GET /mint/price`). */
    getMintPrices(params?: paths["/mint/price"]["get"]["parameters"]): Promise<components["schemas"]["MintPricesResponse"]>;
    /** Get pools by id (`GET /pools/info/ids`). */
    getPoolsByIds(params: paths["/pools/info/ids"]["get"]["parameters"]): Promise<components["schemas"]["PoolsResponse"]>;
    /** List pools containing one or two mints (`GET /pools/info/mint`). */
    listPoolsByMint(params: paths["/pools/info/mint"]["get"]["parameters"]): Promise<components["schemas"]["PoolsByMintResponse"]>;
    /** List pools, paged (`GET /pools/info/list`). */
    listPools(params?: paths["/pools/info/list"]["get"]["parameters"]): Promise<components["schemas"]["PoolPageResponse"]>;
    /** List pools, cursor-paged (`GET /pools/info/list-v2`). */
    listPoolsByCursor(params?: paths["/pools/info/list-v2"]["get"]["parameters"]): Promise<components["schemas"]["PoolCursorPageResponse"]>;
    /** List farms (`GET /farms/info/lp`). */
    listFarms(params?: paths["/farms/info/lp"]["get"]["parameters"]): Promise<components["schemas"]["FarmPageResponse"]>;
    /** Every page of each paged operation, in order, each through the operation's call (its
     * timeouts, deadline, retries and typed errors). A page that fails rejects with its ApiError,
     * whose `resume` is the query parameter that starts the walk again at that page. */
    readonly pages: {
        /** Every page of: List pools containing one or two mints, from `page` in `query` (page 1 by default). */
        listPoolsByMint(query: NonNullable<paths["/pools/info/mint"]["get"]["parameters"]["query"]>, options?: PageOptions): AsyncGenerator<components["schemas"]["PoolsByMintResponse"]>;
        /** Every page of: List pools, paged, from `page` in `query` (page 1 by default). */
        listPools(query?: NonNullable<paths["/pools/info/list"]["get"]["parameters"]["query"]>, options?: PageOptions): AsyncGenerator<components["schemas"]["PoolPageResponse"]>;
        /** Every page of: List pools, cursor-paged, from `nextPageId` in `query` (the first page by default; each cursor passed back unchanged). */
        listPoolsByCursor(query?: NonNullable<paths["/pools/info/list-v2"]["get"]["parameters"]["query"]>, options?: PageOptions): AsyncGenerator<components["schemas"]["PoolCursorPageResponse"]>;
        /** Every page of: List farms, from `page` in `query` (page 1 by default). */
        listFarms(query?: NonNullable<paths["/farms/info/lp"]["get"]["parameters"]["query"]>, options?: PageOptions): AsyncGenerator<components["schemas"]["FarmPageResponse"]>;
    };
    /** Every item of every page of each paged operation, in order, each once:
     * `for await (const item of client.iterate.listPoolsByMint())`. */
    readonly iterate: {
        listPoolsByMint(query: NonNullable<paths["/pools/info/mint"]["get"]["parameters"]["query"]>, options?: PageOptions): AsyncGenerator<NonNullable<NonNullable<NonNullable<components["schemas"]["PoolsByMintResponse"]>["data"]>["data"]>[number]>;
        listPools(query?: NonNullable<paths["/pools/info/list"]["get"]["parameters"]["query"]>, options?: PageOptions): AsyncGenerator<NonNullable<NonNullable<NonNullable<components["schemas"]["PoolPageResponse"]>["data"]>["data"]>[number]>;
        listPoolsByCursor(query?: NonNullable<paths["/pools/info/list-v2"]["get"]["parameters"]["query"]>, options?: PageOptions): AsyncGenerator<NonNullable<NonNullable<NonNullable<components["schemas"]["PoolCursorPageResponse"]>["data"]>["data"]>[number]>;
        listFarms(query?: NonNullable<paths["/farms/info/lp"]["get"]["parameters"]["query"]>, options?: PageOptions): AsyncGenerator<NonNullable<NonNullable<NonNullable<components["schemas"]["FarmPageResponse"]>["data"]>["data"]>[number]>;
    };
}
/** A client of the Pool data service (v3) (see `Client`). */
export declare function createClient(options?: ClientOptions): Client;
