<?php
/**
 * Pool data service (v3) 5.2.0: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PoolV3;


// ConnectionFailedError is \Raydium\ApiRuntime\ConnectionFailedError, one class for every host's client: aliases.php names it.
require_once __DIR__ . '/aliases.php';
