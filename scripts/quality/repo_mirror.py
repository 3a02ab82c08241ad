"""A working copy of the repository that costs almost nothing, for the mutation tools.

`mirror(where, own=...)` makes `where` look like the repository to the test suite: tests/
is a real copy (tests/project.py finds the repository as the folder above its own file, so
the tests run there read the mirror), every other top-level entry is a link to the
repository's, and one path, `own`, is the mirror's own: a copy of the repository's, a
link to another folder (the copy a mutation tool edits), or left for the tool to write. The repository is never written.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from ..common.paths import REPO

# The tests' own installs are linked rather than copied
HEAVY = ("node_modules", ".venv")


def link_tree(target: Path, source: Path, skip: set[str]) -> None:
    """`target` as a folder of links to `source`'s entries, except the names in `skip`."""
    target.mkdir(parents=True, exist_ok=True)
    for entry in sorted(source.iterdir()):
        if entry.name not in skip:
            (target / entry.name).symlink_to(entry)


def mirror(where: Path, *, own: str, points_to: Path | None = None, skip: tuple[str, ...] = (),
           copies: tuple[str, ...] = ()) -> Path:
    """`where` as a mirror of the repository whose path `own` is a copy of the repository's
    (or, with `points_to`, a link to that folder); the names in `skip` are left out. The files
    in `copies` are copied too: they find the repository from where they are (PHP's `__DIR__`
    is the path with its links resolved), and a link would lead them to the repository's."""
    owned = [Path(own).parts, *(Path(c).parts for c in copies)]
    # each folder on the way to an owned path is a folder of links but for the next step down
    steps: dict[tuple[str, ...], set[str]] = {(): {"tests", *skip}}
    for parts in owned:
        for depth in range(len(parts)):
            steps.setdefault(parts[:depth], set()).add(parts[depth])
    for folder, mine in sorted(steps.items(), key=lambda item: len(item[0])):
        link_tree(where.joinpath(*folder), REPO.joinpath(*folder), mine)
    shutil.copytree(REPO / "tests", where / "tests", ignore=shutil.ignore_patterns(*HEAVY, "__pycache__"))
    for heavy in REPO.joinpath("tests").rglob("*"):
        copy = where / heavy.relative_to(REPO)
        if heavy.name in HEAVY and heavy.is_dir() and copy.parent.exists() and not copy.exists():
            copy.symlink_to(heavy)
    if points_to is None:
        shutil.copytree(REPO / own, where / own, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    elif points_to != where / own:  # the tool writes `own` in place itself (mutmut's scripts/)
        (where / own).symlink_to(points_to)
    for file in copies:
        shutil.copy2(REPO / file, where / file)
    shared = REPO.parent / "shared"  # tests/project.py reads the source document beside the repository
    if shared.exists() and not (where.parent / "shared").exists():
        (where.parent / "shared").symlink_to(shared)
    return where
