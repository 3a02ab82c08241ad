"""The client contract against a hostile edge: every operation of every Python client,
every scenario (tests/mock_servers.HostileServer), each ending in a typed success or a
typed error that carries the status and `msg` where present, within 10 s.

What each case must end in is decided by the description, not by the client: a body the
bundle's 200 schema accepts must come back as the typed success, a body it rejects as an
`UnexpectedShapeError`. The operations of one host run concurrently (the scenarios with
waits, 429 and stalls, would take minutes one after another).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
import pytest

from calls import call_arguments, endpoint_module, operations, package, success_example, success_schema, success_type
from mock_servers import HOSTILE_MSG, UNKNOWN, HostileServer, refused_url, with_null_items
from oas import HTTP_METHODS
from project import HOSTS, bundle, validator

pytestmark = pytest.mark.e2e
CASE_SECONDS = 10.0
FAST = httpx.Timeout(2.0, connect=2.0)  # the matrix's stall cases; a stall with the defaults is tested apart


def bodies() -> dict[tuple[str, str], object]:
    found: dict[tuple[str, str], object] = {}
    for host, _, path, op in operations():
        example = success_example(host, op)
        raw = b'{"issued": "a token whose shape the source does not show"}'
        found[(host, path)] = raw if example is None else example
    return found


@pytest.fixture
def hostile() -> Iterator[HostileServer]:
    server = HostileServer(bodies())
    try:
        yield server
    finally:
        server.stop()


def accepted(host: str, op: dict[str, Any], body: dict[str, Any]) -> bool:
    schema = success_schema(op)
    assert schema is not None
    return not list(validator(bundle(host), schema["$ref"].removeprefix("#"), host).iter_errors(body))


def expected(host: str, op: dict[str, Any], scenario: str) -> str:
    """The class name a call must end in, decided by the scenario and the description."""
    raw = success_type(op) == "RawBody"
    example = success_example(host, op)
    table = {
        "success": success_type(op), "429-then-200": success_type(op), "text-plain": success_type(op),
        "unknown-keys": success_type(op), "big": success_type(op),
        "failure-200": "FailureEnvelopeError", "failure-400": "FailureEnvelopeError",
        "failure-500": "FailureEnvelopeError", "429-json": "RateLimitedError", "429-html": "RateLimitedError",
        "403-html": "NotJsonError", "520-html": "NotJsonError", "stall": "RequestTimeoutError",
        "cut": "ConnectionCutError", "refused": "ConnectionFailedError",
    }  # fmt: skip
    if scenario in table:
        return str(table[scenario])
    if raw:  # the source shows no body: any 2xx comes back as it came
        return "RawBody"
    if scenario in ("truncated", "empty"):
        return "MalformedJsonError"
    assert example is not None
    without_data = {k: v for k, v in example.items() if k != "data"}
    body = with_null_items(example) if scenario == "null-items" else without_data
    return success_type(op) if accepted(host, op, body) else "UnexpectedShapeError"


STATUS = {"failure-200": 200, "failure-400": 400, "failure-500": 500, "429-json": 429, "429-html": 429,
          "403-html": 403, "520-html": 520, "truncated": 200, "empty": 200, "null-items": 200,
          "no-data": 200}  # fmt: skip


def check(host: str, op: dict[str, Any], scenario: str, outcome: object, seconds: float) -> list[str]:
    """What is wrong with one case's outcome (empty when it keeps the contract)."""
    name = f"{host} {op['operationId']} [{scenario}]"
    problems = []
    want = expected(host, op, scenario)
    got = type(outcome).__name__
    if got != want:
        problems.append(f"{name}: ended in {got} ({outcome}), expected {want}")
    if seconds > CASE_SECONDS:
        problems.append(f"{name}: took {seconds:.1f} s")
    errors = package(host).errors
    if isinstance(outcome, BaseException) and not isinstance(outcome, errors.ApiError):
        problems.append(f"{name}: {got} is not an ApiError")
    if isinstance(outcome, errors.ApiError) and scenario in STATUS and outcome.status_code != STATUS[scenario]:
        problems.append(f"{name}: status {outcome.status_code}, expected {STATUS[scenario]}")
    if isinstance(outcome, errors.FailureEnvelopeError) and scenario != "429-html" and outcome.msg != HOSTILE_MSG:
        problems.append(f"{name}: msg {outcome.msg!r}")
    if isinstance(outcome, errors.TransportError) and outcome.__cause__ is None:
        problems.append(f"{name}: the httpx exception is not kept as the cause")
    null_in_a_list = scenario == "null-items" and "[" in json.dumps(success_example(host, op))
    if isinstance(outcome, errors.UnexpectedShapeError) and null_in_a_list and "is null" not in str(outcome):
        problems.append(f"{name}: the shape error does not name the null item: {outcome}")
    if scenario == "unknown-keys" and want not in ("RawBody", "UnexpectedShapeError"):
        kept = getattr(outcome, "additional_properties", {})
        if kept.get(UNKNOWN) != "unknown":
            problems.append(f"{name}: the unknown top-level key is not reachable ({kept})")
    return problems


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
    """Every operation of the host at once, through one client (httpx clients are thread-safe;
    an async client is made per event loop by each asyncio.run)."""
    ops = [op for h, _, _, op in operations([host])]
    # the stall cases wait for a short timeout; every other case runs with the defaults
    timeout = FAST if scenario == "stall" else package(host).DEFAULT_TIMEOUT
    client = package(host).Client(base_url=base_url, timeout=timeout)
    with ThreadPoolExecutor(max_workers=len(ops)) as pool:
        results = list(pool.map(lambda op: run_case(host, op, client if not use_async else
                                                    package(host).Client(base_url=base_url, timeout=timeout),
                                                    use_async), ops))  # fmt: skip
    return [problem for op, (outcome, seconds) in zip(ops, results, strict=True)
            for problem in check(host, op, scenario, outcome, seconds)]  # fmt: skip


