<?php
/**
 * Perps metadata service (v1) 1.1.7: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PerpsV1;


/** The body claims to be JSON but does not parse: truncated, or empty. */
class MalformedJsonError extends ApiException
{
}
