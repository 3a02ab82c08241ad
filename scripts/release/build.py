"""Build a package version's artefacts into a release folder (dist/), reproducibly.

Library module: scripts/release/release.py (`make release`) and scripts/release/files.py
(`make release-files`) call it. DIST/<package>/<version>/ holds one package's files:

  description  <host>-<V>.yaml, .json, .deref.json (the bundles) and
               <host>-<V>.postman_collection.json (its bodies are the named examples)
  client       python: wheel and sdist; typescript: the npm tarball; go: the module zip
               v<V>.zip; rust: the .crate; ruby: the gem; php: the Composer zip
  runtime      the same, for raydium-api-runtime in that language
  tool         gate: wheel and sdist (console script `openapi-gate`); ruleset: the npm tarball;
               mock and probe: wheel and sdist of raydium-api-mock and raydium-api-probe (console
               scripts of the same names), from the folders scripts/tools/write.py writes
               mcp: wheel and sdist of raydium-mcp (console script `raydium-mcp`)

Beside them, the indexes each ecosystem installs from: python/simple/ (PEP 503), goproxy/ (a
Go module proxy tree), cargo/ (a cargo local registry for the `raydium` registry), php/ (a
Composer artifact repository), and SHA256SUMS over every file. Every timestamp is the
release's epoch (SOURCE_DATE_EPOCH): the same code at the same epoch gives the same bytes.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import re
import shutil
import sys
import tarfile
import tempfile
import time
import tomllib
import zipfile
from importlib.metadata import version as installed_version
from pathlib import Path
from string import Template
from typing import Any

from ..clients import runtimes
from ..common.commands import run
from ..common.naming import go_module_path
from ..common.paths import GENERATED, REPO
from ..spec import oas
from .packages import DESCRIBED_TOOLS, Package

NODE_BIN = REPO / "node_modules" / ".bin"
TOOL_TEMPLATES = REPO / "scripts" / "templates" / "tools"
# the gate and the modules it imports, by their path in scripts/ (they import one another relatively,
# so the package keeps that layout under raydium_api_gate/_lib/)
GATE_MODULES = ("release/openapi_gate.py", "release/spec_diff.py", "spec/deref.py", "spec/oas.py", "common/paths.py")
GATE_REQUIRES = ("prance", "PyYAML")
CRATES_IO = "https://github.com/rust-lang/crates.io-index"
# The `raydium` registry's index (docs/clients/install.md), which a crate's own dependency on the
# shared runtime names once published; a source replacement points it at DIR/cargo.
RAYDIUM_INDEX = "sparse+https://raydium-api-descriptions.invalid/cargo/index/"
RUNTIME_PATH = re.compile(r'^(raydium-api-runtime = \{ version = "[^"]+"), '
                          r'path = "\.\./raydium-api-runtime" \}$', re.M)  # fmt: skip


class BuildError(Exception):
    """A package cannot be built as it is (a packaging tool's failure is a CommandError)."""


def build_env(epoch: int) -> dict[str, str]:
    """The environment of every packaging tool: the release's timestamp, a fixed hash seed."""
    return {"SOURCE_DATE_EPOCH": str(epoch), "PYTHONHASHSEED": "0"}


def files_of(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts)


def zip_folder(folder: Path, prefix: str, out: Path, epoch: int) -> None:
    """A zip with sorted entries, one timestamp and fixed permissions."""
    date = time.gmtime(max(epoch, 315532800))[:6]
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in files_of(folder):
            info = zipfile.ZipInfo(f"{prefix}/{path.relative_to(folder)}", date_time=date)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())


