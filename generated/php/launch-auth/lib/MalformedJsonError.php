<?php
/**
 * Launch auth service (forum wallet-signed handshake) 0.0.15: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\LaunchAuth;


/** The body claims to be JSON but does not parse: truncated, or empty. */
class MalformedJsonError extends ApiException
{
}
