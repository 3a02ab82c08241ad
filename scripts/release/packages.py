"""The packages this repository releases, each with a version of its own (docs/guide/versioning.md).

Library module. Four kinds, 39 packages:

  description  <host>              a host's OpenAPI description; version: its info.version
                                   (spec/<host>/openapi.yaml)
  client       <host>-<language>   a host's client in one language; version and the least runtime
                                   version it requires: releases/client-versions.json
  runtime      runtime-<language>  a language's shared client runtime; version: its own manifest
                                   in scripts/runtime/<language>
  tool         gate, ruleset       the breaking-change gate (scripts/release/openapi_gate.py
                                   VERSION) and the lint ruleset (lint/package.json)
               mock, probe         the mock server and the drift probe, Python packages
                                   (scripts/tools/<tool>/pyproject.toml; their code: the package
                                   scripts/tools/write.py writes, the descriptions they ship included)
               mcp                 the MCP server raydium-mcp (generated/python/raydium-mcp; __version__
                                   in scripts/templates/mcp-server/raydium_mcp/__init__.py)

Each has code (a digest over its files: the package changed when the digest did) and a
version that only `make release` writes; clients and runtimes also have a public surface
(scripts/clients/client_surface.py). releases/<package>/release.json records them at the package's
last release (the baseline the next release compares against).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from ..clients import runtimes
from ..common import versions
from ..common.paths import GENERATED, RELEASES, REPO, hosts
from ..common.versions import VERSIONS_FILE, client_versions

LANGUAGES = ("python", "typescript", "go", "rust", "ruby", "php")
Kind = Literal["description", "client", "runtime", "tool"]
TOOLS = ("gate", "ruleset", "mock", "probe", "mcp")
# What each tool package is built from (scripts/release/build.py): the gate and the modules it
# imports, with its package templates; the ruleset's plugin, functions and the two configurations.
TOOL_FILES: dict[str, tuple[str, ...]] = {
    "gate": ("scripts/release/openapi_gate.py", "scripts/release/spec_diff.py", "scripts/spec/deref.py",
             "scripts/spec/oas.py", "scripts/common/paths.py", "scripts/templates/tools/gate"),
    "ruleset": ("lint", ".spectral.yaml", "redocly.yaml", "scripts/templates/tools/ruleset"),
    "mock": ("generated/python/raydium-api-mock",),
    "probe": ("generated/python/raydium-api-probe",),
    # the MCP server as make writes it: its hand-written server copied beside the tool catalogue
    "mcp": ("generated/python/raydium-mcp",),
}  # fmt: skip
# The tools built from the descriptions: the mock and the probe ship them as data
# (scripts/tools/write.py), the MCP server's tool catalogue is written from them
# (scripts/clients/mcp_server.py). A description's release changes their code too, and they are
# released with it (scripts/release/release.py)
DESCRIBED_TOOLS = ("mock", "probe", "mcp")
MCP_VERSION = ("scripts/templates/mcp-server/raydium_mcp/__init__.py", r'^__version__ = "([^"]+)"$')


class PackageError(Exception):
    pass


@dataclass(frozen=True)
class VersionLine:
    """Where a version is written in a file: the first group of the first match of `pattern`."""

    path: Path
    pattern: str

    def read(self) -> str:
        return self._match(self.path.read_text(encoding="utf-8")).group(1)

    def write(self, version: str) -> None:
        text = self.path.read_text(encoding="utf-8")
        found = self._match(text)
        self.path.write_text(text[: found.start(1)] + version + text[found.end(1) :], encoding="utf-8")

    def _match(self, text: str) -> re.Match[str]:
        found = re.search(self.pattern, text, re.M)
        if found is None:
            raise PackageError(f"{self.path.relative_to(REPO)}: no version where {self.pattern!r} looks")
        return found


RUNTIME_VERSION_LINES = {
    "python": ("python/pyproject.toml", r'^version = "([^"]+)"$'),
    "typescript": ("typescript/package.json", r'^  "version": "([^"]+)",$'),
    "go": ("go/version.go", r'^const Version = "([^"]+)"$'),
    "rust": ("rust/Cargo.toml", r'^version = "([^"]+)"$'),
    "ruby": ("ruby/lib/raydium_api_runtime/version.rb", r"^\s*VERSION = '([^']+)'"),
    "php": ("php/composer.json", r'^    "version": "([^"]+)",$'),
}
# the description's info.version: the first `  version:` line after `info:` (info comes first)
INFO_VERSION = r"^info:\n(?:  .*\n|\n)*?  version: (\S+)$"


@dataclass(frozen=True)
class Package:
    name: str
    kind: Kind
    host: str = ""
    language: str = ""

    def __str__(self) -> str:
        return self.name

    @property
    def folder(self) -> Path:
        """releases/<name>/: the package's changelog and its last release (release.json)."""
        return RELEASES / self.name

    @property
    def changelog(self) -> Path:
        return self.folder / "CHANGELOG.md"

    # -- versions --------------------------------------------------------------------------
    def version(self) -> str:
        if self.kind == "client":
            entry = client_versions().get(self.name)
            if entry is None:
                raise PackageError(f"{VERSIONS_FILE}: no version of {self.name}")
            return entry["version"]
        return self._line().read()

    def set_version(self, version: str) -> None:
        """Write the version where it lives (only `make release` moves a version)."""
        if self.kind == "client":
            versions.set_client_version(self.name, version=version)
            return
        if self.kind == "runtime" and self.language == "go":
            go_runtime_major(version)
        self._line().write(version)

    def _line(self) -> VersionLine:
        if self.kind == "description":
            return VersionLine(REPO / "spec" / self.host / "openapi.yaml", INFO_VERSION)
        if self.kind == "runtime":
            relative, pattern = RUNTIME_VERSION_LINES[self.language]
            return VersionLine(versions.SOURCES / relative, pattern)
        if self.name == "gate":
            return VersionLine(REPO / "scripts" / "release" / "openapi_gate.py", r'^VERSION = "([^"]+)"')
        if self.name == "mcp":
            return VersionLine(REPO / MCP_VERSION[0], MCP_VERSION[1])
        if self.name in DESCRIBED_TOOLS:
            return VersionLine(REPO / "scripts" / "tools" / self.name / "pyproject.toml", r'^version = "([^"]+)"$')
        return VersionLine(REPO / "lint" / "package.json", r'^  "version": "([^"]+)",$')

    # -- code ------------------------------------------------------------------------------
    def code(self) -> list[Path]:
        """The files (or folders) whose bytes are the package."""
        if self.kind == "description":
            return [GENERATED / "openapi" / f"{self.host}.yaml"]
        if self.kind == "client":
            return [client_folder(self.host, self.language)]
        if self.kind == "runtime":
            return [runtimes.folder(self.language, GENERATED)]
        return [REPO / relative for relative in TOOL_FILES[self.name]]

    def digest(self) -> str:
        """A sha256 over the paths and bytes of the package's files. A description's is taken
        with its info.version blanked: a description changed only when its text did."""
        if self.kind == "description":
            text = self.code()[0].read_text(encoding="utf-8")
            return hashlib.sha256(re.sub(INFO_VERSION, _blank_version, text, count=1, flags=re.M).encode()).hexdigest()
        if self.kind == "client":
            folder = self.code()[0]
            return code_digest([folder], folder.parent)
        if self.kind == "runtime":
            folder = self.code()[0]
            return code_digest([folder], folder)
        return code_digest(self.code(), REPO)

    # -- the last release ----------------------------------------------------------------------
    def baseline(self) -> dict[str, Any] | None:
        """releases/<name>/release.json: version, digest, surface, record and date of the last
        release (None before the first)."""
        path = self.folder / "release.json"
        return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def _blank_version(found: re.Match[str]) -> str:
    return found.group(0)[: found.start(1) - found.start(0)] + "_"


