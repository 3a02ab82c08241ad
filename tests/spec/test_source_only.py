"""The source-only view of each host (generated/openapi/<host>.source-only.yaml) is derived
mechanically from the bundle, is valid, carries no evidence and no name absent from the
source document, and is what the source-coverage tests check."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from project import GENERATED, HOSTS, REPO, SOURCE_DOCUMENT, SPEC, source_view
from project import bundle as host_bundle
from scripts.spec import oas, source_only
from scripts.spec import validate as validate_spec
from scripts.spec.deref import dereference
from scripts.spec.house_rules import Checker
from scripts.spec.source_only import source_only as strip

FILES = {h: GENERATED / f"{h}.source-only.yaml" for h in HOSTS}


@pytest.mark.parametrize("host", HOSTS)
def test_source_only_view_is_derived_from_the_bundle(host: str) -> None:
    committed = oas.load_document(FILES[host])  # strict, and read by libyaml where PyYAML has it
    bundle = oas.load_document(GENERATED / f"{host}.yaml")
    assert committed == strip(bundle), f"{FILES[host].name} is stale: run make"


@pytest.mark.parametrize("host", HOSTS)
def test_source_only_view_is_valid_openapi(host: str) -> None:
    assert validate_spec.problems(FILES[host]) == []


@pytest.mark.parametrize("host", HOSTS)
def test_source_only_view_has_no_evidence_and_no_invented_name(host: str) -> None:
    assert "x-evidence" not in FILES[host].read_text(encoding="utf-8")
    checker = Checker(SPEC / "common" / "extensions.yaml", SOURCE_DOCUMENT.read_text(encoding="utf-8"))
    checker.check_entry(FILES[host])
    assert checker.by_rule.get("names", []) == []
    assert checker.problems == []


@pytest.mark.parametrize("host", HOSTS)
def test_coverage_tests_read_the_source_only_view(host: str) -> None:
    """Dereferencing the committed source-only file gives the view the coverage tests check."""
    assert json.loads(json.dumps(dereference(FILES[host]))) == json.loads(json.dumps(source_view(host)))


def test_evidence_is_stripped_where_there_is_some() -> None:
    """Not vacuous: the full bundles carry evidence that the view removes."""
    for host in ("pool-v3", "transaction-v1"):
        assert "x-evidence" in (GENERATED / f"{host}.yaml").read_text(encoding="utf-8")
    quote = source_view("transaction-v1")["components"]["schemas"]["SwapQuote"]
    # only slippageBps stays: the source names it and bounds it for compute and transaction
    assert list(quote["properties"]) == ["slippageBps"]
    assert quote["properties"]["slippageBps"]["maximum"] == 10000
    assert "routePlan" not in json.dumps(source_view("transaction-v1"))
    assert "mints" not in [
        p["name"] for p in source_view("pool-v3")["paths"]["/mint/price"]["get"].get("parameters", [])
    ]


@pytest.mark.parametrize("host", HOSTS)
def test_ledger_counts_endpoints_from_the_source_and_from_evidence(host: str) -> None:
    """The ledger's endpoint counts agree with the two views: the source-only view keeps
    exactly the endpoints the ledger attributes to the source."""
    from scripts.spec.ledger import endpoints_of

    counts = endpoints_of(host_bundle(host))
    view = source_view(host)
    in_view = sum(1 for item in view["paths"].values() for m in oas.HTTP_METHODS if m in item)
    in_bundle = sum(1 for item in host_bundle(host)["paths"].values() for m in oas.HTTP_METHODS if m in item)
    assert counts == {"from_source": in_view, "from_evidence": in_bundle - in_view}
    if host == "pool-v3":
        assert counts["from_evidence"] == 3  # /main/version, /main/rpcs and /main/auto-fee


@pytest.mark.parametrize("host", HOSTS)
def test_main_writes_the_committed_view_byte_for_byte(host: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """In process: the view, in the bundle's key order, through a temporary file that is renamed."""
    out = tmp_path / f"{host}.source-only.yaml"
    assert source_only.main([str(GENERATED / f"{host}.yaml"), str(out)]) == 0
    assert out.read_text(encoding="utf-8") == FILES[host].read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]
    assert capsys.readouterr().out == f"source-only: wrote {out}\n"


def test_the_view_of_a_small_bundle() -> None:
    """What the real bundles happen not to hold: enum values with parallel descriptions that
    evidence backs in part, an evidence header under an operation's `default` response (an
    OpenAPI object there, not a literal), and references external, local and dangling."""
    cite = [{"source": "https://example.org/e"}]
    doc = {
        "paths": {"/x": {"get": {"responses": {"default": {"description": "any failure", "headers": {
            "X-Edge": {"x-evidence": cite, "schema": {"type": "string"}}}}}}}},
        "components": {"schemas": {
            "Kind": {"type": "string", "enum": ["a", "b", "c"], "x-enum-descriptions": ["A", "B", "C"],
                     "x-evidence": [{"source": "https://example.org/k", "values": ["b"]}]},
            "Gone": {"x-evidence": cite, "type": "object"},
            "Uses": {"type": "object", "properties": {"k": {"$ref": "#/components/schemas/Kind"},
                                                      "g": {"$ref": "#/components/schemas/Gone"},
                                                      "o": {"$ref": "other.yaml#/Thing"}}},
        }},
    }  # fmt: skip
    assert source_only.source_only(doc) == {
        "paths": {"/x": {"get": {"responses": {"default": {"description": "any failure"}}}}},
        "components": {"schemas": {
            "Kind": {"type": "string", "enum": ["a", "c"], "x-enum-descriptions": ["A", "C"]},
            "Uses": {"type": "object", "properties": {"k": {"$ref": "#/components/schemas/Kind"},
                                                      "o": {"$ref": "other.yaml#/Thing"}}},
        }},
    }  # fmt: skip


