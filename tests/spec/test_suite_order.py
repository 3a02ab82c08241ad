"""The suite's scheduling hint (project.LONGEST_FIRST, read by the hook in
tests/clients/conftest.py) names files that exist, and the in-front gate's guard against the
toolchains only `make test` installs (tests/gate_guard.py) refuses them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gate_guard import ToolchainInGate, gate_popen
from project import LONGEST_FIRST, REPO


def test_every_file_the_order_puts_first_exists() -> None:
    assert [name for name in LONGEST_FIRST if not (REPO / "tests" / name).is_file()] == []


def test_the_gate_refuses_the_toolchains_make_test_installs() -> None:
    popen = gate_popen(subprocess.Popen)
    for command in (["ruby", "-e", "1"], ["/usr/bin/php", "-v"], "go version", [Path("/usr/bin/composer")]):
        with pytest.raises(ToolchainInGate, match="make test"):
            popen(command)
    with popen(["true"]) as proc:  # anything else starts
        assert proc.wait() == 0
