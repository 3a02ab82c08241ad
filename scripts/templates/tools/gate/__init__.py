"""raydium-api-gate: the console script `openapi-gate`.

The modules in `_lib` are the repository's own (scripts/release/openapi_gate.py and
spec_diff.py, scripts/spec/deref.py and oas.py, scripts/common/paths.py), copied unchanged in
their folders by scripts/release/build.py; they import one another relatively.
"""

from __future__ import annotations


def main() -> int:
    from ._lib.release import openapi_gate

    return int(openapi_gate.main())
