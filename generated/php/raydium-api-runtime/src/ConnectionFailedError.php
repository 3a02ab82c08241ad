<?php

namespace Raydium\ApiRuntime;

/** The connection could not be made (refused, unreachable, name not resolved). */
class ConnectionFailedError extends TransportError
{
}
