from enum import StrEnum


class PoolInfoItemType(StrEnum):
    CONCENTRATED = "Concentrated"
    STANDARD = "Standard"

    def __str__(self) -> str:
        return str(self.value)
