"""The code samples' parts on a description built here, for what our four hosts do not have
today: parameters, request bodies and responses behind `$ref`, a request body that is not
another call's response (every body of theirs is chained), a link to no operation, a failure
envelope listed first, a host with no Go release yet, and literals that need escaping. The
hosts' own samples are checked whole in test_bundle_output.py, and run in
tests/clients/test_code_samples.py."""

from __future__ import annotations

import json
import shlex
import textwrap
from dataclasses import replace
from typing import Any

import pytest

from project import schema_ref
from scripts.common import versions
from scripts.common.naming import go_module_path
from scripts.spec import code_samples
from scripts.spec.code_samples import Call, Chain, Param


def described(linked: bool = False) -> dict[str, Any]:
    """A host `demo`: GET /quote and POST /orders, every part of both behind a $ref; with
    `linked`, the quote's response links to the order, whose `quote` field takes it whole."""
    quoted: dict[str, Any] = {"description": "A quote", "content": {"application/json": {
        "schema": {"oneOf": [schema_ref("Quote"), schema_ref("FailureEnvelope")]}}}}  # fmt: skip
    if linked:
        quoted["links"] = {"nowhere": {"operationId": "noSuchOperation"}, "place": {"operationId": "placeOrder"}}
    amount = {"name": "amount", "in": "query", "schema": {"type": "integer", "format": "uint64"}, "example": 5}
    return {
        "openapi": "3.1.0",
        "info": {"title": "Demo", "version": "2.3.0"},
        "servers": [{"url": "https://{region}.demo.invalid/v1", "variables": {"region": {"default": "eu"}}}],
        "paths": {
            "/quote": {"get": {"operationId": "getQuote", "tags": ["quotes"],
                               "parameters": [{"$ref": "#/components/parameters/Side"}, amount],
                               "responses": {"200": {"$ref": "#/components/responses/Quoted"}}}},
            "/orders": {"post": {"operationId": "placeOrder", "tags": ["orders"],
                                 "requestBody": {"$ref": "#/components/requestBodies/Order"},
                                 "responses": {"200": {"$ref": "#/components/responses/Placed"}}}},
        },
        "components": {
            "schemas": {
                "Side": {"type": "string", "enum": ["buy", "sell"]},
                "Urgency": {"type": "string", "enum": ["now", "later"]},
                "Envelope": {"type": "object", "properties": {"success": {"type": "boolean"}, "data": {}}},
                "FailureEnvelope": {"type": "object", "properties": {"success": {"type": "boolean"}}},
                "Quote": {"allOf": [schema_ref("Envelope")]},
                "Order": {"type": "object", "properties": {
                    "urgency": schema_ref("Urgency"), "quote": schema_ref("Quote"), "note": {"type": "string"}}},
            },
            "parameters": {"Side": {"name": "side", "in": "query", "required": True, "schema": schema_ref("Side"),
                                    "example": "buy"}},
            "requestBodies": {"Order": {"content": {"application/json": {
                "schema": schema_ref("Order"), "examples": {"one": {"$ref": "#/components/examples/Order"}}}}}},
            "responses": {"Quoted": quoted, "Placed": {"description": "Placed", "content": {
                "application/json": {"schema": schema_ref("Quote")}}}},
            "examples": {"Order": {"value": {"urgency": "now", "quote": {"success": True}, "note": "it's"}}},
        },
    }  # fmt: skip


DEMO_GO = go_module_path("demo", "2.3.0")


def test_every_part_behind_a_ref_is_followed() -> None:
    quote, order = code_samples.calls(described(), "demo")
    assert quote == Call("demo", "get", "/quote", "getQuote", "quotes", "https://eu.demo.invalid/v1",
                         [Param("side", "buy", True, "Side", False), Param("amount", 5, False, None, True)],
                         None, None, False, None, True, True, go_module=DEMO_GO)  # fmt: skip
    assert quote.body_enums == ()  # a tuple, as for an operation with a body
    assert order == Call("demo", "post", "/orders", "placeOrder", "orders", "https://eu.demo.invalid/v1", [],
                         {"urgency": "now", "quote": {"success": True}, "note": "it's"}, "Order", False, "Order",
                         True, True, body_enums=(("urgency", "Urgency"),), go_module=DEMO_GO)  # fmt: skip


