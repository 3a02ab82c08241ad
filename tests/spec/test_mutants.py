"""The generated-mutant tooling of `make mutation`: our Go, Rust, Ruby and PHP operator set is
mechanical and reads code rather than text, the targets and their templates exist, and the
scores of docs/testing.md count a run's results (build output) as the page says."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from project import REPO
from scripts.quality import mutants_native, mutants_python, mutants_typescript, mutation_run
from scripts.quality.repo_mirror import mirror

GO = """func f(a int, b string) bool {
	x := "a == b && c"  // a < b
	if a == 1 && b != "" {
		record(a + 2)
	}
	return a >= 3
}
"""

RUST = """fn f(a: u64) -> Result<Vec<u8>, Error> {
    let x = 'a';
    if a < 10 || a > 20 {
        send(a - 1);
    }
    Ok(Vec::new())
}
"""


def ids(text: str, language: str) -> list[str]:
    return [m.id for m in mutants_native.mutants(text, language)]


def test_the_go_operators_apply_everywhere_they_fit_and_nowhere_else() -> None:
    assert ids(GO, "go") == [
        '3:compare:if a == 1 && b != "" {->if a != 1 && b != "" {',
        '3:compare:if a == 1 && b != "" {->if a == 1 && b == "" {',
        '3:logic:if a == 1 && b != "" {->if a == 1 || b != "" {',
        '3:constant:if a == 1 && b != "" {->if a == 2 && b != "" {',
        "4:arith:record(a + 2)->record(a - 2)",
        "4:constant:record(a + 2)->record(a + 3)",
        "4:drop:record(a + 2)->",
        "6:compare:return a >= 3->return a < 3",
        "6:constant:return a >= 3->return a >= 4",
    ]  # the string and the comment on line 2 are not code


def test_the_rust_operators_leave_generics_arrows_and_characters_alone() -> None:
    assert ids(RUST, "rust") == [
        "2:drop:let x = 'a';->",
        "3:compare:if a < 10 || a > 20 {->if a >= 10 || a > 20 {",
        "3:compare:if a < 10 || a > 20 {->if a < 10 || a <= 20 {",
        "3:logic:if a < 10 || a > 20 {->if a < 10 && a > 20 {",
        "3:constant:if a < 10 || a > 20 {->if a < 11 || a > 20 {",
        "3:constant:if a < 10 || a > 20 {->if a < 10 || a > 21 {",
        "4:arith:send(a - 1);->send(a + 1);",
        "4:constant:send(a - 1);->send(a - 2);",
        "4:drop:send(a - 1);->",
    ]


RUBY = """# a == b
def f(a, b)
  x = 'a == b && c' # a < b
  return nil if a == 1 || b
  record(a + 2)
