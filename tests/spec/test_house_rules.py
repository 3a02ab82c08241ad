"""The house rules hold on every bundle, one test per rule so a failure says which."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from project import BROKEN, GENERATED, HOSTS, SOURCE_DOCUMENT, SPEC
from scripts.spec import house_rules, oas
from scripts.spec.house_rules import Checker
from scripts.spec.house_rules import main as house_rules_main

RULES = ["ref", "marker", "open-object", "nullable", "operation", "envelope", "example", "names", "number"]


@cache
def checked(host: str, source: bool) -> Checker:
    path = GENERATED / f"{host}.yaml" if not source else SPEC / host / "openapi.yaml"
    checker = Checker(SPEC / "common" / "extensions.yaml", SOURCE_DOCUMENT.read_text(encoding="utf-8"))
    checker.check_entry(path)
    return checker


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("host", HOSTS)
def test_bundle_keeps_rule(host: str, rule: str) -> None:
    assert checked(host, source=False).by_rule.get(rule, []) == []


@pytest.mark.pipeline  # make's validate step runs the house rules on the source files
@pytest.mark.parametrize("host", HOSTS)
def test_source_files_keep_all_rules(host: str) -> None:
    assert checked(host, source=True).problems == []


def test_common_components_keep_all_rules() -> None:
    assert house_rules_main([str(p) for p in sorted((SPEC / "common").glob("*.yaml"))]) == 0


@pytest.mark.parametrize(
    ("citation", "followable"),
    [
        ("@raydium-io/raydium-sdk-v2@0.2.73-alpha src/api/type.ts ApiV3Token", True),
        ("raydium-io/raydium-ui-v3 src/hooks/farm/useFetchFarmByLpMint.ts (commit cf419cc0)", True),
        ("raydium-io/raydium-sdk-V2-demo issue 101", True),
        ("https://docs.raydium.io/raydium/traders/trade-api", True),
        ("@raydium-io/raydium-sdk-v2 src/api/type.ts ApiV3Token", False),  # no version
        ("raydium-io/raydium-ui-v3 src/hooks/farm/useFetchFarmByLpMint.ts", False),  # no commit
        ("a Dart wallet's source code", False),
        ("shared/evidence.md", False),
    ],
)
def test_an_evidence_citation_must_be_followable(citation: str, followable: bool) -> None:
    """spec/common/extensions.yaml constrains x-evidence's source to four followable forms;
    the house rules validate every x-evidence against it."""
    checker = Checker(SPEC / "common" / "extensions.yaml", SOURCE_DOCUMENT.read_text(encoding="utf-8"))
    errors = list(checker.vocab_validators["x-evidence"].iter_errors([{"source": citation}]))
    assert (errors == []) is followable, [e.message for e in errors]


def test_each_problem_is_kept_under_its_rule_and_says_where() -> None:
    """A problem is reported once per line, under the rule that found it; a file that cannot
    be read is a `ref` problem in the reader's words; a problem at a document's root says `/`."""
    checker = Checker(SPEC / "common" / "extensions.yaml", None)
    entry = BROKEN / "dangling-ref" / "openapi.yaml"
    checker.check_entry(entry)
    assert sorted(checker.by_rule) == ["envelope", "example", "ref"]
    assert sorted(line for lines in checker.by_rule.values() for line in lines) == sorted(checker.problems)
    assert "/schema/$ref: dangling $ref '#/components/schemas/NoSuchResponse'" in checker.by_rule["ref"][0]
    docs = oas.DocumentSet(entry)
    checker.problem(docs, entry, "", "a root problem", rule="operation")
    assert checker.problems[-1] == checker.by_rule["operation"][-1] == f"{docs.display(entry)}: /: a root problem"
    unreadable = Checker(SPEC / "common" / "extensions.yaml", None)
    unreadable.check_entry(BROKEN / "duplicate-key" / "openapi.yaml")
    assert list(unreadable.by_rule) == ["ref"]
    assert unreadable.by_rule["ref"] == unreadable.problems
    assert "not valid YAML/JSON: duplicate key 'summary'" in unreadable.problems[0]


def test_the_command_prints_each_problem_once_then_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    entry = BROKEN / "dangling-ref" / "openapi.yaml"
    assert house_rules_main([str(entry), str(entry)]) == 1
    said = capsys.readouterr()
    checker = Checker(SPEC / "common" / "extensions.yaml", None)
    checker.check_entry(entry)
    assert said.out == ""
    assert said.err == "".join(f"{line}\n" for line in dict.fromkeys(checker.problems)) + (
        f"house rules: {len(dict.fromkeys(checker.problems))} problem(s)\n")  # fmt: skip
    common = [str(p) for p in sorted((SPEC / "common").glob("*.yaml"))]
    vocabulary = str(SPEC / "common" / "extensions.yaml")
    assert house_rules_main([*common, "--vocabulary", vocabulary, "--source-document", str(SOURCE_DOCUMENT)]) == 0
    assert capsys.readouterr() == (f"house rules: ok ({len(common)} files)\n", "")
    with pytest.raises(SystemExit):
        house_rules_main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--source-document SOURCE_DOCUMENT check that every name is in this document or carries x-evidence" in shown
    assert f"specs [specs ...] {house_rules.__doc__.splitlines()[0]} positional arguments:" in shown


ENVELOPES = {
    "openapi": "3.1.0",
    "components": {"schemas": {
        "Core": {"type": "object", "properties": {"id": {}, "success": {}}},
        "Plain": {"$ref": "#/components/schemas/Core"},
        "Merged": {"allOf": [{"properties": {"id": {}}}, {"$ref": "#/components/schemas/Extra"}]},
        "Extra": {"properties": {"success": {}, "data": {}}},
        "OneOf": {"oneOf": [{"$ref": "#/components/schemas/Core"}, {"properties": {"id": {}, "error": {}}}]},
        "AnyOf": {"anyOf": [{"properties": {"id": {}, "success": {}, "a": {}}},
                            {"properties": {"success": {}, "id": {}, "b": {}}}]},
        "Both": {"properties": {"z": {}}, "oneOf": [{"properties": {"a": {}, "b": {}}}, {"properties": {"a": {}}}],
                 "anyOf": [{"properties": {"c": {}, "d": {}}}, {"properties": {"d": {}}}]},
        "NoAlternative": {"properties": {"id": {}}, "oneOf": []},
        "Dangling": {"$ref": "#/components/schemas/Nowhere"},
        "DanglingMember": {"allOf": [{"$ref": "#/components/schemas/Nowhere"}, {"properties": {"id": {}}}]},
        "NotAnObject": True,
        "Elsewhere": {"$ref": "other.json#/components/schemas/Far"},
    }},
}  # fmt: skip
OTHER = {"components": {"schemas": {  # a member's $ref is read in the file that holds the member
    "Far": {"allOf": [{"$ref": "#/components/schemas/Near"}], "oneOf": [{"$ref": "#/components/schemas/Near"}]},
    "Near": {"properties": {"id": {}, "success": {}}},
}}}  # fmt: skip


@pytest.mark.parametrize(
    ("name", "names"),
    [
        ("Core", {"id", "success"}),
        ("Plain", {"id", "success"}),
        ("Merged", {"id", "success", "data"}),  # every allOf member's, through $ref
        ("OneOf", {"id"}),  # only what every alternative declares
        ("AnyOf", {"id", "success"}),
        ("Both", {"z", "a", "d"}),
        ("NoAlternative", {"id"}),
        ("Dangling", set()),
        ("DanglingMember", {"id"}),
        ("NotAnObject", set()),
        ("Elsewhere", {"id", "success"}),
    ],
)
def test_an_envelope_s_names_come_through_refs_all_of_and_every_alternative(
    tmp_path: Path, name: str, names: set[str]
) -> None:
    """Checker.envelope_names, which the envelope rule asks for `id` and `success`."""
    entry = tmp_path / "openapi.json"
    entry.write_text(json.dumps(ENVELOPES), encoding="utf-8")
    (tmp_path / "other.json").write_text(json.dumps(OTHER), encoding="utf-8")
    checker = Checker(SPEC / "common" / "extensions.yaml", None)
    schema = ENVELOPES["components"]["schemas"][name]  # type: ignore[index]
    assert checker.envelope_names(oas.DocumentSet(entry), entry, f"/components/schemas/{name}", schema) == names


CITED = "https://docs.raydium.io/raydium/traders/trade-api"
NAMES_SOURCE = "A pool has an id, a Mint and a flag true. Header X-Rate-Limit; listPools."
NAMED = {
    "openapi": "3.1.0", "info": {"title": "t", "version": "1"},
    "paths": {"/pools": {"get": {
        "operationId": "listPools", "summary": "s", "tags": ["Pools"],
        "parameters": [
            {"name": "Mint", "in": "query", "schema": {"type": "string"}},
            {"name": "mint", "in": "query", "schema": {"type": "string"}},  # a query name's case counts
            {"name": "x-rate-limit", "in": "header", "schema": {"type": "string"}},  # a header's does not
            {"name": "after", "in": "query", "schema": {"type": "string"}, "x-evidence": [{"source": CITED}]}],
        "responses": {"200": {"description": "d", "headers": {
            "X-RATE-LIMIT": {"schema": {"type": "string"}}, "Retry": {"schema": {"type": "string"}},
            "Since": {"schema": {"type": "string"}, "x-evidence": [{"source": CITED}]}},
            "content": {"application/json": {"schema": {}, "example": {  # its keys, however deep
                "id": "x", "cited": 1, "deep": {"pool": [{"listPools": 1, "nested": 2}]},
                "mintA": "a property's name without evidence is no evidence"}}}}}}}},
    "components": {"schemas": {
        "Pool": {"type": "object", "properties": {
            "id": {"type": "string"}, "mintA": {"type": "string"}, "ID": {"type": "string"},
            "cited": {"type": "string", "x-evidence": [{"source": CITED}]}}},
        "Sort": {"type": "string", "enum": ["id", "volume"]},
        "Wide": {"type": "string", "x-extensible-enum": ["wide", "Mint"]},
        "Yes": {"type": "boolean", "const": True},
        "No": {"type": "boolean", "enum": [False]},
        "CitedNo": {"type": "boolean", "enum": [False], "x-evidence": [{"source": CITED, "values": [False]}]},
        "Count": {"type": "integer", "enum": [7]},  # a number is a value, not a name
        "Cited": {"type": "string", "enum": ["far", "near", "id"],
                  "x-evidence": [{"source": CITED, "values": ["far"]}]},
        "Backed": {"type": "string", "enum": ["deep"], "x-evidence": [{"source": CITED}]},
        "Gone": {"type": "string", "const": "gone"},
        "Catalogue": {"type": "string", "x-extensible-enum": ["id", "E7"], "x-error-codes": [
            "not an entry", {"code": "id", "x-evidence": [{"source": CITED}]}, {"code": "E7", "basis": "source"}]},
        "Codes": {"type": "string", "enum": ["E1", "E2"], "x-error-codes": [
            {"code": "E1", "x-evidence": [{"source": CITED}]}, {"code": "E2"}]},
    }},
}  # fmt: skip


def test_a_name_is_in_the_source_document_or_carries_evidence(tmp_path: Path) -> None:
    """The `names` rule: a property, parameter or header name stands in the source document as
    a word (a header's in any case) or carries x-evidence; an enum or const value stands there,
    or an x-evidence on its schema lists it in `values` (or backs the whole schema, or an
    evidence-backed error code is that value); every key of an example, however deep, stands
    there or is an evidence-backed property."""
    entry = tmp_path / "openapi.json"
    entry.write_text(json.dumps(NAMED), encoding="utf-8")
    checker = Checker(SPEC / "common" / "extensions.yaml", NAMES_SOURCE)
    checker.check_entry(entry)
    shown = oas.DocumentSet(entry).display(entry.resolve())
    invented = "is not in the source document and carries no x-evidence"
    value = "is not in the source document and no x-evidence on this schema lists it in `values`"
    example = "/paths/~1pools/get/responses/200/content/application~1json/example"
    unknown = "which is neither in the source document nor an evidence-backed property"
    source = "basis `source` exactly where the source document names the code"
    assert checker.by_rule["names"] == [f"{shown}: {line}" for line in [
        f"/paths/~1pools/get/parameters/1: invented name: parameter 'mint' {invented}",
        f"/paths/~1pools/get/responses/200/headers/Retry: invented name: header 'Retry' {invented}",
        f"{example}: example uses the name 'deep', {unknown}",
        f"{example}: example uses the name 'nested', {unknown}",
        f"{example}: example uses the name 'mintA', {unknown}",  # a property, but one without evidence
        f"/components/schemas/Pool/properties/mintA: invented name: property 'mintA' {invented}",
        f"/components/schemas/Pool/properties/ID: invented name: property 'ID' {invented}",
        f"/components/schemas/Sort: invented name: enum value 'volume' {value}",
        f"/components/schemas/Wide: invented name: enum value 'wide' {value}",
        f"/components/schemas/No: invented name: enum value 'false' {value}",
        f"/components/schemas/Cited: invented name: enum value 'near' {value}",
        f"/components/schemas/Gone: invented name: enum value 'gone' {value}",  # a const is a value too
        # a code the source names has basis `source`, and only such a code has it
        f"/components/schemas/Catalogue/x-error-codes/1: code 'id': {source}",
        f"/components/schemas/Catalogue/x-error-codes/2: code 'E7': {source}",
        f"/components/schemas/Catalogue: invented name: enum value 'E7' {value}",
        f"/components/schemas/Codes: invented name: enum value 'E2' {value}",
    ]]  # fmt: skip


OK_200 = {"description": "d", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Envelope"},
                                                               "example": {"id": "x", "success": True}}}}  # fmt: skip
RATE_LIMIT = {"scope": "per-source-ip", "policy": "progressive", "exceededStatus": 429, "retryAfterHeader": True}
NOT_A_CITATION = [{"source": CITED}, "not a citation", {"source": CITED, "withoutEvidence": {"default": "https://x.invalid"}}]
CODES = [{"code": "B", "basis": "source"}, {"code": "A", "basis": "source"}]
BROKEN_RULES = {
    "openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "x-rate-limit": RATE_LIMIT,
    "servers": [{"url": "https://{host}",
                 "variables": {"host": {"default": "x.invalid", "x-evidence": NOT_A_CITATION}}}],
    "paths": {"/a": {
        "get": {"tags": ["A", "B"],
                "parameters": [{"name": "n", "in": "query", "schema": {"type": "integer"}, "example": "x"},
                               {"name": "m", "in": "query", "schema": {"type": "object", "properties": {
                                   "b": {"type": "integer"},
                                   "a": {"type": "object", "properties": {"c": {"type": "integer"}}}}},
                                "example": {"b": "x", "a": {"c": "y"}}}],
                "responses": {
                    "404": {"$ref": "#/components/responses/Missing"},  # a response that cannot be read is skipped
                    "200": {"description": "d", "content": {
                        "text/plain": {"schema": {"type": "string"}, "example": "x"},  # no JSON, no envelope
                        "application/json": {"schema": {"type": "object", "properties": {"id": {"type": "string"}}},
                                             "example": {"id": "x"}},
                        "application/xml": {"schema": {"type": "string"}},
                        "text/csv": {"schema": {"type": "string"},
                                     "examples": {"gone": {"$ref": "#/components/examples/Gone"}}},
                        "application/json; charset=utf-8": {"x-not-shown": "no body is shown"}}}}},
        "post": {"operationId": "postA", "summary": "s", "tags": ["A"], "responses": {"200": OK_200, "429": {
            "description": "d", "headers": {"Retry-After": {"schema": {"type": "integer"}, "example": "soon"}}}}},
        "put": {"operationId": "putA", "summary": "s", "tags": ["A"], "x-made-up": 1, "x-rate-limit": RATE_LIMIT,
                "responses": {"200": OK_200, "429": {"description": "d"}}}}},
    "components": {"schemas": {
        "Envelope": {"type": "object", "properties": {"id": {"type": "string"}, "success": {"type": "boolean"}}},
        "Nullable": {"type": "string", "nullable": True},
        "Described": {"type": "string", "enum": ["a", "b"], "x-enum-descriptions": ["only one"]},
        "DescribedExtensible": {"type": "string", "x-extensible-enum": ["a"], "x-enum-descriptions": ["x", "y"]},
        "DescribedRight": {"type": "string", "enum": ["a"], "x-enum-descriptions": ["x"]},
        "DefaultOnSchema": {"type": "string", "x-evidence": [
            {"source": CITED, "withoutEvidence": {"default": "https://x.invalid"}}]},
        "Widened": {"type": ["string", "integer", "boolean"], "x-evidence": [
            {"source": CITED, "withoutEvidence": {"types": ["string", "integer"]}}]},
        "Same": {"type": ["string", "integer"], "x-evidence": [
            {"source": CITED, "withoutEvidence": {"types": ["string", "integer"]}}]},
        "Narrowed": {"type": "string", "x-evidence": [
            {"source": CITED, "withoutEvidence": {"types": ["string", "integer"]}}]},
        "Untyped": {"x-not-shown": "s", "x-evidence": [
            {"source": CITED, "withoutEvidence": {"types": ["string", "integer"]}}]},
        "Open": {"type": "object"},
        "Talking": {"type": "object", "x-not-shown": "public evidence shows more"},
        "Invalid": {"type": "string", "x-evidence": "not a list"},
        "Big": {"type": "integer", "maximum": 18446744073709551615},  # a named component's bound: kept exact
        "BigInside": {"type": "object", "x-not-shown": "s",
                      "properties": {"n": {"type": "integer", "maximum": 18446744073709551615}}},
        "Codes": {"type": "string", "x-extensible-enum": ["A", "B"], "x-error-codes": CODES},
    }},
}  # fmt: skip


def test_each_house_rule_finds_its_problem_where_it_is(tmp_path: Path) -> None:
    """Every rule but the names, on one description made to break each once: each problem, in
    the order found, under its rule, at its pointer and in its words. (The vocabulary's own
    messages come from its validators.)"""
    entry = tmp_path / "openapi.json"
    entry.write_text(json.dumps(BROKEN_RULES), encoding="utf-8")
    checker = Checker(SPEC / "common" / "extensions.yaml", None)
    checker.check_entry(entry)
    shown = oas.DocumentSet(entry).display(entry.resolve())

    def invalid(pointer: str, key: str, value: Any) -> list[str]:
        errors = checker.vocab_validators[key].iter_errors(value)
        return [f"{pointer}: invalid {key} value: {e.message}" for e in errors]

    dangling = (f"/paths/~1a/get/responses/404/$ref: dangling $ref '#/components/responses/Missing': "
                f"no '/components/responses/Missing' in {shown}")  # fmt: skip
    gone = (f"/paths/~1a/get/responses/200/content/text~1csv/examples/gone/$ref: dangling $ref "
            f"'#/components/examples/Gone': no '/components/examples/Gone' in {shown}")  # fmt: skip
    variable = "/servers/0/variables/host/x-evidence"
    backs = (f"{variable}: a server variable's citation backs its default: give withoutEvidence.default, the "
             "placeholder of the source-only view")
    narrow = "evidence may only narrow what the source states: type"
    schemas = "/components/schemas"
    expected = {
        # found following the $ref, and again reading the response or its examples
        "ref": [dangling, gone, dangling, gone],
        "number": [f"{schemas}/BigInside/properties/n/maximum: integer 18446744073709551615 is beyond 2^53: "
                   "JavaScript tools (Redocly, Spectral, Prism) corrupt it; only a named component schema's minimum "
                   "or maximum may be (the bundle keeps those exact); state the range another way (format, "
                   "description)"],
        "marker": [
            backs, backs, *invalid(variable, "x-evidence", NOT_A_CITATION),
            "/paths/~1a/put/x-made-up: unknown extension x-made-up: define it in spec/common/extensions.yaml",
            "/paths/~1a/put/x-rate-limit: x-rate-limit is not allowed on a operation (allowed on: root)",
            f"{schemas}/Described/x-enum-descriptions: x-enum-descriptions has 1 entries for 2 enum values (it is a "
            "list parallel to enum)",
            f"{schemas}/DescribedExtensible/x-enum-descriptions: x-enum-descriptions has 2 entries for 1 enum values "
            "(it is a list parallel to enum)",
            f"{schemas}/DefaultOnSchema/x-evidence: withoutEvidence.default belongs on a server variable, not a "
            "schema",
            f"{schemas}/Widened/type: {narrow} ['string', 'integer', 'boolean'] is not a part of "
            "withoutEvidence.types ['string', 'integer']",
            f"{schemas}/Same/type: {narrow} ['string', 'integer'] is not a part of withoutEvidence.types "
            "['string', 'integer']",
            f"{schemas}/Untyped/type: {narrow} None is not a part of withoutEvidence.types ['string', 'integer']",
            f"{schemas}/Talking/x-not-shown: x-not-shown says what the source does not show; it must not talk about "
            "evidence (the marker stays in the source-only view): put that in an x-evidence note",
            *invalid(f"{schemas}/Invalid/x-evidence", "x-evidence", "not a list"),
            *invalid(f"{schemas}/Codes/x-error-codes", "x-error-codes", CODES),
            f"{schemas}/Codes/x-error-codes: the codes of x-error-codes must be the x-extensible-enum values, in the "
            "same order",
        ],
        "operation": ["/paths/~1a/get: operation has no operationId", "/paths/~1a/get: operation has no summary",
                      "/paths/~1a/get: operation must have exactly one tag, has 2",
                      "/paths/~1a/get: operation has no 429 response (rate limiting with Retry-After)"],
        "envelope": ["/paths/~1a/get/responses/200: application/json response does not use the envelope (no "
                     "id/success in its schema)"],
        "example": ["/paths/~1a/get/parameters/0/example: example does not match its schema at (root): 'x' is not "
                    "of type 'integer'",
                    # each mismatch of one example, in the order of where it is
                    "/paths/~1a/get/parameters/1/example: example does not match its schema at a/c: 'y' is not "
                    "of type 'integer'",
                    "/paths/~1a/get/parameters/1/example: example does not match its schema at b: 'x' is not "
                    "of type 'integer'",
                    "/paths/~1a/get/responses/200/content/application~1xml: media type has no examples (or an "
                    "x-not-shown that says why none can be given)",
                    "/paths/~1a/post/responses/429/headers/Retry-After/example: example does not match its schema "
                    "at (root): 'soon' is not of type 'integer'"],
        "nullable": [f"{schemas}/Nullable: the `nullable` keyword is not allowed: use a type list such as "
                     "[string, 'null']"],
        "open-object": [f"{schemas}/Open: open object without a marker: a schema that shows no shape must carry "
                        "x-not-shown"],
    }  # fmt: skip
    assert checker.by_rule == {rule: [line if line.startswith(shown) else f"{shown}: {line}" for line in lines]
                               for rule, lines in expected.items()}  # fmt: skip
