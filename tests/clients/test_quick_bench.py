"""The quick bench of `make test` (scripts/quality/bench.py --quick): the ratios of issues 17 and 80 hold.
It guards ratios only, never absolute times: the Python and TypeScript clients' full read of a
1000-pool page (the call, then every field of every pool) against json.loads and JSON.parse of
its bytes followed by the same reads, a no-op `make` that does no work, and the share of a full
rebuild's targets that an edit of one host remakes (make's dry run)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from project import REPO

pytestmark = pytest.mark.e2e


def test_the_quick_bench_ratios_hold() -> None:
    proc = subprocess.run([sys.executable, "-m", "scripts.quality.bench", "--quick"], capture_output=True, text=True,
                          cwd=REPO, timeout=120, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "the Python client's full read of the 1000-pool page" in proc.stdout
    assert "the TypeScript client's full read of the 1000-pool page" in proc.stdout
    assert "of a full rebuild's targets" in proc.stdout
