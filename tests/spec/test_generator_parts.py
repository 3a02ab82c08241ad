"""The generators' helpers on descriptions built here, for the cases our four hosts do not
have today: a server URL with variables, references where the hosts write a schema inline, a
failure envelope listed before the success, an operation without a summary or with `*/` or `|`
in it, a page walk without a `more` flag, and a client whose recorded runtime floor is not the
runtime's current version. The hosts' own output is checked whole in test_generator_output.py."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from project import REPO, schema_ref
from project import bundle as host_bundle  # the JSON bundle generate.generate reads
from scripts.clients import generate, openapi_generator
from scripts.common import versions


def server(url: str, evidence: bool = False, **defaults: tuple[str, bool]) -> dict[str, Any]:
    """A server object; each variable as (default, whether it carries an x-evidence)."""
    found: dict[str, Any] = {"url": url}
    if evidence:
        found["x-evidence"] = [{"source": f"https://example.org/{url}"}]
    if defaults:
        found["variables"] = {name: {"default": value, **({"x-evidence": [{"source": f"s-{name}"}]} if cited else {})}
                              for name, (value, cited) in defaults.items()}  # fmt: skip
    return found


def test_the_default_server_is_the_first_with_each_variable_at_its_cited_default() -> None:
    first = server("https://{region}.api.example/{stage}", region=("eu", True), stage=("v1", True))
    found = generate.default_server({"servers": [first, server("https://other.example", evidence=True)]})
    assert (found.url, found.citation, found.expanded) == ("https://eu.api.example/v1", "s-region; s-stage",
                                                           "https://eu.api.example/v1")  # fmt: skip
    cited = generate.default_server({"servers": [server("https://api.example", evidence=True)]})
    assert (cited.url, cited.citation, cited.expanded) == ("https://api.example", "https://example.org/https://api.example",
                                                           "https://api.example")  # fmt: skip


@pytest.mark.parametrize("servers", [
    [server("https://{region}.api.example", region=("eu", False))],  # a variable without evidence
    [server("https://{region}.api.example/{stage}", region=("eu", True), stage=("v1", False))],
    [server("https://api.example")],  # a literal URL without evidence
    [{}], [],  # no URL, no server
])  # fmt: skip
def test_a_server_without_evidence_for_every_part_is_no_default(servers: list[dict[str, Any]]) -> None:
    found = generate.default_server({"servers": servers})
    assert (found.url, found.citation) == (None, None)
    assert found.expanded == (servers[0].get("url", "").replace("{region}", "eu").replace("{stage}", "v1")
                              if servers else "")  # fmt: skip


def bundle_with(operations: dict[str, dict[str, Any]], **components: dict[str, Any]) -> dict[str, Any]:
    return {"info": {"title": "T", "version": "1.0.0"}, "paths": operations, "components": components}


OK_BY_REF = {"200": {"$ref": "#/components/responses/Ok"}}
RESPONSES: dict[str, Any] = {"Ok": {"description": "ok", "content": {"application/json": {"schema": {"oneOf": [
    {"$ref": "#/components/schemas/FailureEnvelope"}, {"$ref": "#/components/schemas/Quote"}]}}}}}  # fmt: skip


def test_a_first_call_follows_references_and_skips_what_it_cannot_show() -> None:
    host = generate.Host("x-v1")
    body = {"$ref": "#/components/requestBodies/Swap"}
    bodies = {"Swap": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Swap"},
                                                         "examples": {"one": {"$ref": "#/components/examples/One"}}}}}}
    untitled = {"content": {"application/json": {"schema": {"type": "object", "title": "Untitled"}}}}
    parameters = [{"$ref": "#/components/parameters/Limit"}, {"name": "wallet", "in": "query", "required": True,
                                                              "example": "W1", "schema": {"type": "string"}}]
    no_example = {"post": {"operationId": "noExample", "tags": ["swap"], "requestBody": untitled,
                           "responses": OK_BY_REF}}  # fmt: skip
    bundle = bundle_with(
        {"/a": no_example,
         "/b": {"post": {"operationId": "swapIt", "tags": ["swap"], "requestBody": body, "parameters": parameters,
                         "responses": {"200": {"$ref": "#/components/responses/Empty"}}}}},
        requestBodies=bodies, schemas={"Swap": {"type": "object", "title": "SwapBody"}},
        examples={"One": {"value": {"a": 1}}}, responses={"Empty": {"description": "nothing shown"}},
        parameters={"Limit": {"name": "limit", "in": "query", "schema": {"type": "integer"}}})  # fmt: skip
    call = generate.first_call(host, bundle)
    imports = ["from x_v1_client.api.swap import swap_it", "from x_v1_client.models import SwapBody"]
    assert call == generate.Call(imports, "swap_it", ["body=SwapBody.from_dict({'a': 1})", "wallet='W1'"], True)
    with pytest.raises(generate.GenerationError, match=r"^x-v1: no operation a README example can call$"):
        generate.first_call(host, bundle_with({"/a": no_example}))


def test_the_typescript_operations_follow_references_and_escape_a_comment_s_end() -> None:
    bundle = bundle_with(
        {"/q": {"get": {"operationId": "quote", "summary": "Quote */ now", "responses": OK_BY_REF},
                "post": {"operationId": "send", "requestBody": {"$ref": "#/components/requestBodies/Send"},
                         "responses": {"200": {"description": "nothing shown"}}}}},
        responses=RESPONSES, requestBodies={"Send": {"content": {"application/json": {"schema": {
            "type": "object", "properties": {"quote": {"$ref": "#/components/schemas/Quote"}, "flag": True}}}}}},
        schemas={"Quote": {"type": "object"}, "FailureEnvelope": {"type": "object"}})  # fmt: skip
    quote, send = generate.ts_operations(bundle)
    assert (quote["summary"], quote["success"], quote["raw"], quote["verbatim"]) == ("Quote *\\/ now", "Quote", False,
                                                                                     True)  # fmt: skip
    assert (send["summary"], send["has_body"], send["success"], send["raw"]) == ("", True, None, True)


def test_a_page_walk_without_a_more_flag_stops_on_an_empty_page() -> None:
    paging = {"style": "page", "list": "/data/listX/", "page": {"parameter": "page", "first": 1}}
    walk = generate.ts_paging(paging, "Page")
    assert walk == {"style": "page", "list": "page?.data?.listX", "parameter": "page", "first": 1, "more": "undefined",
                    "item_type": 'NonNullable<NonNullable<NonNullable<components["schemas"]["Page"]>["data"]>["listX"]>'
                                 "[number]"}  # fmt: skip


def test_a_success_is_the_member_that_is_not_a_failure_envelope() -> None:
    assert openapi_generator.success_ref(RESPONSES["Ok"]["content"]) == "#/components/schemas/Quote"
    assert openapi_generator.successes(bundle_with({"/q": {"get": {"operationId": "quote", "responses": OK_BY_REF}}},
                                                   responses=RESPONSES)) == {"quote": "Quote"}  # fmt: skip
    failures = [{"$ref": "#/components/schemas/PoolFailureEnvelope"}, {"$ref": "#/components/schemas/FailureEnvelope"}]
    assert all(openapi_generator.is_failure_ref(s) for s in failures)
    others = [{"$ref": "#/components/schemas/Failure"}, {"$ref": "#/components/schemas/failureenvelope"},
              {"type": "object", "title": "FailureEnvelope"}, "FailureEnvelope", None]  # fmt: skip
    assert not any(openapi_generator.is_failure_ref(s) for s in others)


def test_an_error_code_s_name_is_its_words_in_pascal_case() -> None:
    catalogue = [{"code": "REQ_WALLET_ERROR", "meaning": "m", "action": "a", "advice": "v"}]
    found = openapi_generator.error_codes(bundle_with({}, schemas={"Failure": {"x-error-codes": catalogue}}))
    assert found == [{**catalogue[0], "pascal": "ReqWalletError"}]


def test_a_language_without_a_cited_host_has_an_empty_default_base_url() -> None:
    assert openapi_generator.language_names("pool-v3", "go", None).default_base_url == ""
    assert openapi_generator.language_names("pool-v3", "go", "https://h").default_base_url == "https://h"


def test_a_readme_escapes_a_summary_s_bar_and_shows_no_example_it_was_not_given(tmp_path: Path) -> None:
    bundle = bundle_with({"/a": {"get": {"operationId": "listAll", "tags": ["pools"], "summary": "a | b",
                                         "responses": {}}},
                          "/b": {"get": {"operationId": "other", "tags": ["pools"], "responses": {}}}})  # fmt: skip
    names = openapi_generator.Names("x-v1", "1.0.0", "")
    readme = openapi_generator.package_readme("ruby", names, bundle, tmp_path)
    assert readme.endswith("| `GET /a` | `poolsApi#list_all` | a \\| b |\n| `GET /b` | `poolsApi#other` |  |\n")
    assert "None" not in readme
    assert "```ruby\n\n```\n" in readme  # the first call's block, empty: no sample to show
    # no go.mod, no call that takes a parameter struct
    assert (openapi_generator._go_version(tmp_path), openapi_generator._params_call([])) == ("", "")


@pytest.mark.parametrize("language", ["python", "typescript", "go"])
def test_a_client_requires_the_runtime_floor_its_release_recorded(language: str, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Not the runtime's version now: a client released against runtime 0.9.0 keeps asking for it."""
    recorded = {key: {**entry, "runtime": "0.9.0"} for key, entry in versions.client_versions().items()}
    monkeypatch.setattr(versions, "client_versions", lambda: recorded)
    host = generate.Host("pool-v3")
    bundle = host_bundle("pool-v3")
    info = generate.provenance(host)
    if language == "python":
        generate.python_project(host, tmp_path, bundle, generate.default_server(bundle), info)
        assert "raydium-api-runtime>=0.9.0,<1" in (tmp_path / "pyproject.toml").read_text(encoding="utf-8")
    elif language == "typescript":
        generate.typescript_sources(host, tmp_path / "typescript" / "pool-v3-client", bundle, info)
        package = json.loads((tmp_path / "typescript" / "pool-v3-client" / "package.json").read_text(encoding="utf-8"))
        assert "^0.9.0" in package["dependencies"].values()
    else:
        names = openapi_generator.language_names("pool-v3", "go", None)
        readme = openapi_generator.package_readme("go", names, bundle, REPO / "generated" / "go" / "pool-v3")
        assert "v0.9.0" in readme


