"""The PHP clients (generated/php/<host>, with our contract layer: Contract.php) keep the client
contract in every hostile scenario, called synchronously and through their *Async variants,
judged by the same oracle as the other languages (tests/clients/contract.py), and call every
operation against Prism.

The test writes one runner per host (not committed): every operation called with the
bundle's examples and how each call ended, as JSON. Synchronous calls run one after another
in one PHP process per scenario (the processes run side by side); asynchronous ones all at
once in one process (Guzzle's curl multi handler)."""

from __future__ import annotations

import json
import random
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

RUNNER = """<?php
require_once AUTOLOAD;
raydium_autoload([NAMESPACE_PREFIX => LIB]);
use GuzzleHttp\\Promise\\PromiseInterface;
use GuzzleHttp\\Promise\\Utils;

function call(string $op, $config, bool $async)
{
    switch ($op) {
CASES
    }
    throw new LogicException("no operation $op");
}

function outcome(float $started, $value, ?Throwable $e): array
{
    $seconds = hrtime(true) / 1e9 - $started;
    if ($e === null) {
        if ($value === null) {
            return ['kind' => 'RawBody', 'seconds' => $seconds, 'api_error' => true];
        }
        $extra = $value->getAdditionalProperties()['zzUnknownKey'] ?? null;
        return ['kind' => 'success', 'seconds' => $seconds, 'api_error' => true, 'success' => $value->getSuccess(),
                'unknown' => $extra, 'model' => (new ReflectionClass($value))->getShortName()];
    }
    $api = $e instanceof NS\\ApiException;
    return ['kind' => (new ReflectionClass($e))->getShortName(), 'seconds' => $seconds, 'api_error' => $api,
            'status' => $api ? $e->getStatus() : null, 'msg' => $api ? $e->getMsg() : null,
            'cause' => $e->getPrevious() !== null, 'message' => substr($e->getMessage(), 0, 400)];
}

function configuration(array $entry)
{
    $config = NS\\Contract::configuration($entry['baseUrl']);
    if (isset($entry['timeoutMs'])) {
        $config->setTimeout($entry['timeoutMs'] / 1000);
    }
    $changes = array_filter(['maxRetries' => $entry['maxRetries'] ?? null,
                             'deadline' => isset($entry['deadlineMs']) ? $entry['deadlineMs'] / 1000 : null],
                            fn ($value) => $value !== null);
    if ($changes !== []) {
        $config->setRetryPolicy(new NS\\RetryPolicy(...$changes));
    }
    return $config;
}

$async = ($argv[1] ?? 'sync') === 'async';
$plan = json_decode(file_get_contents($argv[2]), true);
$results = [];
if (!$async) {
    foreach ($plan as $entry) {
        $started = hrtime(true) / 1e9;
        try {
            $results[] = outcome($started, call($entry['op'], configuration($entry), false), null);
        } catch (Throwable $e) {
            $results[] = outcome($started, null, $e);
        }
    }
} else {
    $promises = [];
    foreach ($plan as $i => $entry) {
        $started = hrtime(true) / 1e9;
        $promises[$i] = call($entry['op'], configuration($entry), true)->then(
            function ($value) use ($started) { return outcome($started, $value, null); },
            function ($reason) use ($started) { return outcome($started, null, $reason); }
        );
    }
    $results = Utils::all($promises)->wait();
    ksort($results);
    $results = array_values($results);
}
echo json_encode($results, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE);
"""


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
            .replace("NS\\", namespace + "\\").replace("CASES", cases))  # fmt: skip


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
    script = f"""require_once {json.dumps(str(PHP_AUTOLOAD))};
raydium_autoload(json_decode({json.dumps(json.dumps(folders))}, true));
foreach (array_keys(json_decode({json.dumps(json.dumps(folders))}, true)) as $namespace) {{
    try {{
        echo ($namespace . 'Contract')::configuration()->getHost(), "\\n";
    }} catch (InvalidArgumentException $e) {{
        echo "refused\\n";
    }}
}}
"""
    proc = subprocess.run(["php", "-r", script], capture_output=True, text=True, timeout=60, check=False)
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


