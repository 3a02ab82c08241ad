"""The artefacts of a package version (scripts/release/build.py), in process, on small inputs
written here: what each builder hands its packaging tool (the command, where it runs, the
environment and what the folder it packs holds), the archives it writes itself, the indexes
and the checksums, byte for byte where the bytes are the point. The packaging tools are stood
in for by a recorder; tests/spec/test_releases.py and tests/clients/test_install_from_release.py
run them for real."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import sys
import tarfile
import time
import tomllib
import zipfile
from dataclasses import dataclass
from importlib.metadata import version as installed_version
from pathlib import Path
from typing import Any

import pytest
import yaml

from scripts.clients import runtimes
from scripts.common import commands, paths
from scripts.common.naming import go_module_path
from scripts.release import build as release_build
from scripts.release import packages
from scripts.release.packages import Package
from scripts.spec import oas

STAMP = 1_700_000_000  # 2023-11-14T22:13:20Z
WHEN = (2023, 11, 14, 22, 13, 20)
ENV = {"SOURCE_DATE_EPOCH": str(STAMP), "PYTHONHASHSEED": "0"}
RUNTIME_DEPENDENCY = 'raydium-api-runtime = { version = "^0.4.0", path = "../raydium-api-runtime" }'


def tree(root: Path, files: dict[str, bytes] | dict[str, str]) -> Path:
    """Files under root, by relative name (text is written as UTF-8); returns root."""
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data if isinstance(data, bytes) else data.encode())
    return root


def contents(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@dataclass
class Call:
    command: list[str]
    step: str
    cwd: Path | None
    env: dict[str, str] | None
    packed: dict[str, bytes]  # what the folder the tool packs held (its temporary copy is gone afterwards)


class Tools:
    """Stands in for release_build.run: records each call, and writes a file where the tool
    would write its package (so a missing output folder fails as it would for the tool)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[Call] = []
        monkeypatch.setattr(release_build, "run", self)

    def __call__(self, command: list[str | Path], step: str, cwd: Path | None = None,
                 env: dict[str, str] | None = None) -> str:  # fmt: skip
        words = [str(c) for c in command]
        packed = Path(words[-1]) if cwd is None else cwd
        self.calls.append(Call(words, step, cwd, env, contents(packed)))
        if "--output" in words:  # gem build
            Path(words[words.index("--output") + 1]).write_bytes(b"gem")
        elif "--pack-destination" in words:  # npm pack
            (Path(words[words.index("--pack-destination") + 1]) / "package.tgz").write_bytes(b"tgz")
        return ""


@pytest.fixture
def tools(monkeypatch: pytest.MonkeyPatch) -> Tools:
    return Tools(monkeypatch)


BUNDLE: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "H", "version": "3.1.0", "summary": "The h service."},
    "servers": [{"url": "https://h.example/{v}", "variables": {"v": {"default": "v1"}}}],
    "paths": {"/pools": {"get": {"operationId": "listPools", "tags": ["Pools"], "summary": "List pools."}}},
}
CLIENTS = {
    "openapi/h.yaml": "openapi: 3.1.0\n",
    "openapi/h.json": '{"openapi": "3.1.0"}',
    "openapi/h.deref.json": json.dumps(BUNDLE),
    "python/h-client/pyproject.toml": "[project]\n",
    "python/h-client/h_client/__init__.py": "",
    "python/h-client/h_client/__pycache__/x.cpython-311.pyc": "bytecode",
    "typescript/h-client/package.json": "{}",
    "typescript/h-client/src/index.ts": "export {};\n",
    "ruby/h/h_client.gemspec": "Gem::Specification.new\n",
    "ruby/h/lib/h_client.rb": "module HClient; end\n",
    "go/h/go.mod": "module m\n",
    "go/h/client.go": "package h\n",
    "rust/h/Cargo.toml": f'[package]\nname = "raydium-h-client"\n\n[dependencies]\n{RUNTIME_DEPENDENCY}\n',
    "rust/h/src/lib.rs": "",
    "php/h/composer.json": "{}",
    "php/h/src/Client.php": "<?php\n",
}


