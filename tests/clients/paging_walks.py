"""The page iterators' checks, once for every language: each language's test gives a `Walker`
that runs one walk in its language's own program (tests/<language>/walk.*) and says how it
ended; these checks run the walks against a scripted server (mock_servers.PagingServer) whose
pages fail once each, as the edge fails (a Cloudflare 502 page, a connection closed before any
response, a 429 with Retry-After: 1), and judge them.

A walk program is given one JSON argument, a `WalkRequest`:
  {"baseUrl", "style": "cursor"|"page", "perPage", "maxRetries"?: n, "start"?: cursor or page,
   "maxPages"?: n, "pages"?: true}
and prints one JSON object: {"ids": [pool ids, in the order the walk yielded them],
"pages": [[ids of one page], ...] (only with "pages"), "error": null or {"kind": the typed
error's class, "attempts": n, "resume": {parameter: value} or null, "message": str}}.
`style` "cursor" walks listPoolsByCursor (list-v2, `size`), "page" walks listPools (`pageSize`)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from mock_servers import PagingServer

RESUMED = ["NotJsonError", "ConnectionCutError", "RateLimitedError"]  # PagingServer.FAILURES, in page order
PARAMETER = {"cursor": "nextPageId", "page": "page"}
STYLES = sorted(PARAMETER)


@dataclass(frozen=True)
class Walk:
    """How one walk ended: the ids it yielded, its pages (when asked) and its error."""

    ids: list[str]
    pages: list[list[str]] | None
    error: dict[str, Any] | None


Walker = Callable[[dict[str, object]], Walk]


def walk_of(printed: dict[str, Any]) -> Walk:
    """A walk program's printed JSON as a Walk."""
    return Walk([str(i) for i in printed["ids"]], printed.get("pages"), printed.get("error"))


def program_walker(command: list[str], kind: Callable[[str], str] = str) -> Walker:
    """The Walker of a language's walk program: `command` run with the request as its one
    argument; `kind` spells the error's class as the others do (Go: NotJSONError -> NotJsonError)."""

    def walk(request: dict[str, object]) -> Walk:
        ran = subprocess.run([*command, json.dumps(request)], capture_output=True, text=True, timeout=120, check=False)
        assert ran.returncode == 0, ran.stdout + ran.stderr
        printed: dict[str, Any] = json.loads(ran.stdout)
        if printed.get("error"):
            printed["error"]["kind"] = kind(printed["error"]["kind"])
        return walk_of(printed)

    return walk


def request(server: PagingServer, style: str, **options: object) -> dict[str, object]:
    return {"baseUrl": server.url, "style": style, "perPage": server.per_page,
            **{k: v for k, v in options.items() if v is not None}}  # fmt: skip


def check_retried_walk(walker: Walker, style: str) -> None:
    """With the default retries, a walk comes through every page's one failure: every pool
    once, in order, one retry per failing page and no other request."""
    with PagingServer() as server:
        walk = walker(request(server, style))
        assert walk.error is None, walk.error
        assert walk.ids == server.ids()
        assert len(server.requests) == server.pages + len(server.failures), server.requests


def check_resumed_walk(walker: Walker, style: str) -> None:
    """With retries off, each failing page stops the walk with its typed error, after one
    attempt, saying where to resume; walks started again from there yield every pool once."""
    parameter = PARAMETER[style]
    with PagingServer() as server:
        got: list[str] = []
        stops: list[dict[str, Any]] = []
        start: object = None
        while len(stops) <= len(RESUMED):
            walk = walker(request(server, style, maxRetries=0, start=start))
            got += walk.ids
            if walk.error is None:
                break
            stops.append(walk.error)
            resume = walk.error.get("resume") or {}
            assert parameter in resume, f"the error says no {parameter} to resume from: {walk.error}"
            start = resume[parameter]
        assert got == server.ids()
        assert [stop["kind"] for stop in stops] == RESUMED, stops
        assert all(stop["attempts"] == 1 for stop in stops), stops


def check_pages_and_bound(walker: Walker) -> None:
    """Pages come whole, in order, and maxPages bounds the pages requested. The base URL given
    here ends in "/", as a user may write it: the paths requested still have one slash."""
    with PagingServer(failures={}) as server:
        walk = walker({**request(server, "cursor", maxPages=2, pages=True), "baseUrl": f"{server.url}/"})
        assert walk.error is None, walk.error
        assert walk.pages == [server.ids()[:3], server.ids()[3:6]]
        assert [path for path, _ in server.requests] == ["/pools/info/list-v2"] * 2, server.requests
        walk = walker(request(server, "page", maxPages=3))
        assert walk.ids == server.ids()[:9]
        assert len(server.requests) == 5


def check_cursor_unchanged(walker: Walker) -> None:
    """A walk started from a cursor the server made passes it back as it came (the server
    refuses one it did not make), and continues from the page after it."""
    with PagingServer(failures={}) as server:
        cursor = next(token for token, n in server.tokens.items() if n == 0)
        walk = walker(request(server, "cursor", start=cursor))
        assert walk.error is None, walk.error
        assert walk.ids == server.ids()[server.per_page:]
        refused = walker(request(server, "cursor", start=cursor + "x"))
        assert refused.error is not None, refused
        assert refused.error["kind"] == "FailureEnvelopeError", refused
        assert "unknown nextPageId" in refused.error["message"]

