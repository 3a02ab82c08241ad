from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import msgspec
from raydium_api_runtime import paging

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models import (
    CursorPoolType,
    CursorSortField,
    PoolCursorPageResponse,
    PoolInfoItem,
    SortType,
)
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
    pool_type: CursorPoolType | Unset = UNSET,
    sort_field: CursorSortField | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    has_reward: bool | Unset = UNSET,
    mint1: str | Unset = UNSET,
    mint2: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["size"] = size

    params["nextPageId"] = next_page_id

    json_pool_type: str | Unset = UNSET
    if not isinstance(pool_type, Unset):
        json_pool_type = pool_type.value

    params["poolType"] = json_pool_type

    json_sort_field: str | Unset = UNSET
    if not isinstance(sort_field, Unset):
        json_sort_field = sort_field.value

    params["sortField"] = json_sort_field

    json_sort_type: str | Unset = UNSET
    if not isinstance(sort_type, Unset):
        json_sort_type = sort_type.value

    params["sortType"] = json_sort_type

    params["hasReward"] = has_reward

    params["mint1"] = mint1

    params["mint2"] = mint2

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
    pool_type: CursorPoolType | Unset = UNSET,
    sort_field: CursorSortField | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    has_reward: bool | Unset = UNSET,
    mint1: str | Unset = UNSET,
    mint2: str | Unset = UNSET,
) -> Response[PoolCursorPageResponse]:
    """List pools, cursor-paged

     Pools, cursor-paged. The response carries `nextPageId`, an opaque cursor: pass it
    back unchanged as `nextPageId` to get the next page, and never build one.

    Args:
        size (int | Unset):
        next_page_id (str | Unset):
        pool_type (CursorPoolType | Unset): Pool type filter of /pools/info/list-v2, capitalised
            (leave the parameter out for every pool).
        sort_field (CursorSortField | Unset): Sort field of /pools/info/list-v2 (the SDK's
            FetchPoolParams `sort`).
        sort_type (SortType | Unset): Sort direction, descending or ascending.
        has_reward (bool | Unset):
        mint1 (str | Unset):
        mint2 (str | Unset):

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
        Response[PoolCursorPageResponse]
    """

    kwargs = _get_kwargs(
        size=size,
        next_page_id=next_page_id,
        pool_type=pool_type,
        sort_field=sort_field,
        sort_type=sort_type,
        has_reward=has_reward,
        mint1=mint1,
        mint2=mint2,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
    pool_type: CursorPoolType | Unset = UNSET,
    sort_field: CursorSortField | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    has_reward: bool | Unset = UNSET,
    mint1: str | Unset = UNSET,
    mint2: str | Unset = UNSET,
) -> PoolCursorPageResponse:
    """List pools, cursor-paged

     Pools, cursor-paged. The response carries `nextPageId`, an opaque cursor: pass it
    back unchanged as `nextPageId` to get the next page, and never build one.

    Args:
        size (int | Unset):
        next_page_id (str | Unset):
        pool_type (CursorPoolType | Unset): Pool type filter of /pools/info/list-v2, capitalised
            (leave the parameter out for every pool).
        sort_field (CursorSortField | Unset): Sort field of /pools/info/list-v2 (the SDK's
            FetchPoolParams `sort`).
        sort_type (SortType | Unset): Sort direction, descending or ascending.
        has_reward (bool | Unset):
        mint1 (str | Unset):
        mint2 (str | Unset):

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
        PoolCursorPageResponse
    """

    kwargs = _get_kwargs(
        size=size,
        next_page_id=next_page_id,
        pool_type=pool_type,
        sort_field=sort_field,
        sort_type=sort_type,
        has_reward=has_reward,
        mint1=mint1,
        mint2=mint2,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
    pool_type: CursorPoolType | Unset = UNSET,
    sort_field: CursorSortField | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    has_reward: bool | Unset = UNSET,
    mint1: str | Unset = UNSET,
    mint2: str | Unset = UNSET,
) -> Response[PoolCursorPageResponse]:
    """List pools, cursor-paged

     Pools, cursor-paged. The response carries `nextPageId`, an opaque cursor: pass it
    back unchanged as `nextPageId` to get the next page, and never build one.

    Args:
        size (int | Unset):
        next_page_id (str | Unset):
        pool_type (CursorPoolType | Unset): Pool type filter of /pools/info/list-v2, capitalised
            (leave the parameter out for every pool).
        sort_field (CursorSortField | Unset): Sort field of /pools/info/list-v2 (the SDK's
            FetchPoolParams `sort`).
        sort_type (SortType | Unset): Sort direction, descending or ascending.
        has_reward (bool | Unset):
        mint1 (str | Unset):
        mint2 (str | Unset):

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
        Response[PoolCursorPageResponse]
    """

    kwargs = _get_kwargs(
        size=size,
        next_page_id=next_page_id,
        pool_type=pool_type,
        sort_field=sort_field,
        sort_type=sort_type,
        has_reward=has_reward,
        mint1=mint1,
        mint2=mint2,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
    pool_type: CursorPoolType | Unset = UNSET,
    sort_field: CursorSortField | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    has_reward: bool | Unset = UNSET,
    mint1: str | Unset = UNSET,
    mint2: str | Unset = UNSET,
) -> PoolCursorPageResponse:
    """List pools, cursor-paged

     Pools, cursor-paged. The response carries `nextPageId`, an opaque cursor: pass it
    back unchanged as `nextPageId` to get the next page, and never build one.

    Args:
        size (int | Unset):
        next_page_id (str | Unset):
        pool_type (CursorPoolType | Unset): Pool type filter of /pools/info/list-v2, capitalised
            (leave the parameter out for every pool).
        sort_field (CursorSortField | Unset): Sort field of /pools/info/list-v2 (the SDK's
            FetchPoolParams `sort`).
        sort_type (SortType | Unset): Sort direction, descending or ascending.
        has_reward (bool | Unset):
        mint1 (str | Unset):
        mint2 (str | Unset):

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
        PoolCursorPageResponse
    """

    kwargs = _get_kwargs(
        size=size,
        next_page_id=next_page_id,
        pool_type=pool_type,
        sort_field=sort_field,
        sort_type=sort_type,
        has_reward=has_reward,
        mint1=mint1,
        mint2=mint2,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


# -- every item of every page: the operation's x-pagination (cursor), scripts/templates/python-package/iterate.py.j2


def _page_items(page: PoolCursorPageResponse) -> list[PoolInfoItem]:
    """The items of one page (none where the page holds no list)."""
    found = page.data.data
    return [] if isinstance(found, msgspec.UnsetType) else list(found)


def _next_cursor(page: PoolCursorPageResponse) -> str | None:
    """The next page's cursor, as the service sent it; None on the last page."""
    found = page.data.next_page_id
    return None if isinstance(found, msgspec.UnsetType) else found


def iterate_pages(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
    pool_type: CursorPoolType | Unset = UNSET,
    sort_field: CursorSortField | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    has_reward: bool | Unset = UNSET,
    mint1: str | Unset = UNSET,
    mint2: str | Unset = UNSET,
    max_pages: int | None = None,
) -> Iterator[PoolCursorPageResponse]:
    """Every page of: List pools, cursor-paged, in order, each through :func:`sync` (its timeouts, deadline,
    retries and errors), from ``next_page_id`` (the first page by default).
    The cursor each page returns is passed back unchanged; the page without one is the last.

    Args:
        max_pages: request at most this many pages (None: every page).

    Raises:
        What :func:`sync` raises, for the page that failed; ``error.resume`` is the
        ``next_page_id`` that starts the walk again at that page.
    """
    return paging.cursor_pages(
        lambda cursor: sync(
            client=client,
            size=size,
            pool_type=pool_type,
            sort_field=sort_field,
            sort_type=sort_type,
            has_reward=has_reward,
            mint1=mint1,
            mint2=mint2,
            next_page_id=UNSET if cursor is None else cursor,
        ),
        _next_cursor,
        parameter="next_page_id",
        first=None if isinstance(next_page_id, Unset) else next_page_id,
        max_pages=max_pages,
    )


def iterate(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
    pool_type: CursorPoolType | Unset = UNSET,
    sort_field: CursorSortField | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    has_reward: bool | Unset = UNSET,
    mint1: str | Unset = UNSET,
    mint2: str | Unset = UNSET,
    max_pages: int | None = None,
) -> Iterator[PoolInfoItem]:
    """Every item of every page of: List pools, cursor-paged, in order, each once (:func:`iterate_pages`'s
    pages): ``for item in iterate(client=client):``. What it raises is said there."""
    return paging.items(
        iterate_pages(
            client=client,
            size=size,
            next_page_id=next_page_id,
            pool_type=pool_type,
            sort_field=sort_field,
            sort_type=sort_type,
            has_reward=has_reward,
            mint1=mint1,
            mint2=mint2,
            max_pages=max_pages,
        ),
        _page_items,
    )


def iterate_pages_async(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
    pool_type: CursorPoolType | Unset = UNSET,
    sort_field: CursorSortField | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    has_reward: bool | Unset = UNSET,
    mint1: str | Unset = UNSET,
    mint2: str | Unset = UNSET,
    max_pages: int | None = None,
) -> AsyncIterator[PoolCursorPageResponse]:
    """The asynchronous twin of :func:`iterate_pages`, each page through :func:`asyncio`."""
    return paging.cursor_pages_async(
        lambda cursor: asyncio(
            client=client,
            size=size,
            pool_type=pool_type,
            sort_field=sort_field,
            sort_type=sort_type,
            has_reward=has_reward,
            mint1=mint1,
            mint2=mint2,
            next_page_id=UNSET if cursor is None else cursor,
        ),
        _next_cursor,
        parameter="next_page_id",
        first=None if isinstance(next_page_id, Unset) else next_page_id,
        max_pages=max_pages,
    )


def iterate_async(
    *,
    client: AuthenticatedClient | Client,
    size: int | Unset = UNSET,
    next_page_id: str | Unset = UNSET,
    pool_type: CursorPoolType | Unset = UNSET,
    sort_field: CursorSortField | Unset = UNSET,
    sort_type: SortType | Unset = UNSET,
    has_reward: bool | Unset = UNSET,
    mint1: str | Unset = UNSET,
    mint2: str | Unset = UNSET,
    max_pages: int | None = None,
) -> AsyncIterator[PoolInfoItem]:
    """The asynchronous twin of :func:`iterate`: ``async for item in iterate_async(client=client):``."""
    return paging.items_async(
        iterate_pages_async(
            client=client,
            size=size,
            next_page_id=next_page_id,
            pool_type=pool_type,
            sort_field=sort_field,
            sort_type=sort_type,
            has_reward=has_reward,
            mint1=mint1,
            mint2=mint2,
            max_pages=max_pages,
        ),
        _page_items,
    )
