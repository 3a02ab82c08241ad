"""Deliberately broken specs are rejected with a message naming the file and the problem.

Each case in tests/broken/ runs through the same commands the Makefile runs, in the same
order (structural validation, house rules, bundle); the first that fails must name the
case's file and the problem. The control case passes all of them, so each rejection is
caused by the case's own defect. The lint cases are also rejected by both linters.

The control case runs the commands as `make` does, one process each. The other cases call
the same scripts' `main` in this process, with what they print captured: the same arguments,
the same exit status and the same messages, without a Python start and its imports per stage
(docs/decisions/, 88).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import linters
from project import BROKEN, LINT_ENV, NODE_BIN, REPO, SOURCE_DOCUMENT, executable, in_process
from scripts.spec import bundle, house_rules
from scripts.spec import validate as validate_spec

pytestmark = pytest.mark.tooling  # tests the checkers themselves, not the specs: run by make test


# case -> (stage that rejects it, words the message must contain)
CASES: dict[str, tuple[str, list[str]]] = {
    "dangling-ref": ("validate", ["NoSuchResponse"]),
    "invalid-example": (
        "house rules",
        ["example does not match its schema", "success", "'yes' is not of type 'boolean'"],
    ),
    "example-breaks-format": ("house rules", ["example does not match its schema", "'not-a-uuid' is not a 'uuid'"]),
    "open-object-unmarked": ("house rules", ["/components/schemas/Pools", "open object without a marker"]),
    "missing-429": ("house rules", ["/paths/~1pools~1info~1ids/get", "no 429 response"]),
    "invented-name": ("house rules", ["invented name", "poolCountTotal"]),
    "bad-marker": ("house rules", ["x-evidence", "invalid x-evidence value", "is not of type 'array'"]),
    "duplicate-key": ("validate", ["duplicate key 'summary'"]),
    "colliding-component": ("bundle", ["component name collision", "Renamed Envelope to Envelope-2"]),
    "unsafe-integer": ("house rules", ["18446744073709551615", "beyond 2^53"]),
}
# Cases made from the control case by one edit (old text -> new text), so that every rule of
# scripts/spec/house_rules.py's docstring has a case without a copy of the control per rule:
# case -> (old, new, stage that rejects it, words the message must contain)
SIGNATURE = "'@raydium-io/raydium-sdk-v2@0.2.73-alpha src/api/type.ts ApiV3Token'"
OPERATION = "      tags: [Pools]\n"
POOLS = "      x-not-shown: Field names of the pool records are not shown.\n"
EXAMPLES = ("              examples:\n                pools:\n                  summary: Envelope only\n"
            "                  value:\n                    id: 4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a\n"
            "                    success: true\n                    data: {}\n")  # fmt: skip
IDS_SCHEMA = "          schema:\n            type: string\n"
IDS_EXAMPLE = "          example: 58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2\n"
# an error-code catalogue beside x-extensible-enum [REQ_WALLET_ERROR, REQ_SLIPPAGE_BPS_ERROR]
ERROR_CODES = ("            x-extensible-enum: [REQ_WALLET_ERROR, REQ_SLIPPAGE_BPS_ERROR]\n            x-error-codes:\n"
               "              - {{code: {first}, meaning: m, endpoints: [getPoolsByIds], action: fix-request, "
               "advice: a, basis: {basis}{evidence}}}\n"
               "              - {{code: {second}, meaning: m, endpoints: [getPoolsByIds], action: fix-request, "
               "advice: a, basis: source}}\n")  # fmt: skip
EDIT_CASES: dict[str, tuple[str, str, str, list[str]]] = {
    "unknown-extension": (OPERATION, OPERATION + "      x-made-up: true\n", "house rules",
                          ["/paths/~1pools~1info~1ids/get/x-made-up", "unknown extension x-made-up"]),
    "misplaced-extension": (OPERATION, OPERATION + "      x-rate-limit: {scope: per-source-ip}\n", "house rules",
                            ["x-rate-limit is not allowed on a operation"]),
    "not-shown-talks-about-evidence": (POOLS, "      x-not-shown: Not shown; public evidence names some fields.\n",
                                       "house rules", ["/components/schemas/Pools/x-not-shown",
                                                       "must not talk about evidence"]),
    "evidence-widens-a-type": (POOLS, POOLS + "      type: [object, string]\n      x-evidence:\n        - source: "
                               f"{SIGNATURE}\n          withoutEvidence: {{types: [object]}}\n", "house rules",
                               ["evidence may only narrow what the source states"]),
    "default-citation-on-a-schema": (POOLS, POOLS + "      x-evidence:\n        - source: "
                                     f"{SIGNATURE}\n          withoutEvidence: {{default: x}}\n", "house rules",
                                     ["withoutEvidence.default belongs on a server variable"]),
    "server-default-cited-without-placeholder": (
        "        default: https://api-v3.raydium.io\n",
        f"        default: https://api-v3.raydium.io\n        x-evidence:\n          - source: {SIGNATURE}\n",
        "house rules", ["/servers/0/variables/base_url/x-evidence", "give withoutEvidence.default"]),
    "nullable": (POOLS, POOLS + "      nullable: true\n", "house rules", ["`nullable` keyword is not allowed"]),
    "no-operation-id": ("      operationId: getPoolsByIds\n", "", "house rules", ["operation has no operationId"]),
    "no-summary": ("      summary: Get pools by id\n", "", "house rules", ["operation has no summary"]),
    "two-tags": (OPERATION, "      tags: [Pools, Farms]\n", "house rules",
                 ["/paths/~1pools~1info~1ids/get", "exactly one tag, has 2"]),
    "no-tag": (OPERATION, "", "house rules", ["exactly one tag, has 0"]),
    "no-envelope": ("                $ref: '#/components/schemas/PoolsResponse'\n",
                    "                $ref: '#/components/schemas/Pools'\n", "house rules",
                    ["/paths/~1pools~1info~1ids/get/responses/200", "does not use the envelope"]),
    "media-type-without-examples": (EXAMPLES, "", "house rules", ["media type has no examples"]),
    "enum-descriptions-mismatch": (IDS_SCHEMA, IDS_SCHEMA + "            x-enum-descriptions: [one, two]\n",
                                   "house rules", ["x-enum-descriptions has 2 entries for 0 enum values"]),
    "invalid-parameter-example": (IDS_EXAMPLE, "          example: 5\n", "house rules",
                                  ["/paths/~1pools~1info~1ids/get/parameters/0", "does not match its schema"]),
    "error-codes-disagree": (IDS_SCHEMA, IDS_SCHEMA + ERROR_CODES.format(first="REQ_SLIPPAGE_BPS_ERROR",
                             second="REQ_WALLET_ERROR", basis="source", evidence=""), "house rules",
                             ["x-error-codes", "must be the x-extensible-enum values, in the same order"]),
    "error-code-basis": (IDS_SCHEMA, IDS_SCHEMA + ERROR_CODES.format(first="REQ_WALLET_ERROR",
                         second="REQ_SLIPPAGE_BPS_ERROR", basis="raydium-code",
                         evidence=f", x-evidence: [{{source: {SIGNATURE}}}]"), "house rules",
                         ["basis `source` exactly where the source document names the code"]),
    # scripts/spec/code_samples.py: a sample shows real values, so a required parameter needs one
    "required-parameter-without-example": (IDS_EXAMPLE, "", "bundle",
                                           ["GET /pools/info/ids", "required parameter 'ids' has no example"]),
}  # fmt: skip
# case -> (redocly rule, spectral rule) that must reject it too
LINT_CASES = {
    "open-object-unmarked": ("house/open-object-marked", "house-open-object-marked"),
    "missing-429": ("rule/operation-has-429", "house-operation-429"),
    "invalid-example": ("no-invalid-media-type-examples", "oas3-valid-media-example"),
}
ENV = LINT_ENV


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, cwd=REPO, env=ENV, timeout=120, check=False
    )


def pipeline(case: str, out: Path, folder: Path = BROKEN, processes: bool = False) -> tuple[str | None, str]:
    """Run the Makefile's steps on a case; return (first failing stage, its output). With
    `processes`, each step is a command as make runs it; otherwise the script's `main` here."""
    spec = (folder / case / "openapi.yaml").relative_to(REPO) if folder == BROKEN else folder / case / "openapi.yaml"
    files = sorted(str(p.relative_to(REPO) if folder == BROKEN else p) for p in (folder / case).glob("*.yaml"))
    stages: list[tuple[str, ModuleType, list[str | Path]]] = [
        ("validate", validate_spec, [*files]),
        ("house rules", house_rules, ["--source-document", SOURCE_DOCUMENT, spec]),
        ("bundle", bundle, ["--redocly", NODE_BIN / "redocly", spec, out, case]),
    ]
    for stage, script, arguments in stages:
        argv = [str(a) for a in arguments]
        if processes:
            proc = run(sys.executable, "-m", script.__name__, *argv)
            status, output = proc.returncode, proc.stdout + proc.stderr
        else:
            status, output = in_process(script.main, argv, REPO)  # the paths are the repository's, as make gives them
        if status != 0:
            return stage, output
    return None, ""


