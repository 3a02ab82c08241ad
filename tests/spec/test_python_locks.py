"""The Python tools are pinned exactly, in two full locks: the project's (requirements.txt, from
requirements.in by `make lock`) and the compatibility suite's (tests/compat/requirements.txt:
openapi-python-generator, whose pins clash with the project's, in a venv of its own)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from project import REPO

pytestmark = pytest.mark.tooling

LOCKS = (REPO / "requirements.txt", REPO / "tests" / "compat" / "requirements.txt")
PIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*==[0-9][^\s=;]*$")


def pins(path: Path) -> dict[str, str]:
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    entries = [line for line in lines if line and not line.startswith("#")]
    loose = [line for line in entries if not PIN.match(line)]
    assert not loose, f"{path.relative_to(REPO)}: not an exact pin: {loose}"
    return {re.sub(r"[-_.]+", "-", e.split("==")[0].lower()): e.split("==")[1] for e in entries}


@pytest.mark.parametrize("lock", LOCKS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_package_is_pinned_exactly(lock: Path) -> None:
    assert len(pins(lock)) > 10


def test_every_direct_dependency_is_in_the_lock_at_its_pin() -> None:
    direct = pins(REPO / "requirements.in")
    locked = pins(REPO / "requirements.txt")
    assert {name: locked.get(name) for name in direct} == direct


def test_the_compat_lock_holds_its_tool() -> None:
    assert "openapi-python-generator" in pins(REPO / "tests" / "compat" / "requirements.txt")