def tar_folder(folder: Path, prefix: str, out: Path, epoch: int) -> None:
    """A .tar.gz with sorted entries, one timestamp, no owner, and a fixed gzip header."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as archive:
        for path in files_of(folder):
            info = tarfile.TarInfo(f"{prefix}/{path.relative_to(folder)}")
            data = path.read_bytes()
            info.size, info.mtime, info.mode = len(data), epoch, 0o644
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            archive.addfile(info, io.BytesIO(data))
    with out.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=epoch, filename="") as zipped:
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


# -- one package ---------------------------------------------------------------------------------
def build(package: Package, version: str, dist: Path, epoch: int) -> Path:
    """The package's artefacts at `version` (its code as generated/ holds it now) in
    DIST/<package>/<version>/, which must not exist yet; returns that folder."""
    out = dist / package.name / version
    out.mkdir(parents=True)
    if package.kind == "description":
        description(package.host, version, out)
    elif package.kind == "client":
        client(package, version, out, epoch)
    elif package.kind == "runtime":
        runtime(package.language, version, out, epoch)
    elif package.name == "gate":
        gate(version, out, epoch)
    elif package.name in DESCRIBED_TOOLS:
        packaged("python", package.code()[0], out, epoch, package.name, version)
    else:
        ruleset(out, epoch)
    return out


def description(host: str, version: str, out: Path) -> None:
    for suffix in (".yaml", ".json", ".deref.json"):
        shutil.copyfile(GENERATED / "openapi" / f"{host}{suffix}", out / f"{host}-{version}{suffix}")
    bundle = json.loads((GENERATED / "openapi" / f"{host}.deref.json").read_text(encoding="utf-8"))
    (out / f"{host}-{version}.postman_collection.json").write_text(
        json.dumps(postman(bundle, host, version), indent=2) + "\n", encoding="utf-8")


def client(package: Package, version: str, out: Path, epoch: int) -> None:
    """A host's client in one language, built by that ecosystem's tool from a copy of its code."""
    host, language = package.host, package.language
    folder = package.code()[0]
    if language == "go":
        zip_folder(folder, f"{go_module_path(host, version)}@v{version}", out / f"v{version}.zip", epoch)
    elif language == "rust":
        with tempfile.TemporaryDirectory() as tmp_name:
            tar_folder(published_crate(folder, Path(tmp_name)), f"raydium-{host}-client-{version}",
                       out / f"raydium-{host}-client-{version}.crate", epoch)  # fmt: skip
    elif language == "php":
        zip_folder(folder, f"{host}-client", out / f"raydium-{host}-client-{version}.zip", epoch)
    else:
        packaged(language, folder, out, epoch, package.name, version)


def packaged(language: str, folder: Path, out: Path, epoch: int, step: str, version: str) -> None:
    """A Python, TypeScript or Ruby package at `version` built by its ecosystem's tool (python -m
    build, npm pack, gem build) from a copy of `folder`, into `out`."""
    env = build_env(epoch)
    with tempfile.TemporaryDirectory() as tmp_name:
        copy = Path(tmp_name) / folder.name
        shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("__pycache__"))
        if language == "python":
            run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, copy], f"{step}: python -m build",
                env=env)  # fmt: skip
        elif language == "typescript":
            run(["npm", "pack", "--pack-destination", out, "--loglevel=error"], f"{step}: npm pack", cwd=copy, env=env)
        else:
            gemspec = next(copy.glob("*.gemspec"))
            run(["gem", "build", gemspec.name, "--output", out / f"{gemspec.stem}-{version}.gem"], f"{step}: gem build",
                cwd=copy, env=env)  # fmt: skip


def runtime(language: str, version: str, out: Path, epoch: int) -> None:
    """The language's shared runtime, raydium-api-runtime, as its ecosystem installs it."""
    folder = runtimes.folder(language, GENERATED)
    if language == "php":
        zip_folder(folder, runtimes.NAME, out / f"{runtimes.NAME}-{version}.zip", epoch)
    elif language == "go":  # a module zip, as `go mod download` reads it
        zip_folder(folder, f"{runtimes.go_module()}@v{version}", out / f"v{version}.zip", epoch)
    elif language == "rust":  # a .crate, as `cargo package` lays it out, for the local registry
        tar_folder(folder, f"{runtimes.RUST_CRATE}-{version}", out / f"{runtimes.RUST_CRATE}-{version}.crate", epoch)
    else:
        packaged(language, folder, out, epoch, f"runtime-{language}", version)


