from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.transfer_fee import TransferFee


T = TypeVar("T", bound="TransferFeeConfig")


@_attrs_define
class TransferFeeConfig:
    """The transfer-fee configuration of a Token-2022 mint (the SDK's TransferFeeDataBaseType); amounts and epochs are
    integers sent as decimal strings.

        Attributes:
            transfer_fee_config_authority (str | Unset):
            withdraw_withheld_authority (str | Unset):
            withheld_amount (str | Unset):
            older_transfer_fee (TransferFee | Unset): One transfer-fee setting of a Token-2022 mint and the epoch it applies
                from.
            newer_transfer_fee (TransferFee | Unset): One transfer-fee setting of a Token-2022 mint and the epoch it applies
                from.
    """

    transfer_fee_config_authority: str | Unset = UNSET
    withdraw_withheld_authority: str | Unset = UNSET
    withheld_amount: str | Unset = UNSET
    older_transfer_fee: TransferFee | Unset = UNSET
    newer_transfer_fee: TransferFee | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        transfer_fee_config_authority = self.transfer_fee_config_authority

        withdraw_withheld_authority = self.withdraw_withheld_authority

        withheld_amount = self.withheld_amount

        older_transfer_fee: dict[str, Any] | Unset = UNSET
        if not isinstance(self.older_transfer_fee, Unset):
            older_transfer_fee = self.older_transfer_fee.to_dict()

        newer_transfer_fee: dict[str, Any] | Unset = UNSET
        if not isinstance(self.newer_transfer_fee, Unset):
            newer_transfer_fee = self.newer_transfer_fee.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if transfer_fee_config_authority is not UNSET:
            field_dict["transferFeeConfigAuthority"] = transfer_fee_config_authority
        if withdraw_withheld_authority is not UNSET:
            field_dict["withdrawWithheldAuthority"] = withdraw_withheld_authority
        if withheld_amount is not UNSET:
            field_dict["withheldAmount"] = withheld_amount
        if older_transfer_fee is not UNSET:
            field_dict["olderTransferFee"] = older_transfer_fee
        if newer_transfer_fee is not UNSET:
            field_dict["newerTransferFee"] = newer_transfer_fee

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.transfer_fee import TransferFee  # noqa: PLC0415

        d = dict(src_dict)
        transfer_fee_config_authority = d.pop("transferFeeConfigAuthority", UNSET)

        withdraw_withheld_authority = d.pop("withdrawWithheldAuthority", UNSET)

        withheld_amount = d.pop("withheldAmount", UNSET)

        _older_transfer_fee = d.pop("olderTransferFee", UNSET)
        older_transfer_fee: TransferFee | Unset
        if isinstance(_older_transfer_fee, Unset):
            older_transfer_fee = UNSET
        else:
            older_transfer_fee = TransferFee.from_dict(_older_transfer_fee)

        _newer_transfer_fee = d.pop("newerTransferFee", UNSET)
        newer_transfer_fee: TransferFee | Unset
        if isinstance(_newer_transfer_fee, Unset):
            newer_transfer_fee = UNSET
        else:
            newer_transfer_fee = TransferFee.from_dict(_newer_transfer_fee)

        transfer_fee_config = cls(
            transfer_fee_config_authority=transfer_fee_config_authority,
            withdraw_withheld_authority=withdraw_withheld_authority,
            withheld_amount=withheld_amount,
            older_transfer_fee=older_transfer_fee,
            newer_transfer_fee=newer_transfer_fee,
        )

        transfer_fee_config.additional_properties = d
        return transfer_fee_config

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
