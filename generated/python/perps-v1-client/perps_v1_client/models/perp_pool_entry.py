from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PerpPoolEntry")


@_attrs_define
class PerpPoolEntry:
    """An entry of the default perp pool list.

    Attributes:
        symbol (str): Pair label of the form <BASE>/<QUOTE>.
        volume24h (str): A decimal number sent as a string (keeps precision; parse it with a decimal type).
            The pattern admits every form a decimal parser reads: a sign, digits with or without
            a fraction, a fraction alone (`.5`) and an exponent (`1.5e3`).
        volume7d (str): A decimal number sent as a string (keeps precision; parse it with a decimal type).
            The pattern admits every form a decimal parser reads: a sign, digits with or without
            a fraction, a fraction alone (`.5`) and an exponent (`1.5e3`).
        volume30d (str): A decimal number sent as a string (keeps precision; parse it with a decimal type).
            The pattern admits every form a decimal parser reads: a sign, digits with or without
            a fraction, a fraction alone (`.5`) and an exponent (`1.5e3`).
    """

    symbol: str
    volume24h: str
    volume7d: str
    volume30d: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        symbol = self.symbol

        volume24h = self.volume24h

        volume7d = self.volume7d

        volume30d = self.volume30d

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "symbol": symbol,
                "volume24h": volume24h,
                "volume7d": volume7d,
                "volume30d": volume30d,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        symbol = d.pop("symbol")

        volume24h = d.pop("volume24h")

        volume7d = d.pop("volume7d")

        volume30d = d.pop("volume30d")

        perp_pool_entry = cls(
            symbol=symbol,
            volume24h=volume24h,
            volume7d=volume7d,
            volume30d=volume30d,
        )

        perp_pool_entry.additional_properties = d
        return perp_pool_entry

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
