from enum import StrEnum


class PoolSortField(StrEnum):
    APR24H = "apr24h"
    APR30D = "apr30d"
    APR7D = "apr7d"
    DEFAULT = "default"
    FEE24H = "fee24h"
    FEE30D = "fee30d"
    FEE7D = "fee7d"
    LIQUIDITY = "liquidity"
    VOLUME24H = "volume24h"
    VOLUME30D = "volume30d"
    VOLUME7D = "volume7d"

    def __str__(self) -> str:
        return str(self.value)
