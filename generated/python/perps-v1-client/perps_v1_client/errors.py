"""Errors the API functions raise, the envelope decoding and the transport they share.

Generated from scripts/templates/python-client/errors.py.jinja (a custom
openapi-python-client template); do not edit the generated copy.

The classes and the transport live once, in the shared runtime ``raydium_api_runtime``
(the ``raydium-api-runtime`` package this client depends on), and are re-exported here:
``errors.ApiError`` is the same class in every host's client, so one ``except`` catches a
failure of any of them. What is this host's own is the code a failure's ``msg`` holds: this
module's :class:`FailureEnvelopeError` and :class:`RateLimitedError` subclass the runtime's,
with ``code`` a :class:`~.codes.ErrorCode`, and the functions below raise them. ``except
raydium_api_runtime.FailureEnvelopeError`` catches the failures of every host; ``except
errors.FailureEnvelopeError`` those of this one.

Every response of these services is an envelope ``{id, success, msg, data}``, and the
source document says: always check ``success`` before reading ``data``. Every API
function therefore sends its request with :func:`send` and decodes the response with
:func:`decode_envelope` before building the typed result. Whatever happens, a call ends
in the typed success or in an :class:`ApiError` (the runtime's documentation lists when
each one is raised).
"""

from __future__ import annotations

from typing import Any, TypeVar

import httpx
import msgspec
from raydium_api_runtime import errors as _runtime
from raydium_api_runtime import transport as _transport
from raydium_api_runtime.errors import (
    ApiError,
    ConnectionCutError,
    ConnectionFailedError,
    MalformedJsonError,
    NotJsonError,
    RequestTimeoutError,
    TransportError,
    UnexpectedShapeError,
    UnexpectedStatus,
    parse_retry_after,
)
from raydium_api_runtime.transport import RetryPolicy

from . import codes
from .codes import ErrorCode


class FailureEnvelopeError(_runtime.FailureEnvelopeError):
    """The service answered ``success: false`` (``raydium_api_runtime.errors.FailureEnvelopeError``,
    with this host's codes): ``code`` is the :class:`~.codes.ErrorCode` that ``msg`` holds, where
    it is a known one."""

    code: ErrorCode | None
    known_code = staticmethod(codes.known_code)

    def __init__(self, response: httpx.Response, envelope: dict[str, Any], reason: str = "success=false") -> None:
        super().__init__(response, envelope, reason)


class RateLimitedError(_runtime.RateLimitedError, FailureEnvelopeError):
    """HTTP 429, after the client's retries (``raydium_api_runtime.errors.RateLimitedError``,
    with this host's codes); ``retry_after`` in seconds, ``attempts`` the sends made."""

    def __init__(self, response: httpx.Response, envelope: dict[str, Any], reason: str = "") -> None:
        super().__init__(response, envelope, reason)


_FAILURES = _runtime.Failures(FailureEnvelopeError, RateLimitedError)

_Typed = TypeVar("_Typed")


def send(client: httpx.Client, request_args: dict[str, Any], policy: RetryPolicy) -> httpx.Response:
    """Send a request and read its whole body within ``policy.deadline``, retrying the failures
    that pass as the policy says (``raydium_api_runtime.transport.send``)."""
    return _transport.send(client, request_args, policy, failures=_FAILURES)


async def send_async(client: httpx.AsyncClient, request_args: dict[str, Any], policy: RetryPolicy) -> httpx.Response:
    """The asynchronous twin of :func:`send`."""
    return await _transport.send_async(client, request_args, policy, failures=_FAILURES)


def decode_envelope(response: httpx.Response) -> dict[str, Any]:
    """The decoded envelope of a success; a typed :class:`ApiError` for anything else."""
    return _runtime.decode_envelope(response, _FAILURES)


def decode_typed(response: httpx.Response, decoder: msgspec.json.Decoder[_Typed]) -> _Typed:
    """The success decoded by msgspec straight into its Struct; what :func:`decode_envelope`
    raises for anything else."""
    return _runtime.decode_typed(response, decoder, _FAILURES)


def decode_raw(response: httpx.Response) -> dict[str, Any] | None:
    """For an operation whose response body the source does not show: a 2xx is returned
    as it came (``None`` here), unless its body is a failure envelope."""
    return _runtime.decode_raw(response, _FAILURES)


__all__ = [
    "ApiError",
    "ConnectionCutError",
    "ConnectionFailedError",
    "ErrorCode",
    "FailureEnvelopeError",
    "MalformedJsonError",
    "NotJsonError",
    "RateLimitedError",
    "RequestTimeoutError",
    "RetryPolicy",
    "TransportError",
    "UnexpectedShapeError",
    "UnexpectedStatus",
    "decode_envelope",
    "decode_raw",
    "decode_typed",
    "parse_retry_after",
    "send",
    "send_async",
]
