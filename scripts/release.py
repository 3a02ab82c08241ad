"""Release each host's description and clients: versioned artefacts users can pin.

Usage: release.py [--dist DIR] [--no-record] [--check] HOST [HOST ...]

Per host, at its info.version V (the version policy, checked against the last release,
releases/<host>/<version>/):
  * V already released: the description and every client's code must be exactly what was
    released (releases/<host>/<V>/clients.json; else: bump it);
  * a breaking change since the last release needs a major bump, any other change to the
    API at least a minor bump (scripts/spec_diff.py decides what breaks).

It writes, reproducibly (SOURCE_DATE_EPOCH is the commit's time; a second run gives the
same bytes), DIR/<host>/<V>/:
  <host>-<V>.yaml/.json/.deref.json   the bundles, the version in their names
  python/  the Python client's wheel and sdist (hatchling)
  raydium-<host>-client-<V>.tgz       the TypeScript client (npm pack)
  go/ rust/ php/ ruby/                 source archives (a Go module zip, a .crate, a zip, a gem)
  <host>-<V>.postman_collection.json  a Postman collection whose bodies are our named examples
  RELEASE-NOTES.md                     the changes since the last release (spec_diff)
DIR/python/simple/, a PEP 503 index of every Python distribution of the release (pip
--index-url file://DIR/python/simple), DIR/goproxy/, a Go module proxy tree (GOPROXY=file://DIR/goproxy),
DIR/cargo/, a cargo local registry of the crates (a source that replaces the `raydium` registry),
DIR/php/, a Composer artifact repository of the PHP packages (the runtime's among them),
DIR/runtime/<language>/, the clients' shared runtime (raydium-api-runtime: the Python wheel and
sdist, the npm tarball, the gem, the Composer zip, the Go module zip, which the proxy tree serves, the
.crate, which the cargo registry serves),
at its own version per language
(releases/runtime/<language>.json records each released version's code and public names, and
the same rules hold as for the clients),
DIR/tools/, the lint ruleset as an npm package (tools/ruleset/raydium-api-ruleset-<V>.tgz) and the
breaking-change gate as a Python package (tools/gate/python/, console script `openapi-gate`),
DIR/workflows/<name>.arazzo.yaml, the Arazzo workflows (generated/openapi/*.arazzo.yaml), each
source description pointed at the bundle of this release, and DIR/SHA256SUMS over every
file. Unless --no-record, a first release of V also records
it in releases/<host>/<V>/ (the three bundles, committed: the base of `make diff`), appends
a section to releases/<host>/CHANGELOG.md (the changes, plus the human notes of
releases/<host>/NOTES.md, which it then empties) and tags the commit `<host>@<V>`.
--check stops after the checks: it prints each host's release notes and builds nothing.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from importlib.metadata import version as installed_version
from pathlib import Path
from string import Template
from typing import Any

import client_surface
import oas
import openapi_gate
import runtimes
import spec_diff
from openapi_generator import go_module_path

REPO = Path(__file__).resolve().parent.parent
GENERATED = REPO / "generated"
# every host the Makefile releases: the folders of spec/ with an entry point
HOSTS = sorted(p.parent.name for p in (REPO / "spec").glob("*/openapi.yaml"))
RELEASES = REPO / "releases"
NODE_BIN = REPO / "node_modules" / ".bin"


class ReleaseError(Exception):
    pass


def epoch() -> int:
    """SOURCE_DATE_EPOCH, or the commit's time: every timestamp in the artefacts."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return int(os.environ["SOURCE_DATE_EPOCH"])
    return int(run(["git", "log", "-1", "--format=%ct"], "git log").strip())


def build_env(stamp: int) -> dict[str, str]:
    """The environment of every packaging tool: the release's timestamp, a fixed hash seed."""
    return {"SOURCE_DATE_EPOCH": str(stamp), "PYTHONHASHSEED": "0"}


