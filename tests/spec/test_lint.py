"""Both linters, with the house ruleset, report nothing on every host bundle."""

from __future__ import annotations

import os
import subprocess

import pytest

from project import GENERATED, HOSTS, NODE_BIN, REPO

pytestmark = pytest.mark.pipeline  # repeats what make lint just did: run by make test

ENV = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_COLOR": "1"}


@pytest.mark.parametrize("host", HOSTS)
def test_redocly_is_clean(host: str) -> None:
    proc = subprocess.run(
        [str(NODE_BIN / "redocly"), "lint", "--format=stylish", str(GENERATED / f"{host}.yaml")],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=ENV,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "warning" not in proc.stdout


@pytest.mark.parametrize("host", HOSTS)
def test_spectral_is_clean(host: str) -> None:
    proc = subprocess.run(
        [str(NODE_BIN / "spectral"), "lint", "--fail-severity=hint", str(GENERATED / f"{host}.yaml")],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=ENV,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout
