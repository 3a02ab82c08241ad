"""raydium-api-gate: the console script `openapi-gate`.

The modules in `_lib` are the repository's own scripts (openapi_gate.py, spec_diff.py,
deref.py, oas.py), copied unchanged by scripts/release.py; they import one another by
their plain names, so `main` puts that folder on the import path first.
"""

from __future__ import annotations

import sys
from pathlib import Path


def main() -> int:
    sys.path.insert(0, str(Path(__file__).parent / "_lib"))
    import openapi_gate

    return int(openapi_gate.main())
