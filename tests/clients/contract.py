"""The client contract's oracle, shared by every language's hostile-scenario test: what a
call must end in for each operation and scenario (decided by the description, not by any
client), and what is wrong with an outcome a client reported."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from calls import operations, success_example, success_schema, success_type
from mock_servers import HOSTILE_MSG, HostileServer, refused_url, with_null_items
from project import HOSTS, bundle, validator
from scripts.clients.openapi_generator import sent_back

if TYPE_CHECKING:  # the mock's package is on the path once conftest.py has run
    from raydium_api_mock import MockServer

Case = tuple[str, str, str, dict[str, Any]]  # calls.operations(): host, method, path, operation

CASE_SECONDS = 10.0
# The client timeout (ms) a scenario runs with, where it is not the default: a stall ends at a
# short one; the 20 MB body gets the call's whole deadline (30 s), since what it tests is a big
# body, not speed, and a busy machine serves many of them at once slowly. A case must end
# within its timeout plus a margin (`case_seconds`).
TIMEOUT_MS = {"stall": 2000, "big": 30000}
MARGIN_SECONDS = 10.0


# How far past a configured bound a call may end: timer and scheduling slack on a busy machine,
# well below the gap to any default (a stall with a configured 2.5 s timeout must not take the
# default 8 s).
NEAR_SECONDS = 3.0


# A Retry-After (15 s) beyond the policy's max_wait (10 s) is not waited: the call ends before
# any wait could have finished. The bound sits below max_wait rather than near zero, so a busy
# machine does not fail it: a CI run under load measured 3.0 s for a call that waited nothing,
# and a quiet `make test` with the Rust runner's hundreds of calls in flight at once 7.5 s. A
# client that waited max_wait (10 s) or the Retry-After (15 s) still ends after it.
NOT_WAITED_SECONDS = 9.0


def case_seconds(scenario: str) -> float:
    """How long a case may take: its client timeout plus a margin (CASE_SECONDS by default), or
    NOT_WAITED_SECONDS for a Retry-After the client must not wait."""
    if scenario == "429-long":
        return NOT_WAITED_SECONDS
    return TIMEOUT_MS[scenario] / 1000 + MARGIN_SECONDS if scenario in TIMEOUT_MS else CASE_SECONDS


# A configured timeout and deadline are honoured, in every language (issue 30): against a
# server that never answers, each entry ends in RequestTimeoutError near the shorter of its
# timeout and deadline, not merely before a fixed ceiling. The last entry's deadline caps an
# attempt whose own timeout is longer.
TIMING_HOST = "transaction-v1"  # one client per language (the layer is the same template on every host)
# Retries off (`maxRetries`: 0): what is judged is one attempt's timeout, and the deadline.
TIMINGS: list[dict[str, int]] = [{"timeoutMs": 1000, "maxRetries": 0}, {"timeoutMs": 2500, "maxRetries": 0},
                                 {"timeoutMs": 8000, "deadlineMs": 1500, "maxRetries": 0}]


def timing_plan(host: str, stall_url: str) -> list[dict[str, object]]:
    """The plan entries of TIMINGS for a host's first operation against a stalling server."""
    op = operations([host])[0][3]["operationId"]
    return [{"op": op, "baseUrl": stall_url, **timing} for timing in TIMINGS]


def timing_problems(language: str, outcomes: list[Outcome]) -> list[str]:
    """What is wrong with how each TIMINGS entry ended."""
    problems = []
    for timing, ended in zip(TIMINGS, outcomes, strict=True):
        bound = min(v for k, v in timing.items() if k.endswith("Ms")) / 1000
        if ended.kind != "RequestTimeoutError" or not bound - 0.05 <= ended.seconds <= bound + NEAR_SECONDS:
            problems.append(f"{language} {timing}: {ended.kind} after {ended.seconds:.2f} s, expected "
                            f"RequestTimeoutError after {bound} s (+{NEAR_SECONDS} s at most)")  # fmt: skip
    return problems


def decode_mode(host: str, op: dict[str, Any]) -> str:
    """How a client reads the operation's success: an envelope, an envelope whose JSON text it
    keeps to send back (a quote, `verbatim`), or a body the source does not show (RAW)."""
    kind = success_type(op)
    return RAW if kind == RAW else "verbatim" if kind in sent_back(bundle(host)) else "envelope"


def scenario_cases(scenario: str, cases: list[Case]) -> list[Case]:
    """The operations a scenario runs on: all of `cases`, but for the 20 MB body (`big`). What
    that scenario tests is how a client reads and decodes a big body: its transport and its
    decode mode, the same code for every operation of a mode (the padding is one unknown
    envelope key, which `unknown-keys` adds on every operation). It runs on the first
    operation of each host and mode, 5 of the 29, so that the suite does not read 580 MB per
    language (docs/decisions/, 99)."""
    if scenario != "big":
        return cases
    firsts: dict[tuple[str, str], Case] = {}
    for case in cases:
        firsts.setdefault((case[0], decode_mode(case[0], case[3])), case)
    return list(firsts.values())


