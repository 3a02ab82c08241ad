"""The toolchains the other languages' tests need (Go, Ruby, PHP, Rust), installed from
Debian's packages by `make toolchains` (which `make test` runs). Outside CI a missing
toolchain skips its tests with a message that says how to get it; under CI=true it fails."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from project import REPO
from scripts.clients import runtimes
from scripts.common.naming import go_module_path
from scripts.common.offline_tools import cargo_env, go_env
from scripts.common.versions import client_version

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
    """The host's Go module path and version (`v3.1.1`): its Go client's own version."""
    version = client_version(host, "go")
    return go_module_path(host, version), f"v{version}"


def go_requirement(host: str) -> str:
    """go.mod lines that require the host's module from its generated folder (replace)."""
    module, version = go_module_of(host)
    return f"require {module} {version}\nreplace {module} => {REPO / 'generated' / 'go' / host}\n"


def write_go_mod(folder: Path, name: str, hosts: list[str]) -> None:
    """folder/go.mod: a main module `name` that requires each host's generated module and the
    shared runtime they require, from their folders (replace)."""
    # the runtime of this checkout's generated/ (REPO is the tests' own: a mutation tool's
    # mirror, whose runtime is the mutated copy), not the one beside scripts/clients/runtimes.py
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
    they require (path dependencies), with serde and serde_json. A file that already holds its
    text is not written again, so that cargo finds a crate kept in `crate_folder` fresh."""
    crates = "".join(f'raydium-{host}-client = {{ path = "{REPO / "generated" / "rust" / host}" }}\n' for host in hosts)
    write_if_changed(folder / "Cargo.toml",
                     f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\n{crates}'
                     f'raydium-api-runtime = {{ path = "{runtimes.folder("rust", REPO / "generated")}" }}\n'
                     'serde = "1.0"\nserde_json = "1.0"\n')  # fmt: skip
    write_if_changed(folder / "src" / "main.rs", main)
    return folder


def crate_folder(name: str) -> Path:
    """The folder of a test crate whose sources do not change from run to run (servers' URLs come
    at run time), under build/: there cargo finds it fresh on the next `make test` and neither
    compiles nor links it again, where a new temporary folder is a new package each time
    (docs/decisions/, 112). Each name is one test's."""
    folder = BUILD / "rust-crates" / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def write_if_changed(path: Path, content: str | bytes) -> None:
    """``content`` (text as UTF-8) into ``path``, leaving the file (and its modification time)
    alone where it holds those bytes."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    if not (path.is_file() and path.read_bytes() == data):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def copy_kept(source: Path, target: Path) -> Path:
    """``source`` mirrored into ``target`` by content: a file whose bytes are there already is left
    alone, so that cargo finds an unchanged crate fresh; any other is written now, so that cargo,
    which goes by modification times, sees it as newer than its last build there (a copy with the
    source's own time could look older); and what is not in ``source`` goes (Cargo.lock too)."""
    wanted = {p.relative_to(source) for p in source.rglob("*") if p.is_file()}
    for path in sorted(target.rglob("*"), reverse=True):  # a folder's files before the folder
        if path.is_file() and path.relative_to(target) not in wanted:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    for relative in sorted(wanted):
        write_if_changed(target / relative, (source / relative).read_bytes())
    return target