def test_a_description_without_a_summary_gets_a_readme_without_one(tmp_path: Path) -> None:
    host = generate.Host("pool-v3")
    committed = host_bundle("pool-v3")
    bundle = {**committed, "info": {k: v for k, v in committed["info"].items() if k != "summary"}}
    generate.python_project(host, tmp_path, bundle, generate.default_server(bundle), generate.provenance(host))
    readme = (tmp_path / "README.md").read_text(encoding="utf-8")
    assert f"A typed Python client for the **{bundle['info']['title']}**\n" in readme


def test_a_description_without_components_gets_an_empty_schema_table(tmp_path: Path) -> None:
    host = generate.Host("pool-v3")
    bare = {"info": {"title": "T", "version": "1.0.0"},
            "paths": {"/a": {"get": {"operationId": "ping", "responses": {"200": {"description": "nothing shown"}}}}}}
    generate.typescript_sources(host, tmp_path / "client", bare, generate.provenance(host))
    schemas = (tmp_path / "client" / "src" / "schemas.ts").read_text(encoding="utf-8")
    table = 'export const SCHEMAS: Record<string, unknown> = {\n "components": {\n  "schemas": {}\n }\n};\n'
    assert schemas.endswith(table)


MODELS = '''
class Page(Struct):
    data: list[Item] | UnsetType = UNSET
    next_page_id: str | UnsetType = UNSET
    count: int
    index_x: int


class Response(Struct):
    data: Annotated[
        Page,
        Meta(description="a page"),
    ]
    other = 3
'''
MODULE = '''
def _get_kwargs(*, other: int) -> dict[str, Any]:
    pass


def sync(*, client: Client, size: int | Unset = UNSET, cursor: str | None = None, flag: bool, bare=1) -> Page:
    pass
'''


