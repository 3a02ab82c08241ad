"""Write the swap transaction service's examples of the swap itself: quotes, transaction
bodies that carry a quote unchanged, and real, decodable transactions built with solders.

Usage: python -m scripts.spec.swap_examples [--check] [OUT]   (default OUT: spec/transaction-v1/examples.yaml)

The transaction endpoints return unsigned, serialized transactions as base64 (the source
document); public evidence shows `data` as an array of `{transaction}`, one or several
(set-up, swap, clean-up). This script builds such transactions for the example wallet
(`EXAMPLE_WALLET`, whose key is derived from a public seed: a test key, never a real one)
so that the mock server serves transactions a client can decode, sign and send, and the
swap recipe (docs/guides) runs end to end against it. Their instructions are illustrative
(compute budget, a transfer, memos), not a Raydium swap.

The quotes (illustrative values, shaped like the SDK demo's SwapCompute) are written once
here and each transaction body carries its quote unchanged, as the service requires; the
token accounts are the example wallet's associated token accounts. The output is
deterministic: the same bytes on every run (`--check` fails when the committed file differs).
"""

from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

from solders.address_lookup_table_account import AddressLookupTableAccount
from solders.compute_budget import set_compute_unit_limit, set_compute_unit_price
from solders.hash import Hash
from solders.instruction import AccountMeta, Instruction
from solders.keypair import Keypair
from solders.message import Message, MessageV0
from solders.pubkey import Pubkey
from solders.signature import Signature
from solders.system_program import TransferParams, transfer
from solders.token.associated import get_associated_token_address
from solders.transaction import Transaction, VersionedTransaction

from ..common.paths import REPO
from . import oas

OUT = REPO / "spec" / "transaction-v1" / "examples.yaml"
MEMO_PROGRAM = Pubkey.from_string("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr")
# The compute-unit budget and price of the examples: the front end's 600 000 units, and the
# `h` level of the pool data service's auto-fee example (micro-lamports per unit).
UNIT_LIMIT = 600_000
UNIT_PRICE = 300_000
EVIDENCE_ARRAY = (
    "raydium-io/raydium-sdk-V2-demo src/api/swap.ts, the axios.post<{ id, version, success, data: "
    "{ transaction: string }[] }> of the transaction call (commit 1bd5cd5a)"
)
EVIDENCE_STEPS = (
    "https://github.com/raydium-io/raydium-ui-v3/blob/dda8144c929288420ce4923b8db740350c0f954b/"
    "src/features/Swap/useSwapStore.ts#L169-L175"
)


def seeded(name: str) -> Keypair:
    """A key derived from a public seed: for examples and tests only."""
    return Keypair.from_seed(hashlib.sha256(f"raydium-api-descriptions: {name} (test only)".encode()).digest())


EXAMPLE_WALLET = seeded("example wallet")
BLOCKHASH = Hash(hashlib.sha256(b"raydium-api-descriptions: example blockhash").digest())
LOOKUP_TABLE = seeded("example address lookup table").pubkey()
RECIPIENT = seeded("example recipient").pubkey()


def memo(text: str, signer: Pubkey) -> Instruction:
    return Instruction(MEMO_PROGRAM, text.encode(), [AccountMeta(signer, is_signer=True, is_writable=False)])


def budget() -> list[Instruction]:
    return [set_compute_unit_limit(UNIT_LIMIT), set_compute_unit_price(UNIT_PRICE)]


def v0_transaction() -> str:
    """One unsigned V0 transaction whose transfer recipient is read from an address lookup table."""
    payer = EXAMPLE_WALLET.pubkey()
    instructions = [*budget(), transfer(TransferParams(from_pubkey=payer, to_pubkey=RECIPIENT, lamports=1_000)),
                    memo("illustrative: not a Raydium swap", payer)]  # fmt: skip
    table = AddressLookupTableAccount(LOOKUP_TABLE, [RECIPIENT])
    message = MessageV0.try_compile(payer, instructions, [table], BLOCKHASH)
    unsigned = VersionedTransaction.populate(message, [Signature.default()] * message.header.num_required_signatures)
    return base64.b64encode(bytes(unsigned)).decode()


def legacy_transaction(step: str) -> str:
    """One unsigned legacy transaction of a set-up, swap, clean-up sequence."""
    payer = EXAMPLE_WALLET.pubkey()
    message = Message.new_with_blockhash([*budget(), memo(f"illustrative {step}: not a Raydium swap", payer)],
                                         payer, BLOCKHASH)  # fmt: skip
    return base64.b64encode(bytes(Transaction.new_unsigned(message))).decode()


