"""The sync guide's "Sort and filter a listing" example (docs/guide/sync.md) runs against the
mock of the pool data service and passes mypy --strict, as the client pages' examples do
(tests/clients/test_docs_examples.py, whose helper points it at the mock)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_docs_examples import point_at_mocks
from toolchains import BUILD

from mock_servers import Prism
from project import PYTHONPATH, REPO

pytestmark = pytest.mark.e2e
SECTION = re.compile(r"^## Sort and filter a listing\n(.*?)^## ", re.S | re.M)
FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def example() -> str:
    section = SECTION.search((REPO / "docs" / "guide" / "sync.md").read_text(encoding="utf-8"))
    assert section, "docs/guide/sync.md has its sorting section"
    [code] = FENCE.findall(section[1])
    return str(code)


def test_the_sorting_example_sends_the_sorting_parameters() -> None:
    code = example()
    for argument in ("pool_type=CursorPoolType(", "sort_field=CursorSortField(", "sort_type=SortType("):
        assert argument in code


def test_the_sorting_example_runs(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(point_at_mocks(example(), prism_servers), encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": PYTHONPATH})  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("[{"), proc.stdout  # the example's pools, as the mock answered them


def test_the_sorting_example_passes_mypy_strict(tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(example(), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(BUILD / "mypy-docs-examples"),
                           "--config-file", "/dev/null", str(script)], capture_output=True, text=True, timeout=300,
                          check=False, cwd=tmp_path, env={**os.environ, "MYPYPATH": PYTHONPATH})  # fmt: skip
    assert proc.returncode == 0, proc.stdout
