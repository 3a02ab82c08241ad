from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.token_extensions_tips import TokenExtensionsTips
    from ..models.transfer_fee_config import TransferFeeConfig


T = TypeVar("T", bound="TokenExtensions")


@_attrs_define
class TokenExtensions:
    """The `extensions` of a token record, as the SDK types them (ExtensionsItem); not from the source, nothing required.
    Tokens without extensions carry an empty object.

        Attributes:
            coingecko_id (str | Unset):
            fee_config (TransferFeeConfig | Unset): The transfer-fee configuration of a Token-2022 mint (the SDK's
                TransferFeeDataBaseType); amounts and epochs are integers sent as decimal strings.
            tips (TokenExtensionsTips | Unset): A notice the front end shows beside the token.
    """

    coingecko_id: str | Unset = UNSET
    fee_config: TransferFeeConfig | Unset = UNSET
    tips: TokenExtensionsTips | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        coingecko_id = self.coingecko_id

        fee_config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fee_config, Unset):
            fee_config = self.fee_config.to_dict()

        tips: dict[str, Any] | Unset = UNSET
        if not isinstance(self.tips, Unset):
            tips = self.tips.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if coingecko_id is not UNSET:
            field_dict["coingeckoId"] = coingecko_id
        if fee_config is not UNSET:
            field_dict["feeConfig"] = fee_config
        if tips is not UNSET:
            field_dict["tips"] = tips

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.token_extensions_tips import TokenExtensionsTips  # noqa: PLC0415
        from ..models.transfer_fee_config import TransferFeeConfig  # noqa: PLC0415

        d = dict(src_dict)
        coingecko_id = d.pop("coingeckoId", UNSET)

        _fee_config = d.pop("feeConfig", UNSET)
        fee_config: TransferFeeConfig | Unset
        if isinstance(_fee_config, Unset):
            fee_config = UNSET
        else:
            fee_config = TransferFeeConfig.from_dict(_fee_config)

        _tips = d.pop("tips", UNSET)
        tips: TokenExtensionsTips | Unset
        if isinstance(_tips, Unset):
            tips = UNSET
        else:
            tips = TokenExtensionsTips.from_dict(_tips)

        token_extensions = cls(
            coingecko_id=coingecko_id,
            fee_config=fee_config,
            tips=tips,
        )

        token_extensions.additional_properties = d
        return token_extensions

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
