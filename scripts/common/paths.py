"""Where things are: the repository's root, and the folders every stage reads. Library module."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
GENERATED = REPO / "generated"
SPEC = REPO / "spec"
RELEASES = REPO / "releases"
TEMPLATES = REPO / "scripts" / "templates"
RUNTIME_SOURCES = REPO / "scripts" / "runtime"


def hosts() -> list[str]:
    """Every host: the folders of spec/ with an entry point."""
    return sorted(p.parent.name for p in SPEC.glob("*/openapi.yaml"))
