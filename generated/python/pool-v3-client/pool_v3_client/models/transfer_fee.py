from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="TransferFee")


@_attrs_define
class TransferFee:
    """One transfer-fee setting of a Token-2022 mint and the epoch it applies from.

    Attributes:
        epoch (str | Unset):
        maximum_fee (str | Unset):
        transfer_fee_basis_points (int | Unset):
    """

    epoch: str | Unset = UNSET
    maximum_fee: str | Unset = UNSET
    transfer_fee_basis_points: int | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        epoch = self.epoch

        maximum_fee = self.maximum_fee

        transfer_fee_basis_points = self.transfer_fee_basis_points

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if epoch is not UNSET:
            field_dict["epoch"] = epoch
        if maximum_fee is not UNSET:
            field_dict["maximumFee"] = maximum_fee
        if transfer_fee_basis_points is not UNSET:
            field_dict["transferFeeBasisPoints"] = transfer_fee_basis_points

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        epoch = d.pop("epoch", UNSET)

        maximum_fee = d.pop("maximumFee", UNSET)

        transfer_fee_basis_points = d.pop("transferFeeBasisPoints", UNSET)

        transfer_fee = cls(
            epoch=epoch,
            maximum_fee=maximum_fee,
            transfer_fee_basis_points=transfer_fee_basis_points,
        )

        transfer_fee.additional_properties = d
        return transfer_fee

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
