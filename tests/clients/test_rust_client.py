"""The Rust clients (generated/rust/<host>) compile offline against Debian's crates (cargo
source replacement to /usr/share/cargo/registry), call every operation against Prism, and
keep the client contract in every hostile scenario, judged by the same oracle as the Python
clients (tests/clients/contract.py).

The test writes a small binary crate per host (not committed) from tests/rust/runner.rs: one
call per operation with the bundle's examples, a plan of calls run in threads, and how each
ended, as JSON. The other Rust programs these tests build are files of tests/rust/ too."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import paging_walks
import pytest
from raydium_api_mock import MockServer
from toolchains import BUILD, cargo, copy_kept, crate_folder, require, rust_crate, write_if_changed

from calls import operations, resolve, success_example, success_type, values_page
from contract import SUCCESS, TIMING_HOST, HostileResults, Outcome, hostile_runs_of, judge, timing_plan, timing_problems
from mock_servers import HostileServer, Prism, ScriptedServer, json_reply, unanswered_url
from project import HOSTS, REPO

pytestmark = pytest.mark.e2e
RUST = REPO / "generated" / "rust"
KINDS = {"FailureEnvelope": "FailureEnvelopeError", "RateLimited": "RateLimitedError", "NotJson": "NotJsonError",
         "MalformedJson": "MalformedJsonError", "UnexpectedShape": "UnexpectedShapeError",
         "UnexpectedStatus": "UnexpectedStatus", "ConnectionFailed": "ConnectionFailedError",
         "RequestTimeout": "RequestTimeoutError", "ConnectionCut": "ConnectionCutError"}  # fmt: skip


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).replace("-", "_").lower()


def raw_string(value: object) -> str:
    return 'r#"' + json.dumps(value) + '"#'


def rust_value(host: str, param: dict[str, Any]) -> str:
    """A parameter's example as a Rust expression (an enum built from JSON with serde)."""
    schema = param.get("schema", {})
    value = param["example"]
    if "$ref" in schema and "enum" in resolve(host, schema):
        return f"from_json({raw_string(value)})"
    return json.dumps(value) if isinstance(value, (str, bool)) else str(value)  # a bool is `true`, not `True`


def call_code(host: str, op: dict[str, Any]) -> str:
    """The Rust expression that calls one operation with its examples: the configuration
    alone, or the operation's parameter struct, `XParams::new` with the body and the required
    parameters, then the setter of every optional parameter that has an example."""
    crate = f"raydium_{host.replace('-', '_')}_client"
    module = f"{crate}::apis::{snake(str(op['tags'][0]))}_api"
    params = [resolve(host, p) for p in op.get("parameters", [])]
    required = [rust_value(host, p) for p in params if p.get("required")]
    if "requestBody" in op:
        media = resolve(host, op["requestBody"])["content"]["application/json"]
        required.insert(0, f"from_json({raw_string(resolve(host, next(iter(media['examples'].values())))['value'])})")
    setters = "".join(f".{snake(p['name'])}({rust_value(host, p)})" for p in params
                      if not p.get("required") and "example" in p)  # fmt: skip
    operation = str(op["operationId"])
    args = ["&c"]
    if params or "requestBody" in op:
        args.append(f"{module}::{operation[:1].upper()}{operation[1:]}Params::new({', '.join(required)}){setters}")
    return f"{module}::{snake(operation)}({', '.join(args)})"


PROGRAMS = REPO / "tests" / "rust"  # the Rust programs these tests build (their headers say how)
MAIN = (PROGRAMS / "runner.rs").read_text(encoding="utf-8")


def runner_source(host: str) -> str:
    crate = f"raydium_{host.replace('-', '_')}_client"
    cases = []
    for _, _, _, op in operations([host]):
        raw = "true" if success_type(op) == "RawBody" else "false"
        cases.append(f'        "{op["operationId"]}" => judge({call_code(host, op)}, {raw}, started),')
    return MAIN.replace("CRATE", crate).replace("        // CASES", "\n".join(cases))


def test_the_runtime_unit_suite_passes() -> None:
    """tests/rust/runtime.rs, `cargo test` of a crate of its own that depends on the shared
    runtime by path: `accept` on bodies of its own and `send` against a scripted server on
    127.0.0.1, with exact messages, kinds, retry counts and times. It is the first test our
    operator set's Rust mutants meet (make mutation)."""
    require("cargo")
    suite = (REPO / "tests" / "rust" / "runtime.rs").read_text(encoding="utf-8")
    crate = rust_crate(crate_folder("runtimetest"), "runtimetest", [], "fn main() {}\n")
    write_if_changed(crate / "tests" / "runtime.rs", suite)
    proc = cargo(["test", "--test", "runtime"], crate)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    declared = suite.count("#[test]")
    assert f"test result: ok. {declared} passed; 0 failed" in proc.stdout, proc.stdout[-2000:]


