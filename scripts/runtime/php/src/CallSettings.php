<?php

namespace Raydium\ApiRuntime;

/**
 * What a call runs under: each attempt's timeout and connect timeout, in seconds, and the retry
 * policy (the retries of the failures that pass, and the call's deadline). Each client's
 * ContractConfiguration is one; a call given a configuration that is not runs under the defaults
 * (Contract::DEFAULT_TIMEOUT, Contract::DEFAULT_CONNECT_TIMEOUT, a new RetryPolicy()).
 */
interface CallSettings
{
    public function getTimeout(): float;

    public function getConnectTimeout(): float;

    public function getRetryPolicy(): RetryPolicy;
}
