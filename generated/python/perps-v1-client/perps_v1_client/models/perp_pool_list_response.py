from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.perp_pool_entry import PerpPoolEntry


T = TypeVar("T", bound="PerpPoolListResponse")


@_attrs_define
class PerpPoolListResponse:
    """The pool-list success shape: `id`, `success` and `data`, and no `msg` (the source
    states that this success shape has no msg).

        Attributes:
            success (bool): true on success; false on failure. Always check it before reading `data`.
            id (str): Request identifier (a UUID in the pool data service).
            data (list[PerpPoolEntry]): The data of /pool/default-list, an array of perp pool entries.
    """

    success: bool
    id: str
    data: list[PerpPoolEntry]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        id = self.id

        data = []
        for componentsschemas_perp_pool_list_item_data in self.data:
            componentsschemas_perp_pool_list_item = componentsschemas_perp_pool_list_item_data.to_dict()
            data.append(componentsschemas_perp_pool_list_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "id": id,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.perp_pool_entry import PerpPoolEntry  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        id = d.pop("id")

        data = []
        _data = d.pop("data")
        for componentsschemas_perp_pool_list_item_data in _data:
            componentsschemas_perp_pool_list_item = PerpPoolEntry.from_dict(componentsschemas_perp_pool_list_item_data)

            data.append(componentsschemas_perp_pool_list_item)

        perp_pool_list_response = cls(
            success=success,
            id=id,
            data=data,
        )

        perp_pool_list_response.additional_properties = d
        return perp_pool_list_response

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
