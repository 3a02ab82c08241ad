"""`make diff` and `make release`, whole, in a clone of this repository (minutes), and every
past release read back from git.

A clone (its .venv and node_modules those of this checkout, its build stamps touched as
`make -t` does, since its generated/ is the committed one) makes real releases: a runtime's new
public function releases that runtime alone; a change to a description's text alone releases
a description patch with its clients; a change a runtime does not explain in its changelog is
refused and leaves the clone as it was; the version a release picks for an added optional field
and a removed operation is a minor and a major; a hand-edited version fails `make diff`. A
release's files are rebuilt byte for byte from its recorded commit, and `make tags` tags it."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from project import HOSTS, REPO, in_process
from scripts.release import records
from scripts.spec import bundle as bundle_script

pytestmark = pytest.mark.tooling
IDENTITY = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t.invalid", "GIT_COMMITTER_NAME": "t",
            "GIT_COMMITTER_EMAIL": "t@t.invalid"}  # fmt: skip


def test_diff_against_head_reports_no_change() -> None:
    proc = subprocess.run([sys.executable, "-m", "scripts.release.spec_diff", "--base", "HEAD", "--gate", *HOSTS],
                          capture_output=True, text=True, cwd=REPO, timeout=120, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for host in HOSTS:
        assert f"{host} (since HEAD): 0 change(s), 0 breaking" in proc.stdout


def test_every_past_release_is_read_back_from_git() -> None:
    """Each record names a commit this repository has, and each description it released is at
    that commit, byte for byte: generated/openapi/<host>.yaml and .json have the sha256 the record
    keeps for the released bundles (rebuilt or read with `git show <commit>:generated/openapi/...`)."""
    wanted: list[tuple[str, str]] = []
    for record in records.all_records():
        for name, released in record["packages"].items():
            artefacts = released.get("artefacts") or {}
            for suffix in (".yaml", ".json"):
                key = f"{name}/{released['version']}/{name}-{released['version']}{suffix}"
                if name in HOSTS and key in artefacts:
                    wanted.append((f"{record['commit']}:generated/openapi/{name}{suffix}", artefacts[key]))
    assert len(wanted) >= 2 * 190, "every description release recorded its bundles"
    batch = subprocess.run(["git", "cat-file", "--batch"], input="".join(f"{spec}\n" for spec, _ in wanted).encode(),
                           capture_output=True, cwd=REPO, check=True, timeout=120).stdout  # fmt: skip
    found = []
    while batch:
        head, _, rest = batch.partition(b"\n")
        assert not head.endswith(b"missing"), head.decode()
        size = int(head.split()[2])
        found.append(hashlib.sha256(rest[:size]).hexdigest())
        batch = rest[size + 1 :]
    mismatched = [spec for (spec, digest), got in zip(wanted, found, strict=True) if digest != got]
    assert mismatched == []


class Clone:
    """A clone of this repository's HEAD whose tools are this checkout's."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.start = self.git("rev-parse", "HEAD")

    def run(self, *command: str | Path, timeout: int = 600) -> subprocess.CompletedProcess[str]:
        env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
        return subprocess.run([str(c) for c in command], capture_output=True, text=True, cwd=self.root,
                              timeout=timeout, check=False, env={**env, **IDENTITY, "NO_COLOR": "1"})  # fmt: skip

    def git(self, *args: str) -> str:
        proc = self.run("git", *args)
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.strip()

    def edit(self, relative: str, old: str, new: str) -> None:
        path = self.root / relative
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{relative}: {old!r}"
        path.write_text(text.replace(old, new), encoding="utf-8")

    def commit(self, message: str) -> None:
        """The change committed with what `make generate` makes of it, as a contributor commits."""
        made = self.make("generate")
        assert made.returncode == 0, made.stdout + made.stderr
        self.git("add", "--all")
        self.git("commit", "--quiet", "-m", message)

    def make(self, *targets: str) -> subprocess.CompletedProcess[str]:
        return self.run("make", "--no-print-directory", *targets, timeout=900)

    def bundle(self, host: str) -> None:
        """The bundle step on the clone's spec, in this process (`make` runs the same `main`)."""
        redocly = self.root / "node_modules" / ".bin" / "redocly"
        status, output = in_process(bundle_script.main, ["--redocly", str(redocly), f"spec/{host}/openapi.yaml",
                                                         "generated/openapi", host], self.root)  # fmt: skip
        assert status == 0, output

    def release_json(self, package: str) -> dict[str, object]:
        data: dict[str, object] = json.loads((self.root / "releases" / package / "release.json").read_text())
        return data

    def last_record(self) -> dict[str, Any]:
        """The clone's newest release record."""
        newest = max((self.root / "releases" / "records").glob("[0-9][0-9][0-9][0-9].json"))
        data: dict[str, Any] = json.loads(newest.read_text(encoding="utf-8"))
        return data

    def versions(self) -> dict[str, str]:
        """Every package's version in the clone, from its last release."""
        return {p.name: str(self.release_json(p.name)["version"]) for p in (self.root / "releases").iterdir()
                if (p / "release.json").exists()}  # fmt: skip

    def reset(self) -> None:
        self.git("reset", "--quiet", "--hard", self.start)
        self.git("clean", "--quiet", "-fd", "--", "spec", "generated", "releases", "scripts", "lint")


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Clone:
    root = tmp_path_factory.mktemp("clone") / "repo"
    assert subprocess.run(["git", "clone", "--quiet", str(REPO), str(root)], check=False).returncode == 0
    (root / ".venv").symlink_to(REPO / ".venv", target_is_directory=True)
    (root / "node_modules").symlink_to(REPO / "node_modules", target_is_directory=True)
    made = Clone(root)
    # the set-up's inputs dated back: the shared .venv and node_modules are up to date, so neither
    # make -t nor a make in the clone touches their stamps (this checkout's too) or reinstalls them
    for setup in ("requirements.txt", "package.json", "package-lock.json"):
        os.utime(root / setup, (1, 1))
    (root / "build").mkdir()
    touched = made.make("-t", "all")  # its generated/ is the committed tree: every step is done
    assert touched.returncode == 0, touched.stderr
    assert made.git("status", "--porcelain") == "", "the clone is not clean"
    release_what_is_pending(made)
    return made


