<?php
/**
 * Swap transaction service (Route V2, host transaction-v1) 4.1.3: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\TransactionV1;


/**
 * The known codes a failure of this service carries in msg (none where its msg holds no code):
 * compare a FailureEnvelopeError's getMsgCode() with them, e.g.
 * `$e->getMsgCode() === ErrorCode::REQ_POOL_NOT_OPEN` (a misspelt constant is an Error, never a
 * silent mismatch). A failure with a code not listed keeps it in getMsg(), with getMsgCode() null.
 */
final class ErrorCode
{
    /** Invalid or missing wallet. Next: fix-request. Send the address of the wallet that signs in `wallet`. */
    public const REQ_WALLET_ERROR = 'REQ_WALLET_ERROR';

    /** Invalid slippageBps. Next: fix-request. Send `slippageBps` as an integer from 0 to 10000 (100 = 1%). */
    public const REQ_SLIPPAGE_BPS_ERROR = 'REQ_SLIPPAGE_BPS_ERROR';

    /** The `swapResponse` sent is not the compute response as the service sent it: missing, sent under another name, only its `data`, or re-encoded (for example integers turned into `10.0`). Next: re-quote. Send the whole compute response, unchanged, as `swapResponse` (the generated clients send the one they returned byte for byte). If it is older than about 30 seconds, compute a new quote first. */
    public const REQ_SWAP_RESPONSE_ERROR = 'REQ_SWAP_RESPONSE_ERROR';

    /** The `computeUnitPriceMicroLamports` sent was not accepted. Next: fix-request. Send a whole number of micro-lamports per compute unit (0 means none), for example a value of the pool data service's `/main/auto-fee`. */
    public const REQ_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS_ERROR = 'REQ_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS_ERROR';

    /** No route was found between `inputMint` and `outputMint` (Raydium's front end shows "No Routes Found"). Next: fix-request. Try another pair or amount. A pool created minutes ago may not be indexed yet: quote again later before giving up on a new pair. */
    public const ROUTE_NOT_FOUND = 'ROUTE_NOT_FOUND';

    /** The amount is too small to swap (Raydium's front end shows "Swap Amount Too Small"). Next: fix-request. Quote a larger amount. */
    public const AMOUNT_TOO_SMALL = 'AMOUNT_TOO_SMALL';

    /** The route's pools hold too little liquidity for the amount (Raydium's front end shows "Insufficient Liquidity"). Next: fix-request. Quote a smaller amount or another pair. */
    public const TOO_LOW_LIQUIDITY = 'TOO_LOW_LIQUIDITY';

    /** The route's pools hold too little liquidity for the amount (Raydium's front end shows "Insufficient Liquidity"). Next: fix-request. Quote a smaller amount or another pair. */
    public const INSUFFICIENT_LIQUIDITY = 'INSUFFICIENT_LIQUIDITY';

    /** The pool is not open yet. The failure carries `openTime`, when it opens (Unix seconds, as a string); Raydium's front end shows "Pool Open At" and that time. Next: wait. Quote again at `openTime` (Unix seconds), not before. */
    public const REQ_POOL_NOT_OPEN = 'REQ_POOL_NOT_OPEN';

    /** `inputAccount` is missing or not usable: the input is not wrapped native SOL, and no token account of the wallet for the input mint was sent (the code is spelt "ACCOUT" by the service). Next: fix-request. Send `inputAccount`, the wallet's token account for the input mint (or `wrapSol: true` when the input is native SOL). */
    public const REQ_INPUT_ACCOUT_ERROR = 'REQ_INPUT_ACCOUT_ERROR';

    /** The same failure as REQ_INPUT_ACCOUT_ERROR under the correct spelling. Clients test for both spellings; no recorded body with this one was found. Next: fix-request. Send `inputAccount`, the wallet's token account for the input mint. */
    public const REQ_INPUT_ACCOUNT_ERROR = 'REQ_INPUT_ACCOUNT_ERROR';

    /** A token account sent (`inputAccount` or `outputAccount`) cannot be used for the wallet, for example one of the wrong token program for the mint. Next: fix-request. Send token accounts that the wallet owns, of the token program of each mint. */
    public const REQ_OWNER_ACCOUNT_ERROR = 'REQ_OWNER_ACCOUNT_ERROR';

    /** The `inputMint` sent was rejected. Next: fix-request. Send the mint address of the token sent (base58). */
    public const REQ_INPUT_MINT_ERROR = 'REQ_INPUT_MINT_ERROR';

    /** The `outputMint` sent was rejected. Next: fix-request. Send the mint address of the token wanted (base58). */
    public const REQ_OUTPUT_MINT_ERROR = 'REQ_OUTPUT_MINT_ERROR';

    /** The `amount` sent was rejected. Next: fix-request. Send `amount` as decimal digits of a u64 in the token's smallest unit, never through a float. */
    public const REQ_AMOUNT_ERROR = 'REQ_AMOUNT_ERROR';

    /** The `txVersion` sent was rejected. Next: fix-request. Send `txVersion` as `V0` or `LEGACY`. */
    public const REQ_TX_VERSION_ERROR = 'REQ_TX_VERSION_ERROR';

    /**
     * What a client does next about each known code: fix-request, re-quote, wait (until the
     * failure's getOpenTime()) or back-off.
     *
     * @var array<string, string>
     */
    public const ACTIONS = [
        self::REQ_WALLET_ERROR => 'fix-request',
        self::REQ_SLIPPAGE_BPS_ERROR => 'fix-request',
        self::REQ_SWAP_RESPONSE_ERROR => 're-quote',
        self::REQ_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS_ERROR => 'fix-request',
        self::ROUTE_NOT_FOUND => 'fix-request',
        self::AMOUNT_TOO_SMALL => 'fix-request',
        self::TOO_LOW_LIQUIDITY => 'fix-request',
        self::INSUFFICIENT_LIQUIDITY => 'fix-request',
        self::REQ_POOL_NOT_OPEN => 'wait',
        self::REQ_INPUT_ACCOUT_ERROR => 'fix-request',
        self::REQ_INPUT_ACCOUNT_ERROR => 'fix-request',
        self::REQ_OWNER_ACCOUNT_ERROR => 'fix-request',
        self::REQ_INPUT_MINT_ERROR => 'fix-request',
        self::REQ_OUTPUT_MINT_ERROR => 'fix-request',
        self::REQ_AMOUNT_ERROR => 'fix-request',
        self::REQ_TX_VERSION_ERROR => 'fix-request',
    ];
}
