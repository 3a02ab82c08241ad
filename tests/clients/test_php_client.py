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


def test_models_behave_like_php_values() -> None:
    """tests/php/models_test.php, on bodies a Guzzle handler answers (docs/decisions/, 144): two
    pages, pools and quotes decoded from the same JSON are equal by ==, a loose in_array(),
    array_search(), array_unique() and PHPUnit's assertEquals() comparison, and models that differ
    (a value, an unknown key) are not; var_dump(), print_r(), var_export() and (array) show the
    values and the unknown keys; json_encode(), (string) and serialize() give back the body's keys
    and values, unknown keys and a null in a list included, also for a model runtime 1.3
    serialized; and a quote still goes back byte for byte."""
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
