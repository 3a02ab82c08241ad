"""`make release`: release every package whose code changed since its last release, as one release.

Usage: python -m scripts.release.release [--check] [--dist DIR]

Each package (scripts/release/packages.py: each host's description, each host's client per language,
each language's runtime, the gate, the ruleset, the mock and the probe) has a version of its own, which only this
program moves (docs/guide/versioning.md). The level of a release:

  description  major for a breaking change to its API (scripts/release/spec_diff.py), minor for any
               other change to its API, patch for a change to its text alone (descriptions,
               examples, code samples); not released while its text, info.version aside, is
               its last release's
  client       at least its description's level when that is released with it; major when one
               of its public names is gone, minor when one is new, patch otherwise; released when
               its generated code changed
  runtime      major when a public name is gone, minor when one is new, patch otherwise
  tool         patch
A changelog's heading `## Unreleased (minor)` (or patch, major) asks for at least that level.

The steps: refuse a work tree with changes; plan; write the new versions of the descriptions,
runtimes and tools, and regenerate (`make generate`); find the clients whose code changed,
write their versions and the least runtime version each requires (releases/client-versions.json),
and regenerate; check that no other package changed; move each released package's Unreleased
notes, with what the release found, under its new version (releases/<package>/CHANGELOG.md), and
write a released description's version in the upstream record where it says `unreleased`
(spec/upstream/changes.yaml and generated/openapi/upstream-changes.json); record the baselines
(releases/<package>/release.json; a description's bundle); build the released packages'
artefacts into DIR (default dist/; scripts/release/build.py); commit; then
add the record (releases/records/NNNN.json, naming that commit and each artefact's sha256) in a
second commit. With nothing changed it says so and releases nothing. A failure leaves the work
tree and the branch as they were. `make tags` then tags each release.

--check prints the plan (the versions, the levels and the notes) and changes nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..clients import client_surface
from ..common.paths import REPO
from ..common.versions import CLIENT_VERSIONS, client_versions, runtime_requirement, set_client_version
from ..spec import upstream
from . import build as release_build
from . import changelog, records, spec_diff
from .packages import DESCRIBED_TOOLS, Package, PackageError, catalogue, named

# What a release commits: every place a version, a baseline or the code it moves lives
RELEASED_PATHS = ("spec", "generated", "releases", "scripts/runtime", "scripts/release/openapi_gate.py", "lint",
                  "scripts/tools")
NAMES_SHOWN = 20  # public names listed in a changelog section per kind of change


class ReleaseError(Exception):
    pass


@dataclass
class Step:
    """One package's release: from `previous` (None: its first) to `version`, at `level`."""

    package: Package
    previous: str | None
    version: str
    level: str
    found: list[str] = field(default_factory=list)  # what the release found, in sentences for the package's users
    notes: str = ""  # the changelog's Unreleased notes
    surface: dict[str, list[str]] | None = None

    def section(self) -> str:
        """The package's changelog section: the notes, then what the release found."""
        parts = [self.notes] if self.notes else []
        if self.found:
            parts.append("\n".join(f"- {line}" for line in self.found))
        return "\n\n".join(parts)

    def __str__(self) -> str:
        was = f"{self.previous} -> " if self.previous else "first release, "
        return f"{self.package.name}: {was}{self.version} ({self.level})"


# -- the plan ------------------------------------------------------------------------------------
def changed(package: Package) -> bool:
    base = package.baseline()
    return base is None or base["digest"] != package.digest()


def unchanged_version(package: Package) -> str | None:
    """The version the package's sources name, refused where it is not the last release's: only
    a release writes a version."""
    base = package.baseline()
    version = package.version()
    if base is not None and base["version"] != version:
        raise ReleaseError(f"{package.name}: its version is {version}, its last release {base['version']}: versions "
                           f"are written by `make release` alone; set it back to {base['version']}")  # fmt: skip
    return base["version"] if base else None


