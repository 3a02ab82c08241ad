<?php

namespace Raydium\ApiRuntime;

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
     * @param array<string, string> $codes the answering service's known codes and their actions (its ErrorCode::ACTIONS)
     */
    public function __construct(
        string $message,
        int $status,
        array $responseHeaders,
        string $responseBody,
        \stdClass $envelope,
        ?float $retryAfter,
        array $codes = []
    ) {
        parent::__construct($message, $status, $responseHeaders, $responseBody, $envelope, null, $codes);
        $this->retryAfter = $retryAfter;
    }

    /** The wait Retry-After asked for, in seconds (null when absent or unreadable). */
    public function getRetryAfter(): ?float
    {
        return $this->retryAfter;
    }
}