# Our mock's failures (raydium-api-mock, issue 83) as the hostile scenarios they stand for, each
# for a whole run: (its --failure, its --failure-times). The oracle judges a client's calls against
# the mock as against the hostile server (tests/clients/test_mock_server.py; Go's file).
MOCK_FAILURES: dict[str, tuple[str, int | None]] = {
    "success": ("none", None), "failure-200": ("failure-200", None), "failure-400": ("failure-400", None),
    "failure-500": ("failure-500", None), "429-then-200": ("429", 1), "429-json": ("429", None),
    "429-html": ("429-html", None), "403-html": ("403-html", None), "520-html": ("520-html", None),
    "truncated": ("truncated", None), "empty": ("empty", None), "text-plain": ("text-plain", None),
    "unknown-keys": ("unknown-keys", None), "null-items": ("null-items", None), "stall": ("stall", None),
    "cut": ("cut", None),
}  # fmt: skip


# A host's hostile_plan: (scenario, operation, the runner's plan entry) for each call
Plan = list[tuple[str, dict[str, Any], dict[str, object]]]


def hostile_plan(host: str, hostile: HostileServer) -> Plan:
    """(scenario, operation, the runner's plan entry) for each scenario of the hostile server on
    the operations it runs on (scenario_cases), then `refused` on every operation."""
    cases = operations([host])
    return [(scenario, op, {"op": op["operationId"], **timeout_entry(scenario),
                            "baseUrl": refused_url() if scenario == "refused" else hostile.base_url(scenario, host)})
            for scenario in [*HostileServer.SCENARIOS, "refused"]
            for *_, op in scenario_cases(scenario, cases)]  # fmt: skip


def mock_plan(host: str, mocks: Mapping[tuple[str, str], MockServer]) -> Plan:
    """hostile_plan against our mock (`mocks`: conftest's failing_mocks): every MOCK_FAILURES
    scenario on every operation of the host."""
    return [(scenario, op, {"op": op["operationId"], **timeout_entry(scenario), "baseUrl": mocks[(scenario, host)].url})
            for scenario in MOCK_FAILURES for *_, op in operations([host])]  # fmt: skip


# A language's runner on a host's plan: how each entry ended, as the runner reports it
Run = Callable[[str, Plan], list[dict[str, Any]]]
# By host: (scenario, operation, the runner's result) for each entry of the host's hostile_plan
HostileResults = dict[str, list[tuple[str, dict[str, Any], dict[str, Any]]]]


@contextmanager
def hostile_servers() -> Iterator[dict[str, HostileServer]]:
    """A hostile server per host, for calls of every host at once: with one server for the four,
    calls that end in 0.3 s on a host's own took 4 to 8 s (decision 105)."""
    with ExitStack() as servers:
        yield {host: servers.enter_context(HostileServer(bodies())) for host in HOSTS}


def entries(plan: Plan) -> list[dict[str, object]]:
    """The runner's plan entries of a hostile_plan, in its order."""
    return [entry for *_, entry in plan]


def hostile_runs(run: Run) -> HostileResults:
    """Every host's hostile_plan run by `run`, the hosts side by side, each against a hostile
    server of its own (hostile_servers): one host's waits (a stall's timeout, a Retry-After)
    overlap the others' instead of adding up host by host (decision 105)."""
    with hostile_servers() as servers, ThreadPoolExecutor(max_workers=len(HOSTS)) as pool:
        plans = {host: hostile_plan(host, servers[host]) for host in HOSTS}
        ran = dict(zip(HOSTS, pool.map(lambda host: run(host, plans[host]), HOSTS), strict=True))
    return {host: [(scenario, op, result) for (scenario, op, _), result in zip(plans[host], ran[host], strict=True)]
            for host in HOSTS}  # fmt: skip


def hostile_runs_of(runners: dict[str, Path], run: Callable[[Path, list[dict[str, object]]], list[dict[str, Any]]],
                    ) -> HostileResults:  # fmt: skip
    """hostile_runs for a language whose runner (`runners[host]`, run by `run`) takes a plan's
    entries and nothing else (Go, Rust, Ruby)."""
    return hostile_runs(lambda host, plan: run(runners[host], entries(plan)))


def timeout_entry(scenario: str) -> dict[str, int]:
    """The plan entry's `timeoutMs` for a scenario (the runners of the other languages)."""
    return {"timeoutMs": TIMEOUT_MS[scenario]} if scenario in TIMEOUT_MS else {}
