<?php
/**
 * Pool data service (v3) 3.2.9: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PoolV3;


/** The connection could not be made (refused, unreachable, name not resolved). */
class ConnectionFailedError extends TransportError
{
}