def test_a_response_that_links_to_an_operation_taking_it_chains_that_operation() -> None:
    """A link to an operation the description does not have is passed over."""
    quote, order = code_samples.calls(described(linked=True), "demo")
    assert (quote.chained, order.chained) == (None, Chain("quote", quote))


def test_a_body_with_no_field_of_the_response_s_type_is_not_chained() -> None:
    doc = described(linked=True)
    doc["components"]["schemas"]["Order"]["properties"]["quote"] = {"type": "object"}
    assert [c.chained for c in code_samples.calls(doc, "demo")] == [None, None]
    op = doc["paths"]["/orders"]["post"]
    assert code_samples._field_taking(doc, op, "Quote") is None
    # an unnamed success takes no field, not the first field without a name of its own
    assert code_samples._field_taking(doc, op, None) is None
    assert code_samples._field_taking(doc, doc["paths"]["/quote"]["get"], "Quote") is None  # no body


def test_the_success_is_named_past_a_failure_envelope_listed_first() -> None:
    failure_first = {"oneOf": [schema_ref("FailureEnvelope"), schema_ref("Quote")]}
    first = {"content": {"application/json": {"schema": failure_first}}}
    assert code_samples._success_name(first) == "Quote"
    only = {"content": {"application/json": {"schema": {"oneOf": [schema_ref("FailureEnvelope")]}}}}
    assert code_samples._success_name(only) is None
    assert code_samples._success_name({"description": "no body"}) is None


def test_a_success_listed_first_says_whether_the_sample_prints_data() -> None:
    """The success of a oneOf is its first member: here an envelope with `data`, before a
    failure without it."""
    doc = described()
    doc["components"]["responses"]["Placed"] = doc["components"]["responses"]["Quoted"]
    assert code_samples.calls(doc, "demo")[1].prints_data


ANNOTATIONS = ("title", "description", "x-not-shown", "x-evidence", "x-rules", "not")


@pytest.mark.parametrize("kept", [*((key,) for key in ANNOTATIONS), ANNOTATIONS])
def test_python_names_a_body_of_one_allof_member_after_the_member(kept: tuple[str, ...]) -> None:
    """openapi-python-client names a body that only wraps one $ref after what it wraps, whatever
    annotations it carries: each alone, and all of them at once."""
    doc = described()
    doc["components"]["schemas"]["Wrapped"] = {"allOf": [schema_ref("Order")], **{key: "said" for key in kept}}
    doc["components"]["requestBodies"]["Order"]["content"]["application/json"]["schema"] = schema_ref("Wrapped")
    order = code_samples.calls(doc, "demo")[1]
    assert (order.body_type, order.python_body_type, order.body_open) == ("Wrapped", "Order", False)


def test_a_body_with_neither_properties_nor_allof_is_open() -> None:
    doc = described()
    doc["components"]["schemas"]["Order"] = {"type": "object"}
    assert code_samples.calls(doc, "demo")[1].body_open
    doc["components"]["schemas"]["Order"] = {"type": "object", "properties": {"note": {"type": "string"}}}
    assert not code_samples.calls(doc, "demo")[1].body_open


@pytest.mark.parametrize(
    ("info", "version"),
    [({"version": "2.3.0"}, "2.3.0"), ({"version": "2.3.0-rc-1"}, "2.3.0-rc-1"), ({"version": "v2"}, "0"),
     ({}, "0"), (None, "0")],
)  # fmt: skip
def test_a_host_without_a_go_release_imports_the_description_s_version(info: Any, version: str) -> None:
    """Its info.version where it reads as a version (a pre-release too), else 0."""
    assert code_samples._go_version("demo", {} if info is None else {"info": info}) == version


