from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.priority_fee_levels import PriorityFeeLevels


T = TypeVar("T", bound="PriorityFees")


@_attrs_define
class PriorityFees:
    """Priority-fee levels of this host (public evidence only; nothing required).

    Attributes:
        default (PriorityFeeLevels | Unset): Compute-unit prices in micro-lamports per compute unit, one per level
            (public evidence only; nothing required). Send one as `computeUnitPriceMicroLamports`, in whole micro-lamports.
    """

    default: PriorityFeeLevels | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        default: dict[str, Any] | Unset = UNSET
        if not isinstance(self.default, Unset):
            default = self.default.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if default is not UNSET:
            field_dict["default"] = default

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.priority_fee_levels import PriorityFeeLevels  # noqa: PLC0415

        d = dict(src_dict)
        _default = d.pop("default", UNSET)
        default: PriorityFeeLevels | Unset
        if isinstance(_default, Unset):
            default = UNSET
        else:
            default = PriorityFeeLevels.from_dict(_default)

        priority_fees = cls(
            default=default,
        )

        priority_fees.additional_properties = d
        return priority_fees

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