SOL = "So11111111111111111111111111111111111111112"
USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
RAY = "4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R"
REFERRER = "7vW5scKR9Ubq3ojAFNF2MS8kV3brBP8idkiFMk55ZN8y"
EVIDENCE_QUOTE = "raydium-io/raydium-sdk-V2-demo src/api/swap.ts, interface SwapCompute (commit 1bd5cd5a)"
EVIDENCE_BODY = "raydium-io/raydium-sdk-V2-demo src/api/swap.ts (commit 1bd5cd5a)"
TOKEN_PROGRAM = Pubkey.from_string("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")


def step(pool: str, mint_in: str, mint_out: str, fee_rate: int, fee: str) -> dict[str, Any]:
    return {"poolId": pool, "inputMint": mint_in, "outputMint": mint_out, "feeMint": mint_in, "feeRate": fee_rate,
            "feeAmount": fee}  # fmt: skip


def quote(request_id: str, swap_type: str, mints: tuple[str, str], amounts: tuple[str, str, str],
          impact: float, route: list[dict[str, Any]]) -> dict[str, Any]:  # fmt: skip
    """A compute response: amounts are (input, output, other amount threshold)."""
    data = {"swapType": swap_type, "inputMint": mints[0], "inputAmount": amounts[0], "outputMint": mints[1],
            "outputAmount": amounts[1], "otherAmountThreshold": amounts[2], "slippageBps": 50,
            "priceImpactPct": impact, "routePlan": route}  # fmt: skip
    return {"id": request_id, "success": True, "version": "V1", "data": data}


CLMM_SOL_USDC = "3ucNos4NbumPLZNWztqGHNFFgkHeRMBQAVemeeomsUxv"
QUOTES: dict[str, tuple[str, dict[str, Any]]] = {
    "QuoteBaseInSolToUsdc": ("A base-in quote, SOL to USDC over two pools", quote(
        "7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f", "BaseIn", (SOL, USDC), ("1000000000", "150000000", "149250000"),
        0.01, [step("58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2", SOL, RAY, 25, "2500000"),
               step("6UmmUiYoBjSrhakAobJw8BvkmJtDVxaeBtbt7rxWo1mg", RAY, USDC, 25, "9000")])),
    "QuoteBaseInUsdcToSol": ("A base-in quote, USDC to SOL", quote(
        "1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e", "BaseIn", (USDC, SOL), ("150000000", "998000000", "993010000"),
        0.02, [step(CLMM_SOL_USDC, USDC, SOL, 4, "60000")])),
    "QuoteBaseOutSolToUsdc": ("A base-out quote: 150 USDC wanted, SOL in", quote(
        "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f", "BaseOut", (SOL, USDC), ("1002000000", "150000000", "1007010000"),
        0.01, [step(CLMM_SOL_USDC, SOL, USDC, 4, "400800")])),
    "QuoteBaseOutUsdcToSol": ("A base-out quote: 1 SOL wanted, USDC in", quote(
        "3d4e5f6a-7b8c-4d9e-8f0a-2b3c4d5e6f7a", "BaseOut", (USDC, SOL), ("150300000", "1000000000", "151051500"),
        0.01, [step(CLMM_SOL_USDC, USDC, SOL, 4, "60120")])),
}  # fmt: skip


def account(mint: str) -> str:
    """The example wallet's associated token account for a mint."""
    return str(get_associated_token_address(EXAMPLE_WALLET.pubkey(), Pubkey.from_string(mint), TOKEN_PROGRAM))


def body(quote_name: str, flags: tuple[bool, bool], tx_version: str, fee: int | str, **extra: str) -> dict[str, Any]:
    """A transaction body carrying the named quote unchanged."""
    swap = copy.deepcopy(QUOTES[quote_name][1])  # a copy: the YAML carries no aliases
    wrap, unwrap = flags
    found: dict[str, Any] = {"wallet": str(EXAMPLE_WALLET.pubkey()), "swapResponse": swap, "txVersion": tx_version,
                             "computeUnitPriceMicroLamports": fee, "wrapSol": wrap, "unwrapSol": unwrap}  # fmt: skip
    if not wrap:
        found["inputAccount"] = account(swap["data"]["inputMint"])
    if not unwrap:
        found["outputAccount"] = account(swap["data"]["outputMint"])
    return {**found, **extra}