def test_corpus_lists_every_case() -> None:
    on_disk = {p.name for p in BROKEN.iterdir() if p.is_dir()} - {"control"}
    assert on_disk == set(CASES)


def test_control_case_passes_the_pipeline(tmp_path: Path) -> None:
    """As `make` runs it, one process a step; and the same in this process."""
    stage, output = pipeline("control", tmp_path, processes=True)
    assert stage is None, output
    assert (tmp_path / "control.yaml").is_file()
    stage, output = pipeline("control", tmp_path / "here")
    assert stage is None, output
    assert (tmp_path / "here" / "control.yaml").read_bytes() == (tmp_path / "control.yaml").read_bytes()


@pytest.mark.parametrize("case", ["dangling-ref", "invalid-example", "colliding-component"])
def test_a_broken_case_fails_alike_as_a_command(case: str, tmp_path: Path) -> None:
    """One case per stage, run as commands: the stage and the output the in-process run gives."""
    assert pipeline(case, tmp_path / "commands", processes=True) == pipeline(case, tmp_path / "here")


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_spec_is_rejected_with_a_clear_message(case: str, tmp_path: Path) -> None:
    expected_stage, words = CASES[case]
    stage, output = pipeline(case, tmp_path)
    assert stage == expected_stage, output
    assert f"tests/broken/{case}/" in output, f"the message does not name the file:\n{output}"
    for word in words:
        assert word in output, f"{word!r} missing from:\n{output}"
    assert not list(tmp_path.glob(f"{case}.*")), "a failed step left output behind"


