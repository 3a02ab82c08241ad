<?php
/**
 * Swap transaction service (Route V2, host transaction-v1) 2.3.8: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\TransactionV1;


/** The connection broke before the whole response arrived. */
class ConnectionCutError extends TransportError
{
}
