"""Go and cargo offline, with their caches under build/: the one environment the client tests
(tests/clients/toolchains.py), the Go and Rust mutation runs (mutants_native.py) and the
language benchmarks (bench_languages.py) build with."""

from __future__ import annotations

import os
from pathlib import Path

from .paths import REPO

BUILD = REPO / "build"

# crates.io replaced by Debian's packaged crates, and no network
CARGO_CONFIG = (
    '[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n'
    "[net]\noffline = true\n"
)


def go_env(home: Path | None = None) -> dict[str, str]:
    """`go` offline (no module proxy, the local toolchain), its caches in build/go-cache; HOME
    set to `home` where given."""
    cache = BUILD / "go-cache"
    env = {**os.environ, "GOPROXY": "off", "GOFLAGS": "-mod=mod", "GOCACHE": str(cache / "build"),
           "GOPATH": str(cache / "path"), "GOTOOLCHAIN": "local", "GO111MODULE": "on"}  # fmt: skip
    return {**env, "HOME": str(home)} if home is not None else env


def cargo_home() -> Path:
    """A CARGO_HOME whose config makes cargo offline, with crates.io replaced by Debian's
    packaged crates (the Rust page's set-up)."""
    home = BUILD / "cargo-home"
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(CARGO_CONFIG, encoding="utf-8")
    return home


def cargo_env(target: Path = BUILD / "cargo-target") -> dict[str, str]:
    """`cargo` with cargo_home() and its builds in `target`."""
    return {**os.environ, "CARGO_HOME": str(cargo_home()), "CARGO_TARGET_DIR": str(target)}
