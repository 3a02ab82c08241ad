"""Run the published bundles through third-party tools with their default settings and write
the "Works with" page from what happened (issue 27; decision 54).

Each tool runs on every bundle as its own README shows, with none of our configuration. A
parser or validator passes when it accepts the bundle. A TypeScript generator passes when
its output compiles with `tsc --strict`; for the pool data and swap transaction services a
small usage file per tool (tests/compat/usage/) must compile against that output too: it lists
pools, reads a quote, branches on `success` and sends the quote back unchanged. A Python
generator passes when its package imports, and its usage file must pass mypy (default
settings) with the generated packages read as installed ones (`--follow-imports=silent`: a
user's mypy does not report errors inside an installed package). openapi-generator's two
generators each take the four bundles in one `batch` run (one JVM, the same settings and output
as `generate` per bundle); where the batch fails, each bundle is generated alone (decision 110).

The Node tools are pinned in tests/compat/package-lock.json, openapi-python-generator in
tests/compat/requirements.txt (its pins clash with ours, so it has a venv of its own), and
openapi-generator and openapi-python-client come from requirements.txt; `make test-setup`
installs the suite's own.
`make compat` writes docs/clients/works-with.md; tests/compat/test_compat.py runs the same
suite and fails when the committed page differs from it. The test keeps the suite's results in
build/compat/, under the sha256 of everything they depend on (`inputs`): a run whose inputs are
all unchanged reads them back instead of running the tools again (decision 86).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from ..common.paths import REPO

COMPAT = REPO / "tests" / "compat"
BUNDLES = REPO / "generated" / "openapi"
PAGE = REPO / "docs" / "clients" / "works-with.md"
HOSTS = ("pool-v3", "transaction-v1", "perps-v1", "launch-auth")
TIMEOUT = 300  # seconds for one tool run; a tool that hangs fails rather than the suite
VENV_BIN = REPO / ".venv" / "bin"
COMPAT_BIN = COMPAT / ".venv" / "bin"  # tests/compat/requirements.txt
# JAVA_OPTS: openapi-generator's JVM with its first-tier compiler only, as the build runs it
# (scripts/clients/openapi_generator.py): the same output for about 60% of the CPU time (decision 46)
ENV = {**os.environ, "NO_COLOR": "1", "FORCE_COLOR": "0", "NO_UPDATE_NOTIFIER": "1", "CI": "true",
       "JAVA_OPTS": "-XX:TieredStopAtLevel=1"}  # fmt: skip


@dataclass(frozen=True)
class Outcome:
    ok: bool
    detail: str  # the first error, in one line ("" when it works)


@dataclass(frozen=True)
class Tool:
    name: str  # as on the page
    package: str  # the npm or PyPI package that pins it
    kind: str  # "parser" or "generator"
    command: Callable[[Path, Path], list[str]]  # (bundle, output folder) -> command line
    usage: bool = False  # a usage file in tests/compat/usage/<slug>.ts (.py) compiles against the output
    python: bool = False  # the output is a Python package that must import (else TypeScript for tsc)
    venv: Path = VENV_BIN  # where a Python tool and its output's dependencies are installed
    dropped: tuple[str, ...] = ()  # patterns of the tool's own report that it left part of the bundle out
    why: str = ""  # for a tool that fails by design of its own: why, and what to use (on the page)
    # openapi-generator's own batch configuration of the same run, (bundle, output folder) -> config:
    # every host's run in one JVM (`batch`), each host run alone by `command` where the batch fails
    batch: Callable[[Path, Path], dict[str, object]] | None = None

    @property
    def slug(self) -> str:
        return re.sub(r"[^a-z0-9]+", "-", self.name.lower()).strip("-")


def _bin(name: str) -> str:
    return str(COMPAT / "node_modules" / ".bin" / name)


def _node_check(script: str) -> Callable[[Path, Path], list[str]]:
    return lambda bundle, out: ["node", "--input-type=module", "-e", script, str(bundle)]


SWAGGER_PARSER = """
import SwaggerParser from '@apidevtools/swagger-parser';
await SwaggerParser.validate(process.argv[1]);
"""
README_PARSER = """
import { validate } from '@readme/openapi-parser';
const result = await validate(process.argv[1]);
if (!result.valid) { console.error(JSON.stringify(result.errors)); process.exit(1); }
"""
OPENAPI_GENERATOR = str(VENV_BIN / "openapi-generator-cli")


def _openapi_generator(generator: str, options: Callable[[Path], dict[str, str]], usage: bool = False,
                       python: bool = False, why: str = "") -> Tool:  # fmt: skip
    """The Tool of one of openapi-generator's generators: its `command` is `generate` as its
    README shows, its `batch` the same generator, bundle, folder and options as a batch configuration."""

    def command(bundle: Path, out: Path) -> list[str]:
        pairs = ",".join(f"{name}={value}" for name, value in options(bundle).items())
        return [OPENAPI_GENERATOR, "generate", "-g", generator, "-i", str(bundle), "-o", str(out),
                *(["--additional-properties", pairs] if pairs else [])]  # fmt: skip

    def batch(bundle: Path, out: Path) -> dict[str, object]:
        extra = options(bundle)
        return {"generatorName": generator, "inputSpec": str(bundle), "outputDir": str(out),
                **({"additionalProperties": extra} if extra else {})}  # fmt: skip

    return Tool(f"openapi-generator {generator}", "openapi-generator-cli", "generator", command, usage=usage,
                python=python, why=why, batch=batch)  # fmt: skip


OPENAPI_GENERATOR_PYTHON = (
    "its models check a boolean `enum` or `const` against the string `'true'` (`if value not in set(['true'])`), "
    "so every success of the swap transaction service fails to decode (with a plain boolean it sends the quotes "
    "back exactly). That `success: {enum: [true], const: true}` is what lets the seven TypeScript generators above "
    "narrow the quote's `oneOf` 200 to the success: without it all seven fail their usage file, and typescript-fetch "
    "shares this generator's parser, so no shape gives one the literal and the other a plain boolean. For the swap, "
    "use openapi-python-client: it decodes the quotes and sends them back unchanged (decision 57)."
)
OPENAPI_PYTHON_GENERATOR = (
    "its models read only a schema's own `properties`, so each `allOf` envelope model is empty; it "
    "drops every `$ref` parameter (an open upstream pull request, MarcoMuellner/openapi-python-generator#131, "
    "adds them); and it returns a `oneOf` response as `Union[A, B](**body)`, which raises `TypeError` at run "
    "time. The quote's 200 stays a `oneOf` because the service sends failures with HTTP 200, so no faithful "
    "description works with it: use openapi-python-client (decision 57)."
)

TOOLS: tuple[Tool, ...] = (
    Tool("@apidevtools/swagger-parser", "@apidevtools/swagger-parser", "parser", _node_check(SWAGGER_PARSER)),
    Tool("@readme/openapi-parser", "@readme/openapi-parser", "parser", _node_check(README_PARSER)),
    Tool("@hey-api/openapi-ts", "@hey-api/openapi-ts", "generator",
         lambda b, o: [_bin("openapi-ts"), "-i", str(b), "-o", str(o)], usage=True),
    Tool("orval", "orval", "generator",
         lambda b, o: [_bin("orval"), "--input", str(b), "--output", str(o / "api.ts")], usage=True),
    Tool("oazapfts", "oazapfts", "generator", lambda b, o: [_bin("oazapfts"), str(b), str(o / "api.ts")],
         usage=True),
    Tool("openapi-zod-client", "openapi-zod-client", "generator",
         lambda b, o: [_bin("openapi-zod-client"), str(b), "-o", str(o / "api.ts")], usage=True),
    Tool("typed-openapi", "typed-openapi", "generator",  # it joins its working folder to any -o path
         lambda b, o: [_bin("typed-openapi"), str(b), "-o", os.path.relpath(o / "api.ts", COMPAT)],
         usage=True),
    Tool("swagger-typescript-api", "swagger-typescript-api", "generator",
         lambda b, o: [_bin("swagger-typescript-api"), "generate", "-p", str(b), "-o", str(o), "-n", "api.ts"],
         usage=True),
    _openapi_generator("typescript-fetch", lambda b: {}, usage=True),
    # the package name per host (a documented option): every host is `openapi_client` otherwise,
    # and one program could not import two of them
    _openapi_generator("python", lambda b: {"packageName": b.stem.replace("-", "_")}, usage=True, python=True,
                       why=OPENAPI_GENERATOR_PYTHON),
    Tool("openapi-python-client", "openapi-python-client", "generator",
         lambda b, o: [str(VENV_BIN / "openapi-python-client"), "generate", "--path", str(b),
                       "--output-path", str(o / "client")],
         usage=True, python=True, dropped=("Unable to process schema", "will be omitted from generated client")),
    Tool("openapi-python-generator", "openapi-python-generator", "generator",  # the output folder is the package
         lambda b, o: [str(COMPAT_BIN / "openapi-python-generator"), str(b), str(o / b.stem.replace("-", "_"))],
         usage=True, python=True, venv=COMPAT_BIN, why=OPENAPI_PYTHON_GENERATOR),
)  # fmt: skip


def execute(command: Sequence[str], cwd: Path, env: Mapping[str, str] | None = None,
            given: str | None = None) -> subprocess.CompletedProcess[str] | None:  # fmt: skip
    """Run a command of the suite (a tool, or a check of what it made) as the leader of a process
    group of its own (a new session), in ``env`` (ENV when None), its output captured and
    ``given`` on its input (nothing when None); None when it took more than TIMEOUT seconds,
    after killing the whole group, as on an interrupt: a launcher's child (openapi-generator's JVM
    under its Python wrapper) would otherwise go on writing into a folder the suite reuses."""
    stdin = subprocess.DEVNULL if given is None else subprocess.PIPE
    with subprocess.Popen(list(command), cwd=cwd, env=dict(ENV if env is None else env), stdin=stdin,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          start_new_session=True) as proc:  # fmt: skip
        try:
            stdout, stderr = proc.communicate(given, timeout=TIMEOUT)
        except BaseException as error:  # the time ran out, or the suite is interrupted
            with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone already
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()  # not communicate(): a descendant in a group of its own may hold the pipes
            if isinstance(error, subprocess.TimeoutExpired):
                return None
            raise
    return subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)


def try_tool(command: Sequence[str], cwd: Path, dropped: tuple[str, ...] = ()) -> Outcome:
    """Run a tool; it fails on a non-zero exit, or when its output matches ``dropped`` (it says it
    left part of the bundle out, as openapi-python-client does for a schema it cannot read)."""
    proc = execute(command, cwd)
    if proc is None:
        return Outcome(False, no_answer())
    lines = [line.strip() for line in (proc.stdout + "\n" + proc.stderr).splitlines() if line.strip()]
    left_out = [i for pattern in dropped for i, line in enumerate(lines) if pattern in line]
    if proc.returncode == 0 and left_out:
        said = " ".join(lines[left_out[0]:left_out[0] + 2])  # the report and the line of its reason
        return Outcome(False, f"{len(left_out)} parts left out, first: {first_error(said)}")
    if proc.returncode == 0:
        return Outcome(True, "")
    return Outcome(False, first_error(proc.stdout + "\n" + proc.stderr) or f"exit {proc.returncode}")


def no_answer(what: str = "") -> str:
    """What a cell says of a command that gave no answer in time (``what`` names the step)."""
    return f"{what}{': ' if what else ''}no answer in {TIMEOUT} s"


def first_error(text: str) -> str:
    """The first line that reads as an error, without paths of this machine."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    pick = next((line for line in lines if re.search(r"error|exception|must|invalid", line, re.I)),
                lines[0] if lines else "")  # fmt: skip
    for root in (str(BUNDLES) + "/", str(REPO) + "/", tempfile.gettempdir() + "/"):
        pick = pick.replace(root, "")
    pick = re.sub(r"compat-\w+/", "", pick)  # the suite's own temporary folder
    return re.sub(r"\s+", " ", pick)[:160]


