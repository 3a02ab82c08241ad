<?php
/**
 * Launch auth service (forum wallet-signed handshake) 0.0.15: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\LaunchAuth;


/** JSON that is not an envelope, or a success that does not fit the schema (the message names where: a null item names its index). */
class UnexpectedShapeError extends ApiException
{
}
