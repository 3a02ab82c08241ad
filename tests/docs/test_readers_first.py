"""Readers first (scripts/docs/hooks.py): the contributor pages sit in a "Project" section
that search ranks below the reader pages, the reference's navigation file is not found by
search, and llms.txt indexes the reader pages."""

from __future__ import annotations

import json
import re

import pytest

from project import REPO

SITE = REPO / "site"
pytestmark = pytest.mark.browser  # needs the built site, like the other site tests
PROJECT_PAGES = {"decisions/index.html", "testing.html", "defects.html", "performance.html", "reference/markers.html"}
RECORDS = "decisions/"  # every decision record is a Project page too


def search_index() -> list[dict[str, object]]:
    docs = json.loads((SITE / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    return list(docs)


def test_project_pages_rank_below_reader_pages() -> None:
    boosts = {str(e["location"]).split("#")[0]: e.get("boost") for e in search_index()}
    records = [page for page in boosts if page.startswith(RECORDS)]
    assert len(records) > 100, "the decision records are not in the search index"
    for page in [*PROJECT_PAGES, *records]:
        assert isinstance(boosts[page], float), page
        assert float(boosts[page]) < 1, page  # type: ignore[arg-type]
    assert {boosts[page] for page in records} == {boosts["testing.html"]}, "each record ranks as a Project page"
    assert boosts["guide/swap.html"] is None, "a reader page keeps the default rank"


def test_the_navigation_file_is_not_found_by_search() -> None:
    assert not [e for e in search_index() if "SUMMARY" in str(e["location"])]


def test_llms_txt_lists_the_reader_pages_and_not_the_project_ones() -> None:
    text = (SITE / "llms.txt").read_text(encoding="utf-8")
    assert text.startswith("# Pool data, swap transaction and perps metadata APIs\n\n> "), text[:200]
    links = set(re.findall(r"\]\(([^)]+)\)", text))
    assert not links & PROJECT_PAGES
    assert not [link for link in links if link.startswith(RECORDS)]
    for must in ("guide/swap.html", "guide/sync.html", "clients/install.html", "reference/pool-v3/list-pools.html",
                 "reference/transaction-v1/error-codes.html"):
        assert must in links, must
    for link in links:
        assert (SITE / link).is_file(), link
    operations = {p.relative_to(SITE).as_posix() for p in (SITE / "reference").glob("*/*.html")
                  if not p.name.startswith("swagger-")}  # Swagger UI's iframe documents  # fmt: skip
    assert operations <= links, sorted(operations - links)[:5]


def test_every_try_it_page_says_why_it_is_blank_from_disk() -> None:
    pages = sorted((SITE / "reference").glob("*/interactive.html"))
    assert len(pages) == 4
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert "Blank below? Serve the site" in text, page
        assert "make serve" in text, page


def test_no_reader_page_speaks_to_contributors() -> None:
    """The test suite's wording ("make test", "the mock server in make test") stays on the
    Project pages; the search index holds every page's text, section by section."""
    entries = [e for e in search_index() if str(e["location"]).split("#")[0] not in PROJECT_PAGES
               and not str(e["location"]).startswith(RECORDS)]  # fmt: skip
    assert len(entries) > 100, "the search index holds too few reader sections to judge"
    said = sorted({str(e["location"]) for e in entries if "make test" in str(e.get("text", ""))})
    assert said == [], said
