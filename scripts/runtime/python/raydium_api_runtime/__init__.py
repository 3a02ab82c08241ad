"""The shared runtime of the Raydium API clients: one error hierarchy for every host, and
the transport (timeouts, the call's deadline, retries of the failures that pass) and the page
iterators, written once.

Every host's client (``pool_v3_client``, ``transaction_v1_client``, ...) depends on this
package (at least the version it was released with) and re-exports these names from its ``errors`` module, so an
application that calls several hosts catches one base class::

    from raydium_api_runtime import ApiError

    try:
        ...  # calls of the pool and the transaction clients
    except ApiError as error:  # a failure of either host
        print(error.status_code, error)
"""

from .errors import (
    ApiError,
    ConnectionCutError,
    ConnectionFailedError,
    FailureEnvelopeError,
    MalformedJsonError,
    NotJsonError,
    RateLimitedError,
    RequestTimeoutError,
    TransportError,
    UnexpectedShapeError,
    UnexpectedStatus,
)
from .models import Model
from .transport import RetryPolicy

__all__ = [
    "ApiError",
    "ConnectionCutError",
    "ConnectionFailedError",
    "FailureEnvelopeError",
    "MalformedJsonError",
    "Model",
    "NotJsonError",
    "RateLimitedError",
    "RequestTimeoutError",
    "RetryPolicy",
    "TransportError",
    "UnexpectedShapeError",
    "UnexpectedStatus",
]
