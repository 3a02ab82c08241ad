"""A short schemathesis run against Prism for each host: requests generated from the spec
get responses that conform to the spec (status codes, content types, headers, schemas).
Prism answers from the spec's own examples, so this shows that spec and examples agree.
The four hosts' runs start together and each host's test reads its own: a run spends most of
its 4 s starting schemathesis and waiting on Prism, which the others' runs fill."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mock_servers import Prism
from project import GENERATED, HOSTS

pytestmark = pytest.mark.e2e
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance"  # noqa: E501


@pytest.fixture(scope="module")
def runs(prism_servers: dict[str, Prism], tmp_path_factory: pytest.TempPathFactory,
         ) -> Iterator[dict[str, subprocess.Popen[str]]]:  # fmt: skip
    """Each host's schemathesis run, all started at once."""
    schemathesis = Path(sys.executable).parent / "schemathesis"
    started = {}
    for host in HOSTS:
        command = [str(schemathesis), "run", str(GENERATED / f"{host}.yaml"), "--url", prism_servers[host].url,
                   "--mode", "positive", "--max-examples", "5", "--seed", "20261122", "--checks", CHECKS,
                   "--no-color"]  # fmt: skip
        started[host] = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                         cwd=tmp_path_factory.mktemp(f"schemathesis-{host}"))  # fmt: skip
    try:
        yield started
    finally:
        for proc in started.values():
            if proc.poll() is None:  # a host whose test did not run, or timed out
                proc.kill()
                proc.communicate()


@pytest.mark.parametrize("host", HOSTS)
def test_spec_and_examples_agree(host: str, runs: dict[str, subprocess.Popen[str]]) -> None:
    stdout, stderr = runs[host].communicate(timeout=300)
    assert runs[host].returncode == 0, stdout[-4000:] + stderr[-2000:]
    assert "No issues found" in stdout
