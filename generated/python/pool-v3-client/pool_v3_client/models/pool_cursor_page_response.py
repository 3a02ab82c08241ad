from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pool_cursor_page import PoolCursorPage


T = TypeVar("T", bound="PoolCursorPageResponse")


@_attrs_define
class PoolCursorPageResponse:
    """
    Attributes:
        success (bool): true on success; false on failure. Always check it before reading `data`.
        data (PoolCursorPage): A cursor page of pools (the data of /pools/info/list-v2). It carries `nextPageId`,
            the opaque cursor of the next page; the last page has none.
        id (str | Unset): The request identifier of the pool data service, a UUID (Envelope, id), on successes and
            failures.
        msg (str | Unset): Present on failure and populated: human-readable in the pool data and perps
            metadata services; in the transaction service it holds an error code.
    """

    success: bool
    data: PoolCursorPage
    id: str | Unset = UNSET
    msg: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        data = self.data.to_dict()

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
        from ..models.pool_cursor_page import PoolCursorPage  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        data = PoolCursorPage.from_dict(d.pop("data"))

        id = d.pop("id", UNSET)

        msg = d.pop("msg", UNSET)

        pool_cursor_page_response = cls(
            success=success,
            data=data,
            id=id,
            msg=msg,
        )

        pool_cursor_page_response.additional_properties = d
        return pool_cursor_page_response

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