@pytest.fixture
def generated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tree(tmp_path / "generated", CLIENTS)
    monkeypatch.setattr(release_build, "GENERATED", root)
    monkeypatch.setattr(packages, "GENERATED", root)
    return root


def client(language: str) -> Package:
    return Package(f"h-{language}", "client", "h", language)


def zip_entries(path: Path) -> list[tuple[str, tuple[int, ...], int]]:
    with zipfile.ZipFile(path) as archive:
        return [(i.filename, i.date_time, i.external_attr >> 16) for i in archive.infolist()]


def tar_entries(path: Path) -> dict[str, bytes]:
    with tarfile.open(path, "r:gz") as archive:
        entries = {}
        for member in archive.getmembers():
            assert (member.mtime, member.mode) == (STAMP, 0o644)
            handle = archive.extractfile(member)
            assert handle is not None
            entries[member.name] = handle.read()
        return entries


# -- the tools' environment and the archives we write ourselves ----------------------------------
def test_a_failed_step_names_itself_its_exit_and_its_output(tmp_path: Path) -> None:
    with pytest.raises(commands.CommandError) as caught:
        commands.run(["sh", "-c", "echo out; echo err >&2; exit 3"], "the step", cwd=tmp_path)
    assert str(caught.value) == "the step failed (exit 3):\nout\nerr"
    assert commands.run(["sh", "-c", "echo $X"], "env", cwd=tmp_path, env={"X": "y"}) == "y\n"
    assert commands.run(["pwd"], "pwd").strip() == str(paths.REPO)  # in the repository by default
    with pytest.raises(commands.CommandError, match="no-such-tool could not start"):
        commands.run([tmp_path / "no-such-tool"], "no-such-tool")
    assert release_build.build_env(7) == {"SOURCE_DATE_EPOCH": "7", "PYTHONHASHSEED": "0"}


def test_files_are_listed_sorted_without_folders_or_bytecode(tmp_path: Path) -> None:
    tree(tmp_path, {"b.txt": b"", "a/z.py": b"", "a/__pycache__/z.pyc": b"", "c/d/e": b""})
    assert [p.relative_to(tmp_path).as_posix() for p in release_build.files_of(tmp_path)] == ["a/z.py", "b.txt",
                                                                                               "c/d/e"]  # fmt: skip


def test_a_zip_has_sorted_entries_one_time_and_fixed_permissions(tmp_path: Path) -> None:
    source = tree(tmp_path / "src", {"b": b"bee", "a/c": b"sea"})
    (source / "b").touch()  # a later modification time must not show
    out = tmp_path / "out.zip"
    release_build.zip_folder(source, "pkg", out, STAMP)
    with zipfile.ZipFile(out) as archive:
        infos = archive.infolist()
        assert [(i.filename, i.date_time, i.external_attr >> 16, i.compress_type) for i in infos] == [
            ("pkg/a/c", WHEN, 0o644, zipfile.ZIP_DEFLATED), ("pkg/b", WHEN, 0o644, zipfile.ZIP_DEFLATED)]  # fmt: skip
        assert archive.read("pkg/b") == b"bee"
    first = out.read_bytes()
    time.sleep(0.01)
    (source / "a" / "c").touch()
    release_build.zip_folder(source, "pkg", out, STAMP)
    assert out.read_bytes() == first


def test_a_zip_before_1980_takes_1980(tmp_path: Path) -> None:
    out = tmp_path / "out.zip"
    release_build.zip_folder(tree(tmp_path / "src", {"a": b"1"}), "p", out, 0)
    with zipfile.ZipFile(out) as archive:
        assert archive.infolist()[0].date_time == (1980, 1, 1, 0, 0, 0)


