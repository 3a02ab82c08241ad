from typing import Any

import httpx
import msgspec
from raydium_api_runtime.models import encode

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models import ClosedPositionShareRequest, ShareResponse
from ...types import Response


def _get_kwargs(
    *,
    body: ClosedPositionShareRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/share/history-position",
    }

    _kwargs["content"] = encode(body)

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


_DECODER = msgspec.json.Decoder(ShareResponse)


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ShareResponse:
    return errors.decode_typed(response, _DECODER)


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[ShareResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ClosedPositionShareRequest,
) -> Response[ShareResponse]:
    """Generate a shareable image of a closed position

     Generates a shareable image of the closed position, with realized P&L, described by
    the JSON body. The response has the same shape as `/share/position`.

    Args:
        body (ClosedPositionShareRequest): JSON body describing a closed position with realized
            P&L.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy's retries (Retry-After honoured).
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError. A failure that passes (a refused or cut connection,
        a timeout, HTTP 408, 429, 500, 502-504 or 520-524) is first retried as the client's
        retry_policy says; the error's ``attempts`` counts the sends.

    Returns:
        Response[ShareResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: ClosedPositionShareRequest,
) -> ShareResponse:
    """Generate a shareable image of a closed position

     Generates a shareable image of the closed position, with realized P&L, described by
    the JSON body. The response has the same shape as `/share/position`.

    Args:
        body (ClosedPositionShareRequest): JSON body describing a closed position with realized
            P&L.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy's retries (Retry-After honoured).
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError. A failure that passes (a refused or cut connection,
        a timeout, HTTP 408, 429, 500, 502-504 or 520-524) is first retried as the client's
        retry_policy says; the error's ``attempts`` counts the sends.

    Returns:
        ShareResponse
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ClosedPositionShareRequest,
) -> Response[ShareResponse]:
    """Generate a shareable image of a closed position

     Generates a shareable image of the closed position, with realized P&L, described by
    the JSON body. The response has the same shape as `/share/position`.

    Args:
        body (ClosedPositionShareRequest): JSON body describing a closed position with realized
            P&L.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy's retries (Retry-After honoured).
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError. A failure that passes (a refused or cut connection,
        a timeout, HTTP 408, 429, 500, 502-504 or 520-524) is first retried as the client's
        retry_policy says; the error's ``attempts`` counts the sends.

    Returns:
        Response[ShareResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: ClosedPositionShareRequest,
) -> ShareResponse:
    """Generate a shareable image of a closed position

     Generates a shareable image of the closed position, with realized P&L, described by
    the JSON body. The response has the same shape as `/share/position`.

    Args:
        body (ClosedPositionShareRequest): JSON body describing a closed position with realized
            P&L.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy's retries (Retry-After honoured).
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError. A failure that passes (a refused or cut connection,
        a timeout, HTTP 408, 429, 500, 502-504 or 520-524) is first retried as the client's
        retry_policy says; the error's ``attempts`` counts the sends.

    Returns:
        ShareResponse
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)
