"""openapi-python-client (default settings): list pools, read a quote, branch on `success`, send
the quote back unchanged. Type-checked with mypy against the generated packages by
scripts/quality/compat.py, which also runs `roundtrip` on recorded quotes."""

import json

from pool_data_service_v_3_client import Client as PoolClient
from pool_data_service_v_3_client.api.pools import list_pools
from pool_data_service_v_3_client.models import PoolPageResponse
from swap_transaction_service_route_v2_host_transaction_v_1_client import Client as SwapClient
from swap_transaction_service_route_v2_host_transaction_v_1_client.api.compute import compute_swap_base_in
from swap_transaction_service_route_v2_host_transaction_v_1_client.api.transaction import (
    build_swap_base_in_transaction,
)
from swap_transaction_service_route_v2_host_transaction_v_1_client.models import (
    SwapBaseInTransactionRequest,
    SwapComputeResponse,
    SwapTransactionResponse,
    TxVersion,
)

SOL = "So11111111111111111111111111111111111111112"
USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"


def first_pool_ids() -> list[str]:
    page = list_pools.sync(client=PoolClient(base_url="https://api-v3.raydium.io"), page_size=100)
    if not isinstance(page, PoolPageResponse) or not page.success:
        return []
    return [str(pool.id) for pool in page.data.data or []]


def build_swap(wallet: str) -> str:
    client = SwapClient(base_url="https://transaction-v1.raydium.io")
    quote = compute_swap_base_in.sync(
        client=client, input_mint=SOL, output_mint=USDC, amount="18446744073709551615", slippage_bps=50,
        tx_version=TxVersion.V0,
    )
    if not isinstance(quote, SwapComputeResponse):
        raise RuntimeError(quote.msg if quote is not None else "no answer")
    built = build_swap_base_in_transaction.sync(
        client=client,
        body=SwapBaseInTransactionRequest(
            wallet=wallet,
            swap_response=quote,  # unchanged
            tx_version=TxVersion.V0,
            compute_unit_price_micro_lamports=0,
            wrap_sol=True,
            unwrap_sol=False,
        ),
    )
    if not isinstance(built, SwapTransactionResponse):
        raise RuntimeError("no transaction")
    return str(built.to_dict()["data"])


def roundtrip(body: str) -> str:
    """A quote as received, decoded and sent back: the `swapResponse` of the request body."""
    quote = SwapComputeResponse.from_dict(json.loads(body))
    request = SwapBaseInTransactionRequest(
        wallet="wallet", swap_response=quote, tx_version=TxVersion.V0, compute_unit_price_micro_lamports=0
    )
    return json.dumps(request.to_dict()["swapResponse"])
