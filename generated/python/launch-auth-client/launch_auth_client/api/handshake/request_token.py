from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/request-token",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | None:
    if response.status_code == 200:
        return None

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any]:
    """Exchange a wallet signature of time:<unix-seconds> for a JWT

     Send the Ed25519 signature of the message `time:<unix-seconds>`, made with the
    wallet, and the wallet address; receive a JWT to send as the `svc-token` header on
    each later forum call.

    The method is not shown in the source: POST is assumed here because the client
    sends data (a signature and an address). How they are sent, and how the JWT comes
    back, is not shown either, so no request body or response content is described.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs()

    response = errors.send(lambda: client.get_httpx_client().request(**kwargs), client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[Any]:
    """Exchange a wallet signature of time:<unix-seconds> for a JWT

     Send the Ed25519 signature of the message `time:<unix-seconds>`, made with the
    wallet, and the wallet address; receive a JWT to send as the `svc-token` header on
    each later forum call.

    The method is not shown in the source: POST is assumed here because the client
    sends data (a signature and an address). How they are sent, and how the JWT comes
    back, is not shown either, so no request body or response content is described.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any]
    """

    kwargs = _get_kwargs()

    response = await errors.send_async(lambda: client.get_async_httpx_client().request(**kwargs), client.retry_policy)

    return _build_response(client=client, response=response)
