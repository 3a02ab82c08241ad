"""The in-front gate's guard, loaded as a pytest plugin by the gate alone (`-p gate_guard` in
the Makefile's spec-tests rule and in bench.GATE). The gate runs on a fresh machine before
`make test` installs the other languages' toolchains (the Makefile's `toolchains`), so under it
a test that starts one of them (TOOLCHAIN_COMMANDS) fails at once, naming it, on every machine:
a gate test that needs Ruby, PHP, Go or the Rust crates is caught here, not first on a fresh CI
machine (docs/decisions/, 98)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest

# The commands of the toolchains `make test` installs (Makefile: toolchains) after `make` has run
# the in-front gate, which must therefore never start one
TOOLCHAIN_COMMANDS = frozenset({"ruby", "gem", "bundle", "php", "composer", "go", "gofmt", "cargo", "rustc"})


class ToolchainInGate(AssertionError):
    """A test in `make`'s in-front gate started a toolchain that only `make test` installs."""


def gate_popen(popen: type[subprocess.Popen[Any]]) -> type[subprocess.Popen[Any]]:
    """`popen`, refusing the toolchain commands (the first word of the command, by its file name)."""

    class GatePopen(popen):  # type: ignore[valid-type,misc]
        # refused in __new__, before there is an object whose __del__ would find no returncode
        def __new__(cls, args: Any, *rest: Any, **kwargs: Any) -> GatePopen:
            first = args.split()[0] if isinstance(args, str) and args.strip() else args
            if not isinstance(first, (str, bytes, os.PathLike)):
                first = first[0]
            name = Path(os.fsdecode(first)).name
            if name in TOOLCHAIN_COMMANDS:
                raise ToolchainInGate(f"the in-front gate started {name!r}, which `make test` installs "
                                      "(Makefile: toolchains) after `make` runs the gate: mark the test "
                                      "tooling, pipeline or e2e")  # fmt: skip
            return object.__new__(cls)  # Popen has no __new__; a GatePopen wrapped has the same check

    return GatePopen


@pytest.fixture(autouse=True)
def _no_toolchains_in_the_gate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(subprocess, "Popen", gate_popen(subprocess.Popen))
