"""Running a Python recipe of the guides (docs/guide/recipes/) as a user does: a separate
process with the generated package on its path, and mypy --strict over it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from project import PYTHON_RUNTIME, REPO


def package_path(host: str) -> str:
    """The host's client and the shared runtime it depends on, as an install of the client gives."""
    return os.pathsep.join([str(REPO / "generated" / "python" / f"{host}-client"), str(PYTHON_RUNTIME)])


def run_recipe(recipe: Path, host: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(recipe), *args], capture_output=True, text=True, timeout=120,
                          check=False, env={**os.environ, "PYTHONPATH": package_path(host)})  # fmt: skip


def type_check(recipe: Path, host: str) -> subprocess.CompletedProcess[str]:
    """mypy --strict on the recipe, with the generated package as a user installs it."""
    return subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(recipe)],
                          capture_output=True, text=True, cwd=REPO, timeout=300, check=False,
                          env={**os.environ, "MYPYPATH": package_path(host)})  # fmt: skip
