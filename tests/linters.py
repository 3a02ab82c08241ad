"""Both linters run once over several documents, with what each reports per document.

A Spectral or Redocly start costs more than linting one of our bundles (Spectral about 2 s
of Node start and ruleset loading against 0.2 s a document), so the tests that lint several
documents with one configuration run each linter once (docs/decisions/, 116). The verdict
per document is the one a run on that document alone gives: Spectral fails at a severity
when any finding is at that severity or worse; Redocly fails on any error.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from project import LINT_ENV, NODE_BIN

SEVERITIES = ("error", "warn", "info", "hint")  # Spectral's 0..3; Redocly uses the first two


@dataclass(frozen=True)
class Finding:
    rule: str
    severity: str  # one of SEVERITIES
    message: str
    where: str  # the JSON path or pointer in the document

    def __str__(self) -> str:
        return f"{self.severity} {self.rule} at {self.where}: {self.message}"


def at_or_above(findings: list[Finding], severity: str) -> list[Finding]:
    """The findings that fail a run with `--fail-severity=severity`."""
    return [f for f in findings if SEVERITIES.index(f.severity) <= SEVERITIES.index(severity)]


def run(command: list[str | Path], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(c) for c in command], capture_output=True, text=True, cwd=cwd, env=LINT_ENV,
                          timeout=180, check=False)  # fmt: skip


def json_values(text: str) -> list[Any]:
    """The JSON values printed one after another (Redocly prints one object per document;
    Spectral prints its array, then a sentence when nothing is found)."""
    decoder, values, at = json.JSONDecoder(), [], 0
    while (at := len(text) - len(text[at:].lstrip())) < len(text) and text[at] in "[{":
        value, at = decoder.raw_decode(text, at)
        values.append(value)
    return values


def spectral(documents: list[Path], cwd: Path, *options: str | Path) -> dict[Path, list[Finding]]:
    """Spectral's findings per document (absolute paths), the ruleset found from `cwd` unless
    `options` name one."""
    proc = run([NODE_BIN / "spectral", "lint", "--format=json", "--fail-severity=hint", *options, *documents], cwd)
    values = json_values(proc.stdout)
    assert proc.returncode in (0, 1), f"spectral did not run:\n{proc.stdout}{proc.stderr}"
    assert len(values) == 1, f"spectral printed no report:\n{proc.stdout}{proc.stderr}"
    found: dict[Path, list[Finding]] = {document.resolve(): [] for document in documents}
    for result in values[0]:
        finding = Finding(result["code"], SEVERITIES[result["severity"]], result["message"],
                          "/".join(str(p) for p in result["path"]))  # fmt: skip
        found.setdefault(Path(result["source"]).resolve(), []).append(finding)
    return found


def redocly(documents: list[Path], cwd: Path, *options: str | Path) -> dict[Path, list[Finding]]:
    """Redocly's findings per document (absolute paths): one report a document, in the order
    given, each with the problems of the document and of the files it refers to."""
    proc = run([NODE_BIN / "redocly", "lint", "--format=json", *options, *documents], cwd)
    reports = json_values(proc.stdout)
    assert proc.returncode in (0, 1), f"redocly did not run:\n{proc.stdout}{proc.stderr}"
    assert len(reports) == len(documents), f"redocly did not report on each document:\n{proc.stdout}{proc.stderr}"
    found: dict[Path, list[Finding]] = {}
    for document, report in zip(documents, reports, strict=True):
        problems = [Finding(p["ruleId"], p["severity"], p["message"], p["location"][0]["pointer"])
                    for p in report["problems"]]  # fmt: skip
        assert len(at_or_above(problems, "error")) == report["totals"]["errors"], report["totals"]
        found[document.resolve()] = problems
    return found