# The commit whose source-only views every later view must equal (issue 82): the evidence of
# 2026 adds names and behaviour, never a word of what the source states. The views are read
# from git, not from a committed copy: git keeps them unchanged and whole, a copy would be four
# more files to keep in step (this suite already reads past releases from git). A change that
# means to change what the source states (a new source document) moves this pin, and says why
# in a decision record. info.version is the one line a release moves (docs/guide/versioning.md).
# Moved once, from 5956b82b to bbd65d6a: x-pagination (decision 140) restates as data what the
# source says of paging (list-v2's nextPageId, the page parameters), and perps-v1's
# /campaign/list says why it has no iterator; neither is evidence.
SOURCE_ONLY_PIN = "bbd65d6afeb042d5cdfd0cfbca3f256308bae96c"
INFO_VERSION = re.compile(r"^(info:\n(?:  .*\n)*?  version: ).*$", re.M)


def without_version(text: str) -> str:
    """The view's text with its info.version blanked (the first `version` under `info`)."""
    blanked, found = INFO_VERSION.subn(r"\1<version>", text, count=1)
    assert found == 1, "the view has an info.version"
    return blanked


@pytest.mark.history  # `make test` and CI run it; the in-front gate does not (a release test edits source text)
@pytest.mark.parametrize("host", HOSTS)
def test_source_only_view_is_byte_for_byte_the_pinned_one(host: str) -> None:
    """Byte for byte (info.version aside) what the view was at SOURCE_ONLY_PIN: evidence added
    since then changes the full bundle only."""
    proc = subprocess.run(["git", "show", f"{SOURCE_ONLY_PIN}:generated/openapi/{host}.source-only.yaml"],
                          capture_output=True, cwd=REPO, check=False, timeout=60)  # fmt: skip
    assert proc.returncode == 0, f"the pinned commit's view of {host} (this test needs the history): {proc.stderr!r}"
    pinned = without_version(proc.stdout.decode("utf-8"))
    assert without_version(FILES[host].read_text(encoding="utf-8")) == pinned, (
        f"{FILES[host].name} differs from its view at {SOURCE_ONLY_PIN[:12]}: evidence may not change what the "
        "source states (a deliberate change moves SOURCE_ONLY_PIN, with a decision record)")


def test_the_pinned_view_blanks_only_the_version() -> None:
    text = "openapi: 3.1.0\ninfo:\n  title: T\n  version: 1.2.3\n  x-a:\n    version: keep\nservers: []\n"
    assert without_version(text) == text.replace("1.2.3", "<version>")
    assert without_version(text.replace("1.2.3", "9.9.9")) == without_version(text)


def test_the_view_drops_the_extensions_that_rest_on_evidence() -> None:
    """An operation the source shows keeps its place, its parameters and its other extensions;
    where its calls moved, and what a value gets back, go with the evidence they rest on."""
    cite = [{"source": "https://example.org/e", "date": "2026-05-08"}]
    link = {"operationId": "b", "since": "2026-05-08", "change": "moved", "x-evidence": cite}
    doc = {"paths": {"/a": {"get": {
        "operationId": "a", "x-successor": link, "x-rules": [{"rule": "r", "source": "s"}],
        "parameters": [{"name": "p", "in": "query", "schema": {"type": "string"}, "x-value-outcomes": [
            {"when": "an unknown value", "outcome": "empty-success", "answer": "[]", "basis": "observed",
             "x-evidence": cite}]}],
        "responses": {"200": {"description": "ok"}}}},
        "/b": {"get": {"operationId": "b", "x-predecessors": [link], "responses": {"200": {"description": "ok"}}}}}}
    assert source_only.source_only(doc) == {"paths": {
        "/a": {"get": {"operationId": "a", "x-rules": [{"rule": "r", "source": "s"}],
                       "parameters": [{"name": "p", "in": "query", "schema": {"type": "string"}}],
                       "responses": {"200": {"description": "ok"}}}},
        "/b": {"get": {"operationId": "b", "responses": {"200": {"description": "ok"}}}}}}


def test_the_extensions_the_view_drops_are_those_whose_entries_need_evidence() -> None:
    """EVIDENCE_EXTENSIONS is the vocabulary's list of extensions each entry of which requires
    x-evidence (directly or through a helper schema): none is missed, none is dropped wrongly."""
    schemas = oas.load_document(SPEC / "common" / "extensions.yaml")["components"]["schemas"]

    def entry(schema: dict[str, Any]) -> dict[str, Any]:
        while True:
            if "$ref" in schema:
                schema = schemas[str(schema["$ref"]).rsplit("/", 1)[-1]]
            elif schema.get("type") == "array":
                schema = schema["items"]
            else:
                return schema

    needing = {name for name, schema in schemas.items() if name.startswith("x-") and name != "x-error-codes"
               and "x-evidence" in (entry(schema).get("required") or [])}  # fmt: skip
    assert needing == source_only.EVIDENCE_EXTENSIONS