def published_crate(crate: Path, tmp: Path) -> Path:
    """A copy of the crate in tmp whose manifest is as `cargo package` for the `raydium` registry
    would write it: the shared runtime's dependency from that registry (`registry-index`), not
    the folder beside it in a clone."""
    copy = tmp / crate.name
    shutil.copytree(crate, copy)
    manifest = copy / "Cargo.toml"
    text, found = RUNTIME_PATH.subn(rf'\1, registry-index = "{RAYDIUM_INDEX}" }}', manifest.read_text(encoding="utf-8"))
    if found != 1:
        raise BuildError(f"{crate / 'Cargo.toml'}: no dependency on the shared runtime by path")
    manifest.write_text(text, encoding="utf-8")
    return copy


def gate(version: str, out: Path, epoch: int) -> None:
    """The standalone breaking-change gate (scripts/release/openapi_gate.py and the modules it imports,
    unchanged, in their folders) as the Python package raydium-api-gate with the console script
    `openapi-gate`."""
    with tempfile.TemporaryDirectory() as tmp_name:
        project = Path(tmp_name) / "raydium-api-gate"
        lib = project / "raydium_api_gate" / "_lib"
        for module in GATE_MODULES:
            target = lib / module
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(REPO / "scripts" / module, target)
        for folder in (lib, *{(lib / module).parent for module in GATE_MODULES}):
            (folder / "__init__.py").write_text("", encoding="utf-8")
        shutil.copyfile(TOOL_TEMPLATES / "gate" / "__init__.py", project / "raydium_api_gate" / "__init__.py")
        shutil.copyfile(TOOL_TEMPLATES / "gate" / "README.md", project / "README.md")
        pins = ", ".join(f'"{name}=={installed_version(name)}"' for name in GATE_REQUIRES)
        pyproject = Template((TOOL_TEMPLATES / "gate" / "pyproject.toml.in").read_text(encoding="utf-8"))
        (project / "pyproject.toml").write_text(pyproject.substitute(version=version, dependencies=pins),
                                                encoding="utf-8")  # fmt: skip
        run([sys.executable, "-m", "build", "--no-isolation", "--outdir", out, project],
            "gate: python -m build", env=build_env(epoch))  # fmt: skip


def ruleset(out: Path, epoch: int) -> None:
    """Our Spectral ruleset and Redocly config, house rules included, as the npm package
    raydium-api-ruleset (lint/package.json): .spectral.yaml and redocly.yaml with their paths
    made relative to the package, without the overrides that name this repository's hosts."""
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
        head = "# raydium-api-ruleset: written by scripts/release/build.py from the repository's {}; extend it.\n"
        for name, source, doc in (("spectral.yaml", ".spectral.yaml", spectral),
                                  ("redocly.yaml", "redocly.yaml", redocly)):  # fmt: skip
            (package / name).write_text(head.format(source) + oas.dump_yaml(doc), encoding="utf-8")
        run(["npm", "pack", "--pack-destination", out, "--loglevel=error"], "ruleset: npm pack", cwd=package,
            env=build_env(epoch))  # fmt: skip


def workflows(out: Path, versions: dict[str, str]) -> None:
    """The Arazzo workflows in OUT/workflows/, each source description pointed at the released
    bundle of its host (`./pool-v3.yaml` -> `../pool-v3/5.1.2/pool-v3-5.1.2.yaml`)."""
    for source in sorted((GENERATED / "openapi").glob("*.arazzo.yaml")):
        doc = oas.load_document(source)
        for described in doc.get("sourceDescriptions") or []:
            host = str(described["url"]).removeprefix("./").removesuffix(".yaml")
            if host not in versions:
                raise BuildError(f"{source.name}: its source {described['url']} is not in the release")
            described["url"] = f"../{host}/{versions[host]}/{host}-{versions[host]}.yaml"
        (out / "workflows").mkdir(parents=True, exist_ok=True)
        (out / "workflows" / source.name).write_text(oas.dump_yaml(doc), encoding="utf-8")


# -- the indexes ---------------------------------------------------------------------------------
def indexes(dist: Path, epoch: int) -> None:
    """Every ecosystem's index over the packages in dist, then SHA256SUMS."""
    simple_index(dist)
    go_proxy(dist, epoch)
    cargo_registry(dist)
    composer_repository(dist)
    sha256sums(dist)


