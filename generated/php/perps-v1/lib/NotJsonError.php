<?php
/**
 * Perps metadata service (v1) 1.1.7: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PerpsV1;


/** The body is not JSON: for example an HTML page from the edge proxy (403, 52x, any status). */
class NotJsonError extends ApiException
{
}
