"""The Ruby clients (generated/ruby/<host>, with our contract layer: contract.rb) keep the
client contract in every hostile scenario, judged by the same oracle as the other languages
(tests/clients/contract.py), and call every operation against Prism.

The test writes one runner per host (not committed) from tests/ruby/runner.rb: every operation
called with the bundle's examples, a plan of calls run in threads, and how each ended, as JSON.
The other Ruby programs these tests run are files of tests/ruby/ too."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import paging_walks
import pytest
from raydium_api_mock import MockServer
from ruby_php import arguments, snake, studly
from toolchains import require

from calls import operations, package, success_type
from contract import SUCCESS, TIMING_HOST, HostileResults, Outcome, hostile_runs_of, judge, timing_plan, timing_problems
from mock_servers import HostileServer, Prism
from project import HOSTS, REPO, RUBY_COMMAND

pytestmark = pytest.mark.e2e
RUBY = REPO / "generated" / "ruby"
MIME_TYPES_LOAD_WARNING = "Type application/netcdf is already registered as a variant of application/netcdf."

PROGRAMS = REPO / "tests" / "ruby"  # the Ruby programs these tests run (their headers say how)
RUNNER = (PROGRAMS / "runner.rb").read_text(encoding="utf-8")


def call_code(host: str, op: dict[str, Any], module: str) -> str:
    values, model = arguments(host, op)
    args = []
    for i, value in enumerate(values):
        literal = f"JSON.parse({json.dumps(json.dumps(value))})"
        if i == 0 and model is not None:
            literal = f"{module}::{model}.build_from_hash(JSON.parse({json.dumps(json.dumps(value))}, symbolize_names: true))"  # noqa: E501 (a line of the Ruby script)
        args.append(literal)
    call = f"{module}::{op['tags'][0]}Api.new(client).{snake(op['operationId'])}({', '.join(args)})"
    if success_type(op) == "RawBody":
        call += "\n    nil"
    return f"  when '{op['operationId']}'\n    {call}"


def runner_source(host: str) -> str:
    module = "Raydium" + studly(host) + "Client"
    cases = "\n".join(call_code(host, op, module) for *_, op in operations([host]))
    gem = f"raydium_{host.replace('-', '_')}_client"
    return (RUNNER.replace("LIB", json.dumps(str(RUBY / host / "lib"))).replace("GEM", gem)
            .replace("MODULE", module).replace("  when CASES\n", cases + "\n"))  # fmt: skip


@pytest.fixture(scope="module")
def runners(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    require("ruby")
    folder = tmp_path_factory.mktemp("ruby")
    found = {}
    for host in HOSTS:
        found[host] = folder / f"{host}.rb"
        found[host].write_text(runner_source(host), encoding="utf-8")
    return found


def run(runner: Path, plan: list[dict[str, object]]) -> list[dict[str, Any]]:
    proc = subprocess.run([*RUBY_COMMAND, str(runner)], input=json.dumps(plan), capture_output=True, text=True,
                          timeout=180, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    # a call writes nothing to the caller's stderr (the generator's models warned on every
    # success: "[DEPRECATED] the `valid?` method is obsolete"). One line is not a call's: Debian's
    # mime-types 3.4.1, which Typhoeus loads, prints it at require time in about 1 process of 300
    # (https://github.com/mime-types/ruby-mime-types/issues/163; decision 70).
    written = [line for line in proc.stderr.splitlines() if line != MIME_TYPES_LOAD_WARNING]
    assert written == [], proc.stderr
    results: list[dict[str, Any]] = json.loads(proc.stdout)
    return results


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


@pytest.fixture(scope="module")
def hostile_results(runners: dict[str, Path]) -> HostileResults:
    return hostile_runs_of(runners, run)


@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_keeps_the_contract(host: str, hostile_results: HostileResults) -> None:
    problems = [p for scenario, op, r in hostile_results[host] for p in judge(host, op, scenario, outcome(r), "ruby")]
    assert problems == []


def test_the_default_base_url_is_the_cited_host() -> None:
    """Contract.configuration without a URL uses the host the description cites, as the Python
    client does; where the source shows none, it refuses."""
    require("ruby")
    proc = subprocess.run([*RUBY_COMMAND, str(PROGRAMS / "default_base_url.rb"), *HOSTS], capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    want = [package(host)._server.DEFAULT_BASE_URL or "refused" for host in HOSTS]
    assert proc.stdout.split() == want


def test_a_configured_timeout_and_deadline_are_honoured(runners: dict[str, Path], hostile: HostileServer) -> None:
    """contract.TIMINGS against a stalling server: each call ends near its configured timeout or deadline."""
    results = run(runners[TIMING_HOST], timing_plan(TIMING_HOST, hostile.base_url("stall", TIMING_HOST)))
    assert timing_problems("ruby", [outcome(r) for r in results]) == []


def test_one_rescue_of_the_shared_base_catches_a_failure_of_either_host(hostile: HostileServer) -> None:
    """An aggregator that calls the pool and the transaction services rescues one base class:
    every gem names the shared runtime's classes (raydium_api_runtime) as its own, so the pool
    client's HTML from the edge and the transaction client's failure envelope both land in one
    `rescue RaydiumApiRuntime::ApiError`."""
    require("ruby")
    libs = [str(RUBY / "pool-v3" / "lib"), str(RUBY / "transaction-v1" / "lib")]
    proc = subprocess.run([*RUBY_COMMAND, str(PROGRAMS / "one_base.rb"), *libs,
                           hostile.base_url("520-html", "pool-v3"), hostile.base_url("failure-400", "transaction-v1")],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"same": True, "caught": [["RaydiumApiRuntime::NotJsonError", 520, True, False],
                                                                ["RaydiumApiRuntime::FailureEnvelopeError", 400, False,
                                                                 True]]}  # fmt: skip


def test_a_success_is_checked_at_every_depth() -> None:
    """A pool page as the Ruby client decodes it: the keys no schema names kept on the page, a
    pool and its token (a nested value with Symbol keys, as before the client parsed with String
    keys); and each rule still checked, with where it failed: a value outside an enum (its
    writer's check), a string where an integer is, a number where a list is, a required key
    missing, a null item in a list."""
    require("ruby")
    item = {"type": "Standard", "zzItem": {"nested": True}, "price": 2, "mintA": {"decimals": 9, "zzToken": "t"},
            "day": {"rewardApr": [1, 0.5]}}  # fmt: skip

    def page(**changes: object) -> str:
        return json.dumps({"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", "success": True,
                           "data": {"count": 1, "zzPage": [], "data": [{**item, **changes}]}})  # fmt: skip

    bodies = {"good": page(), "enum": page(type="Bogus"), "string": page(mintA={"decimals": "nine"}),
              "list": page(day={"rewardApr": 5}), "null item": page(mintA={"tags": ["a", None]}),
              "no data": json.dumps({"success": True, "msg": "ok"})}  # fmt: skip
    proc = subprocess.run([*RUBY_COMMAND, str(PROGRAMS / "decode.rb")], input=json.dumps(bodies), capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    assert got["good"] == {"page": ["zzPage"], "item": {"zzItem": {"nested": True}}, "token": ["zzToken"],
                           "price": "Integer", "apr": [1, 0.5], "type": "Standard", "decimals": 9,
                           "success": True, "nested_keys": ["Symbol"]}  # fmt: skip
    shape = "UnexpectedShapeError: HTTP 200: the success envelope does not match the schema"
    enum = 'invalid value for "type", must be one of ["Concentrated", "Standard"].'
    assert got["enum"] == f"{shape} (ArgumentError: {enum})", got["enum"]
    assert got["string"] == f'{shape} (TypeError: expected an integer, got "nine")', got["string"]
    assert got["list"] == f"{shape} (TypeError: expected an array, got 5)", got["list"]
    assert got["null item"] == f"{shape} (data.data[0].mintA.tags[1] is null, and the schema admits no null there)"
    assert got["no data"] == f"{shape} (data missing)", got["no data"]


def test_a_model_is_built_alike_from_symbol_and_string_keys() -> None:
    """build_from_hash as a user may call it, with String keys (JSON.parse's default), gives
    the model the client's own decode (Symbol keys) gives: the listed keys set, a null set as nil
    and an absent key left unset, the other keys kept as additional properties, a required key
    that is absent refused by its writer."""
    require("ruby")
    proc = subprocess.run([*RUBY_COMMAND, str(PROGRAMS / "from_hash.rb")], capture_output=True, text=True, timeout=60,
                          check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    expected = {"type": "Standard", "price_set": True, "tvl_set": False, "extra": {"zzItem": 1}, "token": 9,
                "token_extra": {"zzToken": "t"}}  # fmt: skip
    assert got["symbols"] == expected
    assert got["strings"] == expected
    assert got["same"] is True
    assert got["page"] == []
    assert got["missing"] == "data cannot be nil"


def test_each_hash_keeps_its_own_unlisted_keys() -> None:
    """DecodePlan reads a Hash's unlisted keys by those of the Hash before it where they fit
    (decision 107): each model still gets exactly its own, with the values' keys as Symbols."""
    require("ruby")
    proc = subprocess.run([*RUBY_COMMAND, str(PROGRAMS / "unlisted.rb")], capture_output=True, text=True, timeout=60,
                          check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert json.loads(proc.stdout) == [
        [1, {"zzA": 1}], [1, {"zzB": 2}], [1, {"zzA": 3}], [1, {"zzA": 4, "zzB": 5}], [None, {"zzA": 6, "zzB": 7}],
        [1, {"zzA": 8}], [2, {"zzC": 9}], [1, {}], [1, {"zzA": {"deep": [{"er": 1}]}}],
    ]  # fmt: skip


def test_a_free_form_value_has_symbol_keys() -> None:
    """An Object-typed value (the perps data the source does not show), as the client's call
    decodes it, is handed on with Symbol keys at every depth, as before the client parsed with
    String keys (decision 107)."""
    require("ruby")
    body = {"id": "x", "success": True, "data": {"a": {"b": [{"c": 1}, 2]}}}
    proc = subprocess.run([*RUBY_COMMAND, str(PROGRAMS / "free_form.rb")], input=json.dumps(body), capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == "{:a=>{:b=>[{:c=>1}, 2]}}"


def test_a_hash_a_user_built_is_handed_on_as_built() -> None:
    """A model a user builds from their own Hash hands on its free-form values and additional
    properties with the keys the user gave them, as before 2.2.0 (decision 107); the client's own
    decode gives them Symbol keys (test_a_success_is_checked_at_every_depth)."""
    require("ruby")
    body = {"limit_order_admin": {"owner": "X"}, "zz": {"k": [{"j": 1}]}}
    proc = subprocess.run([*RUBY_COMMAND, str(PROGRAMS / "user_hash.rb")], input=json.dumps(body), capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == '[{"owner"=>"X"}, {"zz"=>{"k"=>[{"j"=>1}]}}]'


def test_a_model_that_holds_itself_is_built_at_every_depth() -> None:
    """DecodePlan compiles a class's build without the plans of the classes it holds, which it
    takes on first use (decision 90): a class that holds itself builds, at every depth, with its
    checks and unknown keys kept."""
    require("ruby")
    proc = subprocess.run([*RUBY_COMMAND, str(PROGRAMS / "self_holding.rb")], capture_output=True, text=True,
                          timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    assert got["names"] == ["a", "b", "c"]
    assert got["kinds"] == ["RaydiumPoolV3Client::TestNode"] * 2
    assert got["extra"] == {"zz": 1}
    assert got["wrong"] == "expected a string, got 5"


def test_models_behave_like_ruby_values() -> None:
    """tests/ruby/models_test.rb (minitest), on bodies answered with Typhoeus stubs (docs/decisions/,
    144): two pages, pools and quotes decoded from the same JSON are ==, eql? and of one hash (a
    Hash key, uniq), and models that differ (a value, an unknown key) are not; inspect and to_h
    show the values and the unknown keys; to_h, to_json and JSON.generate give back the body's
    keys and values, unknown keys and a null in a list included; a model is built when the call
    returns (no parsed body held, a value set kept); and a quote still goes back as it came."""
    require("ruby")
    proc = subprocess.run([*RUBY_COMMAND, str(REPO / "tests" / "ruby" / "models_test.rb")], capture_output=True,
                          text=True, timeout=120, check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ran = re.search(r"^(\d+) runs, \d+ assertions, 0 failures, 0 errors, 0 skips$", proc.stdout, re.M)
    assert ran is not None, proc.stdout
    assert int(ran[1]) >= 6, proc.stdout


def test_the_runtime_retries_what_passes_and_walks_pages_as_the_contract_says() -> None:
    """tests/ruby/runtime_test.rb (minitest), on responses scripted with Typhoeus stubs: each
    transient status retried into the success, every other status and a failure envelope with
    HTTP 200 not retried, a transport failure retried and the last one raised with its attempts,
    Retry-After and retry-after-ms waited, the backoff's bounds, the retry policy per client and
    per call, and the page walks: the cursor passed back, the last page, max_pages, resume."""
    require("ruby")
    proc = subprocess.run([*RUBY_COMMAND, str(REPO / "tests" / "ruby" / "runtime_test.rb")], capture_output=True,
                          text=True, timeout=120, check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ran = re.search(r"^(\d+) runs, \d+ assertions, 0 failures, 0 errors, 0 skips$", proc.stdout, re.M)
    assert ran is not None, proc.stdout
    assert int(ran[1]) >= 15, proc.stdout


def test_every_gem_contract_layer_names_the_runtime_and_reads_its_settings() -> None:
    """tests/ruby/contract_test.rb (minitest) on every host's gem, through its ApiClient on
    responses scripted with Typhoeus stubs: the runtime's names a gem's Contract gives as its own
    (TRANSIENT_STATUSES, RetryPolicy, CurlError, the defaults) are the runtime's, and a policy built
    with its RetryPolicy retries each of its TRANSIENT_STATUSES; a transport failure's cause is one
    of its CurlError; an empty base URL is refused; a configuration's timeout and connect timeout,
    the defaults or set, read as the ones its calls use."""
    require("ruby")
    proc = subprocess.run([*RUBY_COMMAND, str(PROGRAMS / "contract_test.rb"), *HOSTS], capture_output=True, text=True,
                          timeout=120, check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ran = re.search(r"^(\d+) runs, \d+ assertions, 0 failures, 0 errors, 0 skips$", proc.stdout, re.M)
    assert ran is not None, proc.stdout
    assert int(ran[1]) >= 5, proc.stdout


WALK = REPO / "tests" / "ruby" / "walk.rb"


def ruby_walk(walk_request: dict[str, object]) -> paging_walks.Walk:
    """One walk of the pool-v3 gem's each_* methods (tests/ruby/walk.rb)."""
    proc = subprocess.run([*RUBY_COMMAND, str(WALK), json.dumps(walk_request)], capture_output=True, text=True,
                          timeout=120, check=False, cwd=REPO)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return paging_walks.walk_of(json.loads(proc.stdout))


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_a_walk_comes_through_every_failure_that_passes(style: str) -> None:
    require("ruby")
    paging_walks.check_retried_walk(ruby_walk, style)


@pytest.mark.parametrize("style", paging_walks.STYLES)
def test_without_retries_a_walk_stops_where_it_can_resume(style: str) -> None:
    require("ruby")
    paging_walks.check_resumed_walk(ruby_walk, style)


def test_pages_come_whole_and_max_pages_bounds_a_walk() -> None:
    require("ruby")
    paging_walks.check_pages_and_bound(ruby_walk)


def test_a_walk_passes_the_cursor_back_unchanged() -> None:
    require("ruby")
    paging_walks.check_cursor_unchanged(ruby_walk)
