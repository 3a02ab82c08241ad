"""The programs in other languages that the tests run are files of their language under tests/
(tests/<language>/, tests/install/, tests/clients/forked_samples.rb), not strings in Python
(issue 78), and each parses with its language's own tool: `ruby -c`, `php -l`, `gofmt` and
`rustfmt`. Where a test fills values in, its placeholders stand where the language takes a
name, a string or a comment (`$LOAD_PATH.unshift(LIB)`, `PACKAGE "MODULE"`, `// CASES`), so the
file parses as it is. The code samples' programs are templates (scripts/templates/code-samples),
and every sample they render from the bundles parses with the same tools (curl's with `bash -n`,
Python's with its `ast`; tests/clients/test_code_samples.py type-checks TypeScript's and runs
them all). Fast: nothing is built, and no generated client is needed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from toolchains import require

from project import HOSTS, REPO, bundle
from scripts.spec import code_samples

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
    assert paths, f"no file for {command[0]}"
    found: list[str] = []
    for path in paths:
        proc = subprocess.run([*command, str(path)], capture_output=True, text=True, timeout=60, check=False)
        if proc.returncode != 0:
            name = path.relative_to(REPO) if path.is_relative_to(REPO) else path.name
            found.append(f"{name}: {(proc.stdout + proc.stderr).strip()}")
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


def require_rustfmt() -> None:
    """rustfmt comes with rustup, not with the toolchains `make toolchains` installs: without it
    the Rust checks skip."""
    if shutil.which("rustfmt") is None:
        pytest.skip("rustfmt not found (rustup component add rustfmt, or Debian's rustfmt package)")


def test_every_rust_program_parses() -> None:
    """rustfmt parses each file (its layout is not held to rustfmt's: the programs keep the
    repository's line length)."""
    require_rustfmt()
    assert refused(["rustfmt", "--edition", "2021", "--emit", "stdout"], programs(".rs")) == []


# each language's parser, and the suffix its tool reads a file by
PARSERS = {"curl": (["bash", "-n"], ".sh"), "Python": ([sys.executable, "-m", "ast"], ".py"),
           "Go": (["gofmt", "-l"], ".go"), "Ruby": (["ruby", "-c"], ".rb"), "PHP": (["php", "-l"], ".php"),
           "Rust": (["rustfmt", "--edition", "2021", "--emit", "stdout"], ".rs")}  # fmt: skip


@pytest.mark.parametrize("label", list(PARSERS))
def test_every_code_sample_parses(label: str, tmp_path: Path) -> None:
    """Every operation's sample in the language, as its template renders it now from the
    committed bundle, one file each."""
    command, suffix = PARSERS[label]
    if label == "Rust":
        require_rustfmt()
    require(command[0])
    paths = []
    for host in HOSTS:
        for call in code_samples.calls(bundle(host), host):
            path = tmp_path / f"{host}_{call.operation_id}{suffix}"
            path.write_text(code_samples.RENDER[label](call) + "\n", encoding="utf-8")
            paths.append(path)
    assert refused(command, paths) == []