def test_the_python_walks_read_the_models_fields_along_a_pointer(tmp_path: Path) -> None:
    """What python_iterators reads of the models and of the endpoint module: each Struct's
    annotated fields, a pointer followed through them to an attribute path and the last
    field's type (UnsetType dropped), and sync's keyword parameters after `client`."""
    models = tmp_path / "models.py"
    models.write_text(MODELS, encoding="utf-8")
    fields = generate._struct_fields(models)
    assert fields == {"Page": {"data": "list[Item] | UnsetType", "next_page_id": "str | UnsetType", "count": "int",
                               "index_x": "int"},
                      "Response": {"data": 'Annotated[\n        Page,\n        Meta(description="a page"),\n    ]'}}
    assert generate._followed(fields, "Response", "/data/nextPageId/") == ("data.next_page_id", "str")
    assert generate._followed(fields, "Response", "/data/data") == ("data.data", "list[Item]")
    assert generate._followed(fields, "Page", "/indexX") == ("index_x", "int")
    with pytest.raises(generate.GenerationError, match=r"^x-pagination: /data/more: Page has no field 'more'$"):
        generate._followed(fields, "Response", "/data/more")
    with pytest.raises(generate.GenerationError, match=r"^x-pagination: /page/data: Gone has no field 'page'$"):
        generate._followed(fields, "Gone", "/page/data")
    assert generate._sync_parameters(MODULE) == [("size", "size: int | Unset = UNSET"),
                                                 ("cursor", "cursor: str | None = None"), ("flag", "flag: bool"),
                                                 ("bare", "bare: = 1")]


