"""Mutation check: does the build or the test suite catch a small, plausible defect?

Usage: python -m scripts.quality.mutation_check [--only ID ...] [--report FILE] [--scratch DIR]

Each defect of tests/mutation/mutations.yaml (a file, an exact text, its replacement) is
made once, alone, in a scratch clone of HEAD (build/mutation/repo: the working tree is
never touched). Then `make all` runs there (validate, house rules, bundle, lint, spec
tests, generation, docs), and the suite of the defect's kind (SUITES). The defect is
killed when either fails, and survives when both pass. Before any defect, the untouched
clone must pass the same steps for every kind, so a kill is the defect's doing.

Writes a JSON report (build/mutation/report.json) and, with --report, the Markdown page
of the docs site (docs/defects.md): the kill rate, each defect's verdict and the first
failing test. Slow (about a minute per defect): `make mutation` runs it, `make test` does
not.

Hand-written rather than mutmut: mutmut mutates Python operators at random and cannot
edit a YAML spec, a Jinja template or mkdocs.yml, where most of our defects live, and its
run would re-make the whole pipeline for each of thousands of mutants.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import yaml

from ..common.paths import REPO
from . import fresh_make

MUTATIONS = REPO / "tests" / "mutation" / "mutations.yaml"
SCRATCH = REPO / "build" / "mutation" / "repo"
SHARED = (".venv", "node_modules", "tests/node/node_modules")  # installed once, by the repository's make
# The tests each kind of defect must answer to (run with -x: the first failure kills).
SUITES: dict[str, list[str]] = {
    "spec": ["tests/spec", "tests/docs"],
    "script": ["tests/spec", "tests/docs"],
    "docs": ["tests/docs"],
    "client": ["tests/clients/test_failure_handling.py", "tests/clients/test_hostile.py"],
}
PYTEST = ["-q", "-x", "-p", "no:cacheprovider", "-m", "not pipeline"]
STEP_TIMEOUT = 900


@dataclass
class Mutation:
    id: str
    kind: str
    file: str
    old: str
    new: str
    klass: str


@dataclass
class Verdict:
    id: str
    kind: str
    klass: str
    file: str
    killed: bool
    by: str  # "make", "tests" or "" (survived)
    detail: str  # the first failing test or the build's last lines
    seconds: float


class CheckError(Exception):
    pass


def load(path: Path) -> list[Mutation]:
    entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    mutations = [Mutation(e["id"], e["kind"], e["file"], e["old"], e["new"], e["class"]) for e in entries]
    for m in mutations:
        if m.kind not in SUITES:
            raise CheckError(f"{path}: {m.id}: unknown kind {m.kind!r} (one of {', '.join(SUITES)})")
        count = (REPO / m.file).read_text(encoding="utf-8").count(m.old)
        if count != 1:
            raise CheckError(f"{path}: {m.id}: the old text occurs {count} times in {m.file}, not once")
    return mutations


def run_as_ci(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """The command in `cwd`, in the environment of a `make` a user types, under CI=true."""
    env = {**fresh_make.environment(os.environ), "CI": "true"}
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=STEP_TIMEOUT, env=env, check=False)


def prepare(scratch: Path) -> None:
    """A clone of HEAD that shares .venv and both node_modules with the repository (read only:
    the set-up files are dated back so make does not reinstall them, and are never checked
    out again; attempt() stops when either stops being shared)."""
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "clone", "--quiet", str(REPO), str(scratch)], check=True)
    for shared in SHARED:
        (scratch / shared).symlink_to(REPO / shared, target_is_directory=True)
    old = time.time() - 10 * 365 * 86400
    for name in ("requirements.txt", "package.json", "package-lock.json", "tests/node/package.json",
                 "tests/node/package-lock.json"):  # fmt: skip
        os.utime(scratch / name, (old, old))


def attempt(scratch: Path, kind: str) -> tuple[str, str]:
    """("", "") when `make all` and the kind's suite pass; else (the failing step, detail)."""
    for shared in SHARED:
        if not (scratch / shared).is_symlink() or not any((REPO / shared).iterdir()):
            raise CheckError(f"{shared} of the scratch clone is no longer the repository's: stopped (see prepare)")
    made = run_as_ci(["make", "all"], scratch)
    if made.returncode != 0:
        failed = [line for line in made.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
        return "make", failed[0] if failed else _tail(made.stdout + made.stderr)
    tested = run_as_ci([str(scratch / ".venv" / "bin" / "python"), "-m", "pytest", *PYTEST, *SUITES[kind]], scratch)
    if tested.returncode != 0:
        failed = [line for line in tested.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
        return "tests", failed[0] if failed else _tail(tested.stdout)
    return "", ""


def _tail(output: str, lines: int = 3) -> str:
    return " | ".join(line.strip() for line in output.strip().splitlines()[-lines:])


def check(mutations: list[Mutation], scratch: Path) -> list[Verdict]:
    prepare(scratch)
    for kind in sorted({m.kind for m in mutations}):
        step, detail = attempt(scratch, kind)
        if step:
            raise CheckError(f"the untouched clone fails ({kind}: {step}): {detail}")
        print(f"mutation check: the untouched clone passes the {kind} suite", flush=True)
    verdicts = []
    for m in mutations:
        target = scratch / m.file
        target.write_text(target.read_text(encoding="utf-8").replace(m.old, m.new, 1), encoding="utf-8")
        started = time.monotonic()
        try:
            step, detail = attempt(scratch, m.kind)
        finally:
            # the file and the committed generated/ back: a defect's build output must not
            # stay behind for the next one. Nothing else is checked out: a rewritten
            # package-lock.json would make `make` run `npm ci` through the shared node_modules.
            subprocess.run(["git", "checkout", "--quiet", "--", m.file, "generated"], cwd=scratch, check=True)
        verdict = Verdict(m.id, m.kind, m.klass, m.file, bool(step), step, detail, round(time.monotonic() - started))
        verdicts.append(verdict)
        print(f"mutation check: {m.id}: {'killed by ' + step if step else 'SURVIVED'} ({verdict.seconds} s)",
              flush=True)  # fmt: skip
    return verdicts


def report(verdicts: list[Verdict], commit: str, seconds: float) -> str:
    killed = sum(v.killed for v in verdicts)
    rate = 100 * killed / len(verdicts)
    lines = [
        "# Hand-made defects",
        "",
        "The hand-made half of the mutation check (generated mutants: [Testing](testing.md)) makes",
        "each small, plausible defect of",
        "`tests/mutation/mutations.yaml` once, alone, in a scratch clone, then runs `make all` and the",
        "tests of the defect's kind. A defect is *killed* when either fails. Written by",
        "`make mutation-defects` (`scripts/quality/mutation_check.py`); not part of `make test` (it takes a while).",
        "",
        f"**Kill rate: {killed} of {len(verdicts)} ({rate:.0f}%)** at commit `{commit}`, in {seconds / 60:.0f} min.",
        "",
        "| Defect | Class | Kind | Caught by | First failure |",
        "|---|---|---|---|---|",
    ]
    for v in verdicts:
        detail = v.detail.replace("|", "\\|")[:160]
        lines.append(f"| `{v.id}` | {v.klass} | {v.kind} | {v.by or '**survived**'} | {detail} |")
    lines += [
        "",
        "Suites per kind: " + "; ".join(f"{kind}: `{' '.join(tests)}`" for kind, tests in SUITES.items()) + ".",
        "Every kind's suite passes on the untouched clone first.",
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, help="mutation ids (default: all)")
    parser.add_argument("--report", type=Path, help="write the Markdown page here (docs/defects.md)")
    parser.add_argument("--scratch", type=Path, default=SCRATCH)
    args = parser.parse_args(argv)
    try:
        mutations = load(MUTATIONS)
        if args.only:
            unknown = set(args.only) - {m.id for m in mutations}
            if unknown:
                raise CheckError(f"unknown mutation id(s): {', '.join(sorted(unknown))}")
            mutations = [m for m in mutations if m.id in args.only]
        started = time.monotonic()
        verdicts = check(mutations, args.scratch)
    except (CheckError, subprocess.TimeoutExpired) as exc:
        print(f"mutation check: {exc}", file=sys.stderr)
        return 2
    elapsed = time.monotonic() - started
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=REPO,
                            check=True).stdout.strip()  # fmt: skip
    data = {"commit": commit, "seconds": round(elapsed), "verdicts": [asdict(v) for v in verdicts]}
    out = args.scratch.parent / "report.json"
    out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    if args.report:
        args.report.write_text(report(verdicts, commit, elapsed), encoding="utf-8")
    killed = sum(v.killed for v in verdicts)
    print(f"mutation check: killed {killed} of {len(verdicts)} ({100 * killed / len(verdicts):.0f}%); report {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