def run(command: list[str | Path], step: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    """A packaging tool's output; ReleaseError naming the step, its exit and its output if it fails.
    It runs in cwd (the repository by default), its environment ours plus env."""
    proc = subprocess.run([str(c) for c in command], capture_output=True, text=True, check=False, cwd=cwd or REPO,
                          env={**os.environ, **(env or {})})  # fmt: skip
    if proc.returncode != 0:
        raise ReleaseError(f"{step} failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}".rstrip())
    return proc.stdout


def files_of(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def zip_folder(folder: Path, prefix: str, out: Path, stamp: int) -> None:
    """A zip with sorted entries, one timestamp and fixed permissions."""
    date = time.gmtime(max(stamp, 315532800))[:6]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files_of(folder):
            info = zipfile.ZipInfo(f"{prefix}/{path.relative_to(folder)}", date_time=date)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())


def tar_folder(folder: Path, prefix: str, out: Path, stamp: int) -> None:
    """A .tar.gz with sorted entries, one timestamp, no owner, and a fixed gzip header."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for path in files_of(folder):
            info = tarfile.TarInfo(f"{prefix}/{path.relative_to(folder)}")
            data = path.read_bytes()
            info.size, info.mtime, info.mode = len(data), stamp, 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            archive.addfile(info, io.BytesIO(data))
    with out.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=stamp, filename="") as zipped:
        zipped.write(buffer.getvalue())


def postman(bundle: dict[str, Any], host: str, version: str) -> dict[str, Any]:
    """A Postman (v2.1) collection from the dereferenced bundle (no `$ref` left to follow): one
    request per operation, the base URL a variable, the query parameters and the body from the
    description's named examples; a parameter without an example is left empty and disabled."""
    server = next((s for s in bundle["servers"] if s.get("variables")), bundle["servers"][0])  # the templated one
    variables = server.get("variables") or {}
    base = server["url"]
    for name in variables:
        base = base.replace("{" + name + "}", "{{" + name + "}}")
    folders: dict[str, list[dict[str, Any]]] = {}
    for path, item in bundle["paths"].items():
        for method in ("get", "post", "put", "patch", "delete"):
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            query = [{"key": p["name"], "value": str(p.get("example", "")), "disabled": not p.get("required")}
                     for p in op.get("parameters") or [] if p.get("in") == "query"]  # fmt: skip
            request: dict[str, Any] = {
                "method": method.upper(),
                "header": [{"key": "Accept", "value": "application/json"}],
                "url": {"raw": base + path, "host": [base], "path": [s for s in path.split("/") if s], "query": query},
                "description": op.get("description", op.get("summary", "")),
            }
            body = op.get("requestBody")
            if body:
                media = body["content"]["application/json"]
                named: dict[str, dict[str, Any]] = media.get("examples") or {}
                example = next(iter(named.values()), {}).get("value", {})
                request["header"].append({"key": "Content-Type", "value": "application/json"})
                request["body"] = {"mode": "raw", "raw": json.dumps(example, indent=2),
                                   "options": {"raw": {"language": "json"}}}  # fmt: skip
            folders.setdefault(op["tags"][0], []).append({"name": op["operationId"], "request": request})
    return {
        "info": {
            "_postman_id": hashlib.sha256(f"{host}@{version}".encode()).hexdigest()[:32],
            "name": f"{bundle['info']['title']} {version}",
            "description": bundle["info"].get("summary", ""),
            "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json",
        },
        "variable": [{"key": k, "value": v.get("default", "")} for k, v in variables.items()],
        "item": [{"name": tag, "item": items} for tag, items in folders.items()],
    }


def client_folders(host: str) -> dict[str, Path]:
    """The generated code of each of a host's clients (what its packages are built from)."""
    module = host.replace("-", "_")
    return {
        "python": GENERATED / "python" / f"{host}-client",
        "typescript": GENERATED / "typescript" / f"{host}-client",
        "go": GENERATED / "go" / host,
        "rust": GENERATED / "rust" / host,
        "ruby": GENERATED / "ruby" / host,
        "php": GENERATED / "php" / host,
        "models": GENERATED / "models" / f"{module}.py",
    }


def code_digest(code: Path, base: Path) -> str:
    """A sha256 over the paths (relative to base) and bytes of a folder's files, or of one
    file: the code changed when its digest did."""
    digest = hashlib.sha256()
    for path in files_of(code) if code.is_dir() else [code]:
        digest.update(f"{path.relative_to(base)}\n".encode() + path.read_bytes())
    return digest.hexdigest()


def client_digests(host: str) -> dict[str, str]:
    """Per client, the digest of its code (code_digest)."""
    return {name: code_digest(folder, folder.parent) for name, folder in client_folders(host).items()}


def check_policy(host: str, version: str) -> tuple[list[spec_diff.Change], str | None]:
    """The changes since the release before V, and that release's version; ReleaseError where
    V breaks the version policy. Re-releasing V is allowed only for the same description."""
    current = GENERATED / "openapi" / f"{host}.deref.json"
    recorded = RELEASES / host / version / f"{host}-{version}.deref.json"
    if recorded.exists() and recorded.read_bytes() != current.read_bytes():
        raise ReleaseError(f"{host} {version} is released and the description has changed since: bump info.version")
    clients = recorded.parent / "clients.json"
    if clients.exists():
        before = json.loads(clients.read_text(encoding="utf-8"))
        changed = sorted(name for name, digest in client_digests(host).items() if before.get(name) != digest)
        if changed:
            raise ReleaseError(f"{host} {version} is released and its clients have changed since "
                               f"({', '.join(changed)}): bump info.version, so that a pinned client version "
                               "names one code")  # fmt: skip
    released = spec_diff.releases_of(host)
    if released and not recorded.exists() and spec_diff.version_key(version) < spec_diff.version_key(released[-1].name):
        raise ReleaseError(f"{host}: info.version {version} is not newer than the last release {released[-1].name}")
    before = [p for p in released if spec_diff.version_key(p.name) < spec_diff.version_key(version)]
    if not before:
        return [], None
    previous = before[-1]
    changes, _, base_version = spec_diff.diff(host, None, release=previous)
    if recorded.exists():
        return changes, previous.name  # the same notes as when V was first released
    problem = spec_diff.gate(host, changes, base_version)
    if problem:
        raise ReleaseError(problem)
    gone = removed_names(host, previous.name)
    if gone and spec_diff.same_major(previous.name, version):
        shown = "\n".join(f"  {name}" for name in gone[:20]) + ("\n  ..." if len(gone) > 20 else "")
        raise ReleaseError(f"{host}: {len(gone)} public name(s) of the clients since {previous.name} are gone, "
                           f"which breaks their callers: need a major version bump (info.version is {version})"
                           f"\n{shown}")  # fmt: skip
    api = [c for c in changes if not c.what.startswith("info.version")]
    old, new = spec_diff.version_key(previous.name), spec_diff.version_key(version)
    if api and new[:2] == old[:2]:
        raise ReleaseError(f"{host}: {len(api)} change(s) to the API since {previous.name} need at least a minor "
                           f"bump (info.version is {version})")  # fmt: skip
    return changes, previous.name


def notes(host: str, version: str, previous: str | None, changes: list[spec_diff.Change], stamp: int) -> str:
    day = time.strftime("%Y-%m-%d", time.gmtime(stamp))
    lines = [f"## {host} {version} ({day})", ""]
    if previous is None:
        lines.append("First release.")
    else:
        breaking = [c for c in changes if c.breaking]
        others = [c for c in changes if not c.breaking]
        lines.append(f"Changes since {previous}: {len(breaking)} breaking, {len(others)} other.")
        for title, group in (("Breaking", breaking), ("Other", others)):
            if group:
                lines += ["", f"{title}:", ""]
                lines += [f"- {c.operation + ': ' if c.operation else ''}{c.said}" for c in group]
        gone = removed_names(host, previous)
        if gone:
            lines += ["", f"Public names of the clients removed ({len(gone)}):", ""]
            lines += [f"- {name}" for name in gone[:50]] + ([f"- and {len(gone) - 50} more"] if len(gone) > 50 else [])
    return "\n".join(lines) + "\n"


def bundle_version(host: str) -> str:
    """The host's version: its bundle's info.version."""
    bundle = json.loads((GENERATED / "openapi" / f"{host}.json").read_text(encoding="utf-8"))
    return str(bundle["info"]["version"])


@cache
def surface(host: str) -> dict[str, list[str]]:
    """Every public name of the host's clients. A client whose code is what a release recorded
    (the same digest) has the names that release recorded, read back, since reading a
    language's code by its tools takes seconds (docs/decisions.md, 92 and 115); the record is the
    host's version's, or where that version is not recorded, the newest that is. The rest are
    read by the tools. The surface also reads the shared runtimes the clients re-export; each
    client pins its runtime's version exactly, and a released runtime whose code changed is
    refused (check_runtime), so the same client code names the same runtime code."""
    recorded: dict[str, list[str]] = {}
    record = surface_record(host)
    if record is not None:
        names = json.loads((record / "surface.json").read_text(encoding="utf-8"))
        before = json.loads((record / "clients.json").read_text(encoding="utf-8"))
        same = {client for client, digest in client_digests(host).items() if before.get(client) == digest}
        recorded = {key: value for key, value in names.items() if key.split(" ")[0] in same}
    unread = {key.split(" ")[0] for key in client_surface.LISTS if key not in recorded}
    try:
        read = client_surface.surface(host, unread) if unread else {}
    except client_surface.SurfaceError as exc:
        raise ReleaseError(f"{host}: the clients' public surface: {exc}") from exc
    return {key: recorded[key] if key in recorded else read[key] for key in client_surface.LISTS}


def surface_record(host: str) -> Path | None:
    """The release folder whose recorded surface and client digests surface() reads back: the
    host's version's where it has both, else the newest release's that has both, else None."""
    def complete(folder: Path) -> bool:
        return (folder / "surface.json").exists() and (folder / "clients.json").exists()

    current = RELEASES / host / bundle_version(host)
    if complete(current):
        return current
    folders = [folder for folder in spec_diff.releases_of(host) if complete(folder)]  # oldest first
    return folders[-1] if folders else None


@cache  # check_policy and notes both ask
def removed_names(host: str, previous: str) -> list[str]:
    """The clients' public names recorded at the previous release that are gone now (none
    when that release recorded no surface)."""
    recorded = RELEASES / host / previous / "surface.json"
    if not recorded.exists():
        return []
    return client_surface.removed(json.loads(recorded.read_text(encoding="utf-8")), surface(host))


def record_clients(host: str, version: str) -> None:
    """releases/<host>/<V>/clients.json, the digest of each client's code at V, and
    surface.json, every public name of each client (a release recorded before these were
    kept gets them at its next `make release`)."""
    path = RELEASES / host / version / "clients.json"
    if not path.exists():
        path.write_text(json.dumps(client_digests(host), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    names = RELEASES / host / version / "surface.json"
    if not names.exists():
        names.write_text(json.dumps(surface(host), indent=1) + "\n", encoding="utf-8")


def record(host: str, version: str, section: str) -> None:
    """releases/<host>/<V>/ and the changelog section, for a first release of V."""
    folder = RELEASES / host / version
    if folder.exists():
        record_clients(host, version)
        return
    folder.mkdir(parents=True)
    for suffix in (".yaml", ".json", ".deref.json"):
        shutil.copyfile(GENERATED / "openapi" / f"{host}{suffix}", folder / f"{host}-{version}{suffix}")
    record_clients(host, version)
    human = RELEASES / host / "NOTES.md"
    extra = human.read_text(encoding="utf-8").strip() if human.exists() else ""
    changelog = RELEASES / host / "CHANGELOG.md"
    head = f"# Changelog of the {host} description\n\nNewest first. Written by `make release`.\n\n"
    old = changelog.read_text(encoding="utf-8").removeprefix(head) if changelog.exists() else ""
    text = section + (f"\nNotes:\n\n{extra}\n" if extra else "")
    changelog.write_text(head + text + ("\n" + old if old else ""), encoding="utf-8")
    human.write_text("", encoding="utf-8")
    tag(f"{host}@{version}")


def tag(name: str) -> None:
    """Tag the commit (moving a tag of that name); outside a git checkout there is nothing to tag."""
    subprocess.run(["git", "tag", "-f", name], capture_output=True, check=False, cwd=REPO)


def artefacts(host: str, version: str, out: Path, stamp: int, release_notes: str) -> None:
    out.mkdir(parents=True)
    env = build_env(stamp)
    for suffix in (".yaml", ".json", ".deref.json"):
        shutil.copyfile(GENERATED / "openapi" / f"{host}{suffix}", out / f"{host}-{version}{suffix}")
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        project = tmp / "python"
        shutil.copytree(GENERATED / "python" / f"{host}-client", project, ignore=shutil.ignore_patterns("__pycache__"))
        run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out / "python", project],
            f"{host}: python -m build", env=env)  # fmt: skip
        ts = tmp / "typescript"
        shutil.copytree(GENERATED / "typescript" / f"{host}-client", ts)
        run(["npm", "pack", "--pack-destination", out, "--loglevel=error"], f"{host}: npm pack", cwd=ts, env=env)
        ruby = tmp / "ruby"
        shutil.copytree(GENERATED / "ruby" / host, ruby)
        gemspec = next(ruby.glob("*.gemspec"))
        (out / "ruby").mkdir()
        run(["gem", "build", gemspec.name, "--output", out / "ruby" / f"{gemspec.stem}-{version}.gem"],
            f"{host}: gem build", cwd=ruby, env=env)  # fmt: skip
    (out / "go").mkdir()
    zip_folder(GENERATED / "go" / host, f"{go_module_path(host, version)}@v{version}",
               out / "go" / f"v{version}.zip", stamp)  # fmt: skip
    (out / "rust").mkdir()
    with tempfile.TemporaryDirectory() as tmp_name:
        tar_folder(published_crate(GENERATED / "rust" / host, Path(tmp_name)), f"raydium-{host}-client-{version}",
                   out / "rust" / f"raydium-{host}-client-{version}.crate", stamp)  # fmt: skip
    (out / "php").mkdir()
    zip_folder(GENERATED / "php" / host, f"{host}-client", out / "php" / f"raydium-{host}-client-{version}.zip", stamp)
    bundle = json.loads((GENERATED / "openapi" / f"{host}.deref.json").read_text(encoding="utf-8"))
    (out / f"{host}-{version}.postman_collection.json").write_text(
        json.dumps(postman(bundle, host, version), indent=2) + "\n", encoding="utf-8")
    (out / "RELEASE-NOTES.md").write_text(release_notes, encoding="utf-8")


def workflows(out: Path, versions: dict[str, str]) -> None:
    """The Arazzo workflows, each source description pointed at this release's bundle of its
    host (`./pool-v3.yaml` -> `../pool-v3/3.1.0/pool-v3-3.1.0.yaml`)."""
    for source in sorted((GENERATED / "openapi").glob("*.arazzo.yaml")):
        doc = oas.load_document(source)
        for description in doc.get("sourceDescriptions") or []:
            host = str(description["url"]).removeprefix("./").removesuffix(".yaml")
            if host not in versions:
                raise ReleaseError(f"{source.name}: its source {description['url']} is not released with it")
            description["url"] = f"../{host}/{versions[host]}/{host}-{versions[host]}.yaml"
        out.mkdir(parents=True, exist_ok=True)
        (out / source.name).write_text(oas.dump_yaml(doc), encoding="utf-8")


def go_proxy(dist: Path, versions: dict[str, str], stamp: int) -> None:
    """A Go module proxy tree, DIR/goproxy/<module>/@v/ (list, .info, .mod, .zip), that
    `GOPROXY=file://DIR/goproxy go get <module>@vX.Y.Z` fetches from: each host's module, and
    the shared runtime's, which they require (the module paths are lowercase, so no
    case-escaping is needed)."""
    modules = [(go_module_path(host, version), version, dist / host / version / "go" / f"v{version}.zip",
                GENERATED / "go" / host / "go.mod") for host, version in sorted(versions.items())]  # fmt: skip
    runtime = runtimes.go_version()
    modules.append((runtimes.go_module(), runtime, dist / "runtime" / "go" / f"v{runtime}.zip",
                    runtimes.folder("go", GENERATED) / "go.mod"))  # fmt: skip
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stamp))
    for module, version, archive, mod in modules:
        folder = dist / "goproxy" / module / "@v"
        folder.mkdir(parents=True)
        shutil.copyfile(archive, folder / f"v{version}.zip")
        shutil.copyfile(mod, folder / f"v{version}.mod")
        (folder / f"v{version}.info").write_text(json.dumps({"Version": f"v{version}", "Time": when}) + "\n",
                                                 encoding="utf-8")  # fmt: skip
        (folder / "list").write_text(f"v{version}\n", encoding="utf-8")


