"""A short schemathesis run against Prism for each host: requests generated from the spec
get responses that conform to the spec (status codes, content types, headers, schemas).
Prism answers from the spec's own examples, so this shows that spec and examples agree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mock_servers import Prism
from project import GENERATED, HOSTS

pytestmark = pytest.mark.e2e
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance"  # noqa: E501


@pytest.mark.parametrize("host", HOSTS)
def test_spec_and_examples_agree(host: str, prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    schemathesis = Path(sys.executable).parent / "schemathesis"
    proc = subprocess.run(
        [str(schemathesis), "run", str(GENERATED / f"{host}.yaml"), "--url", prism_servers[host].url,
         "--mode", "positive", "--max-examples", "5", "--seed", "20261122", "--checks", CHECKS, "--no-color"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "No issues found" in proc.stdout
