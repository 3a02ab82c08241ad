"""Each stage of the generation that runs a tool (scripts/clients/generate.py and
scripts/clients/openapi_generator.py), run again here in process and compared byte for byte
with generated/: the Python client (openapi-python-client, then our modules, Structs and page
walks), the models, the TypeScript types and client (openapi-typescript, tsc), and the Go,
Ruby, PHP and Rust clients (one openapi-generator batch).

generated/ is what `make` wrote, and CI regenerates it in a fresh clone, so a change to a
stage that changes a byte fails here, in the seconds the stage takes (decision 152). Two hosts
cover what the stages do: pool-v3 has schemas and page walks; launch-auth has no schema (no
models, Structs without a class); transaction-v1 has the u64 amounts the PHP view turns into
digit strings. What ties the stages together (`generate`, `main`, `check`) runs here with
stand-ins for the stages, whose own output is checked above them."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from project import REPO, executable, files_under
from project import bundle as host_bundle  # the JSON bundle generate.generate reads
from scripts.clients import generate, openapi_generator, runtimes
from scripts.common import stamps
from scripts.spec import oas

pytestmark = pytest.mark.pipeline  # reads what make's generation wrote, which runs after the gate

GENERATED = REPO / "generated"


@pytest.mark.parametrize("host", ["pool-v3", "launch-auth"])
def test_the_python_client_is_generated_again(host: str, tmp_path: Path) -> None:
    """generate.python_client: openapi-python-client with our templates and its configuration
    (removed after), then our modules, the msgspec Structs and the page walks, every file as
    generated/ holds it."""
    python = generate.Host(host)
    _, spec = generate.typed_view(python, host_bundle(host), tmp_path)
    target = generate.python_client(python, tmp_path, generate.provenance(python), spec)
    assert target == tmp_path / "python" / python.project
    assert files_under(target) == files_under(GENERATED / "python" / python.project)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["python", "view"]  # the configuration is gone


@pytest.mark.parametrize("host", ["pool-v3", "launch-auth"])
def test_the_models_and_the_typescript_types_are_generated_again(host: str, tmp_path: Path) -> None:
    """generate.models (datamodel-code-generator, ruff, our header; none for a host without a
    schema) and generate.typescript (openapi-typescript, our header)."""
    python = generate.Host(host)
    _, spec = generate.typed_view(python, host_bundle(host), tmp_path)
    info = generate.provenance(python)
    out = tmp_path / "out"  # made by the stage, with models/ in it
    model = generate.models(python, out, info, spec)
    if generate.has_schemas(python):
        assert model == out / "models" / f"{python.module}.py"
        assert model.read_bytes() == (GENERATED / "models" / model.name).read_bytes()
        assert generate.models(python, out, info, spec) == model  # again, into the same folder
    else:
        assert model is None
        assert not out.exists()
        assert not (GENERATED / "models" / f"{python.module}.py").exists()
    types = generate.typescript(python, tmp_path, info, spec)
    assert types == tmp_path / "typescript" / f"{host}.d.ts"
    assert types.read_bytes() == (GENERATED / "typescript" / types.name).read_bytes()


def test_the_typescript_client_is_generated_again(tmp_path: Path) -> None:
    """generate.typescript_client: our sources, the types beside them and tsc's dist/."""
    python = generate.Host("pool-v3")
    types = GENERATED / "typescript" / "pool-v3.d.ts"
    target = generate.typescript_client(python, tmp_path, host_bundle("pool-v3"), generate.provenance(python), types)
    assert target == tmp_path / "typescript" / "pool-v3-client"
    assert files_under(target) == files_under(GENERATED / "typescript" / "pool-v3-client")


