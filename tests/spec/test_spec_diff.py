"""The differ's rules on small synthetic documents: which edits are breaking, for requests
and for responses, and that allOf members and inline schemas read the same."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from scripts.release import spec_diff


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
    ("give a request field a pattern", lambda op: schema_of(op, "body")["properties"]["a"].update(pattern="^x$"),
     True, "request body.a: pattern None -> '^x$'"),
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


SENTENCES = {
    "query parameter 'q': minimum 1 -> 2": "The minimum of the query parameter `q` is now 2, not 1: a value it "
                                          "admitted before may be refused.",
    "query parameter 'q': minimum 1 -> 0": "The minimum of the query parameter `q` is now 0, not 1.",
    "request body.a: pattern None -> '^x$'": "`a` in the request body must now match `^x$`: a value it admitted "
                                             "before may be refused.",
    "request body.a: enum value 'z' added": "`a` in the request body can now be `z`.",
    "response.kind: enum value 'r' added": "`kind` in the response can now be `r`: a client that knows a closed list "
                                           "of values fails on it.",
    "response.id no longer required (a client may find it absent)": "`id` in the response may now be absent: a "
                                                                    "client that expects it must check.",
    "response: field 'id' removed": "`id` in the response is gone: a client reading it finds nothing.",
    "query parameter 'q' made required": "The query parameter `q` is now required: a call without it is refused.",
    "response.id: type ['string'] -> ['integer', 'string']": "`id` in the response is now an integer or a string, "
                                                             "not a string: a client that decodes the old type may "
                                                             "fail.",
    "query parameter 'q': type ['integer'] -> ['integer', 'string']": "The query parameter `q` is now an integer or "
                                                                      "a string, not an integer.",
}  # fmt: skip


def test_each_change_is_also_a_sentence_that_says_whom_it_breaks() -> None:
    """Release notes say each change as a sentence: where, what, and for a breaking change
    what a client built from the old description meets (issue 28). Every rule's change
    has one, a full sentence; these say exactly this."""
    said = {c.what: c.sentence for _, edit, _, _ in CASES for c in changes(edit)}
    assert {what: said[what] for what in SENTENCES} == SENTENCES
    for what, sentence in said.items():
        assert sentence[:1].isupper() or sentence.startswith("`"), what
        assert sentence.endswith("."), what
    breaking = {c.sentence for _, edit, _, _ in CASES for c in changes(edit) if c.breaking}
    assert all(":" in s for s in breaking), [s for s in breaking if ":" not in s]  # each says whom it breaks


def test_release_notes_list_the_sentence_and_fall_back_to_the_plain_words() -> None:
    change = spec_diff.Change("h", "doX", False, "response 429 added", "Response 429 is newly declared.")
    assert change.said == "Response 429 is newly declared."
    assert spec_diff.Change("h", "doX", False, "response 429 added").said == "response 429 added"


def test_labels_read_as_words() -> None:
    assert spec_diff._where("response") == "the response"
    assert spec_diff._where("response.data[].id", True) == "`data[].id` in the response"
    assert spec_diff._where("response[].id") == "`[].id` in the response"
    assert spec_diff._where("request body.swapResponse") == "`swapResponse` in the request body"
    assert spec_diff._where("request body", True) == "The request body"
    assert spec_diff._where("header parameter 'X-Key'") == "the header parameter `X-Key`"
    assert spec_diff._where("odd") == "`odd`"
    assert spec_diff._either({"string", "integer"}) == "an integer or a string"


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


def said(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    differ = spec_diff.Differ("h")
    differ.documents(old, new)
    assert all(type(c.breaking) is bool for c in differ.changes), differ.changes
    return [str(c) for c in differ.changes]


def nested(depth: int, leaf: dict[str, Any]) -> dict[str, Any]:
    """A request body whose fields nest `depth` levels below the body, ending in `leaf`."""
    schema = leaf
    for level in reversed(range(depth)):
        schema = {"type": "object", "properties": {f"p{level}": schema}}
    return document({"type": "integer"}, schema, {"type": "object"})


def deep_enum(depth: int) -> tuple[dict[str, Any], dict[str, Any]]:
    return nested(depth, {"type": "string", "enum": ["a", "b"]}), nested(depth, {"type": "string", "enum": ["a"]})


def op_of(doc: dict[str, Any]) -> dict[str, Any]:
    return doc["paths"]["/x"]["post"]  # type: ignore[no-any-return]


def edited(edit: Any, base: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
    old = copy.deepcopy(base or BASE)
    new = copy.deepcopy(old)
    edit(new)
    return old, new


def with_param(**param: Any) -> dict[str, Any]:
    doc = copy.deepcopy(BASE)
    op_of(doc)["parameters"][0].update(param)
    return doc


ONE_OF = document({"type": "integer"}, {"type": "object"}, {"oneOf": [
    {"type": "object", "properties": {"success": {"enum": [True]}, "data": {"type": "string"}}, "required": ["data"]},
    {"type": "object", "properties": {"success": {"enum": [False]}, "msg": {"type": "string"}}, "required": ["msg"]},
]})  # fmt: skip

# A required parameter (with a pattern) and a required request body, both staying so
STAY_REQUIRED = with_param(required=True, schema={"type": "integer", "pattern": "^1$", "maximum": 50})
op_of(STAY_REQUIRED)["requestBody"] = {"required": True, "content": {"application/json": {"schema": {}}}}

# Every kind of change the differ names, with its exact words and verdict: what a reader of
# the changelog and the gate's output sees.
EXACT: list[tuple[str, Any, dict[str, Any] | None, list[str]]] = [
    ("version", lambda d: d["info"].update(version="1.1.0"), None, ["change: h: info.version 1.0.0 -> 1.1.0"]),
    ("operation moved", lambda d: d["paths"].update({"/y": {"get": {"responses": {}}}}) or d["paths"].pop("/x"),
     None, ["BREAKING: h: doX: operation POST /x removed", "change: h: GET /y: operation GET /y added"]),
    ("operation added with an id", lambda d: d["paths"]["/x"].update(get={"operationId": "doY"}), None,
     ["change: h: doY: operation GET /x added"]),
    ("operation removed without an id", lambda d: d["paths"]["/x"].pop("get"),
     {**copy.deepcopy(BASE), "paths": {"/x": {**BASE["paths"]["/x"], "get": {}}}},
     ["BREAKING: h: GET /x: operation GET /x removed"]),
    ("operationId renamed", lambda d: op_of(d).update(operationId="doZ"), None,
     ["BREAKING: h: doZ: operationId 'doX' renamed to 'doZ' (POST /x)"]),
    ("parameter removed", lambda d: op_of(d).update(parameters=[]), None,
     ["BREAKING: h: doX: query parameter 'q' removed"]),
    ("optional parameter added", lambda d: op_of(d)["parameters"].append({"name": "k", "in": "header"}), None,
     ["change: h: doX: optional header parameter 'k' added"]),
    ("required parameter added", lambda d: op_of(d)["parameters"].append({"name": "p", "in": "path",
     "required": True}), None, ["BREAKING: h: doX: required path parameter 'p' added"]),
    ("parameter made optional", lambda d: op_of(d)["parameters"][0].update(required=False), with_param(
     required=True), ["change: h: doX: query parameter 'q' made optional"]),
    ("pattern changed", lambda d: op_of(d)["parameters"][0]["schema"].update(pattern="^b$"), with_param(
     schema={"type": "string", "pattern": "^a$"}), ["BREAKING: h: doX: query parameter 'q': pattern '^a$' -> '^b$'"]),
    ("pattern added", lambda d: op_of(d)["parameters"][0]["schema"].update(pattern="^b$"), None,
     ["BREAKING: h: doX: query parameter 'q': pattern None -> '^b$'"]),
    ("pattern dropped", lambda d: op_of(d)["parameters"][0]["schema"].pop("pattern"), with_param(
     schema={"type": "string", "pattern": "^a$"}), []),
    ("lengths", lambda d: op_of(d)["parameters"][0]["schema"].update(minLength=2, maxLength=4), with_param(
     schema={"type": "string", "minLength": 1, "maxLength": 5}),
     ["BREAKING: h: doX: query parameter 'q': minLength 1 -> 2",
      "BREAKING: h: doX: query parameter 'q': maxLength 5 -> 4"]),
    ("lengths loosened", lambda d: op_of(d)["parameters"][0]["schema"].update(minLength=0, maxLength=6), with_param(
     schema={"type": "string", "minLength": 1, "maxLength": 5}),
     ["change: h: doX: query parameter 'q': minLength 1 -> 0",
      "change: h: doX: query parameter 'q': maxLength 5 -> 6"]),
    ("lengths added", lambda d: op_of(d)["parameters"][0]["schema"].update(minLength=0, maxLength=6), with_param(
     schema={"type": "string"}),
     ["BREAKING: h: doX: query parameter 'q': minLength 0 added",
      "BREAKING: h: doX: query parameter 'q': maxLength 6 added"]),
    ("int32 range stated", lambda d: op_of(d)["parameters"][0]["schema"].update(minimum=-(2**31)), with_param(
     schema={"type": "integer", "format": "int32"}),
     ["change: h: doX: query parameter 'q': minimum -2147483648 added"]),
    ("format added to a parameter", lambda d: op_of(d)["parameters"][0]["schema"].update(format="uuid"), with_param(
     schema={"type": "string"}), ["BREAKING: h: doX: query parameter 'q': format 'uuid' added"]),
    ("format dropped from a parameter", lambda d: op_of(d)["parameters"][0]["schema"].pop("format"), with_param(
     schema={"type": "string", "format": "uuid"}), ["change: h: doX: query parameter 'q': format 'uuid' removed"]),
    ("format added to a response", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"]["schema"]
     .update(format="date-time"), document({"type": "integer"}, {"type": "object"}, {"type": "string"}),
     ["change: h: doX: response: format 'date-time' added"]),
    ("format dropped from a response (the pool id's uuid)", lambda d: op_of(d)["responses"]["200"]["content"][
     "application/json"]["schema"].pop("format"), document({"type": "integer"}, {"type": "object"}, {
         "type": "string", "format": "uuid"}), ["BREAKING: h: doX: response: format 'uuid' removed"]),
    ("format changed", lambda d: op_of(d)["parameters"][0]["schema"].update(format="date"), with_param(
     schema={"type": "string", "format": "date-time"}),
     ["BREAKING: h: doX: query parameter 'q': format 'date-time' -> 'date'"]),
    ("integer format widened in a request", lambda d: op_of(d)["parameters"][0]["schema"].update(format="int64"),
     with_param(schema={"type": "integer", "format": "int32"}),
     ["change: h: doX: query parameter 'q': format 'int32' -> 'int64'"]),
    ("integer format narrowed in a request", lambda d: op_of(d)["parameters"][0]["schema"].update(format="int32"),
     with_param(schema={"type": "integer", "format": "int64"}),
     ["BREAKING: h: doX: query parameter 'q': format 'int64' -> 'int32'"]),
    ("integer format widened in a response", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"][
     "schema"].update(format="uint64"), document({"type": "integer"}, {"type": "object"}, {
         "type": "integer", "format": "uint32"}), ["BREAKING: h: doX: response: format 'uint32' -> 'uint64'"]),
    ("integer format narrowed in a response", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"][
     "schema"].update(format="int32"), document({"type": "integer"}, {"type": "object"}, {
         "type": "integer", "format": "int64"}), ["change: h: doX: response: format 'int64' -> 'int32'"]),
    ("integer formats that overlap", lambda d: op_of(d)["parameters"][0]["schema"].update(format="uint32"),
     with_param(schema={"type": "integer", "format": "int32"}),
     ["BREAKING: h: doX: query parameter 'q': format 'int32' -> 'uint32'"]),
    ("request body removed", lambda d: op_of(d).pop("requestBody"), None, ["BREAKING: h: doX: request body removed"]),
    ("optional request body added", lambda d: op_of(d).update(requestBody={"content": {}}),
     {**copy.deepcopy(BASE), "paths": {"/x": {"post": {k: v for k, v in BASE["paths"]["/x"]["post"].items()
                                                       if k != "requestBody"}}}},
     ["change: h: doX: request body added"]),
    ("required request body added", lambda d: op_of(d).update(requestBody={"required": True, "content": {}}),
     {**copy.deepcopy(BASE), "paths": {"/x": {"post": {k: v for k, v in BASE["paths"]["/x"]["post"].items()
                                                       if k != "requestBody"}}}},
     ["BREAKING: h: doX: request body added"]),
    ("request body made required", lambda d: op_of(d)["requestBody"].update(required=True), None,
     ["BREAKING: h: doX: request body made required"]),
    ("an enum where there was none", lambda d: op_of(d)["parameters"][0]["schema"].update(enum=[1, 2]), None, []),
    ("the success member of a oneOf", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"]["schema"]
     ["oneOf"][0].update(required=[]), ONE_OF,
     ["BREAKING: h: doX: response.data no longer required (a client may find it absent)"]),
    ("type added to a request field", lambda d: op_of(d)["requestBody"]["content"]["application/json"]["schema"]
     ["properties"].update(b={"type": "string"}), document({"type": "integer"}, {"type": "object", "properties": {
         "b": {}}}, {"type": "object"}), ["BREAKING: h: doX: request body.b: type ['string'] added"]),
    ("type added to a response field", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"]["schema"]
     ["properties"].update(b={"type": "string"}), document({"type": "integer"}, {"type": "object"}, {
         "type": "object", "properties": {"b": {}}}), ["change: h: doX: response.b: type ['string'] added"]),
    ("response type narrowed", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"]["schema"]
     .update(type=["string"]), document({"type": "integer"}, {"type": "object"}, {"type": ["integer", "string"]}),
     ["change: h: doX: response: type ['integer', 'string'] -> ['string']"]),
    ("request fields added", lambda d: op_of(d)["requestBody"]["content"]["application/json"]["schema"].update(
     properties={"a": BASE["paths"]["/x"]["post"]["requestBody"]["content"]["application/json"]["schema"][
         "properties"]["a"], "n": {"type": "string"}, "r": {"type": "string"}}, required=["r"]), None,
     ["change: h: doX: request body: optional field 'n' added",
      "BREAKING: h: doX: request body: required field 'r' added"]),
    ("response fields added", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"]["schema"]["allOf"]
     [0]["properties"].update(n={"type": "string"}) or op_of(d)["responses"]["200"]["content"]["application/json"][
         "schema"]["allOf"][0]["required"].append("n"), None, ["change: h: doX: response: required field 'n' added"]),
    ("request field made required", lambda d: op_of(d)["requestBody"]["content"]["application/json"]["schema"].update(
     required=["a"]), None, ["BREAKING: h: doX: request body.a made required"]),
    ("required things that stay required", lambda d: op_of(d)["parameters"][0]["schema"].update(maximum=60) or op_of(
     d)["requestBody"]["content"]["application/json"]["schema"].update(type="object"), STAY_REQUIRED,
     ["change: h: doX: query parameter 'q': maximum 50 -> 60",
      "BREAKING: h: doX: request body: type ['object'] added"]),
    ("array items", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"]["schema"]["items"]
     .update(enum=["a", "b", "c"]), document({"type": "integer"}, {"type": "object"}, {"type": "array", "items": {
         "type": "string", "enum": ["a", "b"]}}), ["BREAKING: h: doX: response[]: enum value 'c' added"]),
    ("array items dropped", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"]["schema"]
     .pop("items"), document({"type": "integer"}, {"type": "object"}, {"type": "array", "items": {"type": "string"}}),
     []),
    ("allOf and anyOf narrow a type list", lambda d: op_of(d)["parameters"][0].update(schema={"type": "integer"}),
     with_param(schema={"type": ["integer", "string"], "allOf": [{"type": "integer"}], "anyOf": [
         {"type": "integer"}, {"type": "boolean"}]}), []),
    ("oneOf members join", lambda d: op_of(d)["parameters"][0].update(schema={"type": ["integer", "string"]}),
     with_param(schema={"oneOf": [{"type": "integer"}, {"type": "string"}]}), []),
    ("a status removed and one added", lambda d: op_of(d)["responses"].update({"201": {}}) or op_of(d)[
     "responses"].pop("404"), {**copy.deepcopy(BASE), "paths": {"/x": {"post": {**BASE["paths"]["/x"]["post"],
     "responses": {**BASE["paths"]["/x"]["post"]["responses"], "404": {}}}}}},
     ["BREAKING: h: doX: response 404 removed", "change: h: doX: response 201 added"]),
    ("an operation without responses", lambda d: op_of(d)["parameters"][0].update(required=True),
     {**copy.deepcopy(BASE), "paths": {"/x": {"post": {"operationId": "doX", "parameters": [{"name": "q",
      "in": "query", "schema": {}}]}}}}, ["BREAKING: h: doX: query parameter 'q' made required"]),
    ("the failure member first in a oneOf", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"][
     "schema"]["oneOf"][1].update(required=[]), document({"type": "integer"}, {"type": "object"}, {"oneOf": [
         {"type": "object", "properties": {"success": {"enum": [False]}}, "required": ["success"]},
         {"type": "object", "properties": {"data": {"type": "string"}}, "required": ["data"]}]}),
     ["BREAKING: h: doX: response.data no longer required (a client may find it absent)"]),
    ("the failure member of a oneOf", lambda d: op_of(d)["responses"]["200"]["content"]["application/json"]["schema"]
     ["oneOf"][1].update(required=[]), ONE_OF, []),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "base", "expected"), EXACT, ids=[c[0] for c in EXACT])
def test_every_change_is_said_in_exact_words(name: str, edit: Any, base: dict[str, Any] | None,
                                             expected: list[str]) -> None:  # fmt: skip
    assert said(*edited(edit, base)) == expected


def test_versions_order_by_number_not_text() -> None:
    assert spec_diff.version_key("10.0.1") == (10, 0, 1)
    assert spec_diff.version_key("10.0.0") > spec_diff.version_key("9.9.9")
    assert spec_diff.version_key("latest") == (-1,)


@pytest.mark.parametrize(("previous", "version", "same"), [
    ("1.4.2", "1.9.0", True), ("1.4.2", "1.4.2", True), ("1.4.2", "2.0.0", False), ("3.3.1", "4.0.0", False),
    ("0.3.1", "0.3.9", True), ("0.3.1", "0.4.0", False), ("0.3.1", "1.0.0", False),
    ("0.0.19", "0.0.19", True), ("0.0.19", "0.0.20", False), ("0.0.0", "0.0.0", True), ("0.0.0", "0.0.1", False),
])  # fmt: skip
def test_a_major_bump_follows_semver_for_0_x(previous: str, version: str, same: bool) -> None:
    """The leftmost non-zero part is the major one, as Cargo and npm read 0.x versions."""
    assert spec_diff.same_major(previous, version) is same


@pytest.mark.parametrize(("version", "bumped"), [
    ("1.4.2", "2.0.0"), ("9.9.9", "10.0.0"), ("0.3.1", "0.4.0"), ("0.0.19", "0.0.20"), ("0.0.0", "0.0.1"),
])  # fmt: skip
def test_the_next_major_version_is_the_first_that_breaks_the_series(version: str, bumped: str) -> None:
    assert spec_diff.next_major(version) == bumped
    assert not spec_diff.same_major(version, bumped)


def test_a_breaking_change_of_a_0_x_host_names_its_next_major() -> None:
    problem = spec_diff.verdict("h", BREAKING[:1], "0.0.19", "0.0.19")
    assert problem is not None
    assert "make it 0.0.20 or higher" in problem


BREAKING = [spec_diff.Change("h", "doX", True, "query parameter 'q' removed"), spec_diff.Change("h", "", True, "x"),
            spec_diff.Change("h", "doX", False, "response 429 added")]  # fmt: skip


@pytest.mark.parametrize(("changes", "base", "new", "ok"), [
    (BREAKING[2:], "1.4.0", "1.4.1", True),  # nothing breaking
    (BREAKING, None, "1.4.1", True),  # a new host
    (BREAKING, "1.4.0", "2.0.0", True),  # a major bump
    (BREAKING, "1.4.0", "10.0.0", True),
    (BREAKING, "1.4.0", "1.5.0", False),
    (BREAKING, "0.0.19", "0.0.20", True),  # 0.x: the leftmost non-zero part is the major one
    (BREAKING, "0.3.1", "0.4.0", True),
])  # fmt: skip
def test_a_breaking_change_needs_a_major_bump(changes: list[spec_diff.Change], base: str | None, new: str,
                                              ok: bool) -> None:  # fmt: skip
    problem = spec_diff.verdict("h", changes, base, new)
    if ok:
        assert problem is None
    else:
        assert problem == ("h: 2 breaking change(s) since 1.4.0 need a major version bump (info.version is 1.5.0; "
                           "make it 2.0.0 or higher):\n  - doX: query parameter 'q' removed\n  - x")  # fmt: skip


def test_plain_words_count_the_changes_and_the_breaking_ones() -> None:
    assert spec_diff.plain_words("h", "release h 1.0.0", BREAKING) == (
        "h (since release h 1.0.0): 3 change(s), 2 breaking\n"
        "  BREAKING: h: doX: query parameter 'q' removed\n  BREAKING: h: x\n  change: h: doX: response 429 added")


def test_main_reports_a_host_new_since_the_first_commit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = spec_diff.first_commit()  # launch-auth came later
    assert spec_diff.main(["launch-auth", "--base", first, "--json", str(tmp_path / "d" / "diff.json"), "--gate"]) == 0
    report = json.loads((tmp_path / "d" / "diff.json").read_text(encoding="utf-8"))
    assert report == {"launch-auth": {"base": first, "base_version": None, "changes": [
        {"host": "launch-auth", "operation": "", "breaking": False, "what": f"new host (not at {first})",
         "sentence": f"A new host: it was not described at {first}."}]}}
    assert capsys.readouterr().out == (f"launch-auth (since {first}): 1 change(s), 0 breaking\n"
                                       f"  change: launch-auth: new host (not at {first})\n")


def test_main_against_the_last_release_and_the_gate(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """The default base is the bundle of the host's last release (releases/<host>/<host>.yaml);
    the report says the level of the next release; the gate fails on a hand-edited version."""
    released = json.loads((spec_diff.RELEASES / "pool-v3" / "release.json").read_text(encoding="utf-8"))["version"]
    _, name, version = spec_diff.diff("pool-v3", None)
    assert (name, version) == (f"release pool-v3 {released}", released)
    monkeypatch.setattr(spec_diff, "diff", lambda host, base: (BREAKING[:1], "release x", released))
    # the version as released: `make release` runs these tests after writing the next version
    monkeypatch.setattr(spec_diff, "current_version", lambda host: released)
    assert spec_diff.main(["pool-v3", "--gate"]) == 0  # a breaking change is reported: the next release is a major
    major = spec_diff.next_major(released)
    assert f"  next release of the description: major, {released} -> {major}\n" in capsys.readouterr().out
    monkeypatch.setattr(spec_diff, "current_version", lambda host: major)
    assert spec_diff.main(["pool-v3"]) == 0  # reported, not gated
    assert spec_diff.main(["pool-v3", "--gate"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"spec_diff: pool-v3: info.version is {major}, its last release {released}: versions are "
                          "written by `make release` alone")  # fmt: skip


@pytest.mark.parametrize(("version", "level", "bumped", "same"), [
    ("1.4.2", "patch", "1.4.3", True), ("1.4.2", "minor", "1.5.0", True), ("1.4.2", "major", "2.0.0", False),
    ("0.3.1", "patch", "0.3.2", True), ("0.3.1", "minor", "0.3.2", True), ("0.3.1", "major", "0.4.0", False),
    ("0.0.19", "patch", "0.0.20", False), ("0.0.19", "minor", "0.0.20", False), ("0.0.19", "major", "0.0.20", False),
])  # fmt: skip
def test_a_bump_at_each_level_follows_the_rule_of_0_x_versions(version: str, level: str, bumped: str,
                                                                same: bool) -> None:  # fmt: skip
    """0.0.z has no level below major: every release of it breaks the series, as Cargo reads it."""
    assert spec_diff.bump(version, level) == bumped
    assert spec_diff.same_major(version, bumped) is same


def test_a_bump_needs_a_version() -> None:
    with pytest.raises(ValueError, match="not a version: 'latest'"):
        spec_diff.bump("latest", "patch")


def test_the_level_of_a_description_release() -> None:
    version = spec_diff.Change("h", "", False, "info.version 1.0.0 -> 1.0.1")
    added = spec_diff.Change("h", "doX", False, "optional query parameter 'q' added")
    assert spec_diff.level([version]) == "patch"  # the text changed, the API did not
    assert spec_diff.level([version, added]) == "minor"
    assert spec_diff.level([added, BREAKING[0]]) == "major"


def test_twelve_levels_deep_are_compared_and_no_deeper() -> None:
    """The differ follows fields to depth 12 (a guard against cycles) and stops there."""
    assert said(*deep_enum(12)) == ["BREAKING: h: doX: request body" + "".join(f".p{i}" for i in range(12))
                                    + ": enum value 'b' removed"]  # fmt: skip
    assert said(*deep_enum(13)) == []


@pytest.mark.parametrize(("schema", "types"), [
    ({"type": "string", "anyOf": [{"type": "string"}, {"type": "integer"}]}, {"string"}),
    ({"anyOf": [{"type": "string"}, {"type": ["integer", "null"]}]}, {"string", "integer", "null"}),
    ({"anyOf": [{"type": "string"}, {}]}, set()),  # a member that admits anything: any
    ({"type": ["string", "null"], "allOf": [{"type": ["string", "integer"]}]}, {"string"}),
    ({"allOf": [True, {"type": "string"}, {}]}, {"string"}),
    ({"oneOf": [{"type": "boolean"}], "allOf": [{"anyOf": [{"type": "boolean"}, {"type": "null"}]}]}, {"boolean"}),
])  # fmt: skip
def test_the_types_a_schema_admits(schema: dict[str, Any], types: set[str]) -> None:
    """allOf members' types intersect; anyOf and oneOf members' types join, and intersect with
    the schema's own; a member that is not an object (a boolean schema) adds nothing."""
    assert spec_diff._types(schema) == types


