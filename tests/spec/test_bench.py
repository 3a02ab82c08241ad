"""The benchmark's own helpers (scripts/quality/bench.py): the synthetic host of the scale phase,
the partial figures a resumed run reads back, the quick bench's guards, the report of the user's
task in six languages, and a tool floor
that runs every tool the generation does (tooling: `make test` runs them after `make`)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from project import REPO
from scripts.clients import generate
from scripts.quality import bench
from scripts.quality.bench_data import POOL_CASE, Stat, decode_cases
from scripts.spec import oas

pytestmark = pytest.mark.tooling


@pytest.mark.parametrize("factor", [1, 3])
def test_synthetic_host_repeats_every_operation(tmp_path: Path, factor: int) -> None:
    real = yaml.safe_load((REPO / "spec" / "pool-v3" / "openapi.yaml").read_text(encoding="utf-8"))
    synthetic = yaml.safe_load(bench.synthetic_host(factor, tmp_path).read_text(encoding="utf-8"))
    assert bench.operations(synthetic) == factor * bench.operations(real)
    ids = [op["operationId"] for item in synthetic["paths"].values() for m, op in item.items() if m in oas.HTTP_METHODS]
    assert len(ids) == len(set(ids))


def test_partial_figures_come_back_as_stats() -> None:
    cold, floor = Stat(1.0, 0.5, 2.0, 5), Stat(3.0, 2.0, 4.0, 5)
    text = json.dumps({"cold": cold, "floor": [floor, [["tsc", 1.5]]]}, default=lambda o: o.__dict__)
    assert bench.revive(json.loads(text)) == {"cold": cold, "floor": [floor, [["tsc", 1.5]]]}


def test_the_incremental_guard_fails_when_an_edit_remakes_every_host() -> None:
    """The quick bench's incremental share comes from make's dry run: an edit of one host
    stays under the target, an edit of the shared envelope (every host remakes) does not."""
    share, remade, others = bench.incremental_share()
    assert share <= bench.INCREMENTAL_TARGET, remade
    assert not others
    assert f"build/{bench.PROBE_HOST}.generated" in remade
    full = bench.planned("--always-make")
    shared = bench.planned("--what-if=spec/common/envelope.yaml")
    assert len(shared) / len(full) > bench.INCREMENTAL_TARGET
    assert {f"build/{host}.generated" for host in bench.HOSTS} <= shared


def test_a_figure_over_its_bound_never_reads_as_the_bound() -> None:
    """A figure beside its verdict has as many decimals as it takes not to read as the bound it
    was judged against: 1.2008 against 1.2 is "not met", so it may not show as "1.20"."""
    assert bench.shown(1.2008, 1.2) == "1.201"
    assert bench.shown(1.20004, 1.2) == "1.20004"
    assert bench.shown(4.04, 4.0, 1) == "4.04"
    assert bench.shown(1.17, 1.2) == "1.17"
    assert bench.shown(1.196, 1.2) == "1.196"  # the same either side of the bound
    assert bench.shown(1.2, 1.2) == "1.20"
    assert bench.shown(2.7345, 1.5) == "2.73"


def test_a_ratio_over_its_target_is_measured_again_until_one_holds() -> None:
    """The quick bench's guards: a ratio that holds is not measured again; one over the target
    is, up to QUICK_TRIES measurements in all, and only all of them over it make the guard fail."""
    calls: list[int] = []

    def again(*values: float) -> Callable[[], float]:
        queue = list(values)

        def measure() -> float:
            calls.append(1)
            return queue.pop(0)

        return measure

    assert bench.confirmed(1.2, 1.5, again(9.0)) == [1.2]
    assert not calls
    passed = bench.confirmed(1.7, 1.5, again(1.3, 9.0))
    assert passed == [1.7, 1.3]
    assert min(passed) <= 1.5
    late = bench.confirmed(1.7, 1.5, again(1.6, 1.4, 9.0))
    assert late == [1.7, 1.6, 1.4]
    assert min(late) <= 1.5
    failed = bench.confirmed(1.7, 1.5, again(1.6, 1.8, 1.2))
    assert failed == [1.7, 1.6, 1.8]
    assert min(failed) > 1.5
    assert len(calls) == 1 + 2 + 2
    assert bench.QUICK_TRIES == 3


def tool(command: list[str | Path]) -> str:
    """A command's tool: the program's name, with the module of `python -m` or the script Node runs."""
    args = [str(part) for part in command]
    name = Path(args[0]).name
    if name.startswith("python") and "-m" in args:
        return f"python -m {args[args.index('-m') + 1]}"
    if name == "node":
        return f"node {Path(args[1]).name}"
    return name


def test_the_tool_floor_runs_every_tool_the_generation_runs(tmp_path: Path) -> None:
    """The floor of `make bench`'s overhead row (host_steps) must include every tool
    generate.py runs for a host, or the overhead counts that tool's time (as it once counted
    the TypeScript client's tsc). What the generation ran is its own record: `make` writes it
    beside the host's stamp (build/HOST.tools.json, every process the run started, and the
    stamp's sha256), so the host is not generated again here (decision 124)."""
    stamp = REPO / "build" / f"{bench.PROBE_HOST}.generated"
    record_path = generate.tools_record(stamp)
    assert stamp.is_file(), f"{stamp.relative_to(REPO)}: run make first"
    assert record_path.is_file(), f"{record_path.relative_to(REPO)}: run make first"
    record = json.loads(record_path.read_text(encoding="utf-8"))
    # written by the run that wrote the stamp (which test_generated_current holds current)
    assert record["stamp_sha256"] == hashlib.sha256(stamp.read_bytes()).hexdigest(), "run make: the record is stale"
    ran: list[list[str | Path]] = record["commands"]
    steps = [command for _, command in bench.host_steps(bench.PROBE_HOST, tmp_path)]
    floor = {tool(command) for command in steps}
    generated = {tool(command) for command in ran}
    assert generated, "generate.py ran no tool"
    assert generated <= floor, f"tools generate.py runs that the floor does not: {sorted(generated - floor)}"
    tsc_runs = sum(tool(command) == "tsc" for command in ran)
    floor_tsc = sum(tool(command) == "tsc" for command in steps)
    assert tsc_runs == floor_tsc, "each tsc run of generate.py (the types, the client) is in the floor"


