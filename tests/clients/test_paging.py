"""Page iterators and retries of the failures that pass, end to end, in Python: a walk over
list-v2 (cursor) and list (numbered pages) against a scripted server (mock_servers.PagingServer)
whose pages fail once each, as the edge fails (a Cloudflare 502 page, a connection closed
before any response, a 429 with Retry-After: 1). The checks are paging_walks', which every
language's walks pass: here the walk runs in process (python_walk); the async walk and what
only Python says (the note on a stopped walk, max_pages=0 refused) are checked here too."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from typing import Any

import paging_walks
import pytest
from pool_v3_client import Client, errors
from pool_v3_client.api.pools import list_pools, list_pools_by_cursor

from mock_servers import PagingServer


def ids(pools: Iterable[object]) -> list[str]:
    return [str(getattr(pool, "id")) for pool in pools]  # noqa: B009 (the items' type is the generated model)


def python_walk(request: dict[str, Any]) -> paging_walks.Walk:
    """One walk of paging_walks' protocol, in process: the pool-v3 client's iterate or
    iterate_pages, its resume named by the query parameter as the protocol says."""
    retries = request.get("maxRetries")
    client = Client(base_url=str(request["baseUrl"]))
    if retries is not None:
        client = client.with_retry_policy(errors.RetryPolicy(max_retries=int(retries)))
    cursor = request["style"] == "cursor"
    module: Any = list_pools_by_cursor if cursor else list_pools
    options: dict[str, Any] = {"size" if cursor else "page_size": request["perPage"],
                               "max_pages": request.get("maxPages")}  # fmt: skip
    if request.get("start") is not None:
        options["next_page_id" if cursor else "page"] = request["start"]
    walked: list[str] = []
    pages: list[list[str]] = []
    error = None
    try:
        if request.get("pages"):
            for page in module.iterate_pages(client=client, **options):
                pages.append(ids(page.data.data))
                walked += pages[-1]
        else:
            for pool in module.iterate(client=client, **options):
                walked += ids([pool])
    except errors.ApiError as e:
        said = {"next_page_id": "nextPageId", "page": "page"}  # the keyword, as the protocol names it
        resume = {said[key]: value for key, value in e.resume.items()} if e.resume else None
        error = {"kind": type(e).__name__, "attempts": e.attempts, "resume": resume,
                 "message": "\n".join([str(e), *getattr(e, "__notes__", [])])}  # fmt: skip
    return paging_walks.Walk(walked, pages if request.get("pages") else None, error)


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_a_walk_comes_through_every_failure_that_passes(style: str) -> None:
    paging_walks.check_retried_walk(python_walk, style)


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_without_retries_each_failure_stops_the_walk_and_says_where_to_resume(style: str) -> None:
    paging_walks.check_resumed_walk(python_walk, style)


def test_a_stopped_walk_says_in_a_note_how_to_start_again() -> None:
    with PagingServer() as server:
        walk = python_walk(paging_walks.request(server, "cursor", maxRetries=0))
        assert walk.error is not None
        assert "start it again with next_page_id=" in walk.error["message"], walk.error


def test_pages_come_whole_and_max_pages_bounds_the_walk() -> None:
    paging_walks.check_pages_and_bound(python_walk)
    with PagingServer(failures={}) as server, pytest.raises(ValueError, match="max_pages must be at least 1"):
        next(iter(list_pools.iterate(client=Client(base_url=server.url), max_pages=0)))


def test_a_cursor_is_passed_back_unchanged() -> None:
    paging_walks.check_cursor_unchanged(python_walk)


@pytest.mark.parametrize("style", ["cursor", "page"])
def test_an_async_walk_comes_through_every_failure_that_passes(style: str) -> None:
    async def walk(server: PagingServer) -> list[str]:
        client = Client(base_url=server.url)
        pools = (list_pools_by_cursor.iterate_async(client=client, size=server.per_page) if style == "cursor"
                 else list_pools.iterate_async(client=client, page_size=server.per_page))  # fmt: skip
        return [str(pool.id) async for pool in pools]

    with PagingServer() as server:
        assert asyncio.run(walk(server)) == server.ids()
