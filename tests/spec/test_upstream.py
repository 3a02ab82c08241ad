"""The upstream record (spec/upstream/changes.yaml, published as generated/openapi/upstream-changes.json):
valid against its schema, each change dated and cited so that anyone can follow it, each element
it names in the host's bundle, `unreleased` only where the last release lacks the element, a
released version only where that release had it; and `make release` writes the version."""

from __future__ import annotations

import copy
import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from project import GENERATED, HOSTS, REPO, bundle
from scripts.release import records
from scripts.spec import oas, upstream

RECORD = REPO / "spec" / "upstream" / "changes.yaml"
PUBLISHED = GENERATED / "upstream-changes.json"
# What anyone can follow: lines at a full commit, a commit, an issue or a pull request
FOLLOWABLE = re.compile(r"^https://github\.com/[\w.-]+/[\w.-]+/(blob/[0-9a-f]{40}/\S+#L\d+(-L\d+)?|commit/[0-9a-f]{40}"
                        r"|issues/\d+|pull/\d+)$")  # fmt: skip


def record() -> dict[str, Any]:
    data: dict[str, Any] = oas.load_document(RECORD)
    return data


def bundles() -> dict[str, dict[str, Any]]:
    return {host: bundle(host) for host in HOSTS}


def test_the_published_record_is_the_record(tmp_path: Path) -> None:
    """`make` wrote generated/openapi/upstream-changes.json from the record as it is now."""
    out = tmp_path / "upstream-changes.json"
    assert upstream.main([str(RECORD), str(out)]) == 0
    assert out.read_bytes() == PUBLISHED.read_bytes(), "generated/openapi/upstream-changes.json is stale: run make"
    assert json.loads(PUBLISHED.read_text(encoding="utf-8")) == record()
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


def test_libyaml_reads_the_record_as_the_python_reader_does() -> None:
    text = RECORD.read_text(encoding="utf-8")
    assert oas._FastStrictLoader is not None
    assert oas._read_yaml(oas._FastStrictLoader(text)) == oas._read_yaml(oas._StrictLoader(text))


def test_the_record_has_no_problem() -> None:
    assert upstream.problems(record(), bundles()) == []


def test_it_holds_the_changes_the_issue_asks_for() -> None:
    """Issue 82: the list-v2 move, the dynamic-fee and limit-order release, and the SDK's known
    broken versions, each dated and cited; the hosts with no change say so."""
    changes = {c["id"]: c for c in record()["changes"]}
    assert {"list-v2-takes-over-pool-listing", "list-v2-takes-over-mint-search", "dynamic-fees-and-limit-orders",
            "sdk-mint-search-http-500", "sdk-legacy-list-page-zero", "sdk-0-1-141-dead-token-list"} <= set(changes)
    assert changes["sdk-mint-search-http-500"]["sdk"] == {"affected": "0.2.43-alpha to 0.2.55-alpha",
                                                          "fixedIn": "0.2.56-alpha"}  # fmt: skip
    assert {q["description"] for q in record()["quiet"]} == set(HOSTS) - {"pool-v3"}


def test_every_citation_is_dated_and_can_be_followed() -> None:
    for change in record()["changes"]:
        for citation in change["evidence"]:
            assert FOLLOWABLE.match(citation["source"]), f"{change['id']}: {citation['source']}"
            assert citation.get("note"), f"{change['id']}: {citation['source']} says nothing"


def released_bundle(host: str) -> dict[str, Any]:
    """The bundle of the host's last release (releases/<host>/<host>.yaml)."""
    data: dict[str, Any] = oas.load_document(REPO / "releases" / host / f"{host}.yaml")
    return data


def test_unreleased_only_where_the_last_release_lacks_something() -> None:
    """`unreleased` is true: at least one element of the place is not in the host's last release
    (so that release cannot be the one that reflects the change)."""
    for change in record()["changes"]:
        for place in change["reflectedIn"]:
            if place["version"] == "unreleased":
                last = released_bundle(place["description"])
                assert any(upstream.find(last, e) for e in place["elements"]), (change["id"], place)


