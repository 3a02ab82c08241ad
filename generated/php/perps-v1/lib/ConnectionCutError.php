<?php
/**
 * Perps metadata service (v1) 1.1.7: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PerpsV1;


/** The connection broke before the whole response arrived. */
class ConnectionCutError extends TransportError
{
}
