"""The pool sync recipe of the docs (docs/guide/recipes/sync_pools.py, shown whole on the "Sync
every pool" page) runs as a user runs it, against a scripted pool data service answering the
bundle's own list-v2 and ids examples: every cursor page in order, the cursor passed back
unchanged, a 429 in the middle waited out and the same page asked again, the last page ended
by the missing cursor, and a `null` pool reported as not yet served rather than dropped."""

from __future__ import annotations

import copy
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mock_servers import HTML, Reply, ScriptedServer, json_reply
from project import REPO, bundle
from recipes import compile_typescript, run_recipe, run_typescript, type_check

pytestmark = pytest.mark.e2e
RECIPE = REPO / "docs" / "guide" / "recipes" / "sync_pools.py"
CURSOR_1 = "94c0a77c-6624-4d27-a0d3-9949df5ab72c"  # the example's cursor
CURSOR_2 = "opaque/+cursor=2"  # characters a cursor builder would mangle


def examples(path: str) -> dict[str, Any]:
    """A copy of the operation's named examples: `bundle` is cached and shared by every test."""
    content = bundle("pool-v3")["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
    return copy.deepcopy({name: example["value"] for name, example in content["examples"].items()})


@pytest.fixture
def pools() -> Iterator[ScriptedServer]:
    pages = examples("/pools/info/list-v2")
    first, last = pages["pageWithCursor"], pages["lastPage"]
    assert first["data"]["nextPageId"] == CURSOR_1
    assert "nextPageId" not in last["data"]
    second = copy.deepcopy(first)  # a second page: another pool, another cursor
    second["data"]["data"][0]["id"] = "2QdhepnKRTLjjSqPL1PtKNwqrUkoLee5Gqs8bvZhRdMv"
    second["data"]["nextPageId"] = CURSOR_2
    rate_limited = json_reply(429, {"id": "x", "success": False, "msg": "rate limited"}, **{"Retry-After": "0"})
    server = ScriptedServer()
    # page 1, then three 429s (the client retries twice, then the recipe waits), page 2, the last page
    server.on("/pools/info/list-v2", json_reply(200, first), rate_limited, rate_limited, rate_limited,
              json_reply(200, second), json_reply(200, last))  # fmt: skip
    server.on("/pools/info/ids", json_reply(200, examples("/pools/info/ids")["poolsFromEvidence"]))
    try:
        yield server
    finally:
        server.stop()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_recipe(RECIPE, "pool-v3", *args)


def test_every_page_once_in_order_with_the_cursor_unchanged(pools: ScriptedServer) -> None:
    proc = run("--pool-url", pools.url, "--size", "500")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    synced = [json.loads(line)["id"] for line in proc.stdout.splitlines()]
    assert synced == ["3ucNos4NbumPLZNWztqGHNFFgkHeRMBQAVemeeomsUxv", "2QdhepnKRTLjjSqPL1PtKNwqrUkoLee5Gqs8bvZhRdMv",
                      "58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2"]  # fmt: skip
    asked = [query.get("nextPageId", [None])[0] for query in pools.queries["/pools/info/list-v2"]]
    # the first page has no cursor; the rate-limited page is asked again with the same cursor
    assert asked == [None, CURSOR_1, CURSOR_1, CURSOR_1, CURSOR_1, CURSOR_2]
    assert all(query["size"] == ["500"] for query in pools.queries["/pools/info/list-v2"])
    assert "synced 3 pools in 3 pages, 1 waits" in proc.stderr


def test_an_edge_failure_is_retried_by_the_client_not_the_recipe(pools: ScriptedServer) -> None:
    """A Cloudflare 502 page and a 503 are retried by the client's iterator: no wait of the
    recipe's own, the same cursor asked again, every pool once."""
    pages = examples("/pools/info/list-v2")
    edge = Reply(502, HTML, content_type="text/html; charset=UTF-8")
    busy = json_reply(503, {"id": "x", "success": False, "msg": "busy"})
    first, last = json_reply(200, pages["pageWithCursor"]), json_reply(200, pages["lastPage"])
    pools.on("/pools/info/list-v2", first, edge, busy, last)
    proc = run("--pool-url", pools.url)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert len(proc.stdout.splitlines()) == 2
    asked = [query.get("nextPageId", [None])[0] for query in pools.queries["/pools/info/list-v2"]]
    assert asked == [None, CURSOR_1, CURSOR_1, CURSOR_1]
    assert "synced 2 pools in 2 pages, 0 waits" in proc.stderr


def test_unknown_keys_of_a_pool_are_kept(pools: ScriptedServer) -> None:
    page = examples("/pools/info/list-v2")["lastPage"]
    page["data"]["data"][0]["futurePoolField"] = {"kept": [1, 2.5]}
    pools.on("/pools/info/list-v2", json_reply(200, page))
    proc = run("--pool-url", pools.url)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout.splitlines()[0]) == page["data"]["data"][0]


