"""The errors every host's client raises, the envelope decoding and the transport they share.

This is the shared runtime (the ``raydium-api-runtime`` package) that every host's Python
client depends on and re-exports from its own ``errors`` module: one :class:`ApiError` for
every host, so ``except raydium_api_runtime.ApiError`` (or any host's ``errors.ApiError``,
the same class) catches a failure of the pool, transaction and perps clients alike. Written
by hand in scripts/runtime/python and copied into generated/python/raydium-api-runtime;
edit the first.

Every response of these services is an envelope ``{id, success, msg, data}``, and the
source document says: always check ``success`` before reading ``data``. Every API
function therefore sends its request with :func:`send` and decodes the response with
:func:`decode_envelope` before building the typed result. Whatever happens, a call ends
in the typed success or in an :class:`ApiError`:

* ``success: false`` raises :class:`FailureEnvelopeError` (``msg``, ``error_code``)
  whatever the HTTP status;
* HTTP 429 raises :class:`RateLimitedError` (with ``retry_after``) once the client's
  ``RetryPolicy`` (:mod:`.transport`, which retries every failure that passes) has given up,
  or at once when the wait asked for is longer than the policy allows;
* a body that is not JSON (an HTML page from the edge proxy, any status, 52x included)
  raises :class:`NotJsonError`; JSON that does not parse (truncated, empty) raises
  :class:`MalformedJsonError`; JSON that is not an envelope, or a success whose ``data``
  does not fit the schema, raises :class:`UnexpectedShapeError`;
* a refused connection, a timeout, a connection cut mid-body or the call's overall
  deadline raise a :class:`TransportError` (``ConnectionFailedError``,
  ``RequestTimeoutError``, ``ConnectionCutError``), with the httpx exception as
  ``__cause__``.

Every call decodes a success straight from the bytes into the msgspec Structs of its
client's ``models`` (:func:`decode_typed`), every declared field checked, in about a third
of the time ``json.loads`` alone takes (``make bench``). Unknown keys in a response are
kept: the result keeps the body (``result.to_dict()``, :mod:`.models`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from enum import Enum
from typing import Any, TypeVar

import httpx
import msgspec

from .models import keep_body

_PREVIEW = 200


def _no_code(msg: str | None) -> Enum | None:
    """The code lookup of the runtime's own classes: no code is known without a host."""
    return None


class ApiError(Exception):
    """Base class of every error a call raises instead of returning a usable success.

    ``status_code`` is the HTTP status (``None`` when no response arrived), ``msg`` the
    envelope's ``msg`` where the body had one, ``content`` and ``headers`` what came back,
    ``attempts`` how many times the call was sent (the message says so when more than once).
    ``resume`` is set by a page iterator whose page failed: the iterator's keyword argument that
    starts the walk again at that page (``{"next_page_id": "..."}``, ``{"page": 3}``).
    """

    def __init__(self, message: str, response: httpx.Response | None = None, *, msg: str | None = None,
                 attempts: int | None = None) -> None:  # fmt: skip
        counted = response.extensions.get(ATTEMPTS, 1) if response is not None else 1
        self.attempts: int = attempts if attempts is not None else int(counted)
        super().__init__(message if self.attempts == 1 else f"{message} (after {self.attempts} attempts)")
        self.resume: dict[str, str | int] | None = None
        self.status_code: int | None = response.status_code if response is not None else None
        self.content: bytes = _content(response)
        self.headers: httpx.Headers = response.headers if response is not None else httpx.Headers()
        self.msg: str | None = msg


ATTEMPTS = "raydium_attempts"  # the response extension that counts the attempts of a call (.transport)


class UnexpectedStatus(ApiError):
    """A status the description does not declare for a usable success (for example a 2xx
    other than the one declared), with a body that is not a failure envelope."""

    def __init__(self, status_code: int, content: bytes, response: httpx.Response | None = None) -> None:
        preview = " ".join(content[:_PREVIEW].decode("utf-8", errors="replace").split())
        super().__init__(f"HTTP {status_code}: unexpected status ({len(content)} bytes: {preview!r})", response)
        self.status_code = status_code
        self.content = content


