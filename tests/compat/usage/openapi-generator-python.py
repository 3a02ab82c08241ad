"""openapi-generator python (package name per host, else default settings): list pools, read a
quote, branch on `success`, send the quote back unchanged. Type-checked with mypy against the
generated packages by scripts/quality/compat.py, which also runs `roundtrip` on recorded quotes."""

import json

from pool_v3.api.pools_api import PoolsApi
from transaction_v1.api.compute_api import ComputeApi
from transaction_v1.api.transaction_api import TransactionApi
from transaction_v1.api_client import ApiClient
from transaction_v1.models.swap_base_in_transaction_request import SwapBaseInTransactionRequest
from transaction_v1.models.swap_compute_response import SwapComputeResponse
from transaction_v1.models.transaction_request_compute_unit_price_micro_lamports import (
    TransactionRequestComputeUnitPriceMicroLamports,
)
from transaction_v1.models.tx_version import TxVersion

SOL = "So11111111111111111111111111111111111111112"
USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"


def first_pool_ids() -> list[str]:
    page = PoolsApi().list_pools(page_size=100)
    if not page.success:
        return []
    return [str(pool.id) for pool in page.data.data or []]


def build_swap(wallet: str) -> str:
    answer = ComputeApi().compute_swap_base_in(
        input_mint=SOL, output_mint=USDC, amount="18446744073709551615", slippage_bps=50, tx_version=TxVersion.V0
    )
    quote = answer.actual_instance
    if not isinstance(quote, SwapComputeResponse):
        raise RuntimeError(quote.msg if quote is not None else "no answer")
    built = TransactionApi().build_swap_base_in_transaction(
        SwapBaseInTransactionRequest(
            wallet=wallet,
            swapResponse=quote,  # unchanged
            txVersion=TxVersion.V0,
            computeUnitPriceMicroLamports=TransactionRequestComputeUnitPriceMicroLamports(0),
            wrapSol=True,
            unwrapSol=False,
        )
    )
    if not built.success:
        raise RuntimeError("no transaction")
    return built.to_json()


def roundtrip(body: str) -> str:
    """A quote as received, decoded and sent back: the `swapResponse` of the request body."""
    quote = SwapComputeResponse.from_json(body)
    if quote is None:
        raise RuntimeError("no quote")
    request = SwapBaseInTransactionRequest(
        wallet="wallet",
        swapResponse=quote,
        txVersion=TxVersion.V0,
        computeUnitPriceMicroLamports=TransactionRequestComputeUnitPriceMicroLamports(0),
    )
    return json.dumps(ApiClient().sanitize_for_serialization(request)["swapResponse"])
