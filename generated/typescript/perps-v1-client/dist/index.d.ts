import type { components, paths } from "./schema.js";
import { type ClientOptions, Contract, FailureEnvelopeError } from "raydium-api-runtime";
export * from "raydium-api-runtime";
export type { components, paths } from "./schema.js";
/** The public host the description cites (https://docs.raydium.io/api-reference). */
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
/** A client of the Perps metadata service (v1): one method per operation, each resolving to the typed
 * success or rejecting with an ApiError.
 * Declared, not inferred, so that a host of any size compiles (tsc cannot write out an
 * inferred type past its length limit). */
export interface Client {
    /** The base URL, the timeout and the retry policy this client uses. */
    readonly contract: Contract;
    /** A client like this one with some options changed, e.g. one call without retries:
     * `client.withOptions({ retry: { maxRetries: 0 } }).getVersion(...)`. */
    withOptions(changed: ClientOptions): Client;
    /** Get the UI version and the minimum supported UI version (`GET /main/version`). */
    getVersion(): Promise<components["schemas"]["VersionInfoResponse"]>;
    /** List the whitelisted chain RPC endpoints (`GET /main/rpcs`). */
    listRpcs(): Promise<components["schemas"]["RpcListResponse"]>;
    /** Get market-wide statistics (`GET /main/info`). */
    getMarketStatistics(): Promise<components["schemas"]["MarketStatisticsResponse"]>;
    /** Check availability per region (`GET /main/availability-check`). */
    checkAvailability(): Promise<components["schemas"]["AvailabilityResponse"]>;
    /** Generate a temporary Ed25519 keypair for a wallet (`GET /main/temp-key`). */
    getTempKey(params: paths["/main/temp-key"]["get"]["parameters"]): Promise<components["schemas"]["TempKeyResponse"]>;
    /** List the default perp pools with volumes (`GET /pool/default-list`). */
    listDefaultPools(): Promise<components["schemas"]["PerpPoolListResponse"]>;
    /** Get the campaign configuration (`GET /campaign/configs`). */
    getCampaignConfigs(): Promise<components["schemas"]["CampaignConfigurationResponse"]>;
    /** Get a wallet's campaign stats (`GET /campaign/user`). */
    getCampaignUserStats(params: paths["/campaign/user"]["get"]["parameters"]): Promise<components["schemas"]["CampaignUserStatsResponse"]>;
    /** Get the leaderboard of a campaign (`GET /campaign/list`). */
    listCampaignLeaderboard(params?: paths["/campaign/list"]["get"]["parameters"]): Promise<components["schemas"]["CampaignLeaderboardResponse"]>;
    /** Generate a shareable image of a live position (`POST /share/position`). */
    shareLivePosition(body: NonNullable<paths["/share/position"]["post"]["requestBody"]>["content"]["application/json"]): Promise<components["schemas"]["ShareResponse"]>;
    /** Generate a shareable image of a closed position (`POST /share/history-position`). */
    shareClosedPosition(body: NonNullable<paths["/share/history-position"]["post"]["requestBody"]>["content"]["application/json"]): Promise<components["schemas"]["ShareResponse"]>;
}
/** A client of the Perps metadata service (v1) (see `Client`). */
export declare function createClient(options?: ClientOptions): Client;