@pytest.fixture(scope="module")
def runners() -> dict[str, Path]:
    """One compiled runner per host (the client crate compiles with it)."""
    require("cargo")
    if not Path("/usr/share/cargo/registry/reqwest-0.11.13").is_dir():
        require("debian-librust-reqwest")  # names what is missing: make toolchains installs it
    built = {}
    for host in HOSTS:
        folder = rust_crate(crate_folder(f"runner-{host}"), f"runner-{host}", [host], runner_source(host))
        proc = cargo(["build"], folder)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        built[host] = BUILD / "cargo-target" / "debug" / f"runner-{host}"
        shutil.copy(built[host], folder / "runner")
        built[host] = folder / "runner"
    return built


def run(runner: Path, plan: list[dict[str, object]]) -> list[dict[str, Any]]:
    proc = subprocess.run([str(runner)], input=json.dumps(plan), capture_output=True, text=True, timeout=120,
                          check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results: list[dict[str, Any]] = json.loads(proc.stdout)
    return results


def outcome(result: dict[str, Any]) -> Outcome:
    kind = KINDS.get(result["kind"], result["kind"])
    return Outcome(kind, result["seconds"], api_error=result["api_error"], status=result.get("status"),
                   msg=result.get("msg"), cause=result.get("cause", False), message=result.get("message", ""),
                   unknown=result.get("unknown"))  # fmt: skip


@pytest.mark.parametrize("host", HOSTS)
def test_crate_compiles_offline_with_no_warning(host: str, runners: dict[str, Path]) -> None:
    """Built from a copy (with the shared runtime beside it, as in generated/): cargo writes a
    Cargo.lock beside the manifest, never into generated/."""
    kept = crate_folder("standalone")  # the same copies each run: fresh to cargo where nothing changed
    crate = copy_kept(RUST / host, kept / host)
    copy_kept(RUST / "raydium-api-runtime", kept / "raydium-api-runtime")  # the path dependency beside it
    probe = cargo(["build", "--message-format", "short"], crate)
    assert probe.returncode == 0, probe.stderr
    ours = [line for line in probe.stderr.splitlines() if "warning" in line and "future version of Rust" not in line
            and "openssl" not in line and "future-incompat" not in line]  # fmt: skip
    assert ours == []


@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_against_prism(host: str, runners: dict[str, Path], prism_servers: dict[str, Prism]) -> None:
    cases = operations([host])
    results = run(runners[host], [{"op": op["operationId"], "baseUrl": prism_servers[host].url} for *_, op in cases])
    for (_, _, _, op), result in zip(cases, results, strict=True):
        want = "RawBody" if success_type(op) == "RawBody" else SUCCESS
        assert result["kind"] == want, (op["operationId"], result)
        assert want == "RawBody" or result["success"] is True


@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_against_our_mock(host: str, runners: dict[str, Path],
                                          raydium_mocks: dict[str, MockServer]) -> None:  # fmt: skip
    """The same calls against raydium-api-mock, the mock users install (issue 83)."""
    cases = operations([host])
    results = run(runners[host], [{"op": op["operationId"], "baseUrl": raydium_mocks[host].url} for *_, op in cases])
    for (_, _, _, op), result in zip(cases, results, strict=True):
        want = "RawBody" if success_type(op) == "RawBody" else SUCCESS
        assert result["kind"] == want, (op["operationId"], result)
        assert want == "RawBody" or result["success"] is True


@pytest.fixture(scope="module")
def hostile_results(runners: dict[str, Path]) -> HostileResults:
    return hostile_runs_of(runners, run)


@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_keeps_the_contract(host: str, hostile_results: HostileResults) -> None:
    problems = [p for scenario, op, r in hostile_results[host] for p in judge(host, op, scenario, outcome(r), "rust")]
    assert problems == []


def test_a_configured_timeout_and_deadline_are_honoured(runners: dict[str, Path], hostile: HostileServer) -> None:
    """contract.TIMINGS against a stalling server: each call ends near its configured timeout or deadline."""
    results = run(runners[TIMING_HOST], timing_plan(TIMING_HOST, hostile.base_url("stall", TIMING_HOST)))
    assert timing_problems("rust", [outcome(r) for r in results]) == []


WALK = REPO / "tests" / "rust" / "walk.rs"


@pytest.fixture(scope="module")
def rust_walk() -> paging_walks.Walker:
    """tests/rust/walk.rs built against the pool-v3 crate: one walk of its iterators per run."""
    require("cargo")
    folder = rust_crate(crate_folder("walk"), "walk", ["pool-v3"], WALK.read_text(encoding="utf-8"))
    built = cargo(["build"], folder)
    assert built.returncode == 0, built.stdout + built.stderr
    return paging_walks.program_walker([str(BUILD / "cargo-target" / "debug" / "walk")])


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_a_walk_comes_through_every_failure_that_passes(style: str, rust_walk: paging_walks.Walker) -> None:
    paging_walks.check_retried_walk(rust_walk, style)


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_without_retries_a_walk_stops_where_it_can_resume(style: str, rust_walk: paging_walks.Walker) -> None:
    paging_walks.check_resumed_walk(rust_walk, style)


def test_pages_come_whole_and_max_pages_bounds_a_walk(rust_walk: paging_walks.Walker) -> None:
    paging_walks.check_pages_and_bound(rust_walk)


def test_a_walk_passes_the_cursor_back_unchanged(rust_walk: paging_walks.Walker) -> None:
    paging_walks.check_cursor_unchanged(rust_walk)


VALUES = REPO / "tests" / "rust" / "values.rs"


@pytest.fixture(scope="module")
def rust_values() -> Path:
    """tests/rust/values.rs built against the pool-v3 crate (as rust_walk)."""
    require("cargo")
    folder = rust_crate(crate_folder("values"), "values", ["pool-v3"], VALUES.read_text(encoding="utf-8"))
    built = cargo(["build"], folder)
    assert built.returncode == 0, built.stdout + built.stderr
    return BUILD / "cargo-target" / "debug" / "values"


def test_models_are_values(rust_values: Path, scripted: ScriptedServer) -> None:
    """A page the client decoded twice: `assert_eq!` (PartialEq), `{:?}` shows the pool id and
    price, `serde_json::to_value` gives the body back with its unknown keys, a whole number of an
    f64 field as an integer (contract::number); the program checks each (tests/rust/values.rs),
    and the body comes back here as Python reads it."""
    path, body = values_page()
    scripted.on(path, json_reply(200, body))
    proc = subprocess.run([str(rust_values), scripted.url, json.dumps(body)], capture_output=True, text=True,
                          timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    pool = body["data"]["data"][0]
    assert f'id: Some("{pool["id"]}")' in out["debug"], out["debug"]
    assert f"price: Some({pool['price']})" in out["debug"], out["debug"]
    assert out["serialised"] == body
    assert out["serialised"]["data"]["data"][0]["zzAmount"] == "18446744073709551615"
    assert json.dumps(out["serialised"]["data"]["data"][0]["burnPercent"]) == "0"  # an integer, not 0.0


CONTRACT = PROGRAMS / "contract.rs"


@pytest.fixture(scope="module")
def rust_contract() -> Path:
    """tests/rust/contract.rs built against the transaction-v1 crate, whose contract layer
    (src/contract.rs) make mutation mutates for its template."""
    require("cargo")
    folder = rust_crate(crate_folder("contract-layer"), "contract-layer", [TIMING_HOST],
                        CONTRACT.read_text(encoding="utf-8"))  # fmt: skip
    built = cargo(["build"], folder)
    assert built.returncode == 0, built.stdout + built.stderr
    return BUILD / "cargo-target" / "debug" / "contract-layer"


def contract_program(program: Path, *args: str, timeout: float = 60) -> Any:
    proc = subprocess.run([str(program), *args], capture_output=True, text=True, timeout=timeout, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


def test_a_whole_f64_is_written_as_an_integer_up_to_2_53(rust_contract: Path) -> None:
    """contract::number, which every f64 field of a model is written with: a whole number within
    2^53 (either sign, 0 too) as an integer, as the service writes it; a fraction, and a whole
    number past 2^53 (where an f64 no longer holds every integer), as serde_json writes an f64."""
    values = [2.0, -3.0, 0.0, 1.5, -2.5, 2.0**53, -(2.0**53), 2.0**53 + 2, -(2.0**53) - 2, 1e300, 0.1]
    written = contract_program(rust_contract, "numbers", json.dumps(values))
    fee_rates = ["2", "-3", "0", "1.5", "-2.5", "9007199254740992", "-9007199254740992", "9007199254740994.0",
                 "-9007199254740994.0", "1e300", "0.1"]  # fmt: skip
    assert written == ['{"feeRate":' + rate + "}" for rate in fee_rates]


def test_a_configuration_takes_its_base_url_and_timeout(rust_contract: Path, scripted: ScriptedServer) -> None:
    """contract::configuration refuses an empty base URL; without one it takes the host the
    description cites; a trailing slash is dropped, so that a call reaches the operation's path;
    the timeout given, or DEFAULT_TIMEOUT, is the configuration's."""
    compute = next(op for *_, op in operations([TIMING_HOST]) if op["operationId"] == "computeSwapBaseIn")
    scripted.on("/compute/swap-base-in", json_reply(200, success_example(TIMING_HOST, compute)))
    got = contract_program(rust_contract, "configuration", scripted.url)
    refused = "UnexpectedStatus: a base URL is required: the source document shows no host for this service"
    assert got["empty"] == {"kind": "UnexpectedStatus", "message": refused}
    assert got["default"] == {"basePath": "https://transaction-v1.raydium.io", "timeoutMs": 8000}
    assert got["defaultTimeoutMs"] == 8000
    assert got["slash"] == {"basePath": scripted.url, "timeoutMs": 7500}
    assert got["call"] == "success"
    assert scripted.hits["/compute/swap-base-in"] == 1


def test_connecting_gives_up_after_4_s_within_a_longer_timeout(rust_contract: Path) -> None:
    """The client contract::configuration gives a configuration (raydium_api_runtime::http_client)
    stops connecting after 4 s, though each attempt may take 8 s: a host that answers no
    handshake fails the call in 4 s, not 8."""
    with unanswered_url() as url:
        got = contract_program(rust_contract, "connect", url)
    assert got["ended"] in ("RequestTimeout", "ConnectionFailed"), got
    assert 3.5 <= got["seconds"] < 6, got


ONE_TYPE = (PROGRAMS / "one_type.rs").read_text(encoding="utf-8")


def test_one_error_type_of_the_shared_runtime_takes_a_failure_of_either_host(hostile: HostileServer) -> None:
    """An aggregator that calls the pool and the transaction services handles one error type:
    every crate re-exports the shared runtime's `ApiError` (`pub use`), and `?` turns either
    crate's `apis::Error` into it. The pool client's HTML from the edge and the transaction
    client's failure envelope both come back as `raydium_api_runtime::ApiError`; a function
    typed with one crate's name takes the other's (the program compiles only if the types are
    one); `ErrorCode` is one enum, while each crate sets a failure's code only for its own codes."""
    require("cargo")
    built = cargo(["build"], rust_crate(crate_folder("onetype"), "onetype", ["pool-v3", "transaction-v1"], ONE_TYPE))
    assert built.returncode == 0, built.stderr
    proc = subprocess.run([str(BUILD / "cargo-target" / "debug" / "onetype"), hostile.base_url("520-html", "pool-v3"),
                           hostile.base_url("failure-400", "transaction-v1")],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout) == {"caught": [["NotJson", 520], ["FailureEnvelope", 400]], "action": "wait",
                                       "own codes": [None, "REQ_POOL_NOT_OPEN"]}  # fmt: skip


BUILDERS = (PROGRAMS / "builders.rs").read_text(encoding="utf-8")
# A struct literal of a #[non_exhaustive] struct outside its crate does not compile (E0639).
LITERAL = (PROGRAMS / "literal.rs").read_text(encoding="utf-8")


def test_parameters_are_built_with_setters_and_pool_items_are_typed(scripted: ScriptedServer, tmp_path: Path) -> None:
    """Each operation takes one parameter struct: `XParams::new(required)` and a setter per
    optional parameter with its plain value (Default where nothing is required). Only what was
    set reaches the query. `#[non_exhaustive]`: no struct literal outside the crate, so a
    parameter added later is not a breaking change. Get-by-ids items are
    `Option<PoolInfoItem>`: the unknown id's null is `None`, the pool is typed."""
    require("cargo")
    pool = {op["operationId"]: op for *_, op in operations(["pool-v3"])}
    scripted.on("/pools/info/list", json_reply(200, success_example("pool-v3", pool["listPools"])))
    found = success_example("pool-v3", pool["getPoolsByIds"])
    assert found is not None
    assert found["data"] == [found["data"][0], None]  # the example: one pool found, one id unknown
    scripted.on("/pools/info/ids", json_reply(200, found))
    built = cargo(["build"], rust_crate(crate_folder("builders"), "builders", ["pool-v3"], BUILDERS))
    assert built.returncode == 0, built.stderr
    proc = subprocess.run([str(BUILD / "cargo-target" / "debug" / "builders"), scripted.url], capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    first = found["data"][0]
    assert json.loads(proc.stdout) == {"page": True, "debug": "Some(100)",
                                       "ids": [first["id"], None],
                                       "tvl": first["tvl"], "lpPrice": first["lpPrice"]}  # fmt: skip
    sent = [{"poolSortField": ["liquidity"], "pageSize": ["100"], "page": ["1"]}]  # what was set, nothing else
    assert scripted.queries["/pools/info/list"] == sent
    assert scripted.queries["/pools/info/ids"] == [{"ids": ["a,b"]}]
    literal = tmp_path / "literal"
    literal.mkdir()
    refused = cargo(["build"], rust_crate(literal, "literal", ["pool-v3"], LITERAL))
    assert refused.returncode != 0
    assert "E0639" in refused.stderr, refused.stderr
