from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RpcNode")


@_attrs_define
class RpcNode:
    """One RPC node (the SDK's RpcItemA / RpcItemB); `weight` only with the `weight` strategy.

    Attributes:
        url (str | Unset):
        batch (bool | Unset): Whether the node accepts batched requests.
        name (str | Unset):
        weight (float | Unset):
    """

    url: str | Unset = UNSET
    batch: bool | Unset = UNSET
    name: str | Unset = UNSET
    weight: float | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        batch = self.batch

        name = self.name

        weight = self.weight

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if batch is not UNSET:
            field_dict["batch"] = batch
        if name is not UNSET:
            field_dict["name"] = name
        if weight is not UNSET:
            field_dict["weight"] = weight

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        batch = d.pop("batch", UNSET)

        name = d.pop("name", UNSET)

        weight = d.pop("weight", UNSET)

        rpc_node = cls(
            url=url,
            batch=batch,
            name=name,
            weight=weight,
        )

        rpc_node.additional_properties = d
        return rpc_node

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
