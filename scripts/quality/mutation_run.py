"""`make mutation`: generated mutants over the files that carry the contract and the gates,
and the per-file scores in docs/testing.md.

Usage: python -m scripts.quality.mutation_run [--changed BASE | --only PATH ...] [--survivors] [--results FILE]
                                              [--report FILE]

Runs the tool adapters (mutants_python.py: mutmut; mutants_typescript.py: StrykerJS;
mutants_native.py: our operator set for Go, Rust, Ruby and PHP) over every target, or with --changed
only over the targets whose sources differ from git revision BASE (committed or not). With
--survivors, mutmut and our operator set judge again only the mutants the results left alive.
Results are kept per file in build/mutation/results.json (build output, not tracked), so a
partial run replaces only the files it ran; docs/testing.md, the summary, is tracked, and keeps
its word on the files this machine's results do not hold (decision 148). Writing
it checks that every entry of tests/mutation/equivalent.yaml names a recorded mutant once.
The score of a file counts killed and timed-out mutants over all mutants, less the stillborn
(they do not build) and the equivalent ones named in tests/mutation/equivalent.yaml.
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..common.paths import REPO
from . import mutants_native, mutants_python, mutants_typescript

BUILD = REPO / "build" / "mutation"
RESULTS = BUILD / "results.json"  # build output: docs/testing.md is the summary
EQUIVALENT = REPO / "tests" / "mutation" / "equivalent.yaml"
UNDER_LOAD = REPO / "tests" / "under-load.json"
TARGET_SCORE = 90.0
TOOLS = {"python": "mutmut", "typescript": "StrykerJS", "native": "our operator set"}
DETECTED = {"killed", "timeout", "caught by type check"}
LEFT_OUT = {"does not build", "equivalent"}


def sources() -> dict[str, tuple[str, set[str]]]:
    """Each target file: its adapter and the repository files whose change re-runs it."""
    found: dict[str, tuple[str, set[str]]] = {}
    for group in mutants_python.GROUPS:
        for file in group.files:
            path = mutants_python.source_of(group, file)
            written = (f"scripts/runtime/python/{file}" if group.root == mutants_python.RUNTIME
                       else mutants_python.CLIENT_TEMPLATES.get(file, path))  # fmt: skip
            found[path] = ("python", {path, written})
    # the runtime's source is mutated; generated/typescript/raydium-api-runtime is compiled from it
    found[mutants_typescript.SOURCE] = ("typescript", {mutants_typescript.SOURCE, mutants_typescript.TEST})
    for layer in mutants_native.LAYERS.values():
        found[layer.file] = ("native", {layer.file, layer.template})
    return found


def head() -> str:
    """The short commit of the checkout: the one a recorded run measured."""
    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=REPO, capture_output=True, text=True,
                          check=True).stdout.strip()  # fmt: skip


def changed_since(base: str) -> set[str]:
    out = subprocess.run(["git", "diff", "--name-only", base], cwd=REPO, capture_output=True, text=True, check=True)
    return set(out.stdout.split())


@dataclass(frozen=True)
class Rule:
    """A class of equivalent mutants (an entry of tests/mutation/equivalent.yaml with `files`
    and `same_without`): a mutant of a file matching the glob `files` whose original and
    mutated code read the same once every match of the pattern is taken out of both."""

    files: str
    same_without: re.Pattern[str]
    why: str

    def explains(self, path: str, change: str) -> bool:
        if not fnmatch.fnmatchcase(path, self.files) or not self.same_without.search(change):
            return False
        parts = change.split(" -> ")  # the code itself may hold " -> ": try every split
        return any(_without(self.same_without, " -> ".join(parts[:i])) ==
                   _without(self.same_without, " -> ".join(parts[i:])) for i in range(1, len(parts)))  # fmt: skip


def _without(pattern: re.Pattern[str], code: str) -> str:
    """The code without the pattern's matches, and without the comma left before a `)`."""
    return re.sub(r",\s*\)", ")", pattern.sub("", code))


# An equivalent mutant: its file, its change, and its line where the same change fits another line too
Key = tuple[str, str, int | None]


