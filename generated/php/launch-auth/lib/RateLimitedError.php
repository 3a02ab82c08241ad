<?php
/**
 * Launch auth service (forum wallet-signed handshake) 0.0.15: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\LaunchAuth;


/**
 * HTTP 429 after the retries, or at once when Retry-After asks for more than the retry policy
 * waits or than the call's deadline leaves. getRetryAfter() is the wait asked for, in seconds
 * (null when absent or unreadable).
 */
class RateLimitedError extends FailureEnvelopeError
{
    private ?float $retryAfter;

    /**
     * @param array<string, string[]> $responseHeaders
     */
    public function __construct(
        string $message,
        int $status,
        array $responseHeaders,
        string $responseBody,
        \stdClass $envelope,
        ?float $retryAfter
    ) {
        parent::__construct($message, $status, $responseHeaders, $responseBody, $envelope);
        $this->retryAfter = $retryAfter;
    }

    /** The wait Retry-After asked for, in seconds (null when absent or unreadable). */
    public function getRetryAfter(): ?float
    {
        return $this->retryAfter;
    }
}
