from enum import StrEnum


class TxVersion(StrEnum):
    LEGACY = "LEGACY"
    V0 = "V0"

    def __str__(self) -> str:
        return str(self.value)