def edited_control(tmp_path: Path, case: str, old: str, new: str) -> Path:
    """The control case with one edit, in tmp_path/cases/<case>/ (its $refs made absolute)."""
    control = (BROKEN / "control" / "openapi.yaml").read_text(encoding="utf-8")
    assert control.count(old) == 1, f"{case}: the edit's old text is not in the control case once"
    folder = tmp_path / "cases"
    (folder / case).mkdir(parents=True)
    edited = control.replace(old, new).replace("'../../../spec/common/", f"'{REPO / 'spec' / 'common'}/")
    (folder / case / "openapi.yaml").write_text(edited, encoding="utf-8")
    return folder


def test_the_copied_control_passes_without_an_edit(tmp_path: Path) -> None:
    """So each edit case is rejected for its edit, not for being a copy."""
    folder = edited_control(tmp_path, "copy", OPERATION, OPERATION)
    stage, output = pipeline("copy", tmp_path / "out", folder)
    assert stage is None, output


@pytest.mark.parametrize("case", sorted(EDIT_CASES))
def test_an_edit_of_the_control_is_rejected_with_a_clear_message(case: str, tmp_path: Path) -> None:
    old, new, expected_stage, words = EDIT_CASES[case]
    folder = edited_control(tmp_path, case, old, new)
    out = tmp_path / "out"
    stage, output = pipeline(case, out, folder)
    assert stage == expected_stage, output
    assert f"{case}/openapi.yaml" in output, f"the message does not name the file:\n{output}"
    for word in words:
        assert word in output, f"{word!r} missing from:\n{output}"
    assert not out.exists() or not list(out.iterdir()), "a failed step left output behind"


LINTED = [BROKEN / case / "openapi.yaml" for case in [*sorted(LINT_CASES), "control"]]


