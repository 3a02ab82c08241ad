from typing import Any

import httpx
import msgspec

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models import PoolsByMintResponse, PoolSortField, PoolType, SortType
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    mint1: str,
    mint2: str | Unset = UNSET,
    pool_type: PoolType | Unset = UNSET,
    pool_sort_field: PoolSortField | Unset = UNSET,
    page_size: int | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    page: int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["mint1"] = mint1

    params["mint2"] = mint2

    json_pool_type: str | Unset = UNSET
    if not isinstance(pool_type, Unset):
        json_pool_type = pool_type.value

    params["poolType"] = json_pool_type

    json_pool_sort_field: str | Unset = UNSET
    if not isinstance(pool_sort_field, Unset):
        json_pool_sort_field = pool_sort_field.value

    params["poolSortField"] = json_pool_sort_field

    params["pageSize"] = page_size

    json_sort_type: str | Unset = UNSET
    if not isinstance(sort_type, Unset):
        json_sort_type = sort_type.value

    params["sortType"] = json_sort_type

    params["page"] = page

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/pools/info/mint",
        "params": params,
    }

    return _kwargs


_DECODER = msgspec.json.Decoder(PoolsByMintResponse)


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> PoolsByMintResponse:
    return errors.decode_typed(response, _DECODER)


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[PoolsByMintResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    mint1: str,
    mint2: str | Unset = UNSET,
    pool_type: PoolType | Unset = UNSET,
    pool_sort_field: PoolSortField | Unset = UNSET,
    page_size: int | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    page: int | Unset = UNSET,
) -> Response[PoolsByMintResponse]:
    """List pools containing one or two mints

     Pools containing the mint(s). Callers supply `mint1` less than `mint2` in ascending
    public-key byte order; the endpoint also sorts the pair itself. To search by one
    mint, omit `mint2` and all pools containing it are returned. The sort direction and
    page number parameters are not shown in the source.

    Args:
        mint1 (str):
        mint2 (str | Unset):
        pool_type (PoolType | Unset): Pool type filter (Endpoints / Pool data service / rule 1).
        pool_sort_field (PoolSortField | Unset): Sort field (Endpoints / Pool data service / rule
            2).
        page_size (int | Unset):
        sort_type (SortType | Unset): Sort direction, descending or ascending.
        page (int | Unset):

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
        Response[PoolsByMintResponse]
    """

    kwargs = _get_kwargs(
        mint1=mint1,
        mint2=mint2,
        pool_type=pool_type,
        pool_sort_field=pool_sort_field,
        page_size=page_size,
        sort_type=sort_type,
        page=page,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    mint1: str,
    mint2: str | Unset = UNSET,
    pool_type: PoolType | Unset = UNSET,
    pool_sort_field: PoolSortField | Unset = UNSET,
    page_size: int | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    page: int | Unset = UNSET,
) -> PoolsByMintResponse:
    """List pools containing one or two mints

     Pools containing the mint(s). Callers supply `mint1` less than `mint2` in ascending
    public-key byte order; the endpoint also sorts the pair itself. To search by one
    mint, omit `mint2` and all pools containing it are returned. The sort direction and
    page number parameters are not shown in the source.

    Args:
        mint1 (str):
        mint2 (str | Unset):
        pool_type (PoolType | Unset): Pool type filter (Endpoints / Pool data service / rule 1).
        pool_sort_field (PoolSortField | Unset): Sort field (Endpoints / Pool data service / rule
            2).
        page_size (int | Unset):
        sort_type (SortType | Unset): Sort direction, descending or ascending.
        page (int | Unset):

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
        PoolsByMintResponse
    """

    kwargs = _get_kwargs(
        mint1=mint1,
        mint2=mint2,
        pool_type=pool_type,
        pool_sort_field=pool_sort_field,
        page_size=page_size,
        sort_type=sort_type,
        page=page,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    mint1: str,
    mint2: str | Unset = UNSET,
    pool_type: PoolType | Unset = UNSET,
    pool_sort_field: PoolSortField | Unset = UNSET,
    page_size: int | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    page: int | Unset = UNSET,
) -> Response[PoolsByMintResponse]:
    """List pools containing one or two mints

     Pools containing the mint(s). Callers supply `mint1` less than `mint2` in ascending
    public-key byte order; the endpoint also sorts the pair itself. To search by one
    mint, omit `mint2` and all pools containing it are returned. The sort direction and
    page number parameters are not shown in the source.

    Args:
        mint1 (str):
        mint2 (str | Unset):
        pool_type (PoolType | Unset): Pool type filter (Endpoints / Pool data service / rule 1).
        pool_sort_field (PoolSortField | Unset): Sort field (Endpoints / Pool data service / rule
            2).
        page_size (int | Unset):
        sort_type (SortType | Unset): Sort direction, descending or ascending.
        page (int | Unset):

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
        Response[PoolsByMintResponse]
    """

    kwargs = _get_kwargs(
        mint1=mint1,
        mint2=mint2,
        pool_type=pool_type,
        pool_sort_field=pool_sort_field,
        page_size=page_size,
        sort_type=sort_type,
        page=page,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    mint1: str,
    mint2: str | Unset = UNSET,
    pool_type: PoolType | Unset = UNSET,
    pool_sort_field: PoolSortField | Unset = UNSET,
    page_size: int | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    page: int | Unset = UNSET,
) -> PoolsByMintResponse:
    """List pools containing one or two mints

     Pools containing the mint(s). Callers supply `mint1` less than `mint2` in ascending
    public-key byte order; the endpoint also sorts the pair itself. To search by one
    mint, omit `mint2` and all pools containing it are returned. The sort direction and
    page number parameters are not shown in the source.

    Args:
        mint1 (str):
        mint2 (str | Unset):
        pool_type (PoolType | Unset): Pool type filter (Endpoints / Pool data service / rule 1).
        pool_sort_field (PoolSortField | Unset): Sort field (Endpoints / Pool data service / rule
            2).
        page_size (int | Unset):
        sort_type (SortType | Unset): Sort direction, descending or ascending.
        page (int | Unset):

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
        PoolsByMintResponse
    """

    kwargs = _get_kwargs(
        mint1=mint1,
        mint2=mint2,
        pool_type=pool_type,
        pool_sort_field=pool_sort_field,
        page_size=page_size,
        sort_type=sort_type,
        page=page,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)
