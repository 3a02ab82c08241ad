"""The drift probe, raydium-api-probe (issue 83), the package users install (its copy in
generated/python/raydium-api-probe), against servers on 127.0.0.1 only, each started and
stopped by its test: our mock answers every operation as described (a clean run); a scripted
server answers some operations as described and others with planted drift, HTML, a failure
with HTTP 200, a cut body and a missing field, and the report names each with its kind and
JSON pointer. The probe sends nothing but GET, never asks for the perps temporary key, keeps
its pace, honours Retry-After and stays under its cap. Every run names its base URLs: nothing
here reaches a public host."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from raydium_api_mock import MockServer
from raydium_api_probe import probe
from raydium_api_probe._description import Description

from calls import operations, success_example
from mock_servers import HTML, Reply, ScriptedServer, json_reply
from project import REPO, bundle

pytestmark = pytest.mark.e2e
PROBED = ("pool-v3", "transaction-v1", "perps-v1")  # launch-auth: no public host, no GET operation
PROBE_PACKAGE = REPO / "generated" / "python" / "raydium-api-probe"
GETS = [(h, p, op) for h, m, p, op in operations(list(PROBED)) if m == "get"]
SECRET_OP = ("perps-v1", "/main/temp-key")


def run_probe(args: list[str], out: Path) -> tuple[int, dict[str, Any], str]:
    """The probe in this process, as its command runs it: exit status, drift.json, drift.md."""
    status = probe.main([*args, "--out", str(out)])
    return status, json.loads((out / "drift.json").read_text()), (out / "drift.md").read_text()


def base_urls(url_of: dict[str, str]) -> list[str]:
    return [arg for host, url in url_of.items() for arg in ("--base-url", f"{host}={url}")]


def by_operation(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {f"{o['host']} {o['operationId']}": o for o in report["operations"]}


def kinds(entry: dict[str, Any], view: str = "full") -> set[tuple[str, str, bool]]:
    return {(f["kind"], f["pointer"], f["breaking"]) for f in entry["findings"] if f["view"] == view}


# -- a clean run against our mock --------------------------------------------------------------------
def test_a_clean_run_against_our_mock(raydium_mocks: dict[str, MockServer], tmp_path: Path) -> None:
    """`python -m raydium_api_probe` against the mock, which answers with the description's own
    examples: exit 0, every GET operation checked in both views with no breaking finding and no
    unlisted key, the builds, shares and the temporary key skipped, each with its reason."""
    env = {**os.environ, "PYTHONPATH": str(PROBE_PACKAGE)}
    args = [sys.executable, "-m", "raydium_api_probe", *base_urls({h: raydium_mocks[h].url for h in PROBED}),
            "--interval", "0", "--out", str(tmp_path)]  # fmt: skip
    proc = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    report = json.loads((tmp_path / "drift.json").read_text())
    assert report["summary"]["breaking"] is False
    assert report["summary"]["checked"] == report["summary"]["requests"] == len(GETS) - 1
    for entry in report["operations"]:
        assert not [f for f in entry["findings"] if f["breaking"] or f["kind"] in ("unlisted-key", "failure")], entry
        if (entry["host"], entry["path"]) == SECRET_OP:
            assert (entry["outcome"], entry["reason"]) == ("skipped", "its answer is a secret (x-sensitive): the "
                                                                      "probe never asks for one")  # fmt: skip
        elif entry["method"] != "GET":
            assert entry["outcome"] == "skipped"
            assert entry["reason"].startswith(f"{entry['method']}: the probe sends GET only")
        else:
            assert entry["outcome"] == "ok", entry
            assert entry["sent"]["url"].startswith(raydium_mocks[entry["host"]].url)
    assert report["baseUrls"] == {h: raydium_mocks[h].url for h in PROBED}
    assert "**No breaking drift.**" in (tmp_path / "drift.md").read_text()
    assert "0 operation(s) with breaking drift" in proc.stderr


# -- planted drift ---------------------------------------------------------------------------------
def example(host: str, path: str) -> dict[str, Any]:
    op = bundle(host)["paths"][path]["get"]
    found = success_example(host, op)
    assert found is not None
    return copy.deepcopy(found)


def planted() -> dict[str, list[Reply]]:
    """By path on the scripted server (`/<host><path>`): every GET operation's success example,
    then the drift each planted operation answers with instead."""
    script = {f"/{h}{p}": [json_reply(200, success_example(h, op))] for h, p, op in GETS}
    fees = example("pool-v3", "/main/clmm-dynamic-config")
    fees["data"][0]["filterPeriod"] = "30"  # a type
    del fees["data"][1]["maxFeeRateNumerator"]  # a required field
    unlisted = {**example("pool-v3", "/main/version"), "zzNewTopKey": 1}
    quote = example("transaction-v1", "/compute/swap-base-in")
    quote["data"]["swapType"] = "Sideways"  # an enum, under the 200's oneOf (success or failure)
    pools = example("perps-v1", "/pool/default-list")
    del pools["success"]
    failure_200 = {"id": "4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b", "success": False, "version": "V1",
                   "msg": "REQ_POOL_NOT_OPEN", "openTime": "1767225600"}  # fmt: skip
    cut = json.dumps(example("pool-v3", "/pools/info/ids")).encode()
    script.update({
        "/pool-v3/main/clmm-dynamic-config": [json_reply(200, fees)],
        "/pool-v3/main/version": [json_reply(200, unlisted)],
        "/pool-v3/main/info": [Reply(403, HTML, "text/html; charset=UTF-8")],
        "/pool-v3/main/clmm-limit-order-config": [Reply(520, HTML, "text/html")],
        "/pool-v3/main/auto-fee": [json_reply(429, {"id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", "success": False,
                                                    "msg": "too many requests", "error": {"code": 1}},
                                              **{"Retry-After": "1"}), *script["/pool-v3/main/auto-fee"]],
        "/pool-v3/pools/info/ids": [Reply(200, cut[: len(cut) // 2])],
        "/transaction-v1/compute/swap-base-in": [json_reply(200, quote)],
        "/transaction-v1/compute/swap-base-out": [json_reply(200, failure_200)],
        "/perps-v1/pool/default-list": [json_reply(200, pools)],
    })  # fmt: skip
    return script


@pytest.fixture
def drifting() -> Any:
    server = ScriptedServer()
    for path, replies in planted().items():
        server.on(path, *replies)
    try:
        yield server
    finally:
        server.stop()


def test_planted_drift_is_reported_by_kind_and_pointer(drifting: ScriptedServer, tmp_path: Path) -> None:
    status, report, text = run_probe([*base_urls({h: f"{drifting.url}/{h}" for h in PROBED}), "--interval", "0"],
                                     tmp_path)  # fmt: skip
    assert status == 1
    ops = by_operation(report)
    assert kinds(ops["pool-v3 listDynamicFeeConfigs"]) == {("type", "/data/0/filterPeriod", True),
                                                           ("missing-required", "/data/1/maxFeeRateNumerator", True)}
    assert kinds(ops["pool-v3 getVersion"]) == {("unlisted-key", "/zzNewTopKey", False)}
    assert ops["pool-v3 getVersion"]["outcome"] == "ok"
    assert kinds(ops["transaction-v1 computeSwapBaseIn"]) == {("shape", "/data/swapType", True)}
    assert kinds(ops["transaction-v1 computeSwapBaseIn"], "source-only") == set()  # the enum is evidence's
    assert kinds(ops["perps-v1 listDefaultPools"]) == {("missing-required", "/success", True)}
    for name, status_code, body in (("getChainStatistics", 403, "html"), ("getLimitOrderConfig", 520, "html"),
                                    ("getPoolsByIds", 200, "malformed-json")):  # fmt: skip
        entry = ops[f"pool-v3 {name}"]
        assert (entry["outcome"], entry["status"], entry["body"]) == ("failure", status_code, body), entry
        assert kinds(entry) == {("failure", "", False)}
        assert entry["findings"][0]["message"].startswith(f"HTTP {status_code}, body {body}")
    failure_200 = ops["transaction-v1 computeSwapBaseOut"]
    assert failure_200["outcome"] == "failure"
    assert failure_200["findings"][0]["message"] == "HTTP 200, body json, code REQ_POOL_NOT_OPEN"
    # the source shows no failure with HTTP 200: its view reports one, the bundle's admits it
    assert kinds(failure_200, "source-only") == {("shape", "/success", False), ("missing-required", "/data", False)}
    breaking = {k for k, o in ops.items() if o["outcome"] == "drift"}
    assert breaking == {"pool-v3 listDynamicFeeConfigs", "transaction-v1 computeSwapBaseIn",
                        "perps-v1 listDefaultPools"}  # fmt: skip
    for pointer in ("/data/0/filterPeriod", "/data/1/maxFeeRateNumerator", "/data/swapType", "/zzNewTopKey"):
        assert f"`{pointer}`" in text
    assert "**Breaking drift in 3 operation(s).**" in text

    # what it sent: GET alone, never the temporary key, each planned operation once, 429 once more
    assert {method for method, *_ in drifting.requests} == {"GET"}
    assert not [t for _, t, _ in drifting.requests if t.startswith("/perps-v1/main/temp-key")]
    assert len(drifting.requests) == report["summary"]["requests"] == len(GETS) - 1 + 1
    fees = ops["pool-v3 getPriorityFees"]
    assert (fees["outcome"], fees["status"], fees["requests"]) == ("ok", 200, 2)
    times = [at for _, t, at in drifting.requests if t.startswith("/pool-v3/main/auto-fee")]
    assert times[1] - times[0] >= 0.95, times  # Retry-After: 1


def test_the_pace_and_the_cap(drifting: ScriptedServer, tmp_path: Path) -> None:
    status, report, _ = run_probe([*base_urls({"pool-v3": f"{drifting.url}/pool-v3"}), "--interval", "0.5",
                                   "--max-requests", "4"], tmp_path)  # fmt: skip
    assert len(drifting.requests) == report["summary"]["requests"] == 4
    # the probe sends each request 0.5 s or more after the one before; the server sees them
    # arrive that far apart, give or take how long each took to arrive on a busy machine
    gaps = [b[2] - a[2] for a, b in zip(drifting.requests, drifting.requests[1:], strict=False)]
    assert min(gaps) >= 0.35, gaps
    assert drifting.requests[-1][2] - drifting.requests[0][2] >= 3 * 0.5 - 0.15, gaps
    left = [o for o in report["operations"] if o["outcome"] == "not-sent"]
    assert len(left) == len(bundle("pool-v3")["paths"]) - 4
    assert {o["reason"] for o in left} == {"the run's cap of 4 requests was reached"}
    assert status == 1  # the dynamic-fee drift is among the first four


def test_a_retry_after_past_max_wait_leaves_the_host(tmp_path: Path) -> None:
    server = ScriptedServer()
    try:
        for p in bundle("pool-v3")["paths"]:
            server.on(f"/pool-v3{p}", json_reply(429, {"success": False, "msg": "slow down", "error": {"code": 1}},
                                                 **{"Retry-After": "999"}))  # fmt: skip
        status, report, _ = run_probe([*base_urls({"pool-v3": f"{server.url}/pool-v3"}), "--interval", "0",
                                          "--max-wait", "5"], tmp_path)  # fmt: skip
    finally:
        server.stop()
    assert len(server.requests) == 1
    first, *rest = report["operations"]
    assert (first["outcome"], first["status"], first["findings"][0]["message"]) == \
        ("failure", 429, "HTTP 429, body json, code 1, Retry-After 999")  # fmt: skip
    assert {o["reason"] for o in rest} == {"the host asked to wait 999 s (Retry-After), more than --max-wait"}
    assert status == 0


def test_nothing_checked_and_strict(tmp_path: Path) -> None:
    """Every answer an HTML page: exit 2, nothing could be checked. A failure among answers as
    described fails the run with --strict only."""
    server = ScriptedServer()
    try:
        for host, p, op in GETS:
            server.on(f"/html/{host}{p}", Reply(403, HTML, "text/html"))
            server.on(f"/flaky/{host}{p}", json_reply(200, success_example(host, op)))
        server.on("/flaky/perps-v1/main/version", Reply(503, HTML, "text/html"))
        status, report, text = run_probe([*base_urls({"perps-v1": f"{server.url}/html/perps-v1"}),
                                          "--interval", "0"], tmp_path / "html")  # fmt: skip
        assert (status, report["summary"]["checked"]) == (2, 0)
        assert "**Nothing checked: no operation answered with JSON.**" in text
        for strict, want in (([], 0), (["--strict"], 1)):
            status, report, _ = run_probe([*base_urls({"perps-v1": f"{server.url}/flaky/perps-v1"}), "--interval",
                                           "0", *strict], tmp_path / f"strict{len(strict)}")  # fmt: skip
            assert status == want
            assert report["summary"]["outcomes"]["failure"] == 1
    finally:
        server.stop()


def test_the_hosts_it_would_probe_without_sending_anything() -> None:
    """By default the public hosts (launch-auth has none); given a --base-url, only that host."""
    ask = probe.parser()
    assert probe.chosen_hosts(ask.parse_args(["--out", "x"]), ask) == {
        "perps-v1": "https://api-perp-v1.raydium.io", "pool-v3": "https://api-v3.raydium.io",
        "transaction-v1": "https://transaction-v1.raydium.io"}  # fmt: skip
    local = ask.parse_args(["--out", "x", "--base-url", "pool-v3=http://127.0.0.1:9"])
    assert probe.chosen_hosts(local, ask) == {"pool-v3": "http://127.0.0.1:9"}
    plan = {p.op.operation_id: p for p in probe.plan(Description.load("perps-v1"), "http://127.0.0.1:9")}
    assert plan["getTempKey"].url == ""  # the secret is never asked for
    wallet = "8XqBvH7oGfQh9Ygcw3RUbvzD2Cg3uHnXGvPdWn6fvSmx"  # the parameter's example
    assert plan["getCampaignUserStats"].url == f"http://127.0.0.1:9/campaign/user?wallet={wallet}&index=1"