BODIES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "WrapSolInputWithReferrer": ("Native SOL in (wrapSol), a referrer", "wrapSol is true, so inputAccount is "
        "unnecessary; the output lands in the wallet's USDC account; base-in takes a referrer.",
        body("QuoteBaseInSolToUsdc", (True, False), "V0", UNIT_PRICE, referrerWallet=REFERRER)),
    "UnwrapSolOutput": ("Native SOL out (unwrapSol), the fee as a decimal string", "unwrapSol is true, so "
        "outputAccount is unnecessary; the input comes from the wallet's USDC account. The fee is sent as a string "
        "of digits, as Raydium's demo sends it.", body("QuoteBaseInUsdcToSol", (False, True), "V0", str(UNIT_PRICE))),
    "ExplicitAccounts": ("Wrapped SOL from a token account, LEGACY", "wrapSol and unwrapSol are both false, so both "
        "token accounts are given; LEGACY works with every RPC endpoint and wallet.",
        body("QuoteBaseInSolToUsdc", (False, False), "LEGACY", 0)),
    "WrapSolInputBaseOut": ("Native SOL in (wrapSol)", "wrapSol is true, so inputAccount is unnecessary; base-out "
        "has no referrer.", body("QuoteBaseOutSolToUsdc", (True, False), "V0", UNIT_PRICE)),
    "UnwrapSolOutputBaseOut": ("Native SOL out (unwrapSol)", "unwrapSol is true, so outputAccount is unnecessary.",
        body("QuoteBaseOutUsdcToSol", (False, True), "V0", UNIT_PRICE)),
    "ExplicitAccountsBaseOut": ("Wrapped SOL from a token account, LEGACY", "wrapSol and unwrapSol are both false, "
        "so both token accounts are given.", body("QuoteBaseOutSolToUsdc", (False, False), "LEGACY", 0)),
}  # fmt: skip


def examples() -> dict[str, Any]:
    """The examples document (an OpenAPI document with components only)."""
    made_by = (f"Built by scripts/spec/swap_examples.py with solders {version('solders')}: a real, unsigned "
               f"transaction for the example wallet {EXAMPLE_WALLET.pubkey()} (whose key is derived from a public "
               "seed, for tests only), with illustrative instructions (compute budget, a transfer, memos), not a "
               "Raydium swap.")  # fmt: skip
    shaped = "Shaped like public evidence (the SDK demo's SwapCompute); the source shows no field of the quote."
    found: dict[str, Any] = {}
    for name, (summary, value) in QUOTES.items():
        found[name] = {"summary": f"{summary} (shaped like public evidence)",
                       "description": f"{shaped} Illustrative values.", "x-evidence": [{"source": EVIDENCE_QUOTE}],
                       "value": value}  # fmt: skip
    for name, (summary, description, value) in BODIES.items():
        found[name] = {"summary": summary,
                       "description": f"{description} swapResponse is the compute response example unchanged, as "
                                      "the service requires (shaped like public evidence).",
                       "x-evidence": [{"source": EVIDENCE_BODY,
                                       "note": "swapResponse: the whole compute response, unmodified"}],
                       "value": value}  # fmt: skip
    found["TransactionResponseFromEvidence"] = {
        "summary": "One unsigned V0 transaction (shaped like public evidence)",
        "description": "Shaped like public evidence (data is an array of { transaction } in the SDK demo); the "
                       f"source shows no field of the response. {made_by} Its message reads one account from an "
                       "address lookup table.",
        "x-evidence": [{"source": EVIDENCE_ARRAY}],
        "value": {"id": "7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f-tx", "success": True, "version": "V1",
                  "data": [{"transaction": v0_transaction()}]},
    }  # fmt: skip
    found["TransactionsSetUpSwapCleanUp"] = {
        "summary": "Three unsigned LEGACY transactions: set-up, swap, clean-up (shaped like public evidence)",
        "description": "A response with several transactions, to be signed and sent in order, as Raydium's front "
                       f"end names them (set-up, swap, clean-up). {made_by}",
        "x-evidence": [{"source": EVIDENCE_STEPS,
                        "note": "getSubTxTitle: the first of several transactions is the set-up, the last (of more "
                                "than two) the clean-up, the others swaps"}],
        "value": {"id": "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f-tx", "success": True, "version": "V1",
                  "data": [{"transaction": legacy_transaction(s)} for s in ("set-up", "swap", "clean-up")]},
    }  # fmt: skip
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Examples of the swap: quotes, transaction bodies and transactions",
            "version": "1.0.0",
            "description": "Written by scripts/spec/swap_examples.py; do not edit (run it to write it again). Each "
                           "transaction body carries a quote example unchanged; each transaction is real and "
                           "decodes.",
        },
        "components": {"examples": found},
    }


def render() -> str:
    return "# Written by scripts/spec/swap_examples.py; do not edit.\n" + oas.dump_yaml(examples())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=OUT)
    parser.add_argument("--check", action="store_true", help="fail when OUT differs from what this script writes")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.is_file() else ""
        if current != text:
            print(f"swap_examples: {args.out} is not what scripts/spec/swap_examples.py writes: run it",
                  file=sys.stderr)  # fmt: skip
            return 1
        return 0
    args.out.write_text(text, encoding="utf-8")
    print(f"swap_examples: wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
