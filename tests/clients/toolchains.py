"""The toolchains the other languages' tests need (Go, Ruby, PHP, Rust), installed from
Debian's packages by `make toolchains` (which `make test` runs). Outside CI a missing
toolchain skips its tests with a message that says how to get it; under CI=true it fails."""

from __future__ import annotations

import os
import shutil

import pytest

INSTALL = "run `make toolchains` (installs Debian's golang-go, ruby, php and librust packages; needs root)"


def require(*commands: str) -> None:
    missing = [c for c in commands if shutil.which(c) is None]
    if not missing:
        return
    message = f"{', '.join(missing)} not found: {INSTALL}"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)