def paged(pagination: dict[str, Any], page: Any = None) -> dict[str, Any]:
    """A description with one paged operation, listPools, whose success (by a response
    reference) is Page: `data` (required) holds `items` (also as `listX`, and by reference as
    `refList`), `next` and `more`, each required where `required` says so, and `inner` (always
    required), another Data."""
    item = {"$ref": "#/components/schemas/Item"}
    page = page or {"type": "object", "required": ["data"],
                    "properties": {"data": {"$ref": "#/components/schemas/Data"}}}  # fmt: skip
    listed = {"type": "array", "items": pagination.get("items", item)}
    required = ["items", "next", "more", "refList", "listX"] if pagination.get("required") else []
    data = {"type": "object", "required": ["inner", *required],
            "properties": {"items": listed, "next": {"type": "string"}, "more": {"type": "boolean"}, "listX": listed,
                           "refList": {"$ref": "#/components/schemas/List"},
                           "inner": {"$ref": "#/components/schemas/Data"}}}  # fmt: skip
    content = {"application/json": {"schema": {"$ref": "#/components/schemas/Page"}}}
    op = {"operationId": "listPools", "x-pagination": pagination["paging"],
          "responses": {"200": {"$ref": "#/components/responses/Ok"}}}  # fmt: skip
    return bundle_with({"/pools": {"get": op}}, responses={"Ok": {"description": "ok", "content": content}},
                       schemas={"Page": page, "Data": data, "Item": {"type": "object"}, "List": listed})  # fmt: skip


NUMBERED: dict[str, Any] = {"style": "page", "list": "/data/items", "page": {"parameter": "page", "first": 1}}
CURSOR: dict[str, Any] = {"style": "cursor", "list": "/data/items",
                          "cursor": {"parameter": "nextPageId", "next": "/data/next"}}
NULLABLE = {"anyOf": [{"$ref": "#/components/schemas/Item"}, {"type": "null"}]}


def test_a_walk_is_spelt_for_go_and_rust_from_the_pointers_it_follows() -> None:
    """go_walks and rust_walks: an item that may be null, a list, cursor or flag that the page
    may leave out, a walk without a flag, and the same fields required."""
    loose = paged({"paging": NUMBERED, "items": NULLABLE})
    go, rust = openapi_generator.go_walks(loose)[0], openapi_generator.rust_walks(loose)["listPools"]
    assert (go["page"], go["item"], go["list"], go["more"]) == ("Page", "*Item", "page.Data.Items", "nil")
    assert (go["first"], go["parameter"], go["setter"], go["field"], go["cursor"]) == (1, "page", "Page", "page", False)
    assert (rust["item"], rust["items"], rust["count"], rust["more"]) == (
        "Option<models::Item>", "page.data.items.unwrap_or_default()", "page.data.items.as_ref().map_or(0, Vec::len)",
        "None")  # fmt: skip
    flagged = paged({"paging": {**NUMBERED, "page": {**NUMBERED["page"], "more": "/data/more"}}, "required": True})
    go, rust = openapi_generator.go_walks(flagged)[0], openapi_generator.rust_walks(flagged)["listPools"]
    assert (go["item"], go["more"]) == ("Item", "func(page *Page) *bool { return &page.Data.More }")
    assert (rust["item"], rust["items"], rust["count"], rust["more"]) == (
        "models::Item", "page.data.items", "page.data.items.len()", "Some(page.data.more)")  # fmt: skip
    optional_flag = paged({"paging": {**NUMBERED, "page": {**NUMBERED["page"], "more": "/data/more"}}})
    assert openapi_generator.go_walks(optional_flag)[0]["more"] == "func(page *Page) *bool { return page.Data.More }"
    assert openapi_generator.rust_walks(optional_flag)["listPools"]["more"] == "page.data.more"
    for required, go_next, rust_next in ((True, "page.Data.Next", "Some(page.data.next.clone())"),
                                         (False, "page.Data.GetNext()", "page.data.next.clone()")):  # fmt: skip
        cursor = paged({"paging": CURSOR, "required": required})
        assert openapi_generator.go_walks(cursor)[0]["next"] == go_next
        assert openapi_generator.rust_walks(cursor)["listPools"]["next"] == rust_next