@pytest.mark.parametrize("host", ["pool-v3", "transaction-v1"])
def test_the_go_ruby_php_and_rust_clients_are_generated_again(host: str, tmp_path: Path) -> None:
    """openapi_generator.generate_languages: each language's view and batch configuration
    (`prepare`), one batch, the files no client needs dropped, our README, LICENSE and
    PROVENANCE.json."""
    python = generate.Host(host)
    bundle = host_bundle(host)
    clients = openapi_generator.generate_languages(host, oas.typed_view(bundle), tmp_path, generate.provenance(python),
                                                   generate.default_server(bundle).url)  # fmt: skip
    assert clients == {language: tmp_path / language / host for language in openapi_generator.LANGUAGES}
    for language, target in clients.items():
        assert files_under(target) == files_under(GENERATED / language / host), language


def test_prepare_writes_each_language_s_view_and_configuration(tmp_path: Path) -> None:
    """The configurations the batch reads: each names its view, its output folder, our
    templates, and what every template reads besides the view."""
    bundle = host_bundle("pool-v3")
    view = oas.typed_view(bundle)
    configs = openapi_generator.prepare("pool-v3", view, tmp_path / "work", "https://example.test")
    assert configs == {name: tmp_path / "work" / f"pool-v3.{name}.config.json" for name in openapi_generator.LANGUAGES}
    for name, path in configs.items():
        config = json.loads(path.read_text(encoding="utf-8"))
        assert config["generatorName"] == name
        assert config["inputSpec"] == str(tmp_path / "work" / f"pool-v3.{name}.json")
        assert config["outputDir"] == str(tmp_path / "work" / name / "pool-v3")
        assert config["templateDir"] == str(openapi_generator.TEMPLATES / name)
        assert config["globalProperties"] == {"apiTests": "false", "modelTests": "false", "apiDocs": "false",
                                              "modelDocs": "false"}  # fmt: skip
        shared = config["additionalProperties"]
        assert shared["x-default-base-url"] == "https://example.test"
        assert shared["x-null-checks"] == openapi_generator.null_checks(view)
        assert shared["x-error-codes"] == openapi_generator.error_codes(view)
        assert shared["x-keep-raw-json"] == openapi_generator.sent_back(view)
        assert shared["x-description-version"] == str(bundle["info"]["version"])
        written = json.loads((tmp_path / "work" / f"pool-v3.{name}.json").read_text(encoding="utf-8"))
        assert written["info"] == view["info"]
    assert view == oas.typed_view(bundle)  # the views are copies: the bundle is left as it was


def paged_module(tmp_path: Path) -> Path:
    """pool-v3's models and its listPoolsByCursor module, in a package folder of their own."""
    source, module = GENERATED / "python" / "pool-v3-client" / "pool_v3_client", tmp_path / "pool_v3_client"
    (module / "api" / "pools").mkdir(parents=True)
    for name in ("models.py", "api/pools/list_pools_by_cursor.py"):
        shutil.copyfile(source / name, module / name)
    return module


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ({"list": "/data/nothing"}, "x-pagination: /data/nothing: PoolCursorPage has no field 'nothing'"),
        ({"list": "/data"}, "x-pagination of listPoolsByCursor: /data is not a list (PoolCursorPage)"),
        ({"cursor": {"parameter": "after", "next": "/data/nextPageId"}},
         "x-pagination of listPoolsByCursor: no parameter after"),
        ({}, "list_pools_by_cursor.py: no typed decoder to read the pages with"),  # the decoder's line is gone
    ],
)  # fmt: skip
def test_a_page_walk_the_module_cannot_carry_is_refused(tmp_path: Path, edit: dict[str, Any], said: str) -> None:
    """generate.python_iterators names the operation and what its x-pagination asks for that the
    generated module does not have."""
    module = paged_module(tmp_path)
    bundle = copy.deepcopy(host_bundle("pool-v3"))
    for item in bundle["paths"].values():
        for op in item.values():
            if isinstance(op, dict) and op.get("operationId") != "listPoolsByCursor":
                op.pop("x-pagination", None)
            elif isinstance(op, dict):
                op["x-pagination"].update(edit)
    if not edit:
        path = module / "api" / "pools" / "list_pools_by_cursor.py"
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace("_DECODER = msgspec.json.Decoder(", "_DECODER = (", 1), encoding="utf-8")
    with pytest.raises(generate.GenerationError) as failed:
        generate.python_iterators(module, bundle)
    assert str(failed.value) == said