def test_a_tarball_has_sorted_entries_no_owner_one_time_and_a_fixed_gzip_header(tmp_path: Path) -> None:
    source = tree(tmp_path / "src", {"b": b"bee", "a/c": b"sea"})
    out = tmp_path / "out.tar.gz"
    release_build.tar_folder(source, "pkg", out, STAMP)
    raw = out.read_bytes()
    assert raw[:4] == b"\x1f\x8b\x08\x00"  # gzip, deflate, no flags: no file name in the header
    assert int.from_bytes(raw[4:8], "little") == STAMP
    assert gzip.decompress(raw)[257:265] == b"ustar\x0000"  # POSIX (ustar/pax) headers, not GNU's
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(raw))) as archive:
        members = archive.getmembers()
        assert [(m.name, m.size, m.mtime, m.mode, m.uid, m.gid, m.uname, m.gname) for m in members] == [
            ("pkg/a/c", 3, STAMP, 0o644, 0, 0, "", ""), ("pkg/b", 3, STAMP, 0o644, 0, 0, "", "")]  # fmt: skip
    time.sleep(0.01)
    (source / "b").touch()
    release_build.tar_folder(source, "pkg", out, STAMP)
    assert out.read_bytes() == raw


COLLECTION_BUNDLE: dict[str, Any] = {
    "info": {"title": "Pools", "summary": "pool data"},
    "servers": [{"url": "https://plain.example"},
                {"url": "https://{region}.example/{stage}", "variables": {"region": {"default": "eu"}, "stage": {}}}],
    "paths": {
        "/pools/info/list": {
            "parameters": [{"name": "ignored", "in": "query"}],
            "get": {"operationId": "listPools", "tags": ["pools"], "summary": "list", "parameters": [
                {"name": "page", "in": "query", "required": True, "example": 1},
                {"name": "size", "in": "query"},
                {"name": "id", "in": "header", "example": "h"}]},
            "trace": {"operationId": "notAMethodWeSend", "tags": ["pools"]},
        },
        "/swap": {"post": {"operationId": "swap", "tags": ["swap"], "description": "build it", "summary": "s",
                           "requestBody": {"content": {"application/json": {"examples": {
                               "first": {"value": {"a": 1}}, "second": {"value": {"b": 2}}}}}}},
                  "put": {"operationId": "noExample", "tags": ["swap"],
                          "requestBody": {"content": {"application/json": {}}}}},
    },
}  # fmt: skip


def test_the_postman_collection_has_one_request_per_operation_with_its_examples() -> None:
    collection = release_build.postman(COLLECTION_BUNDLE, "pool-v3", "3.0.0")
    base = "https://{{region}}.example/{{stage}}"
    assert collection["info"] == {
        "_postman_id": hashlib.sha256(b"pool-v3@3.0.0").hexdigest()[:32], "name": "Pools 3.0.0",
        "description": "pool data", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}
    assert collection["variable"] == [{"key": "region", "value": "eu"}, {"key": "stage", "value": ""}]
    accept = {"key": "Accept", "value": "application/json"}
    json_body = {"key": "Content-Type", "value": "application/json"}
    assert collection["item"] == [
        {"name": "pools", "item": [{"name": "listPools", "request": {
            "method": "GET", "header": [accept], "description": "list",
            "url": {"raw": base + "/pools/info/list", "host": [base], "path": ["pools", "info", "list"],
                    "query": [{"key": "page", "value": "1", "disabled": False},
                              {"key": "size", "value": "", "disabled": True}]}}}]},
        {"name": "swap", "item": [
            {"name": "swap", "request": {
                "method": "POST", "header": [accept, json_body], "description": "build it",
                "url": {"raw": base + "/swap", "host": [base], "path": ["swap"], "query": []},
                "body": {"mode": "raw", "raw": '{\n  "a": 1\n}', "options": {"raw": {"language": "json"}}}}},
            {"name": "noExample", "request": {
                "method": "PUT", "header": [accept, json_body], "description": "",
                "url": {"raw": base + "/swap", "host": [base], "path": ["swap"], "query": []},
                "body": {"mode": "raw", "raw": "{}", "options": {"raw": {"language": "json"}}}}}]},
    ]  # fmt: skip


def test_a_bundle_without_server_variables_uses_its_first_server() -> None:
    bundle = {**COLLECTION_BUNDLE, "servers": [{"url": "https://one.example"}, {"url": "https://two.example"}]}
    collection = release_build.postman(bundle, "h", "1")
    assert collection["variable"] == []
    assert collection["item"][0]["item"][0]["request"]["url"]["raw"] == "https://one.example/pools/info/list"


