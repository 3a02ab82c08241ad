from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TransactionFailureEnvelope")


@_attrs_define
class TransactionFailureEnvelope:
    """A failure of the swap transaction service (Errors rules 1 and 3): the envelope with
    `success` = false and `msg` holding an error code.

        Attributes:
            success (bool): true on success; false on failure. Always check it before reading `data`.
            msg (str): The error code a failure of the swap transaction service carries in `msg` (Errors
                rule 3). Known codes: `REQ_WALLET_ERROR` (invalid or missing wallet) and
                `REQ_SLIPPAGE_BPS_ERROR` (invalid slippageBps). The list is open: clients must accept
                other codes.
            id (str | Unset): Request identifier (a UUID in the pool data service).
            version (str | Unset): Observed on every transaction-service response, failures included (seen as V1).
            open_time (str | Unset): Seen on compute failures for a pool that is not open yet.
    """

    success: bool
    msg: str
    id: str | Unset = UNSET
    version: str | Unset = UNSET
    open_time: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        msg = self.msg

        id = self.id

        version = self.version

        open_time = self.open_time

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
        if version is not UNSET:
            field_dict["version"] = version
        if open_time is not UNSET:
            field_dict["openTime"] = open_time

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        success = d.pop("success")

        msg = d.pop("msg")

        id = d.pop("id", UNSET)

        version = d.pop("version", UNSET)

        open_time = d.pop("openTime", UNSET)

        transaction_failure_envelope = cls(
            success=success,
            msg=msg,
            id=id,
            version=version,
            open_time=open_time,
        )

        transaction_failure_envelope.additional_properties = d
        return transaction_failure_envelope

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