def names_found(before: dict[str, list[str]] | None, after: dict[str, list[str]]) -> tuple[list[str], list[str]]:
    """The public names gone since `before` and the names new, as `list: name`."""
    if before is None:
        return [], []
    gone = client_surface.removed(before, after)
    new = [f"{key}: {name}" for key in sorted(after) if not key.endswith(" signatures")
           for name in sorted(set(after[key]) - set(before.get(key, [])))]  # fmt: skip
    return gone, new


def listed(title: str, names: list[str]) -> str:
    shown = ", ".join(f"`{name.split(': ', 1)[1]}`" for name in names[:NAMES_SHOWN])
    more = f" and {len(names) - NAMES_SHOWN} more" if len(names) > NAMES_SHOWN else ""
    return f"{title} ({len(names)}): {shown}{more}."


def surface_level(step: Step, before: dict[str, list[str]] | None) -> str:
    """The level the package's public names ask for (patch when none changed), noted in `found`."""
    assert step.surface is not None
    gone, new = names_found(before, step.surface)
    if gone:
        step.found.append(listed("Public names removed, which breaks code that uses them", gone))
    if new:
        step.found.append(listed("New public names", new))
    return "major" if gone else "minor" if new else "patch"


def needs_notes(step: Step, why: str) -> None:
    if not step.notes:
        raise ReleaseError(f"{step.package.name}: {why}: say what changed for its users under '## Unreleased' in "
                           f"{step.package.changelog.relative_to(REPO)}")  # fmt: skip


def plan_own(package: Package) -> Step | None:
    """The release of a description, runtime or tool whose code changed (None where it did not)."""
    previous = unchanged_version(package)
    if not changed(package):
        return None
    unreleased = changelog.read(package.changelog)
    step = Step(package, previous, package.version(), "patch", notes=unreleased.notes)
    base = package.baseline()
    if package.kind == "description":
        changes = spec_diff.diff(package.host, None)[0] if base else []
        api = [c for c in changes if not c.what.startswith("info.version")]
        step.level = spec_diff.level(changes)
        step.found = [f"{c.operation + ': ' if c.operation else ''}{c.said}" for c in api] or \
            ["The description's text changed (descriptions, examples or code samples); its API did not."]  # fmt: skip
    elif package.kind == "runtime":
        step.surface = client_surface.package_surface("", package.language)
        step.level = surface_level(step, base["surface"] if base else None)
        needs_notes(step, "a runtime is written by hand, and its code changed")
    elif package.name in DESCRIBED_TOOLS and not step.notes:  # its descriptions changed, not its own code
        step.found.append("Follows the descriptions as this release has them; see their changelogs.")
    else:
        needs_notes(step, "a tool is written by hand, and its code changed")
    finish(step, unreleased.level)
    return step


def finish(step: Step, asked: str | None) -> None:
    """The step's level raised to what its changelog asks for, and its version from the level."""
    step.level = changelog.higher(step.level, asked) or "patch"
    if step.previous is not None:
        step.version = spec_diff.bump(step.previous, step.level)


def plan_client(package: Package, own: dict[str, Step]) -> Step | None:
    """The release of a client whose generated code changed (None where it did not), once the
    descriptions' and runtimes' new versions are in its code."""
    previous = unchanged_version(package)
    if not changed(package):
        return None
    unreleased = changelog.read(package.changelog)
    step = Step(package, previous, package.version(), "patch", notes=unreleased.notes)
    described = own.get(package.host)
    if described is not None:
        step.level = described.level
        was = f" (was {described.previous})" if described.previous else ""
        step.found.append(f"Generated from the {package.host} description {described.version}{was}: see its changelog.")
    base = package.baseline()
    try:
        step.surface = client_surface.package_surface(package.host, package.language)
    except client_surface.SurfaceError as exc:
        raise ReleaseError(f"{package.name}: its public surface: {exc}") from exc
    step.level = changelog.higher(step.level, surface_level(step, base["surface"] if base else None)) or "patch"
    if not step.found:
        needs_notes(step, "its generated code changed (a template, the generator or the runtime it requires) and "
                          "neither its description nor its public names did")  # fmt: skip
    finish(step, unreleased.level)
    return step


