"""Both linters, with the house ruleset, report nothing on every host bundle."""

from __future__ import annotations

from pathlib import Path

import pytest

import linters
from project import GENERATED, HOSTS, REPO

pytestmark = pytest.mark.pipeline  # repeats what make lint just did: run by make test

BUNDLES = [GENERATED / f"{host}.yaml" for host in HOSTS]


@pytest.fixture(scope="module")
def redocly() -> dict[Path, list[linters.Finding]]:
    return linters.redocly(BUNDLES, REPO)  # one report per bundle, by construction


@pytest.fixture(scope="module")
def spectral() -> dict[Path, list[linters.Finding]]:
    found = linters.spectral(BUNDLES, REPO)
    assert set(found) == set(BUNDLES), found
    return found


@pytest.mark.parametrize("host", HOSTS)
def test_redocly_is_clean(host: str, redocly: dict[Path, list[linters.Finding]]) -> None:
    """No error and no warning (`redocly lint` passes with warnings; ours must not have any)."""
    assert [str(f) for f in redocly[GENERATED / f"{host}.yaml"]] == []


@pytest.mark.parametrize("host", HOSTS)
def test_spectral_is_clean(host: str, spectral: dict[Path, list[linters.Finding]]) -> None:
    """Nothing down to a hint (`--fail-severity=hint`)."""
    assert [str(f) for f in spectral[GENERATED / f"{host}.yaml"]] == []