CRATES_IO = "https://github.com/rust-lang/crates.io-index"
# The `raydium` registry's index (docs/clients/install.md), which a crate's own dependency on the
# shared runtime names once published; a source replacement points it at DIR/cargo.
RAYDIUM_INDEX = "sparse+https://raydium-api-descriptions.invalid/cargo/index/"
RUNTIME_PATH = re.compile(r'^(raydium-api-runtime = \{ version = "=[^"]+"), '
                          r'path = "\.\./raydium-api-runtime" \}$', re.M)  # fmt: skip


def published_crate(crate: Path, tmp: Path) -> Path:
    """A copy of the crate in tmp whose manifest is as `cargo package` for the `raydium` registry
    would write it: the shared runtime's dependency from that registry (`registry-index`), not
    the folder beside it in a clone."""
    copy = tmp / crate.name
    shutil.copytree(crate, copy)
    manifest = copy / "Cargo.toml"
    text, found = RUNTIME_PATH.subn(rf'\1, registry-index = "{RAYDIUM_INDEX}" }}', manifest.read_text(encoding="utf-8"))
    if found != 1:
        raise ReleaseError(f"{crate / 'Cargo.toml'}: no dependency on the shared runtime by path")
    manifest.write_text(text, encoding="utf-8")
    return copy