def test_an_enum_is_found_in_the_first_all_of_member_that_has_one() -> None:
    assert spec_diff.enum_values({"allOf": [True, {"type": "string"}, {"enum": ["a", 1]}, {"enum": ["b"]}]}) == {
        '"a"', "1"}  # fmt: skip
    assert spec_diff.enum_values({"allOf": [True]}) is None


def test_a_host_without_a_release_has_no_baseline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "h").mkdir()
    (tmp_path / "h" / "h.yaml").write_text("openapi: 3.1.0\n", encoding="utf-8")
    monkeypatch.setattr(spec_diff, "RELEASES", tmp_path)
    assert spec_diff.baseline("h") == tmp_path / "h" / "h.yaml"
    assert spec_diff.baseline("nothing") is None


def nested_items(depth: int, leaf: dict[str, Any]) -> dict[str, Any]:
    """A request body that is arrays of arrays `depth` levels deep, ending in `leaf`."""
    schema = leaf
    for _ in range(depth):
        schema = {"type": "array", "items": schema}
    return document({"type": "integer"}, schema, {"type": "object"})


def test_array_entries_are_compared_twelve_levels_deep_and_no_deeper() -> None:
    narrowed = {"type": "string", "enum": ["a", "b"]}, {"type": "string", "enum": ["a"]}
    assert said(nested_items(12, narrowed[0]), nested_items(12, narrowed[1])) == [
        "BREAKING: h: doX: request body" + "[]" * 12 + ": enum value 'b' removed"]  # fmt: skip
    assert said(nested_items(13, narrowed[0]), nested_items(13, narrowed[1])) == []


def test_request_array_entries_that_admit_more_break_nothing() -> None:
    old = nested_items(1, {"type": "string"})
    assert said(old, nested_items(1, {"type": ["string", "integer"]})) == [
        "change: h: doX: request body[]: type ['string'] -> ['integer', 'string']"]  # fmt: skip
    assert said(old, nested_items(1, {"type": "integer"})) == [
        "BREAKING: h: doX: request body[]: type ['string'] -> ['integer']"]  # fmt: skip


def test_a_field_whose_schema_is_not_an_object_on_one_side_is_not_compared() -> None:
    differ = spec_diff.Differ("h")
    differ.schema("op", "body", {"type": "object", "properties": {"a": {"type": "string"}}},
                  {"type": "object", "properties": {"a": True}}, request=True)  # fmt: skip
    differ.schema("op", "body", True, {"type": "string"}, request=True)  # type: ignore[arg-type]
    assert differ.changes == []