class FailureEnvelopeError(ApiError):
    """The service answered ``success: false``.

    ``msg`` is the human-readable message (in the transaction service: an error code such
    as ``REQ_WALLET_ERROR``); ``code`` is that code as the host's ``codes.ErrorCode`` where it
    is a known one (branch on it: ``error.code is ErrorCode.REQ_POOL_NOT_OPEN``), ``None``
    otherwise; ``open_time`` is when the pool opens (Unix seconds, as sent) on a failure for a
    pool that is not open yet; ``error_code`` is the pool data service's ``error.code``, the
    primary signal there, ``None`` elsewhere; ``envelope`` is the whole decoded body.
    """

    known_code: Callable[[str | None], Enum | None] = staticmethod(_no_code)
    """How ``code`` is read from ``msg``: each host's subclass names its ``codes.known_code``."""

    def __init__(self, response: httpx.Response, envelope: dict[str, Any], reason: str = "success=false") -> None:
        self.envelope: dict[str, Any] = envelope
        msg = envelope.get("msg")
        self.code: Enum | None = self.known_code(msg if isinstance(msg, str) else None)
        open_time = envelope.get("openTime")
        self.open_time: str | None = open_time if isinstance(open_time, str) else None
        error = envelope.get("error")
        code = error.get("code") if isinstance(error, dict) else None
        self.error_code: int | None = code if isinstance(code, int) and not isinstance(code, bool) else None
        request_id = envelope.get("id")
        self.request_id: str | None = request_id if isinstance(request_id, str) else None
        text = msg if isinstance(msg, str) else None
        details = [f"HTTP {response.status_code}", reason]
        if text is not None:
            details.append(f"msg={text!r}")
        if self.error_code is not None:
            details.append(f"error.code={self.error_code}")
        if self.request_id is not None:
            details.append(f"id={self.request_id}")
        super().__init__(", ".join(details), response, msg=text)


class RateLimitedError(FailureEnvelopeError):
    """HTTP 429 (rate limited per source IP), after the client's retries were used up, or
    at once when ``Retry-After`` asks for more than the retry policy waits.

    ``retry_after`` is the server's ``Retry-After`` in seconds (``None`` when absent or
    unreadable); ``envelope`` is the decoded body, or ``{}`` when the body was not one.
    """

    def __init__(self, response: httpx.Response, envelope: dict[str, Any], reason: str = "") -> None:
        self.retry_after: float | None = parse_retry_after(response.headers.get("retry-after"))
        wait = "no Retry-After" if self.retry_after is None else f"Retry-After {self.retry_after:g}s"
        super().__init__(response, envelope, reason=f"rate limited ({wait}{reason})")


@dataclass(frozen=True)
class Failures:
    """The classes a host's client raises for a failure envelope and for a 429: its own
    subclasses of :class:`FailureEnvelopeError` and :class:`RateLimitedError`, whose ``code``
    is the host's ``ErrorCode``. Every other error is raised as the runtime's class."""

    envelope: type[FailureEnvelopeError]
    rate_limited: type[RateLimitedError]


RUNTIME_FAILURES = Failures(FailureEnvelopeError, RateLimitedError)


class NotJsonError(ApiError):
    """The body is not JSON: for example an HTML page from the edge proxy."""


class MalformedJsonError(ApiError):
    """The body claims to be JSON but does not parse (for example truncated or empty)."""


class UnexpectedShapeError(ApiError):
    """JSON that is not an envelope, or a success whose payload does not fit the schema
    (a missing field, a wrong type, an unexpected ``null`` list item: the message names it)."""


class TransportError(ApiError):
    """No complete response arrived; the httpx exception is the ``__cause__``."""


class ConnectionFailedError(TransportError):
    """The connection could not be made (refused, unreachable, name not resolved)."""


class RequestTimeoutError(TransportError):
    """A timeout of the client (connect, read, write, pool) or the call's overall deadline
    (``RetryPolicy.deadline``, :mod:`.transport`) passed."""


class ConnectionCutError(TransportError):
    """The connection broke before the whole response arrived (reset, or cut mid-body)."""


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


def _content(response: httpx.Response | None) -> bytes:
    if response is None:
        return b""
    try:
        return response.content
    except httpx.ResponseNotRead:
        return b""


def _preview(response: httpx.Response) -> str:
    text = response.content[:_PREVIEW].decode("utf-8", errors="replace")
    return " ".join(text.split()) + ("..." if len(response.content) > _PREVIEW else "")


def _media(response: httpx.Response) -> str:
    return str(response.headers.get("content-type", "")).split(";", 1)[0].strip().lower()


def _is_json(media: str) -> bool:
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


def _mislabelled(media: str) -> bool:
    """``text/plain`` or no content type: what edges send JSON as; the body decides."""
    return media in ("", "text/plain")


def envelope_or_empty(response: httpx.Response) -> dict[str, Any]:
    """The body as a JSON object, or ``{}`` where it is not one."""
    try:
        payload = json.loads(response.content)
    except (ValueError, UnicodeDecodeError):
        return {}
    return payload if isinstance(payload, dict) else {}


