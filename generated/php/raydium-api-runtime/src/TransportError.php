<?php

namespace Raydium\ApiRuntime;

/** No complete response arrived; getPrevious() is what the HTTP library reported. */
class TransportError extends ApiException
{
}
