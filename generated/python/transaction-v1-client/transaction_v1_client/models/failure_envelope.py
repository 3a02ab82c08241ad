from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="FailureEnvelope")


@_attrs_define
class FailureEnvelope:
    """A failure (Errors rule 1): HTTP 4xx or 5xx with the envelope, `success` = false and
    `msg` populated. `data` is absent or empty on failure.

        Attributes:
            success (bool): true on success; false on failure. Always check it before reading `data`.
            msg (str): Present on failure and populated: human-readable in the pool data and perps
                metadata services; in the transaction service it holds an error code.
            id (str | Unset): Request identifier (a UUID in the pool data service).
    """

    success: bool
    msg: str
    id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        msg = self.msg

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "msg": msg,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success")

        msg = d.pop("msg")

        id = d.pop("id", UNSET)

        failure_envelope = cls(
            success=success,
            msg=msg,
            id=id,
        )

        failure_envelope.additional_properties = d
        return failure_envelope

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