def decode_envelope(response: httpx.Response, failures: Failures = RUNTIME_FAILURES) -> dict[str, Any]:
    """The decoded envelope of a success; a typed :class:`ApiError` for anything else.

    The body decides, with the content type as a guard: a JSON media type, or ``text/plain``
    or none at all (edges that mislabel JSON) whose body parses as JSON, is read as JSON;
    anything else (an HTML page) is :class:`NotJsonError`, whatever the status.
    """
    content_type = response.headers.get("content-type", "")
    media = _media(response)
    lenient = _mislabelled(media)
    if not _is_json(media) and not lenient:
        if response.status_code == 429:
            raise failures.rate_limited(response, {})
        raise NotJsonError(
            f"HTTP {response.status_code}: expected a JSON envelope, got {content_type or 'no content type'}"
            f" ({len(response.content)} bytes: {_preview(response)!r})",
            response,
        )
    try:
        payload = json.loads(response.content)
    except (ValueError, UnicodeDecodeError) as exc:
        if response.status_code == 429:
            raise failures.rate_limited(response, {}) from exc
        if lenient:
            raise NotJsonError(
                f"HTTP {response.status_code}: expected a JSON envelope, got {content_type or 'no content type'}"
                f" ({len(response.content)} bytes: {_preview(response)!r})",
                response,
            ) from exc
        what = (
            "the body is empty" if not response.content else f"the body is not valid JSON ({exc}); it may be truncated"
        )
        raise MalformedJsonError(
            f"HTTP {response.status_code}: {what} ({len(response.content)} bytes: {_preview(response)!r})",
            response,
        ) from exc
    if response.status_code == 429:
        raise failures.rate_limited(response, payload if isinstance(payload, dict) else {})
    if not isinstance(payload, dict) or not isinstance(payload.get("success"), bool):
        raise UnexpectedShapeError(
            f"HTTP {response.status_code}: the body is JSON but not an envelope (no boolean 'success'):"
            f" {_preview(response)!r}",
            response,
        )
    if payload["success"] is False:
        raise failures.envelope(response, payload)
    if not 200 <= response.status_code <= 299:
        raise failures.envelope(response, payload, reason="error status with success=true")
    return payload


_Typed = TypeVar("_Typed")


def decode_typed(response: httpx.Response, decoder: msgspec.json.Decoder[_Typed],
                 failures: Failures = RUNTIME_FAILURES) -> _Typed:  # fmt: skip
    """The success decoded by msgspec straight into its Struct, every declared field's type
    and constraints checked; anything else raises what :func:`decode_envelope` raises (a
    failure envelope, a 429, HTML, truncated JSON), or :class:`UnexpectedShapeError` for a
    success that does not fit the schema. The body is read once: only a body that is not a
    2xx success of the expected shape is parsed again, to name its error. The result keeps
    the body (``result.to_dict()``: every key, those outside the schema included)."""
    media = _media(response)
    if 200 <= response.status_code <= 299 and (_is_json(media) or _mislabelled(media)):
        try:
            result = decoder.decode(response.content)
        except msgspec.DecodeError as exc:  # msgspec.ValidationError is a DecodeError
            decode_envelope(response, failures)  # raises for a failure, truncated JSON, no envelope
            raise UnexpectedShapeError(
                f"HTTP {response.status_code}: the success envelope does not match the schema ({exc})", response
            ) from exc
        if getattr(result, "success", None) is True:
            keep_body(result, response.content)
            return result
    decode_envelope(response, failures)  # raises: not a 2xx JSON success
    raise UnexpectedShapeError(f"HTTP {response.status_code}: the body is not a success envelope", response)


def decode_raw(response: httpx.Response, failures: Failures = RUNTIME_FAILURES) -> dict[str, Any] | None:
    """For an operation whose response body the source does not show: a 2xx is returned
    as it came (``None`` here), unless its body is a failure envelope; any other status is
    decoded like an envelope response and raises its typed error."""
    if 200 <= response.status_code <= 299:
        payload = envelope_or_empty(response)
        if payload.get("success") is False:
            raise failures.envelope(response, payload)
        return None
    decode_envelope(response, failures)  # raises: a non-2xx status is never a success
    raise UnexpectedStatus(response.status_code, response.content, response)


__all__ = [
    "ApiError",
    "ConnectionCutError",
    "ConnectionFailedError",
    "FailureEnvelopeError",
    "Failures",
    "MalformedJsonError",
    "NotJsonError",
    "RateLimitedError",
    "RequestTimeoutError",
    "TransportError",
    "UnexpectedShapeError",
    "UnexpectedStatus",
    "decode_envelope",
    "decode_raw",
    "decode_typed",
    "envelope_or_empty",
    "parse_retry_after",
]