def simple_index(dist: Path) -> None:
    """A PEP 503 simple index of the Python distributions, DIST/python/simple/, that pip installs
    from (`--index-url file://DIST/python/simple`): one page per project, links relative, each
    with its sha256."""
    projects: dict[str, list[Path]] = {}
    for path in sorted([*dist.glob("*/*/*.whl"), *dist.glob("*/*/*.tar.gz")]):
        stem = path.name.removesuffix(".tar.gz")
        name = path.name.split("-", 1)[0] if path.suffix == ".whl" else stem.rsplit("-", 1)[0]
        projects.setdefault(re.sub(r"[-_.]+", "-", name).lower(), []).append(path)
    if not projects:
        return
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


def go_proxy(dist: Path, epoch: int) -> None:
    """A Go module proxy tree, DIST/goproxy/<module>/@v/ (list, .info, .mod, .zip), that
    `GOPROXY=file://DIST/goproxy go get <module>@vX.Y.Z` fetches from: every module zip in dist
    (each names its module and version in its entries), with the go.mod it holds. The module
    paths are lowercase, so no case-escaping is needed."""
    when = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch))
    listed: dict[Path, list[str]] = {}
    for archive in sorted(dist.glob("*/*/v*.zip")):
        with zipfile.ZipFile(archive) as opened:
            mod = next(name for name in opened.namelist() if name.endswith("@" + archive.stem + "/go.mod"))
            module = mod.split("@", 1)[0]
            folder = dist / "goproxy" / module / "@v"
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{archive.stem}.mod").write_bytes(opened.read(mod))
        shutil.copyfile(archive, folder / archive.name)
        (folder / f"{archive.stem}.info").write_text(json.dumps({"Version": archive.stem, "Time": when}) + "\n",
                                                    encoding="utf-8")  # fmt: skip
        listed.setdefault(folder, []).append(archive.stem)
    for folder, versions in listed.items():
        (folder / "list").write_text("".join(f"{v}\n" for v in versions), encoding="utf-8")


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


def cargo_registry(dist: Path) -> None:
    """A cargo local registry, DIST/cargo/ (`index/` in cargo's layout plus the .crate files),
    for a source replacement of the `raydium` registry (docs/clients/install.md): each crate of
    dist with its index line, read from the manifest it holds."""
    for crate in sorted(dist.glob("*/*/*.crate")):
        with tarfile.open(crate) as archive:
            member = next(m for m in archive.getmembers() if m.name.count("/") == 1 and m.name.endswith("/Cargo.toml"))
            extracted = archive.extractfile(member)
            assert extracted is not None
            manifest = tomllib.loads(extracted.read().decode("utf-8"))
        entries = dist / "cargo" / "index" / index_path(manifest["package"]["name"])
        entries.parent.mkdir(parents=True, exist_ok=True)
        with entries.open("a", encoding="utf-8") as lines:
            lines.write(json.dumps(index_entry(manifest, crate), separators=(",", ":")) + "\n")
        shutil.copyfile(crate, dist / "cargo" / crate.name)


def composer_repository(dist: Path) -> None:
    """A Composer artifact repository, DIST/php/: the PHP zips (each with its composer.json,
    name and version), for `composer config repositories.raydium artifact DIST/php`."""
    for path in sorted(dist.glob("*/*/*.zip")):
        if path.name.startswith("v"):  # a Go module zip
            continue
        (dist / "php").mkdir(exist_ok=True)
        shutil.copyfile(path, dist / "php" / path.name)


def sha256sums(dist: Path) -> None:
    lines = [f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(dist)}"
             for p in files_of(dist) if p.name != "SHA256SUMS"]  # fmt: skip
    (dist / "SHA256SUMS").write_text("\n".join(lines) + "\n", encoding="utf-8")


def digests(folder: Path, dist: Path) -> dict[str, str]:
    """The sha256 of each file of a package's release folder, by its path in dist."""
    return {p.relative_to(dist).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in files_of(folder)}
