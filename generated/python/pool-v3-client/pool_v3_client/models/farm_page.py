from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.farm_info import FarmInfo


T = TypeVar("T", bound="FarmPage")


@_attrs_define
class FarmPage:
    """Farms (the data of /farms/info/lp).

    Attributes:
        count (int | Unset):
        has_next_page (bool | Unset):
        data (list[FarmInfo] | Unset):
    """

    count: int | Unset = UNSET
    has_next_page: bool | Unset = UNSET
    data: list[FarmInfo] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        count = self.count

        has_next_page = self.has_next_page

        data: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = []
            for data_item_data in self.data:
                data_item = data_item_data.to_dict()
                data.append(data_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if count is not UNSET:
            field_dict["count"] = count
        if has_next_page is not UNSET:
            field_dict["hasNextPage"] = has_next_page
        if data is not UNSET:
            field_dict["data"] = data

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.farm_info import FarmInfo  # noqa: PLC0415

        d = dict(src_dict)
        count = d.pop("count", UNSET)

        has_next_page = d.pop("hasNextPage", UNSET)

        _data = d.pop("data", UNSET)
        data: list[FarmInfo] | Unset = UNSET
        if _data is not UNSET:
            data = []
            for data_item_data_index, data_item_data in enumerate(_data):
                if data_item_data is None:
                    raise TypeError(f"data[{data_item_data_index}] is null, and the schema admits no null there")

                data_item = FarmInfo.from_dict(data_item_data)

                data.append(data_item)

        farm_page = cls(
            count=count,
            has_next_page=has_next_page,
            data=data,
        )

        farm_page.additional_properties = d
        return farm_page

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
