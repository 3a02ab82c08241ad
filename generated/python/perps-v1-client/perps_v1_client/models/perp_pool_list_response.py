from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.perp_pool_entry import PerpPoolEntry


T = TypeVar("T", bound="PerpPoolListResponse")


@_attrs_define
class PerpPoolListResponse:
    """The pool-list success shape: `id`, `success` and `data`, and no `msg` (the source
    states that this success shape has no msg, so a body with `msg` is not this shape).

        Attributes:
            success (bool): true on success; false on failure. Always check it before reading `data`.
            data (list[PerpPoolEntry]): The data of /pool/default-list, an array of perp pool entries.
            id (str | Unset): Request identifier (a UUID in the pool data service).
    """

    success: bool
    data: list[PerpPoolEntry]
    id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        data = []
        for componentsschemas_perp_pool_list_item_data in self.data:
            componentsschemas_perp_pool_list_item = componentsschemas_perp_pool_list_item_data.to_dict()
            data.append(componentsschemas_perp_pool_list_item)

        id = self.id

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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.perp_pool_entry import PerpPoolEntry  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        data = []
        _data = d.pop("data")
        for componentsschemas_perp_pool_list_item_data_index, componentsschemas_perp_pool_list_item_data in enumerate(
            _data
        ):
            if componentsschemas_perp_pool_list_item_data is None:
                raise TypeError(
                    f"data[{componentsschemas_perp_pool_list_item_data_index}] is null, and the schema admits no null there"
                )

            componentsschemas_perp_pool_list_item = PerpPoolEntry.from_dict(componentsschemas_perp_pool_list_item_data)

            data.append(componentsschemas_perp_pool_list_item)

        id = d.pop("id", UNSET)

        perp_pool_list_response = cls(
            success=success,
            data=data,
            id=id,
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