def version(tool: Tool) -> str:
    """The installed version: the pin of tests/compat/requirements.txt, the main venv's (as
    generate.provenance reads it) or tests/compat's node_modules."""
    if tool.venv == COMPAT_BIN:
        pins = (COMPAT / "requirements.txt").read_text(encoding="utf-8")
        return str(re.findall(rf"^{re.escape(tool.package)}==(\S+)$", pins, re.M)[0])
    if tool.python or tool.package == "openapi-generator-cli":
        return metadata.version(tool.package)
    meta = COMPAT / "node_modules" / tool.package / "package.json"
    return str(json.loads(meta.read_text(encoding="utf-8"))["version"])


TSCONFIG = {
    "compilerOptions": {
        "strict": True, "noEmit": True, "target": "ES2022", "module": "ESNext", "moduleResolution": "Bundler",
        "skipLibCheck": True, "lib": ["ES2022", "DOM", "DOM.Iterable"], "types": [],
    },
}  # fmt: skip


def tsc(folder: Path, files: list[Path]) -> dict[str, list[str]]:
    """Compile ``files`` strictly; the errors keyed by the first folder under ``folder``."""
    (folder / "tsconfig.json").write_text(json.dumps({**TSCONFIG, "files": [str(f) for f in files]}),
                                          encoding="utf-8")  # fmt: skip
    link = folder / "node_modules"
    if not link.exists():
        link.symlink_to(COMPAT / "node_modules", target_is_directory=True)
    proc = execute([_bin("tsc"), "-p", str(folder / "tsconfig.json")], folder)
    if proc is None:
        return {"?": [no_answer("tsc")]}
    errors: dict[str, list[str]] = {}
    for line in proc.stdout.splitlines():
        found = re.match(r"^(\S+?)\(\d+,\d+\): error (TS\d+: .*)$", line)
        if found:
            where = Path(found.group(1))
            key = where.parts[0] if len(where.parts) > 1 else where.stem
            errors.setdefault(key, []).append(f"{where.as_posix()}: {found.group(2)}")
    if proc.returncode and not errors:
        errors["?"] = [first_error(proc.stdout + proc.stderr)]
    return errors


