<?php

namespace Raydium\ApiRuntime;

/** The body claims to be JSON but does not parse: truncated, or empty. */
class MalformedJsonError extends ApiException
{
}
