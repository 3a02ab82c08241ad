"""What a make stamp of a writing step records: the sha256 of every file the step wrote.

Library module (no command line). `generate.py --manifest` (build/HOST.generated) and
`bundle.py --manifest` (build/HOST.bundled) write it; tests/spec/test_generated_current.py
holds generated/ to it (docs/decisions/, 86 and 91).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path


def manifest(root: Path, written: list[Path]) -> dict[str, str]:
    """The sha256 of each file under ``written``, by its path from ``root`` (no __pycache__)."""
    files = sorted(f for p in written for f in ([p] if p.is_file() else p.rglob("*")) if f.is_file())
    return {f.relative_to(root).as_posix(): hashlib.sha256(f.read_bytes()).hexdigest()
            for f in files if "__pycache__" not in f.parts}  # fmt: skip


def write(path: Path, root: Path, written: list[Path]) -> None:
    """Write the manifest of ``written`` (under ``root``) to ``path`` as JSON."""
    path.write_text(json.dumps(manifest(root, written), indent=0, sort_keys=True) + "\n", encoding="utf-8")
