from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LimitOrderConfigData")


@_attrs_define
class LimitOrderConfigData:
    """Per-pool limit-order configuration: per pool, whether limit orders are enabled, the
    minimum input amount, and `limit_order_admin`, an off-chain keeper authorized to
    settle filled orders. `data` is an object or an array; where it is an array, each
    entry is read as one pool's configuration (`LimitOrderConfig`, the one per-pool
    field the source names), so `limit_order_admin` is typed wherever a client can
    reach it. How the entries are arranged in an object is not shown.

    """

    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        limit_order_config_data = cls()

        limit_order_config_data.additional_properties = d
        return limit_order_config_data

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
