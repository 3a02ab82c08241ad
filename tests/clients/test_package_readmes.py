"""Every package's README is written for its host and language: no generator placeholder,
no link to a file the package does not ship, and (Go, Ruby, PHP) a first call that is the
operation's tested code sample (tests/clients/test_code_samples.py runs those)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from project import HOSTS, bundle
from scripts.release.packages import LANGUAGES, client_folder

PLACEHOLDERS = ("GIT_USER_ID", "GIT_REPO_ID", "YOUR_", "openapi-generator.tech", "docs/")
LABELS = {"go": "Go", "ruby": "Ruby", "php": "PHP"}


def packages(host: str) -> dict[str, Path]:
    """Each client package's folder."""
    return {language: client_folder(host, language) for language in LANGUAGES}


@pytest.mark.parametrize("host", HOSTS)
def test_no_readme_has_a_placeholder_or_a_dead_link(host: str) -> None:
    for language, folder in packages(host).items():
        text = (folder / "README.md").read_text(encoding="utf-8")
        assert [p for p in PLACEHOLDERS if p in text] == [], f"{language} {host}"
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            assert (folder / target.split("#", 1)[0]).exists(), f"{language} {host}: a dead link to {target}"
        assert bundle(host)["info"]["title"] in text, f"{language} {host}: the README does not name its service"


@pytest.mark.parametrize("host", HOSTS)
def test_the_readme_first_call_is_the_tested_sample(host: str) -> None:
    first = next(op for item in bundle(host)["paths"].values() for op in item.values()
                 if isinstance(op, dict) and "operationId" in op)  # fmt: skip
    for language, label in LABELS.items():
        sample = next(s["source"] for s in first["x-codeSamples"] if s["label"] == label)
        text = (packages(host)[language] / "README.md").read_text(encoding="utf-8")
        assert sample in text, f"{language} {host}: the README's first call is not the {first['operationId']} sample"
