"""The swap recipe of the docs (docs/guide/recipes/swap.py and swap.ts, shown whole on the
"Swap from your bot" page) runs as a user runs it: priority fee, quote, transaction,
decode, sign, send and confirm, against the mock server (Prism, which serves the
description's examples: a real V0 transaction) or a scripted server (three LEGACY
transactions: set-up, swap, clean-up), and a local fake Solana JSON-RPC node that checks
every signature. The keypair is the example wallet's test key (derived from a public seed in
scripts/spec/swap_examples.py), which signed nothing real."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mock_servers import FakeSolanaRpc, Prism, Reply, ScriptedServer, json_reply
from project import PYTHONPATH, REPO, bundle
from recipes import compile_typescript, run_typescript

pytestmark = pytest.mark.e2e
RECIPES = REPO / "docs" / "guide" / "recipes"
WALLET = "E9DvCgB83DB2Yy4Jy6wn4XmAjEJLmHQiAczpuWbKq1A5"
USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"


@pytest.fixture
def rpc() -> Iterator[FakeSolanaRpc]:
    node = FakeSolanaRpc()
    try:
        yield node
    finally:
        node.stop()


@pytest.fixture
def keypair(tmp_path: Path) -> Path:
    """The example wallet's test key as a Solana CLI keypair file."""
    sys.path.insert(0, str(REPO / "scripts"))
    from scripts.spec.swap_examples import EXAMPLE_WALLET

    path = tmp_path / "id.json"
    path.write_text(json.dumps(list(bytes(EXAMPLE_WALLET))), encoding="utf-8")
    assert str(EXAMPLE_WALLET.pubkey()) == WALLET
    return path


@pytest.fixture
def legacy() -> Iterator[ScriptedServer]:
    """The transaction service answering three LEGACY transactions (set-up, swap, clean-up)."""
    examples = bundle("transaction-v1")["components"]["examples"]
    server = ScriptedServer()
    server.on("/compute/swap-base-in", json_reply(200, examples["QuoteBaseInSolToUsdc"]["value"]))
    server.on("/transaction/swap-base-in", json_reply(200, examples["TransactionsSetUpSwapCleanUp"]["value"]))
    try:
        yield server
    finally:
        server.stop()


def arguments(keypair: Path, rpc: FakeSolanaRpc, transaction_url: str, pool_url: str) -> list[str]:
    return ["--keypair", str(keypair), "--rpc", rpc.url, "--output-mint", USDC, "--amount", "1000000000",
            "--transaction-url", transaction_url, "--pool-url", pool_url]  # fmt: skip


def memos(rpc: FakeSolanaRpc) -> list[str]:
    """The memo of each transaction the node received, in order (the examples' last instruction)."""
    return [bytes(tx.message.instructions[-1].data).decode() for tx in rpc.sent]


def check(proc: subprocess.CompletedProcess[str], rpc: FakeSolanaRpc, kinds: list[str]) -> None:
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert [line.split(" ", 1)[0] for line in lines] == kinds, proc.stdout
    assert [str(tx.signatures[0]) for tx in rpc.sent] == [line.rsplit(" ", 1)[1] for line in lines]
    assert all(str(tx.message.account_keys[0]) == WALLET for tx in rpc.sent)
    from solders.keypair import Keypair

    text = Path(proc.args[proc.args.index("--keypair") + 1]).read_text(encoding="utf-8")
    for secret in (text, str(Keypair.from_json(text)), bytes(Keypair.from_json(text)).hex()):
        assert secret not in proc.stdout + proc.stderr  # the key is never printed


# --- Python ------------------------------------------------------------------------------------
def run_python(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(RECIPES / "swap.py"), *args], capture_output=True, text=True,
                          timeout=120, check=False, env={**os.environ, "PYTHONPATH": PYTHONPATH})  # fmt: skip


def test_python_recipe_against_the_mock(prism_servers: dict[str, Prism], rpc: FakeSolanaRpc, keypair: Path) -> None:
    args = arguments(keypair, rpc, prism_servers["transaction-v1"].url, prism_servers["pool-v3"].url)
    check(run_python(args), rpc, ["V0"])
    assert memos(rpc) == ["illustrative: not a Raydium swap"]


def test_python_recipe_sends_set_up_swap_and_clean_up_in_order(prism_servers: dict[str, Prism], rpc: FakeSolanaRpc,
                                                              keypair: Path, legacy: ScriptedServer) -> None:
    check(run_python(arguments(keypair, rpc, legacy.url, prism_servers["pool-v3"].url)), rpc, ["LEGACY"] * 3)
    assert [m.split(":")[0] for m in memos(rpc)] == [f"illustrative {step}" for step in ("set-up", "swap", "clean-up")]


def test_python_recipe_reports_a_failure_with_its_code(rpc: FakeSolanaRpc, keypair: Path,
                                                       scripted: ScriptedServer) -> None:
    scripted.on("/compute/swap-base-in", json_reply(200, {"id": "x", "success": False, "version": "V1",
                                                          "msg": "ROUTE_NOT_FOUND"}))  # fmt: skip
    scripted.on("/main/auto-fee", Reply(503, b"<html>edge</html>", "text/html"))
    proc = run_python([*arguments(keypair, rpc, scripted.url, scripted.url)])
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "ROUTE_NOT_FOUND" in proc.stdout
    assert "(next: fix-request)" in proc.stdout
    assert rpc.sent == []


def test_python_recipe_is_typed() -> None:
    """mypy --strict on the recipe, with the generated packages and solders as a user installs them."""
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(RECIPES / "swap.py")],
                          capture_output=True, text=True, cwd=REPO, timeout=300, check=False,
                          env={**os.environ, "MYPYPATH": PYTHONPATH})  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr


# --- TypeScript (@solana/kit) --------------------------------------------------------------------
@pytest.fixture(scope="module")
def typescript_recipe() -> Path:
    """The recipe type-checked with tsc --strict and compiled (recipes.compile_typescript)."""
    return compile_typescript(RECIPES / "swap.ts", ("transaction-v1", "pool-v3"), solana=True)


def test_typescript_recipe_against_the_mock(prism_servers: dict[str, Prism], rpc: FakeSolanaRpc, keypair: Path,
                                            typescript_recipe: Path) -> None:
    args = arguments(keypair, rpc, prism_servers["transaction-v1"].url, prism_servers["pool-v3"].url)
    check(run_typescript(typescript_recipe, *args), rpc, ["V0"])


def test_typescript_recipe_sends_set_up_swap_and_clean_up_in_order(
    prism_servers: dict[str, Prism], rpc: FakeSolanaRpc, keypair: Path, legacy: ScriptedServer,
    typescript_recipe: Path,
) -> None:  # fmt: skip
    args = arguments(keypair, rpc, legacy.url, prism_servers["pool-v3"].url)
    check(run_typescript(typescript_recipe, *args), rpc, ["LEGACY"] * 3)
    assert [m.split(":")[0] for m in memos(rpc)] == [f"illustrative {step}" for step in ("set-up", "swap", "clean-up")]
