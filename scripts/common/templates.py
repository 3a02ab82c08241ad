"""The Jinja environment every stage writes files from templates with. Library module."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import jinja2


def environment(folder: Path, extensions: Sequence[str] = ()) -> jinja2.Environment:
    """The templates of one folder, read the house's way: a line that holds only a block tag
    leaves no line behind, a template's last newline is kept, an undefined name is an error,
    and nothing is escaped (the files are code and Markdown, not HTML)."""
    return jinja2.Environment(loader=jinja2.FileSystemLoader(folder), extensions=list(extensions), trim_blocks=True,
                              lstrip_blocks=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined,
                              autoescape=False)  # noqa: S701 # fmt: skip
