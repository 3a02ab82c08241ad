"""The "Works with" page is what the compatibility suite finds today (issue 27).

scripts/quality/compat.py runs the published bundles through third-party parsers and generators with
their default settings, compiles each generator's output and a usage file with `tsc --strict`
(Python generators: the package imports, the usage file passes mypy), and writes
docs/clients/works-with.md. This test runs the same suite and fails when the committed page
differs: a change to a bundle that breaks (or mends) a tool shows on the page
before it lands, and the page cannot claim what the tools do not do.
"""

from __future__ import annotations

import json
import subprocess
import time
from dataclasses import replace
from pathlib import Path

import pytest

from scripts.quality import compat

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, compat.Outcome]]:
    if not (compat.COMPAT / "node_modules").is_dir() or not compat.COMPAT_BIN.is_dir():
        pytest.fail("tests/compat/node_modules or tests/compat/.venv is missing: run make test-setup")
    return compat.cached_suite(tmp_path_factory.mktemp("compat"))


def tool_named(name: str) -> compat.Tool:
    return next(t for t in compat.TOOLS if t.name == name)


def test_the_works_with_page_is_what_the_suite_finds(results: dict[str, dict[str, compat.Outcome]]) -> None:
    fresh = compat.page(results)
    committed = compat.PAGE.read_text(encoding="utf-8")
    assert committed == fresh, "docs/clients/works-with.md is stale: run make compat"


def test_every_tool_ran_on_every_bundle(results: dict[str, dict[str, compat.Outcome]]) -> None:
    assert set(results) == {t.name for t in compat.TOOLS}
    for tool in compat.TOOLS:
        wanted = {*compat.HOSTS, "usage"} if tool.usage else set(compat.HOSTS)
        assert set(results[tool.name]) == wanted, tool.name


def test_the_results_are_kept_under_the_digest_of_every_input(tmp_path: Path) -> None:
    """A kept result is read back only for the same inputs (decision 86): a changed byte in
    any file, or another version of a runtime, is another key."""
    files = [tmp_path / "a.yaml", tmp_path / "b.ts"]
    for file in files:
        file.write_text("x: 1\n", encoding="utf-8")
    runtime = [["echo", "v20.1.0"]]
    before = compat.key(files, runtime)
    assert compat.key(files, runtime) == before
    assert compat.key(files, [["echo", "v20.2.0"]]) != before
    files[1].write_text("x: 2\n", encoding="utf-8")
    assert compat.key(files, runtime) != before
    assert {compat.BUNDLES / "transaction-v1.yaml", compat.COMPAT / "package-lock.json",
            compat.COMPAT / "usage" / "orval.ts", Path(compat.__file__).resolve()} <= set(compat.inputs())  # fmt: skip


def test_the_parsers_accept_every_bundle(results: dict[str, dict[str, compat.Outcome]]) -> None:
    """The validators users run first (swagger-parser is also inside orval and oazapfts)."""
    for tool in compat.TOOLS:
        if tool.kind == "parser":
            failing = {h: o.detail for h, o in results[tool.name].items() if not o.ok}
            assert not failing, f"{tool.name}: {failing}"


def test_a_batch_runs_what_generate_runs() -> None:
    """openapi-generator's tools run every host in one `batch` (decision 110): each configuration
    names the generator, bundle, folder and options of the tool's `generate` command, and nothing else."""
    batched = {t.name: t for t in compat.TOOLS if t.batch is not None}
    assert set(batched) == {"openapi-generator typescript-fetch", "openapi-generator python"}
    bundle, out = compat.BUNDLES / "pool-v3.yaml", Path("/out")
    for tool in batched.values():
        assert tool.batch is not None
        command, config = tool.command(bundle, out), tool.batch(bundle, out)
        assert command[:2] == [compat.OPENAPI_GENERATOR, "generate"]
        flags = dict(zip(command[2::2], command[3::2], strict=True))
        assert set(flags) <= {"-g", "-i", "-o", "--additional-properties"}, tool.name
        assert set(config) <= {"generatorName", "inputSpec", "outputDir", "additionalProperties"}, tool.name
        assert (flags["-i"], flags["-o"]) == (str(bundle), str(out)), tool.name
        assert (flags["-g"], flags["-i"], flags["-o"]) == (config["generatorName"], config["inputSpec"],
                                                           config["outputDir"]), tool.name  # fmt: skip
        pairs = flags.get("--additional-properties")
        options = dict(pair.split("=", 1) for pair in pairs.split(",")) if pairs else None
        assert config.get("additionalProperties") == options, tool.name
    python = batched["openapi-generator python"].batch
    assert python is not None
    assert python(bundle, out)["additionalProperties"] == {"packageName": "pool_v3"}


