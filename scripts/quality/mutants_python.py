"""Generated mutants for the Python files that carry the contract and the gates, by mutmut.

Usage: python -m scripts.quality.mutants_python --out FILE [--only PATH ...] [--survivors-of FILE]

mutmut (tests/mutation/requirements.txt) makes every mutant of a function (operators,
constants, strings, dropped arguments) and runs, for each, only the tests that call that
function, in a process forked from one that has already imported them. It expects the code
under test at `./` or `src/` and names a mutant by the file's path there, so each group of
TARGETS gets a stage of its own (build/mutation/mutmut-<group>/): `src/` (or `scripts/`) is a copy of the
group's folder, and `mutants/` (mutmut's working tree) holds a copy of tests/ and links to
the rest of the repository, so the tests find the specs, the generated code and the Node
tools where they always do. The working tree is never touched.

Writes FILE: for each target file, every mutant with its status and, for the ones that
survived, the line it changed. scripts/quality/mutation_run.py turns it into docs/testing.md.
"""

from __future__ import annotations

import argparse
import ast
import difflib
import json
import os
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..common.paths import REPO
from .repo_mirror import mirror

BUILD = REPO / "build" / "mutation"
VENV_BIN = Path(sys.executable).parent


@dataclass(frozen=True)
class Group:
    """Files mutated in one mutmut stage: `root` is copied as the stage's `src/` (as
    `<package>/` where the tests import it as that package: scripts/, whose paths.py finds the
    repository two folders up, which must be the stage's mirror of it)."""

    name: str
    root: str
    files: tuple[str, ...]  # relative to root
    tests: tuple[str, ...]  # the tests that exercise them in process
    package: str = ""  # the name the tests import root by ("" where root is on the path itself)

    @property
    def under_src(self) -> str:
        """Where the stage puts root: `src`, or `<package>` at the stage's top."""
        return self.package or "src"


CLIENT = "generated/python/pool-v3-client"
RUNTIME = "generated/python/raydium-api-runtime"
CLIENT_TESTS = ("tests/clients/test_runtime_units.py", "tests/clients/test_hostile.py",
                "tests/clients/test_failure_handling.py", "tests/clients/test_typed_decode.py",
                # the page walks (an endpoint module's iterate and iterate_pages), in process
                "tests/clients/test_paging.py",
                # the swap contract's Python tests (the other languages' cannot see a Python mutant, and their
                # builds write to the repository's build/, which the stage does not mirror)
                *(f"tests/clients/test_swap_contract.py::{t}" for t in (
                    "test_the_server_sees_a_re_encoded_quote", "test_python")))  # fmt: skip
# The release tests that call release.py in process. The others build a release in a clone
# (a minute each), which would make every mutant of release.py cost minutes.
RELEASE_TESTS = (
    "test_diff_against_head_reports_no_change",
    "test_every_past_release_is_read_back_from_git",
)
GROUPS = (
    Group(
        "scripts",
        "scripts",
        ("release/spec_diff.py", "release/release.py", "spec/source_only.py", "spec/ledger.py", "docs/pages.py",
         # the build's own checks and writers (issue 81): what the house rules, the bundle, the code
         # samples and the generators' in-process helpers get from the spec tests
         "spec/house_rules.py", "spec/bundle.py", "spec/code_samples.py", "clients/generate.py",
         "clients/openapi_generator.py", "clients/client_surface.py"),
        ("tests/spec/test_spec_diff.py", "tests/spec/test_spec_diff_rules.py", "tests/spec/test_source_only.py",
         "tests/spec/test_ledger.py", "tests/spec/test_house_rules.py", "tests/spec/test_broken_corpus.py",
         "tests/spec/test_valid.py", "tests/spec/test_client_surface.py", "tests/spec/test_generator_templates.py",
         "tests/spec/test_generator_output.py", "tests/spec/test_bundle_output.py",
         "tests/spec/test_generator_parts.py", "tests/spec/test_generator_views.py",
         "tests/spec/test_generation_stages.py",
         "tests/spec/test_code_sample_parts.py",
         "tests/docs/test_pages.py", "tests/docs/test_page_parts.py", "tests/spec/test_release_plan.py",
         "tests/spec/test_release_build.py",
         *(f"tests/spec/test_releases.py::{t}" for t in RELEASE_TESTS)),
        package="scripts",
    ),
    # The shared runtime every host's client re-exports (scripts/runtime/python, copied by
    # scripts/clients/runtimes.py), and the client class, the same template in every host's package
    # (scripts/templates/python-client/client.py.jinja): pool-v3's copy has the most tests.
    Group("python-runtime", RUNTIME, ("raydium_api_runtime/errors.py",), CLIENT_TESTS),
    # and the other templates' code (errors.py.jinja, endpoint_module.py.jinja): a rendered file
    # stands for its template, whose code it holds line for line (decision 147)
    Group("python-client", CLIENT, ("pool_v3_client/client.py", "pool_v3_client/errors.py",
                                    "pool_v3_client/api/pools/list_pools_by_cursor.py"), CLIENT_TESTS),
)  # fmt: skip
# the template each generated target of the python-client group is rendered from
CLIENT_TEMPLATES = {
    "pool_v3_client/client.py": "scripts/templates/python-client/client.py.jinja",
    "pool_v3_client/errors.py": "scripts/templates/python-client/errors.py.jinja",
    "pool_v3_client/api/pools/list_pools_by_cursor.py": "scripts/templates/python-client/endpoint_module.py.jinja",
}

