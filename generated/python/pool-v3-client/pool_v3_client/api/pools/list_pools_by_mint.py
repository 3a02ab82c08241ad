from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import msgspec
from raydium_api_runtime import paging

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models import (
    PoolInfoItem,
    PoolsByMintResponse,
    PoolSortField,
    PoolType,
    SortType,
)
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


# -- every item of every page: the operation's x-pagination (page), scripts/templates/python-package/iterate.py.j2


def _page_items(page: PoolsByMintResponse) -> list[PoolInfoItem]:
    """The items of one page (none where the page holds no list)."""
    found = page.data.data
    return [] if isinstance(found, msgspec.UnsetType) else list(found)


def _has_more(page: PoolsByMintResponse) -> bool | None:
    """Whether the page says a next one exists (None where it does not say)."""
    found = page.data.has_next_page
    return None if isinstance(found, msgspec.UnsetType) else found


def iterate_pages(
    *,
    client: AuthenticatedClient | Client,
    mint1: str,
    mint2: str | Unset = UNSET,
    pool_type: PoolType | Unset = UNSET,
    pool_sort_field: PoolSortField | Unset = UNSET,
    page_size: int | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    page: int | Unset = UNSET,
    max_pages: int | None = None,
) -> Iterator[PoolsByMintResponse]:
    """Every page of: List pools containing one or two mints, in order, each through :func:`sync` (its timeouts, deadline,
    retries and errors), from ``page`` (page 1 by default).
    The last page is the one that says there is no next page, or that holds no item.

    Args:
        max_pages: request at most this many pages (None: every page).

    Raises:
        What :func:`sync` raises, for the page that failed; ``error.resume`` is the
        ``page`` that starts the walk again at that page.
    """
    return paging.numbered_pages(
        lambda number: sync(
            client=client,
            mint1=mint1,
            mint2=mint2,
            pool_type=pool_type,
            pool_sort_field=pool_sort_field,
            page_size=page_size,
            sort_type=sort_type,
            page=number,
        ),
        _has_more,
        lambda page: len(_page_items(page)),
        parameter="page",
        first=1 if isinstance(page, Unset) else page,
        max_pages=max_pages,
    )


def iterate(
    *,
    client: AuthenticatedClient | Client,
    mint1: str,
    mint2: str | Unset = UNSET,
    pool_type: PoolType | Unset = UNSET,
    pool_sort_field: PoolSortField | Unset = UNSET,
    page_size: int | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    page: int | Unset = UNSET,
    max_pages: int | None = None,
) -> Iterator[PoolInfoItem]:
    """Every item of every page of: List pools containing one or two mints, in order, each once (:func:`iterate_pages`'s
    pages): ``for item in iterate(client=client):``. What it raises is said there."""
    return paging.items(
        iterate_pages(
            client=client,
            mint1=mint1,
            mint2=mint2,
            pool_type=pool_type,
            pool_sort_field=pool_sort_field,
            page_size=page_size,
            sort_type=sort_type,
            page=page,
            max_pages=max_pages,
        ),
        _page_items,
    )


def iterate_pages_async(
    *,
    client: AuthenticatedClient | Client,
    mint1: str,
    mint2: str | Unset = UNSET,
    pool_type: PoolType | Unset = UNSET,
    pool_sort_field: PoolSortField | Unset = UNSET,
    page_size: int | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    page: int | Unset = UNSET,
    max_pages: int | None = None,
) -> AsyncIterator[PoolsByMintResponse]:
    """The asynchronous twin of :func:`iterate_pages`, each page through :func:`asyncio`."""
    return paging.numbered_pages_async(
        lambda number: asyncio(
            client=client,
            mint1=mint1,
            mint2=mint2,
            pool_type=pool_type,
            pool_sort_field=pool_sort_field,
            page_size=page_size,
            sort_type=sort_type,
            page=number,
        ),
        _has_more,
        lambda page: len(_page_items(page)),
        parameter="page",
        first=1 if isinstance(page, Unset) else page,
        max_pages=max_pages,
    )


def iterate_async(
    *,
    client: AuthenticatedClient | Client,
    mint1: str,
    mint2: str | Unset = UNSET,
    pool_type: PoolType | Unset = UNSET,
    pool_sort_field: PoolSortField | Unset = UNSET,
    page_size: int | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    page: int | Unset = UNSET,
    max_pages: int | None = None,
) -> AsyncIterator[PoolInfoItem]:
    """The asynchronous twin of :func:`iterate`: ``async for item in iterate_async(client=client):``."""
    return paging.items_async(
        iterate_pages_async(
            client=client,
            mint1=mint1,
            mint2=mint2,
            pool_type=pool_type,
            pool_sort_field=pool_sort_field,
            page_size=page_size,
            sort_type=sort_type,
            page=page,
            max_pages=max_pages,
        ),
        _page_items,
    )