def floors_to_move(own: dict[str, Step]) -> dict[str, str]:
    """The clients whose runtime's new version is a major one their requirement no longer admits:
    each with the version it must now require."""
    moved = {}
    for name, entry in client_versions().items():
        language = name.rsplit("-", 1)[1]
        runtime = own.get(f"runtime-{language}")
        if runtime is not None and runtime.version.split(".")[0] != entry["runtime"].split(".")[0]:
            moved[name] = runtime.version
    return moved


def plan(check: bool = False) -> list[Step]:
    """The whole release, its versions written and the code regenerated (only the plan of the
    descriptions, runtimes and tools, and the clients as they are now, with `check`)."""
    kinds = ("description", "runtime", "tool")
    own = {s.package.name: s for p in catalogue() if p.kind in kinds for s in [plan_own(p)] if s is not None}
    if not check:
        for step in own.values():
            step.package.set_version(step.version)
        for name, floor in floors_to_move(own).items():
            set_client_version(name, runtime=floor)
        if own:
            regenerate()
    clients = [s for p in catalogue() if p.kind == "client" for s in [plan_client(p, own)] if s is not None]
    if not check and clients:
        for step in clients:
            language = step.package.language
            runtime = named(f"runtime-{language}").version()
            floor = client_versions()[step.package.name]["runtime"]
            if floor != runtime:
                step.found.append(f"Requires the {language} runtime {runtime_requirement(language, runtime)} "
                                  f"(was {runtime_requirement(language, floor)}).")  # fmt: skip
            set_client_version(step.package.name, version=step.version, runtime=runtime)
        regenerate()
    steps = [*own.values(), *clients]
    if not check:
        stray = [p.name for p in catalogue() if p.name not in {s.package.name for s in steps} and changed(p)]
        if stray:
            raise ReleaseError(f"{', '.join(stray)} changed while the release wrote the new versions, and would not "
                               "be released: a version reaches code it should not")  # fmt: skip
    return steps


def regenerate() -> None:
    """`make generate`: the bundles and every client from the new versions. (A make of its own,
    with the Makefile's default jobs: the jobserver of a `make release` above does not reach a
    child of Python, which closes the file descriptors it would need.)"""
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    proc = subprocess.run(["make", "--no-print-directory", "generate"], capture_output=True, text=True, cwd=REPO,
                          check=False, env=env)  # fmt: skip
    if proc.returncode != 0:
        raise ReleaseError(f"make generate failed (exit {proc.returncode}):\n{(proc.stdout + proc.stderr)[-4000:]}")


# -- recording -----------------------------------------------------------------------------------
def version_table() -> dict[str, dict[str, str]]:
    """Every package's version; for a client, the description version it is generated from and
    the runtime versions it accepts."""
    table: dict[str, dict[str, str]] = {}
    for package in catalogue():
        entry = {"version": package.version()}
        if package.kind == "client":
            floor = client_versions()[package.name]["runtime"]
            entry["description"] = named(package.host).version()
            entry["runtime"] = runtime_requirement(package.language, floor)
        table[package.name] = entry
    return table


def baseline(step: Step, number: int, day: str, epoch: int) -> dict[str, Any]:
    """releases/<package>/release.json for the package's new release (and the description's
    bundle beside it)."""
    package = step.package
    data: dict[str, Any] = {"version": step.version, "release": number, "date": day, "epoch": epoch,
                            "digest": package.digest()}  # fmt: skip
    if step.surface is not None:
        data["surface"] = step.surface
    package.folder.mkdir(parents=True, exist_ok=True)
    if package.kind == "description":
        shutil.copyfile(package.code()[0], package.folder / f"{package.host}.yaml")
    (package.folder / "release.json").write_text(release_json(data), encoding="utf-8")
    return data


def release_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=1) + "\n"


def git(*args: str) -> str:
    proc = subprocess.run(["git", *args], capture_output=True, text=True, cwd=REPO, check=False)
    if proc.returncode != 0:
        raise ReleaseError(f"git {' '.join(args)} failed: {proc.stderr.strip()}")
    return proc.stdout.strip()


def clean_tree() -> None:
    status = git("status", "--porcelain")
    if status:
        raise ReleaseError("the work tree has changes: commit them first, with what `make` regenerated from them (a "
                           "release is made from a commit)\n" + status)


