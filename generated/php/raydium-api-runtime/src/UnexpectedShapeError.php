<?php

namespace Raydium\ApiRuntime;

/** JSON that is not an envelope, or a success that does not fit the schema (the message names where: a null item names its index). */
class UnexpectedShapeError extends ApiException
{
}
