"""Running a tool: one way for every stage. Library module."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path

from .paths import REPO


class CommandError(Exception):
    """A tool failed, or could not start: the message names the step, its exit status and
    everything the tool printed."""


def run(command: Sequence[str | Path], step: str, cwd: Path | None = None, env: Mapping[str, str] | None = None) -> str:
    """The tool's standard output. It runs in `cwd` (the repository's root by default), with this
    process's environment and `env` over it; CommandError where it cannot start or exits non-zero."""
    try:
        proc = subprocess.run([str(c) for c in command], capture_output=True, text=True, check=False,
                              cwd=cwd or REPO, env={**os.environ, **(env or {})})  # fmt: skip
    except OSError as exc:
        raise CommandError(f"{step} could not start: {exc}") from exc
    if proc.returncode != 0:
        raise CommandError(f"{step} failed (exit {proc.returncode}):\n{proc.stdout}{proc.stderr}".rstrip())
    return proc.stdout