@dataclass(frozen=True)
class Equivalents:
    """tests/mutation/equivalent.yaml: single mutants by (file, change, line or None), and rules."""

    single: dict[Key, str]
    rules: list[Rule]

    def why(self, path: str, change: str, line: int | None = None) -> str | None:
        for key in ((path, change, line), (path, change, None)):
            if key in self.single:
                return self.single[key]
        return next((rule.why for rule in self.rules if rule.explains(path, change)), None)


def equivalents() -> Equivalents:
    """Why each listed mutant, or each of a rule, cannot be told apart from the original."""
    entries = yaml.safe_load(EQUIVALENT.read_text(encoding="utf-8")) or []
    single = {key(e): e["why"] for e in entries if "change" in e}
    rules = [Rule(e["files"], re.compile(e["same_without"]), e["why"]) for e in entries if "same_without" in e]
    return Equivalents(single, rules)


def key(entry: dict[str, Any]) -> Key:
    """An entry's key: `line` is given only where the same change fits more than one line."""
    return entry["file"], entry["change"], entry.get("line")


def score(rows: list[dict[str, Any]]) -> tuple[int, int, float]:
    """(detected, counted, percent) of a file's mutants."""
    counted = [r for r in rows if r["status"] not in LEFT_OUT]
    detected = sum(r["status"] in DETECTED for r in counted)
    return detected, len(counted), 100.0 * detected / len(counted) if counted else 100.0


def page(results_file: Path = RESULTS, previous: str = "") -> str:
    """docs/testing.md as this machine's results render it, with the parts of `previous` (the
    page as it was) for the targets these results do not hold."""
    results = json.loads(results_file.read_text(encoding="utf-8")) if results_file.exists() else {"files": {}}
    under_load = json.loads(UNDER_LOAD.read_text(encoding="utf-8")) if UNDER_LOAD.exists() else None
    return report(results, under_load, carried(previous)) + "\n"


def write_page(path: Path, results_file: Path = RESULTS) -> None:
    previous = path.read_text(encoding="utf-8") if path.exists() else ""
    path.write_text(page(results_file, previous), encoding="utf-8")


@dataclass(frozen=True)
class Parts:
    """What the page says of one file: its table row, its survivors and its equivalent mutants."""

    row: str
    detected: int
    counted: int
    survivors: tuple[str, ...] = ()  # the collapsed note, its lines
    equivalent: tuple[str, ...] = ()  # its lines of the equivalent list


ROW = re.compile(r"^\| `(?P<path>[^`]+)` \| [^|]+ \| `[0-9a-f]+` \| (?P<counted>\d+) \| (?P<detected>\d+) \|")


def carried(text: str) -> dict[str, Parts]:
    """The parts of each measured file on a page `report` wrote (decision 148: the raw results
    are build output of one machine, so a run that measures some files keeps the page's word on
    the others)."""
    lines = text.splitlines()
    rows = {m["path"]: (line, int(m["detected"]), int(m["counted"]))
            for line in lines if (m := ROW.match(line))}  # fmt: skip
    survivors: dict[str, list[str]] = {}
    equivalent: dict[str, list[str]] = {}
    note: list[str] | None = None
    section = ""
    for line in lines:
        if line.startswith("## "):
            section, note = line, None
        elif line.startswith('??? note "`'):
            note = survivors.setdefault(line.split("`")[1], [])
        elif note is not None and line and not line.startswith("    "):
            note = None
        elif section == "## Explained as equivalent" and line.startswith("- `"):
            equivalent.setdefault(line.split("`")[1], []).append(line)
        if note is not None:
            note.append(line)
    return {path: Parts(row, detected, counted, tuple(_trimmed(survivors.get(path, []))),
                        tuple(equivalent.get(path, [])))
            for path, (row, detected, counted) in rows.items()}  # fmt: skip


def _trimmed(note: list[str]) -> list[str]:
    """A note's lines without the blank ones that end it."""
    while note and not note[-1]:
        note = note[:-1]
    return note


def _code(change: str) -> str:
    """A mutant's change as inline code on the page: no backquote inside, 160 characters at most."""
    return change.replace("`", "'")[:160]


def _where(row: dict[str, Any]) -> str:
    """Where a mutant is: its function, or its line where the tool names no function."""
    return str(row.get("function") or f"line {row.get('line')}")