def code_digest(paths: Iterable[Path], base: Path) -> str:
    """A sha256 over the paths (relative to base) and bytes of every file under `paths`."""
    digest = hashlib.sha256()
    for path in sorted(f for p in paths for f in ([p] if p.is_file() else p.rglob("*"))
                       if f.is_file() and "__pycache__" not in f.parts):  # fmt: skip
        digest.update(f"{path.relative_to(base)}\n".encode() + path.read_bytes())
    return digest.hexdigest()


def client_folder(host: str, language: str) -> Path:
    """The generated code a host's client in one language is built from."""
    if language in ("python", "typescript"):
        return GENERATED / language / f"{host}-client"
    return GENERATED / language / host


def go_runtime_major(version: str) -> None:
    """The Go runtime's module path ends in /vN for its major version N >= 2 (as Go requires):
    a new major version moves it (scripts/runtime/go/go.mod; the clients' go.mod and imports
    follow, since the generator reads it there)."""
    mod = versions.SOURCES / "go" / "go.mod"
    text = mod.read_text(encoding="utf-8")
    major = int(version.split(".", 1)[0])
    root = re.sub(r"/v\d+$", "", versions.go_module())
    path = root + (f"/v{major}" if major >= 2 else "")
    mod.write_text(re.sub(r"^module \S+$", f"module {path}", text, count=1, flags=re.M), encoding="utf-8")


# -- the catalogue -----------------------------------------------------------------------------------
@cache
def catalogue() -> tuple[Package, ...]:
    """Every package, in release order: descriptions, runtimes, clients, tools."""
    found: list[Package] = [Package(host, "description", host=host) for host in hosts()]
    found += [Package(f"runtime-{language}", "runtime", language=language) for language in LANGUAGES]
    found += [Package(f"{host}-{language}", "client", host, language) for host in hosts() for language in LANGUAGES]
    found += [Package(name, "tool") for name in TOOLS]
    return tuple(found)


def named(name: str) -> Package:
    for package in catalogue():
        if package.name == name:
            return package
    raise PackageError(f"no package named {name!r} (packages: {', '.join(p.name for p in catalogue())})")