def index_path(name: str) -> str:
    """Where a crate's entries live in a cargo index (cargo's layout: 1/, 2/, 3/a/, ab/cd/)."""
    name = name.lower()
    if len(name) <= 2:
        return f"{len(name)}/{name}"
    return f"3/{name[0]}/{name}" if len(name) == 3 else f"{name[:2]}/{name[2:4]}/{name}"


def index_entry(manifest: dict[str, Any], crate: Path) -> dict[str, Any]:
    """A crate's line in the index: its dependencies as `cargo publish` would record them
    (a bare version requirement gets cargo's default `^`), from crates.io but the shared
    runtime, which is in the same registry (`registry` null)."""
    deps = []
    for name, spec in sorted(manifest.get("dependencies", {}).items()):
        table = {"version": spec} if isinstance(spec, str) else spec
        req = str(table["version"])
        deps.append({"name": name, "req": req if req[0] in "^~=<>*" else f"^{req}",
                     "features": list(table.get("features", [])), "optional": bool(table.get("optional", False)),
                     "default_features": bool(table.get("default-features", True)), "target": None,
                     "kind": "normal", "registry": None if name == runtimes.RUST_CRATE else CRATES_IO})  # fmt: skip
    package = manifest["package"]
    return {"name": package["name"], "vers": package["version"], "deps": deps,
            "cksum": hashlib.sha256(crate.read_bytes()).hexdigest(), "features": {}, "yanked": False}  # fmt: skip


