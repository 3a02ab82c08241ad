from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChainStatistics")


@_attrs_define
class ChainStatistics:
    """Chain statistics (the data of /main/info).

    Attributes:
        tvl (float | Unset):
        volume24 (float | Unset):
    """

    tvl: float | Unset = UNSET
    volume24: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        tvl = self.tvl

        volume24 = self.volume24

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if tvl is not UNSET:
            field_dict["tvl"] = tvl
        if volume24 is not UNSET:
            field_dict["volume24"] = volume24

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tvl = d.pop("tvl", UNSET)

        volume24 = d.pop("volume24", UNSET)

        chain_statistics = cls(
            tvl=tvl,
            volume24=volume24,
        )

        chain_statistics.additional_properties = d
        return chain_statistics

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
