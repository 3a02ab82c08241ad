"""The PHP clients (generated/php/<host>, with our contract layer: Contract.php) keep the client
contract in every hostile scenario, called synchronously and through their *Async variants,
judged by the same oracle as the other languages (tests/clients/contract.py), and call every
operation against Prism.

The test writes one runner per host (not committed) from tests/php/runner.php: every operation
called with the bundle's examples and how each call ended, as JSON. Synchronous calls run one
after another in one PHP process per scenario (the processes run side by side); asynchronous
ones all at once in one process (Guzzle's curl multi handler). The other PHP programs these
tests run are files of tests/php/ too."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import paging_walks
import pytest
from raydium_api_mock import MockServer
from ruby_php import arguments, studly
from toolchains import require

from calls import operations, package, success_type
from contract import (
    SUCCESS,
    TIMING_HOST,
    HostileResults,
    Outcome,
    Plan,
    entries,
    hostile_runs,
    judge,
    timing_plan,
    timing_problems,
)
from mock_servers import HostileServer, Prism
from project import HOSTS, PHP_AUTOLOAD, REPO

pytestmark = pytest.mark.e2e
PHP = REPO / "generated" / "php"

PROGRAMS = REPO / "tests" / "php"  # the PHP programs these tests run (their headers say how)
RUNNER = (PROGRAMS / "runner.php").read_text(encoding="utf-8")


def php_literal(value: object) -> str:
    """A JSON value as a PHP expression (an object as a stdClass: an open object body)."""
    return f"json_decode({json.dumps(json.dumps(value))}, false, 512, JSON_BIGINT_AS_STRING)"


def call_code(host: str, op: dict[str, Any], namespace: str) -> str:
    values, model = arguments(host, op)
    args = [php_literal(value) for value in values]
    if model is not None:
        args[0] = f"{namespace}\\ObjectSerializer::deserialize({args[0]}, '\\{namespace}\\Model\\{model}')"
    api = f"new {namespace}\\Api\\{op['tags'][0]}Api(null, $config)"
    method = op["operationId"]
    sync = f"({api})->{method}({', '.join(args)})"
    return (f"        case '{method}':\n"
            f"            return $async ? ({api})->{method}Async({', '.join(args)}) : {sync};")  # fmt: skip


def runner_source(host: str) -> str:
    namespace = f"Raydium\\{studly(host)}"
    cases = "\n".join(call_code(host, op, namespace) for *_, op in operations([host]))
    lib = json.dumps(str(PHP / host / "lib"))
    return (RUNNER.replace("AUTOLOAD", json.dumps(str(PHP_AUTOLOAD)))
            .replace("NAMESPACE_PREFIX", json.dumps(namespace + "\\")).replace("LIB", lib)
            .replace("NS\\", namespace + "\\").replace("        // CASES", cases))  # fmt: skip


@pytest.fixture(scope="module")
def runners(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    require("php")
    folder = tmp_path_factory.mktemp("php")
    found = {}
    for host in HOSTS:
        found[host] = folder / f"{host}.php"
        found[host].write_text(runner_source(host), encoding="utf-8")
    return found


def start(runner: Path, plan: list[dict[str, object]], mode: str) -> subprocess.Popen[str]:
    """The runner on a plan (written beside it, one file per plan)."""
    plans = sorted(runner.parent.glob(f"{runner.stem}.plan*.json"))
    path = runner.parent / f"{runner.stem}.plan{len(plans)}.json"
    path.write_text(json.dumps(plan), encoding="utf-8")
    return subprocess.Popen(["php", "-d", "memory_limit=-1", str(runner), mode, str(path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)  # fmt: skip


def finish(proc: subprocess.Popen[str]) -> list[dict[str, Any]]:
    out, err = proc.communicate(timeout=240)
    assert proc.returncode == 0, err + out[-2000:]
    results: list[dict[str, Any]] = json.loads(out)
    return results


def run(runner: Path, plan: list[dict[str, object]], mode: str = "sync") -> list[dict[str, Any]]:
    return finish(start(runner, plan, mode))


def start_apart(runner: Path, plan: list[dict[str, object]], mode: str) -> list[subprocess.Popen[str]]:
    """Each call of the plan in a process of its own, the processes side by side."""
    return [start(runner, [entry], mode) for entry in plan]


def finish_all(procs: list[subprocess.Popen[str]]) -> list[dict[str, Any]]:
    return [result for proc in procs for result in finish(proc)]


def outcome(result: dict[str, Any]) -> Outcome:
    kind = "UnexpectedStatus" if result["kind"] == "UnexpectedStatusError" else result["kind"]
    return Outcome(kind, result["seconds"], api_error=result["api_error"], status=result.get("status"),
                   msg=result.get("msg"), cause=result.get("cause", False), message=result.get("message", ""),
                   unknown=result.get("unknown"))  # fmt: skip


@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_against_prism(host: str, runners: dict[str, Path], prism_servers: dict[str, Prism]) -> None:
    cases = operations([host])
    results = run(runners[host], [{"op": op["operationId"], "baseUrl": prism_servers[host].url} for *_, op in cases])
    for (_, _, _, op), result in zip(cases, results, strict=True):
        want = "RawBody" if success_type(op) == "RawBody" else SUCCESS
        assert result["kind"] == want, (op["operationId"], result)
        assert want == "RawBody" or (result["success"] is True and result["model"] == success_type(op)), result


@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_against_our_mock(host: str, runners: dict[str, Path],
                                          raydium_mocks: dict[str, MockServer]) -> None:  # fmt: skip
    """The same calls against raydium-api-mock, the mock users install (issue 83)."""
    cases = operations([host])
    results = run(runners[host], [{"op": op["operationId"], "baseUrl": raydium_mocks[host].url} for *_, op in cases])
    for (_, _, _, op), result in zip(cases, results, strict=True):
        want = "RawBody" if success_type(op) == "RawBody" else SUCCESS
        assert result["kind"] == want, (op["operationId"], result)
        assert want == "RawBody" or (result["success"] is True and result["model"] == success_type(op)), result


# The scenarios whose calls wait (a stall, a Retry-After of 1 s): one process per call, so that
# the waits overlap instead of adding up operation by operation.
WAITING = ("stall", "429-then-200", "429-json", "429-html")


def run_sync(runner: Path, plan: Plan) -> list[dict[str, Any]]:
    """Synchronous calls, one process per scenario (per call where the calls wait), the
    processes side by side."""
    procs: dict[str, list[subprocess.Popen[str]]] = {}
    for scenario in dict.fromkeys(scenario for scenario, *_ in plan):
        entries = [entry for s, _, entry in plan if s == scenario]
        procs[scenario] = start_apart(runner, entries, "sync") if scenario in WAITING \
            else [start(runner, entries, "sync")]  # fmt: skip
    return [result for started in procs.values() for result in finish_all(started)]


@pytest.fixture(scope="module")
def hostile_results(runners: dict[str, Path]) -> dict[str, HostileResults]:
    """By mode (sync, async), every host's hostile plan, the hosts side by side (decision 105);
    each *Async call of a host's plan at once, in one process."""
    return {"sync": hostile_runs(lambda host, plan: run_sync(runners[host], plan)),
            "async": hostile_runs(lambda host, plan: run(runners[host], entries(plan), "async"))}


