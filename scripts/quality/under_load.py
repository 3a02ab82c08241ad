"""`make test-under-load`: `make test` while every core is kept busy by an unrelated load,
several times in a row, with each run's time and outcome in tests/under-load.json and
docs/testing.md.

Usage: python -m scripts.quality.under_load [--runs N] [--report FILE]

The load is one busy loop per core (a Python process spinning at the same priority as the
tests), so the suite gets about half the CPU it gets on a quiet machine. Each busy loop
ends by itself when this script goes away (it watches its parent), so an interrupted run
leaves no load behind. The runs stop at the first failure: the target asks for N passing
runs in a row.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from ..common.paths import REPO
from . import fresh_make, mutation_run

LOGS = REPO / "build" / "under-load"

# Spins until its parent (this script) is gone; checks once per ten million steps.
BUSY_LOOP = "import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n    for _ in range(10_000_000): pass\n"


def summary(log: Path) -> str:
    """pytest's last line ("N passed, M failed in S s"), or the log's last line."""
    lines = [line.strip("= \n") for line in log.read_text(encoding="utf-8", errors="replace").splitlines()]
    found = [line for line in lines if " passed" in line or " failed" in line or " error" in line]
    return (found or [line for line in lines if line] or ["(no output)"])[-1]


def run_once(index: int) -> dict[str, Any]:
    LOGS.mkdir(parents=True, exist_ok=True)
    log = LOGS / f"run-{index}.log"
    started = time.monotonic()
    with log.open("w", encoding="utf-8") as out:
        # as a user starts it: with the parent make's jobserver variables its steps would run at -j1
        code = subprocess.run(["make", "test"], cwd=REPO, stdout=out, stderr=subprocess.STDOUT, check=False,
                              env=fresh_make.environment(os.environ)).returncode  # fmt: skip
    seconds = round(time.monotonic() - started)
    return {"run": index, "exit": code, "seconds": seconds, "summary": summary(log), "log": str(log.relative_to(REPO))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--report", type=Path, help="re-render the testing page here (docs/testing.md)")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    load = [subprocess.Popen([sys.executable, "-c", BUSY_LOOP]) for _ in range(cores)]
    commit = mutation_run.head()
    runs: list[dict[str, Any]] = []
    passed = False
    try:
        for index in range(1, args.runs + 1):
            print(f"test-under-load: run {index} of {args.runs}, {cores} busy loops", flush=True)
            runs.append(run_once(index))
            print(f"test-under-load: run {index}: exit {runs[-1]['exit']} after {runs[-1]['seconds']} s: "
                  f"{runs[-1]['summary']} ({runs[-1]['log']})", flush=True)  # fmt: skip
            passed = len(runs) == args.runs and all(r["exit"] == 0 for r in runs)
            # recorded after each run, so that a run cut short keeps the runs it finished
            record = {"commit": commit, "cores": cores, "load": f"{cores} busy loops", "runs": runs,
                      "planned": args.runs, "passed": passed}  # fmt: skip
            mutation_run.UNDER_LOAD.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
            if args.report:
                mutation_run.write_page(args.report)
            if runs[-1]["exit"] != 0:
                break
    finally:
        for process in load:
            process.kill()
            process.wait()
    if not passed:
        sys.exit(f"test-under-load: failed in run {len(runs)} of {args.runs} (see {runs[-1]['log']})")


if __name__ == "__main__":
    main()