def stand_in_generator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exit_code: int, said: list[str]) -> Path:
    """An openapi-generator-cli that records its arguments and JAVA_OPTS, says `said` and exits."""
    record = tmp_path / "record.json"
    script = executable(tmp_path / "openapi-generator-cli", f"#!{sys.executable}\nimport json, os, sys\n"
        f"json.dump({{'argv': sys.argv[1:], 'java': os.environ.get('JAVA_OPTS')}}, open({str(record)!r}, 'w'))\n"
        f"print({chr(10).join(said)!r})\nsys.exit({exit_code})\n")  # fmt: skip
    monkeypatch.setattr(openapi_generator, "GENERATOR", script)
    return record


def test_a_batch_runs_every_configuration_in_one_jvm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = stand_in_generator(tmp_path, monkeypatch, 0, ["[main] INFO  starting", "[SUCCESS] Batch complete"])
    openapi_generator.run_batch([tmp_path / "a.json", tmp_path / "b.json"])
    assert json.loads(record.read_text(encoding="utf-8")) == {
        "argv": ["batch", "--fail-fast", str(tmp_path / "a.json"), str(tmp_path / "b.json")],
        "java": openapi_generator.JAVA_OPTS}  # fmt: skip


@pytest.mark.parametrize("exit_code", [1, 0])  # a failure, and an exit 0 without the batch's [SUCCESS]
@pytest.mark.parametrize("lines", [3, 45])  # what it said, or its last 40 lines
def test_a_failed_batch_says_what_went_wrong_without_the_log_noise(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, exit_code: int, lines: int
) -> None:
    noise = ["# a banner", "[main] INFO  reading", "[pool-1-thread-2] WARN  an unused model", "  "]
    said = [*noise, *(f"line {i}" for i in range(lines)), "[main] ERROR the spec is invalid", "[pool-3-thread-1] INFO"]
    stand_in_generator(tmp_path, monkeypatch, exit_code, said)
    with pytest.raises(openapi_generator.LanguageError) as failed:
        openapi_generator.run_batch([tmp_path / "a.json"])
    kept = [*(f"line {i}" for i in range(lines)), "[main] ERROR the spec is invalid"]
    assert str(failed.value) == "openapi-generator batch failed:\n" + "\n".join(kept[-40:])