def typescript_files(out: Path) -> list[Path]:
    return sorted(p.relative_to(out.parent) for p in out.rglob("*.ts") if "node_modules" not in p.parts)


def check_generator(tool: Tool, work: Path) -> dict[str, Outcome]:
    folder = work / tool.slug
    folder.mkdir(parents=True)
    results: dict[str, Outcome] = {}
    compiled: list[Path] = []
    # a batch reports at most errors, never the warnings a tool's `dropped` patterns look for
    batched = tool.batch is not None and not tool.dropped and run_batch(tool, folder)
    for host in HOSTS:
        out = folder / host
        if batched:
            generated = Outcome(True, "")
        else:
            shutil.rmtree(out, ignore_errors=True)  # what a failed batch left
            out.mkdir()
            generated = try_tool(tool.command(BUNDLES / f"{host}.yaml", out), COMPAT, tool.dropped)
        if not generated.ok:
            results[host] = Outcome(False, f"generation fails: {generated.detail}")
        elif tool.python:
            results[host] = import_python(tool, out)
        else:
            compiled += typescript_files(out)
    if tool.python and tool.usage:
        results["usage"] = python_usage(tool, folder)
    elif tool.usage:
        usage = COMPAT / "usage" / f"{tool.slug}.ts"
        shutil.copyfile(usage, folder / "usage.ts")
        compiled.append(Path("usage.ts"))
    if compiled:
        errors = tsc(folder, compiled)
        for host in HOSTS:
            if host not in results:
                results[host] = compiled_outcome(errors, host)
        if tool.usage:
            results["usage"] = compiled_outcome(errors, "usage")
    return results