# -- one package each ----------------------------------------------------------------------------
def test_a_description_is_its_bundles_and_a_collection(generated: Path, tmp_path: Path) -> None:
    out = release_build.build(Package("h", "description", host="h"), "3.1.0", tmp_path / "dist", STAMP)
    assert out == tmp_path / "dist" / "h" / "3.1.0"
    assert sorted(contents(out)) == ["h-3.1.0.deref.json", "h-3.1.0.json", "h-3.1.0.postman_collection.json",
                                     "h-3.1.0.yaml"]  # fmt: skip
    for suffix in (".yaml", ".json", ".deref.json"):
        assert (out / f"h-3.1.0{suffix}").read_bytes() == (generated / "openapi" / f"h{suffix}").read_bytes()
    collection = (out / "h-3.1.0.postman_collection.json").read_text(encoding="utf-8")
    assert collection == json.dumps(release_build.postman(BUNDLE, "h", "3.1.0"), indent=2) + "\n"


def test_a_package_folder_is_new_each_time(generated: Path, tmp_path: Path) -> None:
    package = Package("h", "description", host="h")
    release_build.build(package, "3.1.0", tmp_path, STAMP)
    with pytest.raises(FileExistsError):
        release_build.build(package, "3.1.0", tmp_path, STAMP)


def test_the_client_packages_are_built_from_copies_of_the_generated_code(generated: Path, tools: Tools,
                                                                         tmp_path: Path) -> None:  # fmt: skip
    dist = tmp_path / "dist"
    release_build.build(client("python"), "1.2.0", dist, STAMP)
    release_build.build(client("typescript"), "1.3.0", dist, STAMP)
    release_build.build(client("ruby"), "1.4.0", dist, STAMP)
    python, npm, gem = tools.calls
    assert (python.command[:-1], python.step, python.cwd, python.env) == (
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist / "h-python" / "1.2.0")],
        "h-python: python -m build", None, ENV)  # fmt: skip
    assert python.packed == {"pyproject.toml": b"[project]\n", "h_client/__init__.py": b""}  # no bytecode
    assert (npm.command, npm.step, npm.env) == (
        ["npm", "pack", "--pack-destination", str(dist / "h-typescript" / "1.3.0"), "--loglevel=error"],
        "h-typescript: npm pack", ENV)  # fmt: skip
    assert npm.packed == contents(generated / "typescript" / "h-client")
    assert (gem.command, gem.step, gem.env) == (
        ["gem", "build", "h_client.gemspec", "--output", str(dist / "h-ruby" / "1.4.0" / "h_client-1.4.0.gem")],
        "h-ruby: gem build", ENV)  # fmt: skip
    assert gem.packed == contents(generated / "ruby" / "h")
    copies = {Path(python.command[-1]), npm.cwd, gem.cwd}
    assert not any(generated in p.parents for p in copies if p), "a tool ran in the generated code itself"


