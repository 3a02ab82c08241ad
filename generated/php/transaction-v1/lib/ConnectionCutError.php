<?php
/**
 * Swap transaction service (Route V2, host transaction-v1) 4.1.3: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\TransactionV1;


// ConnectionCutError is \Raydium\ApiRuntime\ConnectionCutError, one class for every host's client: aliases.php names it.
require_once __DIR__ . '/aliases.php';
