"""The parts of a reference page (scripts/docs/pages.py) one at a time, on small schemas
written here: each type name, constraint, row, example and response view exactly as the
page shows it. Written to kill the mutants mutmut found surviving the whole-page test
(docs/testing.md)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scripts.docs import pages as docs_pages
from scripts.docs.pages import Row
from scripts.release import packages, records
from scripts.spec import oas


@pytest.mark.parametrize(("schema", "shown"), [
    ({"x-not-shown": "why"}, "any (shape not shown)"),
    ({"x-not-shown": "why", "type": "string"}, "string"),
    ({"x-not-shown": "why", "properties": {"a": {}}}, "object"),
    ({"type": ["string", "null"]}, "string or null"),
    ({"type": "integer"}, "integer"),
    ({"properties": {"a": {}}}, "object"),
    ({"allOf": [{"properties": {"a": {}}}]}, "object"),
    ({"enum": [1, 2]}, "enum"),
    ({}, "any"),
    ({"type": "array", "items": {"type": "string", "format": "uuid"}}, "array of string (uuid)"),
    ({"type": "array", "items": {"type": "array", "items": {}}}, "array of array of any"),
    ({"type": "array"}, "array"),
    ({"type": "string", "format": "date-time"}, "string (date-time)"),
    ({"type": "string", "format": ""}, "string"),
])  # fmt: skip
def test_each_schema_type_reads_as_the_page_shows_it(schema: dict[str, Any], shown: str) -> None:
    assert docs_pages.schema_type(schema) == shown


def test_constraints_name_every_rule_in_one_order() -> None:
    schema = {"enum": ["a", 1, True], "x-enum-descriptions": ["first", "", "third"], "minimum": 0, "maximum": 9,
              "exclusiveMinimum": -1, "exclusiveMaximum": 10, "minLength": 1, "maxLength": 5, "minItems": 2,
              "pattern": "^a$", "const": "a", "default": "a"}  # fmt: skip
    assert docs_pages.constraints(schema) == (
        "one of `a`, `1`, `true`; `a`: first; `true`: third; ≥ 0; ≤ 9; > -1; < 10; min length 1; max length 5; "
        'min items 2; pattern `^a$`{: .pattern }; always `"a"`; default `"a"`')  # fmt: skip


def test_an_open_set_of_known_values_and_their_meanings() -> None:
    schema = {"x-extensible-enum": ["X", "Y"], "x-enum-descriptions": ["ex", "why"]}
    assert docs_pages.constraints(schema) == "known values (open set) `X`, `Y`; `X`: ex; `Y`: why"


def test_a_schema_without_rules_has_no_constraints() -> None:
    assert docs_pages.constraints({"type": "string", "description": "d"}) == ""
    assert docs_pages.constraints({"default": None}) == "default `null`"


def test_an_annotation_is_the_schemas_own_or_the_last_of_its_all_of_members() -> None:
    schema = {"allOf": [{"description": "one"}, "not a schema", {"allOf": [{"description": "two"}]}, {}]}
    assert docs_pages._merged(schema, "description") == "two"
    assert docs_pages._merged({**schema, "description": "own"}, "description") == "own"
    assert docs_pages._merged({"allOf": [{}]}, "description") is None


def test_text_escapes_an_angle_bracket_outside_code_only() -> None:
    assert docs_pages.text("<BASE>/`<QUOTE>` and <x>") == "&lt;BASE>/`<QUOTE>` and &lt;x>"
    assert docs_pages.cell("a |\n  b <c>  ") == "a \\| b &lt;c>"
    assert docs_pages.literal("s") == "s"
    assert docs_pages.literal(False) == "false"


POOL: dict[str, Any] = {
    "type": "object",
    "required": ["id", "mintA"],
    "properties": {
        "id": {"type": "string", "description": "the pool id", "pattern": "^[0-9]+$"},
        "mintA": {"type": "object", "description": "first", "x-evidence": [{"source": "s", "note": "n"}],
                  "properties": {"address": {"type": "string"}}},
        "mintB": {"type": "object", "description": "second", "properties": {"address": {"type": "string"}}},
        "skip": True,
    },
}  # fmt: skip


def test_field_rows_nest_fields_and_name_a_repeated_shape_once() -> None:
    rows = docs_pages.field_rows(POOL)
    assert [(r.name, r.label, r.type, r.required, r.constraints, r.description, r.same_as)
            for r in docs_pages.flatten(rows)] == [
        ("id", "id", "string", True, "pattern `^[0-9]+$`{: .pattern }", "the pool id", ""),
        ("mintA", "mintA", "object", True, "", "first", ""),
        ("mintA.address", "address", "string", False, "", "Named in the source, which does not describe it.", ""),
        ("mintB", "mintB", "object", False, "", "second", "mintA"),
    ]  # fmt: skip
    assert [[c.name for c in r.children] for r in rows] == [[], ["mintA.address"], []]
    assert rows[1].evidence == [{"source": "s", "note": "n"}]
    assert rows[1].evidence is not POOL["properties"]["mintA"]["x-evidence"]


def test_field_rows_stop_expanding_at_the_maximum_depth() -> None:
    deep: dict[str, Any] = {"type": "string"}
    for level in range(docs_pages.MAX_DEPTH + 2):
        deep = {"type": "object", "properties": {f"l{level}": deep}}
    names = [r.name for r in docs_pages.flatten(docs_pages.field_rows(deep))]
    assert len(names) == docs_pages.MAX_DEPTH + 1
    assert names[-1].count(".") == docs_pages.MAX_DEPTH


def test_field_rows_show_each_fields_not_shown_text() -> None:
    schema = {"properties": {"a": {"allOf": [{"x-not-shown": "hidden  | here"}], "description": "d"}}}
    (row,) = docs_pages.field_rows(schema)
    assert (row.not_shown, row.description, row.type) == ("hidden \\| here", "d", "any")


def test_array_entries_get_their_own_rows_and_their_not_shown_row() -> None:
    prop = {"type": "array", "items": {"type": "object", "description": "an entry", "x-not-shown": "which fields",
                                       "properties": {"x": {"type": "integer"}}}}  # fmt: skip
    rows = docs_pages.nested_rows(prop, "list", 1, [])
    assert [(r.name, r.label, r.type, r.required, r.description, r.not_shown) for r in rows] == [
        ("list[]", "[]", "object", False, "an entry", "which fields"),
        ("list[].x", "x", "integer", False, "Named in the source, which does not describe it.", ""),
    ]


def test_an_array_that_can_have_no_entries_lists_no_entry_fields() -> None:
    prop = {"type": "array", "maxItems": 0, "items": {"properties": {"x": {"type": "integer"}}}}
    assert docs_pages.nested_rows(prop, "list", 1, []) == []


def test_a_field_that_is_an_object_or_an_array_gets_both_kinds_of_rows() -> None:
    prop = {"type": ["object", "array"], "items": {"properties": {"e": {"type": "string"}}},
            "properties": {"o": {"type": "string"}}}  # fmt: skip
    assert [(r.name, r.label) for r in docs_pages.nested_rows(prop, "f", 1, [])] == [("f[].e", "[].e"), ("f.o", "o")]


def test_a_field_without_a_description_says_what_is_known_of_it() -> None:
    assert docs_pages.describe({"description": "a | b"}) == "a \\| b"
    assert docs_pages.describe({"allOf": [{"description": "inner"}]}) == "inner"
    assert docs_pages.describe({"x-evidence": [{"source": "s"}]}) == (
        "Named by public evidence, not by the source, which does not describe it.")
    assert docs_pages.describe({"type": "string"}) == "Named in the source, which does not describe it."


def test_a_narrowed_field_keeps_the_description_of_the_schema_it_narrows() -> None:
    envelope = {"allOf": [{"properties": {"ok": {"type": "boolean", "description": "check it"}, "n": {}}},
                          {"properties": {"ok": {"const": True}, "n": {"description": "own"}}}],
                "properties": {"extra": {"type": "string"}}}  # fmt: skip
    fields = docs_pages.properties(envelope)
    assert fields == {"ok": {"const": True, "description": "check it"}, "n": {"description": "own"},
                      "extra": {"type": "string"}}  # fmt: skip


BUNDLE: dict[str, Any] = {
    "paths": {
        "/a": {"get": {"operationId": "a", "responses": {"200": {"content": {"application/json": {"schema": {
            "properties": {"data": {"type": "array", "items": {"$ref": "#/components/schemas/Pool"}}}}}}}}}},
        "/b": {"get": {"operationId": "b", "responses": {"200": {"content": {"application/json": {"schema": {
            "$ref": "#/components/schemas/Page"}}}}}}},
    },
    "components": {"schemas": {
        "Pool": {"title": "Pool", "properties": {"mint": {"$ref": "#/components/schemas/Mint"}}},
        "Mint": {"title": "Mint", "properties": {"symbol": {"type": "string"}}},
        "Base": {"title": "Base", "properties": {"id": {"type": "string"}}},
        "Page": {"title": "Page", "allOf": [{"$ref": "#/components/schemas/Base"}],
                 "properties": {"data": {"type": "array", "items": {"$ref": "#/components/schemas/Pool"}},
                                "first": {"$ref": "#/components/schemas/Mint"}}},
    }},
}  # fmt: skip


def test_a_record_is_shared_when_more_than_one_owner_has_a_field_of_it() -> None:
    """Pool: a field of operation `a` and of `Page`; Mint: of `Pool` and of `Page`; Base is
    only composed into Page (an allOf member is no field); Page is the root of `b` only."""
    assert docs_pages.shared_records(BUNDLE) == frozenset({"Pool", "Mint"})


POOL_RECORD = {"title": "Pool", "properties": {"mint": {"title": "Mint", "properties": {"symbol": {}}}}}


def test_a_shared_record_is_linked_by_name_and_not_expanded() -> None:
    records = docs_pages.Records(frozenset({"Pool"}))
    schema = {"properties": {"pools": {"type": "array", "items": {"anyOf": [POOL_RECORD, {"type": "null"}]}},
                             "one": {"allOf": [POOL_RECORD], "x-evidence": [{"source": "s"}]},
                             "own": {"title": "Other", "properties": {"x": {}}}}}  # fmt: skip
    pools, one, own = docs_pages.field_rows(schema, records=records)
    assert (pools.type, pools.record, pools.children) == ("array of ([Pool](records.md#pool) or null)", "Pool", [])
    assert (one.type, one.record, one.children) == ("[Pool](records.md#pool)", "Pool", [])
    assert (own.type, own.record, [c.name for c in own.children]) == ("object", "", ["own.x"])
    here = docs_pages.Records(frozenset({"Pool"}), page="")
    assert docs_pages.schema_type(POOL_RECORD, here) == "[Pool](#pool)"
    assert docs_pages.schema_type({"title": "Pool", "type": "string"}, records) == "string"  # no fields: no record


def test_the_one_member_with_fields_gives_its_fields() -> None:
    prop = {"type": "array", "items": {"anyOf": [{"type": "null"}, POOL_RECORD]}}
    rows = docs_pages.nested_rows(prop, "data", 1, [])
    assert [(r.name, r.label) for r in docs_pages.flatten(rows)] == [("data[].mint", "mint"),
                                                                      ("data[].mint.symbol", "symbol")]  # fmt: skip
    two = {"anyOf": [POOL_RECORD, {"properties": {"y": {}}}]}
    assert docs_pages.nested_rows(two, "data", 1, []) == []  # which member's fields: not guessed


def test_the_records_page_lists_each_linked_record_with_every_operation_that_carries_it() -> None:
    """A record reached through another (Mint inside Pool) is listed, carried by the
    operations that carry the outer one; a record no field links is not."""
    mint = {"title": "Mint", "description": "a mint", "properties": {"symbol": {}}}
    pool = {"title": "Pool", "properties": {"mint": mint}}
    doc = {"components": {"schemas": {"Pool": pool, "Mint": mint, "Unused": {"title": "Unused"}}}}
    shared = frozenset({"Pool", "Mint", "Unused"})
    records = docs_pages.Records(shared)
    views = [docs_pages.operation_view("h", "get", "/a", {"operationId": "getA", "responses": {"200": {"content": {
                 "application/json": {"schema": {"properties": {"data": pool}}}}}}}, records=records),
             docs_pages.operation_view("h", "get", "/b", {"operationId": "getB", "responses": {"200": {"content": {
                 "application/json": {"schema": {"properties": {"mint": mint}}}}}}}, records=records)]  # fmt: skip
    listed = docs_pages.record_views(doc, views, docs_pages.Records(shared, page=""))
    assert [(r.name, r.description, [v.page for v in r.used_by]) for r in listed] == [
        ("Mint", "a mint", ["get-a.md", "get-b.md"]), ("Pool", "", ["get-a.md"])]
    assert [(row.name, row.type) for row in listed[1].fields] == [("mint", "[Mint](#mint)")]


def test_parameter_rows_say_name_place_type_and_rules() -> None:
    op = {"parameters": [
        {"name": "page", "in": "query", "required": True, "schema": {"type": "integer", "minimum": 1},
         "description": "which page", "x-not-shown": "the last page", "x-evidence": [{"source": "s"}]},
        {"name": "id", "in": "path"},
    ]}  # fmt: skip
    assert docs_pages.parameter_rows(op) == [
        Row("page (query)", "integer", True, "≥ 1", "which page", "the last page", [{"source": "s"}]),
        Row("id (path)", "any", False, "", "", "", []),
    ]
    assert docs_pages.parameter_rows({}) == []


def test_examples_keep_their_value_as_indented_json_and_their_notes() -> None:
    owner = {"examples": {
        "one": {"summary": "s", "description": "d |", "value": {"é": [1]}, "x-evidence": [{"source": "e"}]},
        "none": {"x-not-shown": "no body shown"},
    }}  # fmt: skip
    one, none = docs_pages.examples_of(owner)
    assert (one.name, one.summary, one.description, one.json, one.evidence) == (
        "one", "s", "d \\|", '{\n  "é": [\n    1\n  ]\n}', [{"source": "e"}])  # fmt: skip
    assert (none.name, none.summary, none.description, none.json, none.evidence, none.not_shown) == (
        "none", "", "", "", [], "no body shown")  # fmt: skip
    assert docs_pages.examples_of({}) == []


def test_status_labels() -> None:
    assert docs_pages.status_label("default") == "Any other status (default)"
    assert docs_pages.status_label("429") == "429"


RESPONSE: dict[str, Any] = {
    "description": "the page",
    "x-not-shown": "response notice",
    "x-evidence": [{"source": "r"}],
    "headers": {"Retry-After": {"schema": {"type": "integer", "minimum": 0}, "required": True,
                                "description": "seconds", "x-not-shown": "unit"}},
    "links": {"next": {"operationId": "listPools", "description": "the next page"}},
    "content": {"application/json": {
        "x-not-shown": "media notice",
        "schema": {"oneOf": [
            {"x-not-shown": "schema notice", "properties": {"ok": {"type": "boolean"}},
             "x-sensitive": {"handling": "keep it secret"}},
            {"title": "Failure", "description": "a failure", "x-evidence": [{"source": "f"}]},
            {"description": "untitled"},
        ]},
        "examples": {"e": {"value": 1}},
    }},
}  # fmt: skip


def test_a_response_view_shows_the_success_its_alternatives_and_every_notice() -> None:
    view = docs_pages.response_view("200", RESPONSE)
    assert (view.status, view.description, view.sensitive, view.evidence) == (
        "200", "the page", "keep it secret", [{"source": "r"}])  # fmt: skip
    assert view.headers == [Row("Retry-After", "integer", True, "≥ 0", "seconds", "unit")]
    assert [r.name for r in view.fields] == ["ok"]
    assert view.not_shown == ["response notice", "media notice", "schema notice"]
    assert view.alternatives == [("or `Failure`: a failure", [{"source": "f"}]),
                                 ("or `another shape`: untitled", [])]  # fmt: skip
    assert view.links == ["next: `listPools`, the next page"]
    assert [(e.name, e.json) for e in view.examples] == [("e", "1")]
    assert view.same_as == ""


def test_a_response_without_a_body_or_notices_has_an_empty_view() -> None:
    view = docs_pages.response_view("204", {"description": "nothing"})
    assert (view.headers, view.fields, view.not_shown, view.sensitive, view.examples, view.links, view.alternatives,
            view.evidence) == ([], [], [], "", [], [], [], [])  # fmt: skip


def test_a_response_marked_sensitive_says_how_to_handle_it() -> None:
    response = {"x-sensitive": {"handling": "never log"}, "content": {"application/json": {"schema": {}}}}
    assert docs_pages.response_view("200", response).sensitive == "never log"


def test_citations_are_numbered_once_in_the_order_first_cited() -> None:
    cite = docs_pages.Citations()
    first = cite([{"source": "a `x` | b", "note": "n"}, {"source": "c"}])
    again = cite([{"source": "c"}, {"source": "a `x` | b", "note": "n"}, {"source": "c", "note": "other"}])
    assert first == ('<a class="cite" href="#evidence-1" title="a x  b">[1]</a>'
                     '<a class="cite" href="#evidence-2" title="c">[2]</a>')  # fmt: skip
    assert again == ('<a class="cite" href="#evidence-2" title="c">[2]</a>'
                     '<a class="cite" href="#evidence-1" title="a x  b">[1]</a>'
                     '<a class="cite" href="#evidence-3" title="c">[3]</a>')  # fmt: skip
    assert cite.listed() == [(1, "a `x` | b", "n", ""), (2, "c", "", ""), (3, "c", "other", "")]
    assert docs_pages.Citations()([{"source": '"<q>"'}]) == (
        '<a class="cite" href="#evidence-1" title="&quot;&lt;q&gt;&quot;">[1]</a>')  # fmt: skip


def test_names_break_only_where_a_reader_expects() -> None:
    wrapped = '<code class="field-name">data[].<wbr>mintA.<wbr>address</code>'
    assert docs_pages.field_name("data[].mintA.address") == wrapped
    assert docs_pages.field_name("m]n") == '<code class="field-name">m]<wbr>n</code>'
    assert docs_pages.field_name("a<b") == '<code class="field-name">a&lt;b</code>'
    assert docs_pages.code_name("ROUTE_NOT_FOUND") == "<code>ROUTE_<wbr>NOT_<wbr>FOUND</code>"
    assert docs_pages.slug("getPoolInfoByIds") == "get-pool-info-by-ids"
    assert docs_pages.slug("Quote") == "quote"


def test_a_shared_failure_response_is_described_once_per_page() -> None:
    failure = {"description": "failure", "content": {"application/json": {"schema": {"properties": {"msg": {}}}}}}
    op = {"operationId": "listPools", "responses": {"200": {"description": "ok"}, "429": failure, "default": failure}}
    view = docs_pages.operation_view("pool-v3", "get", "/pools", op)
    assert (view.page, [r.same_as for r in view.responses]) == ("list-pools.md", ["", "", "429"])


def test_an_operation_view_carries_its_body_and_an_unlisted_paths_note() -> None:
    body = {"schema": {"allOf": [{"x-rules": [{"rule": "r"}], "x-not-shown": "inner"}],
                       "properties": {"a": {"type": "string"}}},
            "examples": {"x": {"value": {"a": "b"}}}}  # fmt: skip
    op = {"operationId": "swap", "requestBody": {"content": {"application/json": body}}, "responses": {}}
    item = {"description": "not in the source | here", "x-evidence": [{"source": "e"}]}
    view = docs_pages.operation_view("transaction-v1", "post", "/swap", op, item)
    assert ([r.name for r in view.body_fields], view.body_rules, view.body_not_shown) == (["a"], [{"rule": "r"}],
                                                                                          ["inner"])  # fmt: skip
    assert [e.name for e in view.body_examples] == ["x"]
    assert (view.path_note, view.path_evidence) == ("not in the source \\| here", [{"source": "e"}])
    plain = docs_pages.operation_view("transaction-v1", "post", "/swap", op, {"description": "listed"})
    assert (plain.path_note, plain.path_evidence) == ("", [])


def test_the_first_call_is_the_first_get_that_takes_parameters() -> None:
    def view(method: str, params: int) -> docs_pages.OperationView:
        return docs_pages.OperationView("h", method, "/p", {}, parameters=[Row("p", "", False, "", "")] * params)

    post, bare, wanted = view("post", 1), view("get", 0), view("get", 1)
    assert docs_pages.first_call([{"tags": [("a", [post, bare]), ("b", [wanted])]}]) is wanted
    assert docs_pages.first_call([{"tags": [("a", [post, bare])]}]) is post


def test_tags_keep_the_bundles_order_and_drop_empty_ones() -> None:
    views = [docs_pages.OperationView("h", "get", f"/{t}", {"tags": [t]}) for t in ("b", "x", "a", "b")]
    groups = docs_pages.tag_groups({"tags": [{"name": "a"}, {"name": "b"}, {"name": "empty"}]}, views)
    assert [(name, [v.path for v in members]) for name, members in groups] == [
        ("a", ["/a"]), ("b", ["/b", "/b"]), ("x", ["/x"])]  # fmt: skip


def test_the_error_code_catalogue_is_found_on_any_schema() -> None:
    doc = {"components": {"schemas": {"A": {}, "B": "x", "C": {"x-error-codes": [{"code": "E"}]}}}}
    assert oas.error_codes(doc) == [{"code": "E"}]
    assert oas.error_codes({}) == []


def test_the_source_page_is_the_source_escaped_under_a_note(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "source-document.md").write_text("# Title <x>\n\nGET <BASE>/`<QUOTE>`\n", encoding="utf-8")
    monkeypatch.setattr(docs_pages, "REPO", tmp_path)
    target = tmp_path / "page.md"
    docs_pages.write_source_document(target)
    assert target.read_text(encoding="utf-8") == (
        "# Title <x>\n\n"
        '!!! info "The source document"\n    The only authority for what the services do, reproduced verbatim (the '
        "repository keeps it as `docs/source-document.md`).\n\n"
        "\nGET &lt;BASE>/`<QUOTE>`\n")  # fmt: skip


def test_a_changelog_is_shown_under_the_pages_heading() -> None:
    assert docs_pages.shifted("# Changelog: p\n\nAbout.\n\n## Unreleased\n\n## 1.0.0 (d)\n\nA <b> change.\n") == (
        "About.\n\n### Unreleased\n\n### 1.0.0 (d)\n\nA &lt;b> change.")


def test_the_releases_page_shows_the_records_newest_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records made by `make release` in full, newest first; migrated ones in a table; the
    version table is the newest record's."""
    folder = tmp_path / "records"
    folder.mkdir()
    made = [{"release": 1, "date": "d1", "commit": "c" * 40, "migrated": True, "versions": {},
             "packages": {"h": {"version": "1.0.0"}, "h-go": {"version": "1.0.0"}, "runtime-go": {"version": "2.0.0"}}},
            {"release": 2, "date": "d2", "commit": "e" * 40, "versions": {"h": {"version": "1.0.1"}},
             "packages": {"h": {"version": "1.0.1", "previous": "1.0.0", "level": "patch", "notes": "A <b>."}}}]
    for record in made:
        (folder / f"{record['release']:04d}.json").write_text(json.dumps(record), encoding="utf-8")
    monkeypatch.setattr(records, "RECORDS", folder)
    views = docs_pages.release_views()
    assert views["table"] == {"h": {"version": "1.0.1"}}
    assert [r["release"] for r in views["records"]] == [2]
    assert views["records"][0]["packages"] == [{"name": "h", "version": "1.0.1", "previous": "1.0.0",
                                                "level": "patch", "notes": "A &lt;b>."}]  # fmt: skip
    assert views["older"] == [{"release": 1, "date": "d1", "commit": "c" * 40,
                               "packages": "h 1.0.0, runtime-go 2.0.0"}]  # fmt: skip
    assert len(views["changelogs"]) == len(packages.catalogue())



