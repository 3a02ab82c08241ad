"""Running a recipe of the guides (docs/guide/recipes/) as a user does: a Python recipe in a
separate process with the generated package on its path, and mypy --strict over it; a
TypeScript recipe compiled with tsc --strict in a project of its own, and run with node."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from toolchains import BUILD, write_if_changed

from project import NODE_BIN, PYTHON_RUNTIME, REPO, TEST_NODE_BIN


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


def compile_typescript(recipe: Path, hosts: tuple[str, ...], *, solana: bool = False) -> Path:
    """A TypeScript recipe in a scratch project of its own (build/ts-<name>), with the hosts'
    generated clients (and @solana/kit from tests/node when `solana`) linked in as a user's
    install gives them, type-checked with tsc --strict and compiled: the compiled file. tsc runs
    --incremental: a run where neither the recipe nor the types it reads changed checks nothing
    again, and tsc reports again any error it recorded (docs/decisions/, 113)."""
    folder = BUILD / f"ts-{recipe.stem}"
    modules = folder / "node_modules"
    shutil.rmtree(modules, ignore_errors=True)  # the links are made again: a package gone is gone here too
    (modules / "@types").mkdir(parents=True)
    for host in hosts:
        (modules / f"raydium-{host}-client").symlink_to(REPO / "generated" / "typescript" / f"{host}-client")
    if solana:
        (modules / "@solana").mkdir()
        for package in sorted((TEST_NODE_BIN.parent / "@solana").iterdir()):
            (modules / "@solana" / package.name).symlink_to(package)
    for package in sorted(TEST_NODE_BIN.parent.iterdir()):
        if not package.name.startswith((".", "@")) and not (modules / package.name).exists():
            (modules / package.name).symlink_to(package)
    (modules / "@types" / "node").symlink_to(TEST_NODE_BIN.parent / "@types" / "node")
    write_if_changed(folder / "package.json", '{"type": "module"}\n')
    options = {"strict": True, "module": "nodenext", "moduleResolution": "nodenext", "target": "es2022",
               "types": ["node"], "lib": ["es2022", "dom"], "skipLibCheck": True, "outDir": "out",
               "incremental": True, "tsBuildInfoFile": f"out/{recipe.stem}.tsbuildinfo"}  # fmt: skip
    write_if_changed(folder / "tsconfig.json", json.dumps({"compilerOptions": options, "files": [recipe.name]}))
    write_if_changed(folder / recipe.name, recipe.read_text(encoding="utf-8"))
    compiled = folder / "out" / f"{recipe.stem}.js"
    if not compiled.is_file():  # tsc goes by its build info, not by what is in out/
        (folder / str(options["tsBuildInfoFile"])).unlink(missing_ok=True)
    proc = subprocess.run([str(NODE_BIN / "tsc"), "-p", str(folder)], capture_output=True, text=True, cwd=folder,
                          check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return compiled


def run_typescript(compiled: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A compiled recipe run with node, as a user runs it."""
    return subprocess.run(["node", str(compiled), *args], capture_output=True, text=True, timeout=120,
                          cwd=compiled.parent.parent, check=False)  # fmt: skip
