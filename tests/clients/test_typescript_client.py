"""The TypeScript clients (generated/typescript/<host>-client) keep the client contract:
every operation against Prism, and every operation in every hostile scenario, judged by the
same oracle as the Python clients (tests/clients/contract.py). The calls run in Node
(tests/typescript/runner.mjs), all of one plan at once."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import paging_walks
import pytest
from raydium_api_mock import MockServer

from calls import operations, resolve, success_type
from contract import (
    SUCCESS,
    TIMING_HOST,
    Outcome,
    hostile_servers,
    judge,
    scenario_cases,
    timeout_entry,
    timing_plan,
    timing_problems,
)
from mock_servers import HostileServer, Prism, refused_url
from project import HOSTS, REPO
from scripts.common.versions import client_version
from scripts.spec import oas

pytestmark = pytest.mark.e2e
RUNNER = REPO / "tests" / "typescript" / "runner.mjs"
Ended = tuple[str, dict[str, Any], Outcome]  # a call's host, its operation, what it ended in


def client_module(host: str) -> Path:
    return REPO / "generated" / "typescript" / f"{host}-client" / "dist" / "index.js"


def ts_arguments(host: str, op: dict[str, Any]) -> object:
    """The method's argument: the body's first named example, or the required parameters'
    examples as `{query: {...}}` (u64 amounts as bigints); None for no argument."""
    if "requestBody" in op:
        media = resolve(host, op["requestBody"])["content"]["application/json"]
        return resolve(host, next(iter(media["examples"].values())))["value"]
    query: dict[str, object] = {}
    for param in (resolve(host, p) for p in op.get("parameters", [])):
        if param.get("required"):
            schema = resolve(host, param.get("schema", {}))
            u64 = oas.typed_view(schema).get("format") == "uint64"  # AmountU64: digits or integer
            query[param["name"]] = {"$bigint": str(param["example"])} if u64 else param["example"]
    return {"query": query} if query else None


def plan_entry(host: str, op: dict[str, Any], base_url: str, **extra: object) -> dict[str, object]:
    entry: dict[str, object] = {"module": str(client_module(host)), "op": op["operationId"], "baseUrl": base_url,
                                "raw": success_type(op) == "RawBody", **extra}  # fmt: skip
    args = ts_arguments(host, op)
    if args is not None:
        entry["args"] = args
    return entry


def run_plan(plan: list[dict[str, object]], tmp_path: Path) -> list[dict[str, Any]]:
    file = tmp_path / "plan.json"
    file.write_text(json.dumps(plan), encoding="utf-8")
    proc = subprocess.run(["node", str(RUNNER), str(file)], capture_output=True, text=True, timeout=120, check=False,
                          cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results: list[dict[str, Any]] = json.loads(proc.stdout)
    return results


def outcome(result: dict[str, Any]) -> Outcome:
    return Outcome(result["kind"], result["seconds"], api_error=result.get("api_error", True),
                   status=result.get("status") if result["kind"] not in (SUCCESS, "RawBody") else None,
                   msg=result.get("msg"), cause=result.get("cause", False), message=result.get("message", ""),
                   unknown=result.get("unknown"))  # fmt: skip


def test_every_operation_against_prism(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    cases = operations()
    results = run_plan([plan_entry(h, op, prism_servers[h].url) for h, _, _, op in cases], tmp_path)
    for (host, _, _, op), result in zip(cases, results, strict=True):
        want = "RawBody" if success_type(op) == "RawBody" else SUCCESS
        assert result["kind"] == want, (host, op["operationId"], result)
        assert want == "RawBody" or result["success"] is True


def test_every_operation_against_our_mock(raydium_mocks: dict[str, MockServer], tmp_path: Path) -> None:
    """The same calls against raydium-api-mock, the mock users install (issue 83)."""
    cases = operations()
    results = run_plan([plan_entry(h, op, raydium_mocks[h].url) for h, _, _, op in cases], tmp_path)
    for (host, _, _, op), result in zip(cases, results, strict=True):
        want = "RawBody" if success_type(op) == "RawBody" else SUCCESS
        assert result["kind"] == want, (host, op["operationId"], result)
        assert want == "RawBody" or result["success"] is True


@pytest.fixture(scope="module")
def hostile_outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Ended]]:
    """Every scenario's calls in one plan, all at once: their waits (a stall's timeout, a
    Retry-After) overlap instead of adding up scenario by scenario (decision 105). By scenario:
    (host, operation, what the call ended in)."""
    cases = [(scenario, h, op) for scenario in HostileServer.SCENARIOS
             for h, _, _, op in scenario_cases(scenario, operations())]  # fmt: skip
    with hostile_servers() as servers:
        plan = [plan_entry(h, op, servers[h].base_url(scenario, h), **timeout_entry(scenario))
                for scenario, h, op in cases]  # fmt: skip
        results = run_plan(plan, tmp_path_factory.mktemp("hostile"))
    found: dict[str, list[Ended]] = {scenario: [] for scenario in HostileServer.SCENARIOS}
    for (scenario, h, op), result in zip(cases, results, strict=True):
        found[scenario].append((h, op, outcome(result)))
    return found


@pytest.mark.parametrize("scenario", HostileServer.SCENARIOS)
def test_every_operation_keeps_the_contract(scenario: str, hostile_outcomes: dict[str, list[Ended]]) -> None:
    problems = [p for h, op, ended in hostile_outcomes[scenario] for p in judge(h, op, scenario, ended, "typescript")]
    assert problems == []


def test_connection_refused(tmp_path: Path) -> None:
    cases = operations()
    url = refused_url()
    results = run_plan([plan_entry(h, op, url) for h, _, _, op in cases], tmp_path)
    assert [p for (h, _, _, op), r in zip(cases, results, strict=True)
            for p in judge(h, op, "refused", outcome(r), "typescript")] == []  # fmt: skip


def test_every_host_has_a_client() -> None:
    for host in HOSTS:
        assert client_module(host).is_file()
        package = json.loads((client_module(host).parent.parent / "package.json").read_text(encoding="utf-8"))
        assert package["name"] == f"raydium-{host}-client"
        assert package["version"] == client_version(host, "typescript")
        assert package["license"] == "MIT"


def test_body_decoding_keeps_the_text_and_drops_the_decoded_body() -> None:
    """The runtime's decode of a body (tests/typescript/decode_body.mjs): every body, ASCII
    or not, decodes to exactly what TextDecoder makes of it, under Node's Buffer and without
    it; an ASCII body takes the Buffer path; and a call's decoded envelope is not kept once
    the call has returned it."""
    script = REPO / "tests" / "typescript" / "decode_body.mjs"
    runtime = REPO / "generated" / "typescript" / "raydium-api-runtime"
    proc = subprocess.run(["node", "--expose-gc", str(script), str(runtime)],
                          capture_output=True, text=True, timeout=60, check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    passed = json.loads(proc.stdout)
    assert "the decoded envelope is collectable while its Response lives" in passed
    assert len(passed) == 21, passed


@pytest.mark.parametrize("name", ["runtime", "values"])
def test_the_unit_suite_passes(name: str) -> None:
    """tests/typescript/runtime.test.mjs, node's own test runner against the compiled runtime
    with fetches of its own (no server): exact messages, classes, retry counts and times; it is
    the suite StrykerJS runs against each mutant of the runtime (make mutation). And
    values.test.mjs: a client's successes behave as plain values (equality, inspect, JSON)."""
    suite = REPO / "tests" / "typescript" / f"{name}.test.mjs"
    proc = subprocess.run(["node", "--test", "--test-reporter=tap", str(suite)], capture_output=True, text=True,
                          timeout=120, check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    declared = suite.read_text(encoding="utf-8").count("\ntest(")
    assert f"# pass {declared}\n" in proc.stdout, proc.stdout[-600:]
    assert "# fail 0\n" in proc.stdout, proc.stdout[-600:]


def test_a_configured_timeout_and_deadline_are_honoured(hostile: HostileServer, tmp_path: Path) -> None:
    """contract.TIMINGS against a stalling server: each call ends near its configured timeout or deadline
    (the deadline caps an attempt whose own timeout is longer)."""
    op = operations([TIMING_HOST])[0][3]
    plan = [plan_entry(TIMING_HOST, op, str(e["baseUrl"]), **{k: v for k, v in e.items() if k not in ("op", "baseUrl")})
            for e in timing_plan(TIMING_HOST, hostile.base_url("stall", TIMING_HOST))]  # fmt: skip
    results = run_plan(plan, tmp_path)
    assert timing_problems("typescript", [outcome(r) for r in results]) == []


ONE_BASE = """
import { ApiError, FailureEnvelopeError, NotJsonError } from "raydium-api-runtime";
const [pool, swap] = await Promise.all([import(process.argv[2]), import(process.argv[3])]);
const same = pool.ApiError === swap.ApiError && pool.ApiError === ApiError
  && pool.FailureEnvelopeError === swap.FailureEnvelopeError;
const caught = [];
for (const call of [
  () => pool.createClient({ baseUrl: process.argv[4] }).listDynamicFeeConfigs(),
  () => swap.createClient({ baseUrl: process.argv[5] }).computeSwapBaseIn({
    query: { inputMint: "a", outputMint: "b", amount: 1n, slippageBps: 50, txVersion: "V0" } }),
]) {
  try {
    await call();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;  // the one base class
    caught.push([error.name, error.status, error instanceof NotJsonError, error instanceof FailureEnvelopeError]);
  }
}
console.log(JSON.stringify({ same, caught }));
"""


def test_one_instanceof_of_the_shared_base_catches_a_failure_of_either_host(hostile: HostileServer,
                                                                           tmp_path: Path) -> None:  # fmt: skip
    """An aggregator that calls the pool and the transaction services catches one base class:
    every client re-exports the shared runtime's classes (raydium-api-runtime), so the pool
    client's HTML from the edge and the transaction client's failure envelope both land in
    one `instanceof ApiError`, the class imported from the runtime itself."""
    script = REPO / "build" / "one-base.mjs"  # in the repository, so the runtime resolves from node_modules
    script.parent.mkdir(exist_ok=True)
    script.write_text(ONE_BASE, encoding="utf-8")
    proc = subprocess.run(["node", str(script), str(client_module("pool-v3")), str(client_module("transaction-v1")),
                           hostile.base_url("520-html", "pool-v3"), hostile.base_url("failure-400", "transaction-v1")],
                          capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"same": True, "caught": [["NotJsonError", 520, True, False],
                                                                ["FailureEnvelopeError", 400, False, True]]}


WALK = REPO / "tests" / "typescript" / "walk.mjs"


def ts_walk(walk_request: dict[str, object]) -> paging_walks.Walk:
    """One walk of the pool-v3 client's iterators in Node (tests/typescript/walk.mjs)."""
    proc = subprocess.run(["node", str(WALK), json.dumps(walk_request)], capture_output=True, text=True, timeout=120,
                          check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return paging_walks.walk_of(json.loads(proc.stdout))


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_a_walk_comes_through_every_failure_that_passes(style: str) -> None:
    paging_walks.check_retried_walk(ts_walk, style)


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_without_retries_a_walk_stops_where_it_can_resume(style: str) -> None:
    paging_walks.check_resumed_walk(ts_walk, style)


def test_pages_come_whole_and_max_pages_bounds_a_walk() -> None:
    paging_walks.check_pages_and_bound(ts_walk)


def test_a_walk_passes_the_cursor_back_unchanged() -> None:
    paging_walks.check_cursor_unchanged(ts_walk)
