"""The environment of a `make` a script starts as if a user typed it (scripts/quality/bench.py,
scripts/quality/mutation_check.py, scripts/quality/under_load.py).

Started from a recipe, a script inherits the parent make's MAKEFLAGS, whose jobserver
pipes it cannot pass on: a child make then prints "jobserver unavailable: using -j1" and
runs one job at a time, so the benchmark would time a build nobody runs. Without the
parent's variables the child make takes the Makefile's own `-j` like a top-level make.
"""

from __future__ import annotations

from collections.abc import Mapping

PARENT_VARIABLES = frozenset({"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"})


def environment(base: Mapping[str, str]) -> dict[str, str]:
    """``base`` without the variables a parent make sets for its children."""
    return {name: value for name, value in base.items() if name not in PARENT_VARIABLES}