def cargo_registry(dist: Path, versions: dict[str, str]) -> None:
    """A cargo local registry, DIR/cargo/ (`index/` in cargo's layout plus the .crate files),
    for a source replacement of the `raydium` registry (docs/clients/install.md): a scratch
    crate's `raydium-pool-v3-client = { version = "=X", registry = "raydium" }` resolves
    from it offline, with the shared runtime's crate, its other dependencies from crates.io (or
    whatever replaces it)."""
    runtime = dist / "runtime" / "rust" / f"{runtimes.RUST_CRATE}-{runtimes.rust_version()}.crate"
    crates = [(runtime, runtimes.folder("rust", GENERATED))]
    crates += [(dist / host / version / "rust" / f"raydium-{host}-client-{version}.crate", GENERATED / "rust" / host)
               for host, version in sorted(versions.items())]  # fmt: skip
    for crate, folder in crates:
        manifest = tomllib.loads((folder / "Cargo.toml").read_text(encoding="utf-8"))
        entry = dist / "cargo" / "index" / index_path(manifest["package"]["name"])
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_text(json.dumps(index_entry(manifest, crate), separators=(",", ":")) + "\n", encoding="utf-8")
        shutil.copyfile(crate, dist / "cargo" / crate.name)


def composer_repository(dist: Path) -> None:
    """A Composer artifact repository, DIR/php/: the release's PHP zips (each with its
    composer.json, name and version), for `composer config repositories.raydium artifact DIR/php`."""
    (dist / "php").mkdir()
    for path in sorted([*dist.glob("*/*/php/*.zip"), *dist.glob("runtime/php/*.zip")]):  # as simple_index does
        shutil.copyfile(path, dist / "php" / path.name)


