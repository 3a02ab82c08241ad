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
                if "(records.md#" in text:  # the fields of a shared record are on the records page
                    text += re.sub(r"\s+", " ", page.with_name("records.md").read_text(encoding="utf-8"))
                notices = set(not_shown_texts(op))
                missing += [f"{host}/{page.name}: {n[:80]}" for n in notices if docs_pages.cell(n) not in text]
                checked |= notices
                edge |= {h["notShown"] for h in op.get("x-edge-headers") or [] if "notShown" in h}
    assert missing == []
    assert edge, "no edge header has a notShown: the test checks one form only"
    assert edge <= checked  # both forms were checked
    assert len(checked) > len(edge)


def _field_entries(page: Path) -> list[tuple[str, str]]:
    """(name, description) of every field entry of a reference page (the field_tree macro)."""
    markdown = page.read_text(encoding="utf-8")
    heads = re.findall(r'<div class="field-head" markdown="span">(.*?)</div>\n\n<div class="field-text" '
                       r'markdown="span">(.*?)</div>', markdown)  # fmt: skip
    return [(re.sub(r"<[^>]+>", "", head).split(" ")[0], text) for head, text in heads]


def test_every_field_entry_says_what_the_field_is(reference: Path) -> None:
    """No field entry on any page is only a name, a type and "evidence [n]": each has words
    before its citations, the description or what is known of the field."""
    entries = {f"{page.relative_to(reference)}: {name}": text for page in reference.glob("*/*.md")
               for name, text in _field_entries(page)}  # fmt: skip
    assert len(entries) > 300, len(entries)
    words = {where: re.sub(r"<span class=\"evidence-refs\".*", "", text).strip() for where, text in entries.items()}
    bare = [where for where, text in words.items() if not text]
    assert bare == []


POOL_PAGES = ("get-pools-by-ids.md", "list-pools-by-mint.md", "list-pools.md", "list-pools-by-cursor.md")


def test_the_pool_record_is_described_once_and_each_pool_page_links_it(reference: Path) -> None:
    """The pool record is the same on ids, mint, list and list-v2: each page names it with a
    link to the records page, which describes its fields once; no pool page lists them."""
    records = (reference / "pool-v3" / "records.md").read_text(encoding="utf-8")
    assert records.count("## PoolInfoItem { #poolinfoitem }") == 1
    assert records.count("## ") == len(set(re.findall(r"^## (\S+)", records, re.M)))  # each record once
    pool_fields = {"mintAmountA", "lpMint", "farmOngoingCount"}
    assert pool_fields <= {name for name, _ in _field_entries(reference / "pool-v3" / "records.md")}
    for name in POOL_PAGES:
        page = reference / "pool-v3" / name
        assert "[PoolInfoItem](records.md#poolinfoitem)" in page.read_text(encoding="utf-8"), name
        assert not pool_fields & {field for field, _ in _field_entries(page)}, name
        assert f"]({name})" in records.split("## Token", 1)[0], f"the record does not name {name} as a carrier"
