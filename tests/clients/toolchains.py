"""The toolchains the other languages' tests need (Go, Ruby, PHP, Rust), installed from
Debian's packages by `make toolchains` (which `make test` runs). Outside CI a missing
toolchain skips its tests with a message that says how to get it; under CI=true it fails."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import runtimes
from offline_tools import cargo_env, go_env
from openapi_generator import go_module_path
from project import REPO, bundle

BUILD = REPO / "build"

INSTALL = "run `make toolchains` (installs Debian's golang-go, ruby, php and librust packages; needs root)"


def require(*commands: str) -> None:
    missing = [c for c in commands if shutil.which(c) is None]
    if not missing:
        return
    message = f"{', '.join(missing)} not found: {INSTALL}"
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def go(args: list[str], cwd: Path, home: Path, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    """`go` offline (no module proxy), with its caches under build/."""
    return subprocess.run(["go", *args], capture_output=True, text=True, timeout=timeout, check=False, cwd=cwd,
                          env=go_env(home))  # fmt: skip


def go_module_of(host: str) -> tuple[str, str]:
    """The host's Go module path and version (`v3.1.1`) at its description's version."""
    version = str(bundle(host)["info"]["version"])
    return go_module_path(host, version), f"v{version}"


def go_requirement(host: str) -> str:
    """go.mod lines that require the host's module from its generated folder (replace)."""
    module, version = go_module_of(host)
    return f"require {module} {version}\nreplace {module} => {REPO / 'generated' / 'go' / host}\n"


def write_go_mod(folder: Path, name: str, hosts: list[str]) -> None:
    """folder/go.mod: a main module `name` that requires each host's generated module and the
    shared runtime they require, from their folders (replace)."""
    # the runtime of this checkout's generated/ (REPO is the tests' own: a mutation tool's
    # mirror, whose runtime is the mutated copy), not the one beside scripts/runtimes.py
    requires = "".join(go_requirement(host) for host in hosts) + runtimes.go_requirement(REPO / "generated")
    (folder / "go.mod").write_text(f"module {name}\n\ngo 1.19\n\n{requires}", encoding="utf-8")


def go_module(folder: Path, host: str, main: str) -> Path:
    """A main package in `folder` that uses the host's generated module (write_go_mod); `MODULE`
    in `main` is replaced by the module path."""
    write_go_mod(folder, "runner", [host])
    main = main.replace("MODULE", go_module_of(host)[0])
    (folder / "main.go").write_text(main, encoding="utf-8")
    return folder


def cargo(args: list[str], cwd: Path, timeout: int = 900) -> subprocess.CompletedProcess[str]:
    """`cargo` offline, with crates.io replaced by Debian's packaged crates."""
    return subprocess.run(["cargo", *args, "--offline", "--quiet"], capture_output=True, text=True, timeout=timeout,
                          check=False, cwd=cwd, env=cargo_env())  # fmt: skip


def rust_crate(folder: Path, name: str, hosts: list[str], main: str) -> Path:
    """A binary crate in `folder` that uses each host's generated crate and the shared runtime
    they require (path dependencies), with serde and serde_json."""
    crates = "".join(f'raydium-{host}-client = {{ path = "{REPO / "generated" / "rust" / host}" }}\n' for host in hosts)
    (folder / "Cargo.toml").write_text(
        f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n{crates}'
        f'raydium-api-runtime = {{ path = "{runtimes.folder("rust", REPO / "generated")}" }}\nserde = "1.0"\n'
        'serde_json = "1.0"\n',
        encoding="utf-8",
    )
    (folder / "src").mkdir(exist_ok=True)
    (folder / "src" / "main.rs").write_text(main, encoding="utf-8")
    return folder