@dataclass(frozen=True)
class Runtime:
    """A language's shared client runtime (scripts/runtime/<language>, copied to generated/ by
    scripts/runtimes.py): a package of its own, at a version of its own that the clients pin."""

    language: str
    version: str

    @property
    def folder(self) -> Path:
        return runtimes.folder(self.language, GENERATED)

    @property
    def record(self) -> Path:
        """releases/runtime/<language>.json: per released version, the code's digest and public names."""
        return RELEASES / "runtime" / f"{self.language}.json"

    def digest(self) -> str:
        return code_digest(self.folder, self.folder)

    def released(self) -> dict[str, dict[str, Any]]:
        """The record: each released version's digest and public names (none before a first release)."""
        return json.loads(self.record.read_text(encoding="utf-8")) if self.record.exists() else {}

    def surface(self) -> list[str]:
        if self.language == "typescript":
            return client_surface.typescript_surface(self.folder / "dist" / "index.d.ts")
        if self.language == "ruby":
            return client_surface.ruby_surface(self.folder / "lib", "raydium_api_runtime", "RaydiumApiRuntime")
        if self.language == "php":
            return client_surface.php_surface(self.folder / "src", "Raydium\\ApiRuntime")
        if self.language == "go":
            return client_surface.go_surface(self.folder)
        if self.language == "rust":
            return client_surface.rust_surface(self.folder)
        return client_surface.python_surface(self.folder / "raydium_api_runtime")


def current_runtimes() -> list[Runtime]:
    """Each language's runtime at the version its sources name."""
    return [Runtime(language, version()) for language, version in runtimes.VERSIONS.items()]


def check_runtime(runtime: Runtime) -> None:
    """The version policy of a runtime, as of the clients: a released version names one code,
    a new version is newer than every released one, and a public name that is gone needs a
    major bump (ReleaseError otherwise)."""
    released = runtime.released()
    where = f"{runtimes.NAME} ({runtime.language}) {runtime.version}"
    if runtime.version in released:
        if released[runtime.version]["digest"] != runtime.digest():
            raise ReleaseError(f"{where} is released and its code has changed since: bump its version "
                               f"(scripts/runtime/{runtime.language})")  # fmt: skip
        return
    older = sorted((v for v in released if spec_diff.version_key(v) < spec_diff.version_key(runtime.version)),
                   key=spec_diff.version_key)  # fmt: skip
    if len(older) < len(released):
        raise ReleaseError(f"{where} is not newer than the last release {max(released, key=spec_diff.version_key)}")
    if older:
        previous = older[-1]
        gone = sorted(set(released[previous]["surface"]) - set(runtime.surface()))
        if gone and spec_diff.same_major(previous, runtime.version):
            shown = "\n".join(f"  {name}" for name in gone[:20])
            raise ReleaseError(f"{where}: {len(gone)} public name(s) since {previous} are gone, which breaks its "
                               f"callers: need a major version bump\n{shown}")  # fmt: skip


