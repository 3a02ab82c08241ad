"""Page iterators: every item of a paged operation, in order, each once, without the caller
touching the cursor or the page number. Each host's client calls these from the
``iterate``/``iterate_pages`` functions of its paged operations (their ``x-pagination``).

A page is requested with the operation's normal call, so the call's timeouts, deadline,
retries and typed errors hold for each page. Cursor paging passes the response's cursor back
unchanged and ends on the page without one; numbered paging counts pages from the first and
ends on the page that says there is no next one, or that has no item. ``max_pages`` bounds
the pages requested. When a page finally fails, its error (an :class:`~.errors.ApiError`)
says where to resume: ``error.resume`` is the keyword argument of the iterator that starts the
walk again at that page (``{"next_page_id": "..."}``, ``{"page": 3}``); no item of that page
was yielded.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Iterator
from typing import TypeVar

from .errors import ApiError

_Page = TypeVar("_Page")
_Item = TypeVar("_Item")


def _resuming(error: ApiError, parameter: str, value: str | int | None) -> ApiError:
    """The page's error, with where to resume it."""
    error.resume = {parameter: value} if value is not None else {}
    start = f"{parameter}={value!r}" if value is not None else "the first page"
    error.add_note(f"The walk stopped at this page: start it again with {start} to resume.")
    return error


def _counted(max_pages: int | None) -> None:
    if max_pages is not None and max_pages < 1:
        raise ValueError(f"max_pages must be at least 1 (or None for no bound), not {max_pages}")


def cursor_pages(fetch: Callable[[str | None], _Page], next_cursor: Callable[[_Page], str | None], *,
                 parameter: str, first: str | None = None,
                 max_pages: int | None = None) -> Iterator[_Page]:  # fmt: skip
    """Every page of a cursor-paged operation from the cursor `first` (None: the first page)."""
    _counted(max_pages)
    cursor, fetched = first, 0
    while max_pages is None or fetched < max_pages:
        try:
            page = fetch(cursor)
        except ApiError as error:
            raise _resuming(error, parameter, cursor) from None
        fetched += 1
        yield page
        cursor = next_cursor(page)
        if not cursor:
            return


def numbered_pages(fetch: Callable[[int], _Page], more: Callable[[_Page], bool | None],
                   count: Callable[[_Page], int], *, parameter: str, first: int,
                   max_pages: int | None = None) -> Iterator[_Page]:  # fmt: skip
    """Every page of a page-numbered operation from page `first`."""
    _counted(max_pages)
    number, fetched = first, 0
    while max_pages is None or fetched < max_pages:
        try:
            page = fetch(number)
        except ApiError as error:
            raise _resuming(error, parameter, number) from None
        fetched += 1
        yield page
        if more(page) is False or count(page) == 0:
            return
        number += 1


async def cursor_pages_async(fetch: Callable[[str | None], Awaitable[_Page]],
                             next_cursor: Callable[[_Page], str | None], *, parameter: str, first: str | None = None,
                             max_pages: int | None = None) -> AsyncIterator[_Page]:  # fmt: skip
    """The asynchronous twin of :func:`cursor_pages`."""
    _counted(max_pages)
    cursor, fetched = first, 0
    while max_pages is None or fetched < max_pages:
        try:
            page = await fetch(cursor)
        except ApiError as error:
            raise _resuming(error, parameter, cursor) from None
        fetched += 1
        yield page
        cursor = next_cursor(page)
        if not cursor:
            return


async def numbered_pages_async(fetch: Callable[[int], Awaitable[_Page]], more: Callable[[_Page], bool | None],
                               count: Callable[[_Page], int], *, parameter: str, first: int,
                               max_pages: int | None = None) -> AsyncIterator[_Page]:  # fmt: skip
    """The asynchronous twin of :func:`numbered_pages`."""
    _counted(max_pages)
    number, fetched = first, 0
    while max_pages is None or fetched < max_pages:
        try:
            page = await fetch(number)
        except ApiError as error:
            raise _resuming(error, parameter, number) from None
        fetched += 1
        yield page
        if more(page) is False or count(page) == 0:
            return
        number += 1


def items(pages: Iterable[_Page], of: Callable[[_Page], list[_Item]]) -> Iterator[_Item]:
    """Each item of each page, in order (a ``None`` item where the schema admits one)."""
    for page in pages:
        yield from of(page)


async def items_async(pages: AsyncIterator[_Page], of: Callable[[_Page], list[_Item]]) -> AsyncIterator[_Item]:
    """The asynchronous twin of :func:`items`."""
    async for page in pages:
        for item in of(page):
            yield item


__all__ = ["cursor_pages", "cursor_pages_async", "items", "items_async", "numbered_pages", "numbered_pages_async"]