def test_a_page_lists_each_notice_once_with_every_place_it_applies() -> None:
    """In page order; a text said in two places is one item naming both; a response that
    is the same as another adds nothing; a part without a notice adds nothing."""
    failure = {"description": "failed", "x-not-shown": "the codes", "content": {"application/json": {"schema": {
        "properties": {"code": {"type": "integer", "x-not-shown": "the values"}}}}}}  # fmt: skip
    op = {"operationId": "getX", "x-not-shown": "the limit", "x-edge-headers": [{"name": "X-Ip", "notShown": "how"}],
          "parameters": [{"name": "p", "in": "query", "x-not-shown": "its default"}, {"name": "q", "in": "query"}],
          "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"properties": {
              "a": {"x-not-shown": "the values"}}}, "examples": {"e": {"x-not-shown": "values", "value": 1}}}}},
              "429": failure, "default": failure}}  # fmt: skip
    view = docs_pages.operation_view("h", "get", "/x", op)
    assert docs_pages.page_notices(view) == [
        ("the operation", "the limit"),
        ("parameter `p (query)`", "its default"),
        ("edge header `X-Ip`", "how"),
        ("response 200, field `a`; response 429, field `code`", "the values"),
        ("example `e`", "values"),
        ("response 429", "the codes"),
    ]


