"""The reference pages scripts/docs/pages.py writes (Markdown, before mkdocs), rendered here
into a temporary folder from the committed bundles: no built site needed."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from project import GENERATED, HOSTS, REPO, not_shown_texts
from scripts.docs import pages as docs_pages
from scripts.spec import oas


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


@functools.cache
def _deref(host: str) -> dict[str, Any]:
    """A host's dereferenced bundle, read once for every test of the module."""
    doc: dict[str, Any] = json.loads((GENERATED / f"{host}.deref.json").read_text(encoding="utf-8"))
    return doc


def _operations(host: str) -> list[tuple[str, str, str]]:
    """(operationId, METHOD, path) of every operation of a host's dereferenced bundle."""
    doc = _deref(host)
    return [(op["operationId"], method.upper(), path) for path, item in doc["paths"].items()
            for method, op in item.items() if isinstance(op, dict) and "operationId" in op]  # fmt: skip


def test_render_all_writes_the_whole_reference_tree_and_says_so(tmp_path: Path) -> None:
    """render_all replaces the folder whole (a page of an earlier build does not survive), writes
    a page per operation and per host, the site-wide pages and the downloads as the bundles are,
    returns exactly the pages it wrote, and leaves no temporary folder behind."""
    out = tmp_path / "reference"
    out.mkdir()
    (out / "stale.md").write_text("a page of an earlier build\n", encoding="utf-8")
    ledger = REPO / "generated" / "markers.json"
    written = docs_pages.render_all(out, ledger, HOSTS)
    pages = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.md"))
    assert sorted(p.relative_to(out).as_posix() for p in written) == pages
    assert not (tmp_path / ".tmp-reference").exists()
    expected = {"index.md", "SUMMARY.md", "markers.md", "releases.md", "changelogs.md", "source-document.md",
                "upstream-changes.md"}
    for host in HOSTS:
        expected |= {f"{host}/index.md", f"{host}/interactive.md"}
        expected |= {f"{host}/{docs_pages.slug(op_id)}.md" for op_id, _, _ in _operations(host)}
        if oas.error_codes(_deref(host)):
            expected.add(f"{host}/error-codes.md")
        if (out / host / "records.md").exists():
            expected.add(f"{host}/records.md")
        for suffix in (".yaml", ".json", ".deref.json", ".source-only.yaml"):
            copy = out / "downloads" / f"{host}{suffix}"
            assert copy.read_bytes() == (GENERATED / f"{host}{suffix}").read_bytes(), copy.name
    assert set(pages) == expected
    assert (out / "downloads" / "markers.json").read_bytes() == ledger.read_bytes()
    upstream = GENERATED / "upstream-changes.json"
    assert (out / "downloads" / upstream.name).read_bytes() == upstream.read_bytes()
    flows = sorted(GENERATED.glob("*.arazzo.yaml"))
    assert flows, "no Arazzo workflow to check"
    for flow in flows:
        assert (out / "downloads" / flow.name).read_bytes() == flow.read_bytes()
    assert not (out / "downloads" / "releases").exists(), "the site publishes the current bundles, not every release"


def test_the_site_pages_link_each_host_and_what_each_host_has(reference: Path) -> None:
    """The navigation (SUMMARY.md) and each host's overview name the host's pages: every
    operation as METHOD path, the records page and the error codes where a host has them;
    the overview lists the Arazzo workflows by file, title and workflow ids."""
    summary = (reference / "SUMMARY.md").read_text(encoding="utf-8")
    for host in HOSTS:
        assert f"]({host}/index.md)" in summary
        for op_id, method, path in _operations(host):
            assert f"[{method} {path}]({host}/{docs_pages.slug(op_id)}.md)" in summary, op_id
        has_records = (reference / host / "records.md").exists()
        assert (f"]({host}/records.md)" in summary) == has_records, host
        assert ("](records.md)" in (reference / host / "index.md").read_text(encoding="utf-8")) == has_records, host
        assert (f"]({host}/error-codes.md)" in summary) == bool(oas.error_codes(_deref(host))), host
        assert "](interactive.md)" in (reference / host / "index.md").read_text(encoding="utf-8")
    index = (reference / "index.md").read_text(encoding="utf-8")
    for flow in sorted(GENERATED.glob("*.arazzo.yaml")):
        document = oas.load_document(flow)
        assert f"[{flow.name}](downloads/{flow.name})" in index
        assert document["info"]["title"] in index
        for workflow in document["workflows"]:
            assert f"`{workflow['workflowId']}`" in index