# mutmut's exit codes (mutmut/stats.py, status_by_exit_code); anything else is "suspicious"
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped",
          36: "timeout", 37: "caught by type check", 24: "timeout", -24: "timeout", 152: "timeout",
          255: "timeout", -11: "segfault", -9: "segfault"}  # fmt: skip


def source_of(group: Group, file: str) -> str:
    """The repository path of a target: the template a generated file comes from is not it."""
    return f"{group.root}/{file}"


def pyproject(group: Group) -> str:
    """The stage's pyproject.toml: the repository's pytest settings, mutmut's own table."""
    pytest_ini = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    # the path entry the tests import root from becomes the stage's src/ (a package stays at the top)
    paths = ["src" if p == group.root and not group.package else p for p in pytest_ini["pythonpath"]]
    lines = [
        "[tool.pytest.ini_options]",
        f"testpaths = {json.dumps(pytest_ini['testpaths'])}",
        f"pythonpath = {json.dumps(paths)}",
        f"addopts = {json.dumps(pytest_ini['addopts'] + ' -p no:cacheprovider')}",
        f"markers = {json.dumps(pytest_ini['markers'])}",
        "",
        "[tool.mutmut]",
        f"source_paths = {json.dumps([group.under_src])}",
        f"only_mutate = {json.dumps([f'{group.under_src}/{f}' for f in group.files])}",
        f"pytest_add_cli_args_test_selection = {json.dumps(list(group.tests))}",
        "use_git_change_detection = false",
    ]
    return "\n".join(lines) + "\n"


def stage(group: Group) -> Path:
    """A fresh stage for the group (see the module docstring); returns its folder."""
    where = BUILD / f"mutmut-{group.name}"
    shutil.rmtree(where, ignore_errors=True)
    shutil.copytree(REPO / group.root, where / group.under_src, ignore=shutil.ignore_patterns("__pycache__"))
    (where / "pyproject.toml").write_text(pyproject(group), encoding="utf-8")
    # mutmut copies pyproject.toml into mutants/ itself; the repository's path of the root
    # leads to mutmut's mutated copy
    mirror(where / "mutants", own=group.root, points_to=where / "mutants" / group.under_src,
           skip=("build", "pyproject.toml"))  # fmt: skip
    return where


def functions(path: Path) -> dict[str, list[str]]:
    """Every function of a mutmut-rewritten module, by name, as source lines."""
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()  # once: ast.get_source_segment splits the whole file on every call
    found: dict[str, list[str]] = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            found[node.name] = lines[node.lineno : node.end_lineno]
    return found