def test_a_walk_follows_a_longer_pointer_a_reference_and_a_one_of() -> None:
    """The last step of a pointer decides whether it is required, whatever the steps before
    it; a list may be a reference to an array schema; an item may be null through oneOf."""
    deep = {**NUMBERED, "list": "/data/inner/refList", "page": {"parameter": "pageNo", "first": 2,
                                                                 "more": "/data/inner/more"}}  # fmt: skip
    described = paged({"paging": deep})
    go, rust = openapi_generator.go_walks(described)[0], openapi_generator.rust_walks(described)
    assert (go["list"], go["more"], go["first"]) == ("page.Data.Inner.RefList",
                                                     "func(page *Page) *bool { return page.Data.Inner.More }", 2)
    assert rust["listPools"] == {"item": "models::Item", "items": "page.data.inner.ref_list.unwrap_or_default()",
                                 "count": "page.data.inner.ref_list.as_ref().map_or(0, Vec::len)",
                                 "parameter": "pageNo", "field": "page_no", "cursor": False, "first": 2,
                                 "more": "page.data.inner.more"}  # fmt: skip
    along = {**CURSOR, "list": "/data/inner/listX/", "cursor": {"parameter": "nextPageId", "next": "/data/inner/next"}}
    found = paged({"paging": along, "items": {"oneOf": [{"$ref": "#/components/schemas/Item"}, {"type": "null"}]}})
    go, rust = openapi_generator.go_walks(found)[0], openapi_generator.rust_walks(found)["listPools"]
    assert (go["item"], go["list"], go["next"]) == ("*Item", "page.Data.Inner.ListX", "page.Data.Inner.GetNext()")
    assert rust == {"item": "Option<models::Item>", "items": "page.data.inner.list_x.unwrap_or_default()",
                    "count": "page.data.inner.list_x.as_ref().map_or(0, Vec::len)", "parameter": "nextPageId",
                    "field": "next_page_id", "cursor": True, "next": "page.data.inner.next.clone()"}  # fmt: skip


@pytest.mark.parametrize(("case", "said"), [
    ({"paging": {**NUMBERED, "list": "/data/pools"}}, "/data/pools: no property 'pools'"),
    ({"paging": NUMBERED}, None),  # the control: it walks
    ({"paging": {**NUMBERED, "list": "/data/items"}, "page": {"type": "object", "properties": {
        "data": {"$ref": "#/components/schemas/Data"}}}}, "/data/items: 'data' is optional; a walk reads through "
                                                        "required objects only"),
    ({"paging": NUMBERED, "items": {"anyOf": [{"$ref": "#/components/schemas/Item"},
                                              {"$ref": "#/components/schemas/Page"}]}},
     "its items are not one named schema"),
    ({"paging": NUMBERED, "items": {"anyOf": [{"$ref": "#/components/schemas/Item"}, {"type": "string"}]}},
     "its items are not one named schema"),
    ({"paging": NUMBERED, "items": {"type": "object"}}, "its items are not one named schema"),
])  # fmt: skip
def test_a_walk_that_cannot_be_spelt_stops_the_generation_and_says_why(case: dict[str, Any], said: str | None) -> None:
    for walks in (openapi_generator.go_walks, openapi_generator.rust_walks):
        if said is None:
            assert walks(paged(case, case.get("page")))
            continue
        with pytest.raises(openapi_generator.LanguageError) as stopped:
            walks(paged(case, case.get("page")))
        assert str(stopped.value) == f"x-pagination of listPools: {said}"


ITEMS: dict[str, tuple[Any, bool]] = {  # an array's items, and whether a null among them is checked
    "strings": ({"type": "string"}, True), "anything": ({}, False), "described": ({"description": "x"}, False),
    "nullable": ({"type": ["string", "null"]}, False), "null": ({"type": "null"}, False),
    "either": ({"anyOf": [{"type": "string"}, {"type": "null"}]}, False),
    "one": ({"oneOf": [{"type": "integer"}, {"$ref": "#/components/schemas/Nothing"}]}, False),
    "neither": ({"anyOf": [{"type": "string"}, {"type": "integer"}]}, True),
    "objects": ({"properties": {"a": {"type": "string"}}}, True), "choices": ({"enum": ["a", "b"]}, True),
    "merged": ({"allOf": [{"type": "object"}]}, True), "named": ({"$ref": "#/components/schemas/Node"}, True),
    "flag": (True, False), "only": ({"oneOf": [{"type": "integer"}, {"type": "string"}]}, True),
    "open": ({"anyOf": [{"type": "string"}, True]}, False),
}  # fmt: skip


