"""The Go clients (generated/go/<host>) build offline with `go vet` clean, call every
operation against Prism, and keep the client contract in every hostile scenario, judged by
the same oracle as the Python clients (tests/clients/contract.py).

The test writes a small Go program per host (not committed) from tests/go/runner/main.go: one
case per operation with the examples of the bundle as arguments, which runs a plan of calls
concurrently (32 at once) and prints how each ended, as JSON. The other Go programs these
tests build are files of tests/go/ too."""

from __future__ import annotations

import json
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import paging_walks
import pytest
from raydium_api_mock import MockServer
from toolchains import go, go_module, go_module_of, require, write_go_mod

from calls import operations, resolve, success_type, values_page
from contract import (
    SUCCESS,
    TIMING_HOST,
    HostileResults,
    Outcome,
    entries,
    hostile_runs_of,
    judge,
    mock_plan,
    timing_plan,
    timing_problems,
)
from mock_servers import HostileServer, Prism, ScriptedServer, json_reply
from project import HOSTS, REPO
from scripts.clients import client_surface, runtimes
from scripts.common.naming import GO_INITIALISMS, go_name

pytestmark = pytest.mark.e2e
GO = REPO / "generated" / "go"


def pascal(name: str) -> str:
    return name[:1].upper() + name[1:]


def go_literal(value: object) -> str:
    return json.dumps(value)  # strings, numbers and booleans read the same in Go


def call_code(host: str, op: dict[str, Any]) -> str:
    """The Go expression that calls one operation with its examples."""
    package = host.replace("-", "")
    tag = pascal(str(op["tags"][0]))
    code = f"client.{tag}API.{go_name(op['operationId'])}(ctx)"
    for param in (resolve(host, p) for p in op.get("parameters", [])):
        if not param.get("required"):
            continue
        schema = param.get("schema", {})
        value = go_literal(param["example"])
        if "$ref" in schema and "enum" in resolve(host, schema):
            value = f"{package}.{schema['$ref'].rsplit('/', 1)[1]}({value})"
        code += f".{go_name(param['name'])}({value})"
    if "requestBody" in op:
        media = resolve(host, op["requestBody"])["content"]["application/json"]
        example = resolve(host, next(iter(media["examples"].values())))["value"]
        schema = resolve(host, media["schema"])
        if "properties" in schema or "allOf" in schema:
            kind = media["schema"]["$ref"].rsplit("/", 1)[1]
            code += f".{kind}(decode[{package}.{kind}]({json.dumps(json.dumps(example))}))"
        else:
            code += f".Body(decode[map[string]interface{{}}]({json.dumps(json.dumps(example))}))"
    return code


PROGRAMS = REPO / "tests" / "go"  # the Go programs these tests build (their headers say how)
RUNNER = (PROGRAMS / "runner" / "main.go").read_text(encoding="utf-8")


def runner_source(host: str) -> str:
    cases = []
    for _, _, _, op in operations([host]):
        if success_type(op) == "RawBody":
            cases.append(f'\tcase "{op["operationId"]}":\n\t\t_, err := {call_code(host, op)}.Execute()\n'
                         "\t\treturn nil, true, err")  # fmt: skip
        else:
            cases.append(f'\tcase "{op["operationId"]}":\n\t\tvalue, _, err := {call_code(host, op)}.Execute()\n'
                         "\t\treturn value, false, err")  # fmt: skip
    return RUNNER.replace("PACKAGE", host.replace("-", "")).replace("\t// CASES\n", "\n".join(cases) + "\n")