def test_the_go_rust_and_php_clients_are_archives_we_write(generated: Path, tools: Tools, tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    go = release_build.build(client("go"), "3.1.0", dist, STAMP)
    rust = release_build.build(client("rust"), "0.4.1", dist, STAMP)
    php = release_build.build(client("php"), "2.0.0", dist, STAMP)
    assert tools.calls == []
    module = go_module_path("h", "3.1.0")
    assert module.endswith("/go/h/v3")  # the Go module's own major version
    assert zip_entries(go / "v3.1.0.zip") == [(f"{module}@v3.1.0/client.go", WHEN, 0o644),
                                              (f"{module}@v3.1.0/go.mod", WHEN, 0o644)]  # fmt: skip
    assert zip_entries(php / "raydium-h-client-2.0.0.zip") == [("h-client/composer.json", WHEN, 0o644),
                                                               ("h-client/src/Client.php", WHEN, 0o644)]
    crate = tar_entries(rust / "raydium-h-client-0.4.1.crate")
    assert sorted(crate) == ["raydium-h-client-0.4.1/Cargo.toml", "raydium-h-client-0.4.1/src/lib.rs"]
    manifest = tomllib.loads(crate["raydium-h-client-0.4.1/Cargo.toml"].decode())
    assert manifest["dependencies"]["raydium-api-runtime"] == {"version": "^0.4.0",
                                                               "registry-index": release_build.RAYDIUM_INDEX}


def test_a_crate_without_a_path_dependency_on_the_runtime_is_named(tmp_path: Path) -> None:
    crate = tree(tmp_path / "c", {"Cargo.toml": '[package]\nname = "c"\n'})
    with pytest.raises(release_build.BuildError, match="no dependency on the shared runtime by path"):
        release_build.published_crate(crate, tmp_path / "out")


RUNTIME_FILES = {"README.md": "runtime\n", "src/a.txt": "a\n", "__pycache__/b.pyc": "bytecode"}


@pytest.mark.parametrize(("language", "archive"), [
    ("php", "raydium-api-runtime-9.8.7.zip"), ("go", "v9.8.7.zip"), ("rust", "raydium-api-runtime-9.8.7.crate")])
def test_the_runtime_archives_are_written_as_each_ecosystem_reads_them(
        language: str, archive: str, generated: Path, tools: Tools, tmp_path: Path) -> None:  # fmt: skip
    tree(runtimes.folder(language, generated), RUNTIME_FILES)
    target = release_build.build(Package(f"runtime-{language}", "runtime", language=language), "9.8.7",
                                 tmp_path / "dist", STAMP)  # fmt: skip
    assert target == tmp_path / "dist" / f"runtime-{language}" / "9.8.7"
    assert (tools.calls, sorted(contents(target))) == ([], [archive])
    prefix = {"php": "raydium-api-runtime", "go": f"{runtimes.go_module()}@v9.8.7",
              "rust": "raydium-api-runtime-9.8.7"}[language]  # fmt: skip
    if language == "rust":
        assert tar_entries(target / archive) == {f"{prefix}/README.md": b"runtime\n", f"{prefix}/src/a.txt": b"a\n"}
    else:
        assert zip_entries(target / archive) == [(f"{prefix}/README.md", WHEN, 0o644),
                                                 (f"{prefix}/src/a.txt", WHEN, 0o644)]  # fmt: skip


@pytest.mark.parametrize(("language", "command", "step"), [
    ("typescript", ["npm", "pack", "--pack-destination", "{target}", "--loglevel=error"], "npm pack"),
    ("ruby", ["gem", "build", "raydium_api_runtime.gemspec", "--output", "{target}/raydium_api_runtime-9.8.7.gem"],
     "gem build"),
    ("python", [sys.executable, "-m", "build", "--no-isolation", "--outdir", "{target}", "{project}"],
     "python -m build")])  # fmt: skip
def test_the_runtime_packages_are_built_by_each_ecosystems_tool_from_a_copy(
        language: str, command: list[str], step: str, generated: Path, tools: Tools,
        tmp_path: Path) -> None:  # fmt: skip
    tree(runtimes.folder(language, generated), {**RUNTIME_FILES, "raydium_api_runtime.gemspec": "spec\n"})
    target = release_build.build(Package(f"runtime-{language}", "runtime", language=language), "9.8.7",
                                 tmp_path / "dist", STAMP)  # fmt: skip
    (call,) = tools.calls
    project = Path(call.command[-1]) if call.cwd is None else call.cwd
    assert project.name == "raydium-api-runtime"
    assert generated not in project.parents
    wanted = [c.format(target=target, project=project) for c in command]
    assert (call.command, call.step, call.env) == (wanted, f"runtime-{language}: {step}", ENV)
    assert call.cwd == (None if language == "python" else project)
    assert call.packed == {"README.md": b"runtime\n", "src/a.txt": b"a\n", "raydium_api_runtime.gemspec": b"spec\n"}


def test_the_gate_package_holds_the_gate_and_what_it_imports_unchanged(tools: Tools, tmp_path: Path) -> None:
    out = release_build.build(Package("gate", "tool"), "7.0.1", tmp_path, STAMP)
    (call,) = tools.calls
    project = Path(call.command[-1])
    assert call.command[:-1] == [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out)]
    assert (out, project.name, call.step, call.cwd, call.env) == (
        tmp_path / "gate" / "7.0.1", "raydium-api-gate", "gate: python -m build", None, ENV)  # fmt: skip
    scripts = paths.REPO / "scripts"
    templates = release_build.TOOL_TEMPLATES / "gate"
    modules = ("release/openapi_gate.py", "release/spec_diff.py", "spec/deref.py", "spec/oas.py", "common/paths.py")
    packages_of = {"raydium_api_gate/_lib/__init__.py", *(f"raydium_api_gate/_lib/{m.split('/')[0]}/__init__.py"
                                                          for m in modules)}  # fmt: skip
    assert {name: data for name, data in call.packed.items() if name != "pyproject.toml"} == {
        **{f"raydium_api_gate/_lib/{m}": (scripts / m).read_bytes() for m in modules},
        **{name: b"" for name in packages_of},
        "raydium_api_gate/__init__.py": (templates / "__init__.py").read_bytes(),
        "README.md": (templates / "README.md").read_bytes()}  # fmt: skip
    project_table = tomllib.loads(call.packed["pyproject.toml"].decode())["project"]
    assert (project_table["name"], project_table["version"]) == ("raydium-api-gate", "7.0.1")
    assert project_table["dependencies"] == [f"prance=={installed_version('prance')}",
                                             f"PyYAML=={installed_version('PyYAML')}"]  # fmt: skip
    assert project_table["scripts"] == {"openapi-gate": "raydium_api_gate:main"}


