"""The markers ledger's published counts (generated/markers.json, shown on the site) agree
with an independent count of the bundles: a walker written here, sharing no code with
scripts/spec/ledger.py or scripts/spec/oas.py, so a wrong count in either shows up as a difference."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from project import GENERATED, HOSTS, REPO
from scripts.spec import ledger

# The ledger is written after the spec-test gate (make: bundle, gate, ..., ledger), so
# the gate skips this test (a legitimate change would meet the last ledger); make test
# runs it on the finished build.
pytestmark = pytest.mark.tooling

LITERAL = {"example", "examples", "default", "const", "enum"}  # data, not OpenAPI
PLACES = ("query", "header", "path", "cookie")


def count(doc: Any) -> dict[str, int]:
    totals = dict.fromkeys(("not_shown", "evidence", "names_source", "names_evidence"), 0)

    def visit(node: Any, in_servers: bool = False) -> None:
        if isinstance(node, list):
            for item in node:
                visit(item, in_servers)
            return
        if not isinstance(node, dict):
            return
        if "x-not-shown" in node:
            totals["not_shown"] += 1
        totals["evidence"] += len(node.get("x-evidence") or [])
        if isinstance(node.get("properties"), dict):
            for prop in node["properties"].values():
                totals["names_evidence" if "x-evidence" in prop else "names_source"] += 1
        if isinstance(node.get("enum"), list) and not in_servers:  # a server variable's values are no names
            citations = node.get("x-evidence") or []
            whole = any("values" not in c and "withoutEvidence" not in c for c in citations)
            backed = {v for c in citations for v in c.get("values") or []}
            for value in node["enum"]:
                totals["names_evidence" if whole or value in backed else "names_source"] += 1
        # a parameter (a security scheme also has `name` and `in`, and a `type`)
        if isinstance(node.get("name"), str) and node.get("in") in PLACES and "type" not in node:
            totals["names_evidence" if "x-evidence" in node else "names_source"] += 1
        for key, value in node.items():
            if key == "examples" and isinstance(value, dict):  # Example Objects: markers, then data
                for example in value.values():
                    visit({k: v for k, v in example.items() if k != "value"}, in_servers)
            elif not (key in LITERAL or key.startswith("x-")):
                visit(value, in_servers or key == "servers")

    visit(doc)
    return totals


def endpoints(doc: dict[str, Any]) -> tuple[int, int]:
    methods = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
    source = sum(1 for item in doc["paths"].values() if "x-evidence" not in item for m in methods if m in item)
    evidence = sum(1 for item in doc["paths"].values() if "x-evidence" in item for m in methods if m in item)
    return source, evidence


@pytest.mark.parametrize("host", HOSTS)
def test_published_counts_match_an_independent_count(host: str) -> None:
    doc = json.loads((GENERATED / f"{host}.json").read_text(encoding="utf-8"))
    published = json.loads((REPO / "generated" / "markers.json").read_text(encoding="utf-8"))["hosts"][host]
    mine = count(doc)
    assert published["counts"] == {"x-not-shown": mine["not_shown"], "x-evidence": mine["evidence"]}
    assert published["names"] == {"from_source": mine["names_source"], "from_evidence": mine["names_evidence"]}
    source, evidence = endpoints(doc)
    assert published["endpoints"] == {"from_source": source, "from_evidence": evidence}
    assert len(published["markers"]) == mine["not_shown"] + mine["evidence"]


def test_the_independent_count_sees_the_known_facts() -> None:
    """Facts read off the specs by hand, so the counter itself is not vacuous: pool-v3 has
    three endpoints only evidence shows (/main/version, /main/rpcs, /main/auto-fee), the others none."""
    docs = {host: json.loads((GENERATED / f"{host}.json").read_text(encoding="utf-8")) for host in HOSTS}
    assert endpoints(docs["pool-v3"]) == (10, 3)
    assert endpoints(docs["transaction-v1"]) == (4, 0)
    assert count(docs["launch-auth"])["evidence"] == 0
    assert count(docs["pool-v3"])["names_evidence"] > 100


def token(key: str) -> str:
    """A key as a JSON pointer token (RFC 6901)."""
    return key.replace("~", "~0").replace("/", "~1")


def not_shown_markers(node: Any, pointer: str = "") -> list[tuple[str, str]]:
    """(JSON pointer of the holder, text) of every x-not-shown under a node, walked as count() walks."""
    found: list[tuple[str, str]] = []
    if isinstance(node, list):
        for i, item in enumerate(node):
            found += not_shown_markers(item, f"{pointer}/{i}")
    elif isinstance(node, dict):
        if "x-not-shown" in node:
            found.append((pointer or "/", node["x-not-shown"]))
        for key, value in node.items():
            here = f"{pointer}/{token(key)}"
            if key == "examples" and isinstance(value, dict):
                for name, example in value.items():
                    inner = {k: v for k, v in example.items() if k != "value"}
                    found += not_shown_markers(inner, f"{here}/{token(name)}")
            elif not (key in LITERAL or key.startswith("x-")):
                found += not_shown_markers(value, here)
    return found


@pytest.mark.parametrize("host", HOSTS)
def test_the_ledger_lists_every_not_shown_marker_where_it_stands(host: str) -> None:
    """scripts/spec/ledger.py, run now on the bundle, lists every x-not-shown marker, each at its place with
    its text, whether a source sentence backs it or not: catches a ledger that drops the markers no "not
    shown" statement of the source stands behind (the coverage tests pin only the backed ones)."""
    path = GENERATED / f"{host}.json"
    entries = ledger.ledger([path])["hosts"][host]["markers"]
    listed = sorted((e["location"], e["reason"]) for e in entries if e["marker"] == "x-not-shown")
    expected = sorted(not_shown_markers(json.loads(path.read_text(encoding="utf-8"))))
    assert listed == expected
    assert expected, host


