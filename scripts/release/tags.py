"""`make tags`: tag each recorded release's commit, `<package>@<version>`, annotated.

Usage: python -m scripts.release.tags [--dry-run]

For every record (releases/records/NNNN.json) and every package it released, the tag
`<package>@<version>` (pool-v3@5.1.2, pool-v3-python@5.1.3, runtime-go@2.1.2) names the
record's commit: the one whose tree the release's artefacts are built from. A tag that already
names that commit is left as it is; a tag of that name on another commit is never moved: the
run fails, naming it, before it writes any tag. Tags are derived from the records, so a clone
without tags gets them all back with `make tags`.
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from ..common.paths import REPO
from . import records


class TagError(Exception):
    pass


def git(*args: str, stdin: str | None = None) -> str:
    proc = subprocess.run(["git", *args], capture_output=True, text=True, cwd=REPO, input=stdin, check=False)
    if proc.returncode != 0:
        raise TagError(f"git {' '.join(args[:3])}: {proc.stderr.strip()}")
    return proc.stdout


def wanted() -> dict[str, tuple[str, str]]:
    """Every tag the records ask for: its commit and its message."""
    tags: dict[str, tuple[str, str]] = {}
    for record in records.all_records():
        for package, released in record["packages"].items():
            name = records.tag_name(package, released["version"])
            message = f"{package} {released['version']}: release {record['release']} ({record['date']})"
            tags[name] = (record["commit"], message)
    return tags


def existing() -> dict[str, str]:
    """Each tag of the repository and the commit it names."""
    out = git("for-each-ref", "--format=%(refname:strip=2) %(*objectname) %(objectname)", "refs/tags")
    found = {}
    for line in out.splitlines():
        name, *ids = line.split()
        found[name] = ids[0] if len(ids) == 2 else ids[-1]  # an annotated tag's commit, or a light one's
    return found


def plan() -> list[tuple[str, str, str]]:
    """The tags to write (name, commit, message); TagError naming every tag that would move."""
    have = existing()
    moved = [f"{name} names {have[name][:12]}, the record says {commit[:12]}"
             for name, (commit, _) in wanted().items() if name in have and have[name] != commit]  # fmt: skip
    if moved:
        raise TagError("a tag is never moved; these name another commit than their release's record:\n  "
                       + "\n  ".join(moved))
    missing = [(name, commit, message) for name, (commit, message) in wanted().items() if name not in have]
    unknown = [c for c in sorted({c for _, c, _ in missing}) if not commit_exists(c)]
    if unknown:
        raise TagError(f"the records name commits this clone does not have (a shallow clone?): {', '.join(unknown)}")
    return missing


def commit_exists(commit: str) -> bool:
    proc = subprocess.run(["git", "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True, cwd=REPO, check=False)
    return proc.returncode == 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dry-run", action="store_true", help="say which tags would be written; write none")
    args = parser.parse_args(argv)
    try:
        missing = plan()
        for name, commit, message in missing:
            if not args.dry_run:
                git("tag", "--annotate", "--message", message, name, commit)
    except TagError as exc:
        print(f"tags: {exc}", file=sys.stderr)
        return 1
    verb = "would write" if args.dry_run else "wrote"
    print(f"tags: {verb} {len(missing)} tag(s); {len(wanted()) - len(missing)} already in place")
    return 0


if __name__ == "__main__":
    sys.exit(main())
