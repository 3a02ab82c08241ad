from typing import Any

import httpx
import msgspec

from ... import _fast, errors
from ...client import AuthenticatedClient, Client
from ...models.token_list_response import TokenListResponse
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/mint/list",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> TokenListResponse:
    payload = errors.decode_envelope(response)
    try:
        if response.status_code == 200:
            response_200 = TokenListResponse.from_dict(payload)

            return response_200

    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise errors.UnexpectedShapeError(
            f"HTTP {response.status_code}: the success envelope does not match the schema ({type(exc).__name__}: {exc})",
            response,
        ) from exc
    raise errors.UnexpectedStatus(response.status_code, response.content, response)


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[TokenListResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[TokenListResponse]:
    """Get the token list

     The token list (token metadata). Clients should cache the result for 1 hour. The
    request shape of this endpoint is not shown in the source.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError.

    Returns:
        Response[TokenListResponse]
    """

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> TokenListResponse:
    """Get the token list

     The token list (token metadata). Clients should cache the result for 1 hour. The
    request shape of this endpoint is not shown in the source.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError.

    Returns:
        TokenListResponse
    """

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


_FAST_DECODER = msgspec.json.Decoder(_fast.TokenListResponse)


def _build_fast_response(response: httpx.Response) -> Response[_fast.TokenListResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=errors.decode_typed(response, _FAST_DECODER),
    )


def sync_fast_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[_fast.TokenListResponse]:
    """Like :func:`sync`, decoded by msgspec into ``_fast.TokenListResponse`` (a Struct), with the raw body.

    Every declared field is typed and checked as in :func:`sync`, and failures raise the
    same errors; keys outside the schema are not in the Struct, so read them from
    ``.content`` (the body as it came), without a second request.
    """

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_fast_response(response)


def sync_fast(
    *,
    client: AuthenticatedClient | Client,
) -> _fast.TokenListResponse:
    """Like :func:`sync`, decoded by msgspec into ``_fast.TokenListResponse``: the fast path for
    large responses polled often. Keys outside the schema are dropped (see
    :func:`sync_fast_detailed` for the raw body). The Struct is for reading: it cannot be sent
    back in a request (a quote sent as ``swapResponse`` must be the model :func:`sync` returns,
    which goes back as it came)."""

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return errors.decode_typed(response, _FAST_DECODER)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[TokenListResponse]:
    """Get the token list

     The token list (token metadata). Clients should cache the result for 1 hour. The
    request shape of this endpoint is not shown in the source.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError.

    Returns:
        Response[TokenListResponse]
    """

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> TokenListResponse:
    """Get the token list

     The token list (token metadata). Clients should cache the result for 1 hour. The
    request shape of this endpoint is not shown in the source.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError.

    Returns:
        TokenListResponse
    """

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_fast_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[_fast.TokenListResponse]:
    """Like :func:`sync_fast_detailed`, awaited: a Struct and the raw body (``.content``)."""

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_fast_response(response)


async def asyncio_fast(
    *,
    client: AuthenticatedClient | Client,
) -> _fast.TokenListResponse:
    """Like :func:`sync_fast`, awaited: decoded by msgspec into ``_fast.TokenListResponse``."""

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return errors.decode_typed(response, _FAST_DECODER)
