from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.failure_data import FailureData


T = TypeVar("T", bound="FailureCore")


@_attrs_define
class FailureCore:
    """What every failure of every host has (Errors rule 1): the envelope with `success` =
    false and `msg` populated. `data` is absent or empty on failure. Each host's failure
    schema composes it: only the pool data service's adds `error.code`.

        Attributes:
            success (bool): true on success; false on failure. Always check it before reading `data`.
            msg (str): Present on failure and populated: human-readable in the pool data and perps
                metadata services; in the transaction service it holds an error code.
            id (str | Unset): Request identifier (a UUID in the pool data service).
            data (FailureData | list[Any] | Unset): `data` on a failure: absent or empty (Envelope, data). When present it
                is an empty
                object or an empty array, the two forms `data` takes (object or array).
    """

    success: bool
    msg: str
    id: str | Unset = UNSET
    data: FailureData | list[Any] | Unset = UNSET
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

        failure_core = cls(
            success=success,
            msg=msg,
            id=id,
            data=data,
        )

        failure_core.additional_properties = d
        return failure_core

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
