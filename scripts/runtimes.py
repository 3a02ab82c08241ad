"""Write each language's shared client runtime into generated/: the package every host's
client of that language depends on (one error hierarchy for every host, the transport).

Usage: runtimes.py [--out DIR]

The runtimes are written by hand in scripts/runtime/<language>/; this copies them, with the
repository's LICENSE, to DIR/<language>/raydium-api-runtime/ (generated/ by default), where
the clients' own folders sit, so that `pip install generated/python/raydium-api-runtime
generated/python/pool-v3-client` works from a clone as the clients alone did. The TypeScript
runtime is compiled there (tsc --strict, into dist/), as the clients are. A copy is replaced
only once it is whole.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SOURCES = REPO / "scripts" / "runtime"
NAME = "raydium-api-runtime"
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".mypy_cache")


def python_version() -> str:
    """The Python runtime's version (its pyproject.toml), which the clients pin exactly."""
    project = tomllib.loads((SOURCES / "python" / "pyproject.toml").read_text(encoding="utf-8"))
    return str(project["project"]["version"])


def typescript_version() -> str:
    """The TypeScript runtime's version (its package.json), which the clients pin exactly."""
    return str(json.loads((SOURCES / "typescript" / "package.json").read_text(encoding="utf-8"))["version"])


def declared(relative: str, pattern: str, what: str) -> str:
    """The first group of `pattern` (a line of scripts/runtime/<relative>): a version or a name
    the runtime's own files declare; SystemExit naming the file where it is missing."""
    found = re.search(pattern, (SOURCES / relative).read_text(encoding="utf-8"), re.M)
    if found is None:
        raise SystemExit(f"runtimes: no {what} in scripts/runtime/{relative}")
    return found.group(1)


def ruby_version() -> str:
    """The Ruby runtime's version (lib/raydium_api_runtime/version.rb), which the gems pin exactly."""
    return declared("ruby/lib/raydium_api_runtime/version.rb", r"^\s*VERSION = '([^']+)'", "VERSION = '...'")


def go_version() -> str:
    """The Go runtime's version (`const Version` in version.go), which the modules require exactly."""
    return declared("go/version.go", r'^const Version = "([^"]+)"', 'const Version = "..."')


def go_module() -> str:
    """The Go runtime's module path (its go.mod), which each host's go.mod requires."""
    return declared("go/go.mod", r"^module (\S+)$", "module line")


def go_requirement() -> str:
    """go.mod lines that require the Go runtime from its folder in generated/ (replace): a main
    module that uses a host's module from a clone needs them, since Go ignores the replace in
    the host's own go.mod once that module is a dependency."""
    return f"require {go_module()} v{go_version()}\nreplace {go_module()} => {folder('go')}\n"


def php_version() -> str:
    """The PHP runtime's version (its composer.json), which the clients pin exactly."""
    return str(json.loads((SOURCES / "php" / "composer.json").read_text(encoding="utf-8"))["version"])


# Each language that has a runtime, with how its version is read.
VERSIONS: dict[str, Callable[[], str]] = {"python": python_version, "typescript": typescript_version,
                                          "ruby": ruby_version, "php": php_version, "go": go_version}  # fmt: skip


def folder(language: str, out: Path = REPO / "generated") -> Path:
    """Where a language's runtime is written: OUT/<language>/raydium-api-runtime."""
    return out / language / NAME


@contextmanager
def repository_node_modules(folder: Path) -> Iterator[None]:
    """The repository's node_modules linked into folder for the duration: a package compiled
    there finds its dependencies' types (and the clients the runtime), wherever it is written."""
    link = folder / "node_modules"
    link.symlink_to(REPO / "node_modules", target_is_directory=True)
    try:
        yield
    finally:
        link.unlink()


def compile_typescript(folder: Path) -> None:
    """tsc --strict into folder/dist, with the repository's node_modules (ajv's types)."""
    with repository_node_modules(folder):
        done = subprocess.run([str(REPO / "node_modules" / ".bin" / "tsc"), "-p", str(folder / "tsconfig.json")],
                              capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"runtimes: tsc --strict on the TypeScript runtime failed:\n{done.stdout}{done.stderr}")


def write(language: str, out: Path) -> Path:
    """DIR/<language>/raydium-api-runtime, a copy of scripts/runtime/<language> and the LICENSE."""
    target = folder(language, out)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f".tmp-{NAME}-", dir=target.parent) as tmp_name:
        staged = Path(tmp_name) / NAME
        shutil.copytree(SOURCES / language, staged, ignore=IGNORED)
        shutil.copyfile(REPO / "LICENSE", staged / "LICENSE")
        if language == "typescript":
            compile_typescript(staged)
        if target.exists():
            shutil.rmtree(target)
        staged.rename(target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "generated")
    args = parser.parse_args(argv)
    written = [write(language, args.out.resolve()) for language in sorted(p.name for p in SOURCES.iterdir()
                                                                          if p.is_dir())]  # fmt: skip
    print("runtimes: wrote " + ", ".join(str(p.relative_to(args.out.resolve().parent)) for p in written))
    return 0


if __name__ == "__main__":
    sys.exit(main())
