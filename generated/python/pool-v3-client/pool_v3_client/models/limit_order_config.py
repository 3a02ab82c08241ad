from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="LimitOrderConfig")


@_attrs_define
class LimitOrderConfig:
    """One pool's limit-order configuration, as far as the source shows it.

    Attributes:
        limit_order_admin (Any | Unset): The off-chain keeper authorized to settle filled orders.
    """

    limit_order_admin: Any | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        limit_order_admin = self.limit_order_admin

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if limit_order_admin is not UNSET:
            field_dict["limit_order_admin"] = limit_order_admin

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        limit_order_admin = d.pop("limit_order_admin", UNSET)

        limit_order_config = cls(
            limit_order_admin=limit_order_admin,
        )

        limit_order_config.additional_properties = d
        return limit_order_config

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
