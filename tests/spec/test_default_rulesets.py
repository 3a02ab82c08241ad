"""The published bundles pass the linters' own default rulesets, with none of our config
(issue 27): Spectral with only `extends: spectral:oas`, Redocly with only
`extends: [recommended]`. A user who lints our bundle in their CI with stock settings sees
no error."""

from __future__ import annotations

from pathlib import Path

import pytest

import linters
from project import GENERATED, HOSTS

pytestmark = pytest.mark.pipeline

BUNDLES = [GENERATED / f"{host}.yaml" for host in HOSTS]


@pytest.fixture(scope="module")
def stock(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder outside the repository, so that our own configs are not found, with the stock ones."""
    folder = tmp_path_factory.mktemp("stock")
    (folder / ".spectral.yaml").write_text('extends: ["spectral:oas"]\n', encoding="utf-8")
    (folder / "redocly.yaml").write_text("extends:\n  - recommended\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def spectral(stock: Path) -> dict[Path, list[linters.Finding]]:
    found = linters.spectral(BUNDLES, stock, "--ruleset", stock / ".spectral.yaml")
    assert set(found) == set(BUNDLES), found  # nothing reported on another file
    return found


@pytest.fixture(scope="module")
def redocly(stock: Path) -> dict[Path, list[linters.Finding]]:
    return linters.redocly(BUNDLES, stock, "--config", stock / "redocly.yaml")  # one report per bundle


@pytest.mark.parametrize("host", HOSTS)
def test_spectral_oas_reports_no_error(host: str, spectral: dict[Path, list[linters.Finding]]) -> None:
    assert [str(f) for f in linters.at_or_above(spectral[GENERATED / f"{host}.yaml"], "error")] == []


@pytest.mark.parametrize("host", HOSTS)
def test_redocly_recommended_reports_no_error(host: str, redocly: dict[Path, list[linters.Finding]]) -> None:
    assert [str(f) for f in linters.at_or_above(redocly[GENERATED / f"{host}.yaml"], "error")] == []
