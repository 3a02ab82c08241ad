"""The differ's rules on small synthetic documents: which edits are breaking, for requests
and for responses, and that allOf members and inline schemas read the same."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import spec_diff


def document(param: dict[str, Any], body: dict[str, Any], response: dict[str, Any]) -> dict[str, Any]:
    return {
        "info": {"version": "1.0.0"},
        "paths": {"/x": {"post": {
            "operationId": "doX",
            "parameters": [{"name": "q", "in": "query", "required": False, "schema": param}],
            "requestBody": {"content": {"application/json": {"schema": body}}},
            "responses": {"200": {"content": {"application/json": {"schema": response}}}},
        }}},
    }  # fmt: skip


BASE = document(
    {"type": "integer", "minimum": 1, "maximum": 50},
    {"type": "object", "properties": {"a": {"type": "string", "enum": ["x", "y"]}}},
    {"allOf": [{"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]},
               {"type": "object", "properties": {"kind": {"type": "string", "enum": ["p", "q"]}}}]},
)  # fmt: skip


def changes(edit: Any) -> list[spec_diff.Change]:
    new = copy.deepcopy(BASE)
    edit(new["paths"]["/x"]["post"])
    differ = spec_diff.Differ("h")
    differ.documents(BASE, new)
    return differ.changes


def schema_of(op: dict[str, Any], where: str) -> dict[str, Any]:
    if where == "param":
        return op["parameters"][0]["schema"]  # type: ignore[no-any-return]
    if where == "body":
        return op["requestBody"]["content"]["application/json"]["schema"]  # type: ignore[no-any-return]
    return op["responses"]["200"]["content"]["application/json"]["schema"]  # type: ignore[no-any-return]


CASES: list[tuple[str, Any, bool, str]] = [
    ("raise a lower bound", lambda op: schema_of(op, "param").update(minimum=2), True, "minimum 1 -> 2"),
    ("lower a lower bound", lambda op: schema_of(op, "param").update(minimum=0), False, "minimum 1 -> 0"),
    ("lower an upper bound", lambda op: schema_of(op, "param").update(maximum=40), True, "maximum 50 -> 40"),
    ("raise an upper bound", lambda op: schema_of(op, "param").update(maximum=60), False, "maximum 50 -> 60"),
    ("widen a request type", lambda op: schema_of(op, "param").update(type=["integer", "string"]), False,
     "type ['integer'] -> ['integer', 'string']"),
    ("add a request enum value", lambda op: schema_of(op, "body")["properties"]["a"]["enum"].append("z"), False,
     "enum value 'z' added"),
    ("remove a request enum value", lambda op: schema_of(op, "body")["properties"]["a"]["enum"].remove("y"), True,
     "enum value 'y' removed"),
    ("add a response enum value inside allOf", lambda op: schema_of(op, "response")["allOf"][1]["properties"]["kind"]
     ["enum"].append("r"), True, "response.kind: enum value 'r' added"),
    ("drop a required response field inside allOf", lambda op: schema_of(op, "response")["allOf"][0].update(
     required=[]), True, "response.id no longer required"),
    ("remove a response field inside allOf", lambda op: schema_of(op, "response")["allOf"][0].update(
     properties={}, required=[]), True, "response: field 'id' removed"),
    ("require the query parameter", lambda op: op["parameters"][0].update(required=True), True, "made required"),
    ("a parameter also taken as digits", lambda op: op["parameters"][0].update(schema={"anyOf": [
     {"type": "string", "pattern": "^[0-9]+$"}, {"type": "integer", "minimum": 1, "maximum": 50}]}), False,
     "type ['integer'] -> ['integer', 'string']"),
    ("a response field that may now be an integer", lambda op: schema_of(op, "response")["allOf"][0]["properties"]
     .update(id={"anyOf": [{"type": "string"}, {"type": "integer"}]}), True,
     "type ['string'] -> ['integer', 'string']"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "breaking", "words"), CASES, ids=[c[0] for c in CASES])
def test_each_rule(name: str, edit: Any, breaking: bool, words: str) -> None:
    found = [c for c in changes(edit) if words in c.what]
    assert found, f"{name}: no change says {words!r}: {[str(c) for c in changes(edit)]}"
    assert all(c.breaking is breaking for c in found), [str(c) for c in found]
    assert all(c.operation == "doX" and c.host == "h" for c in found)


def test_inline_and_allof_read_the_same() -> None:
    inline = copy.deepcopy(BASE)
    members = schema_of(inline["paths"]["/x"]["post"], "response")["allOf"]
    schema_of(inline["paths"]["/x"]["post"], "response").clear()
    schema_of(inline["paths"]["/x"]["post"], "response").update(
        type="object", properties={**members[0]["properties"], **members[1]["properties"]}, required=["id"])
    differ = spec_diff.Differ("h")
    differ.documents(BASE, inline)
    assert differ.changes == []


def test_no_edit_no_change() -> None:
    assert changes(lambda op: None) == []


@pytest.mark.parametrize(("maximum", "breaking"), [(2**64 - 1, False), (2**64 - 2, True)])
def test_a_maximum_the_format_already_held_tightens_nothing(maximum: int, breaking: bool) -> None:
    """`format: uint64` already held 0..2^64-1: stating that maximum breaks no client; a lower one does."""
    old = document({"type": "integer", "format": "uint64", "minimum": 0}, {"type": "object"}, {"type": "object"})
    new = copy.deepcopy(old)
    new["paths"]["/x"]["post"]["parameters"][0]["schema"]["maximum"] = maximum
    differ = spec_diff.Differ("h")
    differ.documents(old, new)
    expected = [(f"query parameter 'q': maximum {maximum} added", breaking)]
    assert [(c.what, c.breaking) for c in differ.changes] == expected


@pytest.mark.parametrize("where", ["param", "body"])
def test_an_enum_in_a_schemas_own_allof_member_is_seen(where: str) -> None:
    """Catches a differ that no longer reads an enum inside the schema's own allOf member: a
    value removed there would go unreported, and an unbumped breaking change would pass the gate."""
    enum_schema = {"allOf": [{"type": "string", "enum": ["x", "y"]}]}
    body = {"type": "object", "properties": {"a": enum_schema}}
    old = document(copy.deepcopy(enum_schema), body, {"type": "object"})
    new = copy.deepcopy(old)
    target = schema_of(new["paths"]["/x"]["post"], where)
    (target if where == "param" else target["properties"]["a"])["allOf"][0]["enum"].remove("y")
    differ = spec_diff.Differ("h")
    differ.documents(old, new)
    label = "query parameter 'q'" if where == "param" else "request body.a"
    assert [(c.what, c.breaking) for c in differ.changes] == [(f"{label}: enum value 'y' removed", True)]


FAILURE = {"content": {"application/json": {"schema": {"type": "object", "properties": {"msg": {"type": "string"}}}}}}


@pytest.mark.parametrize(
    ("after", "expected"),
    [
        ({"default": FAILURE}, {("response 4XX now declared by default (same body)", False),
                                ("response 5XX now declared by default (same body)", False),
                                ("response default added", False)}),
        ({"4XX": FAILURE}, {("response 5XX removed", True)}),
        ({"default": {"content": {}}}, {("response 4XX removed", True), ("response 5XX removed", True),
                                        ("response default added", False)}),
        ({"4XX": FAILURE, "5XX": FAILURE, "429": FAILURE}, {("response 429 added", False)}),
    ],
    ids=["ranges-to-default", "range-removed", "default-with-another-body", "status-added"],
)  # fmt: skip
def test_declared_statuses(after: dict[str, Any], expected: set[tuple[str, bool]]) -> None:
    old, new = copy.deepcopy(BASE), copy.deepcopy(BASE)
    old["paths"]["/x"]["post"]["responses"].update({"4XX": FAILURE, "5XX": FAILURE})
    new["paths"]["/x"]["post"]["responses"].update(after)
    differ = spec_diff.Differ("h")
    differ.documents(old, new)
    assert {(c.what, c.breaking) for c in differ.changes} == expected
