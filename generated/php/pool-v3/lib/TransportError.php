<?php
/**
 * Pool data service (v3) 3.2.9: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PoolV3;


/** No complete response arrived; getPrevious() is what the HTTP library reported. */
class TransportError extends ApiException
{
}
