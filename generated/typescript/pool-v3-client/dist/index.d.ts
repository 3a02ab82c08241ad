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
 * success or rejecting with an ApiError; `iterate` and `pages` walk each paged operation. */
export declare function createClient(options?: ClientOptions): {
    pages: {
        /** Every page of: List pools containing one or two mints, from `page` in `query` (page 1 by default). */
        listPoolsByMint: (query: NonNullable<paths["/pools/info/mint"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
            id?: string;
            success: boolean;
        } & {
            msg?: components["schemas"]["Msg"];
        } & {
            id?: components["schemas"]["PoolRequestId"];
            success: true;
        } & {
            data: components["schemas"]["PoolsByMint"];
        }, any, any>;
        /** Every page of: List pools, paged, from `page` in `query` (page 1 by default). */
        listPools: (query?: NonNullable<paths["/pools/info/list"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
            id?: string;
            success: boolean;
        } & {
            msg?: components["schemas"]["Msg"];
        } & {
            id?: components["schemas"]["PoolRequestId"];
            success: true;
        } & {
            data: components["schemas"]["PoolPage"];
        }, any, any>;
        /** Every page of: List pools, cursor-paged, from `nextPageId` in `query` (the first page by default; each cursor passed back unchanged). */
        listPoolsByCursor: (query?: NonNullable<paths["/pools/info/list-v2"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
            id?: string;
            success: boolean;
        } & {
            msg?: components["schemas"]["Msg"];
        } & {
            id?: components["schemas"]["PoolRequestId"];
            success: true;
        } & {
            data: components["schemas"]["PoolCursorPage"];
        }, any, any>;
        /** Every page of: List farms, from `page` in `query` (page 1 by default). */
        listFarms: (query?: NonNullable<paths["/farms/info/lp"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
            id?: string;
            success: boolean;
        } & {
            msg?: components["schemas"]["Msg"];
        } & {
            id?: components["schemas"]["PoolRequestId"];
            success: true;
        } & {
            data: components["schemas"]["FarmPage"];
        }, any, any>;
    };
    iterate: {
        listPoolsByMint: (query: NonNullable<paths["/pools/info/mint"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
            type?: "Concentrated" | "Standard";
            programId?: string;
            id?: string;
            mintA?: components["schemas"]["Token"];
            mintB?: components["schemas"]["Token"];
            price?: number;
            mintAmountA?: number;
            mintAmountB?: number;
            feeRate?: number;
            openTime?: string | number;
            tvl?: number;
            day?: components["schemas"]["PoolPeriodStats"];
            week?: components["schemas"]["PoolPeriodStats"];
            month?: components["schemas"]["PoolPeriodStats"];
            farmUpcomingCount?: number;
            farmOngoingCount?: number;
            farmFinishedCount?: number;
            burnPercent?: number;
            hasDynamicFee?: boolean;
            feeOn?: string;
            launchMigratePool?: boolean;
            tips?: components["schemas"]["PoolTip"][];
            lpMint?: components["schemas"]["Token"];
            lpPrice?: number;
            lpAmount?: number;
            marketId?: string;
            config?: components["schemas"]["PoolConfig"];
        }, any, any>;
        listPools: (query?: NonNullable<paths["/pools/info/list"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
            type?: "Concentrated" | "Standard";
            programId?: string;
            id?: string;
            mintA?: components["schemas"]["Token"];
            mintB?: components["schemas"]["Token"];
            price?: number;
            mintAmountA?: number;
            mintAmountB?: number;
            feeRate?: number;
            openTime?: string | number;
            tvl?: number;
            day?: components["schemas"]["PoolPeriodStats"];
            week?: components["schemas"]["PoolPeriodStats"];
            month?: components["schemas"]["PoolPeriodStats"];
            farmUpcomingCount?: number;
            farmOngoingCount?: number;
            farmFinishedCount?: number;
            burnPercent?: number;
            hasDynamicFee?: boolean;
            feeOn?: string;
            launchMigratePool?: boolean;
            tips?: components["schemas"]["PoolTip"][];
            lpMint?: components["schemas"]["Token"];
            lpPrice?: number;
            lpAmount?: number;
            marketId?: string;
            config?: components["schemas"]["PoolConfig"];
        }, any, any>;
        listPoolsByCursor: (query?: NonNullable<paths["/pools/info/list-v2"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
            type?: "Concentrated" | "Standard";
            programId?: string;
            id?: string;
            mintA?: components["schemas"]["Token"];
            mintB?: components["schemas"]["Token"];
            price?: number;
            mintAmountA?: number;
            mintAmountB?: number;
            feeRate?: number;
            openTime?: string | number;
            tvl?: number;
            day?: components["schemas"]["PoolPeriodStats"];
            week?: components["schemas"]["PoolPeriodStats"];
            month?: components["schemas"]["PoolPeriodStats"];
            farmUpcomingCount?: number;
            farmOngoingCount?: number;
            farmFinishedCount?: number;
            burnPercent?: number;
            hasDynamicFee?: boolean;
            feeOn?: string;
            launchMigratePool?: boolean;
            tips?: components["schemas"]["PoolTip"][];
            lpMint?: components["schemas"]["Token"];
            lpPrice?: number;
            lpAmount?: number;
            marketId?: string;
            config?: components["schemas"]["PoolConfig"];
        }, any, any>;
        listFarms: (query?: NonNullable<paths["/farms/info/lp"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
            programId?: string;
            id?: string;
            symbolMints?: components["schemas"]["Token"][];
            lpMint?: components["schemas"]["Token"];
            tvl?: number;
            lpPrice?: number;
            apr?: number;
            tags?: string[];
            rewardInfos?: components["schemas"]["FarmRewardInfo"][];
        }, any, any>;
    };
    /** The base URL, the timeout and the retry policy this client uses. */
    contract: Contract;
    /** A client like this one with some options changed, e.g. one call without retries:
     * `client.withOptions({ retry: { maxRetries: 0 } }).listDynamicFeeConfigs(...)`. */
    withOptions: (changed: ClientOptions) => {
        pages: {
            /** Every page of: List pools containing one or two mints, from `page` in `query` (page 1 by default). */
            listPoolsByMint: (query: NonNullable<paths["/pools/info/mint"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
                id?: string;
                success: boolean;
            } & {
                msg?: components["schemas"]["Msg"];
            } & {
                id?: components["schemas"]["PoolRequestId"];
                success: true;
            } & {
                data: components["schemas"]["PoolsByMint"];
            }, any, any>;
            /** Every page of: List pools, paged, from `page` in `query` (page 1 by default). */
            listPools: (query?: NonNullable<paths["/pools/info/list"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
                id?: string;
                success: boolean;
            } & {
                msg?: components["schemas"]["Msg"];
            } & {
                id?: components["schemas"]["PoolRequestId"];
                success: true;
            } & {
                data: components["schemas"]["PoolPage"];
            }, any, any>;
            /** Every page of: List pools, cursor-paged, from `nextPageId` in `query` (the first page by default; each cursor passed back unchanged). */
            listPoolsByCursor: (query?: NonNullable<paths["/pools/info/list-v2"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
                id?: string;
                success: boolean;
            } & {
                msg?: components["schemas"]["Msg"];
            } & {
                id?: components["schemas"]["PoolRequestId"];
                success: true;
            } & {
                data: components["schemas"]["PoolCursorPage"];
            }, any, any>;
            /** Every page of: List farms, from `page` in `query` (page 1 by default). */
            listFarms: (query?: NonNullable<paths["/farms/info/lp"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
                id?: string;
                success: boolean;
            } & {
                msg?: components["schemas"]["Msg"];
            } & {
                id?: components["schemas"]["PoolRequestId"];
                success: true;
            } & {
                data: components["schemas"]["FarmPage"];
            }, any, any>;
        };
        iterate: {
            listPoolsByMint: (query: NonNullable<paths["/pools/info/mint"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
                type?: "Concentrated" | "Standard";
                programId?: string;
                id?: string;
                mintA?: components["schemas"]["Token"];
                mintB?: components["schemas"]["Token"];
                price?: number;
                mintAmountA?: number;
                mintAmountB?: number;
                feeRate?: number;
                openTime?: string | number;
                tvl?: number;
                day?: components["schemas"]["PoolPeriodStats"];
                week?: components["schemas"]["PoolPeriodStats"];
                month?: components["schemas"]["PoolPeriodStats"];
                farmUpcomingCount?: number;
                farmOngoingCount?: number;
                farmFinishedCount?: number;
                burnPercent?: number;
                hasDynamicFee?: boolean;
                feeOn?: string;
                launchMigratePool?: boolean;
                tips?: components["schemas"]["PoolTip"][];
                lpMint?: components["schemas"]["Token"];
                lpPrice?: number;
                lpAmount?: number;
                marketId?: string;
                config?: components["schemas"]["PoolConfig"];
            }, any, any>;
            listPools: (query?: NonNullable<paths["/pools/info/list"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
                type?: "Concentrated" | "Standard";
                programId?: string;
                id?: string;
                mintA?: components["schemas"]["Token"];
                mintB?: components["schemas"]["Token"];
                price?: number;
                mintAmountA?: number;
                mintAmountB?: number;
                feeRate?: number;
                openTime?: string | number;
                tvl?: number;
                day?: components["schemas"]["PoolPeriodStats"];
                week?: components["schemas"]["PoolPeriodStats"];
                month?: components["schemas"]["PoolPeriodStats"];
                farmUpcomingCount?: number;
                farmOngoingCount?: number;
                farmFinishedCount?: number;
                burnPercent?: number;
                hasDynamicFee?: boolean;
                feeOn?: string;
                launchMigratePool?: boolean;
                tips?: components["schemas"]["PoolTip"][];
                lpMint?: components["schemas"]["Token"];
                lpPrice?: number;
                lpAmount?: number;
                marketId?: string;
                config?: components["schemas"]["PoolConfig"];
            }, any, any>;
            listPoolsByCursor: (query?: NonNullable<paths["/pools/info/list-v2"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
                type?: "Concentrated" | "Standard";
                programId?: string;
                id?: string;
                mintA?: components["schemas"]["Token"];
                mintB?: components["schemas"]["Token"];
                price?: number;
                mintAmountA?: number;
                mintAmountB?: number;
                feeRate?: number;
                openTime?: string | number;
                tvl?: number;
                day?: components["schemas"]["PoolPeriodStats"];
                week?: components["schemas"]["PoolPeriodStats"];
                month?: components["schemas"]["PoolPeriodStats"];
                farmUpcomingCount?: number;
                farmOngoingCount?: number;
                farmFinishedCount?: number;
                burnPercent?: number;
                hasDynamicFee?: boolean;
                feeOn?: string;
                launchMigratePool?: boolean;
                tips?: components["schemas"]["PoolTip"][];
                lpMint?: components["schemas"]["Token"];
                lpPrice?: number;
                lpAmount?: number;
                marketId?: string;
                config?: components["schemas"]["PoolConfig"];
            }, any, any>;
            listFarms: (query?: NonNullable<paths["/farms/info/lp"]["get"]["parameters"]["query"]>, options?: PageOptions) => AsyncGenerator<{
                programId?: string;
                id?: string;
                symbolMints?: components["schemas"]["Token"][];
                lpMint?: components["schemas"]["Token"];
                tvl?: number;
                lpPrice?: number;
                apr?: number;
                tags?: string[];
                rewardInfos?: components["schemas"]["FarmRewardInfo"][];
            }, any, any>;
        };
        /** The base URL, the timeout and the retry policy this client uses. */
        contract: Contract;
        withOptions: /*elided*/ any;
        /** List the dynamic-fee tiers for concentrated-liquidity pools (`GET /main/clmm-dynamic-config`). */
        listDynamicFeeConfigs: () => Promise<components["schemas"]["DynamicFeeConfigListResponse"]>;
        /** Get the per-pool limit-order configuration (`GET /main/clmm-limit-order-config`). */
        getLimitOrderConfig: () => Promise<components["schemas"]["LimitOrderConfigResponse"]>;
        /** Get chain statistics (`GET /main/info`). */
        getChainStatistics: () => Promise<components["schemas"]["ChainStatisticsResponse"]>;
        /** Get the front-end version (from public evidence) (`GET /main/version`). */
        getVersion: () => Promise<components["schemas"]["VersionInfoResponse"]>;
        /** Get priority-fee levels (from public evidence) (`GET /main/auto-fee`). */
        getPriorityFees: () => Promise<components["schemas"]["PriorityFeesResponse"]>;
        /** Get the RPC node list (from public evidence) (`GET /main/rpcs`). */
        getRpcList: () => Promise<components["schemas"]["RpcListResponse"]>;
        /** Get the token list (`GET /mint/list`). */
        listMints: () => Promise<components["schemas"]["TokenListResponse"]>;
        /** Get prices of mints (`GET /mint/price`). */
        getMintPrices: (params?: paths["/mint/price"]["get"]["parameters"]) => Promise<components["schemas"]["MintPricesResponse"]>;
        /** Get pools by id (`GET /pools/info/ids`). */
        getPoolsByIds: (params: paths["/pools/info/ids"]["get"]["parameters"]) => Promise<components["schemas"]["PoolsResponse"]>;
        /** List pools containing one or two mints (`GET /pools/info/mint`). */
        listPoolsByMint: (params: paths["/pools/info/mint"]["get"]["parameters"]) => Promise<components["schemas"]["PoolsByMintResponse"]>;
        /** List pools, paged (`GET /pools/info/list`). */
        listPools: (params?: paths["/pools/info/list"]["get"]["parameters"]) => Promise<components["schemas"]["PoolPageResponse"]>;
        /** List pools, cursor-paged (`GET /pools/info/list-v2`). */
        listPoolsByCursor: (params?: paths["/pools/info/list-v2"]["get"]["parameters"]) => Promise<components["schemas"]["PoolCursorPageResponse"]>;
        /** List farms (`GET /farms/info/lp`). */
        listFarms: (params?: paths["/farms/info/lp"]["get"]["parameters"]) => Promise<components["schemas"]["FarmPageResponse"]>;
    };
    /** List the dynamic-fee tiers for concentrated-liquidity pools (`GET /main/clmm-dynamic-config`). */
    listDynamicFeeConfigs: () => Promise<components["schemas"]["DynamicFeeConfigListResponse"]>;
    /** Get the per-pool limit-order configuration (`GET /main/clmm-limit-order-config`). */
    getLimitOrderConfig: () => Promise<components["schemas"]["LimitOrderConfigResponse"]>;
    /** Get chain statistics (`GET /main/info`). */
    getChainStatistics: () => Promise<components["schemas"]["ChainStatisticsResponse"]>;
    /** Get the front-end version (from public evidence) (`GET /main/version`). */
    getVersion: () => Promise<components["schemas"]["VersionInfoResponse"]>;
    /** Get priority-fee levels (from public evidence) (`GET /main/auto-fee`). */
    getPriorityFees: () => Promise<components["schemas"]["PriorityFeesResponse"]>;
    /** Get the RPC node list (from public evidence) (`GET /main/rpcs`). */
    getRpcList: () => Promise<components["schemas"]["RpcListResponse"]>;
    /** Get the token list (`GET /mint/list`). */
    listMints: () => Promise<components["schemas"]["TokenListResponse"]>;
    /** Get prices of mints (`GET /mint/price`). */
    getMintPrices: (params?: paths["/mint/price"]["get"]["parameters"]) => Promise<components["schemas"]["MintPricesResponse"]>;
    /** Get pools by id (`GET /pools/info/ids`). */
    getPoolsByIds: (params: paths["/pools/info/ids"]["get"]["parameters"]) => Promise<components["schemas"]["PoolsResponse"]>;
    /** List pools containing one or two mints (`GET /pools/info/mint`). */
    listPoolsByMint: (params: paths["/pools/info/mint"]["get"]["parameters"]) => Promise<components["schemas"]["PoolsByMintResponse"]>;
    /** List pools, paged (`GET /pools/info/list`). */
    listPools: (params?: paths["/pools/info/list"]["get"]["parameters"]) => Promise<components["schemas"]["PoolPageResponse"]>;
    /** List pools, cursor-paged (`GET /pools/info/list-v2`). */
    listPoolsByCursor: (params?: paths["/pools/info/list-v2"]["get"]["parameters"]) => Promise<components["schemas"]["PoolCursorPageResponse"]>;
    /** List farms (`GET /farms/info/lp`). */
    listFarms: (params?: paths["/farms/info/lp"]["get"]["parameters"]) => Promise<components["schemas"]["FarmPageResponse"]>;
};
export type Client = ReturnType<typeof createClient>;