ONE_BASE = """<?php
require_once AUTOLOAD;
raydium_autoload(['Raydium\\\\PoolV3\\\\' => POOL, 'Raydium\\\\TransactionV1\\\\' => SWAP]);

use Raydium\\PoolV3 as Pool;
use Raydium\\TransactionV1 as Swap;

$pool = fn () => (new Pool\\Api\\ConfigurationApi(config: Pool\\Contract::configuration($argv[1])))
    ->listDynamicFeeConfigs();
$swap = fn () => (new Swap\\Api\\ComputeApi(config: Swap\\Contract::configuration($argv[2])))->computeSwapBaseIn(
    input_mint: 'a', output_mint: 'b', amount: '1', slippage_bps: 50, tx_version: Swap\\Model\\TxVersion::V0);
$caught = [];
try { // a catch by the client's own name, which nothing named before (a catch does not autoload)
    $pool();
} catch (Pool\\NotJsonError $e) {
    $caught[] = ['own name', get_class($e), $e->getStatus()];
}
foreach ([$pool, $swap] as $call) {
    try {
        $call();
    } catch (Raydium\\ApiRuntime\\ApiException $e) { // the one base class
        $caught[] = [get_class($e), $e->getStatus(), $e instanceof Pool\\NotJsonError,
                     $e instanceof Swap\\FailureEnvelopeError];
    }
}
$same = [];
foreach (['ApiException', 'FailureEnvelopeError', 'RateLimitedError', 'RetryPolicy'] as $name) {
    $same[] = (new ReflectionClass("Raydium\\\\PoolV3\\\\$name"))->getName() === "Raydium\\\\ApiRuntime\\\\$name"
        && (new ReflectionClass("Raydium\\\\TransactionV1\\\\$name"))->getName() === "Raydium\\\\ApiRuntime\\\\$name";
}
echo json_encode(['same' => $same, 'caught' => $caught]);
"""


