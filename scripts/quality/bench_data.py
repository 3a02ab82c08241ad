"""What the benchmarks share: the pages a client decodes (shaped like public evidence; bench data
only) and the statistic of a run's samples. Library module: scripts/quality/bench.py and
bench_languages.py read it.
"""

from __future__ import annotations

import json
import statistics
from dataclasses import dataclass
from typing import Any


@dataclass
class Stat:
    median: float
    low: float
    high: float
    runs: int

    @classmethod
    def of(cls, samples: list[float]) -> Stat:
        return cls(statistics.median(samples), min(samples), max(samples), len(samples))

    def cell(self, unit: str = "s", scale: float = 1.0) -> str:
        return f"{self.median * scale:.3g} {unit} ({self.low * scale:.3g}-{self.high * scale:.3g}, n={self.runs})"


def pool_item(i: int) -> dict[str, Any]:
    """A pool item shaped like public evidence (SDK ApiV3PoolInfoItem); bench data only."""
    period = {
        "volume": 1234.5 + i,
        "volumeQuote": 987.6,
        "volumeFee": 3.2,
        "apr": 12.5,
        "feeApr": 8.1,
        "priceMin": 0.9,
        "priceMax": 1.1,
        "rewardApr": [1.2, 0.4],
    }
    mint = {
        "chainId": 101,
        "address": f"Mint{i:040d}",
        "programId": "Token" + "1" * 39,
        "logoURI": "",
        "symbol": f"TK{i}",
        "name": f"Token {i}",
        "decimals": 9,
        "tags": [],
        "extensions": {},
    }
    return {
        "type": "Concentrated",
        "programId": "CAMM" + "x" * 40,
        "id": f"Pool{i:040d}",
        "mintA": mint,
        "mintB": {**mint, "symbol": "USDC"},
        "rewardDefaultInfos": [],
        "rewardDefaultPoolInfos": "Clmm",
        "price": 1.0001 + i / 1e6,
        "mintAmountA": 1e6,
        "mintAmountB": 2e6,
        "feeRate": 0.0025,
        "openTime": "1700000000",
        "tvl": 1e7 + i,
        "day": period,
        "week": period,
        "month": period,
        "pooltype": ["OpenBookMarket"],
        "farmUpcomingCount": 0,
        "farmOngoingCount": 1,
        "farmFinishedCount": 2,
        "burnPercent": 0.5,
        "config": {"id": "cfg", "index": 1, "tickSpacing": 60},
    }


POOL_CASE = "pool page (1000 items)"


def decode_cases() -> dict[str, tuple[bytes, str, str]]:
    page = {
        "id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10",
        "success": True,
        "data": {"count": 1000, "hasNextPage": True, "data": [pool_item(i) for i in range(1000)]},
    }
    hop = {
        "poolId": "Pool" + "1" * 40,
        "inputMint": "So1" + "1" * 40,
        "outputMint": "EPj" + "2" * 40,
        "feeMint": "So1" + "1" * 40,
        "feeRate": 25,
        "feeAmount": "2500",
    }
    quote = {
        "id": "q-1",
        "success": True,
        "version": "V1",
        "data": {
            "swapType": "BaseIn",
            "inputMint": "So1",
            "inputAmount": "1000000000",
            "outputMint": "EPj",
            "outputAmount": "150000000",
            "otherAmountThreshold": "149250000",
            "slippageBps": 50,
            "priceImpactPct": 0.01,
            "routePlan": [hop, hop, hop],
        },
    }
    return {
        POOL_CASE: (json.dumps(page).encode(), "pool_v3", "PoolPageResponse"),
        "swap quote (3-hop route)": (json.dumps(quote).encode(), "transaction_v1", "SwapComputeResponse"),
    }