def measured(path: str, entry: dict[str, Any]) -> Parts:
    """The parts of a file these results hold, as the page shows them."""
    rows = entry["mutants"]
    detected, counted, percent = score(rows)
    survived = sum(r["status"] == "survived" for r in rows)
    untested = sum(r["status"] == "no tests" for r in rows)
    verdict = "meets" if percent >= TARGET_SCORE else "below"
    row = (f"| `{path}` | {entry['tool']} | `{entry['commit']}` | {counted} | {detected} | {survived} "
           f"| {untested} | {percent:.1f}% | {verdict} |")  # fmt: skip
    left = [r for r in rows if r["status"] in ("survived", "no tests")]
    note: list[str] = []
    if left:
        # collapsed (pymdownx.details): the long lists stay out of the reader's way. A survivor
        # needs its own test or reason; mutants no test ran need a test that calls their
        # function, so they are counted per function.
        note = [f'??? note "`{path}`: {len(left)} left ({untested} with no test ran)"', ""]
        note += [f"    - `{_where(r)}` (survived): `{_code(r['change'])}`" for r in left if r["status"] == "survived"]
        unreached = Counter(_where(r) for r in left if r["status"] == "no tests")
        note += [f"    - `{where}` (no test ran): {count} mutant{'s' if count > 1 else ''}"
                 for where, count in sorted(unreached.items(), key=lambda item: (-item[1], item[0]))]  # fmt: skip
    same = [f"- `{path}` `{_code(r['change'])}`: {r['why']}" for r in rows if r["status"] == "equivalent"]
    return Parts(row, detected, counted, tuple(note), tuple(same))


def load_section(record: dict[str, Any] | None) -> list[str]:
    """The runs of `make test-under-load` (scripts/quality/under_load.py), as recorded."""
    lines = ["## Under load", "",
             "`make test-under-load` runs `make test` several times in a row (three by default) while one busy",
             "loop per core keeps the machine loaded, and stops at the first failure. Bounds that catch a hang",
             "are judged against each client's configured timeout plus a margin, not a fixed wall clock.",
             ""]  # fmt: skip
    if record is None:
        return [*lines, "Not run yet.", ""]
    total = sum(run["seconds"] for run in record["runs"])
    failed = any(run["exit"] != 0 for run in record["runs"])
    verdict = "passed" if record["passed"] else "failed" if failed else "cut short"
    lines += [f"Last run at commit `{record['commit']}`, {record['load']} on {record['cores']} cores: "
              f"**{verdict}**, {len(record['runs'])} of {record['planned']} runs in {total} s "
              f"({total / 60:.0f} min).", "",
              "| Run | Exit | Time | pytest |", "|---|---|---|---|"]  # fmt: skip
    for run in record["runs"]:
        lines.append(f"| {run['run']} | {run['exit']} | {run['seconds']} s | {run['summary']} |")
    return [*lines, ""]