@pytest.fixture(scope="module")
def redocly() -> dict[Path, list[linters.Finding]]:
    """Redocly's findings on each lint case and the control, from one run (decision 116)."""
    return linters.redocly(LINTED, REPO)


@pytest.fixture(scope="module")
def spectral() -> dict[Path, list[linters.Finding]]:
    return linters.spectral(LINTED, REPO)


@pytest.mark.parametrize("case", sorted(LINT_CASES))
def test_both_linters_reject_lint_cases(case: str, redocly: dict[Path, list[linters.Finding]],
                                        spectral: dict[Path, list[linters.Finding]]) -> None:  # fmt: skip
    """Each fails the run as `make lint` runs it (Redocly on an error, Spectral at a warning),
    and for the case's own rule."""
    redocly_rule, spectral_rule = LINT_CASES[case]
    spec = BROKEN / case / "openapi.yaml"
    assert redocly_rule in {f.rule for f in linters.at_or_above(redocly[spec], "error")}, redocly[spec]
    assert spectral_rule in {f.rule for f in linters.at_or_above(spectral[spec], "warn")}, spectral[spec]


def test_linters_accept_the_control_case(redocly: dict[Path, list[linters.Finding]],
                                         spectral: dict[Path, list[linters.Finding]]) -> None:  # fmt: skip
    spec = BROKEN / "control" / "openapi.yaml"
    assert [str(f) for f in linters.at_or_above(redocly[spec], "error")] == []
    assert [str(f) for f in linters.at_or_above(spectral[spec], "warn")] == []


def test_a_bundle_that_redocly_writes_but_is_invalid_overwrites_nothing(tmp_path: Path) -> None:
    """A redocly that bundles "successfully" into an invalid document (here: a stand-in that
    writes the control's bundle without info.version) fails bundle.py after redocly, names
    the problem, and leaves the previous bundles in place, with no temporary files."""
    good = tmp_path / "good"
    assert pipeline("control", good)[0] is None
    broken = (good / "control.yaml").read_text(encoding="utf-8").replace("  version: 1.0.0\n", "", 1)
    assert "version: 1.0.0" not in broken.split("servers:")[0]
    invalid = tmp_path / "invalid.yaml"
    invalid.write_text(broken, encoding="utf-8")
    fake = executable(tmp_path / "redocly", f"#!{sys.executable}\nimport shutil, sys\n"
                      f"shutil.copyfile({str(invalid)!r}, sys.argv[sys.argv.index('--output') + 1])\n")  # fmt: skip
    out = tmp_path / "out"
    out.mkdir()
    previous = {name: f"previous {name}\n" for name in ("control.yaml", "control.json", "control.deref.json")}
    for name, text in previous.items():
        (out / name).write_text(text, encoding="utf-8")
    spec = BROKEN / "control" / "openapi.yaml"
    proc = run(sys.executable, "-m", "scripts.spec.bundle", "--redocly", fake, spec, out, "control")
    assert proc.returncode == 1
    assert "bundle is not valid OpenAPI 3.1" in proc.stderr
    assert "control.yaml" in proc.stderr
    assert "version" in proc.stderr
    assert {p.name: p.read_text(encoding="utf-8") for p in out.iterdir()} == previous


def test_every_house_rule_rejects_some_broken_case(tmp_path: Path) -> None:
    """Each rule the checker reports (tests/spec/test_house_rules.py's RULES) is what rejects
    at least one case here, so no rule goes untested by a spec that breaks it."""
    from test_house_rules import RULES

    from scripts.spec.house_rules import Checker

    entries = [BROKEN / case / "openapi.yaml" for case in CASES]
    entries += [edited_control(tmp_path, case, old, new) / case / "openapi.yaml"
                for case, (old, new, _, _) in EDIT_CASES.items()]  # fmt: skip
    hit: set[str] = set()
    for entry in entries:
        checker = Checker(REPO / "spec" / "common" / "extensions.yaml", SOURCE_DOCUMENT.read_text(encoding="utf-8"))
        checker.check_entry(entry)
        hit |= set(checker.by_rule)
    assert set(RULES) - hit == set(), "rules no broken case breaks"
