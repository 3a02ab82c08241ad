<?php

namespace Raydium\ApiRuntime;

/** The connection broke before the whole response arrived. */
class ConnectionCutError extends TransportError
{
}
