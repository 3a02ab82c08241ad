<?php
/**
 * Launch auth service (forum wallet-signed handshake) 0.0.15: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\LaunchAuth;


/** A status with no declared success and no failure envelope. */
class UnexpectedStatusError extends ApiException
{
}
