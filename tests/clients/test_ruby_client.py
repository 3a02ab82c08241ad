"""The Ruby clients (generated/ruby/<host>, with our contract layer: contract.rb) keep the
client contract in every hostile scenario, judged by the same oracle as the other languages
(tests/clients/contract.py), and call every operation against Prism.

The test writes one runner per host (not committed): every operation called with the
bundle's examples, a plan of calls run in threads, and how each ended, as JSON."""

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

RUNNER = """require 'json'
$LOAD_PATH.unshift(LIB)
require 'GEM'

def call(op, client)
  case op
CASES
  else
    raise "no operation #{op}"
  end
end

def judge(started)
  value = yield
  seconds = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
  return { kind: 'RawBody', seconds: seconds, api_error: true } if value.nil?

  extra = value.respond_to?(:additional_properties) ? value.additional_properties['zzUnknownKey'] : nil
  { kind: 'success', seconds: seconds, api_error: true, success: value.success, unknown: extra,
    model: value.class.name.split('::').last }
rescue StandardError => e
  seconds = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
  api = e.is_a?(MODULE::ApiError)
  { kind: e.class.name.split('::').last, seconds: seconds, api_error: api, status: api ? e.status : nil,
    msg: api ? e.msg : nil, cause: !e.cause.nil?, message: e.message.to_s[0, 400] }
end

plan = JSON.parse($stdin.read)
results = plan.map do |entry|
  Thread.new do
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    begin
      config = MODULE::Contract.configuration(entry['baseUrl'])
      config.timeout = entry['timeoutMs'] / 1000.0 if entry['timeoutMs']
      changes = { deadline: entry['deadlineMs'] && entry['deadlineMs'] / 1000.0, max_retries: entry['maxRetries'] }
      config.retry_policy = MODULE::Contract::DEFAULT_RETRY_POLICY.with(**changes.compact) unless changes.compact.empty?
      client = MODULE::ApiClient.new(config)
      judge(started) { call(entry['op'], client) }
    rescue StandardError => e
      { kind: e.class.name, seconds: 0, api_error: false, message: e.message }
    end
  end
end.map(&:value)
$stdout.write(JSON.generate(results), "\n")
$stdout.flush
# Ends without tearing the VM down: on Ruby before 3.3 a finished thread's native exit can
# free ffi's per-thread data after the VM is gone and crash the process at exit (ruby/ruby#7663,
# Bug #19580; decision 70). Every result is written above; nothing is skipped but teardown.
exit!(0)
"""


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
            .replace("MODULE", module).replace("CASES", cases))  # fmt: skip


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
    lines = []
    for host in HOSTS:
        module = f"Raydium{studly(host)}Client"
        lines += [f"$LOAD_PATH.unshift({json.dumps(str(REPO / 'generated' / 'ruby' / host / 'lib'))})",
                  f"require 'raydium_{host.replace('-', '_')}_client'",
                  f"begin; puts {module}::Contract.configuration.base_url; rescue ArgumentError; puts 'refused'; end"]
    proc = subprocess.run([*RUBY_COMMAND, "-e", "\n".join(lines)], capture_output=True, text=True, timeout=60,
                          check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    want = [package(host)._server.DEFAULT_BASE_URL or "refused" for host in HOSTS]
    assert proc.stdout.split() == want


def test_a_configured_timeout_and_deadline_are_honoured(runners: dict[str, Path], hostile: HostileServer) -> None:
    """contract.TIMINGS against a stalling server: each call ends near its configured timeout or deadline."""
    results = run(runners[TIMING_HOST], timing_plan(TIMING_HOST, hostile.base_url("stall", TIMING_HOST)))
    assert timing_problems("ruby", [outcome(r) for r in results]) == []


ONE_BASE = """require 'json'
$LOAD_PATH.unshift(*ARGV[0, 2])
require 'raydium_pool_v3_client'
require 'raydium_transaction_v1_client'

pool = RaydiumPoolV3Client
swap = RaydiumTransactionV1Client
same = pool::ApiError.equal?(swap::ApiError) && pool::ApiError.equal?(RaydiumApiRuntime::ApiError) &&
       pool::FailureEnvelopeError.equal?(swap::FailureEnvelopeError)
caught = []
[
  -> { pool::ConfigurationApi.new(pool::ApiClient.new(pool::Contract.configuration(ARGV[2])))
                             .list_dynamic_fee_configs },
  -> { swap::ComputeApi.new(swap::ApiClient.new(swap::Contract.configuration(ARGV[3])))
                       .compute_swap_base_in('a', 'b', 1, 50, 'V0') },
].each do |call|
  call.call
rescue RaydiumApiRuntime::ApiError => e # the one base class
  caught << [e.class.name, e.status, e.is_a?(pool::NotJsonError), e.is_a?(swap::FailureEnvelopeError)]
end
puts JSON.generate({ same: same, caught: caught })
"""


def test_one_rescue_of_the_shared_base_catches_a_failure_of_either_host(hostile: HostileServer,
                                                                       tmp_path: Path) -> None:  # fmt: skip
    """An aggregator that calls the pool and the transaction services rescues one base class:
    every gem names the shared runtime's classes (raydium_api_runtime) as its own, so the pool
    client's HTML from the edge and the transaction client's failure envelope both land in one
    `rescue RaydiumApiRuntime::ApiError`."""
    require("ruby")
    script = tmp_path / "one_base.rb"
    script.write_text(ONE_BASE, encoding="utf-8")
    libs = [str(RUBY / "pool-v3" / "lib"), str(RUBY / "transaction-v1" / "lib")]
    proc = subprocess.run([*RUBY_COMMAND, str(script), *libs,
                           hostile.base_url("520-html", "pool-v3"), hostile.base_url("failure-400", "transaction-v1")],
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"same": True, "caught": [["RaydiumApiRuntime::NotJsonError", 520, True, False],
                                                                ["RaydiumApiRuntime::FailureEnvelopeError", 400, False,
                                                                 True]]}  # fmt: skip


DECODE = """
$LOAD_PATH.unshift(LIB)
require 'raydium_pool_v3_client'
require 'json'
out = {}
JSON.parse($stdin.read).each do |name, body|
  Typhoeus.stub(/\\Ahttp:\\/\\/127.0.0.1:9/).and_return do |_request|
    Typhoeus::Response.new(code: 200, return_code: :ok, body: body, headers: { 'Content-Type' => 'application/json' })
  end
  api = RaydiumPoolV3Client::PoolsApi.new(
    RaydiumPoolV3Client::ApiClient.new(RaydiumPoolV3Client::Contract.configuration('http://127.0.0.1:9')))
  begin
    page = api.list_pools
    item = page.data.data[0]
    out[name] = { page: page.data.additional_properties.keys, item: item.additional_properties,
                  token: item.mint_a.additional_properties.keys, price: item.price.class.name,
                  apr: item.day.reward_apr, type: item.type, decimals: item.mint_a.decimals, success: page.success,
                  nested_keys: item.additional_properties.values.grep(Hash).flat_map(&:keys).map { |k| k.class.name } }
  rescue StandardError => e
    out[name] = "#{e.class.name.split('::').last}: #{e.message}"
  end
  Typhoeus::Expectation.clear
end
puts JSON.generate(out)
"""


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
    script = DECODE.replace("LIB", json.dumps(str(REPO / "generated" / "ruby" / "pool-v3" / "lib")))
    proc = subprocess.run([*RUBY_COMMAND, "-e", script], input=json.dumps(bodies), capture_output=True, text=True,
                          timeout=60, check=False)  # fmt: skip
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


FROM_HASH = """
$LOAD_PATH.unshift(LIB)
require 'raydium_pool_v3_client'
require 'json'
m = RaydiumPoolV3Client
item = { 'type' => 'Standard', 'price' => nil, 'zzItem' => 1, 'mintA' => { 'decimals' => 9, 'zzToken' => 't' } }
symbols = m::PoolInfoItem.build_from_hash(JSON.parse(JSON.generate(item), symbolize_names: true))
strings = m::PoolInfoItem.build_from_hash(item)
def shown(model)
  { type: model.type, price_set: model.instance_variable_defined?(:@price),
    tvl_set: model.instance_variable_defined?(:@tvl), extra: model.additional_properties,
    token: model.mint_a.decimals, token_extra: model.mint_a.additional_properties }
end
out = { symbols: shown(symbols), strings: shown(strings), same: symbols == strings }
out[:page] = m::PoolPageResponse.build_from_hash({ 'success' => true, 'data' => { 'data' => [] } }).data.data
begin
  m::PoolPageResponse.build_from_hash({ 'success' => true })
rescue ArgumentError => e
  out[:missing] = e.message
end
puts JSON.generate(out)
"""


def test_a_model_is_built_alike_from_symbol_and_string_keys() -> None:
    """build_from_hash as a user may call it, with String keys (JSON.parse's default), gives
    the model the client's own decode (Symbol keys) gives: the listed keys set, a null set as nil
    and an absent key left unset, the other keys kept as additional properties, a required key
    that is absent refused by its writer."""
    require("ruby")
    script = FROM_HASH.replace("LIB", json.dumps(str(REPO / "generated" / "ruby" / "pool-v3" / "lib")))
    proc = subprocess.run([*RUBY_COMMAND, "-e", script], capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    got = json.loads(proc.stdout)
    expected = {"type": "Standard", "price_set": True, "tvl_set": False, "extra": {"zzItem": 1}, "token": 9,
                "token_extra": {"zzToken": "t"}}  # fmt: skip
    assert got["symbols"] == expected
    assert got["strings"] == expected
    assert got["same"] is True
    assert got["page"] == []
    assert got["missing"] == "data cannot be nil"


UNLISTED = """
$LOAD_PATH.unshift(LIB)
require 'raydium_pool_v3_client'
require 'json'
# one class's Hashes in turn, as a list's items come: the unlisted keys of the one before are
# tried first, and must give way to each Hash's own
hashes = JSON.parse(<<~JSON)
  [{"type": "Standard", "price": 1, "zzA": 1},
   {"type": "Standard", "price": 1, "zzB": 2},
   {"type": "Standard", "price": 1, "zzA": 3},
   {"type": "Standard", "price": 1, "zzA": 4, "zzB": 5},
   {"type": "Standard", "zzA": 6, "zzB": 7},
   {"type": "Standard", "price": 1, "zzA": 8},
   {"type": "Standard", "price": 1},
   {"type": "Standard", "price": 1, "zzA": {"deep": [{"er": 1}]}}]
JSON
hashes.insert(6, { type: 'Standard', price: 2, zzC: 9 }) # a Hash a user built, with Symbol keys
out = hashes.map do |hash|
  model = RaydiumPoolV3Client::PoolInfoItem.build_from_hash(hash)
  [model.price, model.additional_properties]
end
puts JSON.generate(out)
"""


def test_each_hash_keeps_its_own_unlisted_keys() -> None:
    """DecodePlan reads a Hash's unlisted keys by those of the Hash before it where they fit
    (decision 107): each model still gets exactly its own, with the values' keys as Symbols."""
    require("ruby")
    script = UNLISTED.replace("LIB", json.dumps(str(REPO / "generated" / "ruby" / "pool-v3" / "lib")))
    proc = subprocess.run([*RUBY_COMMAND, "-e", script], capture_output=True, text=True, timeout=60, check=False)
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
    script = ("$LOAD_PATH.unshift(LIB); require 'raydium_perps_v1_client'; require 'json'\n"
              "m = RaydiumPerpsV1Client; body = $stdin.read\n"
              "Typhoeus.stub(/127.0.0.1:9/).and_return(Typhoeus::Response.new(code: 200, return_code: :ok, body: body,"
              " headers: { 'Content-Type' => 'application/json' }))\n"
              "api = m::MainApi.new(m::ApiClient.new(m::Contract.configuration('http://127.0.0.1:9')))\n"
              "puts api.check_availability.data.inspect"
              ).replace("LIB", json.dumps(str(REPO / "generated" / "ruby" / "perps-v1" / "lib")))
    body = {"id": "x", "success": True, "data": {"a": {"b": [{"c": 1}, 2]}}}
    proc = subprocess.run([*RUBY_COMMAND, "-e", script], input=json.dumps(body), capture_output=True, text=True,
                          timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == "{:a=>{:b=>[{:c=>1}, 2]}}"


def test_a_hash_a_user_built_is_handed_on_as_built() -> None:
    """A model a user builds from their own Hash hands on its free-form values and additional
    properties with the keys the user gave them, as before 2.2.0 (decision 107); the client's own
    decode gives them Symbol keys (test_a_success_is_checked_at_every_depth)."""
    require("ruby")
    script = ("$LOAD_PATH.unshift(LIB); require 'raydium_pool_v3_client'; require 'json'\n"
              "c = RaydiumPoolV3Client::LimitOrderConfig.build_from_hash(JSON.parse($stdin.read))\n"
              "puts [c.limit_order_admin, c.additional_properties].inspect"
              ).replace("LIB", json.dumps(str(REPO / "generated" / "ruby" / "pool-v3" / "lib")))
    body = {"limit_order_admin": {"owner": "X"}, "zz": {"k": [{"j": 1}]}}
    proc = subprocess.run([*RUBY_COMMAND, "-e", script], input=json.dumps(body), capture_output=True, text=True,
                          timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == '[{"owner"=>"X"}, {"zz"=>{"k"=>[{"j"=>1}]}}]'


SELF_HOLDING = """
$LOAD_PATH.unshift(LIB)
require 'raydium_pool_v3_client'
require 'json'
module RaydiumPoolV3Client
  # a model that holds itself, as a generated one would be: a name and a list of its own kind
  class TestNode < ApiModelBase
    attr_accessor :name, :children
    def self.attribute_map = { name: :name, children: :children }
    def self.acceptable_attribute_map = attribute_map
    def self.openapi_types = { name: :String, children: :'Array<TestNode>' }
    def self.acceptable_openapi_types = openapi_types
    def self.absent_attributes = {}
  end
end
node = RaydiumPoolV3Client::TestNode
tree = JSON.parse('{"name": "a", "children": [{"name": "b", "children": [{"name": "c", "zz": 1}]}]}',
                  symbolize_names: true)
built = node.build_from_hash(tree)
out = { names: [built.name, built.children[0].name, built.children[0].children[0].name],
        kinds: [built.children[0].class.name, built.children[0].children[0].class.name],
        extra: built.children[0].children[0].additional_properties }
begin
  node.build_from_hash({ name: 'a', children: [{ name: 'b', children: [{ name: 5 }] }] })
rescue TypeError => e
  out[:wrong] = e.message
end
puts JSON.generate(out)
"""


def test_a_model_that_holds_itself_is_built_at_every_depth() -> None:
    """DecodePlan compiles a class's build without the plans of the classes it holds, which it
    takes on first use (decision 90): a class that holds itself builds, at every depth, with its
    checks and unknown keys kept."""
    require("ruby")
    script = SELF_HOLDING.replace("LIB", json.dumps(str(REPO / "generated" / "ruby" / "pool-v3" / "lib")))
    proc = subprocess.run([*RUBY_COMMAND, "-e", script], capture_output=True, text=True, timeout=60, check=False)
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
