"""The breaking-change gate of `make diff`, for any repository: compare two versions of an
OpenAPI 3.1 description and fail on a breaking change that does not bump the major version.

Usage: openapi-gate [--json OUT] [--name NAME] OLD NEW

OLD and NEW are each a file (YAML or JSON; `$ref`s to other files are followed), or
`REF:PATH`, the file PATH (from the repository's root) at the git ref REF of the
repository in the current directory, as in `git show REF:PATH`. Both sides are
dereferenced, then compared by the same rules as `make diff` (scripts/release/spec_diff.py):
the report in plain words goes to stdout, the changes as JSON to --json.

Exit status: 0 when no change breaks a client, or when NEW's info.version bumps the major
version of OLD's; 1 on a breaking change without that bump; 2 when a side cannot be read.

Installed as the console script `openapi-gate` of the `raydium-api-gate` package in a
release (dist/python/simple); in this repository, `python scripts/release/openapi_gate.py`.
"""

from __future__ import annotations

import argparse
import io
import json
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..spec import deref, oas
from . import spec_diff

VERSION = "1.2.2"  # the gate package's own version (scripts/release/release.py builds it)


class GateError(Exception):
    """A side of the comparison cannot be read."""


def git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], capture_output=True, cwd=cwd, check=False, timeout=120)


def load(side: str, cwd: Path) -> dict[str, Any]:
    """One side, dereferenced: a file, or REF:PATH in the git repository around cwd."""
    if (cwd / side).is_file():
        return dict(deref.dereference(cwd / side))
    ref, colon, path = side.partition(":")
    if not colon or not path:
        raise GateError(f"{side}: no such file, and not REF:PATH")
    top = git(["rev-parse", "--show-toplevel"], cwd)
    if top.returncode != 0:
        raise GateError(f"{side}: not in a git repository ({top.stderr.decode().strip()})")
    root = Path(top.stdout.decode().strip())
    archive = git(["archive", "--format=tar", ref], root)
    if archive.returncode != 0:
        raise GateError(f"{side}: git archive {ref}: {archive.stderr.decode().strip()}")
    with tempfile.TemporaryDirectory(prefix="openapi-gate-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        target = Path(tmp) / path
        if not target.is_file():
            raise GateError(f"{side}: {path} does not exist at {ref}")
        return dict(deref.dereference(target))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="openapi-gate", description=__doc__.splitlines()[0])
    parser.add_argument("old", help="the base: a file, or REF:PATH")
    parser.add_argument("new", help="the change: a file, or REF:PATH")
    parser.add_argument("--json", type=Path, help="write the changes here as JSON")
    parser.add_argument("--name", default="", help="the API's name in the report (default: NEW's info.title)")
    parser.add_argument("--version", action="version", version=f"openapi-gate {VERSION}")
    args = parser.parse_args(argv)
    try:
        old, new = load(args.old, Path.cwd()), load(args.new, Path.cwd())
    except (GateError, oas.SpecError, OSError) as exc:
        print(f"openapi-gate: {exc}", file=sys.stderr)
        return 2
    name = args.name or str(new.get("info", {}).get("title", "the API"))
    differ = spec_diff.Differ(name)
    differ.documents(old, new)
    base_version = str(old.get("info", {}).get("version", ""))
    print(spec_diff.plain_words(name, f"{args.old}, {base_version}", differ.changes))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        record = {"base": args.old, "base_version": base_version, "changes": [asdict(c) for c in differ.changes]}
        args.json.write_text(json.dumps({name: record}, indent=2) + "\n", encoding="utf-8")
    problem = spec_diff.verdict(name, differ.changes, base_version, str(new.get("info", {}).get("version", "")))
    if problem:
        print(f"openapi-gate: {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
