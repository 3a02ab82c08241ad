<?php
/**
 * Launch auth service (forum wallet-signed handshake) 0.2.2: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\LaunchAuth;


// NotJsonError is \Raydium\ApiRuntime\NotJsonError, one class for every host's client: aliases.php names it.
require_once __DIR__ . '/aliases.php';