def test_clean_drops_the_generator_s_files_that_no_client_needs(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "Pool.md").write_text("x", encoding="utf-8")
    for name in (".travis.yml", "git_push.sh", "client.go"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    openapi_generator.clean(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["client.go"]


# What ties the stages together, with stand-ins for the stages


def made(path: Path, text: str) -> Path:
    """A stage's output in a test: a file where the path has a suffix, else a folder holding one
    file, `made`."""
    if path.suffix:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    else:
        path.mkdir(parents=True)
        (path / "made").write_text(text, encoding="utf-8")
    return path


class Stages:
    """Stand-ins for generate.py's stages: each records its call and writes one file naming
    itself where the stage would write its output."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, *, model: bool = True, fail: str = "") -> None:
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.model, self.fail = model, fail
        for name in ("python_client", "models", "typescript", "check", "typescript_client"):
            monkeypatch.setattr(generate, name, self.stage(name))
        monkeypatch.setattr(openapi_generator, "generate_languages", self.stage("generate_languages"))

    def stage(self, name: str) -> Any:
        def run(*args: Any) -> Any:
            self.calls.append((name, args))
            if name == self.fail:
                raise generate.GenerationError(f"{name} failed")
            return getattr(self, name)(*args)

        return run

    def python_client(self, host: generate.Host, out: Path, info: dict[str, object], spec: Path) -> Path:
        return made(out / "python" / host.project, "python client")

    def models(self, host: generate.Host, out: Path, info: dict[str, object], spec: Path) -> Path | None:
        return made(out / "models" / f"{host.module}.py", "models") if self.model else None

    def typescript(self, host: generate.Host, out: Path, info: dict[str, object], spec: Path) -> Path:
        return made(out / "typescript" / f"{host.name}.d.ts", "types")

    def check(self, *args: Any) -> None:
        return None

    def typescript_client(self, host: generate.Host, out: Path, *args: Any) -> Path:
        return made(out / "typescript" / f"{host.name}-client", "typescript client")

    def generate_languages(self, host: str, view: dict[str, Any], work: Path, *args: Any) -> dict[str, Path]:
        return {name: made(work / name / host, name) for name in ("go", "rust")}

    def args(self, name: str) -> tuple[Any, ...]:
        return next(args for called, args in self.calls if called == name)


def test_generate_runs_each_stage_in_a_temporary_folder_then_moves_its_output_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stages = Stages(monkeypatch)
    host = generate.Host("pool-v3")
    root = tmp_path / "generated"
    made(root / "go" / "pool-v3", "an old client")
    (root / "go" / "pool-v3" / "gone.go").write_text("a file the new client does not have", encoding="utf-8")
    targets = generate.generate(host, root)
    assert targets == [root / "python" / "pool-v3-client", root / "typescript" / "pool-v3.d.ts",
                    root / "typescript" / "pool-v3-client", root / "go" / "pool-v3", root / "rust" / "pool-v3",
                    root / "models" / "pool_v3.py"]  # fmt: skip
    assert files_under(root) == {
        "python/pool-v3-client/made": b"python client", "typescript/pool-v3.d.ts": b"types",
        "typescript/pool-v3-client/made": b"typescript client", "go/pool-v3/made": b"go",
        "rust/pool-v3/made": b"rust", "models/pool_v3.py": b"models"}  # fmt: skip
    assert sorted(p.name for p in root.iterdir()) == ["go", "models", "python", "rust", "typescript"]
    assert [name for name, _ in stages.calls] == ["python_client", "models", "typescript", "check",
                                                  "typescript_client", "generate_languages"]  # fmt: skip
    bundle = host_bundle("pool-v3")
    info = generate.provenance(host)
    spec = stages.args("python_client")[3]
    tmp = spec.parent.parent  # the temporary folder, under root: tmp/view/pool-v3.yaml
    assert stages.args("python_client")[:3] == (host, tmp, info)
    assert tmp.parent == root
    assert tmp.name.startswith(".tmp-gen-pool-v3-")
    assert spec.name == "pool-v3.yaml"
    assert stages.args("models")[1:] == stages.args("typescript")[1:] == (tmp, info, spec)
    assert stages.args("check") == (host, tmp / "python" / "pool-v3-client", tmp / "models" / "pool_v3.py",
                                    tmp / "typescript" / "pool-v3.d.ts", REPO / "build" / "mypy-generated")  # fmt: skip
    assert stages.args("typescript_client") == (host, tmp, bundle, info, tmp / "typescript" / "pool-v3.d.ts")
    assert stages.args("generate_languages") == ("pool-v3", oas.typed_view(bundle), tmp / "openapi-generator", info,
                                                 generate.default_server(bundle).url)  # fmt: skip


def test_generate_without_checks_or_models(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stages = Stages(monkeypatch, model=False)
    root = tmp_path / "not" / "yet"  # made, with its parents
    targets = generate.generate(generate.Host("launch-auth"), root, checks=False)
    assert "check" not in [name for name, _ in stages.calls]
    assert [p.relative_to(root).as_posix() for p in targets] == [
        "python/launch-auth-client", "typescript/launch-auth.d.ts", "typescript/launch-auth-client",
        "go/launch-auth", "rust/launch-auth"]  # fmt: skip
    assert not (root / "models").exists()


def test_a_failed_stage_leaves_the_output_folder_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Stages(monkeypatch, fail="typescript_client")
    made(tmp_path / "go" / "pool-v3", "the old client")
    with pytest.raises(generate.GenerationError, match=r"^typescript_client failed$"):
        generate.generate(generate.Host("pool-v3"), tmp_path)
    assert files_under(tmp_path) == {"go/pool-v3/made": b"the old client"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["go"]


def test_generate_needs_the_bundle(tmp_path: Path) -> None:
    missing = tmp_path / "none.yaml"
    with pytest.raises(generate.GenerationError) as failed:
        generate.generate(generate.Host("pool-v3", missing), tmp_path / "out")
    assert str(failed.value) == f"{missing}: no bundle; run make bundle first"
    assert not (tmp_path / "out").exists()


def test_the_view_file_is_named_as_the_bundle(tmp_path: Path) -> None:
    bundle = host_bundle("perps-v1")
    view, spec = generate.typed_view(generate.Host("perps-v1"), bundle, tmp_path)
    assert view == oas.typed_view(bundle)
    assert spec == tmp_path / "view" / "perps-v1.yaml"
    assert spec.read_text(encoding="utf-8") == json.dumps(view, indent=1)


@pytest.mark.parametrize("name", ["target.txt", "target"])  # a file, a folder
def test_replace_puts_the_new_output_where_the_old_was(tmp_path: Path, name: str) -> None:
    new, target = tmp_path / f"new{Path(name).suffix}", tmp_path / "out" / "deep" / name  # out/deep/ is made
    inside = f"out/deep/{name}" + ("" if target.suffix else "/made")
    made(new, "new")
    generate.replace(new, target)  # no old target, and its folder made
    assert files_under(tmp_path) == {inside: b"new"}
    made(new, "newer")
    made(target.with_name(f".tmp-old-{name}"), "left by a run that stopped")
    generate.replace(new, target)
    assert files_under(tmp_path) == {inside: b"newer"}


class Tools:
    """A stand-in for generate.run_tool: records each command (as text), its step, folder and
    environment, and writes what the tool would have written (datamodel-codegen's --output,
    openapi-typescript's target, tsc's dist/)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.ran: list[tuple[list[str], str, Path, dict[str, str] | None]] = []
        monkeypatch.setattr(generate, "run_tool", self.run_tool)

    def run_tool(self, command: list[str | Path], step: str, cwd: Path = REPO,
                 env: dict[str, str] | None = None) -> None:  # fmt: skip
        parts = [str(c) for c in command]
        self.ran.append((parts, step, cwd, env))
        if "--output" in parts:
            Path(parts[parts.index("--output") + 1]).write_text("", encoding="utf-8")
        elif parts[0] == "node":
            Path(parts[3]).write_text("", encoding="utf-8")
        elif parts[1] == "-p":
            (Path(parts[2]).parent / "dist").mkdir()

    def steps(self) -> list[tuple[str, str]]:
        """(tool, step) of each command since the last look."""
        found = [(Path(parts[0]).name, step) for parts, step, _, _ in self.ran]
        self.ran.clear()
        return found


def test_check_types_the_package_and_the_models_strictly_then_the_types(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = Tools(monkeypatch)
    host, cache = generate.Host("pool-v3"), tmp_path / "cache"
    (tmp_path / "typescript").mkdir()
    types = tmp_path / "typescript" / "pool-v3.d.ts"
    python = str(generate.VENV_BIN / "python")
    generate.check(host, tmp_path / "client", tmp_path / "pool_v3.py", types, cache)
    tsconfig = tmp_path / "tsconfig.pool-v3.d.json"  # named by the stem of pool-v3.d.ts
    assert tools.ran == [
        ([python, "-m", "mypy", "--strict", "--cache-dir", str(cache), "--no-error-summary", "pool_v3_client"],
         "mypy --strict on the pool-v3-client package", tmp_path / "client",
         {"MYPYPATH": str(runtimes.SOURCES / "python")}),
        ([python, "-m", "mypy", "--strict", "--cache-dir", str(cache), str(tmp_path / "pool_v3.py")],
         "mypy --strict on the models", REPO, None),
        ([str(generate.NODE_BIN / "tsc"), "--project", str(tsconfig)], "tsc --noEmit --strict", REPO, None),
    ]  # fmt: skip
    assert json.loads(tsconfig.read_text(encoding="utf-8")) == {
        "compilerOptions": {"strict": True, "noEmit": True, "skipLibCheck": False, "types": [], "lib": ["es2022"],
                            "target": "es2022"},
        "files": [str(types.resolve())]}  # fmt: skip
    tools.ran.clear()
    generate.check(host, tmp_path / "client", None, types, cache)
    assert [step for _, step in tools.steps()] == ["mypy --strict on the pool-v3-client package",
                                                   "tsc --noEmit --strict"]  # fmt: skip


def test_a_tool_runs_with_this_environment_s_tools_first_and_a_failure_names_its_step(tmp_path: Path) -> None:
    said = tmp_path / "said.json"
    show = (f"import json, os; json.dump([os.getcwd(), os.environ['PATH'], os.environ['EXTRA']], "
            f"open({str(said)!r}, 'w'))")
    generate.run_tool([sys.executable, "-c", show], "a step", cwd=tmp_path, env={"EXTRA": "given"})
    cwd, path, extra = json.loads(said.read_text(encoding="utf-8"))
    assert (cwd, extra) == (str(tmp_path), "given")
    assert path.split(os.pathsep)[:2] == [str(generate.VENV_BIN), str(generate.NODE_BIN)]
    assert path.endswith(os.pathsep + os.environ["PATH"])
    with pytest.raises(generate.GenerationError) as failed:
        generate.run_tool([sys.executable, "-c", "import sys; print('no good'); sys.exit(3)"], "a step")
    assert str(failed.value) == "a step failed (exit 3):\nno good"


def test_the_python_client_s_configuration_names_the_package(tmp_path: Path) -> None:
    config = generate.client_config(generate.Host("transaction-v1"), tmp_path)
    assert config == tmp_path / "transaction-v1-openapi-python-client.json"
    assert json.loads(config.read_text(encoding="utf-8")) == {
        "project_name_override": "transaction-v1-client", "package_name_override": "transaction_v1_client",
        "post_hooks": generate.CLIENT_POST_HOOKS}  # fmt: skip


# The command


class Generated:
    """A stand-in for generate.generate: records its call, writes one file, or fails."""

    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.calls: list[tuple[generate.Host, Path, bool]] = []
        self.hooks: list[Any] = []

    def __call__(self, host: generate.Host, root: Path, *, checks: bool) -> list[Path]:
        self.calls.append((host, root, checks))
        if self.fail:
            raise generate.GenerationError("a stage failed")
        for hook in self.hooks:  # what the audit hook hears of a process the run starts
            hook("subprocess.Popen", (b"/bin/tool", ["/bin/tool", Path("/a/b"), b"c", 3], None, None))
            hook("open", ("/a/b", "r", 0))
        root.mkdir(parents=True, exist_ok=True)
        (root / "out.txt").write_text("made", encoding="utf-8")
        (root / "more.txt").write_text("made too", encoding="utf-8")
        return [root / "out.txt", root / "more.txt"]


def test_the_command_generates_a_host_and_says_what_it_wrote(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run = Generated()
    monkeypatch.setattr(generate, "generate", run)
    monkeypatch.setattr(generate, "GENERATED", tmp_path / "generated")  # the default root, here
    monkeypatch.setattr(sys, "addaudithook", lambda hook: pytest.fail("an audit hook without --manifest"))
    assert generate.main(["pool-v3"]) == 0
    assert run.calls == [(generate.Host("pool-v3", None), tmp_path / "generated", True)]
    wrote = f"{tmp_path / 'generated' / 'out.txt'}, {tmp_path / 'generated' / 'more.txt'}"
    assert capsys.readouterr() == (f"generate pool-v3: wrote {wrote}\n", "")
    monkeypatch.chdir(tmp_path)
    assert generate.main(["perps-v1", "--out", "here", "--no-checks", "--bundle", "b.yaml"]) == 0
    assert run.calls[-1] == (generate.Host("perps-v1", tmp_path / "b.yaml"), tmp_path / "here", False)
    assert not list(tmp_path.glob("*.json"))


def test_the_command_records_its_output_and_the_processes_it_started(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    run = Generated()
    monkeypatch.setattr(generate, "generate", run)
    monkeypatch.setattr(sys, "addaudithook", run.hooks.append)
    manifest = tmp_path / "pool-v3.generated"
    assert generate.main(["pool-v3", "--out", str(tmp_path / "out"), "--manifest", str(manifest)]) == 0
    written = [tmp_path / "out" / "out.txt", tmp_path / "out" / "more.txt"]
    assert json.loads(manifest.read_text(encoding="utf-8")) == stamps.manifest(tmp_path / "out", written)
    assert generate.tools_record(manifest) == tmp_path / "pool-v3.tools.json"
    record = json.loads((tmp_path / "pool-v3.tools.json").read_text(encoding="utf-8"))
    assert record == {"stamp": "pool-v3.generated", "stamp_sha256": hashlib.sha256(manifest.read_bytes()).hexdigest(),
                      "commands": [["/bin/tool", "/a/b", "c", "3"]]}  # fmt: skip


def test_a_failed_generation_says_so_and_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(generate, "generate", Generated(fail=True))
    hooks: list[Any] = []
    monkeypatch.setattr(sys, "addaudithook", hooks.append)  # an audit hook stays for the process: none here
    assert generate.main(["pool-v3", "--manifest", str(tmp_path / "m.generated"), "--out", str(tmp_path)]) == 1
    assert len(hooks) == 1
    assert capsys.readouterr() == ("", "generate pool-v3: a stage failed\n"
                                       "generate pool-v3: generated/ was left unchanged\n")
    assert list(tmp_path.iterdir()) == []


def test_the_command_s_help_says_what_it_does(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        generate.main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    usage = "[-h] [--out OUT] [--no-checks] [--bundle BUNDLE] [--manifest MANIFEST] host"
    assert f"usage: {Path(sys.argv[0]).name} {usage}" in shown
    assert generate.__doc__.splitlines()[0] in shown
    assert "--out OUT root to write into (default: generated/)" in shown
    assert "--no-checks skip mypy --strict and tsc (drift tests)" in shown
    assert "--bundle BUNDLE bundle to generate from (default: generated/openapi/HOST.yaml)" in shown
    assert "--manifest MANIFEST write the sha256 of every file written here (JSON)" in shown


def test_the_audit_hook_keeps_each_started_command_as_text() -> None:
    started: list[list[str]] = []
    generate.record_command(started, "subprocess.Popen", (b"x", "ls -l", None, None))
    generate.record_command(started, "subprocess.Popen", (b"x", Path("/bin/ls"), None, None))
    generate.record_command(started, "os.system", (b"ls",))
    assert started == [["ls -l"], ["/bin/ls"]]


def test_each_tool_a_stage_runs_is_named_in_its_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The step each stage gives run_tool, which a failure's message starts with."""
    tools = Tools(monkeypatch)
    host, spec = generate.Host("pool-v3"), tmp_path / "view.json"
    info = generate.provenance(host)
    ruff = [("ruff", "ruff check (models)"), ("ruff", "ruff format (models)")]
    generate.models(host, tmp_path, info, spec)
    assert tools.steps() == [("datamodel-codegen", "datamodel-code-generator"), *ruff]
    (tmp_path / "package" / "models").mkdir(parents=True)
    generate.struct_models(host, tmp_path / "package", info, spec)
    assert tools.steps() == [("datamodel-codegen", "datamodel-code-generator (msgspec)"), *ruff]
    types = generate.typescript(host, tmp_path, info, spec)
    generate.typescript_client(host, tmp_path, host_bundle("pool-v3"), info, types)
    assert tools.steps() == [("node", "openapi-typescript"), ("tsc", "tsc --strict on the pool-v3 TypeScript client")]
