<?php
/**
 * Launch auth service (forum wallet-signed handshake) 0.0.15: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\LaunchAuth;


/** The per-attempt timeout or the call's deadline passed. */
class RequestTimeoutError extends TransportError
{
}
