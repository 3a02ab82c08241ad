"""The perps recipe of the docs (docs/guide/recipes/perps_metadata.py, shown whole on the
"Integrate the perps metadata" page) runs as a user runs it, against a scripted perps
metadata service answering the bundle's own default-list example: volumes kept exact as
decimals, unknown keys of the open objects kept, one read per minute whatever the rounds,
a failure reported by its type, and the temporary key never printed."""

from __future__ import annotations

import copy
import json
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest

from mock_servers import ScriptedServer, json_reply
from project import REPO, deref
from recipes import run_recipe, type_check

pytestmark = pytest.mark.e2e
RECIPE = REPO / "docs" / "guide" / "recipes" / "perps_metadata.py"
SERVED_KEY = "zzTestOnlyKeypair5Kb8kLf9zgWQnogidDA76MzPL6Ts"  # stands for the keypair the service sends
WALLET = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin"


def example(path: str, name: str) -> dict[str, Any]:
    """A copy of a named example: `deref` is cached and shared by every test."""
    content = deref("perps-v1")["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]
    return copy.deepcopy(dict(content["examples"][name]["value"]))


@pytest.fixture
def perps() -> Iterator[ScriptedServer]:
    pools = example("/pool/default-list", "pools")
    pools["data"][0]["zzUnknownKey"] = {"kept": [1, 2.5]}
    statistics = example("/main/info", "statistics")
    statistics["data"] = {"zzOpenInterest": "123456.789", "zzNested": {"a": None}}
    key = example("/main/temp-key", "keypair")
    key["data"] = {"zzSecretKey": SERVED_KEY}
    server = ScriptedServer()
    server.on("/pool/default-list", json_reply(200, pools))
    server.on("/main/info", json_reply(200, statistics))
    server.on("/main/temp-key", json_reply(200, key))
    try:
        yield server
    finally:
        server.stop()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return run_recipe(RECIPE, "perps-v1", *args)


def test_pools_and_statistics_read_once_a_minute_exactly(perps: ScriptedServer) -> None:
    proc = run("--perps-url", perps.url, "--rounds", "3", "--every", "0")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    served = example("/pool/default-list", "pools")["data"]
    first = [{**served[0], "zzUnknownKey": {"kept": [1, 2.5]}}, served[1]]
    statistics = {"statistics": {"zzOpenInterest": "123456.789", "zzNested": {"a": None}}}
    assert lines == [*first, statistics] * 3  # decimals as sent ("25500000.00"), unknown keys kept
    assert (perps.hits["/pool/default-list"], perps.hits["/main/info"]) == (1, 1)  # cached for max-age
    assert perps.hits["/main/temp-key"] == 0  # no wallet, no key


def test_the_temporary_key_is_used_and_never_printed(perps: ScriptedServer) -> None:
    proc = run("--perps-url", perps.url, "--wallet", WALLET, "--rounds", "2", "--every", "0")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert perps.queries["/main/temp-key"] == [{"wallet": [WALLET]}] * 2  # never cached
    assert proc.stderr.splitlines() == ["temporary key received for the wallet (1 fields, not shown)"] * 2
    assert SERVED_KEY not in proc.stdout + proc.stderr


def test_a_failure_is_reported_by_its_type_and_the_next_round_goes_on(perps: ScriptedServer) -> None:
    """A failure envelope with HTTP 200 is not retried: round 1 reports it, round 2 reads again."""
    failure = {"id": "f", "success": False, "msg": "temporarily unavailable"}
    perps.on("/main/info", json_reply(200, failure), json_reply(200, example("/main/info", "statistics")))
    proc = run("--perps-url", perps.url, "--rounds", "2", "--every", "0")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr.startswith("round 1: FailureEnvelopeError: "), proc.stderr
    assert "temporarily unavailable" in proc.stderr
    assert json.loads(proc.stdout.splitlines()[-1]) == {"statistics": {}}  # round 2 read it again


def test_a_transient_failure_is_retried_within_the_round(perps: ScriptedServer) -> None:
    """A 500 passes: the client sends again and round 1 ends with the statistics, nothing reported."""
    failure = {"id": "f", "success": False, "msg": "temporarily unavailable"}
    perps.on("/main/info", json_reply(500, failure), json_reply(200, example("/main/info", "statistics")))
    proc = run("--perps-url", perps.url, "--rounds", "1", "--every", "0")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""
    assert perps.hits["/main/info"] == 2
    assert json.loads(proc.stdout.splitlines()[-1]) == {"statistics": {}}


def test_the_recipe_is_typed() -> None:
    """mypy --strict on the recipe, with the generated package as a user installs it."""
    proc = type_check(RECIPE, "perps-v1")
    assert proc.returncode == 0, proc.stdout + proc.stderr
