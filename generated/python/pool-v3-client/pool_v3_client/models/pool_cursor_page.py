from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pool_info_item import PoolInfoItem


T = TypeVar("T", bound="PoolCursorPage")


@_attrs_define
class PoolCursorPage:
    """A cursor page of pools (the data of /pools/info/list-v2). It carries `nextPageId`,
    the opaque cursor of the next page; the last page has none.

        Attributes:
            data (list[PoolInfoItem] | Unset):
            next_page_id (str | Unset): The opaque cursor of the next page: pass it back unchanged as the `nextPageId`
                query parameter, and never build one. A page without it is the last page.
    """

    data: list[PoolInfoItem] | Unset = UNSET
    next_page_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = []
            for data_item_data in self.data:
                data_item = data_item_data.to_dict()
                data.append(data_item)

        next_page_id = self.next_page_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if data is not UNSET:
            field_dict["data"] = data
        if next_page_id is not UNSET:
            field_dict["nextPageId"] = next_page_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pool_info_item import PoolInfoItem  # noqa: PLC0415

        d = dict(src_dict)
        _data = d.pop("data", UNSET)
        data: list[PoolInfoItem] | Unset = UNSET
        if _data is not UNSET:
            data = []
            for data_item_data_index, data_item_data in enumerate(_data):
                if data_item_data is None:
                    raise TypeError(f"data[{data_item_data_index}] is null, and the schema admits no null there")

                data_item = PoolInfoItem.from_dict(data_item_data)

                data.append(data_item)

        next_page_id = d.pop("nextPageId", UNSET)

        pool_cursor_page = cls(
            data=data,
            next_page_id=next_page_id,
        )

        pool_cursor_page.additional_properties = d
        return pool_cursor_page

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
