from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="SwapTransactionResponse")


@_attrs_define
class SwapTransactionResponse:
    """
    Attributes:
        success (bool): true on success; false on failure. Always check it before reading `data`.
        id (str): Request identifier (a UUID in the pool data service).
        data (Any): The transaction response: a base64-encoded versioned transaction, plus address
            lookup table addresses when txVersion=V0.
        msg (str | Unset): Present on failure and populated: human-readable in the pool data and perps
            metadata services; in the transaction service it holds an error code.
        version (str | Unset): Observed on every transaction-service response (seen as V1).
    """

    success: bool
    id: str
    data: Any
    msg: str | Unset = UNSET
    version: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        id = self.id

        data = self.data

        msg = self.msg

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "id": id,
                "data": data,
            }
        )
        if msg is not UNSET:
            field_dict["msg"] = msg
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success")

        id = d.pop("id")

        data = d.pop("data")

        msg = d.pop("msg", UNSET)

        version = d.pop("version", UNSET)

        swap_transaction_response = cls(
            success=success,
            id=id,
            data=data,
            msg=msg,
            version=version,
        )

        swap_transaction_response.additional_properties = d
        return swap_transaction_response

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
