"""mkdocs hooks of the reference site (mkdocs.yml `hooks:`): readers first.

* The pages of the navigation's "Project" section (decisions, testing, performance, the
  markers ledger) and the decision records it links to (docs/decisions/, outside the
  navigation) rank below the reader pages in search (mkdocs-material's per-page
  `search.boost`); the reference's navigation file is not in the search index at all.
* `llms.txt` at the site's root: an index of the reader pages in the llmstxt.org format
  (a title, a summary, then one list per navigation section), with relative links that
  work over HTTP and from disk.
* swagger-ui-tag is told which pages hold a `<swagger-ui>` tag (its own `filter_files`
  option), so that it parses only those: it read every page of the site with BeautifulSoup,
  which was over 40% of `mkdocs build` (decision 122).
"""

from __future__ import annotations

from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure import StructureItem
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation, Section
from mkdocs.structure.pages import Page

PROJECT = "Project"
PROJECT_BOOST = 0.1  # material's default is 1
RECORDS = "decisions/"  # the decision records: Project pages, reached from its index, not the navigation


NAV_FILE = "reference/SUMMARY.md"  # literate-nav's navigation: a page mkdocs renders, not one to find
SWAGGER_TAG = "<swagger-ui"  # what swagger-ui-tag replaces with its iframe


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """swagger-ui-tag's `filter_files`: the source pages that hold its tag (the interactive
    views). The list is read from the pages, so a new page with the tag needs no entry anywhere."""
    plugin = config.plugins.get("swagger-ui-tag")
    if plugin is not None:  # the site without the plugin builds as before
        pages = [file.src_path for file in files.documentation_pages() if SWAGGER_TAG in file.content_string]
        plugin.config["filter_files"] = pages
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    if any(ancestor.title == PROJECT for ancestor in page.ancestors) or page.file.src_uri.startswith(RECORDS):
        page.meta.setdefault("search", {})["boost"] = PROJECT_BOOST
    if page.file.src_uri == NAV_FILE:
        page.meta.setdefault("search", {})["exclude"] = True
    return markdown


def entries(items: list[StructureItem], depth: int = 0) -> list[str]:
    """One Markdown list line per page, nested sections indented."""
    lines = []
    for item in items:
        if isinstance(item, Section):
            lines.append(f"{'  ' * depth}- {item.title}")
            lines += entries(item.children, depth + 1)
        elif isinstance(item, Page):
            lines.append(f"{'  ' * depth}- [{item.title}]({item.url})")
    return lines


def llms_txt(config: MkDocsConfig, nav: Navigation) -> str:
    lines = [f"# {config.site_name}", "", f"> {config.site_description}", ""]
    for item in nav.items:
        if isinstance(item, Section) and item.title != PROJECT:
            lines += [f"## {item.title}", "", *entries(item.children), ""]
        elif isinstance(item, Page):
            lines += [f"- [{item.title}]({item.url})", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


NAV: dict[str, Navigation] = {}  # on_post_build is not given the navigation: on_nav keeps it


def on_nav(nav: Navigation, config: MkDocsConfig, files: Files) -> Navigation:
    NAV["nav"] = nav
    return nav


def on_post_build(config: MkDocsConfig) -> None:
    (Path(config.site_dir) / "llms.txt").write_text(llms_txt(config, NAV["nav"]), encoding="utf-8")
