from typing import Any

import httpx
from raydium_api_runtime.models import encode

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models import RequestTokenBody
from ...types import RawBody, Response


def _get_kwargs(
    *,
    body: RequestTokenBody,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/request-token",
    }

    _kwargs["content"] = encode(body)

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> RawBody:
    errors.decode_raw(response)
    return RawBody(status_code=response.status_code, headers=response.headers, content=response.content)


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[RawBody]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RequestTokenBody,
) -> Response[RawBody]:
    """Exchange a wallet signature of time:<unix-seconds> for a JWT

     Send the Ed25519 signature of the message `time:<unix-seconds>`, made with the
    wallet, and the wallet address; receive a JWT to send as the `svc-token` header on
    each later forum call.

    The method is not shown in the source: POST is assumed here because the client
    sends data (a signature and an address). How they are sent is not shown either: the
    request body is an open JSON object (its media type assumed like the method, its
    field names not shown), and how the JWT comes back is not shown, so no response
    content is described: the clients return the response as it came.

    Args:
        body (RequestTokenBody): The signature of `time:<unix-seconds>`, made with the wallet, and
            the wallet address.

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
        Response[RawBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: RequestTokenBody,
) -> RawBody:
    """Exchange a wallet signature of time:<unix-seconds> for a JWT

     Send the Ed25519 signature of the message `time:<unix-seconds>`, made with the
    wallet, and the wallet address; receive a JWT to send as the `svc-token` header on
    each later forum call.

    The method is not shown in the source: POST is assumed here because the client
    sends data (a signature and an address). How they are sent is not shown either: the
    request body is an open JSON object (its media type assumed like the method, its
    field names not shown), and how the JWT comes back is not shown, so no response
    content is described: the clients return the response as it came.

    Args:
        body (RequestTokenBody): The signature of `time:<unix-seconds>`, made with the wallet, and
            the wallet address.

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
        RawBody
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RequestTokenBody,
) -> Response[RawBody]:
    """Exchange a wallet signature of time:<unix-seconds> for a JWT

     Send the Ed25519 signature of the message `time:<unix-seconds>`, made with the
    wallet, and the wallet address; receive a JWT to send as the `svc-token` header on
    each later forum call.

    The method is not shown in the source: POST is assumed here because the client
    sends data (a signature and an address). How they are sent is not shown either: the
    request body is an open JSON object (its media type assumed like the method, its
    field names not shown), and how the JWT comes back is not shown, so no response
    content is described: the clients return the response as it came.

    Args:
        body (RequestTokenBody): The signature of `time:<unix-seconds>`, made with the wallet, and
            the wallet address.

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
        Response[RawBody]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RequestTokenBody,
) -> RawBody:
    """Exchange a wallet signature of time:<unix-seconds> for a JWT

     Send the Ed25519 signature of the message `time:<unix-seconds>`, made with the
    wallet, and the wallet address; receive a JWT to send as the `svc-token` header on
    each later forum call.

    The method is not shown in the source: POST is assumed here because the client
    sends data (a signature and an address). How they are sent is not shown either: the
    request body is an open JSON object (its media type assumed like the method, its
    field names not shown), and how the JWT comes back is not shown, so no response
    content is described: the clients return the response as it came.

    Args:
        body (RequestTokenBody): The signature of `time:<unix-seconds>`, made with the wallet, and
            the wallet address.

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
        RawBody
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)
