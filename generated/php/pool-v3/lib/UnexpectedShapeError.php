<?php
/**
 * Pool data service (v3) 3.2.9: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PoolV3;


/** JSON that is not an envelope, or a success that does not fit the schema (the message names where: a null item names its index). */
class UnexpectedShapeError extends ApiException
{
}
