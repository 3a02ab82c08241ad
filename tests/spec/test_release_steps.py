"""scripts/release.py's packaging steps and `main`, in process: what each step hands its
packaging tool (the command, where it runs, the environment, and what the folder it packs
holds), the archives it writes itself, and main's order and all-or-nothing. The tools are
stood in for by a recorder here; test_releases.py runs them for real in a clone (minutes)."""

from __future__ import annotations

import hashlib
import json
import sys
import tarfile
import tomllib
import zipfile
from dataclasses import dataclass
from importlib.metadata import version as installed_version
from pathlib import Path
from typing import Any

import pytest
import yaml
from test_release_parts import STAMP, tree
from test_spec_diff_rules import git

import oas
import openapi_gate
import release
import runtimes
import spec_diff
from openapi_generator import go_module_path

ENV = {"SOURCE_DATE_EPOCH": str(STAMP), "PYTHONHASHSEED": "0"}
RUNTIME_DEPENDENCY = 'raydium-api-runtime = { version = "=0.4.0", path = "../raydium-api-runtime" }'


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
    """Stands in for release.run: records each call, and writes a file where the tool would
    write its package (so a missing output folder fails as it would for the tool)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[Call] = []
        monkeypatch.setattr(release, "run", self)

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


BUNDLE = {
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
    monkeypatch.setattr(release, "GENERATED", root)
    return root


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


WHEN = (2023, 11, 14, 22, 13, 20)


def test_the_client_packages_are_built_from_copies_of_the_generated_code(generated: Path, tools: Tools,
                                                                         tmp_path: Path) -> None:  # fmt: skip
    out = tmp_path / "dist" / "h" / "3.1.0"
    release.artefacts("h", "3.1.0", out, STAMP, "notes\n")
    python, npm, gem = tools.calls
    assert (python.command[:-1], python.step, python.cwd, python.env) == (
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out / "python")], "h: python -m build",
        None, ENV)  # fmt: skip
    assert python.packed == {"pyproject.toml": b"[project]\n", "h_client/__init__.py": b""}  # no bytecode
    assert (npm.command, npm.step, npm.env) == (
        ["npm", "pack", "--pack-destination", str(out), "--loglevel=error"], "h: npm pack", ENV)  # fmt: skip
    assert npm.packed == contents(generated / "typescript" / "h-client")
    assert (gem.command, gem.step, gem.env) == (
        ["gem", "build", "h_client.gemspec", "--output", str(out / "ruby" / "h_client-3.1.0.gem")], "h: gem build",
        ENV)  # fmt: skip
    assert gem.packed == contents(generated / "ruby" / "h")
    copies = {Path(python.command[-1]), npm.cwd, gem.cwd}
    assert not any(generated in p.parents for p in copies if p), "a tool ran in the generated code itself"


def test_a_releases_folder_holds_its_bundles_archives_collection_and_notes(generated: Path, tools: Tools,
                                                                           tmp_path: Path) -> None:  # fmt: skip
    out = tmp_path / "dist" / "h" / "3.1.0"
    release.artefacts("h", "3.1.0", out, STAMP, "the notes\n")
    assert sorted(contents(out)) == [
        "RELEASE-NOTES.md", "go/v3.1.0.zip", "h-3.1.0.deref.json", "h-3.1.0.json", "h-3.1.0.postman_collection.json",
        "h-3.1.0.yaml", "package.tgz", "php/raydium-h-client-3.1.0.zip", "ruby/h_client-3.1.0.gem",
        "rust/raydium-h-client-3.1.0.crate"]  # fmt: skip
    for suffix in (".yaml", ".json", ".deref.json"):
        assert (out / f"h-3.1.0{suffix}").read_bytes() == (generated / "openapi" / f"h{suffix}").read_bytes()
    module = go_module_path("h", "3.1.0")
    assert module.endswith("/go/h/v3")
    assert zip_entries(out / "go" / "v3.1.0.zip") == [(f"{module}@v3.1.0/client.go", WHEN, 0o644),
                                                      (f"{module}@v3.1.0/go.mod", WHEN, 0o644)]  # fmt: skip
    assert zip_entries(out / "php" / "raydium-h-client-3.1.0.zip") == [("h-client/composer.json", WHEN, 0o644),
                                                                       ("h-client/src/Client.php", WHEN, 0o644)]
    crate = tar_entries(out / "rust" / "raydium-h-client-3.1.0.crate")
    assert sorted(crate) == ["raydium-h-client-3.1.0/Cargo.toml", "raydium-h-client-3.1.0/src/lib.rs"]
    manifest = tomllib.loads(crate["raydium-h-client-3.1.0/Cargo.toml"].decode())
    assert manifest["dependencies"]["raydium-api-runtime"] == {"version": "=0.4.0",
                                                               "registry-index": release.RAYDIUM_INDEX}  # fmt: skip
    collection = (out / "h-3.1.0.postman_collection.json").read_text(encoding="utf-8")
    assert collection == json.dumps(release.postman(BUNDLE, "h", "3.1.0"), indent=2) + "\n"
    assert json.loads(collection)["info"]["name"] == "H 3.1.0"
    assert (out / "RELEASE-NOTES.md").read_text(encoding="utf-8") == "the notes\n"


RUNTIME_FILES = {"README.md": "runtime\n", "src/a.txt": "a\n", "__pycache__/b.pyc": "bytecode"}


@pytest.mark.parametrize(("language", "archive"), [
    ("php", "raydium-api-runtime-9.8.7.zip"), ("go", "v9.8.7.zip"), ("rust", "raydium-api-runtime-9.8.7.crate")])
def test_the_runtime_archives_are_written_as_each_ecosystem_reads_them(
        language: str, archive: str, generated: Path, tools: Tools, tmp_path: Path) -> None:  # fmt: skip
    tree(runtimes.folder(language, generated), RUNTIME_FILES)
    release.runtime_package(release.Runtime(language, "9.8.7"), tmp_path / "dist", STAMP)
    target = tmp_path / "dist" / "runtime" / language
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
    tree(runtimes.folder(language, generated), RUNTIME_FILES)
    release.runtime_package(release.Runtime(language, "9.8.7"), tmp_path / "dist", STAMP)
    (call,) = tools.calls
    project = Path(call.command[-1]) if call.cwd is None else call.cwd
    assert project.name == "raydium-api-runtime"
    assert generated not in project.parents
    target = tmp_path / "dist" / "runtime" / language
    wanted = [c.format(target=target, project=project) for c in command]
    assert (call.command, call.step, call.env) == (wanted, f"raydium-api-runtime: {step}", ENV)
    assert call.cwd == (None if language == "python" else project)
    assert call.packed == {"README.md": b"runtime\n", "src/a.txt": b"a\n"}


def test_the_gate_package_holds_the_gate_and_what_it_imports_unchanged(tools: Tools, tmp_path: Path) -> None:
    release.gate_package(tmp_path, STAMP)
    (call,) = tools.calls
    project = Path(call.command[-1])
    assert call.command[:-1] == [sys.executable, "-m", "build", "--no-isolation", "--outdir",
                                 str(tmp_path / "tools" / "gate" / "python")]  # fmt: skip
    assert (project.name, call.step, call.cwd, call.env) == ("raydium-api-gate", "raydium-api-gate: python -m build",
                                                             None, ENV)  # fmt: skip
    scripts = release.REPO / "scripts"
    templates = release.TOOL_TEMPLATES / "gate"
    assert {name: data for name, data in call.packed.items() if name != "pyproject.toml"} == {
        **{f"raydium_api_gate/_lib/{m}.py": (scripts / f"{m}.py").read_bytes()
           for m in ("openapi_gate", "spec_diff", "deref", "oas")},
        "raydium_api_gate/__init__.py": (templates / "__init__.py").read_bytes(),
        "README.md": (templates / "README.md").read_bytes()}  # fmt: skip
    project_table = tomllib.loads(call.packed["pyproject.toml"].decode())["project"]
    assert (project_table["name"], project_table["version"]) == ("raydium-api-gate", openapi_gate.VERSION)
    assert project_table["dependencies"] == [f"prance=={installed_version('prance')}",
                                             f"PyYAML=={installed_version('PyYAML')}"]  # fmt: skip
    assert project_table["scripts"] == {"openapi-gate": "raydium_api_gate:main"}


def test_the_ruleset_package_is_the_repositorys_rules_without_its_hosts(tools: Tools, tmp_path: Path) -> None:
    release.ruleset_package(tmp_path, STAMP)
    (call,) = tools.calls
    destination = tmp_path / "tools" / "ruleset"
    assert (call.command, call.step, call.env) == (
        ["npm", "pack", "--pack-destination", str(destination), "--loglevel=error"], "raydium-api-ruleset: npm pack",
        ENV)  # fmt: skip
    assert call.cwd is not None
    assert call.cwd.name == "ruleset"
    assert release.REPO not in call.cwd.parents
    lint = contents(release.REPO / "lint")
    assert {name: call.packed[name] for name in lint} == lint
    assert call.packed["README.md"] == (release.TOOL_TEMPLATES / "ruleset" / "README.md").read_bytes()
    assert sorted(call.packed) == sorted([*lint, "README.md", "spectral.yaml", "redocly.yaml"])
    for name, source, changed, dropped in (("spectral.yaml", ".spectral.yaml", "functionsDir", "overrides"),
                                          ("redocly.yaml", "redocly.yaml", "plugins", "apis")):  # fmt: skip
        text = call.packed[name].decode()
        head = f"# raydium-api-ruleset: written by scripts/release.py from the repository's {source}; extend it.\n"
        assert text.startswith(head)
        ours, theirs = oas.load_document(release.REPO / source), yaml.safe_load(text)
        assert dropped in ours
        assert dropped not in theirs
        assert {k: v for k, v in theirs.items() if k != changed} == {
            k: v for k, v in ours.items() if k not in (changed, dropped)}  # fmt: skip
    assert yaml.safe_load(call.packed["spectral.yaml"])["functionsDir"] == "./spectral-functions"
    assert yaml.safe_load(call.packed["redocly.yaml"])["plugins"] == ["./redocly-house-plugin.js"]


# tooling: it runs each language's own toolchain (Ruby, PHP, Go), which `make test` installs
# and `make`'s in-front gate must not need on a fresh machine
@pytest.mark.tooling
@pytest.mark.parametrize(("language", "name"), [
    ("python", "raydium_api_runtime.errors.ApiError"), ("typescript", "ApiError.body"),
    ("ruby", "RaydiumApiRuntime::ApiError#body"), ("php", "Raydium\\ApiRuntime\\ApiException"),
    ("go", "ConnectionCutError"), ("rust", "crate::ApiError.body")])  # fmt: skip
def test_each_runtimes_public_surface_is_read_from_its_own_code(language: str, name: str) -> None:
    assert name in release.Runtime(language, "0.0.0").surface()


# committed at 1600000000 and authored before it, so that the author's time would be caught
DATES = {"GIT_AUTHOR_DATE": "@1500000000 +0000", "GIT_COMMITTER_DATE": "@1600000000 +0000"}


@pytest.fixture
def checkout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch git checkout with one commit (committed at 1600000000, authored before), as release.REPO."""
    git(tmp_path, "init", "--quiet", env=DATES)
    git(tmp_path, "commit", "--quiet", "--allow-empty", "-m", "one", env=DATES)
    monkeypatch.setattr(release, "REPO", tmp_path)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    return tmp_path