def test_a_batch_succeeds_only_when_it_says_it_generated_every_configuration() -> None:
    said = "[main] INFO ...\n[SUCCESS] Batch generation finished {} generators successfully.\n"
    assert compat.batch_succeeded(subprocess.CompletedProcess([], 0, said.format(4), ""), 4)
    assert not compat.batch_succeeded(subprocess.CompletedProcess([], 0, said.format(3), ""), 4)
    assert not compat.batch_succeeded(subprocess.CompletedProcess([], 1, said.format(4), ""), 4)
    assert not compat.batch_succeeded(subprocess.CompletedProcess([], 0, "", ""), 4)


def test_a_failed_batch_generates_each_host_alone(tmp_path: Path) -> None:
    """Where the batch fails, every host is generated by the tool's own command, so each outcome
    and its first error are that host's (here a command that fails, after a batch naming a
    generator that does not exist)."""
    tool = tool_named("openapi-generator typescript-fetch")
    refuse = "echo 'error: {} refused' >&2; exit 3"
    broken = replace(tool, usage=False, command=lambda b, o: ["sh", "-c", refuse.format(b.stem)],
                     batch=lambda b, o: {"generatorName": "no-such-generator", "inputSpec": str(b),
                                         "outputDir": str(o)})  # fmt: skip
    results = compat.check_generator(broken, tmp_path)
    assert results == {h: compat.Outcome(False, f"generation fails: error: {h} refused") for h in compat.HOSTS}
    assert not list(tmp_path.rglob("*.batch.json")), "the batch's configurations are left behind"


