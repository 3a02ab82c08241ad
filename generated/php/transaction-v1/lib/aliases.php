<?php
/**
 * Swap transaction service (Route V2, host transaction-v1) 4.1.3: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\TransactionV1;


/*
 * The shared runtime's error classes and RetryPolicy under this client's names: an alias, not a
 * copy, so that `catch (\Raydium\ApiRuntime\ApiException $e)` (or this client's ApiException, or
 * any other client's) catches the failures of every host. Composer loads this file first
 * (autoload.files); Contract.php and each aliased name's own file load it too, for an autoloader
 * that maps only the PSR-4 folder. A `catch` does not autoload a class, so the names must exist
 * before a call can fail.
 */
(static function (): void {
    foreach ([
        'ApiException',
        'TransportError',
        'ConnectionFailedError',
        'RequestTimeoutError',
        'ConnectionCutError',
        'NotJsonError',
        'MalformedJsonError',
        'UnexpectedShapeError',
        'UnexpectedStatusError',
        'FailureEnvelopeError',
        'RateLimitedError',
        'RetryPolicy',
    ] as $name) {
        if (!class_exists(__NAMESPACE__ . '\\' . $name, false)) {
            class_alias('Raydium\\ApiRuntime\\' . $name, __NAMESPACE__ . '\\' . $name);
        }
    }
})();
