"""Page iterators and retries of the failures that pass, end to end, in Python: a walk over
list-v2 (cursor) and list (numbered pages) against a scripted server (mock_servers.PagingServer)
whose pages fail once each, as the edge fails (a Cloudflare 502 page, a connection closed
before any response, a 429 with Retry-After: 1). Every pool comes back once, in order, with
no code of the caller's between pages; with retries off the walk stops at each failing page
with a typed error that says where to resume, and resuming from there completes it. The other
languages walk the same server in their own tests."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable

import pytest
from pool_v3_client import Client, errors
from pool_v3_client.api.pools import list_pools, list_pools_by_cursor
from pool_v3_client.types import UNSET

from mock_servers import PagingServer

RESUMED = ["NotJsonError", "ConnectionCutError", "RateLimitedError"]  # PagingServer.FAILURES, in page order


def ids(pools: Iterable[object]) -> list[str]:
    return [str(getattr(pool, "id")) for pool in pools]  # noqa: B009 (the items' type is the generated model)


@pytest.mark.parametrize("style", ["cursor", "page"])
def test_a_walk_comes_through_every_failure_that_passes(style: str) -> None:
    with PagingServer() as server:
        client = Client(base_url=server.url)
        if style == "cursor":
            walked = ids(list_pools_by_cursor.iterate(client=client, size=server.per_page))
        else:
            walked = ids(list_pools.iterate(client=client, page_size=server.per_page))
        assert walked == server.ids()
        assert len(server.requests) == server.pages + len(server.failures)  # one retry per failing page


@pytest.mark.parametrize("style", ["cursor", "page"])
def test_an_async_walk_comes_through_every_failure_that_passes(style: str) -> None:
    async def walk(server: PagingServer) -> list[str]:
        client = Client(base_url=server.url)
        pools = (list_pools_by_cursor.iterate_async(client=client, size=server.per_page) if style == "cursor"
                 else list_pools.iterate_async(client=client, page_size=server.per_page))  # fmt: skip
        return [str(pool.id) async for pool in pools]

    with PagingServer() as server:
        assert asyncio.run(walk(server)) == server.ids()


def resumed(walk: Callable[[object], Iterable[object]], parameter: str) -> tuple[list[str], list[errors.ApiError]]:
    """A walk that, stopped by an error, starts again where the error says: the pools and the
    errors it stopped at."""
    got: list[str] = []
    stops: list[errors.ApiError] = []
    start: object = UNSET
    while len(stops) <= len(RESUMED):
        try:
            for pool in walk(start):
                got.append(str(getattr(pool, "id")))  # noqa: B009
        except errors.ApiError as error:
            stops.append(error)
            start = (error.resume or {}).get(parameter, "no resume said")
        else:
            break
    return got, stops


def stopped_as_said(stops: list[errors.ApiError], parameter: str) -> None:
    """Each stop is the typed error of its page, sent once, with where to resume."""
    assert [type(error).__name__ for error in stops] == RESUMED
    for error in stops:
        assert error.resume is not None
        assert parameter in error.resume
        assert error.attempts == 1
        assert "start it again with" in "\n".join(getattr(error, "__notes__", []))


def test_without_retries_each_failure_stops_the_walk_and_says_where_to_resume() -> None:
    once = errors.RetryPolicy(max_retries=0)
    with PagingServer() as server:
        client = Client(base_url=server.url).with_retry_policy(once)
        got, stops = resumed(lambda start: list_pools_by_cursor.iterate(client=client, size=server.per_page,
                                                                       next_page_id=start), "next_page_id")  # type: ignore[arg-type]
        assert got == server.ids()
        stopped_as_said(stops, "next_page_id")
    with PagingServer() as server:
        client = Client(base_url=server.url, retry_policy=once)
        got, stops = resumed(lambda start: list_pools.iterate(client=client, page_size=server.per_page,
                                                             page=start), "page")  # type: ignore[arg-type]
        assert got == server.ids()
        stopped_as_said(stops, "page")


def test_pages_come_whole_and_max_pages_bounds_the_walk() -> None:
    with PagingServer(failures={}) as server:
        client = Client(base_url=server.url)
        pages = list(list_pools_by_cursor.iterate_pages(client=client, size=server.per_page, max_pages=2))
        assert [ids(page.data.data) for page in pages] == [server.ids()[:3], server.ids()[3:6]]  # type: ignore[arg-type]
        assert ids(list_pools.iterate(client=client, page_size=server.per_page, max_pages=3)) == server.ids()[:9]
        assert len(server.requests) == 5
        with pytest.raises(ValueError, match="max_pages must be at least 1"):
            next(iter(list_pools.iterate(client=client, max_pages=0)))


def test_a_cursor_is_passed_back_unchanged() -> None:
    """The server refuses a cursor it did not make: a walk that altered or built one fails."""
    with PagingServer(failures={}) as server:
        client = Client(base_url=server.url)
        first = next(iter(list_pools_by_cursor.iterate_pages(client=client, size=server.per_page)))
        cursor = first.data.next_page_id
        assert isinstance(cursor, str)
        assert ids(list_pools_by_cursor.iterate(client=client, next_page_id=cursor)) == server.ids()[3:]
        with pytest.raises(errors.FailureEnvelopeError, match="unknown nextPageId"):
            list(list_pools_by_cursor.iterate(client=client, next_page_id=cursor + "x"))