SUCCESS = "success"
RAW = "RawBody"
STATUS = {"failure-200": 200, "failure-400": 400, "failure-500": 500, "429-json": 429, "429-html": 429, "429-long": 429,
          "403-html": 403, "520-html": 520, "truncated": 200, "empty": 200, "null-items": 200, "null-scalar-items": 200,
          "no-data": 200}  # fmt: skip
ERRORS = {
    "failure-200": "FailureEnvelopeError", "failure-400": "FailureEnvelopeError",
    "failure-500": "FailureEnvelopeError", "429-json": "RateLimitedError", "429-html": "RateLimitedError",
    "429-long": "RateLimitedError",
    "403-html": "NotJsonError", "520-html": "NotJsonError", "stall": "RequestTimeoutError",
    "cut": "ConnectionCutError", "refused": "ConnectionFailedError",
}  # fmt: skip
TRANSPORT = {"RequestTimeoutError", "ConnectionCutError", "ConnectionFailedError"}


def bodies() -> dict[tuple[str, str], object]:
    """The success body the hostile server sends for each operation."""
    found: dict[tuple[str, str], object] = {}
    for host, _, path, op in operations():
        example = success_example(host, op)
        raw = b'{"issued": "a token whose shape the source does not show"}'
        found[(host, path)] = raw if example is None else example
    return found


def accepted(host: str, op: dict[str, Any], body: dict[str, Any]) -> bool:
    schema = success_schema(op)
    assert schema is not None
    return not list(validator(bundle(host), schema["$ref"].removeprefix("#"), host).iter_errors(body))


def expected(host: str, op: dict[str, Any], scenario: str) -> str:
    """What a call must end in: `success`, `RawBody` or the name of the typed error."""
    raw = success_type(op) == RAW
    if scenario in ERRORS:
        return ERRORS[scenario]
    if raw:  # the source shows no body: any 2xx comes back as it came
        return RAW
    if scenario in ("success", "text-plain", "unknown-keys", "big") or scenario.endswith("-then-200"):
        return SUCCESS  # a failure that passes once is retried into the success
    if scenario in ("truncated", "empty"):
        return "MalformedJsonError"
    example = success_example(host, op)
    assert example is not None
    without_data = {k: v for k, v in example.items() if k != "data"}
    body = {"null-items": with_null_items(example), "null-scalar-items": with_null_items(example, scalar_only=True)
            }.get(scenario, without_data)  # fmt: skip
    return SUCCESS if accepted(host, op, body) else "UnexpectedShapeError"


@dataclass(frozen=True)
class Outcome:
    """How one call ended, as a client of any language reports it."""

    kind: str  # "success", "RawBody" or the error's class name
    seconds: float
    api_error: bool = True  # an error derives from the language's ApiError (successes: True)
    status: int | None = None
    msg: str | None = None
    cause: bool = False  # a transport error keeps the underlying error
    message: str = ""
    unknown: str | None = None  # a success's value of the unknown top-level key


def judge(host: str, op: dict[str, Any], scenario: str, outcome: Outcome, language: str = "") -> list[str]:
    """What is wrong with one case's outcome (empty when it keeps the contract)."""
    name = f"{language} {host} {op['operationId']} [{scenario}]".strip()
    want = expected(host, op, scenario)
    problems = []
    # a kind is the error's class name: Go spells an initialism in capitals (NotJSONError), the
    # other languages as a word (NotJsonError); one error either way
    kind = want if outcome.kind.lower() == want.lower() else outcome.kind
    if kind != want:
        problems.append(f"{name}: ended in {outcome.kind} ({outcome.message[:300]}), expected {want}")
    if outcome.seconds > case_seconds(scenario):
        problems.append(f"{name}: took {outcome.seconds:.1f} s")
    if not outcome.api_error:
        problems.append(f"{name}: {outcome.kind} is not an ApiError")
    typed_error = kind == want and want not in (SUCCESS, RAW)
    if typed_error and scenario in STATUS and outcome.status != STATUS[scenario]:
        problems.append(f"{name}: status {outcome.status}, expected {STATUS[scenario]}")
    if want in ("FailureEnvelopeError", "RateLimitedError") and scenario != "429-html" and outcome.msg != HOSTILE_MSG:
        problems.append(f"{name}: msg {outcome.msg!r}, expected {HOSTILE_MSG!r}")
    if outcome.kind in TRANSPORT and not outcome.cause:
        problems.append(f"{name}: the underlying error is not kept as the cause")
    null_in_a_list = scenario in ("null-items", "null-scalar-items") and "[" in json.dumps(success_example(host, op))
    if outcome.kind == "UnexpectedShapeError" and null_in_a_list and not re.search(r"\[\d+\]|/\d+", outcome.message):
        problems.append(f"{name}: the shape error does not name the null item's index: {outcome.message}")
    if scenario == "unknown-keys" and want == SUCCESS and outcome.unknown != "unknown":
        problems.append(f"{name}: the unknown top-level key is not reachable ({outcome.unknown!r})")
    return problems