def test_a_pool_answered_null_is_pending_not_gone(pools: ScriptedServer) -> None:
    served = "58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2"
    fresh = "2QdhepnKRTLjjSqPL1PtKNwqrUkoLee5Gqs8bvZhRdMv"
    answer = examples("/pools/info/ids")["poolsFromEvidence"]
    assert [pool["id"] if pool else None for pool in answer["data"]] == [served, None]
    proc = run("--pool-url", pools.url, "--ids", f"{fresh},{served}", "--rounds", "2", "--every", "0")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert [json.loads(line)["id"] for line in proc.stdout.splitlines()] == [served, served]
    assert proc.stderr.splitlines() == [f"round {n}: 1 pools, not yet served: {fresh}" for n in (1, 2)]
    assert pools.queries["/pools/info/ids"] == [{"ids": [f"{fresh},{served}"]}] * 2


def test_the_recipe_is_typed() -> None:
    """mypy --strict on the recipe, with the generated package as a user installs it."""
    proc = type_check(RECIPE, "pool-v3")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_the_shared_bundle_is_left_as_committed() -> None:
    """These tests edit the examples they serve; the cached bundle other tests read is untouched."""
    committed = json.loads((REPO / "generated" / "openapi" / "pool-v3.json").read_text(encoding="utf-8"))
    assert bundle("pool-v3") == committed


# --- TypeScript (docs/guide/recipes/sync_pools.ts) -------------------------------------------------
TS_RECIPE = REPO / "docs" / "guide" / "recipes" / "sync_pools.ts"


@pytest.fixture(scope="module")
def typescript_recipe() -> Path:
    """The recipe type-checked with tsc --strict and compiled (recipes.compile_typescript)."""
    return compile_typescript(TS_RECIPE, ("pool-v3",))


def test_typescript_every_page_once_in_order_with_the_cursor_unchanged(pools: ScriptedServer,
                                                                      typescript_recipe: Path) -> None:  # fmt: skip
    proc = run_typescript(typescript_recipe, "--pool-url", pools.url, "--size", "500")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    synced = [json.loads(line)["id"] for line in proc.stdout.splitlines()]
    assert synced == ["3ucNos4NbumPLZNWztqGHNFFgkHeRMBQAVemeeomsUxv", "2QdhepnKRTLjjSqPL1PtKNwqrUkoLee5Gqs8bvZhRdMv",
                      "58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2"]  # fmt: skip
    asked = [query.get("nextPageId", [None])[0] for query in pools.queries["/pools/info/list-v2"]]
    assert asked == [None, CURSOR_1, CURSOR_1, CURSOR_1, CURSOR_1, CURSOR_2]
    assert all(query["size"] == ["500"] for query in pools.queries["/pools/info/list-v2"])
    assert "synced 3 pools in 3 pages, 1 waits" in proc.stderr


def test_typescript_keeps_unknown_keys_of_a_pool(pools: ScriptedServer, typescript_recipe: Path) -> None:
    page = examples("/pools/info/list-v2")["lastPage"]
    page["data"]["data"][0]["futurePoolField"] = {"kept": [1, 2.5]}
    pools.on("/pools/info/list-v2", json_reply(200, page))
    proc = run_typescript(typescript_recipe, "--pool-url", pools.url)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout.splitlines()[0]) == page["data"]["data"][0]
