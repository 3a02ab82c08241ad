"""Our mock server, raydium-api-mock (issue 83), the package users install (its copy in
generated/python/raydium-api-mock): every operation of every host answers with each of its
description's named examples, and through the generated Python client; a request the
description refuses gets the host's failure envelope; each of the edge's failures comes on
request, for a run (`--failure`) and for one request (X-Mock-Failure, ?mock-failure=), and the
Python client keeps the client contract against each, judged by the hostile server's oracle
(tests/clients/contract.py; Go's in test_go_client.py, every language's every-operation test
in its own file). Every server binds 127.0.0.1, in this process, and stops with its fixture; the
command's own test starts and stops a process."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest
from raydium_api_mock import FAILURES, MockServer
from test_hostile import run_host

from calls import call_arguments, endpoint_module, operations, package, resolve, success_type
from contract import MOCK_FAILURES
from mock_servers import HOSTILE_MSG
from project import HOSTS, REPO, bundle, validator

pytestmark = pytest.mark.e2e
OPERATIONS = operations()
MOCK_PACKAGE = REPO / "generated" / "python" / "raydium-api-mock"
TX = "transaction-v1"
QUOTE = {"inputMint": "a", "outputMint": "b", "amount": "1", "slippageBps": "50", "txVersion": "V0"}


def declared_examples(host: str, op: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """(status, example name, value) of every named example of the operation's JSON responses."""
    found = []
    for status, response in op["responses"].items():
        media = (resolve(host, response).get("content") or {}).get("application/json") or {}
        for name, example in (media.get("examples") or {}).items():
            found.append((status, name, resolve(host, example)["value"]))
    return found


def request(host: str, method: str, path: str, op: dict[str, Any]) -> dict[str, Any]:
    """httpx arguments for the operation with its examples (the body: its first named example)."""
    params = {p["name"]: str(p["example"]) for p in (resolve(host, x) for x in op.get("parameters", []))
              if p.get("required")}  # fmt: skip
    kwargs: dict[str, Any] = {"method": method.upper(), "url": path, "params": params}
    if "requestBody" in op:
        media = resolve(host, op["requestBody"])["content"]["application/json"]
        kwargs["json"] = resolve(host, next(iter(media["examples"].values())))["value"]
    return kwargs


# -- the description's examples ------------------------------------------------------------------
@pytest.mark.parametrize(("host", "method", "path", "op"), OPERATIONS,
                         ids=[f"{h} {m.upper()} {p}" for h, m, p, _ in OPERATIONS])  # fmt: skip
def test_every_operation_answers_each_of_its_examples(host: str, method: str, path: str, op: dict[str, Any],
                                                      raydium_mocks: dict[str, MockServer]) -> None:  # fmt: skip
    """Without a preference, the first success example, which the declared schema accepts; with
    `Prefer: code=NNN, example=NAME`, that example as the description writes it."""
    with httpx.Client(base_url=raydium_mocks[host].url, timeout=10) as client:
        plain = client.request(**request(host, method, path, op))
        assert plain.status_code == 200, plain.text
        if success_type(op) == "RawBody":
            assert plain.content == b""
        else:
            schema = op["responses"]["200"]["content"]["application/json"]["schema"]
            pointer = "/paths/" + path.replace("~", "~0").replace("/", "~1") + f"/{method}/responses/200/content/" \
                "application~1json/schema"  # fmt: skip
            assert schema
            assert not list(validator(bundle(host), pointer, host).iter_errors(plain.json()))
            assert plain.json()["success"] is True
        examples = declared_examples(host, op)
        assert examples or success_type(op) == "RawBody"
        for status, name, value in examples:
            code = "400" if status == "default" else status
            prefer = {"Prefer": f"code={code}, example={name}"}
            chosen = client.request(**request(host, method, path, op), headers=prefer)
            assert chosen.status_code == int(code), (name, chosen.text)
            assert chosen.json() == value, name
            if code == "429":
                assert chosen.headers["retry-after"] == "30"  # the description's example


@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_returns_its_typed_success_through_the_python_client(
        host: str, raydium_mocks: dict[str, MockServer]) -> None:  # fmt: skip
    client = package(host).Client(base_url=raydium_mocks[host].url)
    for *_, op in operations([host]):
        module = endpoint_module(host, op["operationId"])
        result = module.sync(client=client, **call_arguments(host, module, op))
        assert type(result).__name__ == success_type(op), op["operationId"]
        assert success_type(op) == "RawBody" or result.success is True


def test_perps_sends_its_cache_control_and_unknown_routes_get_the_envelope(
        raydium_mocks: dict[str, MockServer]) -> None:  # fmt: skip
    perps = httpx.get(raydium_mocks["perps-v1"].url + "/pool/default-list", timeout=10)
    assert perps.headers["cache-control"] == "max-age=60"
    missing = httpx.get(raydium_mocks["pool-v3"].url + "/pools/info/nowhere", timeout=10)
    assert (missing.status_code, missing.json()["success"], missing.json()["error"]["code"]) == (404, False, 1)
    wrong = httpx.post(raydium_mocks["pool-v3"].url + "/main/version", timeout=10)
    assert wrong.status_code == 405
    assert wrong.json()["success"] is False