def test_what_a_failed_batch_wrote_is_gone_before_each_host_is_generated_alone(tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch that failed part way leaves files; the command of each host starts from an empty folder."""

    def partial(tool: compat.Tool, folder: Path) -> bool:
        for host in compat.HOSTS:
            (folder / host).mkdir()
            (folder / host / "left.ts").write_text("export const left = 1;\n", encoding="utf-8")
        return False

    monkeypatch.setattr(compat, "run_batch", partial)
    tool = tool_named("openapi-generator typescript-fetch")
    listing = replace(tool, usage=False,
                      command=lambda b, o: ["sh", "-c", f'echo "error: found [$(ls -A {o})]" >&2; exit 3'])
    results = compat.check_generator(listing, tmp_path)
    assert results == {h: compat.Outcome(False, "generation fails: error: found []") for h in compat.HOSTS}


def test_a_tool_whose_report_is_read_for_dropped_parts_is_never_batched(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch logs only errors, so the warnings `dropped` looks for would go unseen."""

    def never(tool: compat.Tool, folder: Path) -> bool:
        raise AssertionError("batched")

    monkeypatch.setattr(compat, "run_batch", never)
    tool = tool_named("openapi-generator typescript-fetch")
    reading = replace(tool, usage=False, dropped=("left out",), command=lambda b, o: ["sh", "-c", "echo part left out"])
    results = compat.check_generator(reading, tmp_path)
    assert results == {h: compat.Outcome(False, "generation fails: 1 parts left out, first: part left out")
                       for h in compat.HOSTS}  # fmt: skip


def test_a_command_that_outlasts_the_timeout_is_killed_with_its_children(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """A launcher's child (openapi-generator's JVM under its Python wrapper) goes with it: it would
    otherwise go on writing into a folder the suite reuses."""
    monkeypatch.setattr(compat, "TIMEOUT", 2)
    pid = tmp_path / "child.pid"
    # the child's output goes elsewhere, so that killing the launcher alone would return at once;
    # the launcher waits until the child has written its pid
    child = f"sh -c 'echo $$ > {pid}.new; mv {pid}.new {pid}; sleep 60' >/dev/null 2>&1 &"
    started = time.monotonic()
    outcome = compat.try_tool(["sh", "-c", f"{child} while [ ! -e {pid} ]; do sleep 0.01; done; wait"], tmp_path)
    assert time.monotonic() - started < 30, "the run waited for the child instead of killing it"  # a hang's bound
    assert outcome == compat.Outcome(False, "no answer in 2 s")
    assert gone([Path(f"/proc/{int(pid.read_text())}/stat")]), "the child outlived the timeout"


def test_a_check_that_outlasts_the_timeout_fails_its_cell_and_the_suite_goes_on(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """tsc, a package's import, mypy and the quotes' round trip each end at the timeout as a
    failed cell that says which step gave no answer, never as an exception that ends the suite
    with no page written. The "python" of the tool's environment never answers: mypy asks it
    for its paths, the import and the round trip run under it."""
    monkeypatch.setattr(compat, "TIMEOUT", 1)
    hang = tmp_path / "bin" / "python"
    hang.parent.mkdir()
    pids = tmp_path / "pids"
    hang.write_text(f"#!/bin/sh\necho $$ >> {pids}\nexec sleep 60\n", encoding="utf-8")
    hang.chmod(0o755)
    tool = replace(tool_named("openapi-python-client"), venv=hang.parent)
    (tmp_path / "pool-v3" / "pool_v3").mkdir(parents=True)
    (tmp_path / "pool-v3" / "pool_v3" / "__init__.py").touch()
    started = time.monotonic()
    assert compat.import_python(tool, tmp_path / "pool-v3") == compat.Outcome(False, "the import: no answer in 1 s")
    usage = tmp_path / "given.py"
    usage.write_text("def roundtrip(body: str) -> str:\n    return body\n", encoding="utf-8")
    assert compat.python_usage(tool, tmp_path, usage) == compat.Outcome(
        False, "mypy: no answer in 1 s; round trip of recorded quotes: no answer in 1 s")
    monkeypatch.setattr(compat, "_bin", lambda name: str(hang))
    errors = compat.tsc(tmp_path, [Path("usage.ts")])
    assert compat.compiled_outcome(errors, "pool-v3") == compat.Outcome(False, "tsc: no answer in 1 s")  # not an error
    assert time.monotonic() - started < 60, "a step waited for its command instead of ending it"  # a hang's bound
    stats = [Path(f"/proc/{int(pid)}/stat") for pid in pids.read_text().split()]
    assert len(stats) == 4, stats  # one script each: the import, mypy's question for paths, the round trip, tsc
    assert gone(stats), "a step's command outlived its timeout"


def gone(stats: list[Path]) -> bool:
    """Whether every process of these /proc/PID/stat files is gone within 10 s (SIGKILL lands at
    once; this only waits for the kernel)."""
    ends = time.monotonic() + 10
    while any(map(running, stats)) and time.monotonic() < ends:
        time.sleep(0.05)
    return not any(map(running, stats))


def running(stat: Path) -> bool:
    """Whether the process of /proc/PID/stat is there and not a zombie."""
    try:
        return stat.read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):  # gone (ESRCH: reaped while read)
        return False


def test_a_usage_file_that_does_not_compile_fails(tmp_path: Path) -> None:
    """The compile step can fail: a usage file calling an operation that does not exist is caught."""
    tool = tool_named("orval")
    broken = tmp_path / "usage.ts"
    broken.write_text('import * as pools from "./pool-v3/api";\nexport const x = pools.listPoolz();\n',
                      encoding="utf-8")  # fmt: skip
    (tmp_path / "pool-v3").mkdir()
    assert compat.try_tool(tool.command(compat.BUNDLES / "pool-v3.yaml", tmp_path / "pool-v3"), compat.COMPAT).ok
    errors = compat.tsc(tmp_path, [*compat.typescript_files(tmp_path / "pool-v3"), Path("usage.ts")])
    assert "usage" in errors
    assert "listPoolz" in errors["usage"][0]


def test_a_python_usage_file_that_does_not_type_check_fails(tmp_path: Path) -> None:
    """The mypy step can fail: a usage file calling an operation that does not exist is caught,
    although errors inside the generated packages are not the usage file's."""
    tool = tool_named("openapi-python-client")
    (tmp_path / "pool-v3").mkdir()
    assert compat.try_tool(tool.command(compat.BUNDLES / "pool-v3.yaml", tmp_path / "pool-v3"), compat.COMPAT).ok
    usage = tmp_path / "broken.py"
    usage.write_text("from pool_data_service_v_3_client.api.pools import list_poolz\n", encoding="utf-8")
    outcome = compat.mypy_usage(tool, tmp_path, usage)
    assert not outcome.ok
    assert "list_poolz" in outcome.detail


def test_a_quote_changed_on_its_way_back_fails(tmp_path: Path) -> None:
    """The round trip can fail: a usage file that sends back only the fields its model names loses
    the unknown keys the suite adds to each recorded quote, and the suite says so."""
    tool = tool_named("openapi-python-client")
    (tmp_path / "transaction-v1").mkdir()
    out = tmp_path / "transaction-v1"
    assert compat.try_tool(tool.command(compat.BUNDLES / "transaction-v1.yaml", out), compat.COMPAT).ok
    package = compat.python_package(out)
    assert package is not None
    usage = tmp_path / "lossy.py"
    usage.write_text(
        "import json\n"
        f"from {package.name}.models import SwapComputeResponse\n\n\n"
        "def roundtrip(body: str) -> str:\n"
        "    quote = SwapComputeResponse.from_dict(json.loads(body))\n"
        "    quote.additional_properties.clear()\n"
        "    return json.dumps(quote.to_dict())\n",
        encoding="utf-8",
    )
    outcome = compat.python_usage(tool, tmp_path, usage)
    assert not outcome.ok
    assert "differs from the one received" in outcome.detail
    assert "mypy" not in outcome.detail  # it type-checks: only the round trip fails


def test_a_generator_that_leaves_schemas_out_fails(tmp_path: Path) -> None:
    """openapi-python-client exits 0 when it drops a schema it cannot read; the suite reads its
    report. `format: uuid` on the pool id (decisions 26 and 57) makes it drop every pool-v3
    success model: "str can't be merged with UUID"."""
    tool = tool_named("openapi-python-client")
    text = compat.BUNDLES.joinpath("pool-v3.yaml").read_text(encoding="utf-8")
    anchor = "    PoolRequestId:\n      title: PoolRequestId\n"
    assert anchor in text
    bundle = tmp_path / "pool-v3.yaml"
    bundle.write_text(text.replace(anchor, anchor + "      format: uuid\n"), encoding="utf-8")
    (tmp_path / "out").mkdir()
    outcome = compat.try_tool(tool.command(bundle, tmp_path / "out"), compat.COMPAT, tool.dropped)
    assert not outcome.ok
    assert "can't be merged with UUID" in outcome.detail


def test_every_usage_file_asks_for_the_u64_maximum_as_digits() -> None:
    """The usage files prove that each generator's types take an exact u64 amount: the quote
    asks for 2^64 - 1 as a string of digits (a number would lose it above 2^53)."""
    usage = sorted([*(compat.COMPAT / "usage").glob("*.ts"), *(compat.COMPAT / "usage").glob("*.py")])
    assert {f.stem for f in usage} == {t.slug for t in compat.TOOLS if t.usage}
    for file in usage:
        text = file.read_text(encoding="utf-8")
        assert '"18446744073709551615"' in text, file.name
        assert "1_000_000" not in text, file.name


def test_the_round_trip_has_quotes_with_unknown_keys_at_three_depths() -> None:
    quotes = [json.loads(body) for body in compat.recorded_quotes().values()]
    assert len(quotes) >= 4
    for quote in quotes:
        assert "futureEnvelopeField" in quote
        assert "futureQuoteField" in quote["data"]
        assert "futureStepField" in quote["data"]["routePlan"][0]
