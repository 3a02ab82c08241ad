"""The house rules hold on every bundle, one test per rule so a failure says which."""

from __future__ import annotations

from functools import cache

import pytest

from project import GENERATED, HOSTS, SOURCE_DOCUMENT, SPEC
from scripts.spec.house_rules import Checker
from scripts.spec.house_rules import main as house_rules_main

RULES = ["ref", "marker", "open-object", "nullable", "operation", "envelope", "example", "names", "number"]


@cache
def checked(host: str, source: bool) -> Checker:
    path = GENERATED / f"{host}.yaml" if not source else SPEC / host / "openapi.yaml"
    checker = Checker(SPEC / "common" / "extensions.yaml", SOURCE_DOCUMENT.read_text(encoding="utf-8"))
    checker.check_entry(path)
    return checker


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("host", HOSTS)
def test_bundle_keeps_rule(host: str, rule: str) -> None:
    assert checked(host, source=False).by_rule.get(rule, []) == []


@pytest.mark.pipeline  # make's validate step runs the house rules on the source files
@pytest.mark.parametrize("host", HOSTS)
def test_source_files_keep_all_rules(host: str) -> None:
    assert checked(host, source=True).problems == []


def test_common_components_keep_all_rules() -> None:
    assert house_rules_main([str(p) for p in sorted((SPEC / "common").glob("*.yaml"))]) == 0


@pytest.mark.parametrize(
    ("citation", "followable"),
    [
        ("@raydium-io/raydium-sdk-v2@0.2.73-alpha src/api/type.ts ApiV3Token", True),
        ("raydium-io/raydium-ui-v3 src/hooks/farm/useFetchFarmByLpMint.ts (commit cf419cc0)", True),
        ("raydium-io/raydium-sdk-V2-demo issue 101", True),
        ("https://docs.raydium.io/raydium/traders/trade-api", True),
        ("@raydium-io/raydium-sdk-v2 src/api/type.ts ApiV3Token", False),  # no version
        ("raydium-io/raydium-ui-v3 src/hooks/farm/useFetchFarmByLpMint.ts", False),  # no commit
        ("a Dart wallet's source code", False),
        ("shared/evidence.md", False),
    ],
)
def test_an_evidence_citation_must_be_followable(citation: str, followable: bool) -> None:
    """spec/common/extensions.yaml constrains x-evidence's source to four followable forms;
    the house rules validate every x-evidence against it."""
    checker = Checker(SPEC / "common" / "extensions.yaml", SOURCE_DOCUMENT.read_text(encoding="utf-8"))
    errors = list(checker.vocab_validators["x-evidence"].iter_errors([{"source": citation}]))
    assert (errors == []) is followable, [e.message for e in errors]
