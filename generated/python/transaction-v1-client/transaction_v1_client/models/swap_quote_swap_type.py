from enum import StrEnum


class SwapQuoteSwapType(StrEnum):
    BASEIN = "BaseIn"
    BASEOUT = "BaseOut"

    def __str__(self) -> str:
        return str(self.value)