def report(results: dict[str, Any], under_load: dict[str, Any] | None = None,
           previous: dict[str, Parts] | None = None) -> str:
    """The page: the files of `results`, then those of `previous` (carried) that these do not hold."""
    known = equivalents()
    files = {path: {**entry, "mutants": judged(path, entry["mutants"], known)}
             for path, entry in results["files"].items()}  # fmt: skip
    lines = [
        "# Testing",
        "",
        "How well the tests catch what a careless change breaks, measured by **generated mutants**: a",
        "tool makes every small change its operators allow in a file that carries the client contract or",
        "a release gate, and runs the tests that exercise that file against each. A mutant is *detected*",
        "when a test fails (or it runs into the time limit). Written by `make mutation`",
        "(`scripts/quality/mutation_run.py`); `make mutation CHANGED=1` re-runs only the files a change touched,",
        "and a run keeps the rows of the files it did not run, with the commit that measured each (decision 148).",
        "After tests are added, `make mutation MUTATION_ONLY=<file> SURVIVORS=1` judges again only the mutants",
        "the last run of that file left alive (not for the TypeScript runtime).",
        "",
        "- Python scripts and the Python client runtime: [mutmut](https://pypi.org/project/mutmut/) "
        "(pinned in `tests/mutation/requirements.txt`).",
        "- The TypeScript runtime: [StrykerJS](https://stryker-mutator.io/) with its TypeScript checker and tap runner",
        "  (pinned in `tests/mutation/package.json`), against `tests/typescript/runtime.test.mjs`.",
        "- Go, Rust, Ruby and PHP runtimes: our own mechanical operator set (`scripts/quality/mutants_native.py`:",
        "  flip a comparison, swap `&&`/`||` and `+`/`-`, bump a constant, drop a statement), since no",
        "  mutation tool for them installs from the registries this project may use. Before the mutants, a",
        "  canary: the tests must fail with a runtime that does not compile, or the run stops (they would be",
        "  testing another copy of it).",
        "- A runtime's mutants meet its unit suite first (`tests/go/`, `tests/rust/`, `tests/typescript/`,",
        "  `tests/ruby/`, `tests/php/`); the native ones then meet the contract suites of one host.",
        "- Templates: the contract layer of each generator (`scripts/templates/openapi-generator/`) and the",
        "  Python client's templates (`scripts/templates/python-client/`) are mutated in the copy they render",
        "  for one host (transaction-v1 and pool-v3), which holds their code line for line (decision 147);",
        "  each mutant meets that language's client tests on the host and its swap contract test.",
        "",
        f"Target: at least {TARGET_SCORE:.0f}% on each file, 95% overall. Mutants that do not build are left out,",
        "and so are the ones `tests/mutation/equivalent.yaml` explains as equivalent.",
        "",
        "| File | Tool | Commit | Mutants | Detected | Survived | No test ran | Score | Verdict |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    targets = sources()
    parts = {**{path: kept for path, kept in (previous or {}).items() if path in targets},
             **{path: measured(path, entry) for path, entry in files.items()}}  # fmt: skip
    for path in sorted(set(targets) - set(parts)):
        lines.append(f"| `{path}` | {TOOLS[targets[path][0]]} | | | | | | | not run yet |")
    lines += [parts[path].row for path in sorted(parts)]
    total_detected = sum(p.detected for p in parts.values())
    total_counted = sum(p.counted for p in parts.values())
    overall = f"{100.0 * total_detected / total_counted:.1f}%" if total_counted else "nothing run yet"
    lines += ["", f"**Overall: {total_detected} of {total_counted} detected ({overall}).**", ""]
    lines += ["## Survivors", "",
              "Each survivor needs a test that fails on it, or an entry in `tests/mutation/equivalent.yaml`",
              "that says why no test can. *No test ran* means no selected test calls the function in process.",
              ""]  # fmt: skip
    for path in sorted(parts):
        if parts[path].survivors:
            lines += [*parts[path].survivors, ""]
    lines += [
        "## Explained as equivalent",
        "",
        "No test can tell these from the original (`tests/mutation/equivalent.yaml` says why).",
        "",
    ]
    for path in sorted(parts):
        lines += parts[path].equivalent
    lines.append("")
    lines += load_section(under_load)
    return "\n".join(lines).rstrip("\n")


def record(results: dict[str, Any], ran: dict[str, Any], commit: str) -> None:
    """Put an adapter's output into the results, as the tool reported it."""
    for path, rows in ran["files"].items():
        results["files"][path] = {"tool": ran["tool"], "commit": commit, "mutants": rows}


def judged(path: str, rows: list[dict[str, Any]], known: Equivalents) -> list[dict[str, Any]]:
    """The rows with the survivors tests/mutation/equivalent.yaml explains marked equivalent."""
    marked = []
    for row in rows:
        why = known.why(path, row.get("change", ""), row.get("line"))
        alive = row["status"] in ("survived", "no tests")
        marked.append({**row, "status": "equivalent", "why": why} if why and alive else row)
    return marked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changed", metavar="BASE", help="only the targets whose sources differ from BASE")
    parser.add_argument("--only", nargs="+", metavar="PATH", help="only these targets (repository paths)")
    parser.add_argument("--survivors", action="store_true",
                        help="judge again only the mutants the results left alive (tests added); not for StrykerJS")
    parser.add_argument("--results", type=Path, default=RESULTS)
    parser.add_argument("--report", type=Path, help="write the Markdown page here (docs/testing.md)")
    args = parser.parse_args()
    targets = sources()
    if args.changed:
        touched = changed_since(args.changed)
        chosen = [path for path, (_, deps) in targets.items() if deps & touched]
    elif args.only:
        unknown = sorted(set(args.only) - set(targets))
        if unknown:
            sys.exit(f"mutation: not a target: {', '.join(unknown)} (targets: {', '.join(sorted(targets))})")
        chosen = args.only
    else:
        chosen = list(targets)
    print(f"mutation: {len(chosen)} of {len(targets)} files: {', '.join(chosen) or 'none changed'}", flush=True)
    results: dict[str, Any] = json.loads(args.results.read_text(encoding="utf-8")) if args.results.exists() else {}
    results.setdefault("files", {})
    commit = head()
    for adapter in ("python", "typescript", "native"):
        mine = [p for p in chosen if targets[p][0] == adapter]
        if not mine:
            continue
        out = BUILD / f"{adapter}.json"
        again: list[str] = []
        if args.survivors:
            if adapter == "typescript":
                sys.exit(f"mutation: --survivors is not for StrykerJS's targets; {', '.join(mine)} would run whole")
            earlier = BUILD / f"{adapter}-earlier.json"
            earlier.write_text(json.dumps({"files": recorded_rows(results, mine)}), encoding="utf-8")
            again = ["--survivors-of", str(earlier)]
        started = time.monotonic()
        subprocess.run([sys.executable, "-m", f"scripts.quality.mutants_{adapter}", "--out", str(out),
                        "--only", *mine, *again], cwd=REPO, check=True)  # fmt: skip
        print(f"mutation: {adapter}: {round(time.monotonic() - started)} s", flush=True)
        record(results, json.loads(out.read_text(encoding="utf-8")), commit)
    args.results.parent.mkdir(parents=True, exist_ok=True)
    args.results.write_text(json.dumps(results, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    problems = unexplained(results)
    if problems:
        sys.exit("mutation: tests/mutation/equivalent.yaml:\n  " + "\n  ".join(problems))
    if args.report:
        write_page(args.report, args.results)


def recorded_rows(results: dict[str, Any], paths: list[str]) -> dict[str, list[dict[str, Any]]]:
    """The recorded rows of these files, each survivor that tests/mutation/equivalent.yaml
    explains marked `explained`: a second look does not judge it again (no test can kill it)."""
    known = equivalents()
    return {path: [{**row, "explained": bool(known.why(path, row.get("change", ""), row.get("line")))}
                   for row in results["files"][path]["mutants"]]
            for path in paths if path in results["files"]}  # fmt: skip


def unexplained(results: dict[str, Any]) -> list[str]:
    """What is wrong with tests/mutation/equivalent.yaml against the results: an entry listed
    twice, an entry whose change no recorded mutant has (the file changed, or a typo), one
    without a reason, a rule that explains nothing, an entry a rule explains already."""
    entries = yaml.safe_load(EQUIVALENT.read_text(encoding="utf-8")) or []
    keys = [key(e) for e in entries if "change" in e]
    problems = [f"listed twice: {shown(k)}" for k in sorted(set(keys), key=str) if keys.count(k) > 1]
    # mutmut records no change for a killed mutant: only the rows with one can be explained
    rows = [(path, row) for path, entry in results["files"].items() for row in entry["mutants"] if row.get("change")]
    recorded = {(path, row["change"]) for path, row in rows}
    at_lines = {(path, row["change"], row.get("line")) for path, row in rows}
    ran = set(results["files"])
    problems += [f"no recorded mutant has it: {shown(k)}" for k in keys
                 if k[0] in ran and (k not in at_lines if k[2] is not None else k[:2] not in recorded)]  # fmt: skip
    problems += [f"no reason: {e.get('file')}" for e in entries if not str(e.get("why", "")).strip()]
    rules = equivalents().rules
    # known only once every target the rule covers was recorded
    covered = {rule.files: {path for path in sources() if fnmatch.fnmatchcase(path, rule.files)} for rule in rules}
    problems += [f"a rule explains nothing: {rule.files}" for rule in rules
                 if covered[rule.files] and covered[rule.files] <= ran
                 and not any(rule.explains(*pair) for pair in recorded)]  # fmt: skip
    problems += [f"a rule explains it already: {shown(k)}" for k in keys
                 if any(rule.explains(*k[:2]) for rule in rules)]  # fmt: skip
    return problems


def shown(entry: Key) -> str:
    file, change, line = entry
    return f"{file}: {change}" + (f" (line {line})" if line is not None else "")


if __name__ == "__main__":
    main()
