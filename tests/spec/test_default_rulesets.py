"""The published bundles pass the linters' own default rulesets, with none of our config
(issue 27): Spectral with only `extends: spectral:oas`, Redocly with only
`extends: [recommended]`. A user who lints our bundle in their CI with stock settings sees
no error."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from project import GENERATED, HOSTS, LINT_ENV, NODE_BIN

pytestmark = pytest.mark.pipeline

ENV = LINT_ENV


def run(folder: Path, *command: str | Path) -> subprocess.CompletedProcess[str]:
    """A linter run from a folder outside the repository, so that our own configs are not found."""
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, cwd=folder, env=ENV,
                          timeout=120, check=False)  # fmt: skip


@pytest.mark.parametrize("host", HOSTS)
def test_spectral_oas_reports_no_error(host: str, tmp_path: Path) -> None:
    (tmp_path / ".spectral.yaml").write_text('extends: ["spectral:oas"]\n', encoding="utf-8")
    proc = run(tmp_path, NODE_BIN / "spectral", "lint", "--fail-severity=error", "--ruleset",
               tmp_path / ".spectral.yaml", GENERATED / f"{host}.yaml")  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not re.search(r"^\s*\d+:\d+\s+error\b", proc.stdout, re.M), proc.stdout


@pytest.mark.parametrize("host", HOSTS)
def test_redocly_recommended_reports_no_error(host: str, tmp_path: Path) -> None:
    (tmp_path / "redocly.yaml").write_text("extends:\n  - recommended\n", encoding="utf-8")
    proc = run(tmp_path, NODE_BIN / "redocly", "lint", "--format=stylish", "--config", tmp_path / "redocly.yaml",
               GENERATED / f"{host}.yaml")  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert not re.search(r"^\s*\d+:\d+\s+error\b", proc.stdout, re.M), proc.stdout
