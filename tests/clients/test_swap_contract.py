"""The swap's part of the client contract (../shared/design.md), in every language whose
client keeps it: a bot quotes 2^64 - 1, builds the transaction from the quote it got, and
branches on the service's error codes.

* The amount reaches the server digit for digit (`QuoteServer.amounts`).
* The quote goes back unchanged: the compute response a client returns, handed to the
  transaction call as `swapResponse`, reaches the server as the server sent it, every key at
  every depth, numbers exactly as written (`mock_servers.QuoteServer` compares them and
  answers REQ_SWAP_RESPONSE_ERROR otherwise, as the service does).
* A known code is typed: the program branches on it without comparing strings, reads what
  to do next (`action`) and `openTime`; a code nobody lists is still a typed failure that
  carries the string.

Each language's program (written here, not committed) prints one JSON report in the same
shape, judged by `problems()`."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from toolchains import BUILD, cargo, crate_folder, go, go_module, require, rust_crate

from calls import endpoint_module, package
from mock_servers import NEW_CODE, POOL_NOT_OPEN, QUOTE_TEXT, QuoteServer, difference, strict_json
from project import NODE_BIN, PHP_AUTOLOAD, REPO, RUBY_COMMAND, bundle

pytestmark = pytest.mark.e2e
HOST = "transaction-v1"
U64_MAX = "18446744073709551615"
WALLET = "E9DvCgB83DB2Yy4Jy6wn4XmAjEJLmHQiAczpuWbKq1A5"
SOL, USDC = "So11111111111111111111111111111111111111112", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"


@pytest.fixture
def server() -> Iterator[QuoteServer]:
    example = bundle(HOST)["components"]["examples"]["TransactionResponseFromEvidence"]["value"]
    quotes = QuoteServer(example)
    try:
        yield quotes
    finally:
        quotes.stop()


def problems(report: dict[str, Any], server: QuoteServer) -> list[str]:
    """What is wrong with one language's report (empty when it keeps the contract)."""
    found = []
    if server.amounts[:1] != [U64_MAX]:
        found.append(f"the amount reached the server as {server.amounts[:1]}, not {U64_MAX}")
    differences = [problem for *_, problem in server.received]
    if differences != [None]:
        found.append(f"the quote did not come back unchanged: {differences}")
    if report.get("built") is not True:
        found.append(f"the transaction call did not succeed: {report.get('buildError')}")
    known, unknown = report.get("known", {}), report.get("unknown", {})
    want = {"kind": "FailureEnvelopeError", "code": POOL_NOT_OPEN["msg"], "action": "wait",
            "openTime": POOL_NOT_OPEN["openTime"], "typed": True}  # fmt: skip
    if {k: known.get(k) for k in want} != want:
        found.append(f"a known code: {known}, expected {want}")
    if unknown.get("kind") != "FailureEnvelopeError" or unknown.get("code") not in (None, "") \
            or unknown.get("msg") != NEW_CODE["msg"]:
        found.append(f"an unknown code: {unknown}, expected a FailureEnvelopeError without a code, "
                     f"msg {NEW_CODE['msg']}")
    return found


def test_the_server_sees_a_re_encoded_quote() -> None:
    """Not vacuous: what a careless client does is a difference."""
    sent = strict_json(QUOTE_TEXT)
    assert difference(sent, strict_json(QUOTE_TEXT)) is None
    floats = strict_json(QUOTE_TEXT.replace(b'"slippageBps":50', b'"slippageBps":50.0'))
    assert "slippageBps" in str(difference(sent, floats))
    rounded = strict_json(QUOTE_TEXT.replace(b"18446744073709551617", b"18446744073709552000"))
    assert "zzStepBig" in str(difference(sent, rounded))
    dropped = strict_json(QUOTE_TEXT.replace(b'"zzNull":null,', b""))
    assert "zzNull" in str(difference(sent, dropped))
    assert "zzFloatWithFraction" in str(difference(sent, strict_json(QUOTE_TEXT.replace(b"10.0", b"10"))))


