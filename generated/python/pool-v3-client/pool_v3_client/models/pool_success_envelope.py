from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PoolSuccessEnvelope")


@_attrs_define
class PoolSuccessEnvelope:
    """A success of the pool data service: the shared envelope with `success` = true, `id` a
    UUID, `msg` listed in the shape, and `data` (an object or an array) added per
    operation. The source does not say that `id` is always present, so it is not
    required; `data` is, since it is absent or empty only on failure.

        Attributes:
            success (bool): true on success; false on failure. Always check it before reading `data`.
            id (str | Unset): The request identifier of the pool data service, a UUID (Envelope, id), on successes and
                failures.
            msg (str | Unset): Present on failure and populated: human-readable in the pool data and perps
                metadata services; in the transaction service it holds an error code.
    """

    success: bool
    id: str | Unset = UNSET
    msg: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        id = self.id

        msg = self.msg

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if msg is not UNSET:
            field_dict["msg"] = msg

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success")

        id = d.pop("id", UNSET)

        msg = d.pop("msg", UNSET)

        pool_success_envelope = cls(
            success=success,
            id=id,
            msg=msg,
        )

        pool_success_envelope.additional_properties = d
        return pool_success_envelope

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