def test_a_host_with_a_go_release_imports_that_release_whatever_its_description_says() -> None:
    released = versions.client_versions()["pool-v3-go"]["version"]
    assert code_samples._go_version("pool-v3", {"info": {"version": "99.0.0"}}) == released
    quote = code_samples.calls(described(), "pool-v3")[0]
    assert quote.go_module == go_module_path("pool-v3", released) != go_module_path("pool-v3", "2.3.0")


def test_a_reference_outside_the_schemas_or_to_no_object_names_nothing() -> None:
    assert code_samples.ref_name(schema_ref("Order")) == "Order"
    nameless = ("#/components/schemas/Order", [schema_ref("Order")], None, {"$ref": "#/components/parameters/Side"})
    assert [code_samples.ref_name(node) for node in nameless] == [None] * 4


def test_string_literals_are_escaped_as_each_language_reads_them() -> None:
    assert code_samples._ts_string("it's a \\ here") == "'it\\'s a \\\\ here'"
    assert code_samples._php_value("it's a \\ here") == "'it\\'s a \\\\ here'"
    assert code_samples._rust_raw('say "hi"') == 'r#"say "hi""#'
    assert code_samples._rust_raw('a "# and a "## inside') == 'r###"a "# and a "## inside"###'


# a body that is not another call's response, with what each language must write out: a key
# that is no identifier, a quote and a backslash, lists and objects in each other, keys not in order
BODY = {"zeta": "z", "my-key": "it's \\ here", "legs": [1, {"a": "b"}], "alpha": {"deep": [True, None]}}
JSON_TEXT = json.dumps(BODY, indent=2)  # every language but Python and TypeScript reads the JSON text


def _order(body: dict[str, Any]) -> Call:
    return replace(code_samples.calls(described(), "demo")[1], body=body)


def test_a_body_that_is_no_response_is_written_as_its_json_text() -> None:
    sample = {s["label"]: s["source"] for s in code_samples.samples(_order(BODY))}
    assert sample["curl"].endswith(f"  -d {shlex.quote(JSON_TEXT)}")
    assert f"json.Unmarshal([]byte(`{JSON_TEXT}`), &body)" in sample["Go"]
    assert "JSON.parse(<<~JSON)\n" + textwrap.indent(JSON_TEXT, "  ") + "\nJSON\n" in sample["Ruby"]
    assert "json_decode(<<<'JSON'\n" + JSON_TEXT + "\nJSON);" in sample["PHP"]
    assert f'serde_json::from_str(r#"{JSON_TEXT}"#)' in sample["Rust"]


def test_a_body_that_is_no_response_is_a_python_literal_in_its_own_order() -> None:
    """pprint's layout, keys as the example orders them; enums of the body are not imported."""
    python = code_samples.python(_order(BODY))
    assert "from demo_client.models import Order\n" in python
    assert """    body = Order.from_dict(
        {'zeta': 'z',
         'my-key': "it's \\\\ here",
         'legs': [1, {'a': 'b'}],
         'alpha': {'deep': [True, None]}}
    )
""" in python


def test_a_python_body_wider_than_80_columns_is_broken_a_key_a_line() -> None:
    wide = {"a": "x" * 64, "b": 1}  # 81 columns on one line
    assert len(repr(wide)) == 81
    assert f"        {{'a': '{'x' * 64}',\n         'b': 1}}\n" in code_samples.python(_order(wide))
    narrow = {"a": "x" * 63, "b": 1}
    assert f"        {narrow!r}\n" in code_samples.python(_order(narrow))


def test_a_body_that_is_no_response_is_a_typescript_literal() -> None:
    assert """  const result = await client.placeOrder({
    zeta: 'z',
    'my-key': 'it\\'s \\\\ here',
    legs: [
      1,
      {
        a: 'b',
      },
    ],
    alpha: {
      deep: [
        true,
        null,
      ],
    },
  });
""" in code_samples.typescript(_order(BODY))


def test_a_chained_python_body_imports_the_enums_of_its_fields() -> None:
    order = code_samples.calls(described(linked=True), "demo")[1]
    python = code_samples.python(order)
    assert "from demo_client.models import Order, Side, Urgency\n" in python
    assert "        urgency=Urgency('now'),\n        quote=quote,\n" in python
