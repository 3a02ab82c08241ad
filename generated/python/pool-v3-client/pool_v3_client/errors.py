"""Errors the API functions raise, and the envelope decoding they share.

Generated from scripts/templates/python-client/errors.py.jinja (a custom
openapi-python-client template); do not edit the generated copy.

Every response of these services is an envelope ``{id, success, msg, data}``, and the
source document says: always check ``success`` before reading ``data``. Every API
function therefore decodes its response with :func:`decode_envelope` before building
the typed result:

* ``success: false`` raises :class:`FailureEnvelopeError` (``msg``, ``error_code``)
  whatever the HTTP status: failures delivered with HTTP 200 are seen in practice;
* HTTP 429 raises :class:`RateLimitedError` (with ``retry_after``) once the client's
  bounded :class:`RetryPolicy` has honoured ``Retry-After`` and given up;
* a body that is not JSON (an HTML page from the edge proxy) raises :class:`NotJsonError`;
* JSON that does not parse (truncated) raises :class:`MalformedJsonError`;
* JSON that is not an envelope, or a success whose ``data`` does not fit the schema,
  raises :class:`UnexpectedShapeError`.

Unknown keys in a response are kept (``additional_properties`` on every model).
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import Any

import httpx

_PREVIEW = 200


class UnexpectedStatus(Exception):
    """Raised by api functions when the response status an undocumented status and Client.raise_on_unexpected_status is True"""

    def __init__(self, status_code: int, content: bytes):
        self.status_code = status_code
        self.content = content

        super().__init__(
            f"Unexpected status code: {status_code}\n\nResponse content:\n{content.decode(errors='ignore')}"
        )


class ApiError(Exception):
    """Base class of every error raised for a response that is not a usable success."""

    def __init__(self, message: str, response: httpx.Response) -> None:
        super().__init__(message)
        self.status_code: int = response.status_code
        self.content: bytes = response.content
        self.headers: httpx.Headers = response.headers


class FailureEnvelopeError(ApiError):
    """The service answered ``success: false``.

    ``msg`` is the human-readable message (in the transaction service: an error code such
    as ``REQ_WALLET_ERROR``); ``error_code`` is the pool data service's ``error.code``, the
    primary signal there, ``None`` elsewhere; ``envelope`` is the whole decoded body.
    """

    def __init__(self, response: httpx.Response, envelope: dict[str, Any], reason: str = "success=false") -> None:
        self.envelope: dict[str, Any] = envelope
        msg = envelope.get("msg")
        self.msg: str | None = msg if isinstance(msg, str) else None
        error = envelope.get("error")
        code = error.get("code") if isinstance(error, dict) else None
        self.error_code: int | None = code if isinstance(code, int) and not isinstance(code, bool) else None
        request_id = envelope.get("id")
        self.request_id: str | None = request_id if isinstance(request_id, str) else None
        details = [f"HTTP {response.status_code}", reason]
        if self.msg is not None:
            details.append(f"msg={self.msg!r}")
        if self.error_code is not None:
            details.append(f"error.code={self.error_code}")
        if self.request_id is not None:
            details.append(f"id={self.request_id}")
        super().__init__(", ".join(details), response)


class RateLimitedError(FailureEnvelopeError):
    """HTTP 429 (rate limited per source IP), after the client's retries were used up.

    ``retry_after`` is the server's ``Retry-After`` in seconds (``None`` when absent or
    unreadable); ``envelope`` is the decoded body, or ``{}`` when the body was not one.
    """

    def __init__(self, response: httpx.Response, envelope: dict[str, Any]) -> None:
        self.retry_after: float | None = parse_retry_after(response.headers.get("retry-after"))
        wait = "no Retry-After" if self.retry_after is None else f"Retry-After {self.retry_after:g}s"
        super().__init__(response, envelope, reason=f"rate limited ({wait})")


class NotJsonError(ApiError):
    """The body is not JSON: for example an HTML page from the edge proxy."""


class MalformedJsonError(ApiError):
    """The body claims to be JSON but does not parse (for example truncated)."""


class UnexpectedShapeError(ApiError):
    """JSON that is not an envelope, or a success whose payload does not fit the schema."""


@dataclass(frozen=True)
class RetryPolicy:
    """How a client honours ``Retry-After`` on HTTP 429.

    A 429 is retried at most ``max_retries`` times. Each wait is ``Retry-After`` (or
    ``default_wait`` when the header is absent or unreadable), capped at ``max_wait``
    seconds. ``RetryPolicy(max_retries=0)`` turns retrying off.
    """

    max_retries: int = 2
    max_wait: float = 30.0
    default_wait: float = 1.0

    def wait_for(self, response: httpx.Response) -> float:
        seconds = parse_retry_after(response.headers.get("retry-after"))
        return min(self.max_wait, self.default_wait if seconds is None else seconds)


def parse_retry_after(value: str | None) -> float | None:
    """Seconds to wait from a ``Retry-After`` value: delay-seconds or an HTTP-date."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    if text.isdigit():
        return float(text)
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def send(request: Callable[[], httpx.Response], policy: RetryPolicy) -> httpx.Response:
    """Send a request, honouring Retry-After on 429 at most ``policy.max_retries`` times."""
    response = request()
    for _ in range(policy.max_retries):
        if response.status_code != 429:
            break
        time.sleep(policy.wait_for(response))
        response = request()
    return response