def test_a_page_without_notices_lists_none_and_a_request_body_names_each_of_its_parts() -> None:
    """An operation, edge header or response with no notice adds no item (never an empty or
    "None" one); the request body's own notice and its fields' are named; a response after one
    that is the same as another still adds its notices."""
    plain = {"operationId": "getY", "x-edge-headers": [{"name": "X-Ip"}], "responses": {"200": {"description": "ok"}}}
    assert docs_pages.page_notices(docs_pages.operation_view("h", "get", "/y", plain)) == []
    failure = {"description": "failed", "x-not-shown": "the codes"}
    body = {"schema": {"x-not-shown": "the body", "properties": {"b": {"type": "string", "x-not-shown": "its range"}}}}
    op = {"operationId": "postZ", "requestBody": {"content": {"application/json": body}},
          "responses": {"400": failure, "429": failure,
                        "500": {"description": "down", "x-not-shown": "when"}}}  # fmt: skip
    assert docs_pages.page_notices(docs_pages.operation_view("h", "post", "/z", op)) == [
        ("the request body", "the body"),
        ("request field `b`", "its range"),
        ("response 400", "the codes"),
        ("response 500", "when"),
    ]


def test_what_a_response_or_an_operation_does_not_say_stays_empty() -> None:
    """A missing description, header text, link description, alternative's description or
    handling text is shown as nothing, never as "None"."""
    response = {
        "headers": {"Retry-After": {"schema": {"type": "integer"}}},
        "links": {"next": {"operationId": "listPools"}},
        "x-sensitive": {"note": "no handling text"},
        "content": {"application/json": {"schema": {"oneOf": [{"properties": {"ok": {}}}, {"title": "Failure"}]}}},
    }
    view = docs_pages.response_view("200", response)
    assert view.description == ""
    assert (view.headers[0].description, view.headers[0].not_shown) == ("", "")
    assert view.links == ["next: `listPools`, "]
    assert view.alternatives == [("or `Failure`:", [])]
    assert view.sensitive == ""
    op = {"operationId": "getX"}
    bare = docs_pages.operation_view("h", "get", "/x", op, {})
    assert (bare.path_note, bare.responses, bare.page, bare.host, bare.path) == ("", [], "get-x.md", "h", "/x")


