"""Every internal link and anchor of the built site resolves, and no page loads an asset
from another host (links *to* other sites are fine; scripts, styles, images are not)."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import pytest

from project import GENERATED, HOSTS, REPO, not_shown_texts
from scripts.docs.pages import slug
from scripts.spec import ledger

SITE = REPO / "site"
pytestmark = pytest.mark.browser  # needs the built site, like the browser test


class Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []  # (tag/attribute, url)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for key in ("id", "name"):
            if values.get(key):
                self.ids.add(str(values[key]))
        for key in ("href", "src"):
            if values.get(key):
                self.links.append((f"{tag}[{key}]", str(values[key])))


def pages() -> dict[Path, Page]:
    parsed = {}
    for path in SITE.rglob("*.html"):
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        parsed[path] = page
    return parsed


def target_of(page: Path, url: str) -> Path:
    """The file a link points at; root-absolute links (the 404 page's) start at the site root."""
    if url.startswith("/"):
        target = (SITE / unquote(url).lstrip("/")).resolve()
    else:
        target = (page.parent / unquote(url)).resolve() if url else page
    return target / "index.html" if target.is_dir() else target


def test_site_is_built_with_every_operation() -> None:
    assert (SITE / "index.html").is_file(), "run make docs"
    for host in HOSTS:
        doc = json.loads((GENERATED / f"{host}.json").read_text(encoding="utf-8"))
        count = sum(1 for item in doc["paths"].values() for op in item.values() if isinstance(op, dict))
        pages = (SITE / "reference" / host).glob("*.html")  # swagger-*.html: the interactive view's frame
        rendered = [p for p in pages if p.name not in ("index.html", "interactive.html", "error-codes.html",
                                                       "records.html") and "swagger-" not in p.name]
        assert len(rendered) == count, host


def test_every_interactive_view_has_its_frame_and_no_page_keeps_the_tag() -> None:
    """swagger-ui-tag reads only the pages the site's hook lists (decision 122): each host's
    interactive view gets its Swagger UI frame, and no page is left with the tag unreplaced."""
    for host in HOSTS:
        view = (SITE / "reference" / host / "interactive.html").read_text(encoding="utf-8")
        frames = re.findall(r'<iframe class="swagger-ui-iframe"[^>]* src="(swagger-[0-9a-f]+\.html)"', view)
        assert len(frames) == 1, (host, frames)
        assert (SITE / "reference" / host / frames[0]).is_file(), (host, frames)
    kept = sorted(str(path.relative_to(SITE)) for path in SITE.rglob("*.html")
                  if "<swagger-ui" in path.read_text(encoding="utf-8"))  # fmt: skip
    assert kept == [], f"pages with an unreplaced <swagger-ui> tag: {kept}"


def test_internal_links_and_anchors_resolve() -> None:
    parsed = pages()
    broken = []
    checked = anchors = 0
    for path, page in parsed.items():
        for where, url in page.links:
            scheme = urlparse(url).scheme
            if scheme or url.startswith(("//", "mailto:")):
                continue
            checked += 1
            anchors += "#" in url
            address, fragment = urldefrag(url)
            target = target_of(path, address)
            if address and target.name == "index.html" and not address.endswith(".html"):
                broken.append(f"{path.relative_to(SITE)}: {where} {url} (a directory: from disk it opens a listing)")
            elif not target.exists():
                broken.append(f"{path.relative_to(SITE)}: {where} {url} (no such file)")
            elif fragment and target.suffix == ".html" and fragment not in parsed[target].ids:
                broken.append(f"{path.relative_to(SITE)}: {where} {url} (no anchor #{fragment})")
    assert broken == []
    assert checked > 1000, checked  # the check saw the site: it is not vacuous
    assert anchors > 100, anchors


def test_no_asset_from_another_host() -> None:
    loads = [
        f"{path.relative_to(SITE)}: {where} {url}"
        for path, page in pages().items()
        for where, url in page.links
        if (urlparse(url).scheme in ("http", "https") or url.startswith("//")) and not where.startswith("a[")
    ]
    assert loads == []


def test_downloads_are_the_committed_bundles() -> None:
    for host in HOSTS:
        for suffix in (".yaml", ".json", ".deref.json"):
            assert (SITE / "reference" / "downloads" / f"{host}{suffix}").read_bytes() == (
                GENERATED / f"{host}{suffix}"
            ).read_bytes()


def test_committed_ledger_is_current() -> None:
    fresh = ledger.ledger([GENERATED / f"{host}.json" for host in HOSTS])
    committed = json.loads((REPO / "generated" / "markers.json").read_text(encoding="utf-8"))
    assert committed == fresh, "generated/markers.json is stale: run make"


def test_spec_text_with_angle_brackets_stays_text() -> None:
    """`<BASE>/<QUOTE>` and `time:<unix-seconds>` must show as text, not become HTML tags."""
    pool_list = (SITE / "reference" / "perps-v1" / "list-default-pools.html").read_text(encoding="utf-8")
    assert "&lt;BASE&gt;/&lt;QUOTE&gt;" in pool_list
    for path in SITE.rglob("*.html"):
        html = re.sub(r"<title>.*?</title>", "", path.read_text(encoding="utf-8").lower(), flags=re.S)  # text only
        for tag in ("<base", "<unix-seconds", "<quote>"):
            assert tag not in html, path


def _page_text(path: Path) -> str:
    body = re.sub(r"<[^>]+>", " ", path.read_text(encoding="utf-8"))
    return re.sub(r"\s+", " ", html.unescape(body))


@pytest.mark.parametrize("host", HOSTS)
def test_every_not_shown_marker_is_on_its_operation_page(host: str) -> None:
    """Each operation's page shows the text of every not-shown marker the operation
    carries (operation, parameters, edge headers' notShown, body, responses and their fields)."""
    doc = json.loads((GENERATED / f"{host}.deref.json").read_text(encoding="utf-8"))
    checked = 0
    missing = []
    for item in doc["paths"].values():
        for op in item.values():
            if not (isinstance(op, dict) and "operationId" in op):
                continue
            page = SITE / "reference" / host / f"{slug(op['operationId'])}.html"
            text = _page_text(page)
            if 'href="records.html#' in page.read_text(encoding="utf-8"):  # the fields of a shared record
                text += _page_text(page.with_name("records.html"))
            for notice in set(not_shown_texts(op)):
                checked += 1
                if re.sub(r"\s+", " ", notice).strip() not in text:
                    missing.append(f"{page.name}: {notice[:80]}")
    assert missing == []
    assert checked > 0


def test_each_citation_is_listed_once_per_page() -> None:
    """A page's Evidence list names each citation once; fields refer to it as [n]."""
    pages = 0
    for path in (SITE / "reference").glob("*/*.html"):
        listed = re.findall(r'<li><span id="evidence-(\d+)"></span>(.*?)</li>', path.read_text(encoding="utf-8"), re.S)
        if not listed:
            continue
        pages += 1
        numbers = [int(n) for n, _ in listed]
        assert numbers == list(range(1, len(listed) + 1)), path.name
        texts = [re.sub(r"\s+", " ", text).strip() for _, text in listed]
        assert len(set(texts)) == len(texts), f"{path.name}: a citation listed twice"
    assert pages > 10


def test_the_error_code_table_lists_every_code_and_every_transaction_page_links_it() -> None:
    """Every code of the transaction service's catalogue (x-error-codes) is a row of its table,
    and each of its operation pages links the table."""
    doc = json.loads((GENERATED / "transaction-v1.json").read_text(encoding="utf-8"))
    codes = [e["code"] for e in doc["components"]["schemas"]["TransactionErrorCode"]["x-error-codes"]]
    table = (SITE / "reference" / "transaction-v1" / "error-codes.html").read_text(encoding="utf-8")
    rows = [html.unescape(re.sub(r"<[^>]+>", "", cell)) for cell in re.findall(r"<tr>\s*<td>(.*?)</td>", table)]
    assert rows[-len(codes):] == codes
    for item in doc["paths"].values():
        for op in item.values():
            if isinstance(op, dict) and "operationId" in op:
                page = (SITE / "reference" / "transaction-v1" / f"{slug(op['operationId'])}.html").read_text()
                assert 'href="error-codes.html"' in page, op["operationId"]


TASK_GUIDES = {"guide/swap.html": ("recipes/swap.py", "recipes/swap.ts"),
               "guide/sync.html": ("recipes/sync_pools.py",), "guide/perps.html": ("recipes/perps_metadata.py",),
               "guide/lint-in-ci.html": ()}  # fmt: skip


def test_each_task_guide_is_one_click_from_home_and_shows_its_tested_code() -> None:
    """A reader reaches each task guide from the home page's own text (not only the
    navigation), and the guide's code blocks are the recipe files the tests run, whole."""
    body = (SITE / "index.html").read_text(encoding="utf-8").split('<article', 1)[1]
    for guide, recipes in TASK_GUIDES.items():
        assert f'href="{guide}"' in body, f"the home page's text does not link {guide}"
        shown = html.unescape(re.sub(r"<[^>]+>", "", (SITE / guide).read_text(encoding="utf-8")))
        for recipe in recipes:
            code = (REPO / "docs" / "guide" / recipe).read_text(encoding="utf-8")
            assert code.strip() in shown, f"{guide} does not show {recipe} whole"
            assert (SITE / "guide" / recipe).read_text(encoding="utf-8") == code, f"{recipe} download differs"