def subject(number: int, steps: list[Step]) -> str:
    """The release commit's subject, at most 72 characters."""
    names = [f"{s.package.name} {s.version}" for s in steps]
    whole = f"Release {number}: " + ", ".join(names)
    return whole if len(whole) <= 72 else f"Release {number}: {names[0]} and {len(names) - 1} more"


def release(dist: Path) -> int:
    clean_tree()
    start = git("rev-parse", "HEAD")
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH") or git("log", "-1", "--format=%ct"))
    day = time.strftime("%Y-%m-%d", time.gmtime(epoch))
    staging = dist.with_name(f".tmp-{dist.name}")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        steps = plan()
        if not steps:
            print("release: nothing changed since the last release of any package; nothing released")
            return 0
        number = records.next_number()
        packages: dict[str, Any] = {}
        for step in steps:
            changelog.close(step.package.changelog, step.version, day, step.section() or "No change for users.")
            if step.package.kind == "description":  # the upstream record names the release that reflects a change
                upstream.close(step.package.host, step.version)
            data = baseline(step, number, day, epoch)
            folder = release_build.build(step.package, step.version, staging, epoch)
            packages[step.package.name] = {
                "version": step.version, "previous": step.previous, "level": step.level, "digest": data["digest"],
                "artefacts": release_build.digests(folder, staging), "notes": step.section(),
            }  # fmt: skip
        release_build.indexes(staging, epoch)
        (staging / "RELEASE-NOTES.md").write_text(notes(number, day, steps), encoding="utf-8")
        git("add", "--all", "--", *RELEASED_PATHS)
        body = "\n".join(f"- {step}" for step in steps)
        git("commit", "--quiet", "-m", subject(number, steps), "-m", body)
        commit = git("rev-parse", "HEAD")
        record = {"release": number, "date": day, "epoch": epoch, "commit": commit, "packages": packages,
                  "versions": version_table()}  # fmt: skip
        path = records.write(record)
        git("add", "--", str(path.relative_to(REPO)))
        git("commit", "--quiet", "-m", f"Record release {number} (made in {commit[:12]})")
    except (ReleaseError, PackageError, changelog.ChangelogError, release_build.BuildError,
            client_surface.SurfaceError, upstream.RecordError) as exc:  # fmt: skip
        shutil.rmtree(staging, ignore_errors=True)
        restore(start)
        print(f"release: {exc}", file=sys.stderr)
        return 1
    if dist.exists():
        shutil.rmtree(dist)
    staging.rename(dist)
    print(f"release {number}: " + "; ".join(str(s) for s in steps))
    print(f"release: recorded in {path.relative_to(REPO)} (commit {commit[:12]}); artefacts in {dist}; "
          "`make tags` tags it")  # fmt: skip
    return 0


def restore(start: str) -> None:
    """The branch and the work tree as they were before the release (the tree was clean then)."""
    subprocess.run(["git", "reset", "--quiet", "--hard", start], cwd=REPO, check=False)
    subprocess.run(["git", "clean", "--quiet", "-fd", "--", *RELEASED_PATHS], cwd=REPO, check=False)


def notes(number: int, day: str, steps: list[Step]) -> str:
    lines = [f"# Release {number} ({day})", ""]
    for step in steps:
        lines += [f"## {step}", "", step.section() or "No change for users.", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=REPO / "dist")
    parser.add_argument("--check", action="store_true", help="print the plan; change nothing")
    args = parser.parse_args(argv)
    if not CLIENT_VERSIONS.exists():
        print(f"release: {CLIENT_VERSIONS.relative_to(REPO)} is missing", file=sys.stderr)
        return 1
    if args.check:
        try:
            steps = plan(check=True)
        except (ReleaseError, PackageError, client_surface.SurfaceError) as exc:
            print(f"release: {exc}", file=sys.stderr)
            return 1
        if not steps:
            print("release: nothing changed since the last release of any package")
        for step in steps:
            print(f"{step}\n{step.section()}\n")
        return 0
    return release(args.dist.resolve())


if __name__ == "__main__":
    sys.exit(main())
