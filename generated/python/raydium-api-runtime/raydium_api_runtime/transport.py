"""The transport every host's client sends its requests with: a timeout per attempt, one
deadline per call, and retries of the failures that pass.

None of these services changes state (every GET is a read; the transaction build computes an
unsigned transaction from its body), so every operation may be sent again. A call is retried
(``RetryPolicy``: at most 2 retries by default, all inside the call's deadline) when the
connection is refused or reset, an attempt times out, the connection is cut mid-body, or the
status is 408, 429, 500, 502, 503, 504 or one of Cloudflare's 520-524, whatever the body (a
JSON failure envelope or an HTML page). It waits what ``Retry-After`` (or ``retry-after-ms``)
asks for, or else an exponential backoff with jitter (``default_wait``, then twice that, each
less up to a quarter at random). A wait longer than ``max_wait``, or one that would pass the
deadline, is not slept: the call ends with the failure it has. Any other status, a success
included, ends the call at once: a failure envelope with HTTP 200 is not retried.

The error a call finally raises says how many attempts it made (``ApiError.attempts``, and
its message). Written by hand in scripts/runtime/python and copied into
generated/python/raydium-api-runtime; edit the first.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass
from typing import Any

import httpx

from .errors import (
    ATTEMPTS,
    RUNTIME_FAILURES,
    ConnectionCutError,
    ConnectionFailedError,
    Failures,
    RequestTimeoutError,
    TransportError,
    envelope_or_empty,
    parse_retry_after,
)

# HTTP statuses that say the failure passes: a timeout, the rate limit, the server or the
# edge (Cloudflare's 520-524: the origin's connection, timeout or response failed)
TRANSIENT_STATUSES = frozenset({408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524})


@dataclass(frozen=True)
class RetryPolicy:
    """How a call retries the failures that pass, and how long it may take.

    ``max_retries`` retries at most (``RetryPolicy(max_retries=0)`` turns retrying off), each
    after the wait ``Retry-After`` asks for or, where the failure names none, after a backoff
    that starts at ``default_wait`` seconds and doubles, jittered (each wait is up to a quarter
    shorter, at random). A wait longer than ``max_wait`` is not slept: the call raises at once
    (a 429 as :class:`~.errors.RateLimitedError` with ``retry_after``), so the caller decides.
    ``deadline`` bounds the whole call, retries included, in seconds: no wait goes past it, and
    a response still arriving at the deadline raises :class:`~.errors.RequestTimeoutError`.
    """

    max_retries: int = 2
    max_wait: float = 10.0
    default_wait: float = 0.5
    deadline: float = 30.0

    def backoff(self, retry: int) -> float:
        """The wait before retry number ``retry`` (0 for the first) where the failure names none."""
        return self.default_wait * 2.0**retry * (1 - 0.25 * random.random())  # noqa: S311 (jitter, not a secret)

    def wait_for(self, response: httpx.Response | None, retry: int) -> float:
        """The wait the server asks for (``Retry-After`` or ``retry-after-ms``), else the backoff."""
        if response is not None:
            asked = parse_retry_after(response.headers.get("retry-after"))
            milliseconds = response.headers.get("retry-after-ms", "").strip()
            if milliseconds.replace(".", "", 1).isdigit():
                asked = float(milliseconds) / 1000
            if asked is not None:
                return asked
        return self.backoff(retry)


def _transport_error(exc: httpx.TransportError | httpx.DecodingError, request: httpx.Request,
                     attempts: int) -> TransportError:  # fmt: skip
    where = f"{request.method} {request.url}"
    if isinstance(exc, httpx.TimeoutException):
        return RequestTimeoutError(f"{where}: timed out ({type(exc).__name__}: {str(exc) or 'no detail'})",
                                   attempts=attempts)  # fmt: skip
    if isinstance(exc, httpx.ConnectError):
        return ConnectionFailedError(f"{where}: could not connect ({exc})", attempts=attempts)
    return ConnectionCutError(f"{where}: the connection broke before the whole response arrived "
                              f"({type(exc).__name__}: {str(exc) or 'no detail'})", attempts=attempts)  # fmt: skip


def _deadline_error(request: httpx.Request, policy: RetryPolicy, attempts: int) -> RequestTimeoutError:
    return RequestTimeoutError(f"{request.method} {request.url}: the call's deadline of {policy.deadline:g}s passed",
                               attempts=attempts)  # fmt: skip


def _attempt_timeout(timeout: httpx.Timeout, left: float) -> httpx.Timeout:
    """The client's timeouts, each capped by what is left of the call's deadline: the
    deadline caps an attempt whose own timeout is longer."""

    def cap(value: float | None) -> float:
        return left if value is None else min(value, left)

    return httpx.Timeout(connect=cap(timeout.connect), read=cap(timeout.read), write=cap(timeout.write),
                         pool=cap(timeout.pool))  # fmt: skip


def _complete(response: httpx.Response, raw: list[bytes], request: httpx.Request, attempts: int) -> httpx.Response:
    """The streamed response, whole and decoded (Content-Encoding undone by httpx), with the
    number of attempts the call made."""
    whole = httpx.Response(response.status_code, headers=response.headers, content=b"".join(raw), request=request,
                           extensions={**response.extensions, ATTEMPTS: attempts})  # fmt: skip
    whole.read()
    return whole


@dataclass
class _Call:
    """One call's attempts: what failed last and whether to send again."""

    policy: RetryPolicy
    failures: Failures
    ends: float
    attempt: int = 0  # retries made so far

    def left(self) -> float:
        return self.ends - time.monotonic()

    def wait(self, response: httpx.Response | None) -> float | None:
        """The seconds to wait before the next attempt, or None to stop here."""
        if self.attempt >= self.policy.max_retries:
            return None
        wait = self.policy.wait_for(response, self.attempt)
        if wait > self.policy.max_wait or time.monotonic() + wait >= self.ends:
            return None
        return wait

    def give_up(self, response: httpx.Response) -> httpx.Response:
        """The last response, for the decoder to raise its typed error; a 429 whose wait the
        policy refused says why in its error."""
        if response.status_code == 429 and self.attempt < self.policy.max_retries:
            wait = self.policy.wait_for(response, self.attempt)
            envelope = envelope_or_empty(response)
            if wait > self.policy.max_wait:
                said = f"; the wait exceeds the retry policy's max_wait of {self.policy.max_wait:g}s"
                raise self.failures.rate_limited(response, envelope, said)
            raise self.failures.rate_limited(response, envelope,
                                             f"; waiting would pass the call's deadline of {self.policy.deadline:g}s")
        return response

    def failed(self, exc: httpx.TransportError | httpx.DecodingError, request: httpx.Request) -> float:
        """The wait before retrying a transport failure; the typed error when it is the last."""
        attempts = self.attempt + 1
        if isinstance(exc, httpx.TimeoutException) and time.monotonic() >= self.ends - 0.05:
            raise _deadline_error(request, self.policy, attempts) from exc
        wait = self.wait(None)
        if wait is None:
            raise _transport_error(exc, request, attempts) from exc
        return wait


