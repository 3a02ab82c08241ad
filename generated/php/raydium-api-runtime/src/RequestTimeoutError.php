<?php

namespace Raydium\ApiRuntime;

/** The per-attempt timeout or the call's deadline passed. */
class RequestTimeoutError extends TransportError
{
}