def compiled_outcome(errors: dict[str, list[str]], key: str) -> Outcome:
    """A cell from tsc's errors (``tsc``): its own, else those tsc gave without a place ("?"), or
    that tsc gave no answer."""
    found = errors.get(key) or errors.get("?")
    if not found:
        return Outcome(True, "")
    if found == [no_answer("tsc")]:
        return Outcome(False, found[0])
    return Outcome(False, f"{len(found)} tsc errors, first: {found[0]}")


def run_batch(tool: Tool, folder: Path) -> bool:
    """Whether openapi-generator's `batch` generated every host into folder/<host> (one JVM where
    `generate` per host starts four; the same output). False where anything failed: each host
    is then generated alone, so that its outcome and first error are its own `generate`'s."""
    assert tool.batch is not None
    configs = [folder / f"{host}.batch.json" for host in HOSTS]  # a .json configuration is read as JSON
    try:
        for host, config in zip(HOSTS, configs, strict=True):
            config.write_text(json.dumps(tool.batch(BUNDLES / f"{host}.yaml", folder / host)), encoding="utf-8")
        proc = execute([OPENAPI_GENERATOR, "batch", *map(str, configs)], COMPAT)
    finally:
        for config in configs:
            config.unlink(missing_ok=True)
    return proc is not None and batch_succeeded(proc, len(configs))


