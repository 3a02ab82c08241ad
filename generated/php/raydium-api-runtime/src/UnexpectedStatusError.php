<?php

namespace Raydium\ApiRuntime;

/** A status with no declared success and no failure envelope. */
class UnexpectedStatusError extends ApiException
{
}
