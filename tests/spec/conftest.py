"""The in-front gate (`make`'s spec tests) runs on a fresh machine before `make test` installs
the other languages' toolchains (the Makefile's `toolchains`). Under the gate (GATE_ALONE=1,
set by the Makefile's spec-tests rule) a test that starts one of them (project.TOOLCHAIN_COMMANDS)
fails at once, naming it, on every machine: a gate test that needs Ruby, PHP, Go or the Rust
crates is caught here, not first on a fresh CI machine (decision 98)."""

from __future__ import annotations

import os
import subprocess

import pytest

from project import gate_popen


@pytest.fixture(autouse=True)
def _no_toolchains_in_the_gate(monkeypatch: pytest.MonkeyPatch) -> None:
    if os.environ.get("GATE_ALONE") == "1":
        monkeypatch.setattr(subprocess, "Popen", gate_popen(subprocess.Popen))
