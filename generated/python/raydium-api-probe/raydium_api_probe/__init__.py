"""raydium-api-probe: does each Raydium API host still answer what its OpenAPI description says?
A bounded plan of read-only GET requests, each answer checked against the full bundle and the
source-only view; the report in DIR/drift.json and DIR/drift.md (docs/guide/drift-probe.md).

    raydium-api-probe --out drift/
"""

from __future__ import annotations

from .check import BREAKING, Finding, findings
from .probe import Run, main, plan

__all__ = ["BREAKING", "Finding", "Run", "findings", "main", "plan"]