def test_the_null_checks_are_the_arrays_whose_items_may_not_be_null() -> None:
    """null_checks: for each operation with a success, the paths of the arrays whose items
    exclude null (through references, allOf, nested arrays, a type list and a schema that
    refers to itself), and the keys the success requires (through allOf)."""
    lists: dict[str, Any] = {name: {"type": "array", "items": items} for name, (items, _) in ITEMS.items()}
    lists |= {"untyped": {"items": {"type": "string"}}, "any": True,  # no array; a schema that allows anything
              "wrapped": {"allOf": [{"properties": {"tags": {"type": "array", "items": {"type": "string"}}}}]}}
    schemas = {
        "Page": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"required": ["data"],
                 "properties": {"data": {"type": "object", "properties": lists}}}]},
        "Base": {"required": ["success"], "properties": {"success": {"type": "boolean"},
                 "grid": {"type": ["array", "null"], "items": {"type": "array", "items": {"type": "integer"}}}}},
        "Node": {"type": "object", "properties": {"children": {"type": "array",
                                                               "items": {"$ref": "#/components/schemas/Node"}}}},
        "Nothing": {"type": "null"},
    }  # fmt: skip
    nothing = {"operationId": "sendNothing", "responses": {"200": {"description": "none"}}}
    bundle = bundle_with({"/a": {"get": {"operationId": "getPage", "responses": OK_BY_REF}, "post": nothing}},
                         responses={"Ok": {"description": "ok", "content": {"application/json": {"schema": {
                             "$ref": "#/components/schemas/Page"}}}}}, schemas=schemas)  # fmt: skip
    checked = sorted([f"data/{name}" for name, (_, null_checked) in ITEMS.items() if null_checked]
                     + ["grid", "grid/*", "data/named/*/children", "data/wrapped/tags"])
    assert openapi_generator.null_checks(bundle) == [{"op": "getPage", "snake": "get_page", "paths": checked,
                                                      "required": ["data", "success"]}]  # fmt: skip


@pytest.mark.parametrize("language", ["ruby", "php"])
def test_a_walk_whose_parameter_is_no_query_parameter_stops_the_view(language: str) -> None:
    """The Ruby and PHP walks mark the query parameter that moves them; one the operation does
    not have stops the generation, naming it."""
    bundle = copy.deepcopy(host_bundle("pool-v3"))
    op = bundle["paths"]["/pools/info/list-v2"]["get"]
    op["x-pagination"]["cursor"]["parameter"] = "after"
    with pytest.raises(openapi_generator.LanguageError) as failed:
        openapi_generator.generator_view(bundle, openapi_generator.SPECS[language])
    assert str(failed.value) == "x-pagination of listPoolsByCursor: no query parameter after"


LISTS: dict[str, Any] = {
    "paths": {"/p": {"get": {"operationId": "listP", "responses": {"200": {"$ref": "#/components/responses/Ok"}}}}},
    "components": {
        "responses": {"Ok": {"content": {"application/json": {"schema": {"oneOf": [
            schema_ref("FailureEnvelope"), schema_ref("Envelope")]}}}}},
        "schemas": {
            "FailureEnvelope": {"type": "object"},
            "Item": {"type": "object", "properties": {"a": {"type": "string"}}},
            "Other": {"type": "object", "properties": {"b": {"type": "string"}}},
            "ItemList": {"type": "array", "items": schema_ref("Item")},
            "Envelope": {"type": "object", "properties": {"data": schema_ref("Page")}},
            "Page": {"type": "object", "properties": {
                "plain": {"type": "array", "items": schema_ref("Item")},
                "nullable": {"type": "array", "items": {"anyOf": [schema_ref("Item"), {"type": "null"}]}},
                "oneOf": {"type": "array", "items": {"oneOf": [{"type": "null"}, schema_ref("Item")]}},
                "two": {"type": "array", "items": {"anyOf": [schema_ref("Item"), schema_ref("Other")]}},
                "inline": {"type": "array", "items": {"type": "string"}},
                "named": schema_ref("ItemList"),
                "anything": True,
                "loose": {"type": "array", "items": {"anyOf": [True, schema_ref("Item")]}},
            }},
        },
    },
}  # fmt: skip