def release_what_is_pending(clone: Clone) -> None:
    """Changes made since the last release (main accumulates them between releases) released in
    the clone first, with a note in every changelog, so each test starts from a release."""
    for changes in sorted((clone.root / "releases").glob("*/CHANGELOG.md")):
        text = changes.read_text(encoding="utf-8")
        changes.write_text(text.replace("## Unreleased\n", "## Unreleased\n\nReleased by the tests' clone.\n", 1),
                           encoding="utf-8")  # fmt: skip
    clone.git("commit", "--quiet", "--all", "-m", "notes for what is pending")
    proc = clone.make("release")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    if "nothing released" in proc.stdout:
        clone.git("reset", "--quiet", "--hard", clone.start)
    clone.start = clone.git("rev-parse", "HEAD")
    assert clone.git("status", "--porcelain") == ""


def test_a_description_release_names_itself_in_the_upstream_record(clone: Clone) -> None:
    """The clone's release of what was pending wrote each released description's version where
    the upstream record said `unreleased`, in the record and in the JSON beside the bundles, and
    changed nothing else of it (the clone is clean: `make` would write the same)."""
    before = yaml.safe_load(subprocess.run(["git", "show", "HEAD:spec/upstream/changes.yaml"], capture_output=True,
                                           text=True, cwd=REPO, check=True).stdout)  # fmt: skip
    after = yaml.safe_load((clone.root / "spec" / "upstream" / "changes.yaml").read_text(encoding="utf-8"))
    published = clone.root / "generated" / "openapi" / "upstream-changes.json"
    assert json.loads(published.read_text(encoding="utf-8")) == after
    for was, now in zip(before["changes"], after["changes"], strict=True):
        assert {**was, "reflectedIn": None} == {**now, "reflectedIn": None}
        for old, new in zip(was["reflectedIn"], now["reflectedIn"], strict=True):
            released = str(clone.release_json(old["description"])["version"])
            assert new == ({**old, "version": released} if old["version"] == "unreleased" else old)


def test_nothing_changed_releases_nothing(clone: Clone) -> None:
    proc = clone.make("release")
    assert proc.returncode == 0, proc.stderr
    assert "release: nothing changed since the last release of any package; nothing released" in proc.stdout
    assert clone.git("rev-parse", "HEAD") == clone.start


RUNTIME = "scripts/runtime/python/raydium_api_runtime/__init__.py"
PROBE = '\n\ndef release_probe() -> str:\n    """A new public function."""\n    return "probe"\n'


