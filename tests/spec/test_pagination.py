"""`x-pagination` (spec/common/extensions.yaml) names only what its operation already has: each
parameter is one of the operation's query parameters, and each pointer reaches a property of
the success schema of the right kind (the list an array, the cursor a string, `more` a
boolean). The iterators of all six clients are written from it, so a renamed parameter or a
moved field fails here, not in a user's walk."""

from __future__ import annotations

import json
from typing import Any

import pytest

from project import HOSTS, REPO


def paged_operations() -> list[tuple[str, str, dict[str, Any]]]:
    found = []
    for host in HOSTS:
        bundle = json.loads((REPO / "generated" / "openapi" / f"{host}.deref.json").read_text(encoding="utf-8"))
        for path, item in bundle["paths"].items():
            for op in item.values():
                if isinstance(op, dict) and "x-pagination" in op:
                    found.append((host, path, op))
    return found


def properties(schema: dict[str, Any]) -> dict[str, Any]:
    """The properties a schema declares, through allOf (and those every oneOf/anyOf member has)."""
    found = dict(schema.get("properties") or {})
    for sub in schema.get("allOf") or []:
        found.update(properties(sub))
    for key in ("oneOf", "anyOf"):
        members = [properties(m) for m in schema.get(key) or [] if m.get("type") != "null"]
        if members:
            found.update({k: v for k, v in members[0].items() if all(k in m for m in members)})
    return found


def types(schema: dict[str, Any]) -> set[str]:
    kinds = schema.get("type")
    found = set(kinds if isinstance(kinds, list) else [kinds] if kinds else [])
    for key in ("allOf", "oneOf", "anyOf"):
        for sub in schema.get(key) or []:
            found |= types(sub)
    return found


def at(schema: dict[str, Any], pointer: str) -> dict[str, Any]:
    for token in pointer.strip("/").split("/"):
        declared = properties(schema)
        assert token in declared, f"{pointer}: no property {token!r} (has {sorted(declared)})"
        schema = declared[token]
    return schema


PAGED = paged_operations()


def test_the_paged_operations_are_the_ones_the_source_pages() -> None:
    assert sorted(op["operationId"] for _, _, op in PAGED) == [
        "listFarms", "listPools", "listPoolsByCursor", "listPoolsByMint"]  # fmt: skip


@pytest.mark.parametrize(("host", "path", "op"), PAGED, ids=[op["operationId"] for _, _, op in PAGED])
def test_x_pagination_names_what_the_operation_has(host: str, path: str, op: dict[str, Any]) -> None:
    paging = op["x-pagination"]
    query = {p["name"]: p for p in op.get("parameters", []) if p["in"] == "query"}
    success = op["responses"]["200"]["content"]["application/json"]["schema"]
    assert "array" in types(at(success, paging["list"]))
    assert paging["size"] in query
    if paging["style"] == "cursor":
        assert set(paging) == {"style", "list", "size", "cursor"}
        assert paging["cursor"]["parameter"] in query
        assert "string" in types(query[paging["cursor"]["parameter"]]["schema"])
        assert "string" in types(at(success, paging["cursor"]["next"]))
    else:
        assert set(paging) == {"style", "list", "size", "page"}
        assert paging["page"]["parameter"] in query
        assert "integer" in types(query[paging["page"]["parameter"]]["schema"])
        if "more" in paging["page"]:
            assert "boolean" in types(at(success, paging["page"]["more"]))