def runtime_package(runtime: Runtime, out: Path, stamp: int) -> None:
    """The runtime's package in OUT/runtime/<language>/: the Python wheel and sdist (so in the
    simple index), the npm tarball, the gem, the Composer zip (so in the artifact repository),
    the Go module zip (so in the module proxy tree), the .crate (so in the cargo registry)."""
    target = out / "runtime" / runtime.language
    target.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp_name:
        project = Path(tmp_name) / runtimes.NAME
        shutil.copytree(runtime.folder, project, ignore=shutil.ignore_patterns("__pycache__"))
        if runtime.language == "typescript":
            run(["npm", "pack", "--pack-destination", target, "--loglevel=error"], f"{runtimes.NAME}: npm pack",
                cwd=project, env=build_env(stamp))  # fmt: skip
        elif runtime.language == "php":
            zip_folder(project, runtimes.NAME, target / f"{runtimes.NAME}-{runtime.version}.zip", stamp)
        elif runtime.language == "go":  # a module zip, as `go mod download` reads it
            zip_folder(project, f"{runtimes.go_module()}@v{runtime.version}", target / f"v{runtime.version}.zip", stamp)
        elif runtime.language == "rust":  # a .crate, as `cargo package` lays it out, for the local registry
            tar_folder(project, f"{runtimes.RUST_CRATE}-{runtime.version}",
                       target / f"{runtimes.RUST_CRATE}-{runtime.version}.crate", stamp)  # fmt: skip
        elif runtime.language == "ruby":
            run(["gem", "build", "raydium_api_runtime.gemspec", "--output",
                 target / f"raydium_api_runtime-{runtime.version}.gem"], f"{runtimes.NAME}: gem build", cwd=project,
                env=build_env(stamp))  # fmt: skip
        else:
            run([sys.executable, "-m", "build", "--no-isolation", "--outdir", target, project],
                f"{runtimes.NAME}: python -m build", env=build_env(stamp))  # fmt: skip


def record_runtime(runtime: Runtime) -> None:
    """A first release of the runtime's version: its digest and public names, and a tag."""
    released = runtime.released()
    if runtime.version in released:
        return
    released[runtime.version] = {"digest": runtime.digest(), "surface": runtime.surface()}
    runtime.record.parent.mkdir(parents=True, exist_ok=True)
    ordered = dict(sorted(released.items(), key=lambda item: spec_diff.version_key(item[0])))
    runtime.record.write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
    tag(f"runtime-{runtime.language}@{runtime.version}")


TOOL_TEMPLATES = REPO / "scripts" / "templates" / "tools"
GATE_MODULES = ("openapi_gate", "spec_diff", "deref", "oas")  # the gate and what it imports
GATE_REQUIRES = ("prance", "PyYAML")


def gate_package(out: Path, stamp: int) -> None:
    """The standalone breaking-change gate (scripts/openapi_gate.py and the modules it
    imports, unchanged) as the Python package raydium-api-gate with the console script
    `openapi-gate`: its wheel and sdist in OUT/tools/gate/python/, so in the simple index."""
    with tempfile.TemporaryDirectory() as tmp_name:
        project = Path(tmp_name) / "raydium-api-gate"
        lib = project / "raydium_api_gate" / "_lib"
        lib.mkdir(parents=True)
        for module in GATE_MODULES:
            shutil.copyfile(REPO / "scripts" / f"{module}.py", lib / f"{module}.py")
        shutil.copyfile(TOOL_TEMPLATES / "gate" / "__init__.py", project / "raydium_api_gate" / "__init__.py")
        shutil.copyfile(TOOL_TEMPLATES / "gate" / "README.md", project / "README.md")
        pins = ", ".join(f'"{name}=={installed_version(name)}"' for name in GATE_REQUIRES)
        pyproject = Template((TOOL_TEMPLATES / "gate" / "pyproject.toml.in").read_text(encoding="utf-8"))
        (project / "pyproject.toml").write_text(pyproject.substitute(version=openapi_gate.VERSION, dependencies=pins),
                                                encoding="utf-8")  # fmt: skip
        run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out / "tools" / "gate" / "python", project],
            "raydium-api-gate: python -m build", env=build_env(stamp))  # fmt: skip


def ruleset_package(out: Path, stamp: int) -> None:
    """Our Spectral ruleset and Redocly config, house rules included, as the npm package
    raydium-api-ruleset (lint/package.json) in OUT/tools/ruleset/: .spectral.yaml and
    redocly.yaml with their paths made relative to the package, without the overrides that
    name this repository's hosts."""
    with tempfile.TemporaryDirectory() as tmp_name:
        package = Path(tmp_name) / "ruleset"
        shutil.copytree(REPO / "lint", package)
        shutil.copyfile(TOOL_TEMPLATES / "ruleset" / "README.md", package / "README.md")
        spectral = oas.load_document(REPO / ".spectral.yaml")
        spectral["functionsDir"] = "./spectral-functions"
        spectral.pop("overrides", None)
        redocly = oas.load_document(REPO / "redocly.yaml")
        redocly["plugins"] = ["./redocly-house-plugin.js"]
        redocly.pop("apis", None)
        head = "# raydium-api-ruleset: written by scripts/release.py from the repository's {}; extend it.\n"
        for name, source, doc in (("spectral.yaml", ".spectral.yaml", spectral),
                                  ("redocly.yaml", "redocly.yaml", redocly)):  # fmt: skip
            (package / name).write_text(head.format(source) + oas.dump_yaml(doc), encoding="utf-8")
        (out / "tools" / "ruleset").mkdir(parents=True)
        run(["npm", "pack", "--pack-destination", out / "tools" / "ruleset", "--loglevel=error"],
            "raydium-api-ruleset: npm pack", cwd=package, env=build_env(stamp))  # fmt: skip


