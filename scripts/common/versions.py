"""The versions the generators and the samples read: each client's own version and the least
runtime version it requires (releases/client-versions.json, written by `make release`), and each
language's runtime version as its own manifest declares it. Library module; scripts/release/
packages.py writes them.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable

from .paths import RELEASES, RUNTIME_SOURCES

SOURCES = RUNTIME_SOURCES  # each language's runtime, written by hand: scripts/runtime/<language>
NAME = "raydium-api-runtime"
RUST_CRATE = NAME  # the Rust runtime's package name (its library: raydium_api_runtime)
CLIENT_VERSIONS = RELEASES / "client-versions.json"
VERSIONS_FILE = "releases/client-versions.json"  # as messages name it


class VersionError(Exception):
    pass


def python_version() -> str:
    """The Python runtime's version (its pyproject.toml), the least of which each client names."""
    project = tomllib.loads((SOURCES / "python" / "pyproject.toml").read_text(encoding="utf-8"))
    return str(project["project"]["version"])


def typescript_version() -> str:
    """The TypeScript runtime's version (its package.json), the least of which each client names."""
    return str(json.loads((SOURCES / "typescript" / "package.json").read_text(encoding="utf-8"))["version"])


def declared(relative: str, pattern: str, what: str) -> str:
    """The first group of `pattern` (a line of scripts/runtime/<relative>): a version or a name
    the runtime's own files declare; VersionError naming the file where it is missing."""
    found = re.search(pattern, (SOURCES / relative).read_text(encoding="utf-8"), re.M)
    if found is None:
        raise VersionError(f"no {what} in scripts/runtime/{relative}")
    return found.group(1)


def ruby_version() -> str:
    """The Ruby runtime's version (lib/raydium_api_runtime/version.rb), the least of which each gem names."""
    return declared("ruby/lib/raydium_api_runtime/version.rb", r"^\s*VERSION = '([^']+)'", "VERSION = '...'")


def go_version() -> str:
    """The Go runtime's version (`const Version` in version.go), the least of which each module requires."""
    return declared("go/version.go", r'^const Version = "([^"]+)"', 'const Version = "..."')


def go_module() -> str:
    """The Go runtime's module path (its go.mod), which each host's go.mod requires."""
    return declared("go/go.mod", r"^module (\S+)$", "module line")


def rust_version() -> str:
    """The Rust runtime's version (its Cargo.toml), the least of which each crate requires."""
    project = tomllib.loads((SOURCES / "rust" / "Cargo.toml").read_text(encoding="utf-8"))
    return str(project["package"]["version"])


def php_version() -> str:
    """The PHP runtime's version (its composer.json), the least of which each client names."""
    return str(json.loads((SOURCES / "php" / "composer.json").read_text(encoding="utf-8"))["version"])


# Each language that has a runtime, with how its version is read.
VERSIONS: dict[str, Callable[[], str]] = {"python": python_version, "typescript": typescript_version,
                                          "ruby": ruby_version, "php": php_version, "go": go_version,
                                          "rust": rust_version}  # fmt: skip


def client_versions() -> dict[str, dict[str, str]]:
    """Each client package's version and `runtime`, the least version of its language's runtime
    it requires (within that version's major): the generators' input, written by `make release`."""
    if not CLIENT_VERSIONS.exists():
        return {}
    data: dict[str, dict[str, str]] = json.loads(CLIENT_VERSIONS.read_text(encoding="utf-8"))["clients"]
    return data


CLIENT_VERSIONS_ABOUT = ("Each client package's version and the least version of its language's shared runtime it "
                         "requires (within that major version). Written by `make release`; the generators read it. "
                         "See docs/guide/versioning.md.")  # fmt: skip


def set_client_version(name: str, *, version: str | None = None, runtime: str | None = None) -> None:
    clients = client_versions()
    entry = dict(clients.get(name, {}))
    if version is not None:
        entry["version"] = version
    if runtime is not None:
        entry["runtime"] = runtime
    clients[name] = entry
    data = {"about": CLIENT_VERSIONS_ABOUT, "clients": dict(sorted(clients.items()))}
    CLIENT_VERSIONS.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


FIRST_CLIENT_VERSION = "0.1.0"  # a client never released (a new host's) is generated at this version


def client_version(host: str, language: str) -> str:
    """The version of the host's client in `language`; a client never released (a host just
    added, the bench's synthetic one) is generated at FIRST_CLIENT_VERSION until its first
    `make release` records it."""
    entry = client_versions().get(f"{host}-{language}")
    return FIRST_CLIENT_VERSION if entry is None else entry["version"]


def runtime_floor(host: str, language: str) -> str:
    """The least runtime version the host's client in `language` requires: the recorded one,
    or, for a client never released, the runtime as it is now."""
    entry = client_versions().get(f"{host}-{language}")
    if entry is None:
        return VERSIONS[language]()
    if "runtime" not in entry:
        raise VersionError(f"{VERSIONS_FILE}: no runtime version of {host}-{language}")
    return entry["runtime"]


def runtime_requirement(language: str, floor: str) -> str:
    """The requirement on the runtime as the language's package manager writes it: at least
    `floor`, below its next major version."""
    major = int(floor.split(".", 1)[0])
    if language == "python":
        return f"{NAME}>={floor},<{major + 1}"
    if language == "ruby":
        return f"'>= {floor}', '< {major + 1}'"
    if language == "go":
        return f"v{floor}"  # a go.mod `require` is a least version; the module path holds the major
    return f"^{floor}"  # npm, Composer, Cargo: caret