def test_a_released_version_had_the_elements() -> None:
    """A version named is a recorded release of that description whose bundle (read back from
    git at the record's commit) holds every element named."""
    released = {(name, p["version"]): r["commit"] for r in records.all_records() for name, p in r["packages"].items()}
    for change in record()["changes"]:
        for place in change["reflectedIn"]:
            if place["version"] == "unreleased":
                continue
            commit = released[(place["description"], place["version"])]
            shown = subprocess.run(["git", "show", f"{commit}:generated/openapi/{place['description']}.json"],
                                   capture_output=True, cwd=REPO, check=True, timeout=60).stdout  # fmt: skip
            doc = json.loads(shown)
            assert [upstream.find(doc, e) for e in place["elements"]] == [None] * len(place["elements"]), change["id"]


@pytest.mark.parametrize(("edit", "says"), [
    (lambda r: r["changes"][1]["reflectedIn"][0]["elements"].append({"schema": "NoSuchSchema"}),
     "no schema NoSuchSchema"),
    (lambda r: r["changes"][1]["reflectedIn"][0]["elements"].append({"operation": "listPools", "parameter": "nope"}),
     "listPools has no parameter nope"),
    (lambda r: r["changes"][1]["reflectedIn"][0]["elements"].append({"operation": "listPools", "extension": "x-nope"}),
     "no x-nope there"),
    (lambda r: r["changes"][1]["reflectedIn"][0].update(description="no-host"), "no host 'no-host'"),
    (lambda r: r["changes"].append(copy.deepcopy(r["changes"][-1])), "is used twice"),
    (lambda r: r["changes"].reverse(), "not in date order"),
    (lambda r: r["changes"][0]["evidence"][0].pop("date"), "'date' is a required property"),
    (lambda r: r["changes"][0]["evidence"][0].update(source="a blog post"), "does not match"),
    (lambda r: r["changes"][0].update(basis="guessed"), "is not one of"),
    (lambda r: r["changes"][1]["reflectedIn"][0].update(version="next"), "does not match"),
    (lambda r: r["changes"][1]["reflectedIn"][0]["elements"].append({"schema": "A", "operation": "b"}),
     "is not valid under any of the given schemas"),
])  # fmt: skip
def test_a_wrong_record_is_refused_saying_where(edit: Any, says: str) -> None:
    wrong = record()
    edit(wrong)
    found = upstream.problems(wrong, bundles())
    assert any(says in line for line in found), found


def test_a_release_writes_its_version_where_the_host_was_unreleased(tmp_path: Path) -> None:
    """close(): the record's text keeps its comments and layout; only that host's `unreleased`
    becomes the version; the JSON is written again; a layout close() cannot edit is refused."""
    # every pool-v3 place pending, whatever the record holds now (a release may have named them all)
    text, pending = re.subn(r"(- description: pool-v3\n\s+version: )\S+", r"\g<1>unreleased",
                            RECORD.read_text(encoding="utf-8"))  # fmt: skip
    assert pending >= 2
    path, out = tmp_path / "changes.yaml", tmp_path / "upstream-changes.json"
    path.write_text(text, encoding="utf-8")
    assert upstream.close("pool-v3", "9.9.9", path, out) == pending
    closed = path.read_text(encoding="utf-8")
    assert closed == re.sub(r"(- description: pool-v3\n\s+version: )unreleased", r"\g<1>9.9.9", text)
    assert json.loads(out.read_text(encoding="utf-8")) == oas.load_document(path)
    assert upstream.close("pool-v3", "9.9.10", path, out) == 0  # nothing left to name
    assert path.read_text(encoding="utf-8") == closed
    path.write_text(text.replace("      - description: pool-v3\n        version: unreleased",
                                 "      - version: unreleased\n        description: pool-v3"), encoding="utf-8")
    with pytest.raises(upstream.RecordError, match="not written as"):
        upstream.close("pool-v3", "9.9.9", path, out)


def test_main_reports_a_problem_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, out = tmp_path / "changes.yaml", tmp_path / "upstream-changes.json"
    path.write_text(RECORD.read_text(encoding="utf-8").replace("version: 3.1.0", "version: 3.1"), encoding="utf-8")
    assert upstream.main([str(path), str(out)]) == 1
    assert "/changes/1/reflectedIn/0/version: 3.1 is not of type 'string'" in capsys.readouterr().err
    assert not out.exists()
