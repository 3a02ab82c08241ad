<?php
/**
 * Launch auth service (forum wallet-signed handshake) 0.0.15: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\LaunchAuth;


/** No complete response arrived; getPrevious() is what the HTTP library reported. */
class TransportError extends ApiException
{
}