def batch_succeeded(proc: subprocess.CompletedProcess[str], generators: int) -> bool:
    """Whether a batch generated every configuration: it exited 0 and says it finished them all
    (it exits 0 with fewer where its own wait ran out)."""
    said = f"[SUCCESS] Batch generation finished {generators} generators successfully."
    return proc.returncode == 0 and said in proc.stdout + proc.stderr


def python_package(out: Path) -> Path | None:
    """The generated package: the first folder with an `__init__.py` in ``out`` or one level down."""
    found = sorted([*out.glob("*/__init__.py"), *out.glob("*/*/__init__.py")], key=lambda p: len(p.parts))
    return next((p.parent for p in found if p.parent.name not in ("test", "tests")), None)


def import_python(tool: Tool, out: Path) -> Outcome:
    """A Python generator's package imports, with its models, where the tool is installed."""
    package = python_package(out)
    if package is None:
        return Outcome(False, "no package generated")
    script = f"import {package.name}, {package.name}.models"
    env = {**ENV, "PYTHONPATH": str(package.parent)}
    proc = execute([str(tool.venv / "python"), "-c", script], package.parent, env)
    if proc is None:
        return Outcome(False, no_answer("the import"))
    return Outcome(proc.returncode == 0, "" if proc.returncode == 0 else first_error(proc.stderr))


def python_roots(folder: Path) -> list[str]:
    """The folders that hold each host's generated package (for MYPYPATH and PYTHONPATH)."""
    return [str(p.parent) for p in map(python_package, (folder / h for h in HOSTS)) if p is not None]


def mypy_usage(tool: Tool, folder: Path, usage: Path | None = None) -> Outcome:
    """The tool's usage file (tests/compat/usage/<slug>.py unless given) passes mypy (default
    settings) against every host's package in ``folder``, read as installed packages are: errors
    inside the generated code are not the usage file's."""
    shutil.copyfile(usage or COMPAT / "usage" / f"{tool.slug}.py", folder / "usage.py")
    command = [str(VENV_BIN / "mypy"), "--python-executable", str(tool.venv / "python"), "--follow-imports=silent",
               "--cache-dir", str(folder / ".mypy_cache"), "usage.py"]  # fmt: skip
    env = {**ENV, "MYPYPATH": os.pathsep.join(python_roots(folder))}
    proc = execute(command, folder, env)
    if proc is None:
        return Outcome(False, no_answer("mypy"))
    errors = [line for line in proc.stdout.splitlines() if re.match(r"^usage\.py:\d+: error:", line)]
    if proc.returncode == 0:
        return Outcome(True, "")
    return Outcome(False, f"{len(errors)} mypy errors, first: {errors[0]}" if errors else first_error(proc.stdout))