def test_operation_pages_link_the_error_codes_and_the_response_they_send_back(reference: Path) -> None:
    """An operation of a host with error codes links that host's codes page (and no other host's
    page does); the transaction call names the compute response it sends back by METHOD path;
    the codes page names each operation by METHOD path."""
    for host in HOSTS:
        has_codes = (reference / host / "error-codes.md").exists()
        for op_id, _, _ in _operations(host):
            page = (reference / host / f"{docs_pages.slug(op_id)}.md").read_text(encoding="utf-8")
            assert ("[this service's error codes](error-codes.md)" in page) == has_codes, op_id
    # on an operation page, a notice where it applies is a tag pointing at the page's one box of them
    pools = (reference / "pool-v3" / "list-pools.md").read_text(encoding="utf-8")
    assert 'class="not-shown-tag" href="#not-shown"' in pools
    assert '<span class="not-shown">' not in pools
    build = (reference / "transaction-v1" / "build-swap-base-in-transaction.md").read_text(encoding="utf-8")
    assert "`swapResponse` is the whole response of [GET /compute/swap-base-in](compute-swap-base-in.md)" in build
    codes = (reference / "transaction-v1" / "error-codes.md").read_text(encoding="utf-8")
    assert "[POST /transaction/swap-base-in](build-swap-base-in-transaction.md)" in codes
    assert "[GET /compute/swap-base-in](compute-swap-base-in.md)" in codes


def test_pages_are_tidy_markdown(reference: Path) -> None:
    """Every page a template writes ends with its newline; no line ends in spaces (Markdown would
    read two as a line break) and no page has more than two blank lines in a row (block tags
    leave no lines of their own); a JSON example is indented by two spaces."""
    pages = [p for p in reference.rglob("*.md") if p.name != "source-document.md"]  # the source, as it is
    assert len(pages) > 30
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert text.endswith("\n"), page.name
        assert not re.search(r"[ \t]+\n", text), page.name
        assert "\n\n\n\n\n" not in text, page.name
    host = (reference / "pool-v3" / "index.md").read_text(encoding="utf-8")
    assert re.search(r'\n {4}\{\n {6}"', host), "a JSON example in a host overview is not indented by two"


def test_the_command_writes_the_pages_and_says_how_many(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`docs_pages.py OUT LEDGER HOST...` (the Makefile's call) renders the hosts it is given into OUT
    and says how many pages it wrote and where."""
    out = tmp_path / "reference"
    assert docs_pages.main([str(out), str(REPO / "generated" / "markers.json"), "transaction-v1"]) == 0
    pages = list(out.rglob("*.md"))
    assert capsys.readouterr().out == f"docs pages: wrote {len(pages)} pages into {out}\n"
    assert {p.parent.name for p in pages} == {"reference", "transaction-v1"}
    with pytest.raises(SystemExit):
        docs_pages.main([str(out), str(REPO / "generated" / "markers.json")])  # no host: a usage error


def test_the_upstream_page_dates_cites_and_places_every_change(reference: Path) -> None:
    """Reference / Upstream changes: every change of generated/openapi/upstream-changes.json under
    its own anchor, with its date, what it does to a caller, each citation with its date, and
    where it is reflected (`unreleased` in words, after the host's last release)."""
    page = (reference / "upstream-changes.md").read_text(encoding="utf-8")
    record = json.loads((GENERATED / "upstream-changes.json").read_text(encoding="utf-8"))
    assert "- [Upstream changes](upstream-changes.md)" in (reference / "SUMMARY.md").read_text(encoding="utf-8")
    for change in record["changes"]:
        assert f"{{ #{change['id']} }}" in page
        assert f"| {change['date']} | [" in page
        assert change["callerImpact"].split()[0] in page
        for citation in change["evidence"]:
            assert f"{citation['source']} ({citation['date']})" in page
        for place in change["reflectedIn"]:  # `make release` writes its version where `unreleased` was
            host, version = place["description"], place["version"]
            said = f"the next release of {host} (after " if version == "unreleased" else f"{host} {version}"
            assert said in page, said
    assert "pool-v3 3.1.0: `PoolCursorPage` field `nextPageId`" in page
    assert "[`listPoolsByCursor`](pool-v3/list-pools-by-cursor.md) parameter `hasReward`" in page
    for quiet in record["quiet"]:
        assert f"- `{quiet['description']}`: " in page


def test_an_operation_page_shows_where_its_calls_went_and_what_a_value_gets(reference: Path) -> None:
    """x-successor and x-predecessors link the two pages both ways; x-value-outcomes stands beside
    its parameter, with its citations."""
    legacy = (reference / "pool-v3" / "list-pools.md").read_text(encoding="utf-8")
    cursor = (reference / "pool-v3" / "list-pools-by-cursor.md").read_text(encoding="utf-8")
    assert "!!! warning \"Raydium's SDK calls GET /pools/info/list-v2 instead, since 2026-05-08\"" in legacy
    assert "[GET /pools/info/list-v2](list-pools-by-cursor.md): " in legacy
    assert "- [GET /pools/info/list](list-pools.md), since 2026-05-08: " in cursor
    assert "- [GET /pools/info/mint](list-pools-by-mint.md), since 2026-05-08: " in cursor
    assert "[the upstream record](../upstream-changes.md)" in cursor
    row = next(line for line in cursor.splitlines() if line.startswith('| <code class="field-name">sortField (query)'))
    assert '<span class="value-outcome"' in row
    assert "an HTTP 5xx, HTTP 500" in row
    assert "(inferred)" in row
    assert "https://github.com/raydium-io/raydium-sdk-V2/issues/166 (2026-06-28)" in cursor
