"""Every openapi-generator template of ours (scripts/templates/openapi-generator; its README.md)
says where it came from, in a mustache comment that opens the file: `upstream: <the template's
path in openapi-generator> @ <version>` and `changes:` (what ours changes), or
`upstream: none (ours)`, `wired in:` (the option or partial that reads it) and `what:`.

An override copies a template of one generator version: when the pin (requirements.in) moves,
each override must be merged with its upstream template at the new version and its header say
so, or these tests fail. The upstream paths are checked against the pinned jar; outside CI a
missing jar skips that check with a message, under CI=true it fails (as tests/clients/toolchains.py
does for the toolchains)."""

from __future__ import annotations

import importlib.util
import os
import re
import zipfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from project import REPO
from scripts.clients.openapi_generator import SPECS, TEMPLATES

RESOURCES = "modules/openapi-generator/src/main/resources/"  # where the jar's templates come from
UPSTREAM_FOLDER = {"go": "go", "php": "php", "ruby": "ruby-client", "rust": "rust"}  # ours -> the generator's
HEADER = re.compile(r"\{\{!(.*?)\}\}", re.S)
FIELD = re.compile(r"^\s*(upstream|changes|wired in|what): (.*)$", re.M)
UPSTREAM = re.compile(r"(?P<path>\S+) @ (?P<version>\d+\.\d+\.\d+)")
OURS = "none (ours)"
PIN = re.compile(r"^openapi-generator-cli==(\S+)$", re.M)
UPGRADE = "merge each override with its upstream template at the new version and update its header (README.md)"


@dataclass(frozen=True)
class Header:
    template: str  # go/api.mustache: its path under scripts/templates/openapi-generator
    upstream: str | None  # the generator's template it overrides; None: a template of ours
    version: str | None  # the generator version it was taken from
    fields: frozenset[str]


def templates() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.is_file() and p.name != "README.md")


def header(path: Path) -> Header:
    """The header that opens the template, or an AssertionError that says what is wrong."""
    name = path.relative_to(TEMPLATES).as_posix()
    match = HEADER.match(path.read_text(encoding="utf-8"))
    assert match, f"{name}: does not start with a header comment ({{{{! upstream: ... }}}}; README.md)"
    fields = {key: value.strip() for key, value in FIELD.findall(match.group(1))}
    first = match.group(1).strip().splitlines()[0]
    assert first.startswith("upstream: "), f"{name}: the header's first line is not `upstream: ...`: {first!r}"
    if fields["upstream"] == OURS:
        missing = {"wired in", "what"} - set(fields)
        assert not missing, f"{name}: a template of ours says {sorted(missing)}"
        return Header(name, None, None, frozenset(fields))
    upstream = UPSTREAM.fullmatch(fields["upstream"])
    assert upstream, f"{name}: not `upstream: <path> @ <version>` nor `upstream: {OURS}`: {fields['upstream']!r}"
    assert "changes" in fields, f"{name}: an override says what it changes (`changes: ...`)"
    return Header(name, upstream["path"], upstream["version"], frozenset(fields))


def pinned_version() -> str:
    """The openapi-generator version requirements.in pins (the openapi-generator-cli package)."""
    found = PIN.findall((REPO / "requirements.in").read_text(encoding="utf-8"))
    assert len(found) == 1, f"requirements.in: one openapi-generator-cli pin expected, found {found}"
    return str(found[0])


def jar() -> Path | None:
    """The generator the build runs: the jar inside the openapi-generator-cli package."""
    spec = importlib.util.find_spec("openapi_generator_cli")
    path = Path(spec.origin).parent / "openapi-generator.jar" if spec and spec.origin else None
    return path if path and path.is_file() else None


@cache
def jar_entries() -> tuple[str, frozenset[str]]:
    """The jar's version (its manifest) and its files; skips (fails under CI=true) without it."""
    path = jar()
    if path is None:
        message = "openapi-generator's jar not found (the openapi-generator-cli package): run `make setup`"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    with zipfile.ZipFile(path) as archive:
        manifest = archive.read("META-INF/MANIFEST.MF").decode("utf-8")
        names = frozenset(archive.namelist())
    version = re.search(r"^implementation-version: (\S+)", manifest, re.M | re.I)
    return (version[1] if version else ""), names


def test_every_template_starts_with_a_header() -> None:
    found = templates()
    assert len(found) > 40, "the templates moved: TEMPLATES in scripts/clients/openapi_generator.py"
    assert [p.name for p in found if p.suffix != ".mustache"] == []
    for path in found:
        header(path)


def test_an_override_names_the_template_it_replaces() -> None:
    """The generator reads templateDir/<name> in place of its own <folder>/<name>: the path a
    header records is that template's."""
    wrong = {}
    for h in map(header, templates()):
        language, rest = h.template.split("/", 1)
        expected = f"{RESOURCES}{UPSTREAM_FOLDER[language]}/{rest}"
        if h.upstream is not None and h.upstream != expected:
            wrong[h.template] = f"{h.upstream} (expected {expected})"
    assert wrong == {}


def test_every_override_records_the_pinned_generator_version() -> None:
    pinned = pinned_version()
    stale = {h.template: h.version for h in map(header, templates()) if h.upstream and h.version != pinned}
    assert stale == {}, f"not the pinned openapi-generator-cli {pinned} (requirements.in): {UPGRADE}"


def test_the_jar_is_the_pinned_version() -> None:
    version, _ = jar_entries()
    assert version == pinned_version(), f"the installed jar is {version}: run `make setup`"


def test_every_upstream_template_is_in_the_pinned_jar() -> None:
    _, names = jar_entries()
    missing = {h.template: h.upstream for h in map(header, templates())
               if h.upstream and h.upstream.removeprefix(RESOURCES) not in names}  # fmt: skip
    assert missing == {}, f"not in openapi-generator {pinned_version()} (renamed or removed upstream?)"


def test_a_template_of_ours_has_no_namesake_in_the_jar() -> None:
    """A template of ours that the generator also has replaces the generator's: it is an
    override, and its header must name what it replaces."""
    _, names = jar_entries()
    shadowing = []
    for h in map(header, templates()):
        language, rest = h.template.split("/", 1)
        if h.upstream is None and f"{UPSTREAM_FOLDER[language]}/{rest}" in names:
            shadowing.append(h.template)
    assert shadowing == []


def test_every_template_of_ours_is_wired_in() -> None:
    """A template of ours is a supporting file (Language.files in scripts/clients/openapi_generator.py,
    or one it adds where a host needs it, named there as a string) or a partial that another
    template of its language reads."""
    unused = []
    source = (REPO / "scripts" / "clients" / "openapi_generator.py").read_text(encoding="utf-8")
    for h in map(header, templates()):
        language, rest = h.template.split("/", 1)
        if h.upstream is not None or rest in SPECS[language].files or f'"{rest}"' in source:
            continue
        partial = re.compile(r"\{\{>\s*" + re.escape(rest.removesuffix(".mustache")) + r"\s*\}\}")
        if not any(partial.search(p.read_text(encoding="utf-8")) for p in (TEMPLATES / language).rglob("*.mustache")):
            unused.append(h.template)
    assert unused == [], "neither a supporting file (Language.files) nor a partial another template reads"