ROUNDTRIP = """
import json, sys
import usage
for name, body in json.load(sys.stdin).items():
    try:
        back = usage.roundtrip(body)
    except Exception as error:
        print(f"{name}: {type(error).__name__}: {' / '.join(str(error).strip().splitlines()[:3])}")
        sys.exit(1)
    if json.dumps(json.loads(back), sort_keys=True) != json.dumps(json.loads(body), sort_keys=True):
        print(f"{name}: the quote sent back differs from the one received: {back[:300]}")
        sys.exit(1)
"""


def recorded_quotes() -> dict[str, str]:
    """Each named quote example of the swap transaction bundle, with unknown keys added at three
    depths: the service rejects a quote that comes back changed (REQ_SWAP_RESPONSE_ERROR), so a
    client must keep what its schema does not name."""
    bundle = json.loads((BUNDLES / "transaction-v1.json").read_text(encoding="utf-8"))  # the YAML bundle, as JSON
    quotes: dict[str, str] = {}
    for name, example in bundle["components"]["examples"].items():
        value = example.get("value")
        if not (isinstance(value, dict) and value.get("success") is True and "swapType" in value.get("data", {})):
            continue
        value["futureEnvelopeField"] = {"nested": [1, 2.5]}
        value["data"]["futureQuoteField"] = "kept"
        value["data"]["routePlan"][0]["futureStepField"] = 7
        quotes[name] = json.dumps(value)
    return quotes


def python_usage(tool: Tool, folder: Path, usage: Path | None = None) -> Outcome:
    """The usage file type-checks, and its `roundtrip` sends every recorded quote back as received."""
    typed = mypy_usage(tool, folder, usage)
    quotes = recorded_quotes()
    env = {**ENV, "PYTHONPATH": os.pathsep.join([str(folder), *python_roots(folder)])}
    proc = execute([str(tool.venv / "python"), "-c", ROUNDTRIP], folder, env, json.dumps(quotes))
    if proc is None:
        sent = Outcome(False, f"round trip of recorded quotes: {no_answer()}")
    else:
        said = first_error(proc.stdout + proc.stderr)
        sent = Outcome(proc.returncode == 0, "" if proc.returncode == 0 else f"round trip of recorded quotes: {said}")
    failed = [o.detail for o in (typed, sent) if not o.ok]
    return Outcome(not failed, "; ".join(failed))


def check_parser(tool: Tool) -> dict[str, Outcome]:
    return {host: try_tool(tool.command(BUNDLES / f"{host}.yaml", COMPAT), COMPAT) for host in HOSTS}


def suite(work: Path, only: Sequence[str] = ()) -> dict[str, dict[str, Outcome]]:
    """Every tool (or those named in ``only``) on every bundle: tool name -> host (or "usage") -> outcome."""
    results: dict[str, dict[str, Outcome]] = {}
    for tool in TOOLS:
        if only and tool.name not in only:
            continue
        results[tool.name] = check_parser(tool) if tool.kind == "parser" else check_generator(tool, work)
    return results


CACHE = REPO / "build" / "compat"
# What the tools are run with: each probed for its version (Java runs openapi-generator)
RUNTIMES = (["node", "--version"], ["java", "-version"], [str(VENV_BIN / "python"), "--version"],
            [str(COMPAT_BIN / "python"), "--version"])  # fmt: skip


def inputs() -> list[Path]:
    """Every file the suite's results depend on: this script, the bundles, the usage files and
    the locks that pin the tools (the main venv's, the suite's Node and Python ones)."""
    return [Path(__file__).resolve(), *sorted(BUNDLES.glob("*.*")), *sorted((COMPAT / "usage").iterdir()),
            COMPAT / "package-lock.json", COMPAT / "requirements.txt", REPO / "requirements.txt"]  # fmt: skip


def key(files: Sequence[Path], runtimes: Sequence[Sequence[str]] = RUNTIMES) -> str:
    """The sha256 of the files' names and bytes, and of what each runtime says its version is."""
    digest = hashlib.sha256()
    for file in files:
        data = file.read_bytes()
        digest.update(f"{file.name}\0{len(data)}\0".encode() + data)
    for command in runtimes:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=60, check=False)
        digest.update((" ".join(command) + proc.stdout + proc.stderr).encode())
    return digest.hexdigest()


