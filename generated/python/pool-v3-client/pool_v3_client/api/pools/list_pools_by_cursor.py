from typing import Any

import httpx
import msgspec

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models import PoolCursorPageResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["size"] = size

    params["nextPageId"] = next_page_id

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/pools/info/list-v2",
        "params": params,
    }

    return _kwargs


_DECODER = msgspec.json.Decoder(PoolCursorPageResponse)


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PoolCursorPageResponse:
    return errors.decode_typed(response, _DECODER)


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PoolCursorPageResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
) -> Response[PoolCursorPageResponse]:
    """List pools, cursor-paged

     Pools, cursor-paged. The response carries `nextPageId`, an opaque cursor: pass it
    back unchanged as `nextPageId` to get the next page, and never build one.

    Args:
        size (int | Unset):
        next_page_id (str | Unset):

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
        Response[PoolCursorPageResponse]
    """

    kwargs = _get_kwargs(
        size=size,
        next_page_id=next_page_id,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
) -> PoolCursorPageResponse:
    """List pools, cursor-paged

     Pools, cursor-paged. The response carries `nextPageId`, an opaque cursor: pass it
    back unchanged as `nextPageId` to get the next page, and never build one.

    Args:
        size (int | Unset):
        next_page_id (str | Unset):

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
        PoolCursorPageResponse
    """

    kwargs = _get_kwargs(
        size=size,
        next_page_id=next_page_id,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
) -> Response[PoolCursorPageResponse]:
    """List pools, cursor-paged

     Pools, cursor-paged. The response carries `nextPageId`, an opaque cursor: pass it
    back unchanged as `nextPageId` to get the next page, and never build one.

    Args:
        size (int | Unset):
        next_page_id (str | Unset):

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
        Response[PoolCursorPageResponse]
    """

    kwargs = _get_kwargs(
        size=size,
        next_page_id=next_page_id,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
) -> PoolCursorPageResponse:
    """List pools, cursor-paged

     Pools, cursor-paged. The response carries `nextPageId`, an opaque cursor: pass it
    back unchanged as `nextPageId` to get the next page, and never build one.

    Args:
        size (int | Unset):
        next_page_id (str | Unset):

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
        PoolCursorPageResponse
    """

    kwargs = _get_kwargs(
        size=size,
        next_page_id=next_page_id,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)
