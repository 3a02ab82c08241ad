<?php
/**
 * Pool data service (v3) 5.2.0: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PoolV3;


/**
 * The known codes a failure of this service carries in msg (none where its msg holds no code):
 * compare a FailureEnvelopeError's getMsgCode() with them, e.g.
 * `$e->getMsgCode() === ErrorCode::REQ_POOL_NOT_OPEN` (a misspelt constant is an Error, never a
 * silent mismatch). A failure with a code not listed keeps it in getMsg(), with getMsgCode() null.
 */
final class ErrorCode
{
    /**
     * What a client does next about each known code: fix-request, re-quote, wait (until the
     * failure's getOpenTime()) or back-off.
     *
     * @var array<string, string>
     */
    public const ACTIONS = [
    ];
}