def test_a_record_keeps_its_notice_and_citations_and_a_list_record_shows_its_entries_fields() -> None:
    """A record's own "not shown" text and citations are on the records page (none when it has
    none); a record that is a list shows the fields of its entries."""
    mints = {"title": "Mints", "type": "array",
             "items": {"type": "object", "properties": {"symbol": {"type": "string"}}},
             "x-not-shown": "the order", "x-evidence": [{"source": "s"}]}  # fmt: skip
    pool = {"title": "Pool", "properties": {"mints": mints}}
    doc = {"components": {"schemas": {"Pool": pool, "Mints": mints}}}
    shared = frozenset({"Pool", "Mints"})
    op = {"operationId": "getA",
          "responses": {"200": {"content": {"application/json": {"schema": {"properties": {"data": pool}}}}}}}
    view = docs_pages.operation_view("h", "get", "/a", op, records=docs_pages.Records(shared))
    listed = {r.name: r for r in docs_pages.record_views(doc, [view], docs_pages.Records(shared, page=""))}
    assert (listed["Mints"].not_shown, listed["Mints"].evidence) == ("the order", [{"source": "s"}])
    assert (listed["Pool"].not_shown, listed["Pool"].evidence) == ("", [])
    assert [(r.name, r.type) for r in listed["Mints"].fields] == [("[].symbol", "string")]
