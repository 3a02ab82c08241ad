<?php

namespace Raydium\ApiRuntime;

/**
 * How a call retries the failures that pass (a refused, reset or cut connection, a timeout, an
 * HTTP status of Contract::TRANSIENT_STATUSES), and how long it may take: at most $maxRetries
 * retries, each after the wait Retry-After (or retry-after-ms) asks for or, where the failure
 * names none, after a backoff that starts at $defaultWait seconds and doubles, jittered (each
 * wait up to a quarter shorter, at random). A wait above $maxWait is not waited: the call throws
 * at once (a 429 as RateLimitedError, with getRetryAfter()). A whole call, retries included, ends
 * within $deadline seconds: no wait goes past it. `new RetryPolicy(maxRetries: 0)` turns retrying
 * off.
 */
final class RetryPolicy
{
    public function __construct(
        public readonly int $maxRetries = 2,
        public readonly float $maxWait = 10.0,
        public readonly float $defaultWait = 0.5,
        public readonly float $deadline = 30.0
    ) {
        if ($maxRetries < 0 || $maxWait < 0 || $defaultWait < 0 || $deadline <= 0) {
            throw new \InvalidArgumentException('a retry policy needs counts and waits of 0 or more and a positive deadline');
        }
    }

    /** The wait in seconds before retry number $retry (0 for the first) where the failure names none. */
    public function backoff(int $retry): float
    {
        return $this->defaultWait * 2 ** $retry * (1 - 0.25 * mt_rand() / mt_getrandmax());
    }
}
