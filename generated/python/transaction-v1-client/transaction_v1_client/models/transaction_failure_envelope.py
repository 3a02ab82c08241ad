from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.failure_data import FailureData


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
                other codes. `x-error-codes` says, for each known code, what it means, where it
                comes from and what a client does next.
            id (str | Unset): Request identifier (a UUID in the pool data service).
            data (FailureData | list[Any] | Unset): `data` on a failure: absent or empty (Envelope, data). When present it
                is an empty
                object or an empty array, the two forms `data` takes (object or array).
            version (str | Unset): Observed on every transaction-service response, failures included (seen as V1).
            open_time (str | Unset): Seen on compute failures for a pool that is not open yet.
    """

    success: bool
    msg: str
    id: str | Unset = UNSET
    data: FailureData | list[Any] | Unset = UNSET
    version: str | Unset = UNSET
    open_time: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.failure_data import FailureData  # noqa: PLC0415

        success = self.success

        msg = self.msg

        id = self.id

        data: dict[str, Any] | list[Any] | Unset
        if isinstance(self.data, Unset):
            data = UNSET
        elif isinstance(self.data, FailureData):
            data = self.data.to_dict()
        else:
            data = self.data

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
        if data is not UNSET:
            field_dict["data"] = data
        if version is not UNSET:
            field_dict["version"] = version
        if open_time is not UNSET:
            field_dict["openTime"] = open_time

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.failure_data import FailureData  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        msg = d.pop("msg")

        id = d.pop("id", UNSET)

        def _parse_data(data: object) -> FailureData | list[Any] | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_failure_data_type_0 = FailureData.from_dict(data)

                return componentsschemas_failure_data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            componentsschemas_failure_data_type_1: list[Any] = data

            return componentsschemas_failure_data_type_1

        data = _parse_data(d.pop("data", UNSET))

        version = d.pop("version", UNSET)

        open_time = d.pop("openTime", UNSET)

        transaction_failure_envelope = cls(
            success=success,
            msg=msg,
            id=id,
            data=data,
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