@pytest.mark.parametrize("mode", ["sync", "async"])
@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_keeps_the_contract(host: str, mode: str, hostile_results: dict[str, HostileResults]) -> None:
    problems = [p for scenario, op, r in hostile_results[mode][host]
                for p in judge(host, op, scenario, outcome(r), f"php {mode}")]  # fmt: skip
    assert problems == []


def test_the_default_base_url_is_the_cited_host() -> None:
    """Contract::configuration() without a URL uses the host the description cites, as the Python
    client does; where the source shows none, it refuses."""
    require("php")
    folders = {f"Raydium\\{studly(host)}\\": str(PHP / host / "lib") for host in HOSTS}
    proc = subprocess.run(["php", str(PROGRAMS / "default_base_url.php"), json.dumps(folders)], capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    want = [package(host)._server.DEFAULT_BASE_URL or "refused" for host in HOSTS]
    assert proc.stdout.split() == want


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_configured_timeout_and_deadline_are_honoured(runners: dict[str, Path], hostile: HostileServer,
                                                        mode: str) -> None:  # fmt: skip
    """contract.TIMINGS against a stalling server: each call ends near its configured timeout or
    deadline (the sync calls each in a process of their own, side by side)."""
    plan = timing_plan(TIMING_HOST, hostile.base_url("stall", TIMING_HOST))
    runner = runners[TIMING_HOST]
    results = finish_all(start_apart(runner, plan, mode) if mode == "sync" else [start(runner, plan, mode)])
    assert timing_problems(f"php {mode}", [outcome(r) for r in results]) == []


def test_one_catch_of_the_shared_base_catches_a_failure_of_either_host(hostile: HostileServer) -> None:
    """An aggregator that calls the pool and the transaction services catches one base class:
    every client names the shared runtime's classes (raydium/api-runtime) as its own, by
    class_alias, so the pool client's HTML from the edge and the transaction client's failure
    envelope both land in one `catch (Raydium\\ApiRuntime\\ApiException $e)`, and a catch by a
    client's own name matches though no code named the class before."""
    require("php")
    proc = subprocess.run(["php", str(PROGRAMS / "one_base.php"), hostile.base_url("520-html", "pool-v3"),
                           hostile.base_url("failure-400", "transaction-v1")],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout) == {
        "same": [True, True, True, True],
        "caught": [["own name", "Raydium\\ApiRuntime\\NotJsonError", 520],
                   ["Raydium\\ApiRuntime\\NotJsonError", 520, True, False],
                   ["Raydium\\ApiRuntime\\FailureEnvelopeError", 400, False, True]],
    }  # fmt: skip


def run_on_bodies(script: str, bodies: dict[str, str], host: str = "pool-v3") -> Any:
    """What a PHP script (AUTOLOAD and LIB, the host's client's lib folder, filled in) prints
    as JSON, given the named bodies as a JSON object on its standard input."""
    lib = json.dumps(str(PHP / host / "lib"))
    source = script.replace("AUTOLOAD", json.dumps(str(PHP_AUTOLOAD))).replace("LIB", lib)
    proc = subprocess.run(["php", "-r", source.removeprefix("<?php\n")], input=json.dumps(bodies), capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


def program(name: str) -> str:
    """tests/php/<name>, for run_on_bodies."""
    return (PROGRAMS / name).read_text(encoding="utf-8")


# listPools on each body, answered by a Guzzle handler from the body or from a stream of it that cannot seek
DECODE = program("decode.php").replace("STREAM", "$body")
UNSEEKABLE = program("decode.php").replace(
    "STREAM", "new GuzzleHttp\\Psr7\\NoSeekStream(GuzzleHttp\\Psr7\\Utils::streamFor($body))")


def test_a_success_is_checked_at_every_depth() -> None:
    """A pool page as the PHP client decodes it: the keys no schema names kept on the page, a
    pool and its token; a number given as an integer where the schema says number read as a
    float; and each rule still checked, with where it failed: a value outside an enum (a
    setter's check), a string where an integer is, a null where the schema admits none, a null
    item in a list, an item of the wrong type in a list, a null pool, a cut body. The same from a
    body whose stream cannot seek."""
    require("php")
    item = {"type": "Standard", "zzItem": 1, "price": 2, "mintA": {"decimals": 9, "zzToken": "t", "tags": ["a"]},
            "day": {"rewardApr": [1, 0.5]}}  # fmt: skip

    def page(**changes: object) -> str:
        return json.dumps({"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", "success": True,
                           "data": {"count": 1, "zzPage": [], "data": [{**item, **changes}]}})  # fmt: skip

    bodies = {"good": page(), "enum": page(type="Bogus"), "string": page(mintA={"decimals": "nine"}),
              "null": page(mintA=None), "null item": page(mintA={"tags": ["a", None]}),
              "list item": page(mintA={"tags": ["a", 5]}), "float item": page(day={"rewardApr": [1, "x"]}),
              "null pool": page().replace('"data": [{', '"data": [null, {'), "cut": page()[:-40]}  # fmt: skip
    got = run_on_bodies(DECODE, bodies)
    # a handler's body that cannot seek (Guzzle's `stream` option) is checked as any other: every
    # check reads the body again, and a second read of such a stream gives nothing
    assert run_on_bodies(UNSEEKABLE, bodies) == got
    assert got["good"] == {"page": ["zzPage"], "item": ["zzItem"], "token": ["zzToken"], "price": "float",
                           "apr": ["float", "float"], "type": "Standard", "decimals": 9}  # fmt: skip
    shape = "UnexpectedShapeError: HTTP 200: the success envelope does not match the schema"
    assert got["enum"].startswith(f"{shape} (data.data[0].type: Invalid value 'Bogus' for 'type'"), got["enum"]
    assert got["string"] == f"{shape} (data.data[0].mintA.decimals: expected an integer, got a string)", got["string"]
    assert got["null"] == f"{shape} (data.data[0].mintA is null, and the schema admits no null there)", got["null"]
    assert got["null item"] == f"{shape} (data.data[0].mintA.tags[1] is null, and the schema admits no null there)"
    assert got["list item"] == f"{shape} (data.data[0].mintA.tags[1]: expected a string, got a number)"
    assert got["float item"] == f"{shape} (data.data[0].day.rewardApr[1]: expected a number, got a string)"
    assert got["null pool"] == f"{shape} (data.data[0] is null, and the schema admits no null there)"
    assert got["cut"].startswith("MalformedJsonError: HTTP 200: the body is not valid JSON ("), got["cut"]
    assert '; it may be truncated (205 bytes: "{\\"id\\": \\"5b0e1c7a' in got["cut"], got["cut"]


STRICT_NOTICES = program("strict_notices.php")


def test_a_required_value_missing_is_reported_once_without_a_notice() -> None:
    """A required string that has a pattern, missing from a perps pool: the call throws the
    contract's UnexpectedShapeError, naming it once as missing. The generator's checks ran the
    pattern on the missing value too: PHP 8.1 deprecates passing null to preg_match(), so an
    application whose error handler throws on notices got an ErrorException out of the call,
    and one without such a handler a second message about the pattern (docs/decisions/, 121)."""
    require("php")
    entry = {"symbol": "SOL/USDC", "volume24h": "1.5", "volume7d": "2", "volume30d": "3"}

    def page(**changes: object) -> str:
        pool = {key: value for key, value in {**entry, **changes}.items() if value is not None}
        return json.dumps({"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", "success": True, "data": [pool]})

    got = run_on_bodies(STRICT_NOTICES, {"good": page(), "missing": page(symbol=None), "bad": page(symbol="SOL")},
                        host="perps-v1")  # fmt: skip
    shape = "UnexpectedShapeError: HTTP 200: the success envelope does not match the schema"
    assert got == {"good": "SOL/USDC", "missing": f"{shape} (data[0]: 'symbol' can't be null)",
                   "bad": f"{shape} (data[0].symbol: invalid value for $symbol when calling PerpPoolEntry., "
                          "must conform to the pattern /^[^\\/]+\\/[^\\/]+$/.)"}  # fmt: skip


NUMERIC_KEYS = program("numeric_keys.php")


def test_keys_read_as_numbers_are_matched_exactly() -> None:
    """The decoder compiled per model class (docs/decisions/, 108) matches a JSON key only to
    itself, also where PHP reads keys as numbers, which `==` would match loosely ("05" and "5.0"
    to "5"); and a null where the schema admits one goes to the setter, as the generated code
    records it, called by its own name where that is not an identifier (a final newline)."""
    require("php")
    bodies = {"good": json.dumps({"5": "a", "5.0": 7, "05": "x", "maybe": None, "decimals": 9, "5.00": 1}),
              "five is a string": json.dumps({"5": 5}), "five point is an integer": json.dumps({"5.0": "a"}),
              "a null five": json.dumps({"5": None})}  # fmt: skip
    assert run_on_bodies(NUMERIC_KEYS, bodies) == {
        "good": {"five": "a", "five_point": 7, "decimals": 9, "extra": {"05": "x", "5.00": 1},
                 "calls": [["setMaybe\n", None]]},
        "five is a string": "pool.5: expected a string, got a number",
        "five point is an integer": "pool.5.0: expected an integer, got a string",
        "a null five": "pool.5 is null, and the schema admits no null there",
    }  # fmt: skip


LETS_GO = program("lets_go.php")


# a complete token of a pool page (a list of tags, extensions)
TOKEN = {"chainId": 101, "address": "Mint1", "programId": "Token1", "logoURI": "", "symbol": "TK", "name": "Token",
         "decimals": 9, "tags": ["a"], "extensions": {}}  # fmt: skip


def pool_page(item: dict[str, Any], count: int) -> str:
    """A success of listPools whose page holds `count` copies of `item`."""
    return json.dumps({"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", "success": True,
                       "data": {"count": count, "data": [item] * count}})  # fmt: skip


def test_a_decode_lets_go_of_the_decoded_body() -> None:
    """The PHP decode lets go of each decoded object as soon as its model is made, not after the
    last one (docs/decisions/, 120): with the decoded page still held by the caller, a pool's
    object is freed by the end, the page, its list and a pool's token are null in it, and building the
    2000 models raised memory by less than the decoded page takes, where it raised it by 1.44x
    when the whole decoded page stayed alive and by 1.0x with the loop over get_object_vars()
    (which holds every value; this decode: 0.16x, and 0.77x while each model kept its values in
    one array, decision 135; PHP's memory figures are exact, not timed).
    What the models keep as it came (a scalar, a key no schema names) is unchanged."""
    require("php")
    item = {"type": "Standard", "zzItem": {"kept": 1}, "price": 2, "mintA": {"decimals": 9, "tags": ["a", "b"]},
            "day": {"rewardApr": [1, 0.5]}}  # fmt: skip
    got = run_on_bodies(LETS_GO, {"page": pool_page(item, 2000)})
    assert got["rise"] < 0.9, got["rise"]
    del got["rise"]
    assert got == {"pool freed": True, "page": None, "list": None, "mintA": None, "type": "Standard",
                   "extra": {"kept": 1}, "decimals": 9, "pools": 2000, "kept": {"zzItem": {"kept": 1}}}  # fmt: skip


MODELS_HOLD = program("models_hold.php")


def test_the_models_hold_less_than_the_decoded_body() -> None:
    """The PHP models keep each value in a declared property of its own, not in one array per
    model as openapi-generator writes them (docs/decisions/, 135): the models of a page of
    2000 pools hold less than three quarters of the memory its decoded JSON takes, where the
    arrays held more than all of it (PHP's memory figures are exact, not timed). ArrayAccess
    reads and writes the same values as the getters and setters, and keeps an offset that is
    not a property, as before."""
    require("php")
    period = {"volume": 1.5, "volumeQuote": 2.5, "volumeFee": 3.2, "apr": 12.5, "feeApr": 8.1, "priceMin": 0.9,
              "priceMax": 1.1, "rewardApr": [1.2, 0.4]}  # fmt: skip
    item = {"type": "Standard", "zzItem": {"kept": 1}, "programId": "p", "id": "i", "mintA": TOKEN, "mintB": TOKEN,
            "price": 2, "mintAmountA": 1.5, "mintAmountB": 2.5, "feeRate": 0.25, "openTime": "1700000000", "tvl": 1.5,
            "day": period, "week": period, "month": period, "farmUpcomingCount": 0, "farmOngoingCount": 1,
            "farmFinishedCount": 2, "burnPercent": 0.5}  # fmt: skip
    got = run_on_bodies(MODELS_HOLD, {"page": pool_page(item, 2000)})
    assert got["held"] < 0.75, got["held"]
    assert got["probe"] == [True, "Standard", False, None, "set", 3.5, "appended", True,
                            False, None, {"zzItem": {"kept": 1}}, False]  # fmt: skip


def test_models_behave_like_php_values() -> None:
    """tests/php/models_test.php, on bodies a Guzzle handler answers (docs/decisions/, 144): two
    pages, pools and quotes decoded from the same JSON are equal by ==, a loose in_array(),
    array_search(), array_unique() and PHPUnit's assertEquals() comparison, and models that differ
    (a value, an unknown key) are not; var_dump(), print_r(), var_export() and (array) show the
    values and the unknown keys; json_encode(), (string) and serialize() give back the body's keys
    and values, unknown keys and a null in a list included, also for a model runtime 1.3
    serialized; and a quote still goes back byte for byte. The runtime's decode of each kind of
    type the generator names (lists and maps of scalars and models, dates, enums), with the
    place of a value that does not fit, and its encode of request bodies (a quote byte for byte
    however laid out, a null only where set), as an application that throws on notices."""
    require("php")
    proc = subprocess.run(["php", str(REPO / "tests" / "php" / "models_test.php")], capture_output=True, text=True,
                          timeout=120, check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    assert got["failures"] == []
    assert len(got["ran"]) >= 6, got["ran"]


def test_the_runtime_retries_what_passes_and_walks_pages_as_the_contract_says() -> None:
    """tests/php/runtime_test.php, on responses a Guzzle handler scripts: each transient status
    retried into the success, every other status and a failure envelope with HTTP 200 not
    retried, a transport failure retried and the last one thrown with its attempts, Retry-After
    and retry-after-ms waited, the backoff's bounds, the retry policy per client and per call
    (withRetryPolicy), and the page walks: the cursor passed back, the last page, maxPages, resume."""
    require("php")
    proc = subprocess.run(["php", str(REPO / "tests" / "php" / "runtime_test.php")], capture_output=True, text=True,
                          timeout=120, check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    assert got["failures"] == []
    assert len(got["ran"]) >= 15, got["ran"]


def test_every_package_contract_configuration_keeps_and_reads_its_settings() -> None:
    """tests/php/contract_test.php on every host's package, through its Contract::send on
    responses a Guzzle handler scripts: a ContractConfiguration starts with every setting of a
    plain Configuration (its temporary folder included); its timeout and connect timeout, the
    defaults or set, read as the ones a call uses; an empty base URL is refused."""
    require("php")
    folders = {f"Raydium\\{studly(host)}\\": str(PHP / host / "lib") for host in HOSTS}
    proc = subprocess.run(["php", str(PROGRAMS / "contract_test.php"), json.dumps(folders)], capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    assert got["failures"] == []
    assert len(got["ran"]) >= 3, got["ran"]


WALK = REPO / "tests" / "php" / "walk.php"


def php_walk(walk_request: dict[str, object]) -> paging_walks.Walk:
    """One walk of the pool-v3 package's iterate* methods (tests/php/walk.php)."""
    proc = subprocess.run(["php", str(WALK), json.dumps(walk_request)], capture_output=True, text=True, timeout=120,
                          check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return paging_walks.walk_of(json.loads(proc.stdout))


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_a_walk_comes_through_every_failure_that_passes(style: str) -> None:
    require("php")
    paging_walks.check_retried_walk(php_walk, style)


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_without_retries_a_walk_stops_where_it_can_resume(style: str) -> None:
    require("php")
    paging_walks.check_resumed_walk(php_walk, style)


def test_pages_come_whole_and_max_pages_bounds_a_walk() -> None:
    require("php")
    paging_walks.check_pages_and_bound(php_walk)


def test_a_walk_passes_the_cursor_back_unchanged() -> None:
    require("php")
    paging_walks.check_cursor_unchanged(php_walk)
