"""`make release-files`: a release's artefacts, byte for byte, into dist/.

Usage: python -m scripts.release.files [--dist DIR] [--only PACKAGE ...] [RELEASE ...]

Without RELEASE: every package at its current version, built from this checkout (each at its
last release's epoch, so a package whose code is what it released gives the bytes it
released; it says which packages have unreleased changes), with the indexes each ecosystem
installs from (scripts/release/build.py) and the Arazzo workflows: the set docs/clients/install.md
installs from. --only builds those packages alone.

RELEASE is `<package>@<version>` (pool-v3-python@5.1.3), a recorded release
(releases/records/). Its commit is checked out into a temporary worktree and this program, as
that commit holds it, builds the package there into DIR; the artefacts' sha256 must be the
record's. A release recorded before packages had versions of their own (records 1 to 51)
recorded its bundles only: those are read from that commit's generated/openapi/ and checked
against the record; its other packages are rebuilt by that commit's own release.py
(`python scripts/release/release.py --no-record --dist DIR HOST`), without recorded digests to check.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..common.paths import REPO
from . import build as release_build
from . import records
from .packages import Package, catalogue, named


class FilesError(Exception):
    pass


def git(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], capture_output=True, cwd=cwd, check=False)


def head_epoch() -> int:
    return int(git("log", "-1", "--format=%ct").stdout.decode().strip())


def current(dist: Path, only: list[str]) -> list[str]:
    """Every package (or those named) at its current version into dist; the names of those whose
    code is not what their last release recorded."""
    chosen = [p for p in catalogue() if not only or p.name in only]
    unknown = sorted(set(only) - {p.name for p in catalogue()})
    if unknown:
        raise FilesError(f"no package named {', '.join(unknown)}")
    unreleased = []
    for package in chosen:
        base = package.baseline()
        if base is None or base["digest"] != package.digest():
            unreleased.append(package.name)
        epoch = int(base["epoch"]) if base and "epoch" in base else head_epoch()
        release_build.build(package, package.version(), dist, epoch)
    if not only:
        release_build.workflows(dist, {p.host: p.version() for p in chosen if p.kind == "description"})
    release_build.indexes(dist, head_epoch())
    if go_floors(dist):
        release_build.sha256sums(dist)
    return unreleased


def go_floors(dist: Path) -> int:
    """The go.mod and .info of each Go runtime version a Go client requires that dist does not
    hold (Go reads the go.mod of every version in the module graph, even one it does not
    select), from the commit of that version's release; the number written. A user names the
    runtime too (`go get ... <runtime module>@latest`), so its newest version is the one built."""
    written = 0
    for mod in sorted((dist / "goproxy").rglob("@v/*.mod")):
        for module, version in re.findall(r"^require (\S+/apiruntime(?:/v\d+)?) (v\S+)$", mod.read_text(), re.M):
            folder = dist / "goproxy" / module / "@v"
            if (folder / f"{version}.mod").exists():
                continue
            record = records.find("runtime-go", version.removeprefix("v"))
            if record is None:
                raise FilesError(f"{mod.name}: requires {module} {version}, which no release record names")
            shown = git("show", f"{record['commit']}:generated/go/raydium-api-runtime/go.mod")
            if shown.returncode != 0:
                raise FilesError(f"{module} {version}: {shown.stderr.decode().strip()}")
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{version}.mod").write_bytes(shown.stdout)
            when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(int(record["epoch"])))
            (folder / f"{version}.info").write_text(json.dumps({"Version": version, "Time": when}) + "\n",
                                                   encoding="utf-8")  # fmt: skip
            listed = folder / "list"
            versions = sorted({*(listed.read_text().split() if listed.exists() else []), version},
                              key=lambda v: tuple(int(x) for x in v[1:].split(".")))  # fmt: skip
            listed.write_text("".join(f"{v}\n" for v in versions), encoding="utf-8")
            written += 1
    return written


def check(record: dict[str, Any], package: str, dist: Path) -> None:
    """The package's artefacts in dist are the ones the record lists, byte for byte."""
    recorded: dict[str, str] = record["packages"][package].get("artefacts") or {}
    for relative, digest in recorded.items():
        path = dist / relative
        if not path.exists():
            raise FilesError(f"{relative}: recorded by release {record['release']}, not rebuilt")
        found = hashlib.sha256(path.read_bytes()).hexdigest()
        if found != digest:
            raise FilesError(f"{relative}: sha256 {found}, release {record['release']} recorded {digest}")


