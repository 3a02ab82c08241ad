<?php
/**
 * Perps metadata service (v1) 1.1.7: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PerpsV1;


/** The per-attempt timeout or the call's deadline passed. */
class RequestTimeoutError extends TransportError
{
}