# --- Python ------------------------------------------------------------------------------------
def python_report(server: QuoteServer, *, asynchronous: bool) -> dict[str, Any]:
    errors, codes, models = package(HOST).errors, package(HOST).codes, package(HOST).models
    compute, build = endpoint_module(HOST, "computeSwapBaseIn"), endpoint_module(HOST, "buildSwapBaseInTransaction")
    query = {"input_mint": SOL, "output_mint": USDC, "amount": int(U64_MAX), "slippage_bps": 50,
             "tx_version": models.TxVersion.V0}  # fmt: skip

    def call(function: Any, **kwargs: Any) -> Any:
        if asynchronous:
            return asyncio.run(function.asyncio(**kwargs))
        return function.sync(**kwargs)

    client = package(HOST).Client(base_url=server.base_url("quote"))
    quote = call(compute, client=client, **query)
    body = models.SwapBaseInTransactionRequest(wallet=WALLET, swap_response=quote, tx_version=models.TxVersion.V0,
                                               compute_unit_price_micro_lamports=0, wrap_sol=True, unwrap_sol=True)
    report: dict[str, Any] = {}
    try:
        report["built"] = call(build, client=client, body=body).success
    except errors.ApiError as exc:
        report["built"], report["buildError"] = False, str(exc)
    for scenario in ("known", "unknown"):
        try:
            call(compute, client=package(HOST).Client(base_url=server.base_url(scenario)), **query)
            report[scenario] = {"kind": "success"}
        except errors.FailureEnvelopeError as exc:
            report[scenario] = {"kind": type(exc).__name__, "code": exc.code and exc.code.value, "msg": exc.msg,
                                "action": exc.code and exc.code.action, "openTime": exc.open_time,
                                "typed": exc.code is codes.ErrorCode.REQ_POOL_NOT_OPEN}  # fmt: skip
    return report


@pytest.mark.parametrize("asynchronous", [False, True], ids=["sync", "asyncio"])
def test_python(server: QuoteServer, asynchronous: bool) -> None:
    assert problems(python_report(server, asynchronous=asynchronous), server) == []


# --- TypeScript --------------------------------------------------------------------------------
TS_PROGRAM = """import {
  createClient, ERROR_CODE_ACTIONS, ErrorCode, FailureEnvelopeError, hasErrorCode,
} from "raydium-transaction-v1-client";

const base = "BASE_URL";
const query = { inputMint: "SOL", outputMint: "USDC", amount: AMOUNTn, slippageBps: 50, txVersion: "V0" as const };
const report: Record<string, unknown> = {};
const client = createClient({ baseUrl: `${base}/quote` });
const quote = await client.computeSwapBaseIn({ query });
try {
  const built = await client.buildSwapBaseInTransaction({ wallet: "WALLET", swapResponse: quote, txVersion: "V0",
    computeUnitPriceMicroLamports: 0, wrapSol: true, unwrapSol: true });
  report["built"] = built.success;
} catch (error) {
  report["built"] = false;
  report["buildError"] = String(error);
}
for (const scenario of ["known", "unknown"]) {
  try {
    await createClient({ baseUrl: `${base}/${scenario}` }).computeSwapBaseIn({ query });
    report[scenario] = { kind: "success" };
  } catch (error) {
    if (!(error instanceof FailureEnvelopeError)) throw error;
    const code = error.code as ErrorCode | undefined;
    report[scenario] = { kind: error.name, code: code ?? null, msg: error.msg, openTime: error.openTime ?? null,
      action: code === undefined ? null : ERROR_CODE_ACTIONS[code],
      typed: hasErrorCode(error, ErrorCode.REQ_POOL_NOT_OPEN) };
  }
}
console.log(JSON.stringify(report));
""".replace("SOL", SOL).replace("USDC", USDC).replace("AMOUNT", U64_MAX).replace("WALLET", WALLET)