def test_the_gate_package_is_what_the_gate_s_digest_covers() -> None:
    """The files the gate package is built from are the ones its version answers for."""
    covered = set(packages.TOOL_FILES["gate"])
    assert {f"scripts/{m}" for m in release_build.GATE_MODULES} | {"scripts/templates/tools/gate"} == covered


def test_the_ruleset_package_is_the_repositorys_rules_without_its_hosts(tools: Tools, tmp_path: Path) -> None:
    out = release_build.build(Package("ruleset", "tool"), "1.0.0", tmp_path, STAMP)
    (call,) = tools.calls
    assert (call.command, call.step, call.env) == (
        ["npm", "pack", "--pack-destination", str(out), "--loglevel=error"], "ruleset: npm pack", ENV)  # fmt: skip
    assert call.cwd is not None
    assert call.cwd.name == "ruleset"
    assert paths.REPO not in call.cwd.parents
    lint = contents(paths.REPO / "lint")
    assert {name: call.packed[name] for name in lint} == lint
    assert call.packed["README.md"] == (release_build.TOOL_TEMPLATES / "ruleset" / "README.md").read_bytes()
    assert sorted(call.packed) == sorted([*lint, "README.md", "spectral.yaml", "redocly.yaml"])
    for name, source, changed, dropped in (("spectral.yaml", ".spectral.yaml", "functionsDir", "overrides"),
                                          ("redocly.yaml", "redocly.yaml", "plugins", "apis")):  # fmt: skip
        text = call.packed[name].decode()
        head = (f"# raydium-api-ruleset: written by scripts/release/build.py from the repository's {source}; "
                "extend it.\n")
        assert text.startswith(head)
        ours, theirs = oas.load_document(paths.REPO / source), yaml.safe_load(text)
        assert dropped in ours
        assert dropped not in theirs
        assert {k: v for k, v in theirs.items() if k != changed} == {
            k: v for k, v in ours.items() if k not in (changed, dropped)}  # fmt: skip
    assert yaml.safe_load(call.packed["spectral.yaml"])["functionsDir"] == "./spectral-functions"
    assert yaml.safe_load(call.packed["redocly.yaml"])["plugins"] == ["./redocly-house-plugin.js"]


def test_the_workflows_point_at_the_released_bundles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    generated = tree(tmp_path / "generated", {"openapi/f.arazzo.yaml": yaml.safe_dump(
        {"arazzo": "1.0.1", "sourceDescriptions": [{"name": "p", "url": "./pool-v3.yaml", "type": "openapi"}]})})
    monkeypatch.setattr(release_build, "GENERATED", generated)
    release_build.workflows(tmp_path / "dist", {"pool-v3": "5.1.2"})
    written = yaml.safe_load((tmp_path / "dist" / "workflows" / "f.arazzo.yaml").read_text(encoding="utf-8"))
    assert written["sourceDescriptions"][0]["url"] == "../pool-v3/5.1.2/pool-v3-5.1.2.yaml"
    with pytest.raises(release_build.BuildError, match=r"its source \./pool-v3\.yaml is not in the release"):
        release_build.workflows(tmp_path / "dist2", {"perps-v1": "1.0.0"})


