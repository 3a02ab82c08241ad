"""The reference pages scripts/docs_pages.py writes (Markdown, before mkdocs), rendered here
into a temporary folder from the committed bundles: no built site needed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import docs_pages
from project import GENERATED, HOSTS, REPO, not_shown_texts


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "reference"
    docs_pages.render_all(out, REPO / "generated" / "markers.json", HOSTS)
    return out


def test_every_not_shown_marker_in_any_form_reaches_its_operation_page(reference: Path) -> None:
    """Each operation's reference page carries the text of every not-shown marker of the
    operation, in either form: `x-not-shown` and an edge header's `notShown`. Catches pages
    that drop the edge header's notShown (a test collecting only `x-not-shown` would not)."""
    missing, checked, edge = [], set(), set()
    for host in HOSTS:
        doc = json.loads((GENERATED / f"{host}.deref.json").read_text(encoding="utf-8"))
        for item in doc["paths"].values():
            for op in item.values():
                if not (isinstance(op, dict) and "operationId" in op):
                    continue
                page = reference / host / f"{docs_pages.slug(op['operationId'])}.md"
                text = re.sub(r"\s+", " ", page.read_text(encoding="utf-8"))
                notices = set(not_shown_texts(op))
                missing += [f"{host}/{page.name}: {n[:80]}" for n in notices if docs_pages.cell(n) not in text]
                checked |= notices
                edge |= {h["notShown"] for h in op.get("x-edge-headers") or [] if "notShown" in h}
    assert missing == []
    assert edge, "no edge header has a notShown: the test checks one form only"
    assert edge <= checked  # both forms were checked
    assert len(checked) > len(edge)
