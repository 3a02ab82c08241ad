"""The suite's scheduling hint (project.LONGEST_FIRST, read by the hook in
tests/clients/conftest.py) names files that exist."""

from __future__ import annotations

from project import LONGEST_FIRST, REPO


def test_every_file_the_order_puts_first_exists() -> None:
    assert [name for name in LONGEST_FIRST if not (REPO / "tests" / name).is_file()] == []
