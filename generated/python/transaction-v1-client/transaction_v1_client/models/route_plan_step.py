from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RoutePlanStep")


@_attrs_define
class RoutePlanStep:
    """One step of a quote's route (from public evidence, not the source).

    Attributes:
        pool_id (str | Unset):
        input_mint (str | Unset):
        output_mint (str | Unset):
        fee_mint (str | Unset):
        fee_rate (float | Unset):
        fee_amount (str | Unset): Fee in the smallest unit, as a decimal string.
    """

    pool_id: str | Unset = UNSET
    input_mint: str | Unset = UNSET
    output_mint: str | Unset = UNSET
    fee_mint: str | Unset = UNSET
    fee_rate: float | Unset = UNSET
    fee_amount: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        pool_id = self.pool_id

        input_mint = self.input_mint

        output_mint = self.output_mint

        fee_mint = self.fee_mint

        fee_rate = self.fee_rate

        fee_amount = self.fee_amount

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if pool_id is not UNSET:
            field_dict["poolId"] = pool_id
        if input_mint is not UNSET:
            field_dict["inputMint"] = input_mint
        if output_mint is not UNSET:
            field_dict["outputMint"] = output_mint
        if fee_mint is not UNSET:
            field_dict["feeMint"] = fee_mint
        if fee_rate is not UNSET:
            field_dict["feeRate"] = fee_rate
        if fee_amount is not UNSET:
            field_dict["feeAmount"] = fee_amount

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        pool_id = d.pop("poolId", UNSET)

        input_mint = d.pop("inputMint", UNSET)

        output_mint = d.pop("outputMint", UNSET)

        fee_mint = d.pop("feeMint", UNSET)

        fee_rate = d.pop("feeRate", UNSET)

        fee_amount = d.pop("feeAmount", UNSET)

        route_plan_step = cls(
            pool_id=pool_id,
            input_mint=input_mint,
            output_mint=output_mint,
            fee_mint=fee_mint,
            fee_rate=fee_rate,
            fee_amount=fee_amount,
        )

        route_plan_step.additional_properties = d
        return route_plan_step

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