def simple_index(dist: Path) -> None:
    """A PEP 503 simple index of the release's Python distributions, DIR/python/simple/, that
    pip installs from (`--index-url file://DIR/python/simple`): one page per project, each
    link relative, with its sha256."""
    projects: dict[str, list[Path]] = {}
    for path in sorted([*dist.glob("*/*/python/*"), *dist.glob("runtime/python/*")]):
        name = path.name.split("-", 1)[0] if path.suffix == ".whl" else path.name.rsplit("-", 1)[0]
        projects.setdefault(re.sub(r"[-_.]+", "-", name).lower(), []).append(path)
    simple = dist / "python" / "simple"
    for project, paths in projects.items():
        links = [f'<a href="../../../{p.relative_to(dist)}#sha256={hashlib.sha256(p.read_bytes()).hexdigest()}">'
                 f"{p.name}</a><br>" for p in paths]  # fmt: skip
        (simple / project).mkdir(parents=True)
        (simple / project / "index.html").write_text(page(project, links), encoding="utf-8")
    listed = [f'<a href="{project}/">{project}</a><br>' for project in sorted(projects)]
    (simple / "index.html").write_text(page("Simple index", listed), encoding="utf-8")


def page(title: str, links: list[str]) -> str:
    body = "\n".join(links)
    head = f'<meta name="pypi:repository-version" content="1.0"><title>{title}</title>'
    return f"<!DOCTYPE html>\n<html><head>{head}</head>\n<body>\n{body}\n</body></html>\n"


def sha256sums(dist: Path) -> None:
    lines = [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(dist)}"
             for p in files_of(dist) if p.name != "SHA256SUMS"]  # fmt: skip
    (dist / "SHA256SUMS").write_text("\n".join(lines) + "\n", encoding="utf-8")


def packages(plans: list[tuple[str, str, str]], languages: list[Runtime], staging: Path, stamp: int) -> None:
    """Each host's artefacts, the workflows, each runtime's package, the gate's and the
    ruleset's, side by side, one a core: each writes its own folder of the staging tree, and
    most of the time is packaging tools' processes (python -m build, npm pack, gem build:
    7.7 s for one host one after another). The first failure, in this order, is raised once
    every step has ended."""
    steps: list[Callable[[], None]] = [
        functools.partial(artefacts, host, version, staging / host / version, stamp, text)
        for host, version, text in plans
    ]
    if set(HOSTS) <= {host for host, _, _ in plans}:  # a release of every host carries the workflows
        steps.append(functools.partial(workflows, staging / "workflows", {host: version for host, version, _ in plans}))
    steps += [functools.partial(runtime_package, runtime, staging, stamp) for runtime in languages]
    steps += [functools.partial(gate_package, staging, stamp), functools.partial(ruleset_package, staging, stamp)]
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        for started in [pool.submit(step) for step in steps]:
            started.result()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hosts", nargs="+")
    parser.add_argument("--dist", type=Path, default=REPO / "dist")
    parser.add_argument("--no-record", action="store_true", help="write dist/ only (no releases/ record, no tag)")
    parser.add_argument("--check", action="store_true",
                        help="check the version policy and print each host's release notes; build and record nothing")
    args = parser.parse_args(argv)
    stamp = epoch()
    dist = args.dist.resolve()
    staging = dist.with_name(f".tmp-{dist.name}")
    if staging.exists():
        shutil.rmtree(staging)
    try:
        plans = []
        for host in args.hosts:
            version = bundle_version(host)
            changes, previous = check_policy(host, version)
            plans.append((host, version, notes(host, version, previous, changes, stamp)))
        languages = current_runtimes()
        for runtime in languages:
            check_runtime(runtime)
        if args.check:
            print("\n".join(text for _, _, text in plans), end="")
            return 0
        packages(plans, languages, staging, stamp)
        simple_index(staging)
        released = {host: version for host, version, _ in plans}
        go_proxy(staging, released, stamp)
        cargo_registry(staging, released)
        composer_repository(staging)
        sha256sums(staging)
    except ReleaseError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        print(f"release: {exc}", file=sys.stderr)
        return 1
    if dist.exists():
        shutil.rmtree(dist)
    staging.rename(dist)
    if not args.no_record:
        for host, version, text in plans:
            record(host, version, text)
        for runtime in languages:
            record_runtime(runtime)
    print(f"release: wrote {dist} ({', '.join(f'{h} {v}' for h, v, _ in plans)}); SHA256SUMS "
          f"{hashlib.sha256((dist / 'SHA256SUMS').read_bytes()).hexdigest()[:16]}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