def test_typescript(server: QuoteServer, tmp_path: Path) -> None:
    """Type-checked as a user writes it (tsc --strict, the package by name), then run."""
    (tmp_path / "node_modules").mkdir()
    client = REPO / "generated" / "typescript" / f"{HOST}-client"
    (tmp_path / "node_modules" / f"raydium-{HOST}-client").symlink_to(client)
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    options = {"strict": True, "module": "nodenext", "moduleResolution": "nodenext", "target": "es2022",
               "types": [], "lib": ["es2022", "dom"], "skipLibCheck": True, "outDir": "out"}  # fmt: skip
    (tmp_path / "tsconfig.json").write_text(json.dumps({"compilerOptions": options, "include": ["*.ts"]}))
    (tmp_path / "swap.ts").write_text(TS_PROGRAM.replace("BASE_URL", server.url), encoding="utf-8")
    compiled = subprocess.run([str(NODE_BIN / "tsc"), "-p", str(tmp_path)], capture_output=True, text=True,
                              cwd=tmp_path, check=False)  # fmt: skip
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    proc = subprocess.run(["node", "out/swap.js"], capture_output=True, text=True, cwd=tmp_path,
                          timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert problems(json.loads(proc.stdout), server) == []


# --- Go ----------------------------------------------------------------------------------------
GO_PROGRAM = """package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	tx "MODULE"
)

func compute(base string) (*tx.SwapComputeResponse, error) {
	client, err := tx.NewClient(tx.Options{BaseURL: base})
	if err != nil {
		return nil, err
	}
	quote, _, err := client.ComputeAPI.ComputeSwapBaseIn(context.Background()).InputMint("SOL").
		OutputMint("USDC").Amount(AMOUNT).SlippageBps(50).TxVersion(tx.TxVersionV0).Execute()
	return quote, err
}

func main() {
	base := os.Args[1]
	report := map[string]interface{}{}
	quote, err := compute(base + "/quote")
	if err != nil {
		panic(err)
	}
	client, _ := tx.NewClient(tx.Options{BaseURL: base + "/quote"})
	body := tx.NewSwapBaseInTransactionRequest("WALLET", *quote, tx.TxVersionV0,
		tx.TransactionRequestComputeUnitPriceMicroLamports{Int32: new(int32)})
	body.SetWrapSol(true)
	body.SetUnwrapSol(true)
	built, _, err := client.TransactionAPI.BuildSwapBaseInTransaction(context.Background()).
		SwapBaseInTransactionRequest(*body).Execute()
	report["built"] = err == nil && built.Success
	if err != nil {
		report["buildError"] = err.Error()
	}
	for _, scenario := range []string{"known", "unknown"} {
		_, err := compute(base + "/" + scenario)
		var failure *tx.FailureEnvelopeError
		if !errors.As(err, &failure) {
			report[scenario] = map[string]interface{}{"kind": fmt.Sprintf("%T", err)}
			continue
		}
		report[scenario] = map[string]interface{}{"kind": "FailureEnvelopeError", "code": string(failure.Code),
			"msg": failure.Msg, "action": failure.Code.Action(), "openTime": failure.OpenTime,
			"typed": failure.Code == tx.ErrorCodeReqPoolNotOpen}
	}
	out, _ := json.Marshal(report)
	fmt.Println(string(out))
}
""".replace("SOL", SOL).replace("USDC", USDC).replace("AMOUNT", U64_MAX).replace("WALLET", WALLET)


def go_report_value(report: dict[str, Any]) -> dict[str, Any]:
    """Go reports an unset code and action as "" and an unset openTime as "": as None."""
    for scenario in ("known", "unknown"):
        report[scenario] = {k: (None if v == "" else v) for k, v in report.get(scenario, {}).items()}
    return report


def test_go(server: QuoteServer, tmp_path: Path) -> None:
    require("go")
    folder = go_module(tmp_path, HOST, GO_PROGRAM)
    built = go(["build", "-o", "swap", "."], folder, folder)
    assert built.returncode == 0, built.stdout + built.stderr
    proc = subprocess.run([str(folder / "swap"), server.url], capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert problems(go_report_value(json.loads(proc.stdout)), server) == []


# --- Rust --------------------------------------------------------------------------------------
RUST_PROGRAM = r"""use raydium_transaction_v1_client::apis::{compute_api, configuration::Configuration};
use raydium_transaction_v1_client::apis::{transaction_api, Error};
use raydium_transaction_v1_client::contract::{self, ErrorCode};
use raydium_transaction_v1_client::models;

fn compute(base: &str) -> Result<models::SwapComputeResponse, Error<compute_api::ComputeSwapBaseInError>> {
    let c: Configuration = contract::configuration(Some(base), None).expect("a configuration");
    let params = compute_api::ComputeSwapBaseInParams::new("SOL", "USDC", AMOUNT, 50, models::TxVersion::V0);
    compute_api::compute_swap_base_in(&c, params)
}

fn main() {
    let base = std::env::args().nth(1).expect("the server's URL");
    let mut report = serde_json::Map::new();
    let quote = compute(&format!("{}/quote", base)).expect("a quote");
    let c = contract::configuration(Some(&format!("{}/quote", base)), None).expect("a configuration");
    let mut body = models::SwapBaseInTransactionRequest::new("WALLET".to_owned(), quote, models::TxVersion::V0,
        Some(serde_json::json!(0)));
    body.wrap_sol = Some(true);
    body.unwrap_sol = Some(true);
    let params = transaction_api::BuildSwapBaseInTransactionParams::new(body);
    match transaction_api::build_swap_base_in_transaction(&c, params) {
        Ok(built) => { report.insert("built".into(), serde_json::json!(built.success)); }
        Err(e) => {
            report.insert("built".into(), serde_json::json!(false));
            report.insert("buildError".into(), serde_json::json!(e.to_string()));
        }
    }
    for scenario in ["known", "unknown"] {
        let entry = match compute(&format!("{}/{}", base, scenario)) {
            Err(Error::Contract(e)) => serde_json::json!({
                "kind": if e.kind == contract::Kind::FailureEnvelope { "FailureEnvelopeError" } else { "other" },
                "code": e.code.map(ErrorCode::as_str), "msg": e.msg, "action": e.code.map(ErrorCode::action),
                "openTime": e.open_time, "typed": e.code == Some(ErrorCode::ReqPoolNotOpen)}),
            Err(other) => serde_json::json!({"kind": other.to_string()}),
            Ok(_) => serde_json::json!({"kind": "success"}),
        };
        report.insert(scenario.into(), entry);
    }
    println!("{}", serde_json::Value::Object(report));
}
""".replace("SOL", SOL).replace("USDC", USDC).replace("AMOUNT", U64_MAX).replace("WALLET", WALLET)


def test_rust(server: QuoteServer, tmp_path: Path) -> None:
    require("cargo")
    folder = rust_crate(crate_folder("swap-contract"), "swap-contract", [HOST], RUST_PROGRAM)
    proc = cargo(["build"], folder)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    binary = tmp_path / "swap"
    shutil.copy(BUILD / "cargo-target" / "debug" / "swap-contract", binary)
    run = subprocess.run([str(binary), server.url], capture_output=True, text=True, timeout=60, check=False,
                         env={**os.environ})  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert problems(json.loads(run.stdout), server) == []


# --- Ruby --------------------------------------------------------------------------------------
RUBY_PROGRAM = """require 'json'
$LOAD_PATH.unshift(LIB)
require 'raydium_transaction_v1_client'
M = RaydiumTransactionV1Client

def compute(base)
  client = M::ApiClient.new(M::Contract.configuration(base))
  M::ComputeApi.new(client).compute_swap_base_in('SOL', 'USDC', AMOUNT, 50, M::TxVersion::V0)
end

base = ARGV[0]
report = {}
quote = compute("#{base}/quote")
# the JSON the quote sends back, as its to_hash gives it: Symbol keys at every depth, as before
# the client parsed with String keys (docs/decisions/, 107)
key_classes = lambda do |value|
  case value
  when Hash then value.keys.map { |k| k.class.name } + value.values.flat_map { |v| key_classes.call(v) }
  when Array then value.flat_map { |v| key_classes.call(v) }
  else []
  end
end
report['keyClasses'] = key_classes.call(quote.to_hash).uniq
# a quote a user rebuilds from saved JSON: its own keys Symbols, the rest as the user's Hash has them
rebuilt = M::SwapComputeResponse.build_from_hash(JSON.parse(JSON.generate(quote.to_hash))).to_hash
report['rebuiltKeyClasses'] = [rebuilt.keys.map { |k| k.class.name }.uniq, key_classes.call(rebuilt.values).uniq]
client = M::ApiClient.new(M::Contract.configuration("#{base}/quote"))
body = M::SwapBaseInTransactionRequest.new(wallet: 'WALLET', swap_response: quote, tx_version: M::TxVersion::V0,
                                           compute_unit_price_micro_lamports: 0, wrap_sol: true, unwrap_sol: true)
begin
  report['built'] = M::TransactionApi.new(client).build_swap_base_in_transaction(body).success
rescue M::ApiError => e
  report['built'] = false
  report['buildError'] = e.message
end
%w[known unknown].each do |scenario|
  compute("#{base}/#{scenario}")
  report[scenario] = { kind: 'success' }
rescue M::FailureEnvelopeError => e
  report[scenario] = { kind: 'FailureEnvelopeError', code: e.code, msg: e.msg, action: e.action, openTime: e.open_time,
                       typed: e.code == M::ErrorCode::REQ_POOL_NOT_OPEN }
end
puts JSON.generate(report)
""".replace("SOL", SOL).replace("USDC", USDC).replace("AMOUNT", U64_MAX).replace("WALLET", WALLET)


def test_ruby(server: QuoteServer, tmp_path: Path) -> None:
    require("ruby")
    script = tmp_path / "swap.rb"
    script.write_text(RUBY_PROGRAM.replace("LIB", json.dumps(str(REPO / "generated" / "ruby" / HOST / "lib"))))
    proc = subprocess.run([*RUBY_COMMAND, str(script), server.url], capture_output=True, text=True, timeout=60,
                          check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert problems(report, server) == []
    assert report["keyClasses"] == ["Symbol"]
    assert report["rebuiltKeyClasses"] == [["Symbol"], ["String"]]


PHP_PROGRAM = """<?php
require_once AUTOLOAD;
raydium_autoload(['Raydium\\\\TransactionV1\\\\' => LIB]);
use Raydium\\TransactionV1\\{Api\\ComputeApi, Api\\TransactionApi, ApiException, Contract, ErrorCode};
use Raydium\\TransactionV1\\{FailureEnvelopeError, Model\\SwapBaseInTransactionRequest, Model\\TxVersion};

function compute(string $base)
{
    return (new ComputeApi(config: Contract::configuration($base)))->computeSwapBaseIn(
        input_mint: 'SOL', output_mint: 'USDC', amount: 'AMOUNT', slippage_bps: 50, tx_version: TxVersion::V0);
}

$base = $argv[1];
$report = [];
$quote = compute("$base/quote");
$body = new SwapBaseInTransactionRequest(['wallet' => 'WALLET', 'swap_response' => $quote,
    'tx_version' => TxVersion::V0, 'compute_unit_price_micro_lamports' => 0, 'wrap_sol' => true, 'unwrap_sol' => true]);
try {
    $built = (new TransactionApi(config: Contract::configuration("$base/quote")))->buildSwapBaseInTransaction($body);
    $report['built'] = $built->getSuccess();
} catch (ApiException $e) {
    $report['built'] = false;
    $report['buildError'] = $e->getMessage();
}
foreach (['known', 'unknown'] as $scenario) {
    try {
        compute("$base/$scenario");
        $report[$scenario] = ['kind' => 'success'];
    } catch (FailureEnvelopeError $e) {
        $report[$scenario] = ['kind' => 'FailureEnvelopeError', 'code' => $e->getMsgCode(), 'msg' => $e->getMsg(),
            'action' => $e->getAction(), 'openTime' => $e->getOpenTime(),
            'typed' => $e->getMsgCode() === ErrorCode::REQ_POOL_NOT_OPEN];
    }
}
echo json_encode($report), "\\n";
""".replace("SOL", SOL).replace("USDC", USDC).replace("AMOUNT", U64_MAX).replace("WALLET", WALLET)


def test_php(server: QuoteServer, tmp_path: Path) -> None:
    """The amount goes as a digit string (PHP's int stops at 2^63-1): it must reach the server digit for digit."""
    require("php")
    script = tmp_path / "swap.php"
    script.write_text(PHP_PROGRAM.replace("AUTOLOAD", json.dumps(str(PHP_AUTOLOAD)))
                      .replace("LIB", json.dumps(str(REPO / "generated" / "php" / HOST / "lib"))))
    proc = subprocess.run(["php", str(script), server.url], capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert problems(json.loads(proc.stdout), server) == []
