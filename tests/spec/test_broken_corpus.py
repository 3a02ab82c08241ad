"""Deliberately broken specs are rejected with a message naming the file and the problem.

Each case in tests/broken/ runs through the same commands the Makefile runs, in the same
order (structural validation, house rules, bundle); the first that fails must name the
case's file and the problem. The control case passes all of them, so each rejection is
caused by the case's own defect. The lint cases are also rejected by both linters.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from project import NODE_BIN, REPO, SOURCE_DOCUMENT

pytestmark = pytest.mark.tooling  # tests the checkers themselves, not the specs: run by make test

BROKEN = REPO / "tests" / "broken"
SCRIPTS = REPO / "scripts"

# case -> (stage that rejects it, words the message must contain)
CASES: dict[str, tuple[str, list[str]]] = {
    "dangling-ref": ("validate", ["NoSuchResponse"]),
    "invalid-example": (
        "house rules",
        ["example does not match its schema", "success", "'yes' is not of type 'boolean'"],
    ),
    "open-object-unmarked": ("house rules", ["/components/schemas/Pools", "open object without a marker"]),
    "missing-429": ("house rules", ["/paths/~1pools~1info~1ids/get", "no 429 response"]),
    "invented-name": ("house rules", ["invented name", "poolCountTotal"]),
    "bad-marker": ("house rules", ["x-evidence", "invalid x-evidence value", "is not of type 'array'"]),
    "duplicate-key": ("validate", ["duplicate key 'summary'"]),
    "colliding-component": ("bundle", ["component name collision", "Renamed Envelope to Envelope-2"]),
    "unsafe-integer": ("house rules", ["18446744073709551615", "beyond 2^53"]),
}
# case -> (redocly rule, spectral rule) that must reject it too
LINT_CASES = {
    "open-object-unmarked": ("house/open-object-marked", "house-open-object-marked"),
    "missing-429": ("rule/operation-has-429", "house-operation-429"),
    "invalid-example": ("no-invalid-media-type-examples", "oas3-valid-media-example"),
}
ENV = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_COLOR": "1"}


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], capture_output=True, text=True, cwd=REPO, env=ENV, timeout=120, check=False
    )


def pipeline(case: str, out: Path) -> tuple[str | None, str]:
    """Run the Makefile's steps on a case; return (first failing stage, its output)."""
    spec = Path("tests/broken") / case / "openapi.yaml"
    files = sorted(str(p.relative_to(REPO)) for p in (BROKEN / case).glob("*.yaml"))
    stages: list[tuple[str, list[str | Path]]] = [
        ("validate", [sys.executable, SCRIPTS / "validate_spec.py", *files]),
        ("house rules", [sys.executable, SCRIPTS / "house_rules.py", "--source-document", SOURCE_DOCUMENT, spec]),
        ("bundle", [sys.executable, SCRIPTS / "bundle.py", "--redocly", NODE_BIN / "redocly", spec, out, case]),
    ]
    for stage, command in stages:
        proc = run(*command)
        if proc.returncode != 0:
            return stage, proc.stdout + proc.stderr
    return None, ""


def test_corpus_lists_every_case() -> None:
    on_disk = {p.name for p in BROKEN.iterdir() if p.is_dir()} - {"control"}
    assert on_disk == set(CASES)


def test_control_case_passes_the_pipeline(tmp_path: Path) -> None:
    stage, output = pipeline("control", tmp_path)
    assert stage is None, output
    assert (tmp_path / "control.yaml").is_file()


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_spec_is_rejected_with_a_clear_message(case: str, tmp_path: Path) -> None:
    expected_stage, words = CASES[case]
    stage, output = pipeline(case, tmp_path)
    assert stage == expected_stage, output
    assert f"tests/broken/{case}/" in output, f"the message does not name the file:\n{output}"
    for word in words:
        assert word in output, f"{word!r} missing from:\n{output}"
    assert not list(tmp_path.glob(f"{case}.*")), "a failed step left output behind"


@pytest.mark.parametrize("case", sorted(LINT_CASES))
def test_both_linters_reject_lint_cases(case: str) -> None:
    redocly_rule, spectral_rule = LINT_CASES[case]
    spec = BROKEN / case / "openapi.yaml"
    redocly = run(NODE_BIN / "redocly", "lint", "--format=stylish", spec)
    assert redocly.returncode != 0
    assert redocly_rule in redocly.stdout + redocly.stderr, redocly.stdout
    spectral = run(NODE_BIN / "spectral", "lint", "--fail-severity=warn", spec)
    assert spectral.returncode != 0
    assert spectral_rule in spectral.stdout, spectral.stdout


def test_linters_accept_the_control_case() -> None:
    spec = BROKEN / "control" / "openapi.yaml"
    redocly = run(NODE_BIN / "redocly", "lint", "--format=stylish", spec)
    assert redocly.returncode == 0, redocly.stdout + redocly.stderr
    spectral = run(NODE_BIN / "spectral", "lint", "--fail-severity=warn", spec)
    assert spectral.returncode == 0, spectral.stdout