@pytest.mark.parametrize(
    ("pointer", "item"),
    [
        ("/data/plain", ("Item", False)),
        ("/data/nullable", ("Item", True)),  # an anyOf of the item and null
        ("/data/oneOf", ("Item", True)),
        ("/data/two", ("", False)),  # two named schemas: no one item class
        ("/data/inline", ("", False)),  # no named schema
        ("/data/named", ("Item", False)),  # the list is a named schema itself
        ("/data/anything", ("", True)),  # a schema that admits any value, null too
        ("/data/loose", ("Item", True)),
        ("/data/missing", ("", True)),  # no such property: nothing is known of the items
    ],
)
def test_a_page_s_items_are_named_and_known_nullable_or_not(pointer: str, item: tuple[str, bool]) -> None:
    """What the Ruby and PHP walks are told of a page's items (openapi_generator._list_item),
    through the success member of a oneOf, $refs and anyOf/oneOf items."""
    op = LISTS["paths"]["/p"]["get"]
    assert openapi_generator._list_item(LISTS, op, pointer) == item


def test_go_names_reach_every_parameter_and_every_nested_property() -> None:
    """The Go view names each string enum's constants and each parameter's setter, wherever the
    parameter is declared (components, a path item, an operation; a $ref is named where it
    points); the Go name mappings take the properties of schemas nested in lists (anyOf) too."""
    view: dict[str, Any] = {
        "paths": {"/p": {
            "parameters": [{"name": "poolId", "in": "query"}, {"$ref": "#/components/parameters/Ids"}],
            "get": {"operationId": "getRpcList", "parameters": [{"name": "nextPageId", "in": "query"}]}}},
        "components": {
            "parameters": {"Ids": {"name": "ids", "in": "query"}},
            "schemas": {"PoolSortField": {"type": "string", "enum": ["liquidity", "apr24h"]},
                        "Flag": {"type": "boolean", "enum": [True]},
                        "RpcNode": {"anyOf": [{"type": "object", "properties": {"rpcUrl": {}, "name": {}}}]}}},
    }  # fmt: skip
    openapi_generator._go_view_names(view)
    item = view["paths"]["/p"]
    assert [p.get("x-go-name") for p in item["parameters"]] == ["PoolID", None]
    assert item["get"]["parameters"][0]["x-go-name"] == "NextPageID"
    assert view["components"]["parameters"]["Ids"]["x-go-name"] == "IDs"
    schemas = view["components"]["schemas"]
    assert schemas["PoolSortField"]["x-enum-varnames"] == ["PoolSortFieldLiquidity", "PoolSortFieldApr24h"]
    assert "x-enum-varnames" not in schemas["Flag"]
    assert openapi_generator.go_mappings(view) == {
        "nameMappings": {"rpcUrl": "RPCURL"}, "modelNameMappings": {"RpcNode": "RPCNode"},
        "operationIdNameMappings": {"getRpcList": "GetRPCList"}}  # fmt: skip
    bare: dict[str, Any] = {"paths": {"/p": {"get": {"operationId": "getId"}}}}  # no components at all
    openapi_generator._go_view_names(bare)
    assert openapi_generator.go_mappings(bare) == {"nameMappings": {}, "modelNameMappings": {},
                                                   "operationIdNameMappings": {"getId": "GetID"}}  # fmt: skip