# -- the indexes ---------------------------------------------------------------------------------
def test_the_simple_index_lists_each_project_with_relative_links_and_hashes(tmp_path: Path) -> None:
    dist = tree(tmp_path, {"pool-v3-python/3.0.0/raydium_pool_v3_client-3.0.0-py3-none-any.whl": b"w",
                           "pool-v3-python/3.0.0/raydium_pool_v3_client-3.0.0.tar.gz": b"s",
                           "gate/1.1.0/raydium_api_gate-1.1.0-py3-none-any.whl": b"g",
                           "runtime-python/2.0.0/raydium_api_runtime-2.0.0.tar.gz": b"r",
                           "pool-v3-go/3.0.0/v3.0.0.zip": b"not python"})  # fmt: skip
    release_build.simple_index(dist)
    simple = dist / "python" / "simple"
    assert sorted(p.relative_to(simple).as_posix() for p in simple.rglob("*.html")) == [
        "index.html", "raydium-api-gate/index.html", "raydium-api-runtime/index.html",
        "raydium-pool-v3-client/index.html"]  # fmt: skip
    sha = {data: hashlib.sha256(data).hexdigest() for data in (b"w", b"s")}
    assert (simple / "raydium-pool-v3-client" / "index.html").read_text(encoding="utf-8") == release_build.page(
        "raydium-pool-v3-client",
        [f'<a href="../../../pool-v3-python/3.0.0/raydium_pool_v3_client-3.0.0-py3-none-any.whl#sha256={sha[b"w"]}">'
         "raydium_pool_v3_client-3.0.0-py3-none-any.whl</a><br>",
         f'<a href="../../../pool-v3-python/3.0.0/raydium_pool_v3_client-3.0.0.tar.gz#sha256={sha[b"s"]}">'
         "raydium_pool_v3_client-3.0.0.tar.gz</a><br>"])  # fmt: skip
    release_build.simple_index(empty := tmp_path / "empty")
    assert not empty.exists() or not (empty / "python").exists()


def test_an_index_page_is_pep_503_html() -> None:
    assert release_build.page("T", ["<a>1</a>", "<a>2</a>"]) == (
        '<!DOCTYPE html>\n<html><head><meta name="pypi:repository-version" content="1.0"><title>T</title></head>\n'
        "<body>\n<a>1</a>\n<a>2</a>\n</body></html>\n")  # fmt: skip


def test_sha256sums_lists_every_file_but_itself_sorted(tmp_path: Path) -> None:
    dist = tree(tmp_path, {"b": b"2", "a/c": b"1", "SHA256SUMS": b"old"})
    release_build.sha256sums(dist)
    digest = {data: hashlib.sha256(data).hexdigest() for data in (b"1", b"2")}
    assert (dist / "SHA256SUMS").read_text(encoding="utf-8") == f"{digest[b'1']}  a/c\n{digest[b'2']}  b\n"
    assert release_build.digests(dist / "a", dist) == {"a/c": digest[b"1"]}


def test_the_composer_repository_holds_each_php_zip_but_go_modules(tmp_path: Path) -> None:
    dist = tree(tmp_path, {"pool-v3-php/3.0.0/raydium-pool-v3-client-3.0.0.zip": b"z",
                           "pool-v3-go/3.0.0/v3.0.0.zip": b"go",
                           "runtime-php/1.0.0/raydium-api-runtime-1.0.0.zip": b"r"})  # fmt: skip
    release_build.composer_repository(dist)
    assert sorted(p.name for p in (dist / "php").iterdir()) == [
        "raydium-api-runtime-1.0.0.zip", "raydium-pool-v3-client-3.0.0.zip"]  # fmt: skip