def send(client: httpx.Client, request_args: dict[str, Any], policy: RetryPolicy, *,
         failures: Failures = RUNTIME_FAILURES) -> httpx.Response:  # fmt: skip
    """Send a request and read its whole body within ``policy.deadline``, retrying the failures
    that pass as the policy says. Transport failures raise :class:`TransportError`; the
    returned response is complete (``.content`` is read); ``failures`` are the host's classes
    for a failure envelope and a 429."""
    call = _Call(policy, failures, time.monotonic() + policy.deadline)
    while True:
        left = call.left()
        request = client.build_request(**request_args, timeout=_attempt_timeout(client.timeout, max(left, 0.001)))
        if left <= 0:
            raise _deadline_error(request, policy, call.attempt + 1)
        try:
            streamed = client.send(request, stream=True)
            try:
                raw = []
                for chunk in streamed.iter_raw():
                    raw.append(chunk)
                    if time.monotonic() > call.ends:
                        raise _deadline_error(request, policy, call.attempt + 1)
            finally:
                streamed.close()
            response = _complete(streamed, raw, request, call.attempt + 1)
        except (httpx.TransportError, httpx.DecodingError) as exc:
            time.sleep(call.failed(exc, request))
            call.attempt += 1
            continue
        wait = call.wait(response) if response.status_code in TRANSIENT_STATUSES else None
        if wait is None:
            return call.give_up(response)
        time.sleep(wait)
        call.attempt += 1


async def send_async(client: httpx.AsyncClient, request_args: dict[str, Any], policy: RetryPolicy, *,
                     failures: Failures = RUNTIME_FAILURES) -> httpx.Response:  # fmt: skip
    """The asynchronous twin of :func:`send`."""
    call = _Call(policy, failures, time.monotonic() + policy.deadline)
    while True:
        left = call.left()
        request = client.build_request(**request_args, timeout=_attempt_timeout(client.timeout, max(left, 0.001)))
        if left <= 0:
            raise _deadline_error(request, policy, call.attempt + 1)
        try:
            streamed = await client.send(request, stream=True)
            try:
                raw = []
                async for chunk in streamed.aiter_raw():
                    raw.append(chunk)
                    if time.monotonic() > call.ends:
                        raise _deadline_error(request, policy, call.attempt + 1)
            finally:
                await streamed.aclose()
            response = _complete(streamed, raw, request, call.attempt + 1)
        except (httpx.TransportError, httpx.DecodingError) as exc:
            await asyncio.sleep(call.failed(exc, request))
            call.attempt += 1
            continue
        wait = call.wait(response) if response.status_code in TRANSIENT_STATUSES else None
        if wait is None:
            return call.give_up(response)
        await asyncio.sleep(wait)
        call.attempt += 1


__all__ = ["TRANSIENT_STATUSES", "RetryPolicy", "send", "send_async"]