SIMPLIFIED: list[tuple[str, Any, Any]] = [
    # several types: any JSON value, whatever else the schema says of one of them
    ("go", {"type": ["object", "array"], "items": {}, "maxItems": 1, "minItems": 0, "maxProperties": 2,
            "properties": {"a": {}}, "additionalProperties": False, "description": "d"}, {"description": "d"}),
    ("go", {"type": ["string", "null"], "minLength": 1}, {"type": "string", "minLength": 1}),
    ("go", {"type": ["null", "integer"]}, {"type": "integer"}),
    ("go", {"type": "boolean", "enum": [True], "const": True}, {"type": "boolean"}),
    ("go", {"type": "string", "enum": ["a"]}, {"type": "string", "enum": ["a"]}),
    ("go", {"allOf": [{"type": ["string", "null"]}]}, {"allOf": [{"type": "string"}]}),
    # values, not schemas: extensions, examples, an example's value; an operation's `default` response is a schema
    ("go", {"x-thing": {"type": ["a", "b"]}, "example": {"type": ["a", "b"]},
            "examples": {"one": {"value": {"type": ["a", "b"]}}}},
     {"x-thing": {"type": ["a", "b"]}, "example": {"type": ["a", "b"]},
      "examples": {"one": {"value": {"type": ["a", "b"]}}}}),
    ("go", {"paths": {"/p": {"get": {"responses": {"default": {"content": {"application/json": {
        "schema": {"type": ["string", "null"]}}}}}}}}},
     {"paths": {"/p": {"get": {"responses": {"default": {"content": {"application/json": {
         "schema": {"type": "string"}}}}}}}}}),
    # PHP: a schema or null is the schema; a bare $ref stays bare
    ("php", {"anyOf": [{"$ref": "#/c/X"}, {"type": "null"}], "description": "d"}, {"$ref": "#/c/X"}),
    ("php", {"oneOf": [{"type": "null"}, {"type": "object", "properties": {"a": {}}}], "description": "d"},
     {"type": "object", "properties": {"a": {}}, "description": "d"}),
    ("php", {"anyOf": [{"type": "null"}, {"type": "string"}, {"$ref": "#/c/X"}]},
     {"anyOf": [{"type": "null"}, {"type": "string"}, {"$ref": "#/c/X"}]}),
    # Rust and PHP: alternatives of scalars are any value
    ("rust", {"anyOf": [{"type": "string"}, {"type": "integer"}], "type": "string", "description": "d"},
     {"description": "d"}),
    ("rust", {"oneOf": [{"type": "string"}, {"type": "number"}]}, {}),
    ("rust", {"anyOf": [{"type": ["string", "null"]}, {"type": "integer"}]}, {}),
    ("rust", {"anyOf": [{"type": "string"}, {"$ref": "#/c/X"}]}, {"anyOf": [{"type": "string"}, {"$ref": "#/c/X"}]}),
    ("rust", {"anyOf": [{"type": "string"}, {}]}, {"anyOf": [{"type": "string"}, {}]}),
    ("rust", {"anyOf": [{"type": "string"}, {"type": "object"}]}, {"anyOf": [{"type": "string"}, {"type": "object"}]}),
    ("rust", {"anyOf": [{"$ref": "#/c/X"}, {"type": "null"}]}, {"anyOf": [{"$ref": "#/c/X"}, {"type": "null"}]}),
    ("go", {"anyOf": [{"type": "string"}, {"type": "integer"}]}, {"anyOf": [{"type": "string"}, {"type": "integer"}]}),
]  # fmt: skip


@pytest.mark.parametrize(("language", "schema", "view"), SIMPLIFIED)
def test_a_schema_is_simplified_to_what_the_language_s_generator_reads(language: str, schema: Any, view: Any) -> None:
    assert openapi_generator._simplify(schema, openapi_generator.SPECS[language]) == view


def test_php_takes_a_u64_as_digits_wherever_it_is_declared() -> None:
    """Every parameter whose schema is a uint64 (declared in components, on a path item or on an
    operation; a $ref is marked where it points) is marked x-u64, and every uint64 schema
    becomes a string of at most 20 digits that keeps its description."""
    u64 = {"$ref": "#/components/schemas/AmountU64"}
    view: dict[str, Any] = {
        "paths": {"/p": {
            "summary": "s",
            "parameters": [{"name": "amt", "in": "query", "schema": {"type": "integer", "format": "uint64"}},
                           {"$ref": "#/components/parameters/Amount"}],
            "get": {"parameters": [{"name": "other", "in": "query", "schema": {"type": "string"}},
                                   {"name": "big", "in": "query", "schema": u64},
                                   {"$ref": "#/components/parameters/Amount"}]}}},
        "components": {
            "parameters": {"Amount": {"name": "amount", "in": "query", "schema": u64}},
            "schemas": {"AmountU64": {"type": "integer", "format": "uint64", "description": "An amount", "minimum": 0},
                        "Plain": {"type": "integer", "format": "uint64"},
                        "Other": {"type": "string", "description": "o"}}},
    }  # fmt: skip
    openapi_generator._u64_as_digits(view)
    item = view["paths"]["/p"]
    assert [p.get("x-u64") for p in item["parameters"]] == [True, None]
    assert [p.get("x-u64") for p in item["get"]["parameters"]] == [None, True, None]
    assert view["components"]["parameters"]["Amount"]["x-u64"] is True
    digits = {"type": "string", "pattern": "^[0-9]{1,20}$"}
    assert view["components"]["schemas"] == {"AmountU64": {**digits, "description": "An amount"},
                                             "Plain": {**digits, "description": ""},
                                             "Other": {"type": "string", "description": "o"}}  # fmt: skip
