"""Swap from a bot: priority fee, quote, transaction, decode, sign, send, confirm.

    python swap.py --keypair ~/.config/solana/id.json --rpc https://api.mainnet-beta.solana.com \
        --input-mint So11111111111111111111111111111111111111112 \
        --output-mint EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v --amount 1000000000

Needs the raydium-transaction-v1-client and raydium-pool-v3-client packages, solders and
httpx. The keypair file is the Solana CLI's (a JSON array of 64 numbers); the key never
leaves this process and is never printed.
"""

from __future__ import annotations

import argparse
import base64
import time
from pathlib import Path

import httpx
from pool_v3_client import Client as PoolClient
from pool_v3_client import errors as pool_errors
from pool_v3_client.api.chain import get_priority_fees
from solders.keypair import Keypair
from solders.message import MessageV0
from solders.pubkey import Pubkey
from solders.token.associated import get_associated_token_address
from solders.transaction import VersionedTransaction
from transaction_v1_client import Client, errors
from transaction_v1_client.api.compute import compute_swap_base_in
from transaction_v1_client.api.transaction import build_swap_base_in_transaction
from transaction_v1_client.codes import ErrorCode
from transaction_v1_client.models import SwapBaseInTransactionRequest, SwapComputeResponse, TxVersion
from transaction_v1_client.types import UNSET, Unset

SOL = "So11111111111111111111111111111111111111112"
TOKEN_PROGRAM = Pubkey.from_string("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")


def priority_fee(pool: PoolClient) -> int:
    """The `h` level of the pool data service's auto-fee, in micro-lamports per compute
    unit; 0 (no priority fee) when it cannot be had."""
    try:
        fees = get_priority_fees.sync(client=pool)
    except pool_errors.ApiError:
        return 0
    level = fees.data.default.h if fees.data.default else UNSET
    return int(level) if not isinstance(level, Unset) else 0


def quote(client: Client, args: argparse.Namespace) -> SwapComputeResponse:
    """A base-in quote. A pool that is not open yet is waited for (up to --max-wait seconds);
    every other failure is the caller's to handle."""
    while True:
        try:
            return compute_swap_base_in.sync(
                client=client, input_mint=args.input_mint, output_mint=args.output_mint, amount=args.amount,
                slippage_bps=args.slippage_bps, tx_version=TxVersion(args.tx_version),
            )
        except errors.FailureEnvelopeError as error:
            if error.code is not ErrorCode.REQ_POOL_NOT_OPEN or error.open_time is None:
                raise
            wait = int(error.open_time) - time.time()
            if wait > args.max_wait:
                raise
            time.sleep(max(wait, 0))


def transactions(client: Client, swap: SwapComputeResponse, wallet: Pubkey, fee: int,
                 args: argparse.Namespace) -> list[str]:
    """The unsigned transactions (base64) built from the quote, in the order to send them."""
    wrap, unwrap = args.input_mint == SOL, args.output_mint == SOL

    def account(mint: str) -> str:
        return str(get_associated_token_address(wallet, Pubkey.from_string(mint), TOKEN_PROGRAM))

    body = SwapBaseInTransactionRequest(
        wallet=str(wallet),
        swap_response=swap,  # the quote as the client returned it: it goes back byte for byte
        tx_version=TxVersion(args.tx_version),
        compute_unit_price_micro_lamports=fee,
        wrap_sol=wrap,
        unwrap_sol=unwrap,
        input_account=UNSET if wrap else account(args.input_mint),  # UNSET: the key is not sent
        output_account=UNSET if unwrap else account(args.output_mint),
    )
    built = build_swap_base_in_transaction.sync(client=client, body=body)
    items = built.data if isinstance(built.data, list) else [built.data]  # an array; the docs show an object
    return [str(item.transaction if hasattr(item, "transaction") else item["transaction"]) for item in items]


class Rpc:
    """The two JSON-RPC methods a swap needs, on any Solana RPC endpoint."""

    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=httpx.Timeout(8.0, connect=4.0))

    def call(self, method: str, params: list[object]) -> object:
        reply = self.http.post("", json={"jsonrpc": "2.0", "id": 1, "method": method, "params": params})
        reply.raise_for_status()
        body = reply.json()
        if "error" in body:
            raise RuntimeError(f"{method}: {body['error']}")
        return body["result"]

    def send(self, signed: VersionedTransaction) -> str:
        wire = base64.b64encode(bytes(signed)).decode()
        return str(self.call("sendTransaction", [wire, {"encoding": "base64"}]))

    def confirm(self, signature: str, seconds: float = 60.0) -> None:
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            result = self.call("getSignatureStatuses", [[signature]])
            status = result["value"][0] if isinstance(result, dict) else None
            if status and status.get("err"):
                raise RuntimeError(f"{signature} failed: {status['err']}")
            if status and status.get("confirmationStatus") in ("confirmed", "finalized"):
                return
            time.sleep(0.5)
        raise TimeoutError(f"{signature} not confirmed within {seconds:g}s")


def swap(args: argparse.Namespace) -> list[str]:
    keypair = Keypair.from_json(Path(args.keypair).read_text(encoding="utf-8"))
    client = Client(base_url=args.transaction_url)
    fee = priority_fee(PoolClient(base_url=args.pool_url)) if args.priority_fee else 0
    rpc = Rpc(args.rpc)
    for attempt in range(2):  # a quote older than about 30 seconds is computed again
        swap_response = quote(client, args)
        try:
            unsigned = transactions(client, swap_response, keypair.pubkey(), fee, args)
            break
        except errors.FailureEnvelopeError as error:
            if error.code is not ErrorCode.REQ_SWAP_RESPONSE_ERROR or attempt == 1:
                raise
    signatures = []
    for text in unsigned:  # set-up, swap, clean-up: signed and sent in order
        message = VersionedTransaction.from_bytes(base64.b64decode(text)).message
        version = "V0" if isinstance(message, MessageV0) else "LEGACY"
        signed = VersionedTransaction(message, [keypair])
        signature = rpc.send(signed)
        rpc.confirm(signature)
        print(f"{version} transaction confirmed: {signature}")
        signatures.append(signature)
    return signatures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keypair", required=True, help="Solana CLI keypair file (JSON array of 64 numbers)")
    parser.add_argument("--rpc", required=True, help="Solana JSON-RPC endpoint")
    parser.add_argument("--input-mint", default=SOL)
    parser.add_argument("--output-mint", required=True)
    parser.add_argument("--amount", type=int, required=True, help="input amount in the smallest unit (u64)")
    parser.add_argument("--slippage-bps", type=int, default=50)
    parser.add_argument("--tx-version", choices=["V0", "LEGACY"], default="V0")
    parser.add_argument("--no-priority-fee", dest="priority_fee", action="store_false")
    parser.add_argument("--max-wait", type=float, default=60.0, help="seconds to wait for a pool that opens later")
    parser.add_argument("--transaction-url", default="https://transaction-v1.raydium.io")
    parser.add_argument("--pool-url", default="https://api-v3.raydium.io")
    args = parser.parse_args(argv)
    try:
        swap(args)
    except (errors.ApiError, pool_errors.ApiError) as error:
        code = getattr(error, "code", None)
        print(f"swap failed: {error}" + (f" (next: {code.action})" if code else ""))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