# -- requests the description refuses --------------------------------------------------------------
@pytest.mark.parametrize(("host", "path", "params", "msg"), [
    ("pool-v3", "/pools/info/ids", {}, "invalid parameter ids: is required"),
    ("pool-v3", "/pools/info/ids", {"ids": "a,,b"}, "invalid parameter ids: "),
    ("pool-v3", "/pools/info/list", {"pageSize": "many"}, "invalid parameter pageSize: "),
    ("pool-v3", "/pools/info/list", {"pageSize": "1001"}, "invalid parameter pageSize: "),
    ("pool-v3", "/pools/info/list", {"poolType": "everything"}, "invalid parameter poolType: "),
    (TX, "/compute/swap-base-in", {**QUOTE, "slippageBps": "10001"}, "REQ_SLIPPAGE_BPS_ERROR"),
    (TX, "/compute/swap-base-in", {**QUOTE, "txVersion": "V9"}, "REQ_TX_VERSION_ERROR"),
    (TX, "/compute/swap-base-in", {**QUOTE, "amount": "-1"}, "REQ_AMOUNT_ERROR"),
    (TX, "/compute/swap-base-out", {k: v for k, v in QUOTE.items() if k != "inputMint"}, "REQ_INPUT_MINT_ERROR"),
    (TX, "/compute/swap-base-in", {**QUOTE, "referrerBps": "x"}, "invalid parameter referrerBps: "),
    ("perps-v1", "/campaign/user", {"index": "1"}, "invalid parameter wallet: is required"),
])  # fmt: skip
def test_a_refused_parameter_gets_the_hosts_failure_envelope(host: str, path: str, params: dict[str, str], msg: str,
                                                             raydium_mocks: dict[str, MockServer]) -> None:  # fmt: skip
    reply = httpx.get(raydium_mocks[host].url + path, params=params, timeout=10)
    assert reply.status_code == 400
    body = reply.json()
    assert body["success"] is False
    assert body["msg"].startswith(msg), body
    assert ("error" in body) == (host == "pool-v3")  # only the pool data service has error.code


@pytest.mark.parametrize(("path", "change", "msg"), [
    ("/transaction/swap-base-in", {"swapResponse": None}, "REQ_SWAP_RESPONSE_ERROR"),
    ("/transaction/swap-base-in", {"wallet": None}, "REQ_WALLET_ERROR"),
    ("/transaction/swap-base-out", {"computeUnitPriceMicroLamports": "cheap"},
     "REQ_COMPUTE_UNIT_PRICE_MICRO_LAMPORTS_ERROR"),
])  # fmt: skip
def test_a_refused_body_gets_the_code_of_its_field(path: str, change: dict[str, Any], msg: str,
                                                  raydium_mocks: dict[str, MockServer]) -> None:  # fmt: skip
    op = bundle(TX)["paths"][path]["post"]
    body = {**request(TX, "post", path, op)["json"], **change}
    body = {k: v for k, v in body.items() if v is not None}
    reply = httpx.post(raydium_mocks[TX].url + path, json=body, timeout=10)
    assert (reply.status_code, reply.json()["msg"]) == (400, msg)
    not_json = httpx.post(raydium_mocks[TX].url + path, content=b"{", timeout=10)
    assert not_json.json()["msg"] == "invalid request: the body is not JSON"


# -- the edge's failures, on request ---------------------------------------------------------------
SIMPLE = {"429": (429, "application/json"), "429-html": (429, "text/html"), "403-html": (403, "text/html"),
          "502-html": (502, "text/html"), "520-html": (520, "text/html"), "524-html": (524, "text/html"),
          "failure-200": (200, "application/json"), "failure-503": (503, "application/json"),
          "empty": (200, "application/json"), "text-plain": (200, "text/plain"),
          "null-items": (200, "application/json"), "unknown-keys": (200, "application/json"),
          "truncated": (200, "application/json"), "none": (200, "application/json")}  # fmt: skip


