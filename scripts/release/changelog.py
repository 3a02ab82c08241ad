"""A package's changelog (releases/<package>/CHANGELOG.md): notes written for its users,
newest first, with what is not yet released under one heading at the top.

Library module. The layout, which `make release` reads and writes:

    # <title>

    <a paragraph on what the file is>

    ## Unreleased            (or `## Unreleased (minor)`: release as at least a minor version)

    <notes a contributor adds with a change, for the package's users>

    ## 1.2.0 (2026-12-05)

    ...

`make release` moves the Unreleased notes, with what it finds itself (the description's
changes, public names added or removed), under a heading for the new version.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

LEVELS = ("patch", "minor", "major")
UNRELEASED = re.compile(r"^## Unreleased(?: \((patch|minor|major)\))?[ \t]*$", re.M)


class ChangelogError(Exception):
    pass


@dataclass(frozen=True)
class Unreleased:
    notes: str  # the notes under the heading, stripped ("" when none)
    level: str | None  # the level the heading asks for, if any


def read(path: Path) -> Unreleased:
    """The Unreleased section of a changelog (empty when the file or the heading is missing)."""
    if not path.exists():
        return Unreleased("", None)
    text = path.read_text(encoding="utf-8")
    found = UNRELEASED.search(text)
    if found is None:
        return Unreleased("", None)
    rest = text[found.end() :]
    following = re.search(r"^## ", rest, re.M)
    return Unreleased((rest[: following.start()] if following else rest).strip(), found.group(1))


def start(path: Path, title: str, about: str, first: str = "") -> None:
    """A new changelog with an empty Unreleased section, and `first` (a section) below it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"# {title}\n\n{about}\n\n## Unreleased\n\n" + (f"{first.rstrip()}\n" if first else ""),
                    encoding="utf-8")  # fmt: skip


def close(path: Path, version: str, day: str, notes: str) -> None:
    """Turn the Unreleased section into the section of `version` with `notes` (the release's,
    human notes included), leaving an empty Unreleased section above it."""
    text = path.read_text(encoding="utf-8")
    found = UNRELEASED.search(text)
    if found is None:
        raise ChangelogError(f"{path}: no '## Unreleased' heading")
    rest = text[found.end() :]
    following = re.search(r"^## ", rest, re.M)
    tail = rest[following.start() :] if following else ""
    section = f"## {version} ({day})\n\n{notes.strip()}\n"
    path.write_text(text[: found.start()] + "## Unreleased\n\n" + section + ("\n" + tail if tail else ""),
                    encoding="utf-8")  # fmt: skip


def higher(a: str | None, b: str | None) -> str | None:
    """The higher of two levels (None is below patch)."""
    if a is None:
        return b
    if b is None:
        return a
    return a if LEVELS.index(a) >= LEVELS.index(b) else b
