"""The programs in other languages that the tests run are files of their language under tests/
(tests/<language>/, tests/install/, tests/clients/forked_samples.rb), not strings in Python
(issue 78), and each parses with its language's own tool: `ruby -c`, `php -l`, `gofmt` and
`rustfmt`. Where a test fills values in, its placeholders stand where the language takes a
name, a string or a comment (`$LOAD_PATH.unshift(LIB)`, `PACKAGE "MODULE"`, `// CASES`), so the
file parses as it is. Fast: nothing is built, and no generated client is needed."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from toolchains import require

from project import REPO

# folders under tests/ that hold other projects' files, not ours
SKIPPED = frozenset({"node_modules", ".venv", "__pycache__"})


def programs(suffix: str) -> list[Path]:
    """Every file under tests/ whose name ends with `suffix`, in a stable order."""
    found: list[Path] = []
    for folder, folders, files in os.walk(REPO / "tests"):
        folders[:] = sorted(name for name in folders if name not in SKIPPED)
        found += [Path(folder) / name for name in sorted(files) if name.endswith(suffix)]
    return found


def refused(command: list[str], paths: list[Path]) -> list[str]:
    """What `command path` said of each path it did not accept (one run per file: `ruby -c` and
    `php -l` read one file each), as `path: message`."""
    assert paths, f"no file for {command[0]} under tests/"
    found: list[str] = []
    for path in paths:
        proc = subprocess.run([*command, str(path)], capture_output=True, text=True, timeout=60, check=False)
        if proc.returncode != 0:
            found.append(f"{path.relative_to(REPO)}: {(proc.stdout + proc.stderr).strip()}")
    return found


def test_every_ruby_program_parses() -> None:
    require("ruby")
    assert refused(["ruby", "-c"], programs(".rb")) == []


def test_every_php_program_parses() -> None:
    require("php")
    assert refused(["php", "-l"], programs(".php")) == []


def test_every_go_program_parses() -> None:
    """gofmt fails on a file that does not parse (its layout is not held to gofmt's: gofmt sorts
    the imports by the placeholders' names, not by the paths the tests put in)."""
    require("gofmt")
    paths = programs(".go")
    assert paths, "no Go file under tests/"
    proc = subprocess.run(["gofmt", "-l", *map(str, paths)], capture_output=True, text=True, timeout=60,
                          check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def test_every_rust_program_parses() -> None:
    """rustfmt parses each file (its layout is not held to rustfmt's: the programs keep the
    repository's line length)."""
    if shutil.which("rustfmt") is None:
        pytest.skip("rustfmt not found (rustup component add rustfmt, or Debian's rustfmt package)")
    assert refused(["rustfmt", "--edition", "2021", "--emit", "stdout"], programs(".rs")) == []
