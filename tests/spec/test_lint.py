"""Both linters, with the house ruleset, report nothing on every host bundle."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from project import GENERATED, HOSTS, LINT_ENV, NODE_BIN, REPO

pytestmark = pytest.mark.pipeline  # repeats what make lint just did: run by make test

ENV = LINT_ENV


def lint(*command: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, cwd=REPO, env=ENV, timeout=120,
                          check=False)  # fmt: skip


@pytest.mark.parametrize("host", HOSTS)
def test_redocly_is_clean(host: str) -> None:
    proc = lint(NODE_BIN / "redocly", "lint", "--format=stylish", GENERATED / f"{host}.yaml")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "warning" not in proc.stdout


@pytest.mark.parametrize("host", HOSTS)
def test_spectral_is_clean(host: str) -> None:
    proc = lint(NODE_BIN / "spectral", "lint", "--fail-severity=hint", GENERATED / f"{host}.yaml")
    assert proc.returncode == 0, proc.stdout
