"""The Arazzo workflows (spec/workflows, published in generated/openapi/) run with a
well-kept runner, `redocly respect` of the pinned Redocly CLI (docs/decisions/, 48):

* the swap (priority fee, quote, transaction built from the quote) against the mock server,
  Prism, which checks every request against the bundles;
* cursor paging over /pools/info/list-v2 against a scripted server that answers three pages
  in order, since a cursor needs state a stateless mock does not keep: the workflow must ask
  for the first page without a cursor, pass each cursor back unchanged, and stop at the page
  without one."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from mock_servers import Prism, ScriptedServer, json_reply
from project import GENERATED, LINT_ENV, NODE_BIN, bundle

pytestmark = pytest.mark.e2e
ENV = LINT_ENV


def respect(workflow: str, servers: dict[str, str], tmp_path: Path, *extra: str) -> dict[str, Any]:
    """Run one published workflow file; the JSON report of the run."""
    report = tmp_path / "respect.json"
    args = [str(NODE_BIN / "redocly"), "respect", str(GENERATED / workflow), "-J", str(report), "--max-steps", "50",
            *(a for name, url in servers.items() for a in ("-S", f"{name}={url}")), *extra]  # fmt: skip
    proc = subprocess.run(args, capture_output=True, text=True, timeout=300, check=False, env=ENV)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    result: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return result


def test_the_swap_workflow_runs_against_the_mock(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    inputs = {"wallet": "E9DvCgB83DB2Yy4Jy6wn4XmAjEJLmHQiAczpuWbKq1A5", "amount": 1000000000,
              "inputMint": "So11111111111111111111111111111111111111112",
              "outputMint": "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
              "outputAccount": "7RMZjKZndW6E5ajfiB73YMhnYH7hoJ92FTqAQLovtHnr"}  # fmt: skip
    servers = {"pool": prism_servers["pool-v3"].url, "transaction": prism_servers["transaction-v1"].url}
    report = respect("swap.arazzo.yaml", servers, tmp_path, "--input", json.dumps(inputs))
    assert "swapBaseIn" in json.dumps(report)


def test_the_paging_workflow_follows_every_cursor(scripted: ScriptedServer, tmp_path: Path) -> None:
    examples = bundle("pool-v3")["paths"]["/pools/info/list-v2"]["get"]["responses"]["200"]["content"][
        "application/json"]["examples"]  # fmt: skip
    first = examples["pageWithCursor"]["value"]
    second = json.loads(json.dumps(first))
    second["data"]["nextPageId"] = "a-second-cursor"
    scripted.on("/pools/info/list-v2", json_reply(200, first), json_reply(200, second),
                json_reply(200, examples["lastPage"]["value"]))  # fmt: skip
    respect("pools.arazzo.yaml", {"pool": scripted.url}, tmp_path, "--workflow", "listEveryPool")
    cursors = [query.get("nextPageId") for query in scripted.queries["/pools/info/list-v2"]]
    assert cursors == [None, [first["data"]["nextPageId"]], ["a-second-cursor"]]