@pytest.mark.parametrize("scenario", HostileServer.SCENARIOS)
@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_keeps_the_contract(host: str, scenario: str, hostile: HostileServer) -> None:
    assert run_host(host, scenario, hostile.base_url(scenario, host)) == []
    if scenario == "429-then-200":
        counts = {path: n for (s, h, path), n in hostile.hits.items() if s == scenario and h == host}
        assert set(counts.values()) == {2}, counts  # one 429, one retry after Retry-After


@pytest.mark.parametrize("host", HOSTS)
def test_connection_refused(host: str) -> None:
    assert run_host(host, "refused", refused_url()) == []


@pytest.mark.parametrize("scenario", ["success", "failure-400", "429-then-200", "cut"])
@pytest.mark.parametrize("host", HOSTS)
def test_async_calls_keep_the_contract(host: str, scenario: str, hostile: HostileServer) -> None:
    assert run_host(host, scenario, hostile.base_url(scenario, host), use_async=True) == []


def test_a_stall_ends_within_the_default_timeout(hostile: HostileServer) -> None:
    """With the documented defaults (no timeout passed), a server that accepts and never
    answers ends in RequestTimeoutError within 10 s, for every client."""
    results: dict[str, tuple[object, float]] = {}

    def call(host: str) -> None:
        host_ops = [op for h, _, _, op in operations([host])]
        client = package(host).Client(base_url=hostile.base_url("stall", host))
        module = endpoint_module(host, host_ops[0]["operationId"])
        started = time.monotonic()
        try:
            outcome: object = module.sync(client=client, **call_arguments(host, module, host_ops[0]))
        except Exception as exc:  # noqa: BLE001 - judged below
            outcome = exc
        results[host] = (outcome, time.monotonic() - started)

    threads = [threading.Thread(target=call, args=(h,)) for h in HOSTS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    for host, (outcome, seconds) in results.items():
        assert type(outcome).__name__ == "RequestTimeoutError", (host, outcome)
        assert 7.0 <= seconds <= CASE_SECONDS, (host, seconds)  # the default read timeout is 8 s
    assert set(results) == set(HOSTS)


def test_the_matrix_is_complete() -> None:
    """Not a sample: every operation of every host, every scenario of the issue."""
    assert len(operations()) == sum(len([m for m in item if m in HTTP_METHODS])
                                    for h in HOSTS for item in bundle(h)["paths"].values())  # fmt: skip
    assert len(HostileServer.SCENARIOS) == 18
    assert {"null-items", "no-data", "big", "stall", "cut", "text-plain"} <= set(HostileServer.SCENARIOS)
    assert set(bodies()) == {(h, path) for h, _, path, _ in operations()}  # a success body for each
