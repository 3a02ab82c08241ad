"""The 2026 evidence in the pool data service's description (issue 82): list-v2 takes every
parameter Raydium's SDK sends it since 0.2.43-alpha, the pool record has the fields the SDK
added with dynamic fees and limit orders, each with a citation a reader can follow and its
date; what a value gets back is recorded where evidence shows it; the listings it replaced
and list-v2 name each other. None of it is required, and none of it is in the source-only
view (tests/spec/test_source_only.py holds that view byte for byte)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from project import HOSTS, bundle, source_view
from scripts.spec import oas

# A followable citation of 2026: a permalink to lines at a full commit, a commit, an issue or
# a pull request (the source forms the vocabulary allows, less the package@version form, whose
# version a reader cannot always fetch).
FOLLOWABLE = re.compile(r"^https://github\.com/[\w.-]+/[\w.-]+/(blob/[0-9a-f]{40}/\S+#L\d+(-L\d+)?|commit/[0-9a-f]{40}"
                        r"|issues/\d+|pull/\d+)$")  # fmt: skip
SDK_SENDS = {"size", "nextPageId", "poolType", "sortField", "sortType", "hasReward", "mint1", "mint2"}
SOURCE_NAMES = {"size", "nextPageId"}  # what the source itself gives list-v2
NEW_POOL_FIELDS = {"feeOn": "string", "launchMigratePool": "boolean", "tips": "array"}


def resolved(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = oas.resolve_pointer(bundle("pool-v3"), node["$ref"].removeprefix("#"))
    return node


def list_v2() -> dict[str, Any]:
    op: dict[str, Any] = bundle("pool-v3")["paths"]["/pools/info/list-v2"]["get"]
    return op


def parameters() -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in (resolved(p) for p in list_v2()["parameters"])}


def dated_and_followable(citations: list[dict[str, Any]]) -> None:
    assert citations, "cited"
    for citation in citations:
        assert FOLLOWABLE.match(citation["source"]), citation["source"]
        assert re.fullmatch(r"20\d\d-\d\d-\d\d", citation.get("date", "")), f"{citation['source']} has no date"
        assert citation.get("note"), f"{citation['source']} says nothing"


def test_list_v2_takes_every_parameter_the_2026_sdk_sends() -> None:
    params = parameters()
    assert set(params) == SDK_SENDS
    for name, param in params.items():
        assert param["in"] == "query", name
        assert not param.get("required"), name
        if name not in SOURCE_NAMES:
            dated_and_followable(param["x-evidence"])


def test_list_v2_values_are_the_sdks_and_case_sensitive() -> None:
    params = parameters()
    assert resolved(params["poolType"]["schema"])["enum"] == ["Standard", "Concentrated"]
    assert resolved(params["sortField"]["schema"])["enum"] == [
        "liquidity", "volume24h", "volume7d", "volume30d", "fee24h", "fee7d", "fee30d", "apr24h", "apr7d", "apr30d"]
    assert resolved(params["sortType"]["schema"])["enum"] == ["desc", "asc"]
    assert params["hasReward"]["schema"] == {"type": "boolean"}
    for name in ("CursorPoolType", "CursorSortField"):
        dated_and_followable(bundle("pool-v3")["components"]["schemas"][name]["x-evidence"])


def test_the_pool_record_has_the_fields_of_2026() -> None:
    item = bundle("pool-v3")["components"]["schemas"]["PoolInfoItem"]
    assert not item.get("required")
    for name, kind in NEW_POOL_FIELDS.items():
        assert item["properties"][name]["type"] == kind
        dated_and_followable(item["properties"][name]["x-evidence"])
    tip = resolved(item["properties"]["tips"]["items"])
    assert set(tip["properties"]) == {"icon", "text", "link"}
    assert not tip.get("required")
    dated_and_followable(item["properties"]["hasDynamicFee"]["x-evidence"][1:])  # the 2026 citation beside the first


def test_what_a_value_gets_back_is_recorded_where_evidence_shows_it() -> None:
    params = parameters()
    [sort] = params["sortField"]["x-value-outcomes"]
    assert (sort["values"], sort["outcome"], sort["basis"]) == (["default"], "server-error", "inferred")
    [mint] = params["mint1"]["x-value-outcomes"]
    assert (mint["outcome"], mint["basis"]) == ("empty-success", "inferred")
    mint_search = bundle("pool-v3")["paths"]["/pools/info/mint"]["get"]
    legacy = {q["name"]: q for q in (resolved(p) for p in mint_search["parameters"])}
    assert legacy["mint1"]["x-value-outcomes"][0]["basis"] == "observed"  # there, the thread shows it
    for outcome in (sort, mint, legacy["mint1"]["x-value-outcomes"][0], legacy["page"]["x-value-outcomes"][0]):
        dated_and_followable(outcome["x-evidence"])
    assert "x-value-outcomes" not in params["poolType"], "no citable evidence shows what a mis-cased type gets"


@pytest.mark.parametrize("host", HOSTS)
def test_successors_and_predecessors_name_each_other(host: str) -> None:
    """Both ways, on the same host, each link dated and cited."""
    ops = {op["operationId"]: op for item in bundle(host)["paths"].values() for m, op in item.items()
           if m in oas.HTTP_METHODS}  # fmt: skip
    forward = {(name, op["x-successor"]["operationId"]) for name, op in ops.items() if "x-successor" in op}
    backward = {(p["operationId"], name) for name, op in ops.items() for p in op.get("x-predecessors", [])}
    assert forward == backward
    for old, new in forward:
        assert {old, new} <= set(ops)
        assert old != new
        dated_and_followable(ops[old]["x-successor"]["x-evidence"])
    if host == "pool-v3":
        assert forward == {("listPools", "listPoolsByCursor"), ("listPoolsByMint", "listPoolsByCursor")}


def test_none_of_it_is_in_the_source_only_view() -> None:
    view = source_view("pool-v3")
    op = view["paths"]["/pools/info/list-v2"]["get"]
    assert {p["name"] for p in op["parameters"]} == SOURCE_NAMES
    text = str(view)
    for name in ("x-successor", "x-predecessors", "x-value-outcomes", "hasReward", "sortField", "CursorPoolType",
                 "feeOn", "launchMigratePool", "PoolTip"):
        assert name not in text, name
