from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rpc_list_strategy import RpcListStrategy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rpc_node import RpcNode


T = TypeVar("T", bound="RpcList")


@_attrs_define
class RpcList:
    """The RPC node list of this host (public evidence only; nothing required).

    Attributes:
        strategy (RpcListStrategy | Unset): How a client picks a node: `weight` (by each node's weight), `speed` or
            `first`.
        rpcs (list[RpcNode] | Unset):
    """

    strategy: RpcListStrategy | Unset = UNSET
    rpcs: list[RpcNode] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        strategy: str | Unset = UNSET
        if not isinstance(self.strategy, Unset):
            strategy = self.strategy.value

        rpcs: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rpcs, Unset):
            rpcs = []
            for rpcs_item_data in self.rpcs:
                rpcs_item = rpcs_item_data.to_dict()
                rpcs.append(rpcs_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if strategy is not UNSET:
            field_dict["strategy"] = strategy
        if rpcs is not UNSET:
            field_dict["rpcs"] = rpcs

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rpc_node import RpcNode  # noqa: PLC0415

        d = dict(src_dict)
        _strategy = d.pop("strategy", UNSET)
        strategy: RpcListStrategy | Unset
        if isinstance(_strategy, Unset):
            strategy = UNSET
        else:
            strategy = RpcListStrategy(_strategy)

        _rpcs = d.pop("rpcs", UNSET)
        rpcs: list[RpcNode] | Unset = UNSET
        if _rpcs is not UNSET:
            rpcs = []
            for rpcs_item_data_index, rpcs_item_data in enumerate(_rpcs):
                if rpcs_item_data is None:
                    raise TypeError(f"rpcs[{rpcs_item_data_index}] is null, and the schema admits no null there")

                rpcs_item = RpcNode.from_dict(rpcs_item_data)

                rpcs.append(rpcs_item)

        rpc_list = cls(
            strategy=strategy,
            rpcs=rpcs,
        )

        rpc_list.additional_properties = d
        return rpc_list

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
