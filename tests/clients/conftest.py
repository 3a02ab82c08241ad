"""Fixtures for the generated clients: import paths, a Prism mock server per host, the
scripted server and the hostile server (every contract scenario of tests/contract.py)."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from contract import MOCK_FAILURES, bodies
from mock_servers import HOSTILE_MSG, HostileServer, Prism, ScriptedServer, shared_prisms
from project import HOSTS, LONGEST_FIRST, PYTHON_PACKAGES, REPO, TOOL_PACKAGES

for _project in [*PYTHON_PACKAGES, *TOOL_PACKAGES]:
    if str(_project) not in sys.path:
        sys.path.insert(0, str(_project))
MODELS = REPO / "generated" / "models"
if str(MODELS) not in sys.path:
    sys.path.insert(0, str(MODELS))
if TYPE_CHECKING:  # imported where used: the path above is set first
    from raydium_api_mock import MockServer


# The suite's order: the longest files first. `make test` runs the files side by side, one
# pytest-xdist worker per core, each file whole on one worker (`--dist loadfile`), handed out in
# collection order (`--no-loadscope-reorder`: without it, xdist hands out the files with the
# most tests first and this order is not used; decision 116). A long file handed out last keeps
# one worker busy while the other has nothing left. The hook is here, not in a
# tests/conftest.py, because mypy takes two conftest.py files for one module; pytest calls it
# with every collected item whenever the client tests are collected, as in `make test`. The
# list (project.LONGEST_FIRST, from `pytest --durations`) is a hint: a stale one costs time,
# never a result.
def _rank(item: pytest.Item) -> int:
    path = item.path.as_posix()
    return next((i for i, name in enumerate(LONGEST_FIRST) if path.endswith(f"/tests/{name}")), len(LONGEST_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)  # stable: every file keeps its own order, the rest keep theirs


@pytest.fixture(scope="session")
def prism_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Prism]]:
    """One Prism per host, started together (they take a few seconds each), shared by the
    run's pytest-xdist workers: their temporary folders have one parent (decision 117)."""
    base = tmp_path_factory.getbasetemp()
    with shared_prisms(HOSTS, base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) as servers:
        yield servers


@pytest.fixture
def scripted() -> Iterator[ScriptedServer]:
    server = ScriptedServer()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def hostile() -> Iterator[HostileServer]:
    with HostileServer(bodies()) as server:
        yield server


@pytest.fixture(scope="session")
def raydium_mocks() -> Iterator[dict[str, MockServer]]:
    """Our own mock (raydium-api-mock, the package users install; issue 83), one per host on
    127.0.0.1, in this process: it starts in milliseconds, so each worker has its own."""
    from raydium_api_mock import MockServer

    servers = {host: MockServer(host).start() for host in HOSTS}
    try:
        yield servers
    finally:
        for server in servers.values():
            server.stop()


@pytest.fixture(scope="module")
def failing_mocks() -> Iterator[dict[tuple[str, str], MockServer]]:
    """By (hostile scenario, host): our mock with the failure that scenario stands for, for the
    whole run (contract.MOCK_FAILURES), its made-up failures carrying the oracle's msg. A module's
    own: `429-then-200` fails each operation's first request only."""
    from raydium_api_mock import MockServer

    servers: dict[tuple[str, str], MockServer] = {}
    try:
        for scenario, (failure, times) in MOCK_FAILURES.items():
            for host in HOSTS:
                servers[(scenario, host)] = MockServer(host, failure=failure, failure_times=times,
                                                       failure_msg=HOSTILE_MSG).start()  # fmt: skip
        yield servers
    finally:
        for server in servers.values():
            server.stop()