def module_zip(path: Path, module: str, version: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{module}@{version}/go.mod", f"module {module}\n")
        archive.writestr(f"{module}@{version}/a.go", "package a\n")


def test_the_go_proxy_serves_each_module_zip_with_the_go_mod_it_holds(tmp_path: Path) -> None:
    pool = go_module_path("pool-v3", "5.1.2")
    module_zip(tmp_path / "pool-v3-go" / "5.1.2" / "v5.1.2.zip", pool, "v5.1.2")
    module_zip(tmp_path / "runtime-go" / "2.1.2" / "v2.1.2.zip", runtimes.go_module(), "v2.1.2")
    release_build.go_proxy(tmp_path, STAMP)
    folder = tmp_path / "goproxy" / pool / "@v"
    assert sorted(p.name for p in folder.iterdir()) == ["list", "v5.1.2.info", "v5.1.2.mod", "v5.1.2.zip"]
    assert (folder / "list").read_text(encoding="utf-8") == "v5.1.2\n"
    assert json.loads((folder / "v5.1.2.info").read_text(encoding="utf-8")) == {"Version": "v5.1.2",
                                                                               "Time": "2023-11-14T22:13:20Z"}
    assert (folder / "v5.1.2.mod").read_text(encoding="utf-8") == f"module {pool}\n"
    assert (folder / "v5.1.2.zip").read_bytes() == (tmp_path / "pool-v3-go" / "5.1.2" / "v5.1.2.zip").read_bytes()
    served = tmp_path / "goproxy" / runtimes.go_module() / "@v"
    assert (served / "v2.1.2.mod").read_text(encoding="utf-8") == f"module {runtimes.go_module()}\n"


@pytest.mark.parametrize(("name", "path"), [("a", "1/a"), ("ab", "2/ab"), ("abc", "3/a/abc"), ("Serde", "se/rd/serde"),
                                            ("raydium-pool-v3-client", "ra/yd/raydium-pool-v3-client")])  # fmt: skip
def test_the_cargo_index_uses_cargos_layout(name: str, path: str) -> None:
    assert release_build.index_path(name) == path


def test_an_index_entry_records_dependencies_as_cargo_publish_would(tmp_path: Path) -> None:
    crate = tmp_path / "c.crate"
    crate.write_bytes(b"crate")
    manifest = {"package": {"name": "c", "version": "1.2.3"},
                "dependencies": {"url": "2.3", "raydium-api-runtime": {"version": "^1.0.1", "registry-index": "x"},
                                 "reqwest": {"version": "0.11", "default-features": False, "features": ["json"]}}}
    entry = release_build.index_entry(manifest, crate)
    assert (entry["name"], entry["vers"], entry["yanked"], entry["features"]) == ("c", "1.2.3", False, {})
    assert entry["cksum"] == hashlib.sha256(b"crate").hexdigest()
    deps = {d["name"]: d for d in entry["deps"]}
    assert [d["req"] for d in entry["deps"]] == ["^1.0.1", "^0.11", "^2.3"]
    assert deps["raydium-api-runtime"]["registry"] is None  # the same registry
    assert deps["url"]["registry"] == release_build.CRATES_IO
    assert (deps["reqwest"]["default_features"], deps["reqwest"]["features"]) == (False, ["json"])
    assert (deps["url"]["default_features"], deps["url"]["kind"], deps["url"]["optional"]) == (True, "normal", False)


def test_the_cargo_registry_holds_each_crate_with_its_index_line(tmp_path: Path) -> None:
    source = tree(tmp_path / "src", {"Cargo.toml": '[package]\nname = "raydium-h-client"\nversion = "1.0.0"\n\n'
                                                   '[dependencies]\nurl = "2.3"\n', "src/lib.rs": ""})
    crate = tmp_path / "dist" / "h-rust" / "1.0.0" / "raydium-h-client-1.0.0.crate"
    crate.parent.mkdir(parents=True)
    release_build.tar_folder(source, "raydium-h-client-1.0.0", crate, STAMP)
    release_build.cargo_registry(tmp_path / "dist")
    registry = tmp_path / "dist" / "cargo"
    assert (registry / crate.name).read_bytes() == crate.read_bytes()
    (line,) = (registry / "index" / "ra" / "yd" / "raydium-h-client").read_text(encoding="utf-8").splitlines()
    assert json.loads(line)["vers"] == "1.0.0"
    assert json.loads(line)["cksum"] == hashlib.sha256(crate.read_bytes()).hexdigest()