end
"""

PHP = """<?php
use A\\B;
/** a == b */
function f(int $a): bool
{
    $x = 'a == b && c'; // a < b
    record($a - 1);
    return $a >= 3 && true;
}
"""


def test_the_ruby_operators_leave_strings_comments_and_keywords_alone() -> None:
    assert ids(RUBY, "ruby") == [
        "3:drop:x = 'a == b && c' # a < b->",
        "4:compare:return nil if a == 1 || b->return nil if a != 1 || b",
        "4:logic:return nil if a == 1 || b->return nil if a == 1 && b",
        "4:constant:return nil if a == 1 || b->return nil if a == 2 || b",
        "4:drop:return nil if a == 1 || b->",
        "5:arith:record(a + 2)->record(a - 2)",
        "5:constant:record(a + 2)->record(a + 3)",
        "5:drop:record(a + 2)->",
    ]  # `def` and `end` are not statements to drop


def test_the_php_operators_leave_strings_docblocks_and_imports_alone() -> None:
    assert ids(PHP, "php") == [
        "6:drop:$x = 'a == b && c'; // a < b->",
        "7:arith:record($a - 1);->record($a + 1);",
        "7:constant:record($a - 1);->record($a - 2);",
        "7:drop:record($a - 1);->",
        "8:compare:return $a >= 3 && true;->return $a < 3 && true;",
        "8:logic:return $a >= 3 && true;->return $a >= 3 || true;",
        "8:constant:return $a >= 3 && true;->return $a >= 4 && true;",
        "8:constant:return $a >= 3 && true;->return $a >= 3 && false;",
    ]


def test_nothing_inside_a_block_comment_is_mutated() -> None:
    source = "/*\nAPI version: 2.3.5\nif a == b && c\n*/\nx := 1 /* 2 */\n"
    assert [(m.line, m.new) for m in mutants_native.mutants(source, "go")] == [(5, "x := 2 /* 2 */")]


def test_nothing_inside_a_ruby_block_comment_is_mutated() -> None:
    source = "=begin\nThe version: 4.1.3\nx = 1 if a == b\n=end\n\nx = 1\n"
    assert [(m.line, m.new) for m in mutants_native.mutants(source, "ruby")] == [(6, "x = 2"), (6, "")]


def test_a_mutant_changes_its_line_only() -> None:
    mutant = mutants_native.mutants(GO, "go")[6]
    changed = mutants_native.apply(GO, mutant)
    assert [a for a, b in zip(GO.splitlines(), changed.splitlines(), strict=True) if a != b] == ["\t\trecord(a + 2)"]
    assert changed.splitlines()[3] == ""


@pytest.mark.parametrize("path", sorted(mutation_run.sources()))
def test_every_target_and_its_template_exist(path: str) -> None:
    _, deps = mutation_run.sources()[path]
    assert (REPO / path).is_file(), path
    assert any((REPO / d).is_file() and d != path for d in deps) or path.startswith("scripts/"), deps


def test_a_stryker_report_becomes_rows_with_the_changed_line() -> None:
    """StrykerJS's JSON report (mutation-testing-report-schema): each mutant's status in our
    words (a mutant the TypeScript checker refuses does not build, as for Go and Rust), and the
    line it changed, from its location (columns are 1-based)."""
    source = ["const a = 1;", "  if (x > 200) return y;"]
    mutant = {"id": "7", "mutatorName": "EqualityOperator", "replacement": "x >= 200",
              "location": {"start": {"line": 2, "column": 7}, "end": {"line": 2, "column": 14}}}  # fmt: skip
    statuses = ["Killed", "Survived", "NoCoverage", "CompileError", "RuntimeError", "Timeout"]
    report = {"files": {"src/index.ts": {"mutants": [{**mutant, "id": str(i), "status": s}
                                                       for i, s in enumerate(statuses)]}}}  # fmt: skip
    rows = mutants_typescript.rows(report, source)
    assert [r["status"] for r in rows] == ["killed", "survived", "no tests", "does not build", "does not build",
                                           "timeout"]  # fmt: skip
    assert rows[0]["change"] == "if (x > 200) return y; -> if (x >= 200) return y;"
    assert (rows[0]["line"], rows[0]["operator"], rows[0]["id"]) == (2, "EqualityOperator", "0:EqualityOperator")


def test_the_stryker_stage_mirrors_the_repository_layout() -> None:
    """The test imports the runtime by the path it has in the repository, so the stage keeps it."""
    config = mutants_typescript.config()
    assert config["mutate"] == ["generated/typescript/raydium-api-runtime/src/index.ts"]
    assert config["tap"] == {"testFiles": ["tests/typescript/runtime.test.mjs"]}
    assert config["checkers"] == ["typescript"]
    test = (REPO / mutants_typescript.TEST).read_text(encoding="utf-8")
    assert '"../../generated/typescript/raydium-api-runtime/dist/index.js"' in test


def test_the_python_stage_imports_the_mutated_copy() -> None:
    """mutmut names a mutant by its path under its source folder: the stage's pytest must import
    it from there. scripts/ stays at the stage's top, so its paths.py finds the stage's mirror of
    the repository two folders up (under src/ it found src/, with no generated/ in it)."""
    scripts = next(g for g in mutants_python.GROUPS if g.root == "scripts")
    staged = mutants_python.pyproject(scripts)
    assert 'pythonpath = [".", "tests"]' in staged  # the tests import scripts.* from ./scripts/
    assert 'source_paths = ["scripts"]' in staged
    assert 'only_mutate = ["scripts/release/spec_diff.py"' in staged
    runtime = next(g for g in mutants_python.GROUPS if g.name == "python-runtime")
    assert 'source_paths = ["src"]' in mutants_python.pyproject(runtime)


def test_the_score_leaves_out_stillborn_and_equivalent_mutants() -> None:
    rows = [{"status": s} for s in ("killed", "timeout", "survived", "no tests", "does not build", "equivalent")]
    assert mutation_run.score(rows) == (2, 4, 50.0)


def test_a_survivor_is_listed_and_mutants_no_test_ran_are_counted_per_function() -> None:
    rows = [{"status": "no tests", "function": "walk", "change": "a -> b"}, {"status": "killed", "function": "walk"},
            {"status": "survived", "function": "send", "change": "x < 1 -> x <= 1"},
            {"status": "no tests", "function": "main", "change": "c -> d"},
            {"status": "no tests", "function": "walk", "change": "e -> f"}]  # fmt: skip
    parts = mutation_run.measured("scripts/x.py", {"mutants": rows, "tool": "mutmut", "commit": "abc1234"})
    assert parts.row == "| `scripts/x.py` | mutmut | `abc1234` | 5 | 1 | 1 | 3 | 20.0% | below |"
    assert parts.survivors == ('??? note "`scripts/x.py`: 4 left (3 with no test ran)"', "",
                               "    - `send` (survived): `x < 1 -> x <= 1`",
                               "    - `walk` (no test ran): 2 mutants",
                               "    - `main` (no test ran): 1 mutant")  # fmt: skip


def test_the_equivalent_mutants_are_checked_against_the_results_a_run_writes() -> None:
    """`make mutation` refuses an equivalent.yaml whose entry is listed twice, names no recorded
    mutant, has no reason, or that a rule explains already; a file the run did not reach is not
    judged (its results are build output)."""
    entries = yaml.safe_load(mutation_run.EQUIVALENT.read_text(encoding="utf-8")) or []
    assert all(e["why"].strip() for e in entries)
    listed = next(e for e in entries if "change" in e)
    row = {"status": "survived", "change": listed["change"]}
    results = {"files": {listed["file"]: {"mutants": [row]}}}
    problems = mutation_run.unexplained(results)
    assert not [p for p in problems if f"{listed['file']}: {listed['change']}" in p]
    results["files"][listed["file"]]["mutants"] = [{"status": "survived", "change": "another line"}]
    assert f"no recorded mutant has it: {listed['file']}: {listed['change']}" in mutation_run.unexplained(results)
    assert mutation_run.unexplained({"files": {}}) == [p for p in mutation_run.unexplained({"files": {}})
                                                       if p.startswith(("listed twice", "no reason"))]  # fmt: skip
    at = next(e for e in entries if "line" in e)  # the same change fits another line: the line counts
    elsewhere = {"files": {at["file"]: {"mutants": [{"status": "survived", "change": at["change"], "line": 1}]}}}
    assert f"no recorded mutant has it: {at['file']}: {at['change']} (line {at['line']})" in \
        mutation_run.unexplained(elsewhere)
    elsewhere["files"][at["file"]]["mutants"][0]["line"] = at["line"]
    assert not [p for p in mutation_run.unexplained(elsewhere) if at["change"] in p]
    rule = next(e for e in entries if "same_without" in e)
    row = {"status": "survived", "change": "a -> b"}
    quiet = {"files": {"scripts/spec/bundle.py": {"mutants": [row]}}}
    assert not [p for p in mutation_run.unexplained(quiet) if "explains nothing" in p]  # its other files not run
    quiet = {"files": {path: {"mutants": [row]} for path in mutation_run.sources() if path.startswith("scripts/")}}
    assert f"a rule explains nothing: {rule['files']}" in mutation_run.unexplained(quiet)


def test_a_rule_explains_a_mutant_that_differs_only_where_its_pattern_matches() -> None:
    rule = mutation_run.Rule("scripts/*.py", re.compile(r'encoding=(?:"utf-8"|None)'), "why")
    write = 'p.write_text(t, encoding="utf-8")'
    assert rule.explains("scripts/a.py", f"{write} -> p.write_text(t, encoding=None)")
    assert rule.explains("scripts/a.py", f"{write} -> p.write_text(t, )")
    assert rule.explains("scripts/a.py", f"def f() -> None: {write} -> def f() -> None: p.write_text(t, )")
    assert not rule.explains("scripts/a.py", f'{write} -> p.write_text(None, encoding="utf-8")')
    assert not rule.explains("scripts/a.py", f'{write} -> p.write_text(t, encoding="latin-1")')
    assert not rule.explains("generated/a.py", f"{write} -> p.write_text(t, )")
    assert not rule.explains("scripts/a.py", "x = 1 -> x = 2")
    known = mutation_run.Equivalents({("f", "a -> b", None): "one", ("f", "nil -> (removed)", 7): "at 7"}, [rule])
    assert (known.why("f", "a -> b"), known.why("scripts/a.py", f"{write} -> p.write_text(t, )")) == ("one", "why")
    assert known.why("f", "a -> c") is None
    assert (known.why("f", "nil -> (removed)", 7), known.why("f", "nil -> (removed)", 8)) == ("at 7", None)


def test_a_run_keeps_the_page_s_word_on_the_files_it_did_not_measure() -> None:
    """The raw results are build output of one machine (decision 148): a run that measures one
    file rewrites its parts of docs/testing.md and carries every other file's row, survivors and
    equivalent mutants as the page had them, and the overall figure counts both."""
    first, second = sorted(mutation_run.sources())[:2]
    survivor = {"status": "survived", "change": "a < b -> a >= b", "line": 3}
    both = {"files": {
        first: {"tool": "t", "commit": "abc1234", "mutants": [{"status": "killed"}, survivor]},
        second: {"tool": "t", "commit": "def5678", "mutants": [{"status": "killed"}] * 3 + [
            {"status": "survived", "change": "x -> y", "line": 9}]},
    }}  # fmt: skip
    before = mutation_run.report(both)
    assert "**Overall: 4 of 6 detected (66.7%).**" in before
    rerun = {"files": {second: {"tool": "t", "commit": "0a0a0a0", "mutants": [{"status": "killed"}] * 4}}}
    after = mutation_run.report(rerun, previous=mutation_run.carried(before + "\n"))
    row = next(line for line in before.splitlines() if line.startswith(f"| `{first}`"))
    assert row in after.splitlines()
    assert "| `0a0a0a0` | 4 | 4 | 0 | 0 | 100.0% | meets |" in after
    assert f'??? note "`{first}`: 1 left (0 with no test ran)"' in after
    assert "`line 3` (survived): `a < b -> a >= b`" in after
    assert "x -> y" not in after
    assert "**Overall: 5 of 6 detected (83.3%).**" in after
    assert mutation_run.report(rerun) != after  # without the page, the first file is not run yet
    assert mutation_run.report({"files": {}}, previous=mutation_run.carried(after)) == after


def test_the_committed_page_is_carried_whole() -> None:
    """With no results on this machine (a fresh clone), the page renders as it is committed."""
    committed = (REPO / "docs" / "testing.md").read_text(encoding="utf-8")
    assert mutation_run.page(REPO / "build" / "no-such-results.json", committed) == committed


def collected(tests: tuple[str, ...]) -> set[str]:
    out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *tests],
                         cwd=REPO, capture_output=True, text=True, check=False)  # fmt: skip
    return {line for line in out.stdout.splitlines() if "::" in line}


@pytest.mark.parametrize("name", sorted(n for n, layer in mutants_native.LAYERS.items() if layer.first))
def test_a_layer_s_fast_tests_are_some_of_its_own(name: str) -> None:
    """The tests a native layer runs first are among its whole suite: running them first changes
    how soon a mutant fails, never which tests judge it (decision 148)."""
    layer = mutants_native.LAYERS[name]
    first, whole = collected(layer.first), collected(layer.tests)
    assert first, layer.first
    assert first < whole


def test_the_php_mirror_has_its_own_autoloader(tmp_path: Path) -> None:
    """PHP's __DIR__ resolves links: through a linked scripts/ the autoloader would load the
    repository's runtime instead of the mirror's mutant."""
    layer = mutants_native.LAYERS["php"]
    where = mirror(tmp_path / "repo", own=layer.client, copies=mutants_native.FINDS_THE_REPOSITORY["php"])
    autoload = where / "scripts" / "clients" / "autoload.php"
    assert autoload.is_file()
    assert not autoload.is_symlink()
    assert not (where / "scripts" / "clients").is_symlink()
    assert (where / "scripts" / "clients" / "generate.py").is_symlink()
    assert not (where / layer.client).is_symlink()


def test_a_second_look_judges_only_the_survivors_of_the_same_mutants() -> None:
    """`make mutation SURVIVORS=1` (tests were added): the killed and stillborn rows stay as they
    were, the survivors are judged again, and rows of other mutants (the file changed) stop it."""
    made = mutants_native.mutants(GO, "go")
    statuses = ["killed", "survived", "does not build", "survived", "survived", *["killed"] * 4]
    earlier: list[dict[str, Any]] = [{"id": m.id, "status": s} for m, s in zip(made, statuses, strict=True)]
    earlier[4]["explained"] = True  # equivalent.yaml explains it: no test can kill it
    kept, again = mutants_native.survivors(made, earlier, "f.go")
    assert [m.id for m in again] == [made[1].id, made[3].id]
    assert [r["status"] for r in kept] == ["killed", "does not build", "survived", *["killed"] * 4]
    assert not [r for r in kept if "explained" in r]
    with pytest.raises(SystemExit, match="run it whole"):
        mutants_native.survivors(made[1:], earlier, "f.go")


def test_a_second_look_by_mutmut_judges_only_the_mutants_left_alive(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same for mutmut's targets: the mutants that survived or met no test (and are not
    explained) are named to mutmut again, the other rows stay, and other mutants stop it."""
    group = mutants_python.Group("g", "src", ("m.py",), ())
    statuses = ["killed", "survived", "no tests", "survived", "timeout"]
    earlier: dict[str, list[dict[str, Any]]] = {
        "src/m.py": [{"id": f"m.x_f__mutmut_{i}", "status": s} for i, s in enumerate(statuses, 1)]}
    earlier["src/m.py"][3]["explained"] = True
    named: list[tuple[str, ...]] = []

    def judged(ids: list[str]) -> Any:
        def run(chosen: mutants_python.Group, names: tuple[str, ...] = ()) -> dict[str, list[dict[str, Any]]]:
            named.append(names)
            return {"src/m.py": [{"id": i, "status": "killed" if i in names else "not checked"} for i in ids]}

        return run

    monkeypatch.setattr(mutants_python, "mutate_group", judged([r["id"] for r in earlier["src/m.py"]]))
    rows = mutants_python.again(group, earlier)["src/m.py"]
    assert named == [("m.x_f__mutmut_2", "m.x_f__mutmut_3")]
    assert [r["status"] for r in rows] == ["killed", "killed", "killed", "survived", "timeout"]
    assert not [r for r in rows if "explained" in r]
    monkeypatch.setattr(mutants_python, "mutate_group", judged(["m.x_f__mutmut_9"]))
    with pytest.raises(SystemExit, match="run it whole"):
        mutants_python.again(group, earlier)
    quiet = {"src/m.py": [{"id": "m.x_f__mutmut_1", "status": "killed"}]}
    assert mutants_python.again(group, quiet) == quiet  # nothing alive: mutmut is not run
    assert len(named) == 2


def test_a_second_look_leaves_out_the_survivors_explained_as_equivalent() -> None:
    entries = yaml.safe_load(mutation_run.EQUIVALENT.read_text(encoding="utf-8")) or []
    at = next(e for e in entries if "line" in e)
    rows = [{"id": "a", "status": "survived", "change": at["change"], "line": at["line"]},
            {"id": "b", "status": "survived", "change": at["change"], "line": at["line"] + 1}]  # fmt: skip
    results = {"files": {at["file"]: {"mutants": rows}, "other.rb": {"mutants": rows}}}
    marked = mutation_run.recorded_rows(results, [at["file"]])
    assert list(marked) == [at["file"]]
    assert [r["explained"] for r in marked[at["file"]]] == [True, False]
