<?php

namespace Raydium\ApiRuntime;

/**
 * How HTTP 429 is retried and how long a call may take: a 429 is retried at most $maxRetries
 * times after the wait Retry-After asks for ($defaultWait seconds without one); a wait above
 * $maxWait is not waited (RateLimitedError at once, with getRetryAfter()); a whole call, retries
 * included, ends within $deadline seconds. `new RetryPolicy(maxRetries: 0)` turns retrying off.
 */
final class RetryPolicy
{
    public function __construct(
        public readonly int $maxRetries = 2,
        public readonly float $maxWait = 10.0,
        public readonly float $defaultWait = 1.0,
        public readonly float $deadline = 30.0
    ) {
        if ($maxRetries < 0 || $maxWait < 0 || $defaultWait < 0 || $deadline <= 0) {
            throw new \InvalidArgumentException('a retry policy needs counts and waits of 0 or more and a positive deadline');
        }
    }
}