def test_one_catch_of_the_shared_base_catches_a_failure_of_either_host(hostile: HostileServer,
                                                                      tmp_path: Path) -> None:  # fmt: skip
    """An aggregator that calls the pool and the transaction services catches one base class:
    every client names the shared runtime's classes (raydium/api-runtime) as its own, by
    class_alias, so the pool client's HTML from the edge and the transaction client's failure
    envelope both land in one `catch (Raydium\\ApiRuntime\\ApiException $e)`, and a catch by a
    client's own name matches though no code named the class before."""
    require("php")
    script = tmp_path / "one_base.php"
    script.write_text(ONE_BASE.replace("AUTOLOAD", json.dumps(str(PHP_AUTOLOAD)))
                      .replace("POOL", json.dumps(str(PHP / "pool-v3" / "lib")))
                      .replace("SWAP", json.dumps(str(PHP / "transaction-v1" / "lib"))), encoding="utf-8")  # fmt: skip
    proc = subprocess.run(["php", str(script), hostile.base_url("520-html", "pool-v3"),
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


def pools_call(namespace: str, call: str, first: str = "", stream: str = "$body") -> str:
    """A PHP script (for run_on_bodies) that gives each body to a PoolsApi of the client in the
    namespace (Raydium\\<namespace>) through a Guzzle handler answering it with HTTP 200 (its body
    `stream`, a PHP expression of $body), and prints per body what `call` puts in $out[$name], or
    the short class and message of what the call threw. `first` runs before the calls."""
    return (
        """<?php
require_once AUTOLOAD;
raydium_autoload(['Raydium\\\\NAMESPACE\\\\' => LIB]);
use GuzzleHttp\\Client;
use GuzzleHttp\\HandlerStack;
use GuzzleHttp\\Promise\\Create;
use GuzzleHttp\\Psr7\\Response;
use Raydium\\NAMESPACE\\Api\\PoolsApi;
use Raydium\\NAMESPACE\\Contract;

FIRST$out = [];
foreach (json_decode(file_get_contents('php://stdin'), true) as $name => $body) {
    $answer = fn ($request, array $options) =>
        Create::promiseFor(new Response(200, ['Content-Type' => 'application/json'], STREAM));
    $api = new PoolsApi(new Client(['handler' => HandlerStack::create($answer)]), Contract::configuration('http://127.0.0.1:9'));
    try {
CALL    } catch (Throwable $e) {
        $out[$name] = (new ReflectionClass($e))->getShortName() . ': ' . $e->getMessage();
    }
}
echo json_encode($out);
"""
        .replace("NAMESPACE", namespace)
        .replace("FIRST", first)
        .replace("STREAM", stream)
        .replace("CALL", call)
    )


DECODE_CALL = """        $page = $api->listPools();
        $item = $page->getData()->getData()[0];
        $out[$name] = ['page' => array_keys($page->getData()->getAdditionalProperties()),
            'item' => array_keys($item->getAdditionalProperties()),
            'token' => array_keys($item->getMintA()->getAdditionalProperties()),
            'price' => get_debug_type($item->getPrice()),
            'apr' => array_map('get_debug_type', $item->getDay()->getRewardApr()),
            'type' => $item->getType(), 'decimals' => $item->getMintA()->getDecimals()];
"""
DECODE = pools_call("PoolV3", DECODE_CALL)


UNSEEKABLE = pools_call("PoolV3", DECODE_CALL,
                        stream="new GuzzleHttp\\Psr7\\NoSeekStream(GuzzleHttp\\Psr7\\Utils::streamFor($body))")


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


STRICT_NOTICES = pools_call(
    "PerpsV1",
    """        $out[$name] = $api->listDefaultPools()->getData()[0]->getSymbol();
""",
    # every notice, warning and deprecation of the clients' own code thrown, as many applications'
    # error handlers do (Guzzle's own, which a later PHP may deprecate, are left to PHP)
    """set_error_handler(function (int $level, string $message, string $file, int $line): bool {
    if (!str_contains($file, '/generated/php/')) {
        return false;
    }
    throw new ErrorException($message, 0, $level, $file, $line);
});
""",
)


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


NUMERIC_KEYS = """<?php
namespace Raydium\\PoolV3\\Model;

require_once AUTOLOAD;
raydium_autoload(['Raydium\\\\PoolV3\\\\' => LIB]);

// A model whose JSON keys PHP reads as numbers ("5", "5.0"), and one nullable whose setter's name
// is not an identifier: Token with three more properties, as a generated model lists them.
class Probe extends Token
{
    protected $five = null;
    protected $five_point = null;
    protected $maybe = null;
    public array $calls = [];
    public static function attributeMap()
    {
        return parent::attributeMap() + ['five' => '5', 'five_point' => '5.0', 'maybe' => 'maybe'];
    }
    public static function openAPITypes()
    {
        return parent::openAPITypes() + ['five' => 'string', 'five_point' => 'int', 'maybe' => 'string'];
    }
    public static function setters()
    {
        return parent::setters() + ['five' => 'setFive', 'five_point' => 'setFivePoint', 'maybe' => "setMaybe\\n"];
    }
    public static function isNullable(string $property): bool
    {
        return $property === 'maybe' || parent::isNullable($property);
    }
    public function __call($name, $arguments)
    {
        $this->calls[] = [$name, ...$arguments];
        return $this;
    }
}

$decode = \\Closure::bind(function (string $body) {
    $value = json_decode($body); // build() takes it by reference
    return self::build($value, Probe::class, 'pool');
}, new \\Raydium\\PoolV3\\Contract(), \\Raydium\\ApiRuntime\\Contract::class);
$out = [];
foreach (json_decode(file_get_contents('php://stdin'), true) as $name => $body) {
    try {
        $model = $decode($body);
        $out[$name] = ['five' => $model['five'], 'five_point' => $model['five_point'], 'decimals' => $model['decimals'],
                       'extra' => $model->getAdditionalProperties(), 'calls' => $model->calls];
    } catch (\\Throwable $e) {
        $out[$name] = $e->getMessage();
    }
}
echo json_encode($out);
"""


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


def decoding_page(steps: str) -> str:
    """A PHP script (for run_on_bodies) that runs `steps` in the PHP runtime's scope, where
    $body is the body named "page", $value what json_decode made of it, $start the memory in
    use before and $decoded the memory the decode took, and prints as JSON the array `steps`
    returns."""
    return ("""<?php
require_once AUTOLOAD;
raydium_autoload(['Raydium\\\\PoolV3\\\\' => LIB]);

$decode = \\Closure::bind(function (string $body): array {
    $start = memory_get_usage();
    $value = json_decode($body);
    $decoded = memory_get_usage() - $start;""" + steps + """
}, new \\Raydium\\PoolV3\\Contract(), \\Raydium\\ApiRuntime\\Contract::class);
echo json_encode($decode(json_decode(file_get_contents('php://stdin'), true)['page']));
""")


LETS_GO = decoding_page("""
    $decodedPage = $value->data;
    $pool = WeakReference::create($decodedPage->data[0]);
    $second = $decodedPage->data[1];
    $mint = $second->mintA;
    memory_reset_peak_usage();
    $before = memory_get_usage();
    $page = self::build($value, '\\Raydium\\PoolV3\\Model\\PoolPageResponse', '');
    return ['rise' => (memory_get_peak_usage() - $before) / $decoded, 'pool freed' => $pool->get() === null,
            'page' => $value->data, 'list' => $decodedPage->data, 'mintA' => $second->mintA, 'type' => $second->type,
            'extra' => $second->zzItem, 'decimals' => $mint->decimals, 'pools' => count($page->getData()->getData()),
            'kept' => $page->getData()->getData()[1]->getAdditionalProperties()];
""")


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


MODELS_HOLD = decoding_page("""
    $page = self::build($value, '\\Raydium\\PoolV3\\Model\\PoolPageResponse', '');
    unset($value);
    $held = memory_get_usage() - $start;
    $pool = $page->getData()->getData()[1];
    $probe = [isset($pool['type']), $pool['type'], isset($pool['zz']), $pool['zz']];
    $pool['zz'] = 'set';
    $pool['price'] = 3.5;
    $pool[] = 'appended';
    $probe = [...$probe, $pool['zz'], $pool->getPrice(), $pool[0], isset($pool['zz'])];
    unset($pool['zz'], $pool['type']);
    $probe = [...$probe, isset($pool['zz']), $pool->getType(), $pool->getAdditionalProperties(),
              property_exists($pool, 'container')];
    return ['held' => $held / $decoded, 'probe' => $probe];
""")


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


STREAM_DECODER = """<?php
require_once AUTOLOAD;
raydium_autoload([]);
use GuzzleHttp\\Psr7\\FnStream;
use GuzzleHttp\\Psr7\\Utils;
use Raydium\\ApiRuntime\\StreamDecoder;

$tree = ['data' => ['data' => 'data/data'], 'list' => 'list'];
$out = [];
foreach (json_decode(file_get_contents('php://stdin'), true) as $name => $body) {
    try {
        $want = json_decode($body, false, 512, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
    } catch (JsonException) {
        $want = null;
    }
    foreach ([1, 2, 5, 4096] as $size) {
        $inner = Utils::streamFor($body);
        $stream = FnStream::decorate($inner, ['read' => fn (int $length): string => $inner->read(min($length, $size))]);
        $seen = [];
        $got = StreamDecoder::decode($stream, $tree,
            function (string $path, int $index, string $json, int $depth) use (&$seen): mixed {
                $seen[] = [$path, $index, $json];
                return StreamDecoder::parse($json, $depth);
            });
        $same = $want instanceof stdClass ? $got == $want && json_encode($got) === json_encode($want) : $got === null;
        $out[$name][] = ['same' => $same, 'read' => $got !== null, 'seen' => $seen, 'rewound' => $inner->tell() === 0];
    }
}
echo json_encode($out);
"""


def test_a_body_read_a_piece_at_a_time_is_what_json_decode_reads() -> None:
    """The PHP runtime's StreamDecoder (docs/decisions/, 136) reads a body from its stream a
    piece at a time, handing each item of the lists it is told of to a callback: with the
    callback handing the item back, it gives what json_decode gives for every object
    json_decode reads (strings holding brackets, quotes and escapes, any JSON whitespace, a
    u64 beyond PHP's integers kept as digits, a repeated key, a list that is not where the
    tree says, the deepest nesting json_decode takes, in a member and in an item), read 1, 2, 5
    or 4096 bytes at a time, so a read's end falls inside every token; and null for every body
    json_decode refuses or that is not an object (one level deeper among them), for the caller
    to read whole for its error. Each item reaches the callback with its list, index and JSON
    text."""
    require("php")
    read = {
        "empty object": " { } ",
        "page": '{"id":"x","success":true,"data":{"count":2,"data":[{"a":1},'
                '{"y":[1,2,{"z":"}]\\"{[\\\\"}],"k":"\\u00e9\\ud83d\\ude00"}],"more":null}}',
        "whitespace": '\r\n{ "data" :\t{ "data" : [ { "k" : [ ] } , {"k":{}} ] } }\n ',
        "scalars": '{"list":[1, -2.5e3 ,true,false,"s",18446744073709551615]}',
        "empty list": '{"data":{"data":[]}}',
        "not a list": '{"data":{"data":{"a":[1]}},"list":null}',
        "not an object": '{"data":[{"data":[1]}]}',
        "repeated": '{"data":{"data":[1]},"data":{"data":[2,3]},"a":1,"a":2}',
        "keys": '{"":1,"5":2,"05":3,"x\\u0000":"\\u0000"}',
        "null item": '{"list":[null]}',
        "deepest": '{"a":' + "[" * 510 + "]" * 510 + "}",
        "deepest item": '{"list":[' + "[" * 509 + "]" * 509 + "]}",
    }
    refused = {
        "trailing comma": '{"a":1,}', "trailing text": '{"a":1} x', "a list": "[1]", "leading zero": '{"a":01}',
        "form feed": '{"a":\f1}', "bad literal": '{"a":tru}', "unbalanced": '{"a":[1,2}', "empty": "",
        "item comma": '{"list":[{},]}', "cut in an item": '{"data":{"data":[{"a":1}', "cut in a key": '{"data":{"da',
        "bom": "\ufeff{}", "property name": '{"\\u0000a":1}', "bad escape": '{"a":"\\x"}',
        "too deep": '{"a":' + "[" * 511 + "]" * 511 + "}",
        "too deep item": '{"list":[' + "[" * 510 + "]" * 510 + "]}",
    }  # fmt: skip
    got = run_on_bodies(STREAM_DECODER, {**read, **refused})
    for name in read:
        assert [run["same"] and run["read"] and run["rewound"] for run in got[name]] == [True] * 4, (name, got[name])
    for name in refused:
        assert [run["same"] and not run["read"] for run in got[name]] == [True] * 4, (name, got[name])
    runs = {name: got[name][0]["seen"] for name in read}
    assert [runs["page"], runs["not a list"], runs["repeated"]] == [
        [["data/data", 0, '{"a":1}'], ["data/data", 1, '{"y":[1,2,{"z":"}]\\"{[\\\\"}],"k":"\\u00e9\\ud83d\\ude00"}']],
        [], [["data/data", 0, "1"], ["data/data", 0, "2"], ["data/data", 1, "3"]]]
    assert [item[2] for item in runs["scalars"]] == ["1", "-2.5e3", "true", "false", '"s"', "18446744073709551615"]
    assert all(run["seen"] == got[name][0]["seen"] for name in read for run in got[name])


READS = """<?php
require_once AUTOLOAD;
raydium_autoload([]);
use GuzzleHttp\\Psr7\\FnStream;
use GuzzleHttp\\Psr7\\Utils;
use Raydium\\ApiRuntime\\StreamDecoder;

$out = [];
foreach (json_decode(file_get_contents('php://stdin'), true) as $name => $entry) {
    [$body, $pause, $most] = json_decode($entry, true); // the body, the read that gives '', the most a read gives
    $inner = Utils::streamFor($body);
    $reads = [];
    $read = function (int $length) use ($inner, &$reads, $pause, $most): string {
        $reads[] = $length;
        return count($reads) === $pause ? '' : $inner->read(min($length, $most)); // '': nothing yet (PSR-7)
    };
    $stream = FnStream::decorate($inner, ['read' => $read]);
    $same = fn (string $path, int $index, string $json, int $depth): mixed => StreamDecoder::parse($json, $depth);
    $got = StreamDecoder::decode($stream, ['data' => ['data' => 'data/data']], $same);
    $out[$name] = ['read' => $got !== null, 'reads' => count($reads), 'bytes' => array_sum($reads)];
}
echo json_encode($out);
"""


def test_a_body_read_a_piece_at_a_time_stops_where_it_must() -> None:
    """StreamDecoder (docs/decisions/, 136) reads a long value in reads that double, so a
    value of 8 MB takes a handful of reads, not one per 64 KiB, and matching it again after each
    read costs about twice its length in all, not its square (a 10 MB member took 1.6 s where it
    takes 0.2 s). It gives up, and leaves the body to be read whole, where PCRE gives up (a list
    of 400,000 strings passes pcre.backtrack_limit), without reading the rest of the body. A read
    that gives nothing before the stream's end (PSR-7 allows it) never passes for the end: it
    ends the read where nothing else was read, and the body is read whole; text after the body
    is still found."""
    require("php")
    long = '{"a":"' + "x" * 8_000_000 + '","data":{"data":[{"k":1}]}}'
    strings = '{"data":{"data":[{"a":[' + '"a",' * 400_000 + '"a"]}]},"tail":"' + "x" * 4_000_000 + '"}'
    reads = {"long": [long, 0, len(long)], "strings": [strings, 0, len(strings)], "garbage": ['{"a":1}garbage', 2, 7],
             "first read": ['{"a":1}', 1, 7], "later read": ['{"a":1}', 2, 7]}  # fmt: skip
    got = run_on_bodies(READS, {name: json.dumps(entry) for name, entry in reads.items()})
    assert got["long"]["read"], got
    assert got["long"]["reads"] <= 10, got["long"]
    assert not got["strings"]["read"], got
    assert got["strings"]["bytes"] < len(strings) - 2_000_000, got["strings"]
    assert [got["garbage"]["read"], got["first read"]["read"], got["later read"]["read"]] == [False, False, True], got


STREAMED_CALL = pools_call(
    "PoolV3",
    """        $decoded = memory_get_usage();
        $value = json_decode($body);
        $decoded = memory_get_usage() - $decoded;
        unset($value);
        memory_reset_peak_usage();
        $before = memory_get_usage();
        $page = $api->listPools();
        $pools = $page->getData()->getData();
        $out[$name] = ['above' => (memory_get_peak_usage() - memory_get_usage()) / $decoded,
                       'pools' => count($pools), 'last' => $pools[1999]->getMintA()->getDecimals()];
""",
)


def test_a_page_is_decoded_without_its_whole_parse() -> None:
    """The PHP client reads a success with a list of models from the body's stream a piece at
    a time and builds each item as it is read (docs/decisions/, 136), so the whole parse of a
    page never exists at once. On a page of 2000 pools, a call's peak stood 0.66x json_decode's
    result of the same body above what the call left held (its models) when the body was read
    whole (the body read from its stream and its whole parse, let go as the models were made);
    read a piece at a time, 0.13x, the stream the test's handler writes the body to. PHP's memory
    figures are exact, not timed; the handler answers a first page before, so the decoders are
    compiled. The errors of a body so read are those of the body read whole
    (test_a_success_is_checked_at_every_depth)."""
    require("php")
    item = {"type": "Standard", "programId": "p", "id": "i", "mintA": TOKEN, "mintB": TOKEN, "price": 2,
            "mintAmountA": 1.5, "mintAmountB": 2.5, "feeRate": 0.25, "openTime": "1700000000", "tvl": 1.5}  # fmt: skip
    got = run_on_bodies(STREAMED_CALL, {"first": pool_page(item, 1), "page": pool_page(item, 2000)})["page"]
    assert [got["pools"], got["last"]] == [2000, 9], got
    assert got["above"] < 0.35, got["above"]


UNREAD_VS_BUILT = pools_call(
    "PoolV3",
    """        $lazy = outcome($api);
        $on = $splits->getValue();
        $off = $on; // the same split with no item pattern: every item decoded and built at once
        foreach ($off as &$operations) {
            foreach ($operations as &$split) {
                foreach ($split[1] as &$list) {
                    $list[3] = null;
                }
            }
        }
        unset($operations, $split, $list);
        $splits->setValue(null, $off);
        $built = outcome($api);
        $splits->setValue(null, $on);
        $out[$name] = ['same' => array_slice($lazy, 0, 2) === array_slice($built, 0, 2),
            'refused' => $built[0] !== 'ok', 'unread' => $lazy[2],
            'lazy' => substr($lazy[1], 0, 300), 'built' => substr($built[1], 0, 300)];
""",
    """$splits = new ReflectionProperty(Raydium\\ApiRuntime\\Contract::class, 'splits');
/** The models in $value not yet built (none is built to find them), after reading it whole, or 0. */
function unread(mixed $value, bool $read): int
{
    if ($value instanceof Raydium\\PoolV3\\Model\\ModelInterface) {
        if (!$read && (fn () => $this->openAPIUnread)->call($value) !== null) {
            return 1;
        }
        $count = 0;
        foreach ($value::getters() as $getter) {
            $count += unread($value->$getter(), $read);
        }

        return $count + unread($value->getAdditionalProperties(), $read);
    }

    return is_array($value) ? array_sum(array_map(fn (mixed $item): int => unread($item, $read), $value)) : 0;
}
/** [the error's class and message, or 'ok' and the response read whole, serialized; the items unread after the call] */
function outcome(PoolsApi $api): array
{
    try {
        $response = $api->METHOD();
    } catch (Throwable $e) {
        return [get_class($e), $e->getMessage(), 0];
    }
    $unread = unread($response, false);
    try {
        unread($response, true);
    } catch (Throwable $e) { // an item its pattern let through that its build refuses
        return ['a first read threw', get_class($e) . ': ' . $e->getMessage(), $unread];
    }

    return ['ok', serialize($response), $unread];
}
""",
    stream="str_replace('__BADUTF__', \"\\xff\", $body)",
)

# what a value is changed to: every JSON type, an enum's values and one outside it, numbers PHP
# reads otherwise (a u64, a float written with no fraction), escapes a pattern must follow or
# refuse; RAW: text put in the body as it is
UNREAD_VALUES: list[object] = [
    None, "x", "Bogus", "Concentrated", "Standard", "", 5, -1, 2.5, 1.0, True, False, [], [1], ["a", None], ["a", 5],
    {}, {"k": 1}, {"k": [{"j": None}]}, 18446744073709551615, 10**18, 10**17, -0.0, 1e300, 'é/"\\\t', "\U0001f600",
    {"\u0000a": 1}, "RAW:-0", "RAW:1E5", "RAW:1.5e-3", 'RAW:"\\ud800"', 'RAW:"\\x"', "RAW:[1,]", "RAW:01",
    'RAW:"__BADUTF__"', 'RAW:"\\u00e9\\/"', "RAW:" + "[" * 12 + "]" * 12,
]  # fmt: skip


def unread_vs_built(api: str, method: str, base: dict[str, Any], items: list[str], count: int) -> dict[str, int]:
    """UNREAD_VS_BUILT's figures for `count` random changes of `base`, the success of `method` of the
    PHP client's `api` class, each changing one or two values inside an item of the list at the
    keys `items`: how many the build at once refused, how many left items to be built on first
    read, and how many were built though an item's pattern refused one."""
    rng = random.Random(7)  # noqa: S311 (a fixed seed, so that a difference can be found again)

    def paths(value: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        found = [path]
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
        for key, item in items:
            found += paths(item, (*path, key))
        return found

    every = [path for path in paths(base) if len(path) > len(items) + 1 and list(path[: len(items)]) == items]
    listed = base
    for key in items:
        listed = listed[key]
    bodies = {}
    for n in range(count):
        doc = json.loads(json.dumps(base))
        raw: dict[str, str] = {}
        for _ in range(rng.randint(1, 2)):
            *parents, last = rng.choice(every)
            parent: Any = doc
            for step in parents:
                fits = isinstance(parent, list) and isinstance(step, int) and step < len(parent)
                parent = parent[step] if fits or (isinstance(parent, dict) and step in parent) else None
            settable = isinstance(parent, dict) or (isinstance(parent, list) and isinstance(last, int)
                                                    and last < len(parent))
            if isinstance(parent, dict) and rng.random() < 0.2:
                parent.pop(last, None)
            elif settable:
                value = rng.choice(UNREAD_VALUES)
                if isinstance(value, str) and value.startswith("RAW:"):
                    raw[f"__RAW{len(raw)}__"] = value[4:]
                    value = f"__RAW{len(raw) - 1}__"
                parent[last] = value
        text = json.dumps(doc, ensure_ascii=rng.random() < 0.5, indent=rng.choice([None, 1, "\t"]))
        if rng.random() < 0.1:  # a key written with an escape: the patterns refuse it, the build takes it
            text = text.replace('"price"', '"pr\\u0069ce"').replace('"index"', '"ind\\u0065x"')
        for key, value in raw.items():
            text = text.replace(f'"{key}"', value)
        bodies[f"page {n}"] = text
    script = UNREAD_VS_BUILT.replace("PoolsApi", api).replace("METHOD", method)
    got: dict[str, dict[str, Any]] = run_on_bodies(script, bodies)
    differences = {name: run for name, run in got.items() if not run["same"]}
    assert differences == {}, next(iter(differences.items()))
    return {"refused": sum(run["refused"] for run in got.values()),
            "read later": sum(run["unread"] > 0 for run in got.values()),
            "built anyway": sum(run["unread"] < len(listed) and not run["refused"]
                                for run in got.values())}  # fmt: skip


def test_an_item_read_on_first_use_ends_as_one_built_at_once() -> None:
    """The PHP client checks each item of a list of models against its class's pattern and builds
    it on its first read (Shape, docs/decisions/, 137). On responses changed at random (a value
    of another type or none, an enum's outside value, a key removed, a number PHP reads as a
    string or a float, a key or a string written with escapes, bytes that are not UTF-8, a list
    nested deep), every call ends as the same call with no pattern, where each item is decoded and
    built at once: the same error class and message, or the same response once read whole, byte
    for byte in serialize(). Most changes are refused, so a pattern that lets through what the
    build refuses shows as a difference; the items a pattern refused that build anyway (an
    escaped key) show that the fallback is reached too. Five lists: the pool page (nested models,
    enums, a nullable free-form value, free-form objects), the dynamic fee configurations (seven
    required keys), the farms (lists of models within an item), the mints and the RPC nodes."""
    require("php")
    pool = {"type": "Concentrated", "programId": "CAMM", "id": "Pool1", "price": 1.5, "mintAmountA": 10, "tvl": 10.0,
            "feeRate": 0.0025, "openTime": "1700000000", "hasDynamicFee": False, "farmOngoingCount": 1, "zzItem": [1],
            "mintA": {**TOKEN, "tags": ["hasFreeze"]}, "mintB": {**TOKEN, "extensions": {"k": 1}},
            "lpMint": {**TOKEN, "tags": []}, "day": {"volume": 1.0, "apr": 2, "rewardApr": [1.2, 0.4]},
            "config": {"id": "cfg", "index": 1, "tickSpacing": 60, "defaultRange": 0.1}}  # fmt: skip
    page = {"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", "success": True,
            "data": {"count": 2, "hasNextPage": False, "data": [pool, {**pool, "type": "Standard", "zz": None}]}}
    got = unread_vs_built("PoolsApi", "listPools", page, ["data", "data"], 700)
    assert [got["refused"] > 250, got["read later"] > 150, got["built anyway"] > 30] == [True] * 3, got
    config = {"id": "cfg1", "index": 1, "filterPeriod": 30, "decayPeriod": 600, "reductionFactor": 5000,
              "maxFeeRateNumerator": 100000, "dynamicFeeControl": 4000, "maxVolatilityAccumulator": 350000,
              "recommendConfigId": ["a", "b"], "zz": {"k": None}}  # fmt: skip
    configs = {"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", "success": True,
               "data": [config, {**config, "id": "cfg2"}]}  # fmt: skip
    got = unread_vs_built("ConfigurationApi", "listDynamicFeeConfigs", configs, ["data"], 400)
    assert [got["refused"] > 250, got["read later"] > 30, got["built anyway"] > 10] == [True] * 3, got
    reward = {"mint": TOKEN, "type": "Standard SPL", "apr": 0.5, "perSecond": "100", "openTime": "1", "endTime": "2"}
    farm = {"programId": "FARM", "id": "Farm1", "symbolMints": [TOKEN, TOKEN], "lpMint": TOKEN, "tvl": 1.5, "apr": 2,
            "tags": ["a"], "rewardInfos": [reward, {**reward, "zz": True}]}  # fmt: skip
    farms = {**page, "data": {"count": 2, "hasNextPage": True, "data": [farm, {**farm, "id": "Farm2"}]}}
    got = unread_vs_built("FarmsApi", "listFarms", farms, ["data", "data"], 400)
    assert [got["refused"] > 150, got["read later"] > 60] == [True] * 2, got
    mints = {**page, "data": {"mintList": [TOKEN, {**TOKEN, "extensions": {"feeConfig": {"k": [1]}}}],
                              "blacklist": ["x"], "whiteList": []}}  # fmt: skip
    got = unread_vs_built("MintsApi", "listMints", mints, ["data", "mintList"], 300)
    assert [got["refused"] > 100, got["read later"] > 60] == [True] * 2, got
    rpcs = {**page, "data": {"strategy": "weight", "rpcs": [{"url": "https://rpc.example", "batch": True, "name": "a",
                                                              "weight": 50}] * 2}}  # fmt: skip
    got = unread_vs_built("ChainApi", "getRpcList", rpcs, ["data", "rpcs"], 300)
    assert [got["refused"] > 100, got["read later"] > 60] == [True] * 2, got


FIRST_READ = pools_call(
    "PoolV3",
    """        $unread = fn (object $model): bool => (fn () => $this->openAPIUnread !== null)->call($model);
        $built = fn () => $api->listPools()->getData()->getData()[0];
        $reads = [
            'getter' => fn ($pool) => $pool->getPrice(), 'offsetGet' => fn ($pool) => $pool['price'],
            'offsetExists' => fn ($pool) => isset($pool['price']), 'json_encode' => fn ($pool) => json_encode($pool),
            'string' => fn ($pool) => (string) $pool, 'extra' => fn ($pool) => $pool->getAdditionalProperties(),
            'valid' => fn ($pool) => $pool->valid(), 'print_r' => fn ($pool) => print_r($pool, true),
            'serialize' => fn ($pool) => unserialize(serialize($pool))->getPrice(),
        ];
        $out[$name] = ['unread' => $unread($built())];
        foreach ($reads as $read => $call) {
            $pool = $built();
            $first = $call($pool);
            $out[$name][$read] = [!$unread($pool), $first === $call($pool)];
        }
        $pool = $built();
        $out[$name]['print_r shows'] = str_contains(print_r($pool, true), '[price] => 1.5');
        $out[$name]['set first'] = $pool->setPrice(2.5)->getPrice();
        $pool = $built();
        $twin = clone $pool;
        $pool->getPrice();
        $out[$name]['twin'] = [$unread($twin), $twin->getMintA()->getSymbol(), $twin == $pool];
        $out[$name]['serialized'] = unserialize(serialize($built())) == $twin;
        $out[$name]['unread twins'] = $built() == $built(); // each holds its own closure
        // as serialize() wrote a model before __serialize(): its properties as PHP names them
        $class = get_class($twin);
        $old = preg_replace('/^a:/', 'O:' . strlen($class) . ':"' . $class . '":', serialize((array) $twin));
        $out[$name]['serialized before'] = unserialize($old) == $twin;
        $kind = fn (string $type): array => match (true) {
            str_ends_with($type, '[]') => ['list', substr($type, 0, -2)],
            in_array($type, ['string', 'int', 'float', 'bool', 'object', 'mixed'], true) => ['scalar', $type],
            default => [method_exists($type, 'getAllowableEnumValues') ? 'enum' : 'model', ltrim($type, '\\\\')],
        };
        $pattern = fn (array $nulls): bool => Raydium\\ApiRuntime\\Shape::of($class, $kind, $nulls) !== null;
        $nulls = [[], ['mintA/tags', 'day/rewardApr'], ['openTime'], ['mintA/extensions/x']];
        $out[$name]['patterns'] = array_map($pattern, $nulls);
""",
)


def test_an_item_is_built_on_its_first_read() -> None:
    """An item of a page the PHP client checked whole is built on its first read (docs/decisions/,
    137), by every way of reading it: a getter, ArrayAccess, json_encode(), a string, its unknown
    keys, valid(), print_r() (which shows the values, not the unread model), serialize(). A second
    read gives what the first gave; a value set before the first read is kept; a clone is built
    on its own first read, and once read equals (==) the item it was cloned from; an item kept
    with serialize() comes back read, and so does one serialize() wrote before models had
    __serialize(). A pattern is written where the null checks within an item reach typed lists,
    and none where one reaches a free-form value (where a pattern would admit a null item)."""
    require("php")
    item = {"type": "Standard", "price": 1.5, "zzItem": 1, "mintA": {**TOKEN, "symbol": "TK1"}}
    got = run_on_bodies(FIRST_READ, {"page": pool_page(item, 2)})["page"]
    assert got.pop("unread") is True
    reads = ["getter", "offsetGet", "offsetExists", "json_encode", "string", "extra", "valid", "print_r", "serialize"]
    assert {read: got.pop(read) for read in reads} == {read: [True, True] for read in reads}
    assert got == {"print_r shows": True, "set first": 2.5, "twin": [True, "TK1", True], "serialized": True,
                   "serialized before": True, "patterns": [True, True, False, False],
                   "unread twins": False}  # fmt: skip


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
