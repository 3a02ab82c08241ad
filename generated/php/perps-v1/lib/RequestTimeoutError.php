<?php
/**
 * Perps metadata service (v1) 3.1.3: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PerpsV1;


// RequestTimeoutError is \Raydium\ApiRuntime\RequestTimeoutError, one class for every host's client: aliases.php names it.
require_once __DIR__ . '/aliases.php';