async def send_async(request: Callable[[], Awaitable[httpx.Response]], policy: RetryPolicy) -> httpx.Response:
    """The asynchronous twin of :func:`send`."""
    import asyncio

    response = await request()
    for _ in range(policy.max_retries):
        if response.status_code != 429:
            break
        await asyncio.sleep(policy.wait_for(response))
        response = await request()
    return response


def _preview(response: httpx.Response) -> str:
    text = response.content[:_PREVIEW].decode("utf-8", errors="replace")
    return " ".join(text.split()) + ("..." if len(response.content) > _PREVIEW else "")


def decode_envelope(response: httpx.Response) -> dict[str, Any]:
    """The decoded envelope of a success; a typed :class:`ApiError` for anything else."""
    content_type = response.headers.get("content-type", "")
    media = content_type.split(";", 1)[0].strip().lower()
    is_json = media == "application/json" or (media.startswith("application/") and media.endswith("+json"))
    if not is_json:
        if response.status_code == 429:
            raise RateLimitedError(response, {})
        raise NotJsonError(
            f"HTTP {response.status_code}: expected a JSON envelope, got {content_type or 'no content type'}"
            f" ({len(response.content)} bytes: {_preview(response)!r})",
            response,
        )
    try:
        payload = json.loads(response.content)
    except (ValueError, UnicodeDecodeError) as exc:
        if response.status_code == 429:
            raise RateLimitedError(response, {}) from exc
        raise MalformedJsonError(
            f"HTTP {response.status_code}: the body is not valid JSON ({exc}); it may be truncated"
            f" ({len(response.content)} bytes: {_preview(response)!r})",
            response,
        ) from exc
    if response.status_code == 429:
        raise RateLimitedError(response, payload if isinstance(payload, dict) else {})
    if not isinstance(payload, dict) or not isinstance(payload.get("success"), bool):
        raise UnexpectedShapeError(
            f"HTTP {response.status_code}: the body is JSON but not an envelope (no boolean 'success'):"
            f" {_preview(response)!r}",
            response,
        )
    if payload["success"] is False:
        raise FailureEnvelopeError(response, payload)
    if response.status_code >= 400:
        raise FailureEnvelopeError(response, payload, reason="error status with success=true")
    return payload


__all__ = [
    "ApiError",
    "FailureEnvelopeError",
    "MalformedJsonError",
    "NotJsonError",
    "RateLimitedError",
    "RetryPolicy",
    "UnexpectedShapeError",
    "UnexpectedStatus",
    "decode_envelope",
    "parse_retry_after",
    "send",
    "send_async",
]
