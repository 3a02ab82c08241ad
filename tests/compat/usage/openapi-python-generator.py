"""openapi-python-generator (default settings; the output folder names each host's package): list
pools, read a quote, branch on `success`, send the quote back unchanged. Type-checked with mypy
against the generated packages by scripts/quality/compat.py, which also runs `roundtrip` on recorded quotes."""

import json

from pool_v3.services.Pools_service import listPools
from transaction_v1.models.SwapBaseInTransactionRequest import SwapBaseInTransactionRequest
from transaction_v1.models.SwapComputeResponse import SwapComputeResponse
from transaction_v1.services.Compute_service import computeSwapBaseIn
from transaction_v1.services.Transaction_service import buildSwapBaseInTransaction

SOL = "So11111111111111111111111111111111111111112"
USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"


def first_pool_ids() -> list[str]:
    page = listPools(pageSize=100)
    if not page.success:
        return []
    return [str(pool.id) for pool in page.data.data or []]


def build_swap(wallet: str) -> str:
    quote = computeSwapBaseIn(
        inputMint=SOL, outputMint=USDC, amount="18446744073709551615", slippageBps=50, txVersion="V0"
    )
    if not isinstance(quote, SwapComputeResponse):
        raise RuntimeError(quote.msg)
    built = buildSwapBaseInTransaction(
        data=SwapBaseInTransactionRequest(
            wallet=wallet,
            swapResponse=quote,  # unchanged
            txVersion="V0",
            computeUnitPriceMicroLamports=0,
            wrapSol=True,
            unwrapSol=False,
        )
    )
    if not built.success:
        raise RuntimeError("no transaction")
    return built.model_dump_json()


def roundtrip(body: str) -> str:
    """A quote as received, decoded and sent back: the `swapResponse` of the request body."""
    quote = SwapComputeResponse(**json.loads(body))
    request = SwapBaseInTransactionRequest(
        wallet="wallet", swapResponse=quote, txVersion="V0", computeUnitPriceMicroLamports=0
    )
    return json.dumps(request.dict()["swapResponse"])
