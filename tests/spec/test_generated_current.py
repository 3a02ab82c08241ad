"""The committed bundles are exactly what the specs produce, and a failed bundle step
leaves existing output untouched."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import GENERATED, HOSTS, NODE_BIN, REPO

pytestmark = pytest.mark.pipeline  # repeats what make bundle just did: run by make test

BUNDLE = [sys.executable, str(REPO / "scripts" / "bundle.py"), "--redocly", str(NODE_BIN / "redocly")]
SUFFIXES = (".yaml", ".json", ".deref.json")


def bundle_into(spec: Path, out: Path, name: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*BUNDLE, str(spec), str(out), name], capture_output=True, text=True, cwd=REPO, timeout=120, check=False
    )


@pytest.mark.parametrize("host", HOSTS)
def test_committed_bundles_are_current(host: str, tmp_path: Path) -> None:
    proc = bundle_into(Path("spec") / host / "openapi.yaml", tmp_path, host)
    assert proc.returncode == 0, proc.stderr
    for suffix in SUFFIXES:
        fresh = (tmp_path / f"{host}{suffix}").read_bytes()
        committed = (GENERATED / f"{host}{suffix}").read_bytes()
        assert fresh == committed, (
            f"generated/openapi/{host}{suffix} is stale: the spec produces something else. Run make and commit."
        )


def test_failed_bundle_leaves_existing_output_untouched(tmp_path: Path) -> None:
    host = HOSTS[0]
    for suffix in SUFFIXES:
        shutil.copy(GENERATED / f"{host}{suffix}", tmp_path / f"{host}{suffix}")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    proc = bundle_into(Path("tests/broken/colliding-component/openapi.yaml"), tmp_path, host)
    assert proc.returncode != 0
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
