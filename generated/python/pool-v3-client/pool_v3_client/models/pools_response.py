from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pool_info_item import PoolInfoItem


T = TypeVar("T", bound="PoolsResponse")


@_attrs_define
class PoolsResponse:
    """
    Attributes:
        success (bool): true on success; false on failure. Always check it before reading `data`.
        data (list[None | PoolInfoItem]): The pools for the requested ids (the data of /pools/info/ids).
        id (str | Unset): The request identifier of the pool data service, a UUID (Envelope, id), on successes and
            failures.
        msg (str | Unset): Present on failure and populated: human-readable in the pool data and perps
            metadata services; in the transaction service it holds an error code.
    """

    success: bool
    data: list[None | PoolInfoItem]
    id: str | Unset = UNSET
    msg: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.pool_info_item import PoolInfoItem  # noqa: PLC0415

        success = self.success

        data = []
        for componentsschemas_pools_item_data in self.data:
            componentsschemas_pools_item: dict[str, Any] | None
            if isinstance(componentsschemas_pools_item_data, PoolInfoItem):
                componentsschemas_pools_item = componentsschemas_pools_item_data.to_dict()
            else:
                componentsschemas_pools_item = componentsschemas_pools_item_data
            data.append(componentsschemas_pools_item)

        id = self.id

        msg = self.msg

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "data": data,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if msg is not UNSET:
            field_dict["msg"] = msg

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pool_info_item import PoolInfoItem  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        data = []
        _data = d.pop("data")
        for componentsschemas_pools_item_data_index, componentsschemas_pools_item_data in enumerate(_data):

            def _parse_componentsschemas_pools_item(data: object) -> None | PoolInfoItem:
                if data is None:
                    return data
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_pools_item_type_0 = PoolInfoItem.from_dict(data)

                    return componentsschemas_pools_item_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(None | PoolInfoItem, data)

            componentsschemas_pools_item = _parse_componentsschemas_pools_item(componentsschemas_pools_item_data)

            data.append(componentsschemas_pools_item)

        id = d.pop("id", UNSET)

        msg = d.pop("msg", UNSET)

        pools_response = cls(
            success=success,
            data=data,
            id=id,
            msg=msg,
        )

        pools_response.additional_properties = d
        return pools_response

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