def test_the_release_time_is_the_time_of_the_checkouts_commit(checkout: Path) -> None:
    assert release.epoch() == 1600000000
    assert release.run(["pwd"], "pwd").strip() == str(checkout)  # every tool runs in the checkout by default


def test_a_tag_names_the_commit_and_moves_when_released_again(checkout: Path,
                                                              capfd: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    release.tag("h@1.0.0")
    first = git(checkout, "rev-parse", "h@1.0.0")
    git(checkout, "commit", "--quiet", "--allow-empty", "-m", "two", env=DATES)
    release.tag("h@1.0.0")
    assert git(checkout, "rev-parse", "h@1.0.0") == git(checkout, "rev-parse", "HEAD") != first
    assert capfd.readouterr() == ("", "")  # git's "Updated tag" is not the release's output


def test_outside_a_checkout_there_is_nothing_to_tag_and_no_time(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setattr(release, "REPO", tmp_path)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    release.tag("h@1.0.0")  # no error
    with pytest.raises(release.ReleaseError, match=r"^git log failed \(exit 128\):\n.*not a git repository"):
        release.epoch()


def test_recording_tags_each_host_and_runtime_release(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    tagged: list[str] = []
    monkeypatch.setattr(release, "tag", tagged.append)
    monkeypatch.setattr(release, "RELEASES", tmp_path / "releases")
    monkeypatch.setattr(release, "GENERATED", tree(tmp_path / "generated", {
        f"openapi/h{suffix}": "{}" for suffix in (".yaml", ".json", ".deref.json")}))  # fmt: skip
    monkeypatch.setattr(release, "record_clients", lambda host, version: None)
    runtime = release.Runtime("go", "1.2.3")
    monkeypatch.setattr(release.Runtime, "digest", lambda self: "d")
    monkeypatch.setattr(release.Runtime, "surface", lambda self: ["N"])
    release.record_runtime(runtime)  # the first record: releases/ is made
    release.record_runtime(runtime)  # released already: no second tag
    release.record("h", "1.0.0", "## h 1.0.0\n")
    assert tagged == ["runtime-go@1.2.3", "h@1.0.0"]
    assert (tmp_path / "releases" / "runtime" / "go.json").read_text(encoding="utf-8") == (
        '{\n "1.2.3": {\n  "digest": "d",\n  "surface": [\n   "N"\n  ]\n }\n}\n')  # fmt: skip


# --- main --------------------------------------------------------------------------------------

STEPS = ("check_policy", "notes", "check_runtime", "artefacts", "workflows", "runtime_package", "gate_package",
         "ruleset_package", "simple_index", "go_proxy", "cargo_registry", "composer_repository", "sha256sums",
         "record", "record_runtime")  # fmt: skip
PACKAGING = ("artefacts", "workflows", "runtime_package", "gate_package", "ruleset_package")  # release.packages
CHANGE = spec_diff.Change("a", "", False, "info.version 0.9.0 -> 1.0.0")
GO, RUST = release.Runtime("go", "1.0.0"), release.Runtime("rust", "2.0.0")


class Pipeline:
    """main with every step stood in for: records the calls; `fail` names the step that fails."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.fail = ""
        generated = tree(root / "generated", {"openapi/a.json": '{"info": {"version": "1.0.0"}}',
                                              "openapi/b.json": '{"info": {"version": "2.0.0"}}'})  # fmt: skip
        for name, value in (("GENERATED", generated), ("HOSTS", ["a", "b"]), ("REPO", root),
                            ("epoch", lambda: STAMP), ("current_runtimes", lambda: [GO, RUST])):  # fmt: skip
            monkeypatch.setattr(release, name, value)
        for step in STEPS:
            monkeypatch.setattr(release, step, self.stand_in(step))

    def stand_in(self, step: str) -> Any:
        def call(*args: Any) -> Any:
            self.calls.append((step, *args))
            if step == self.fail:
                raise release.ReleaseError(f"{step} broke")
            if step == "check_policy":
                return [CHANGE], "0.9.0"
            if step == "notes":
                return f"notes of {args[0]}"
            if step == "artefacts":
                tree(args[2], {"made": "x"})
            if step == "sha256sums":
                tree(args[0], {"SHA256SUMS": "sums\n"})
            return None

        return call

    def steps(self) -> list[str]:
        return [call[0] for call in self.calls]


@pytest.fixture
def pipeline(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Pipeline:
    return Pipeline(tmp_path, monkeypatch)


def test_a_release_checks_everything_before_it_builds_and_records_only_once_it_is_whole(
        pipeline: Pipeline, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    dist = tmp_path / "dist"
    tree(dist, {"old": "an earlier release"})
    tree(tmp_path / ".tmp-dist", {"stale": "a crashed run's"})
    assert release.main(["a", "b", "--dist", str(dist)]) == 0
    staging, versions = tmp_path / ".tmp-dist", {"a": "1.0.0", "b": "2.0.0"}
    packaging = [
        ("artefacts", "a", "1.0.0", staging / "a" / "1.0.0", STAMP, "notes of a"),
        ("artefacts", "b", "2.0.0", staging / "b" / "2.0.0", STAMP, "notes of b"),
        ("workflows", staging / "workflows", versions),
        ("runtime_package", GO, staging, STAMP), ("runtime_package", RUST, staging, STAMP),
        ("gate_package", staging, STAMP), ("ruleset_package", staging, STAMP)]  # fmt: skip
    # the packaging steps run side by side (release.packages), between the checks and the indexes
    middle = slice(6, 6 + len(packaging))
    assert sorted(pipeline.calls[middle], key=repr) == sorted(packaging, key=repr)
    assert pipeline.calls[:middle.start] + pipeline.calls[middle.stop:] == [
        ("check_policy", "a", "1.0.0"), ("notes", "a", "1.0.0", "0.9.0", [CHANGE], STAMP),
        ("check_policy", "b", "2.0.0"), ("notes", "b", "2.0.0", "0.9.0", [CHANGE], STAMP),
        ("check_runtime", GO), ("check_runtime", RUST),
        ("simple_index", staging),
        ("go_proxy", staging, versions, STAMP), ("cargo_registry", staging, versions),
        ("composer_repository", staging), ("sha256sums", staging),
        ("record", "a", "1.0.0", "notes of a"), ("record", "b", "2.0.0", "notes of b"),
        ("record_runtime", GO), ("record_runtime", RUST)]  # fmt: skip
    assert sorted(contents(dist)) == ["SHA256SUMS", "a/1.0.0/made", "b/2.0.0/made"]
    assert not staging.exists()
    sums = hashlib.sha256(b"sums\n").hexdigest()[:16]
    assert capsys.readouterr() == (f"release: wrote {dist} (a 1.0.0, b 2.0.0); SHA256SUMS {sums}\n", "")


def test_a_release_of_some_hosts_has_no_workflows_and_no_record_without_recording(
        pipeline: Pipeline, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    assert release.main(["b", "--dist", "out", "--no-record"]) == 0
    assert "workflows" not in pipeline.steps()
    assert pipeline.steps()[-1] == "sha256sums"
    assert ("artefacts", "b", "2.0.0", tmp_path / ".tmp-out" / "b" / "2.0.0", STAMP, "notes of b") in pipeline.calls
    assert sorted(contents(tmp_path / "out")) == ["SHA256SUMS", "b/2.0.0/made"]


def test_a_release_goes_to_the_repositorys_dist_by_default(pipeline: Pipeline, tmp_path: Path) -> None:
    assert release.main(["a"]) == 0
    assert sorted(contents(tmp_path / "dist")) == ["SHA256SUMS", "a/1.0.0/made"]


@pytest.mark.parametrize("step", STEPS[:-2])
def test_a_failed_step_leaves_the_last_release_and_records_nothing(
        step: str, pipeline: Pipeline, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    dist = tree(tmp_path / "dist", {"old": "an earlier release"})
    pipeline.fail = step
    assert release.main(["a", "b", "--dist", str(dist)]) == 1
    if step in PACKAGING:  # side by side: the others of the group may run, nothing after it does
        assert step in pipeline.steps()
        assert not set(pipeline.steps()) & set(STEPS[STEPS.index("simple_index"):])
    else:
        assert pipeline.steps()[-1] == step
    assert contents(dist) == {"old": b"an earlier release"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dist", "generated"]  # no staging left
    assert capsys.readouterr() == ("", f"release: {step} broke\n")


def test_the_help_says_what_a_release_is_and_what_each_option_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        release.main(["--help"])
    assert stopped.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert text.startswith("usage: ")
    assert "[--dist DIST] [--no-record] [--check] hosts [hosts ...]" in text
    assert "Release each host's description and clients: versioned artefacts users can pin." in text
    assert "--no-record write dist/ only (no releases/ record, no tag)" in text
    assert "--check check the version policy and print each host's release notes; build and record nothing" in text


def test_a_release_needs_a_host(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        release.main([])
    assert stopped.value.code == 2
    assert "the following arguments are required: hosts" in capsys.readouterr().err



# --- the runtime's version policy, the index entries and the package sources at their edges ---


def runtime_released(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: dict[str, list[str]],
                     now: list[str]) -> None:  # fmt: skip
    """releases/runtime/go.json with each version's public names; the code's names are `now`."""
    monkeypatch.setattr(release, "RELEASES", tmp_path)
    tree(tmp_path / "runtime", {"go.json": json.dumps({v: {"digest": v, "surface": names} for v, names in
                                                       record.items()})})  # fmt: skip
    monkeypatch.setattr(release.Runtime, "surface", lambda self: now)
    monkeypatch.setattr(release.Runtime, "digest", lambda self: "code")


def test_the_runtimes_last_release_is_the_newest_version_not_the_last_in_text_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    runtime_released(tmp_path, monkeypatch, {"1.9.0": ["A"], "1.10.0": ["A", "B"]}, ["A"])
    with pytest.raises(release.ReleaseError, match=r"^raydium-api-runtime \(go\) 1\.1\.0 is not newer than the last "
                                                   r"release 1\.10\.0$"):  # fmt: skip
        release.check_runtime(release.Runtime("go", "1.1.0"))
    with pytest.raises(release.ReleaseError, match=r"\(go\) 1\.11\.0: 1 public name\(s\) since 1\.10\.0 are gone"):
        release.check_runtime(release.Runtime("go", "1.11.0"))


def test_a_runtime_patch_that_removes_names_shows_the_first_twenty(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    names = [f"N{i:02}" for i in range(21)]
    runtime_released(tmp_path, monkeypatch, {"1.0.1": names}, [])
    with pytest.raises(release.ReleaseError) as caught:
        release.check_runtime(release.Runtime("go", "1.0.5"))
    assert str(caught.value) == ("raydium-api-runtime (go) 1.0.5: 21 public name(s) since 1.0.1 are gone, which "
                                 "breaks its callers: need a major version bump\n"
                                 + "\n".join(f"  {name}" for name in names[:20]))  # fmt: skip
    release.check_runtime(release.Runtime("go", "2.0.0"))


def test_an_index_entry_is_exactly_cargos_record_of_each_dependency(tmp_path: Path) -> None:
    crate = tree(tmp_path, {"c.crate": "crate"}) / "c.crate"
    manifest = {"package": {"name": "c", "version": "1.2.3"}, "dependencies": {
        "raydium-api-runtime": {"version": "=0.4.0", "registry-index": release.RAYDIUM_INDEX},
        "tokio": {"version": "~1.2", "optional": True, "features": ["rt"]}}}  # fmt: skip
    common = {"target": None, "kind": "normal"}
    assert release.index_entry(manifest, crate) == {
        "name": "c", "vers": "1.2.3", "cksum": hashlib.sha256(b"crate").hexdigest(), "features": {}, "yanked": False,
        "deps": [{"name": "raydium-api-runtime", "req": "=0.4.0", "features": [], "optional": False,
                  "default_features": True, "registry": None, **common},
                 {"name": "tokio", "req": "~1.2", "features": ["rt"], "optional": True, "default_features": True,
                  "registry": release.CRATES_IO, **common}]}  # fmt: skip
    assert release.index_entry({"package": {"name": "d", "version": "1.0.0"}}, crate)["deps"] == []


def test_the_proxy_and_the_registry_serve_the_runtime_of_the_release(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """The runtime's go.mod and Cargo.toml come from the generated tree being released."""
    generated = tree(tmp_path / "generated", {
        "go/h/go.mod": "module h\n", "go/raydium-api-runtime/go.mod": "module the-runtime\n",
        "rust/h/Cargo.toml": '[package]\nname = "raydium-h-client"\nversion = "1.0.0"\n',
        "rust/raydium-api-runtime/Cargo.toml": '[package]\nname = "raydium-api-runtime"\nversion = "7.7.7"\n'})
    monkeypatch.setattr(release, "GENERATED", generated)
    go, rust = runtimes.go_version(), runtimes.rust_version()
    dist = tree(tmp_path / "dist", {"h/1.0.0/go/v1.0.0.zip": "zip", f"runtime/go/v{go}.zip": "runtime zip",
                                    "h/1.0.0/rust/raydium-h-client-1.0.0.crate": "crate",
                                    f"runtime/rust/raydium-api-runtime-{rust}.crate": "runtime crate"})  # fmt: skip
    release.go_proxy(dist, {"h": "1.0.0"}, STAMP)
    served = dist / "goproxy" / runtimes.go_module() / "@v" / f"v{go}.mod"
    assert served.read_text(encoding="utf-8") == "module the-runtime\n"
    release.cargo_registry(dist, {"h": "1.0.0"})
    entry = json.loads((dist / "cargo" / "index" / "ra" / "yd" / "raydium-api-runtime").read_text(encoding="utf-8"))
    assert (entry["vers"], entry["cksum"]) == ("7.7.7", hashlib.sha256(b"runtime crate").hexdigest())


def test_an_sdist_name_may_hold_hyphens(tmp_path: Path) -> None:
    """An sdist is <name>-<version>.tar.gz, where an older tool kept the name's hyphens."""
    dist = tree(tmp_path, {"h/1.0.0/python/my-pkg-1.0.0.tar.gz": "s"})
    release.simple_index(dist)
    assert [p.name for p in (dist / "python" / "simple").iterdir() if p.is_dir()] == ["my-pkg"]


def test_a_collection_has_every_method_and_an_empty_description_without_a_summary() -> None:
    operations = {m: {"operationId": f"{m}Pool", "tags": ["Pools"]} for m in ("get", "post", "put", "patch", "delete")}
    bundle = {"info": {"title": "H"}, "servers": [{"url": "https://h.example"}], "paths": {"/pool": operations}}
    collection = release.postman(bundle, "h", "1.0.0")
    assert collection["info"]["description"] == ""
    requests = [item["request"] for item in collection["item"][0]["item"]]
    assert [r["method"] for r in requests] == ["GET", "POST", "PUT", "PATCH", "DELETE"]


def test_a_crate_without_a_path_dependency_on_the_runtime_is_named(tmp_path: Path) -> None:
    crate = tree(tmp_path / "c", {"Cargo.toml": '[package]\nname = "c"\n'})
    with pytest.raises(release.ReleaseError) as caught:
        release.published_crate(crate, tmp_path / "out")
    assert str(caught.value) == f"{crate}/Cargo.toml: no dependency on the shared runtime by path"


def test_a_first_record_needs_no_notes_and_no_folder_of_the_host(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    monkeypatch.setattr(release, "RELEASES", tmp_path / "releases")
    monkeypatch.setattr(release, "GENERATED", tree(tmp_path / "generated", {
        f"openapi/h{suffix}": "{}" for suffix in (".yaml", ".json", ".deref.json")}))  # fmt: skip
    monkeypatch.setattr(release, "record_clients", lambda host, version: None)
    monkeypatch.setattr(release, "tag", lambda name: None)
    release.record("h", "1.0.0", "## h 1.0.0\n")
    head = "# Changelog of the h description\n\nNewest first. Written by `make release`.\n\n"
    assert (tmp_path / "releases" / "h" / "CHANGELOG.md").read_text(encoding="utf-8") == head + "## h 1.0.0\n"


def test_a_ruleset_without_overrides_or_apis_is_packaged_as_it_is(tools: Tools, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """A fork whose ruleset names no hosts (no overrides, no apis) still gets its package."""
    repo = tree(tmp_path / "repo", {"lint/rule.js": "rule\n", ".spectral.yaml": "extends: [spectral:oas]\n",
                                    "redocly.yaml": "extends: [recommended]\n"})  # fmt: skip
    monkeypatch.setattr(release, "REPO", repo)
    release.ruleset_package(tmp_path / "out", STAMP)
    (call,) = tools.calls
    assert yaml.safe_load(call.packed["spectral.yaml"]) == {"extends": ["spectral:oas"],
                                                            "functionsDir": "./spectral-functions"}  # fmt: skip
    assert yaml.safe_load(call.packed["redocly.yaml"]) == {"extends": ["recommended"],
                                                           "plugins": ["./redocly-house-plugin.js"]}  # fmt: skip


def test_every_language_has_a_runtime_at_the_version_its_sources_name() -> None:
    assert {r.language: r.version for r in release.current_runtimes()} == {
        "python": runtimes.python_version(), "typescript": runtimes.typescript_version(),
        "ruby": runtimes.ruby_version(), "php": runtimes.php_version(), "go": runtimes.go_version(),
        "rust": runtimes.rust_version()}  # fmt: skip


def test_the_runtimes_record_lists_its_versions_oldest_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runtime_released(tmp_path, monkeypatch, {"1.9.0": []}, ["A"])
    monkeypatch.setattr(release, "tag", lambda name: None)
    release.record_runtime(release.Runtime("go", "1.10.0"))
    assert list(json.loads((tmp_path / "runtime" / "go.json").read_text(encoding="utf-8"))) == ["1.9.0", "1.10.0"]
