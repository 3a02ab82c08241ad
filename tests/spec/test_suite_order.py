"""The suite's scheduling hint (project.LONGEST_FIRST, read by the hook in
tests/clients/conftest.py) names files that exist and is the order `make test` uses, and the
in-front gate's guard against the toolchains only `make test` installs (tests/gate_guard.py)
refuses them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gate_guard import ToolchainInGate, gate_popen
from project import LONGEST_FIRST, REPO


def test_every_file_the_order_puts_first_exists() -> None:
    assert [name for name in LONGEST_FIRST if not (REPO / "tests" / name).is_file()] == []


def test_make_test_hands_out_the_files_in_the_suite_order() -> None:
    """pytest-xdist hands out the files with the most tests first unless told not to, and then
    the order above is not used (decision 116)."""
    line = next(line for line in (REPO / "Makefile").read_text(encoding="utf-8").splitlines()
                if line.startswith("TEST_WORKERS ="))  # fmt: skip
    assert "--dist loadfile" in line, line
    assert "--no-loadscope-reorder" in line, line


def test_the_gate_refuses_the_toolchains_make_test_installs() -> None:
    popen = gate_popen(subprocess.Popen)
    for command in (["ruby", "-e", "1"], ["/usr/bin/php", "-v"], "go version", [Path("/usr/bin/composer")]):
        with pytest.raises(ToolchainInGate, match="make test"):
            popen(command)
    with popen(["true"]) as proc:  # anything else starts
        assert proc.wait() == 0