def changed_line(orig: list[str], mutant: list[str]) -> str:
    """The line a mutant changed, as `old -> new` (stripped)."""
    diff = [line for line in difflib.unified_diff(orig, mutant, n=0, lineterm="") if line[:3] not in ("---", "+++")]
    removed = [line[1:].strip() for line in diff if line.startswith("-")]
    added = [line[1:].strip() for line in diff if line.startswith("+")]
    return f"{' / '.join(removed) or '(nothing)'} -> {' / '.join(added) or '(removed)'}"


def collect(group: Group, where: Path) -> dict[str, list[dict[str, Any]]]:
    """Each target file's mutants: id, function, status and, for a survivor, the change."""
    results: dict[str, list[dict[str, Any]]] = {}
    for file in group.files:
        module = where / "mutants" / group.under_src / file
        meta = json.loads(module.with_name(module.name + ".meta").read_text(encoding="utf-8"))
        bodies = functions(module)
        rows = []
        for key, code in sorted(meta["exit_code_by_key"].items()):
            name = key.rpartition(".")[2]
            function = name.partition("__mutmut_")[0]
            status = STATUS.get(code, "not checked" if code is None else "suspicious")
            row: dict[str, Any] = {"id": key, "function": function.removeprefix("x_").replace("ǁ", "."),
                                   "status": status}  # fmt: skip
            if status in ("survived", "no tests"):
                row["change"] = changed_line(bodies.get(f"{function}__mutmut_orig", []), bodies.get(name, []))
            rows.append(row)
        results[source_of(group, file)] = rows
    return results


def mutate_group(group: Group, names: tuple[str, ...] = ()) -> dict[str, list[dict[str, Any]]]:
    """Every mutant of the group's files judged, or only the mutants named (mutmut's keys)."""
    where = stage(group)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "NO_COLOR": "1"}
    print(f"mutants: {group.name}: mutmut over {', '.join(group.files)}"
          + (f", {len(names)} mutants again" if names else ""), flush=True)  # fmt: skip
    done = subprocess.run([str(VENV_BIN / "mutmut"), "run", "--max-children", str(os.cpu_count() or 2), *names],
                          cwd=where, env=env, capture_output=True, text=True, check=False)  # fmt: skip
    if done.returncode != 0:
        sys.exit(
            f"mutants: mutmut failed in {where} (exit {done.returncode}):\n{done.stdout[-3000:]}{done.stderr[-3000:]}"
        )
    return collect(group, where)


def again(group: Group, earlier: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The group's rows of an earlier run, with the mutants it left alive (survived or no test
    ran, and not `explained` as equivalent) judged again by the tests as they are now. The file
    must be as it was: the same mutants, or the run stops and says to run it whole."""
    marked = {source_of(group, f): earlier[source_of(group, f)] for f in group.files}
    alive = tuple(row["id"] for file_rows in marked.values() for row in file_rows
                  if row["status"] in ("survived", "no tests") and not row.get("explained"))  # fmt: skip
    rows = {path: [{k: v for k, v in row.items() if k != "explained"} for row in file_rows]
            for path, file_rows in marked.items()}  # fmt: skip
    if not alive:
        return rows
    judged = mutate_group(group, alive)
    again_ids = set(alive)
    for path, file_rows in rows.items():
        now = {row["id"]: row for row in judged[path]}
        if sorted(now) != sorted(row["id"] for row in file_rows):
            sys.exit(f"mutants: the earlier rows are not the mutants of {path} as it is now: run it whole")
        judged[path] = [now[row["id"]] if row["id"] in again_ids else row for row in file_rows]
    return judged


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--only", nargs="*", help="repository paths of targets; the others are not run")
    parser.add_argument("--survivors-of", type=Path, metavar="FILE",
                        help="judge again only the survivors of this earlier output of the tool, once tests were added")
    args = parser.parse_args()
    earlier = json.loads(args.survivors_of.read_text(encoding="utf-8"))["files"] if args.survivors_of else {}
    results: dict[str, Any] = {}
    for group in GROUPS:
        files = tuple(f for f in group.files if not args.only or source_of(group, f) in args.only)
        if files:
            chosen = Group(group.name, group.root, files, group.tests, group.package)
            results.update(again(chosen, earlier) if args.survivors_of else mutate_group(chosen))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"tool": "mutmut", "files": results}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