def cached_suite(work: Path, cache: Path = CACHE) -> dict[str, dict[str, Outcome]]:
    """The suite's results: read back from ``cache`` where a run with the same inputs left them,
    else run (and kept there)."""
    kept = cache / f"{key(inputs())}.json"
    if kept.is_file():
        stored = json.loads(kept.read_text(encoding="utf-8"))
        return {tool: {host: Outcome(**o) for host, o in row.items()} for tool, row in stored.items()}
    results = suite(work)
    cache.mkdir(parents=True, exist_ok=True)
    for old in cache.glob("*.json"):
        old.unlink()
    rows = {tool: {host: {"ok": o.ok, "detail": o.detail} for host, o in row.items()} for tool, row in results.items()}
    kept.write_text(json.dumps(rows, indent=1), encoding="utf-8")  # in the suite's order: the page's
    return results


def cell(outcome: Outcome | None) -> str:
    if outcome is None:
        return "n/a"
    return "works" if outcome.ok else "**fails**"  # words, not emoji: the offline site has no emoji font to rely on


def page(results: dict[str, dict[str, Outcome]]) -> str:
    columns = [*HOSTS, "usage"]
    lines = [
        "# Works with",
        "",
        "<!-- Written by `make compat` (scripts/quality/compat.py) from the compatibility suite; do not edit.",
        "     tests/compat/test_compat.py fails when this page differs from a fresh run. -->",
        "",
        "The published bundles (`generated/openapi/HOST.yaml`) run through third-party tools with",
        "each tool's default settings and none of our configuration. A **parser** works when it",
        "accepts the bundle. A **generator** works when its output compiles with `tsc --strict`",
        "(a Python generator: when its package imports). **usage** is a small program per generator",
        "(`tests/compat/usage/`) that lists pools, asks for a quote of the u64 maximum as decimal",
        "digits (`amount: \"18446744073709551615\"`, exact where a number is not), branches on",
        "`success` and sends the quote back unchanged; it must compile against that generator's",
        "output (Python: pass `mypy` with the generated packages read as installed ones, and decode each",
        "recorded quote of the bundle, with unknown keys added at three depths, and send it back unchanged).",
        "",
        "Spectral with only `extends: spectral:oas` and Redocly with only `extends: [recommended]`",
        "report no error on any bundle (tests/spec/test_default_rulesets.py).",
        "",
        "| Tool | Version | " + " | ".join(f"`{c}`" for c in columns) + " |",
        "|---|---|" + "---|" * len(columns),
    ]
    tools = {t.name: t for t in TOOLS}
    for name, row in results.items():
        cells = [cell(row.get(c)) for c in columns]
        lines.append(f"| {name} | {version(tools[name])} | " + " | ".join(cells) + " |")
    failures = [(n, c, o.detail) for n, row in results.items() for c, o in row.items() if not o.ok]
    lines += ["", "## What fails, and why", ""]
    if not failures:
        lines.append("Nothing: every tool works on every bundle.")
    for name, column, detail in failures:
        lines.append(f"- **{name}** on `{column}`: {detail.replace('|', '/')}")
    for name in dict.fromkeys(n for n, _, _ in failures):
        if tools[name].why:
            lines.append(f"- **Why {name} fails**: {tools[name].why}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=PAGE, help="the page to write (default: %(default)s)")
    parser.add_argument("--only", action="append", default=[], help="run only this tool (repeatable)")
    args = parser.parse_args(argv)
    if not (COMPAT / "node_modules").is_dir():
        print(f"compat: {COMPAT / 'node_modules'} is missing; run make test-setup", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="compat-") as tmp:
        results = suite(Path(tmp), args.only)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(page(results), encoding="utf-8")
    bad = sum(not o.ok for row in results.values() for o in row.values())
    print(f"compat: {len(results)} tools, {bad} failing cells; wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