def note(clone: Clone, package: str, text: str) -> None:
    clone.edit(f"releases/{package}/CHANGELOG.md", "## Unreleased\n", f"## Unreleased\n\n{text}\n")


def test_a_runtime_change_releases_that_runtime_alone(clone: Clone, tmp_path: Path) -> None:
    """A new public function of the Python runtime: runtime-python takes a minor version; no
    description, no client and no other language's package moves. The release is a commit and
    a record naming it; its files rebuild byte for byte from that commit; `make tags` tags it."""
    before = clone.versions()
    clients = (clone.root / "releases" / "client-versions.json").read_text()
    try:
        path = clone.root / RUNTIME
        path.write_text(path.read_text(encoding="utf-8") + PROBE, encoding="utf-8")
        note(clone, "runtime-python", "`release_probe()` tells a test the runtime is new.")
        clone.commit("a new runtime function")
        proc = clone.make("release")
        assert proc.returncode == 0, proc.stdout + proc.stderr
        after = clone.versions()
        moved = {name: (before[name], after[name]) for name in before if before[name] != after[name]}
        major, minor, _ = before["runtime-python"].split(".")
        assert moved == {"runtime-python": (before["runtime-python"], f"{major}.{int(minor) + 1}.0")}
        assert (clone.root / "releases" / "client-versions.json").read_text() == clients
        new = after["runtime-python"]
        record = clone.last_record()
        assert list(record["packages"]) == ["runtime-python"]
        released = record["packages"]["runtime-python"]
        assert (released["version"], released["previous"], released["level"]) == (new, before["runtime-python"],
                                                                                   "minor")  # fmt: skip
        assert "New public names (1): `raydium_api_runtime.release_probe`." in released["notes"]
        assert sorted(released["artefacts"]) == [f"runtime-python/{new}/raydium_api_runtime-{new}-py3-none-any.whl",
                                                 f"runtime-python/{new}/raydium_api_runtime-{new}.tar.gz"]
        assert record["versions"]["pool-v3-python"]["runtime"].startswith("raydium-api-runtime>=")
        # two commits: the release, then its record naming it
        assert clone.git("rev-parse", "HEAD~1") == record["commit"]
        assert clone.git("log", "-1", "--format=%s", record["commit"]) == f"Release {record['release']}: " \
            f"runtime-python {new}"  # fmt: skip
        assert clone.git("status", "--porcelain") == ""
        changes = (clone.root / "releases" / "runtime-python" / "CHANGELOG.md").read_text()
        assert f"## Unreleased\n\n## {new} (" in changes
        assert "`release_probe()` tells a test the runtime is new.\n\n- New public names (1)" in changes
        for name, digest in released["artefacts"].items():  # what make release wrote into dist/
            assert hashlib.sha256((clone.root / "dist" / name).read_bytes()).hexdigest() == digest
        # an older release, rebuilt from its commit, is byte for byte what was released
        again = clone.run(sys.executable, "-m", "scripts.release.files", "--dist", tmp_path / "dist",
                          f"runtime-python@{new}")  # fmt: skip
        assert again.returncode == 0, again.stdout + again.stderr
        assert f"runtime-python@{new}: rebuilt at {record['commit'][:12]}, every artefact the sha256" in again.stdout
        tags = clone.make("tags")
        assert tags.returncode == 0, tags.stderr
        assert clone.git("rev-parse", f"runtime-python@{new}^{{commit}}") == record["commit"]
        assert clone.git("rev-parse", "pool-v3@5.1.2^{commit}") == records.find("pool-v3", "5.1.2")["commit"]  # type: ignore[index]
    finally:
        clone.reset()


def test_a_runtime_change_without_notes_is_refused_and_leaves_the_clone(clone: Clone) -> None:
    try:
        path = clone.root / RUNTIME
        path.write_text(path.read_text(encoding="utf-8") + PROBE, encoding="utf-8")
        clone.commit("a new runtime function, and no word of it")
        head = clone.git("rev-parse", "HEAD")
        proc = clone.make("release")
        assert proc.returncode != 0
        assert ("release: runtime-python: a runtime is written by hand, and its code changed: say what changed for "
                "its users under '## Unreleased' in releases/runtime-python/CHANGELOG.md") in proc.stderr
        assert clone.git("rev-parse", "HEAD") == head
        assert clone.git("status", "--porcelain") == ""
    finally:
        clone.reset()