def past(release: str, dist: Path) -> str:
    """One recorded release of a package rebuilt from its commit into dist; a line saying what was checked."""
    name, version = records.parse_tag(release)
    package = named(name)
    record = records.find(name, version)
    if record is None:
        raise FilesError(f"{release}: no release record names it (releases/records/)")
    commit = str(record["commit"])
    if record.get("migrated"):
        return migrated(record, package, version, dist)
    with tempfile.TemporaryDirectory(prefix="release-files-") as tmp_name:
        tree, out = Path(tmp_name) / "tree", Path(tmp_name) / "dist"
        added = git("worktree", "add", "--detach", "--quiet", str(tree), commit)
        if added.returncode != 0:
            raise FilesError(f"{release}: cannot check out {commit}: {added.stderr.decode().strip()}")
        try:
            (tree / "node_modules").symlink_to(REPO / "node_modules", target_is_directory=True)
            built = subprocess.run([sys.executable, *entry(tree), "--dist", str(out), "--only", name],
                                   capture_output=True, text=True, cwd=tree, check=False)  # fmt: skip
        finally:
            git("worktree", "remove", "--force", str(tree))
        if built.returncode != 0:
            raise FilesError(f"{release}: the build at {commit[:12]} failed:\n{built.stdout}{built.stderr}")
        shutil.copytree(out / name / version, dist / name / version)
    check(record, name, dist)
    return f"{release}: rebuilt at {commit[:12]}, every artefact the sha256 release {record['release']} recorded"


def entry(tree: Path) -> list[str]:
    """How the checkout `tree` runs its own release-files step: `-m scripts.release.files` since
    scripts/ is arranged by stage, scripts/release_files.py in the commits before (release 52)."""
    if (tree / "scripts" / "release" / "files.py").exists():
        return ["-m", "scripts.release.files"]
    return ["scripts/release_files.py"]


def migrated(record: dict[str, Any], package: Package, version: str, dist: Path) -> str:
    """A release recorded before packages had versions of their own."""
    commit = str(record["commit"])
    if package.kind == "description":
        out = dist / package.name / version
        out.mkdir(parents=True)
        for suffix in (".yaml", ".json", ".deref.json"):
            shown = git("show", f"{commit}:generated/openapi/{package.host}{suffix}")
            if shown.returncode != 0:
                raise FilesError(f"{package.name}@{version}: {shown.stderr.decode().strip()}")
            (out / f"{package.host}-{version}{suffix}").write_bytes(shown.stdout)
        check(record, package.name, dist)
        return (f"{package.name}@{version}: its bundles read from {commit[:12]}'s generated/openapi/, the sha256 "
                f"release {record['release']} recorded")  # fmt: skip
    if package.kind != "client":
        raise FilesError(f"{package.name}@{version}: release {record['release']} recorded no artefacts of it; "
                         f"its code is at {commit[:12]} (scripts/runtime/ and generated/)")  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="release-files-") as tmp_name:
        tree, out = Path(tmp_name) / "tree", Path(tmp_name) / "dist"
        if git("worktree", "add", "--detach", "--quiet", str(tree), commit).returncode != 0:
            raise FilesError(f"{package.name}@{version}: cannot check out {commit}")
        try:
            (tree / "node_modules").symlink_to(REPO / "node_modules", target_is_directory=True)
            built = subprocess.run([sys.executable, "scripts/release.py", "--no-record", "--dist", str(out),
                                    package.host], capture_output=True, text=True, cwd=tree, check=False)  # fmt: skip
        finally:
            git("worktree", "remove", "--force", str(tree))
        if built.returncode != 0:
            raise FilesError(f"{package.name}@{version}: that commit's release.py failed:\n{built.stderr}")
        shutil.copytree(out / package.host / version, dist / package.name / version)
    return (f"{package.name}@{version}: rebuilt by {commit[:12]}'s own release.py (the whole host's folder); "
            "releases before 52 recorded no digest of client packages to check")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("releases", nargs="*", metavar="RELEASE", help="<package>@<version> of a recorded release")
    parser.add_argument("--dist", type=Path, default=REPO / "dist")
    parser.add_argument("--only", nargs="+", default=[], metavar="PACKAGE", help="build only these packages")
    args = parser.parse_args(argv)
    dist = args.dist.resolve()
    staging = dist.with_name(f".tmp-{dist.name}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    try:
        if args.releases:
            said = [past(release, staging) for release in args.releases]
            release_build.sha256sums(staging)
        else:
            unreleased = current(staging, args.only)
            said = [f"release-files: {len(args.only) or len(catalogue())} package(s) at their current versions"]
            if unreleased:
                said.append(f"release-files: not yet released, so not the bytes of a release: {', '.join(unreleased)}")
    except (FilesError, ValueError, release_build.BuildError) as exc:
        shutil.rmtree(staging, ignore_errors=True)
        print(f"release-files: {exc}", file=sys.stderr)
        return 1
    if dist.exists():
        shutil.rmtree(dist)
    staging.rename(dist)
    print("\n".join(said) + f"\nrelease-files: wrote {dist}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