@pytest.fixture(scope="module")
def runners(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One compiled runner per host."""
    require("go")
    built = {}
    for host in HOSTS:
        folder = go_module(tmp_path_factory.mktemp(f"go-{host}"), host, runner_source(host))
        proc = go(["build", "-o", "runner", "."], folder, folder)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        built[host] = folder / "runner"
    return built


def test_the_runtime_unit_suite_passes(tmp_path: Path) -> None:
    """tests/go/runtime_test.go, `go test` in a module of its own that requires the shared
    runtime from its folder: the transport through its public API over a RoundTripper of the
    test's own (no server), with exact messages, types, retry counts and times. It is the
    first test our operator set's Go mutants meet (make mutation)."""
    require("go")
    suite = (REPO / "tests" / "go" / "runtime_test.go").read_text(encoding="utf-8")
    write_go_mod(tmp_path, "runtimetest", [])
    (tmp_path / "runtime_test.go").write_text(suite, encoding="utf-8")
    proc = go(["test", "-count=1", "-v", "."], tmp_path, tmp_path)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    declared = suite.count("\nfunc Test")
    assert proc.stdout.count("--- PASS: Test") == declared, proc.stdout[-2000:]


def test_the_models_unit_suite_passes(tmp_path: Path) -> None:
    """tests/go/models_test.go and contract_test.go, `go test` in a module of its own that
    requires the pool-v3 and transaction-v1 modules: json.Unmarshal into their models keeps the
    unknown keys, checks the required ones and keeps a quote's bytes at every depth (the
    generated one-pass decode); NewClient's defaults and a model's fmt output (the contract layer)."""
    require("go")
    hosts = ["pool-v3", "transaction-v1"]
    write_go_mod(tmp_path, "modelstest", hosts)
    declared = 0
    for name in ("models_test.go", "contract_test.go"):
        suite = (REPO / "tests" / "go" / name).read_text(encoding="utf-8")
        for host, placeholder in zip(hosts, ("POOL_MODULE", "TRANSACTION_MODULE"), strict=True):
            suite = suite.replace(f'"{placeholder}"', json.dumps(go_module_of(host)[0]))
        (tmp_path / name).write_text(suite, encoding="utf-8")
        declared += suite.count("\nfunc Test")
    proc = go(["test", "-count=1", "-v", "."], tmp_path, tmp_path)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert proc.stdout.count("--- PASS: Test") == declared, proc.stdout[-2000:]


@pytest.mark.parametrize("module", [*HOSTS, runtimes.NAME])
def test_client_vets_and_builds_offline(module: str, tmp_path: Path) -> None:
    """Each host's module (with the shared runtime from the folder beside it, as its go.mod's
    replace says) and the runtime itself."""
    require("go")
    for command in (["vet", "./..."], ["build", "./..."]):
        proc = go(command, GO / module, tmp_path)
        assert proc.returncode == 0, f"go {' '.join(command)}:\n{proc.stdout}{proc.stderr}"


def run(runner: Path, plan: list[dict[str, object]]) -> list[dict[str, Any]]:
    proc = subprocess.run([str(runner)], input=json.dumps(plan), capture_output=True, text=True, timeout=120,
                          check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    results: list[dict[str, Any]] = json.loads(proc.stdout)
    return results


def outcome(result: dict[str, Any]) -> Outcome:
    return Outcome(result["kind"], result["seconds"], api_error=result["api_error"], status=result["status"],
                   msg=result["msg"], cause=result["cause"], message=result["message"],
                   unknown=result["unknown"])  # fmt: skip


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


def test_every_failure_of_our_mock_keeps_the_contract(
        runners: dict[str, Path], failing_mocks: dict[tuple[str, str], MockServer]) -> None:  # fmt: skip
    """Each failure raydium-api-mock gives for a run (contract.MOCK_FAILURES) on every operation of
    every host, the hosts side by side, judged by the hostile server's oracle."""
    plans = {host: mock_plan(host, failing_mocks) for host in HOSTS}
    with ThreadPoolExecutor(max_workers=len(HOSTS)) as pool:
        ran = dict(zip(HOSTS, pool.map(lambda h: run(runners[h], entries(plans[h])), HOSTS), strict=True))
    problems = [problem for host in HOSTS for (scenario, op, _), result in zip(plans[host], ran[host], strict=True)
                for problem in judge(host, op, scenario, outcome(result), "go")]  # fmt: skip
    assert problems == []


@pytest.fixture(scope="module")
def hostile_results(runners: dict[str, Path]) -> HostileResults:
    return hostile_runs_of(runners, run)


@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_keeps_the_contract(host: str, hostile_results: HostileResults) -> None:
    problems = [p for scenario, op, r in hostile_results[host] for p in judge(host, op, scenario, outcome(r), "go")]
    assert problems == []


def test_a_configured_timeout_and_deadline_are_honoured(runners: dict[str, Path], hostile: HostileServer) -> None:
    """contract.TIMINGS against a stalling server: each call ends near its configured timeout or deadline."""
    results = run(runners[TIMING_HOST], timing_plan(TIMING_HOST, hostile.base_url("stall", TIMING_HOST)))
    assert timing_problems("go", [outcome(r) for r in results]) == []


ONE_BASE = (PROGRAMS / "one_base" / "main.go").read_text(encoding="utf-8")


def test_one_errors_as_of_the_shared_runtime_catches_a_failure_of_either_host(hostile: HostileServer,
                                                                               tmp_path: Path) -> None:  # fmt: skip
    """An aggregator that calls the pool and the transaction services branches once: every
    module names the shared runtime's types as its own (type aliases), so the pool client's
    HTML from the edge and the transaction client's failure envelope both land in one
    `errors.As` into `apiruntime.APIError`, and a type named by one client's package matches a
    failure of another's (the program compiles only if the types are one)."""
    require("go")
    module = {host: go_module_of(host)[0] for host in ("pool-v3", "transaction-v1")}
    write_go_mod(tmp_path, "onebase", list(module))
    source = (ONE_BASE.replace("POOL", module["pool-v3"]).replace("SWAP", module["transaction-v1"])
              .replace("RUNTIME", runtimes.go_module()))  # fmt: skip
    (tmp_path / "main.go").write_text(source, encoding="utf-8")
    built = go(["build", "-o", "onebase", "."], tmp_path, tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    proc = subprocess.run([str(tmp_path / "onebase"), hostile.base_url("520-html", "pool-v3"),
                           hostile.base_url("failure-400", "transaction-v1")],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout) == {
        "caught": [["*apiruntime.NotJSONError", 520, False, True],
                   ["*apiruntime.FailureEnvelopeError", 400, True, False]],
        "action": "wait",
    }  # fmt: skip


WALK = REPO / "tests" / "go" / "walk" / "main.go"


@pytest.fixture(scope="module")
def go_walk(tmp_path_factory: pytest.TempPathFactory) -> paging_walks.Walker:
    """tests/go/walk/main.go built against the pool-v3 module: one walk of its iterators per run."""
    require("go")
    folder = go_module(tmp_path_factory.mktemp("go-walk"), "pool-v3", WALK.read_text(encoding="utf-8"))
    proc = go(["build", "-o", "walk", "."], folder, folder)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # Go spells an initialism in capitals (NotJSONError): one error either way
    return paging_walks.program_walker([str(folder / "walk")], lambda kind: kind.replace("JSON", "Json"))


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_a_walk_comes_through_every_failure_that_passes(style: str, go_walk: paging_walks.Walker) -> None:
    paging_walks.check_retried_walk(go_walk, style)


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_without_retries_a_walk_stops_where_it_can_resume(style: str, go_walk: paging_walks.Walker) -> None:
    paging_walks.check_resumed_walk(go_walk, style)


def test_pages_come_whole_and_max_pages_bounds_a_walk(go_walk: paging_walks.Walker) -> None:
    paging_walks.check_pages_and_bound(go_walk)


def test_a_walk_passes_the_cursor_back_unchanged(go_walk: paging_walks.Walker) -> None:
    paging_walks.check_cursor_unchanged(go_walk)


VALUES = REPO / "tests" / "go" / "values" / "main.go"


@pytest.fixture(scope="module")
def go_values(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """tests/go/values/main.go built against the pool-v3 module (as go_walk)."""
    require("go")
    folder = go_module(tmp_path_factory.mktemp("go-values"), "pool-v3", VALUES.read_text(encoding="utf-8"))
    proc = go(["build", "-o", "values", "."], folder, folder)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return folder / "values"


def test_models_are_values(go_values: Path, scripted: ScriptedServer) -> None:
    """A page the client decoded twice: reflect.DeepEqual, %+v shows the pool id and price
    (pointers followed), json.Marshal gives the body back with its unknown keys; the program
    checks each (tests/go/values/main.go), and the body comes back here as Python reads it."""
    path, body = values_page()
    scripted.on(path, json_reply(200, body))
    proc = subprocess.run([str(go_values), scripted.url, json.dumps(body)], capture_output=True, text=True,
                          timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    pool = body["data"]["data"][0]
    assert f"ID:{pool['id']}" in out["debug"], out["debug"]
    assert f"Price:{pool['price']}" in out["debug"], out["debug"]
    assert out["serialised"] == body
    assert out["serialised"]["data"]["data"][0]["zzAmount"] == "18446744073709551615"


_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+|[0-9]+")


def go_style_problems(names: list[str]) -> list[str]:
    """The names (or `Type.Member` parts) a Go reader would not write: an initialism spelt as
    a word (`Id`, `Url`, `Json`, `Rpcs` for `ID`, `URL`, `JSON`, `RPCs`), or a constant in
    capitals with underscores (`POOLSORTFIELD_LIQUIDITY`)."""
    found = []
    for name in names:
        for part in name.split("."):
            stems = [w[:-1] if w.endswith("s") else w for w in _WORD.findall(part)]
            if "_" in part or any(s.upper() in GO_INITIALISMS and s != s.upper() for s in stems):
                found.append(part)
    return sorted(set(found))


def test_the_style_check_finds_what_go_would_not_write() -> None:
    assert go_style_problems(["GetId", "POOLSORTFIELD_LIQUIDITY", "Pool.NotJsonError", "ListRpcs", "GetID",
                              "IDs", "PoolSortFieldVolume24h", "LogoURI", "RPCNode.URL"]) == [
        "GetId", "ListRpcs", "NotJsonError", "POOLSORTFIELD_LIQUIDITY"]  # fmt: skip


@pytest.mark.parametrize("host", HOSTS)
def test_every_public_go_name_is_idiomatic(host: str) -> None:
    """Go's names (decision 76): initialisms in capitals (`GetID`, `NextPageID`, `RPCNode`,
    `APIError`), enum constants in Go's style (`PoolSortFieldLiquidity`), and one constructor,
    `NewClient`, the one that keeps the contract (the generator's is unexported)."""
    require("go")
    names = client_surface.go_surface(GO / host, runtimes.folder("go"))
    assert go_style_problems(names) == []
    assert "NewClient" in names
    assert not {"NewContractClient", "NewAPIClient"} & set(names)
