from enum import StrEnum


class RpcListStrategy(StrEnum):
    FIRST = "first"
    SPEED = "speed"
    WEIGHT = "weight"

    def __str__(self) -> str:
        return str(self.value)
