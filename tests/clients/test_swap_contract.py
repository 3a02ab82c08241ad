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

Each language's program (tests/<language>/swap.*, its copy written here with the values filled
in, not committed) prints one JSON report in the same shape, judged by `problems()`."""

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


def program(*path: str) -> str:
    """tests/<language>/...: one language's program, with the quote's SOL, USDC, AMOUNT and WALLET filled in."""
    text = REPO.joinpath("tests", *path).read_text(encoding="utf-8")
    return text.replace("SOL", SOL).replace("USDC", USDC).replace("AMOUNT", U64_MAX).replace("WALLET", WALLET)


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
TS_PROGRAM = program("typescript", "swap.ts")


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
GO_PROGRAM = program("go", "swap", "main.go")


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
RUST_PROGRAM = program("rust", "swap.rs")


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
RUBY_PROGRAM = program("ruby", "swap.rb")


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


PHP_PROGRAM = program("php", "swap.php")


def test_php(server: QuoteServer, tmp_path: Path) -> None:
    """The amount goes as a digit string (PHP's int stops at 2^63-1): it must reach the server digit for digit."""
    require("php")
    script = tmp_path / "swap.php"
    script.write_text(PHP_PROGRAM.replace("AUTOLOAD", json.dumps(str(PHP_AUTOLOAD)))
                      .replace("LIB", json.dumps(str(REPO / "generated" / "php" / HOST / "lib"))))
    proc = subprocess.run(["php", str(script), server.url], capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert problems(json.loads(proc.stdout), server) == []
