"""Write each language's shared client runtime into generated/: the package every host's
client of that language depends on (one error hierarchy for every host, the transport).

Usage: python -m scripts.clients.runtimes [--out DIR]

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
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from string import Template
from typing import Any

# the runtimes' sources, name and versions (common/versions.py) are read where every stage can
from ..common.paths import REPO
from ..common.versions import (
    NAME,
    RUST_CRATE,
    SOURCES,
    VERSIONS,
    go_module,
    go_version,
    php_version,
    python_version,
    ruby_version,
    rust_version,
    typescript_version,
)
from .openapi_generator import error_codes

__all__ = ["NAME", "RUST_CRATE", "SOURCES", "VERSIONS", "folder", "go_module", "go_requirement", "go_version",
           "php_version", "python_version", "ruby_version", "rust_version", "typescript_version", "write"]
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".mypy_cache", "target", "Cargo.lock")


def go_requirement(out: Path = REPO / "generated") -> str:
    """go.mod lines that require the Go runtime from its folder in `out` (replace): a main
    module that uses a host's module from a clone needs them, since Go ignores the replace in
    the host's own go.mod once that module is a dependency."""
    return f"require {go_module()} v{go_version()}\nreplace {go_module()} => {folder('go', out)}\n"


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


def known_codes() -> list[dict[str, Any]]:
    """Every host's known error codes (`x-error-codes` of each JSON bundle in generated/openapi/,
    as the generators read it, in the hosts' order, then the catalogue's), each once. A code
    that two hosts give different actions is refused: one `action()` could not answer for both."""
    seen: dict[str, dict[str, Any]] = {}
    for entry_point in sorted((REPO / "spec").glob("*/openapi.yaml")):
        bundle = REPO / "generated" / "openapi" / f"{entry_point.parent.name}.json"
        if not bundle.exists():
            raise SystemExit(f"runtimes: {bundle.relative_to(REPO)} is missing: the Rust runtime's error codes "
                             "are read from the bundles (make bundle)")  # fmt: skip
        for code in error_codes(json.loads(bundle.read_text(encoding="utf-8"))):
            first = seen.setdefault(code["code"], code)
            if first["action"] != code["action"]:
                raise SystemExit(f"runtimes: {code['code']} has two actions in two descriptions ({first['action']}, "
                                 f"{code['action']}); one ErrorCode cannot answer for both")  # fmt: skip
    return list(seen.values())


RUST_CODES = REPO / "scripts" / "templates" / "rust-runtime" / "codes.rs.tmpl"  # a string.Template


def rust_error_codes() -> str:
    """The Rust runtime's src/codes.rs: one `ErrorCode` enum of every host's known codes, so that
    `ApiError.code` is one type for every crate (each crate sets it only for its own codes)."""
    codes = known_codes()

    def lines(line: str) -> str:
        """`line` once per code; $text is its doc comment (the catalogue's meaning, action, advice)."""
        return "".join(Template(line).substitute(c, text=" ".join(f"{c['meaning']} Next: {c['action']}. "
                                                                  f"{c['advice']}".split()))
                       for c in codes)  # fmt: skip

    return Template(RUST_CODES.read_text(encoding="utf-8")).substitute(
        variants=lines("    /// $text\n    $pascal,\n"),
        names=lines('            ErrorCode::$pascal => "$code",\n'),
        actions=lines('            ErrorCode::$pascal => "$action",\n'),
        parsed=lines('            "$code" => Some(ErrorCode::$pascal),\n'))


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
        if language == "rust":
            (staged / "src" / "codes.rs").write_text(rust_error_codes(), encoding="utf-8")
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
