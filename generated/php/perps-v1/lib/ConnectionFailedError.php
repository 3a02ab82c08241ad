<?php
/**
 * Perps metadata service (v1) 1.1.7: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PerpsV1;


/** The connection could not be made (refused, unreachable, name not resolved). */
class ConnectionFailedError extends TransportError
{
}
