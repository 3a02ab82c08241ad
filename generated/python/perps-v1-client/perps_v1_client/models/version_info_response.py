from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.version_info import VersionInfo


T = TypeVar("T", bound="VersionInfoResponse")


@_attrs_define
class VersionInfoResponse:
    """
    Attributes:
        success (bool): true on success; false on failure. Always check it before reading `data`.
        data (list[Any] | VersionInfo): The current stable UI version and the minimum supported UI version.
        id (str | Unset): Request identifier (a UUID in the pool data service).
        msg (str | Unset): Present on failure and populated: human-readable in the pool data and perps
            metadata services; in the transaction service it holds an error code.
    """

    success: bool
    data: list[Any] | VersionInfo
    id: str | Unset = UNSET
    msg: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.version_info import VersionInfo  # noqa: PLC0415

        success = self.success

        data: dict[str, Any] | list[Any]
        if isinstance(self.data, VersionInfo):
            data = self.data.to_dict()
        else:
            data = self.data

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
        from ..models.version_info import VersionInfo  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        def _parse_data(data: object) -> list[Any] | VersionInfo:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_version_info_type_0 = VersionInfo.from_dict(data)

                return componentsschemas_version_info_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            componentsschemas_version_info_type_1: list[Any] = data

            return componentsschemas_version_info_type_1

        data = _parse_data(d.pop("data"))

        id = d.pop("id", UNSET)

        msg = d.pop("msg", UNSET)

        version_info_response = cls(
            success=success,
            data=data,
            id=id,
            msg=msg,
        )

        version_info_response.additional_properties = d
        return version_info_response

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
