"""The client contract against a hostile edge: every operation of every Python client,
every scenario (tests/mock_servers.HostileServer), each ending in a typed success or a
typed error that carries the status and `msg` where present, within 10 s.

What each case must end in is decided by the description, not by the client: a body the
bundle's 200 schema accepts must come back as the typed success, a body it rejects as an
`UnexpectedShapeError`. The operations of every host run concurrently (the scenarios with
waits, 429 and stalls, would take minutes one after another).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from calls import call_arguments, endpoint_module, operations, package, success_type
from contract import (
    SUCCESS,
    TIMEOUT_MS,
    Outcome,
    bodies,
    decode_mode,
    judge,
    scenario_cases,
    timing_plan,
    timing_problems,
)
from mock_servers import UNKNOWN, HostileServer, refused_url
from project import HOSTS, bundle
from scripts.spec.oas import HTTP_METHODS

pytestmark = pytest.mark.e2e


def outcome_of(host: str, op: dict[str, Any], result: object, seconds: float) -> Outcome:
    """A Python call's end as the shared oracle reads it."""
    errors = package(host).errors
    if not isinstance(result, BaseException):
        typed = type(result).__name__ == success_type(op) and success_type(op) != "RawBody"
        kind = SUCCESS if typed else type(result).__name__
        unknown = result.to_dict().get(UNKNOWN) if typed else None  # type: ignore[attr-defined]
        return Outcome(kind, seconds, unknown=unknown)
    api = isinstance(result, errors.ApiError)
    status: int | None = getattr(result, "status_code", None)
    msg: str | None = getattr(result, "msg", None)
    return Outcome(type(result).__name__, seconds, api_error=api, status=status, msg=msg,
                   cause=result.__cause__ is not None, message=str(result))  # fmt: skip


def run_case(host: str, op: dict[str, Any], client: Any, use_async: bool = False) -> tuple[object, float]:
    module = endpoint_module(host, op["operationId"])
    kwargs = call_arguments(host, module, op)
    started = time.monotonic()
    try:
        if use_async:
            outcome: object = asyncio.run(module.asyncio(client=client, **kwargs))
        else:
            outcome = module.sync(client=client, **kwargs)
    except Exception as exc:  # noqa: BLE001 - the outcome under test: anything raised is judged by check()
        outcome = exc
    return outcome, time.monotonic() - started


def run_host(host: str, scenario: str, base_url: str, *, use_async: bool = False) -> list[str]:
    """Every operation of the host the scenario runs on (contract.scenario_cases) at once,
    through one client (httpx clients are thread-safe; an async client is made per event loop
    by each asyncio.run)."""
    ops = [op for h, _, _, op in scenario_cases(scenario, operations([host]))]
    # the stall cases wait for a short timeout, the big body for the call's deadline (contract.TIMEOUT_MS);
    # every other case runs with the defaults
    timeout = httpx.Timeout(TIMEOUT_MS[scenario] / 1000, connect=2.0) if scenario in TIMEOUT_MS \
        else package(host).DEFAULT_TIMEOUT  # fmt: skip
    client = package(host).Client(base_url=base_url, timeout=timeout)
    with ThreadPoolExecutor(max_workers=len(ops)) as pool:
        results = list(pool.map(lambda op: run_case(host, op, client if not use_async else
                                                    package(host).Client(base_url=base_url, timeout=timeout),
                                                    use_async), ops))  # fmt: skip
    return [problem for op, (result, seconds) in zip(ops, results, strict=True)
            for problem in judge(host, op, scenario, outcome_of(host, op, result, seconds), "python")]  # fmt: skip


def run_hosts(scenario: str, hosts: Sequence[str], hostile: HostileServer, *, use_async: bool = False) -> list[str]:
    """``run_host`` for each host, the hosts at once: the waits of a scenario overlap."""
    with ThreadPoolExecutor(max_workers=len(hosts)) as pool:
        found = pool.map(lambda h: run_host(h, scenario, hostile.base_url(scenario, h), use_async=use_async), hosts)
        return [problem for problems in found for problem in problems]


# Every host at once, except the 20 MB body: one host at a time keeps the server's copies of
# it few
@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_keeps_the_contract_with_a_big_body(host: str, hostile: HostileServer) -> None:
    assert run_host(host, "big", hostile.base_url("big", host)) == []


SYNC_SCENARIOS = [s for s in HostileServer.SCENARIOS if s != "big"]
ASYNC_SCENARIOS = ["success", "failure-400", "429-then-200", "cut"]
# By scenario: the problems of its calls, and the hostile server's hits of that scenario
Judged = dict[str, tuple[list[str], dict[tuple[str, str], int]]]


def run_scenarios(scenarios: Sequence[str], use_async: bool) -> Judged:
    """Every host's calls of every scenario at once, against a hostile server of their own:
    the scenarios' waits (a stall's timeout, a Retry-After) overlap instead of adding up
    scenario by scenario (decision 105)."""
    with HostileServer(bodies()) as server, ThreadPoolExecutor(max_workers=len(scenarios)) as pool:
        found = list(pool.map(lambda s: run_hosts(s, HOSTS, server, use_async=use_async), scenarios))
        hits = {s: {(h, path): n for (hit, h, path), n in server.hits.items() if hit == s} for s in scenarios}
    return {s: (problems, hits[s]) for s, problems in zip(scenarios, found, strict=True)}


