"""Our ruleset and our breaking-change gate in someone else's CI (issue 27): a scratch git
repository outside ours (a fork: spec/ copied, committed on `main`) runs the commands of
docs/guide/lint-in-ci.md against the tools of a release (scripts/release/build.py writes them
into a temporary dist/).

The page's second block installs the linters from npm; here they are this repository's own
pinned copies (node_modules/.bin first on PATH, `npx ` dropped), the same versions."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from project import LINT_ENV, NODE_BIN, REPO
from scripts.release import build as release_build
from scripts.release.packages import named

pytestmark = pytest.mark.e2e
PAGE = REPO / "docs" / "guide" / "lint-in-ci.md"
GATE_LINE = ".gate/bin/openapi-gate main:spec/pool-v3/openapi.yaml spec/pool-v3/openapi.yaml"
MINTS = "        - name: mints\n          in: query\n          required: false\n"


def blocks() -> list[str]:
    found = re.findall(r"^```sh\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.S | re.M)
    assert len(found) == 4, f"{PAGE}: expected four sh blocks (install, linters, config, lint and gate)"
    return [str(b) for b in found]


def sh(script: str, cwd: Path, dist: Path) -> subprocess.CompletedProcess[str]:
    env = {**LINT_ENV, "DIST": str(dist), "PATH": f"{NODE_BIN}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(["bash", "-e", "-c", script.replace("npx ", "")], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=600, check=False)  # fmt: skip


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("release") / "dist"
    out.mkdir()
    for tool in ("gate", "ruleset"):
        package = named(tool)
        release_build.build(package, package.version(), out, 0)
    release_build.simple_index(out)
    return out


@pytest.fixture(scope="module")
def fork(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scratch repository, with the ruleset and the gate installed and configured."""
    folder = tmp_path_factory.mktemp("fork")
    shutil.copytree(REPO / "spec", folder / "spec")
    for command in (["init", "-q", "-b", "main"], ["add", "-A"],
                    ["-c", "user.name=t", "-c", "user.email=t@t.invalid", "commit", "-q", "-m", "fork"]):  # fmt: skip
        subprocess.run(["git", *command], cwd=folder, check=True, capture_output=True, timeout=60)
    install, _linters, config, _lint = blocks()
    for block in (install, config):
        proc = sh(block, folder, dist)
        assert proc.returncode == 0, block + proc.stdout + proc.stderr
    return folder


def edit(folder: Path, old: str, new: str) -> None:
    path = folder / "spec" / "pool-v3" / "openapi.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_the_ci_jobs_run_the_documented_commands() -> None:
    page, documented = PAGE.read_text(encoding="utf-8"), blocks()
    for line in (line.strip() for b in documented[2:] for line in b.splitlines() if line.strip()):
        if line.startswith(("npx", ".gate")):
            assert page.count(line.replace("main:", "origin/main:")) >= 2, f"a CI job does not run {line!r}"
    for block in documented[:2]:
        for line in block.splitlines():
            if line.startswith("npm install"):
                assert page.count(line) >= 3, f"a CI job does not run {line!r}"


def test_an_unchanged_fork_lints_clean_and_passes_the_gate(fork: Path, dist: Path) -> None:
    proc = sh(blocks()[3], fork, dist)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 change(s), 0 breaking" in proc.stdout, proc.stdout


def test_a_non_breaking_edit_passes(fork: Path, dist: Path) -> None:
    edit(fork, "Comma-separated mint addresses;", "Comma-separated mint addresses (base58);")
    try:
        proc = sh(blocks()[3], fork, dist)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert "0 breaking" in proc.stdout, proc.stdout
    finally:
        edit(fork, "Comma-separated mint addresses (base58);", "Comma-separated mint addresses;")


def test_a_breaking_edit_fails_the_gate(fork: Path, dist: Path) -> None:
    edit(fork, MINTS, MINTS.replace("false", "true"))
    try:
        proc = sh(GATE_LINE, fork, dist)
        assert proc.returncode == 1, proc.stdout + proc.stderr
        assert "BREAKING" in proc.stdout, proc.stdout
        assert "mints" in proc.stdout, proc.stdout
        assert "need a major version bump" in proc.stderr, proc.stderr
    finally:
        edit(fork, MINTS.replace("false", "true"), MINTS)


def test_a_house_rule_violation_fails_both_linters(fork: Path, dist: Path) -> None:
    path = fork / "spec" / "pool-v3" / "openapi.yaml"
    original = path.read_text(encoding="utf-8")
    line = next(x for x in original.splitlines() if x.startswith("      summary: "))
    path.write_text(original.replace(line + "\n", "", 1), encoding="utf-8")
    try:
        bundle_and_spectral, redocly = blocks()[3].splitlines()[:2], blocks()[3].splitlines()[2]
        proc = sh("\n".join(bundle_and_spectral), fork, dist)
        assert proc.returncode != 0, proc.stdout + proc.stderr
        assert "house-operation-summary" in proc.stdout, proc.stdout
        proc = sh(redocly, fork, dist)
        assert proc.returncode != 0, proc.stdout + proc.stderr
        assert "summary" in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    finally:
        path.write_text(original, encoding="utf-8")
