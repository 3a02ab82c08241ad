<?php
/**
 * Pool data service (v3) 3.2.9: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PoolV3;


/** The body is not JSON: for example an HTML page from the edge proxy (403, 52x, any status). */
class NotJsonError extends ApiException
{
}