def test_the_generation_records_every_process_it_starts(tmp_path: Path) -> None:
    """The record's audit hook sees a process started by any module, not only generate.run_tool."""
    started: list[list[str]] = []
    generate.record_command(started, "subprocess.Popen", ("/bin/x", ["x", Path("a"), 1], None, None))
    generate.record_command(started, "open", ("file", "r", 0))
    generate.record_command(started, "subprocess.Popen", ("/bin/sh", "echo hi", None, None))
    generate.record_command(started, "subprocess.Popen", (b"/bin/y", [b"y", b"-v"], None, None))
    assert started == [["x", "a", "1"], ["echo hi"], ["y", "-v"]]
    manifest = tmp_path / "h.generated"
    manifest.write_text("{}\n", encoding="utf-8")
    generate.write_tools(manifest, started)
    assert generate.tools_record(manifest) == tmp_path / "h.tools.json"
    record = json.loads((tmp_path / "h.tools.json").read_text(encoding="utf-8"))
    assert record == {"stamp": "h.generated", "stamp_sha256": hashlib.sha256(b"{}\n").hexdigest(),
                      "commands": started}  # fmt: skip


def test_the_under_load_row_reads_the_last_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Targets row of `make test-under-load` is met only by a record of three passing runs."""
    record = tmp_path / "under-load.json"
    monkeypatch.setattr(bench, "UNDER_LOAD", record)
    assert bench.under_load_row().endswith("| not run | **not met** |")
    runs = [{"run": i, "exit": 0, "seconds": 900, "summary": "", "log": ""} for i in (1, 2, 3)]
    base = {"commit": "abc1234", "cores": 2, "load": "2 busy loops", "planned": 3}
    record.write_text(json.dumps({**base, "runs": runs, "passed": True}), encoding="utf-8")
    assert "3 of 3 runs passed at `abc1234`, 2 busy loops" in bench.under_load_row()
    assert bench.under_load_row().endswith("| met |")
    runs[2]["exit"] = 1
    record.write_text(json.dumps({**base, "runs": runs, "passed": False}), encoding="utf-8")
    assert "2 of 3 runs passed" in bench.under_load_row()
    assert bench.under_load_row().endswith("| **not met** |")
    runs[2]["exit"] = 0
    record.write_text(json.dumps({**base, "runs": runs[:2], "planned": 2, "passed": True}), encoding="utf-8")
    assert bench.under_load_row().endswith("| **not met** |")  # two runs are not three


def test_a_task_cell_gives_the_figure_its_verdict_and_the_aim() -> None:
    """A ratio of the user's task is shown with its verdict, and with the aim where it has one;
    a figure never reads as the bound or the aim it was judged against."""
    assert bench.held(0.62, 1.5, 1.2) == "0.62x: met (aim met)"
    assert bench.held(1.31, 1.5, 1.2) == "1.31x: met (aim 1.2x not met)"
    assert bench.held(2.612, 1.5, 1.2) == "2.61x: **not met**"
    assert bench.held(1.2004, 1.5, 1.2) == "1.2004x: met (aim 1.2x not met)"
    assert bench.held(1.5004, 1.5) == "1.5004x: **not met**"
    assert bench.held(1.5, 1.5) == "1.50x: met"
    assert bench.held(3.96, 4.0, None, 1) == "3.96x: met"
    assert bench.held(2.43, 4.0, None, 1) == "2.4x: met"


def test_a_target_of_every_language_names_those_that_miss() -> None:
    """The Targets row of a target every language must hold lists each language's figure, and
    its verdict names the languages over the bound; a missed target is never hidden."""
    held = {"python": 0.6, "typescript": 1.1}
    assert bench.all_held(held, 1.5) == "Python 0.60x, TypeScript 1.10x | met"
    missed = {"python": 0.6, "ruby": 1.71, "php": 2.6}
    assert bench.all_held(missed, 1.5) == "Python 0.60x, Ruby 1.71x, PHP 2.60x | **not met**: Ruby, PHP"
    figures = {"full": {"python": 0.6, "php": 2.6}, "filter": {"python": 0.5, "php": 1.9},
               "peak": {"python": 2.4, "php": 4.2}}  # fmt: skip
    assert bench.missed_targets(figures, {}) == [
        "- PHP misses the full read (2.60x) and the filtering read (1.90x) and the peak memory (4.20x): "
        "no reason recorded yet (REASONS in scripts/quality/bench.py)"
    ]
    assert bench.missed_targets(figures, {"php": "decision 141"})[0].endswith(": decision 141")
    assert bench.missed_targets({"full": {"python": 0.6}}, {}) == []


def test_the_task_report_shows_every_language_and_target() -> None:
    """Section 2b and the Targets rows, from figures shaped as the task phase keeps them: every
    language has its row, its verdicts and its times."""
    from scripts.quality import bench_languages

    def times(scale: float) -> dict[str, Stat]:
        return {side: Stat(0.01 * (scale if side.startswith("client") else 1.0), 0.009, 0.012, 15)
                for side in bench_languages.SIDES}  # fmt: skip

    scales = {"python": 0.5, "typescript": 1.1, "go": 1.3, "rust": 0.9, "ruby": 1.7, "php": 2.6}
    task = {"times": {language: times(scale) for language, scale in scales.items()},
            "peak": [{"language": language, "body_bytes": 20_000_000, "client_peak_bytes": 60_000_000,
                      "ratio_to_body": 3.0, "parse_peak_bytes": 90_000_000} for language in scales]}  # fmt: skip
    targets = bench.task_targets(task)
    assert len(targets) == 3
    assert targets[0].endswith("| **not met**: Ruby, PHP |")
    assert targets[2].endswith("| met |")
    section = "\n".join(bench.task_section(task))
    for name in bench.LANGUAGE_NAMES.values():
        assert f"\n| {name} | " in section
    assert "| PHP | 2.60x: **not met** | 2.60x: **not met** | 60 MB, 3.0x: met | 2.60x |" in section
    assert "| Go | 1.30x: met (aim 1.2x not met) |" in section
    assert "- Ruby misses the full read (1.70x) and the filtering read (1.70x)" in section


@pytest.mark.parametrize("language", ["python", "typescript"])
def test_the_task_programs_time_every_side(language: str) -> None:
    """The Python and TypeScript programs of the user's task (the quick bench's) time each side
    they are given, and the full read's ratio comes from their two sides."""
    from scripts.quality import bench_languages

    body = decode_cases()[POOL_CASE][0]
    answer = bench_languages.measure(language, body, ["BODY", "1", "1"])
    assert set(bench_languages.SIDES) <= set(answer), answer
    assert answer["sink"] > 0
    assert bench_languages.guarded(language, body, 1, 1) > 0


