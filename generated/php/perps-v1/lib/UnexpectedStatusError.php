<?php
/**
 * Perps metadata service (v1) 1.1.7: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PerpsV1;


/** A status with no declared success and no failure envelope. */
class UnexpectedStatusError extends ApiException
{
}
