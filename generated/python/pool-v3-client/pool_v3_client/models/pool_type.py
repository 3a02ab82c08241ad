from enum import StrEnum


class PoolType(StrEnum):
    ALL = "all"
    ALLFARM = "allFarm"
    CONCENTRATED = "concentrated"
    CONCENTRATEDFARM = "concentratedFarm"
    STANDARD = "standard"
    STANDARDFARM = "standardFarm"

    def __str__(self) -> str:
        return str(self.value)
