from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PriorityFeeLevels")


@_attrs_define
class PriorityFeeLevels:
    """Compute-unit prices in micro-lamports per compute unit, one per level (public evidence only; nothing required). Send
    one as `computeUnitPriceMicroLamports`, in whole micro-lamports.

        Attributes:
            vh (float | Unset): Very high.
            h (float | Unset): High; Raydium's demo sends this level.
            m (float | Unset): Medium.
    """

    vh: float | Unset = UNSET
    h: float | Unset = UNSET
    m: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        vh = self.vh

        h = self.h

        m = self.m

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if vh is not UNSET:
            field_dict["vh"] = vh
        if h is not UNSET:
            field_dict["h"] = h
        if m is not UNSET:
            field_dict["m"] = m

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        vh = d.pop("vh", UNSET)

        h = d.pop("h", UNSET)

        m = d.pop("m", UNSET)

        priority_fee_levels = cls(
            vh=vh,
            h=h,
            m=m,
        )

        priority_fee_levels.additional_properties = d
        return priority_fee_levels

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