def test_a_change_to_a_descriptions_text_releases_a_patch_with_its_clients(clone: Clone) -> None:
    """launch-auth's description says one thing more, and nothing about its API: a patch of the
    description; each of its clients is generated from the new version, a patch too, whose notes
    say so; the mock and the probe, which ship the descriptions, a patch each; no other package
    moves."""
    before = clone.versions()
    try:
        summary = "  summary: The wallet-signed handshake that gives a forum client its svc-token JWT"
        clone.edit("spec/launch-auth/openapi.yaml", f"{summary}.\n", f"{summary} (a word more).\n")
        clone.commit("launch-auth: a word more")
        proc = clone.make("release")
        assert proc.returncode == 0, proc.stdout + proc.stderr
        after = clone.versions()
        moved = sorted(name for name in before if before[name] != after[name])
        assert moved == sorted(["launch-auth", "mock", "probe", *(f"launch-auth-{lang}" for lang in
                                                                   ("python", "typescript", "go", "rust", "ruby",
                                                                    "php"))])  # fmt: skip
        described = after["launch-auth"]
        major, minor, patch = before["launch-auth"].split(".")
        assert described == f"{major}.{minor}.{int(patch) + 1}"
        bundle = json.loads((clone.root / "generated" / "openapi" / "launch-auth.json").read_text())
        assert bundle["info"]["version"] == described
        record = clone.last_record()
        assert record["packages"]["launch-auth"]["level"] == "patch"
        assert "its API did not" in record["packages"]["launch-auth"]["notes"]
        go = record["packages"]["launch-auth-go"]
        assert go["level"] == "patch"
        assert f"Generated from the launch-auth description {described} (was {before['launch-auth']})" in go["notes"]
        assert record["versions"]["launch-auth-go"]["description"] == described
        for tool in ("mock", "probe"):
            assert record["packages"][tool]["level"] == "patch"
            assert "Follows the descriptions as this release has them" in record["packages"][tool]["notes"]
        assert clone.git("diff", "--stat", record["commit"], "--", "spec/launch-auth") == ""
    finally:
        clone.reset()


def test_the_level_of_an_added_field_and_a_removed_operation(clone: Clone) -> None:
    """`make release-check` on perps-v1: an optional response field added is a minor release of
    the description; a removed operation a major one."""
    version = str(clone.release_json("perps-v1")["version"])
    major, minor, _ = (int(p) for p in version.split("."))
    try:
        field = "        symbol:\n          description: Pair label of the form <BASE>/<QUOTE>.\n"
        clone.edit("spec/perps-v1/openapi.yaml", field, "        someNewField:\n          type: string\n" + field)
        clone.bundle("perps-v1")
        proc = clone.run(sys.executable, "-m", "scripts.release.release", "--check")
        assert proc.returncode == 0, proc.stderr
        assert f"perps-v1: {version} -> {major}.{minor + 1}.0 (minor)\n" in proc.stdout
        assert "- listDefaultPools: New optional field" in proc.stdout
        clone.reset()
        spec = (clone.root / "spec" / "perps-v1" / "openapi.yaml").read_text(encoding="utf-8")
        start = spec.index("  /main/rpcs:\n")
        end = spec.index("\n  /", start + 1) + 1
        (clone.root / "spec" / "perps-v1" / "openapi.yaml").write_text(spec[:start] + spec[end:], encoding="utf-8")
        clone.bundle("perps-v1")
        proc = clone.run(sys.executable, "-m", "scripts.release.release", "--check")
        assert proc.returncode == 0, proc.stderr
        assert f"perps-v1: {version} -> {major + 1}.0.0 (major)\n" in proc.stdout
        assert "is gone: a call to it fails" in proc.stdout
    finally:
        clone.reset()


def test_a_hand_edited_version_fails_the_gate(clone: Clone) -> None:
    version = str(clone.release_json("perps-v1")["version"])
    try:
        clone.edit("spec/perps-v1/openapi.yaml", f"  version: {version}\n", "  version: 99.0.0\n")
        clone.bundle("perps-v1")
        proc = clone.run(sys.executable, "-m", "scripts.release.spec_diff", "--gate", "perps-v1")
        assert proc.returncode == 1
        assert (f"spec_diff: perps-v1: info.version is 99.0.0, its last release {version}: versions are written by "
                "`make release` alone") in proc.stderr
    finally:
        clone.reset()
