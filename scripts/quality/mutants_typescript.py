"""Generated mutants for the TypeScript shared runtime, by StrykerJS.

Usage: python -m scripts.quality.mutants_typescript --out FILE [--only PATH ...]

StrykerJS (@stryker-mutator/core, pinned with its tap runner and TypeScript checker in
tests/mutation/package.json) mutates scripts/runtime/typescript/src/index.ts, the source of
generated/typescript/raydium-api-runtime. The TypeScript checker sets aside mutants that do
not type-check; the build compiles the instrumented source as the runtime's own tsconfig.json
says; the tap runner runs tests/typescript/runtime.test.mjs (node's own test runner, no
server) against each mutant.

Stryker works on a copy of the folder it is started in, so the run happens in a stage laid
out as the repository is for those files (the runtime's folder under generated/ and the test
under tests/, so the test's relative import is the same), with the tools' node_modules linked
in. The working tree is never written.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from ..common.paths import REPO

BUILD = REPO / "build" / "mutation"
TOOLS = REPO / "tests" / "mutation" / "node_modules"
SOURCE = "scripts/runtime/typescript/src/index.ts"
RUNTIME = "generated/typescript/raydium-api-runtime"
TEST = "tests/typescript/runtime.test.mjs"
# Stryker's mutant states (mutation-testing-report-schema) in the words of results.json
# A mutant the TypeScript checker refuses, or one that fails to load (RuntimeError: a module
# that throws before any test runs), does not build, as for Go and Rust; Stryker's own score
# leaves both out too.
STATUS = {"Killed": "killed", "Timeout": "timeout", "Survived": "survived", "NoCoverage": "no tests",
          "CompileError": "does not build", "RuntimeError": "does not build", "Ignored": "ignored"}  # fmt: skip


def config() -> dict[str, Any]:
    """stryker.config.json of the stage."""
    return {
        "$schema": "./node_modules/@stryker-mutator/core/schema/stryker-schema.json",
        "mutate": [f"{RUNTIME}/src/index.ts"],
        "testRunner": "tap",
        "tap": {"testFiles": [TEST]},
        "checkers": ["typescript"],
        "tsconfigFile": f"{RUNTIME}/tsconfig.json",
        "buildCommand": f"tsc -p {RUNTIME}/tsconfig.json",  # Stryker puts node_modules/.bin on PATH
        "coverageAnalysis": "perTest",
        "concurrency": 2,
        "timeoutMS": 10000,
        "reporters": ["json", "clear-text"],
        "jsonReporter": {"fileName": "reports/mutation.json"},
        "cleanTempDir": "always",
    }


def stage() -> Path:
    """A fresh stage: the runtime's sources, the test, the tools and the config."""
    where = BUILD / "stryker"
    shutil.rmtree(where, ignore_errors=True)
    runtime = where / RUNTIME
    runtime.mkdir(parents=True)
    shutil.copytree(REPO / "scripts" / "runtime" / "typescript" / "src", runtime / "src")
    for name in ("tsconfig.json", "package.json"):
        shutil.copy2(REPO / "scripts" / "runtime" / "typescript" / name, runtime / name)
    (where / TEST).parent.mkdir(parents=True)
    shutil.copy2(REPO / TEST, where / TEST)
    # a folder of links, not a link: Stryker links a project's node_modules folders into its
    # sandbox, and passes over a node_modules that is itself a link
    modules = where / "node_modules"
    modules.mkdir()
    for entry in TOOLS.iterdir():
        (modules / entry.name).symlink_to(entry)
    (where / "package.json").write_text('{"private": true, "type": "module"}\n', encoding="utf-8")
    (where / "stryker.config.json").write_text(json.dumps(config(), indent=1) + "\n", encoding="utf-8")
    return where


def rows(report: dict[str, Any], source: list[str]) -> list[dict[str, Any]]:
    """Each mutant of the report: id, line, mutator, status and the changed line."""
    found = []
    for mutant in next(iter(report["files"].values()))["mutants"]:
        start, end = mutant["location"]["start"], mutant["location"]["end"]
        line = source[start["line"] - 1]
        if start["line"] == end["line"]:
            changed = line[: start["column"] - 1] + mutant.get("replacement", "") + line[end["column"] - 1 :]
        else:
            changed = line[: start["column"] - 1] + mutant.get("replacement", "") + " …"
        found.append({"id": f"{mutant['id']}:{mutant['mutatorName']}", "line": start["line"],
                      "operator": mutant["mutatorName"], "status": STATUS.get(mutant["status"], "error"),
                      "change": f"{line.strip()} -> {changed.strip()}"})  # fmt: skip
    return sorted(found, key=lambda r: (r["line"], r["id"]))


def run_stryker() -> list[dict[str, Any]]:
    if not (TOOLS / ".bin" / "stryker").exists():
        sys.exit(f"mutants: StrykerJS is not installed in {TOOLS} (make mutation installs it)")
    where = stage()
    print(f"mutants: typescript: StrykerJS over {SOURCE}", flush=True)
    done = subprocess.run([str(TOOLS / ".bin" / "stryker"), "run", "stryker.config.json"], cwd=where,
                          capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        sys.exit(f"mutants: StrykerJS failed in {where} (exit {done.returncode}):\n"
                 f"{done.stdout[-3000:]}{done.stderr[-3000:]}")  # fmt: skip
    report = json.loads((where / "reports" / "mutation.json").read_text(encoding="utf-8"))
    return rows(report, (REPO / SOURCE).read_text(encoding="utf-8").splitlines())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--only", nargs="*", help="repository paths of targets; the others are not run")
    args = parser.parse_args()
    files = {SOURCE: run_stryker()} if not args.only or SOURCE in args.only else {}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"tool": "StrykerJS", "files": files}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