@pytest.mark.parametrize("how", ["header", "query"])
@pytest.mark.parametrize("failure", SIMPLE)
def test_a_request_chooses_its_failure(failure: str, how: str, raydium_mocks: dict[str, MockServer]) -> None:
    url = raydium_mocks["pool-v3"].url + "/main/clmm-dynamic-config"
    chosen = {"headers": {"X-Mock-Failure": failure}} if how == "header" else {"params": {"mock-failure": failure}}
    reply = httpx.get(url, timeout=10, **chosen)  # type: ignore[arg-type]
    status, content_type = SIMPLE[failure]
    assert (reply.status_code, reply.headers["content-type"].split(";")[0]) == (status, content_type), reply.text
    plain = httpx.get(url, timeout=10).content
    if failure.startswith("429"):
        assert reply.headers["retry-after"] == "1"
    if failure.endswith("-html"):
        assert reply.text.startswith("<!DOCTYPE html>")
        assert "Cloudflare" in reply.text
    elif failure.startswith(("429", "failure-")):
        assert reply.json()["success"] is False
        assert reply.json()["error"]["code"] == 1
    elif failure == "truncated":
        assert reply.content == plain[: len(plain) // 2]
    elif failure == "null-items":
        assert reply.json()["data"][-1] is None
    elif failure == "unknown-keys":
        assert reply.json()["zzUnknownKey"] == reply.json()["data"][0]["zzUnknownKey"] == "unknown"
    elif failure == "empty":
        assert reply.content == b""
    else:
        assert reply.content == plain


def test_a_stall_and_a_cut_end_in_the_transport_errors(raydium_mocks: dict[str, MockServer]) -> None:
    url = raydium_mocks["pool-v3"].url + "/main/version"
    started = time.monotonic()
    with pytest.raises(httpx.ReadTimeout):
        httpx.get(url, headers={"X-Mock-Failure": "stall"}, timeout=httpx.Timeout(0.5, connect=5))
    assert time.monotonic() - started < 5
    with pytest.raises(httpx.RemoteProtocolError):
        httpx.get(url, params={"mock-failure": "cut"}, timeout=10)


def test_an_unknown_failure_is_refused(raydium_mocks: dict[str, MockServer]) -> None:
    reply = httpx.get(raydium_mocks["perps-v1"].url + "/main/version", headers={"X-Mock-Failure": "flood"}, timeout=10)
    assert reply.status_code == 400
    assert "no failure named 'flood'" in reply.json()["msg"]
    with pytest.raises(ValueError, match="no failure named"):
        MockServer("perps-v1", failure="521")
    assert {"429", "stall", "cut", "null-items", "none"} <= set(FAILURES)


# -- the client contract against each failure --------------------------------------------------------
@pytest.fixture(scope="module")
def python_judged(failing_mocks: dict[tuple[str, str], MockServer]) -> dict[str, list[str]]:
    """By scenario: the problems of every host's Python calls against our mock with that failure
    for the run, all scenarios and hosts at once (their waits overlap)."""
    cases = [(scenario, host) for scenario in MOCK_FAILURES for host in HOSTS]
    with ThreadPoolExecutor(max_workers=len(cases)) as pool:
        found = list(pool.map(lambda c: run_host(c[1], c[0], failing_mocks[c].url), cases))
    judged: dict[str, list[str]] = {scenario: [] for scenario in MOCK_FAILURES}
    for (scenario, _), problems in zip(cases, found, strict=True):
        judged[scenario] += problems
    return judged


@pytest.mark.parametrize("scenario", MOCK_FAILURES)
def test_the_python_client_keeps_the_contract_against_each_failure(
        scenario: str, python_judged: dict[str, list[str]]) -> None:  # fmt: skip
    assert python_judged[scenario] == []


def test_failure_times_fails_only_each_operations_first_requests(raydium_mocks: dict[str, MockServer]) -> None:
    with MockServer("pool-v3", failure="429", failure_times=1, retry_after=3, failure_msg=HOSTILE_MSG).start() as mock:
        first = [httpx.get(mock.url + path, timeout=10) for path in ("/main/version", "/main/rpcs", "/main/version")]
        assert [r.status_code for r in first] == [429, 429, 200]
        assert first[0].headers["retry-after"] == "3"
        assert first[0].json()["msg"] == HOSTILE_MSG
        assert httpx.get(mock.url + "/main/rpcs", headers={"X-Mock-Failure": "520-html"}, timeout=10).status_code == 520


# -- the command -----------------------------------------------------------------------------------
def test_the_command_serves_a_host_until_it_is_stopped() -> None:
    """`python -m raydium_api_mock` as documented (docs/guide/mock.md), on a free port: it says
    where it listens, logs each request on stderr, fails the first request of each operation with
    --failure-times 1, and exits 0 on SIGTERM within seconds."""
    env = {**os.environ, "PYTHONPATH": str(MOCK_PACKAGE)}
    process = subprocess.Popen([sys.executable, "-m", "raydium_api_mock", "--host", "perps-v1", "--port", "0",
                                "--failure", "503-html", "--failure-times", "1"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)  # fmt: skip
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert " perps-v1 " in line, line
        assert "failure 503-html" in line, line
        url = line.split(" at ", 1)[1].split()[0]
        assert url.startswith("http://127.0.0.1:")
        statuses = [httpx.get(url + "/main/version", timeout=10).status_code for _ in range(2)]
        assert statuses == [503, 200]
    finally:
        process.terminate()
        _, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert "GET /main/version -> 503" in err
    assert "GET /main/version -> 200" in err
    refused = subprocess.run([sys.executable, "-m", "raydium_api_mock", "--host", "perps-v1", "--failure", "flood"],
                             capture_output=True, text=True, env=env, timeout=60, check=False)  # fmt: skip
    assert refused.returncode == 2
    assert "no failure named 'flood'" in refused.stderr
