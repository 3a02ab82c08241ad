<?php
/**
 * Swap transaction service (Route V2, host transaction-v1) 2.3.8: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\TransactionV1;


/** The body is not JSON: for example an HTML page from the edge proxy (403, 52x, any status). */
class NotJsonError extends ApiException
{
}
