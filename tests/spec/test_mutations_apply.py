"""Every defect of tests/mutation/mutations.yaml still applies: its old text occurs exactly
once in its file. A refactor that moves the text would otherwise break `make mutation` (which
runs outside `make test`) without anyone noticing; three defects had gone stale that way."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.quality import mutation_check


def test_every_mutation_applies_to_the_current_tree() -> None:
    mutations = mutation_check.load(mutation_check.MUTATIONS)  # raises CheckError naming the stale one
    assert len(mutations) >= 27
    assert len({m.id for m in mutations}) == len(mutations), "mutation ids are unique"


def test_a_stale_mutation_is_named(tmp_path: Path) -> None:
    stale = tmp_path / "mutations.yaml"
    stale.write_text('- {id: gone, class: c, kind: spec, file: Makefile, old: "no such text\\n", new: ""}\n')
    with pytest.raises(mutation_check.CheckError, match="gone: the old text occurs 0 times in Makefile"):
        mutation_check.load(stale)
