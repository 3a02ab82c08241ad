<?php

namespace Raydium\ApiRuntime;

/** The body is not JSON: for example an HTML page from the edge proxy (403, 52x, any status). */
class NotJsonError extends ApiException
{
}