@pytest.mark.parametrize("language", ["python", "typescript"])
def test_the_peak_programs_decode_a_page_through_the_client(language: str) -> None:
    """The Python and TypeScript programs of the memory figure (bench_languages.peak) call the
    client and the untyped parse on a page and read it, and answer with a peak at or over their
    baseline; a page the client refuses makes the program fail, so a figure is never of a failed
    call."""
    from scripts.quality import bench_languages

    body = next(entry[0] for name, entry in decode_cases().items() if name.startswith("pool"))
    warm = bench_languages.large_page(0.0)
    assert json.loads(warm)["data"]["count"] == 1  # the warm-up page peak() passes: one pool
    for side in bench_languages.PEAK_SIDES:
        answer = bench_languages.measure(language, body, ["--peak", "BODY", side, "WARM"], warm)
        assert answer["peak_rss_bytes"] >= answer["baseline_rss_bytes"] > 0, (side, answer)
    refused = json.dumps({"success": True, "data": {"count": 0, "data": "not a list"}}).encode()
    with pytest.raises(RuntimeError, match="failed in"):  # measure's error for a program that exits non-zero
        bench_languages.measure(language, refused, ["--peak", "BODY", "client_full"])
    with pytest.raises(RuntimeError, match="failed in"):  # and for a warm-up page it refuses
        bench_languages.measure(language, body, ["--peak", "BODY", "client_full", "WARM"], refused)
