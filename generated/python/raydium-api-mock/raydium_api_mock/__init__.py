"""raydium-api-mock: one Raydium API host served from its OpenAPI description, for testing a bot
or a client without the real services (docs/guide/mock.md).

    raydium-api-mock --host pool-v3 --port 8080

or, from Python, `with MockServer("pool-v3").start() as mock: ... mock.url ...`.
"""

from __future__ import annotations

from .mock import FAILURES, Mock, Reply
from .server import MockServer, main

__all__ = ["FAILURES", "Mock", "MockServer", "Reply", "main"]
