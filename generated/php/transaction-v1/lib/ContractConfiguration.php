<?php
/**
 * Swap transaction service (Route V2, host transaction-v1) 4.1.3: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\TransactionV1;


/**
 * A Configuration with the client contract's settings (Contract::configuration() makes one):
 * each attempt times out after getTimeout() seconds (connecting, the headers and the whole
 * body), connecting after getConnectTimeout(), and getRetryPolicy() says how the failures that
 * pass are retried (at most twice by default) and the deadline of a whole call. An Api class given
 * a plain Configuration uses the defaults; an Api's withRetryPolicy() overrides the policy.
 */
class ContractConfiguration extends Configuration implements \Raydium\ApiRuntime\CallSettings
{
    private float $timeout = Contract::DEFAULT_TIMEOUT;

    private float $connectTimeout = Contract::DEFAULT_CONNECT_TIMEOUT;

    private RetryPolicy $retryPolicy;

    public function __construct()
    {
        parent::__construct();
        $this->retryPolicy = new RetryPolicy();
    }

    /** Seconds each attempt may take (positive; never "wait forever"). */
    public function setTimeout(float $seconds): static
    {
        $this->timeout = self::positive($seconds, 'timeout');

        return $this;
    }

    public function getTimeout(): float
    {
        return $this->timeout;
    }

    /** Seconds connecting may take (positive). */
    public function setConnectTimeout(float $seconds): static
    {
        $this->connectTimeout = self::positive($seconds, 'connect timeout');

        return $this;
    }

    public function getConnectTimeout(): float
    {
        return $this->connectTimeout;
    }

    public function setRetryPolicy(RetryPolicy $retryPolicy): static
    {
        $this->retryPolicy = $retryPolicy;

        return $this;
    }

    public function getRetryPolicy(): RetryPolicy
    {
        return $this->retryPolicy;
    }

    private static function positive(float $seconds, string $what): float
    {
        if (!($seconds > 0)) {
            throw new \InvalidArgumentException("the $what must be a positive number of seconds, got $seconds");
        }

        return $seconds;
    }
}