@pytest.fixture(scope="module")
def judged() -> dict[bool, Judged]:
    """By async or not: the synchronous calls of every scenario but the 20 MB body, and the
    async calls of ASYNC_SCENARIOS, the two sets side by side."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip((False, True), pool.map(run_scenarios, (SYNC_SCENARIOS, ASYNC_SCENARIOS), (False, True)),
                        strict=True))  # fmt: skip


@pytest.mark.parametrize("scenario", SYNC_SCENARIOS)
def test_every_operation_keeps_the_contract(scenario: str, judged: dict[bool, Judged]) -> None:
    problems, hits = judged[False][scenario]
    assert problems == []
    if scenario == "429-then-200":
        assert {h for h, _ in hits} == set(HOSTS)
        assert set(hits.values()) == {2}, hits  # one 429, one retry after Retry-After


@pytest.mark.parametrize("host", HOSTS)
def test_connection_refused(host: str) -> None:
    assert run_host(host, "refused", refused_url()) == []


@pytest.mark.parametrize("scenario", ASYNC_SCENARIOS)
def test_async_calls_keep_the_contract(scenario: str, judged: dict[bool, Judged]) -> None:
    problems, hits = judged[True][scenario]
    assert problems == []
    if scenario == "429-then-200":
        assert set(hits.values()) == {2}, hits


# (the host, async or not): how the call ended and after how many seconds
StallResults = dict[tuple[str, bool], tuple[object, float]]


@pytest.fixture(scope="module", autouse=True)
def default_stall() -> Iterator[tuple[StallResults, list[threading.Thread]]]:
    """The calls test_a_stall_ends_within_the_default_timeout judges, started when this module
    starts, against a stalling server of their own: they wait out the default 8 s timeout in
    threads while the module's other tests run, not on their own at the end (decision 100)."""
    results: StallResults = {}
    threads: list[threading.Thread] = []
    try:
        with HostileServer(bodies()) as server:

            def call(host: str, use_async: bool) -> None:
                op = operations([host])[0][3]
                client = package(host).Client(base_url=server.base_url("stall", host))
                results[(host, use_async)] = run_case(host, op, client, use_async)

            threads += [threading.Thread(target=call, args=(h, a), daemon=True) for h in HOSTS for a in (False, True)]
            for thread in threads:
                thread.start()
            yield results, threads
    finally:  # the server stopped first, which ends a call still waiting
        for thread in threads:
            thread.join(timeout=40)


def test_a_stall_ends_within_the_default_timeout(default_stall: tuple[StallResults, list[threading.Thread]]) -> None:
    """With the documented defaults (no timeout passed), a server that accepts and never
    answers ends in RequestTimeoutError within the call's 30 s deadline, for every client, sync
    and async: each of the three attempts (the first and the 2 retries of a timeout) waits out
    the default 8 s read timeout (the async client too: 8 s, not httpx's 5 s)."""
    results, threads = default_stall
    for thread in threads:
        thread.join(timeout=40)
    for key, (outcome, seconds) in results.items():
        assert type(outcome).__name__ == "RequestTimeoutError", (key, outcome)
        assert getattr(outcome, "attempts", None) == 3, (key, outcome)
        assert 3 * 7.0 <= seconds <= 30 + 3, (key, seconds)  # three 8 s reads, inside the deadline
    assert set(results) == {(h, a) for h in HOSTS for a in (False, True)}


@pytest.mark.parametrize("use_async", [False, True], ids=["sync", "async"])
def test_a_configured_timeout_and_deadline_are_honoured(hostile: HostileServer, use_async: bool) -> None:
    """contract.TIMINGS, every host at once: each call ends near its configured timeout or
    deadline."""

    def one(host: str, entry: dict[str, Any]) -> Outcome:
        errors = package(host).errors
        policy = errors.RetryPolicy(max_retries=int(entry.get("maxRetries", 2)),
                                    deadline=entry.get("deadlineMs", 30000) / 1000)  # fmt: skip
        client = package(host).Client(base_url=entry["baseUrl"], timeout=httpx.Timeout(entry["timeoutMs"] / 1000),
                                      retry_policy=policy)  # fmt: skip
        op = operations([host])[0][3]
        return outcome_of(host, op, *run_case(host, op, client, use_async))

    plans = {host: timing_plan(host, hostile.base_url("stall", host)) for host in HOSTS}
    with ThreadPoolExecutor(max_workers=sum(len(p) for p in plans.values())) as pool:
        futures = {host: [pool.submit(one, host, entry) for entry in plan] for host, plan in plans.items()}
        problems = [p for host, done in futures.items()
                    for p in timing_problems(f"python {host}", [f.result() for f in done])]  # fmt: skip
    assert problems == []


def test_the_matrix_is_complete() -> None:
    """Not a sample: every operation of every host, every scenario of the issue."""
    assert len(operations()) == sum(len([m for m in item if m in HTTP_METHODS])
                                    for h in HOSTS for item in bundle(h)["paths"].values())  # fmt: skip
    assert len(HostileServer.SCENARIOS) == 23
    assert {"null-items", "no-data", "big", "stall", "cut", "text-plain", "429-long"} <= set(HostileServer.SCENARIOS)
    assert set(bodies()) == {(h, path) for h, _, path, _ in operations()}  # a success body for each
    # the 20 MB body: every operation but the big one; for that, each host and each way a
    # client reads a success (an envelope, the quote it keeps to send back, a body not shown)
    assert scenario_cases("cut", operations()) == operations()
    big = {(h, op["operationId"], decode_mode(h, op)) for h, _, _, op in scenario_cases("big", operations())}
    assert {h for h, _, _ in big} == set(HOSTS)
    assert {(h, mode) for h, _, mode in big} == {(h, decode_mode(h, op)) for h, _, _, op in operations()}
    assert ("transaction-v1", "verbatim") in {(h, mode) for h, _, mode in big}
    assert {mode for *_, mode in big} == {"envelope", "verbatim", "RawBody"}
