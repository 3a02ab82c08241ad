from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.temp_key import TempKey


T = TypeVar("T", bound="TempKeyResponse")


@_attrs_define
class TempKeyResponse:
    """The envelope holding a temporary Ed25519 keypair. SECRET; do not log, cache or persist it.

    Attributes:
        success (bool): true on success; false on failure. Always check it before reading `data`.
        data (list[Any] | TempKey): A temporary Ed25519 keypair generated for a wallet. SECRET: clients must not log,
            cache or persist it.
        id (str | Unset): Request identifier (a UUID in the pool data service).
        msg (str | Unset): Present on failure and populated: human-readable in the pool data and perps
            metadata services; in the transaction service it holds an error code.
    """

    success: bool
    data: list[Any] | TempKey
    id: str | Unset = UNSET
    msg: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.temp_key import TempKey  # noqa: PLC0415

        success = self.success

        data: dict[str, Any] | list[Any]
        if isinstance(self.data, TempKey):
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
        from ..models.temp_key import TempKey  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        def _parse_data(data: object) -> list[Any] | TempKey:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_temp_key_type_0 = TempKey.from_dict(data)

                return componentsschemas_temp_key_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            componentsschemas_temp_key_type_1: list[Any] = data

            return componentsschemas_temp_key_type_1

        data = _parse_data(d.pop("data"))

        id = d.pop("id", UNSET)

        msg = d.pop("msg", UNSET)

        temp_key_response = cls(
            success=success,
            data=data,
            id=id,
            msg=msg,
        )

        temp_key_response.additional_properties = d
        return temp_key_response

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