def test_the_committed_ledger_is_ledger_pys_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """In process, byte for byte: every marker's pointer, reason and source, and every count."""
    bundles = [GENERATED / f"{host}.json" for host in HOSTS]
    committed = (REPO / "generated" / "markers.json").read_text(encoding="utf-8")
    assert ledger.ledger(bundles) == json.loads(committed)
    out = tmp_path / "markers.json"
    assert ledger.main([str(out), *map(str, reversed(bundles))]) == 0
    assert out.read_text(encoding="utf-8") == committed
    assert not (tmp_path / ".tmp-markers.json").exists()
    counts = ", ".join(f"{h} {json.loads(committed)['hosts'][h]['counts']['x-not-shown']}" for h in HOSTS)
    assert capsys.readouterr().out == f"ledger: wrote {out} (x-not-shown per host: {counts})\n"


def test_the_ledger_of_a_small_bundle(tmp_path: Path) -> None:
    """What the real bundles happen not to hold: a marker at the root, a reason that is not
    ASCII, enum values only some of which evidence backs, and JSON Schema `examples` (data)."""
    doc = {"openapi": "3.1.0", "x-not-shown": "the host (é)", "paths": {}, "components": {"schemas": {"Kind": {
        "type": "string", "enum": ["a", "b", "c"], "examples": [{"x-not-shown": "data, not a marker"}],
        "x-evidence": [{"source": "https://example.org/k", "values": ["b", "c"], "note": "two values"}]}}}}  # fmt: skip
    bundle = tmp_path / "h.json"
    bundle.write_text(json.dumps(doc), encoding="utf-8")
    out = tmp_path / "markers.json"
    assert ledger.main([str(out), str(bundle)]) == 0
    text = out.read_bytes().decode("utf-8")
    assert '"reason": "the host (é)"' in text  # written as UTF-8, not \\u escapes
    host = json.loads(text)["hosts"]["h"]
    assert host["markers"] == [
        {"marker": "x-not-shown", "location": "/", "reason": "the host (é)"},
        {"marker": "x-evidence", "location": "/components/schemas/Kind", "reason": "two values",
         "source": "https://example.org/k"},
    ]  # fmt: skip
    assert host["names"] == {"from_source": 1, "from_evidence": 2}
    assert host["counts"] == {"x-not-shown": 1, "x-evidence": 1}
