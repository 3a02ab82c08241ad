"""Fixtures for the generated clients: import paths, a Prism mock server per host, the
scripted server and the hostile server (every contract scenario of tests/contract.py)."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from contract import bodies
from mock_servers import HostileServer, Prism, ScriptedServer
from project import HOSTS, PYTHON_PACKAGES, REPO

for _project in PYTHON_PACKAGES:
    if str(_project) not in sys.path:
        sys.path.insert(0, str(_project))
MODELS = REPO / "generated" / "models"
if str(MODELS) not in sys.path:
    sys.path.insert(0, str(MODELS))


@pytest.fixture(scope="session")
def prism_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Prism]]:
    """One Prism per host, started together (they take a few seconds each)."""
    logs = tmp_path_factory.mktemp("prism")
    servers = {h: Prism(h, logs / f"{h}.log") for h in HOSTS}
    try:
        for server in servers.values():
            server.wait_ready()
        yield servers
    finally:
        for server in servers.values():
            server.stop()


@pytest.fixture
def scripted() -> Iterator[ScriptedServer]:
    server = ScriptedServer()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def hostile() -> Iterator[HostileServer]:
    server = HostileServer(bodies())
    try:
        yield server
    finally:
        server.stop()
