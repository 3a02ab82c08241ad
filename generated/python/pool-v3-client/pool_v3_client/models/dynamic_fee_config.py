from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="DynamicFeeConfig")


@_attrs_define
class DynamicFeeConfig:
    """A dynamic-fee tier: a calibrated tier that a new concentrated-liquidity pool may opt
    into when the pool is created with `enableDynamicFee=true`. The `id` of a tier is
    passed to the `CreateCustomizablePool` flow.

        Attributes:
            id (str): Tier id, passed to the CreateCustomizablePool flow.
            index (int):
            filter_period (int):
            decay_period (int):
            reduction_factor (int):
            max_fee_rate_numerator (int):
            dynamic_fee_control (int):
            max_volatility_accumulator (int | Unset):
            recommend_config_id (list[str] | Unset):
    """

    id: str
    index: int
    filter_period: int
    decay_period: int
    reduction_factor: int
    max_fee_rate_numerator: int
    dynamic_fee_control: int
    max_volatility_accumulator: int | Unset = UNSET
    recommend_config_id: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        index = self.index

        filter_period = self.filter_period

        decay_period = self.decay_period

        reduction_factor = self.reduction_factor

        max_fee_rate_numerator = self.max_fee_rate_numerator

        dynamic_fee_control = self.dynamic_fee_control

        max_volatility_accumulator = self.max_volatility_accumulator

        recommend_config_id: list[str] | Unset = UNSET
        if not isinstance(self.recommend_config_id, Unset):
            recommend_config_id = self.recommend_config_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "index": index,
                "filterPeriod": filter_period,
                "decayPeriod": decay_period,
                "reductionFactor": reduction_factor,
                "maxFeeRateNumerator": max_fee_rate_numerator,
                "dynamicFeeControl": dynamic_fee_control,
            }
        )
        if max_volatility_accumulator is not UNSET:
            field_dict["maxVolatilityAccumulator"] = max_volatility_accumulator
        if recommend_config_id is not UNSET:
            field_dict["recommendConfigId"] = recommend_config_id

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id")

        index = d.pop("index")

        filter_period = d.pop("filterPeriod")

        decay_period = d.pop("decayPeriod")

        reduction_factor = d.pop("reductionFactor")

        max_fee_rate_numerator = d.pop("maxFeeRateNumerator")

        dynamic_fee_control = d.pop("dynamicFeeControl")

        max_volatility_accumulator = d.pop("maxVolatilityAccumulator", UNSET)

        _recommend_config_id = d.pop("recommendConfigId", UNSET)
        if _recommend_config_id is not None:
            for _recommend_config_id_index, _recommend_config_id_item in enumerate(_recommend_config_id):
                if _recommend_config_id_item is None:
                    raise TypeError(
                        f"recommendConfigId[{_recommend_config_id_index}] is null, and the schema admits no null there"
                    )
        recommend_config_id: list[str] = _recommend_config_id

        dynamic_fee_config = cls(
            id=id,
            index=index,
            filter_period=filter_period,
            decay_period=decay_period,
            reduction_factor=reduction_factor,
            max_fee_rate_numerator=max_fee_rate_numerator,
            dynamic_fee_control=dynamic_fee_control,
            max_volatility_accumulator=max_volatility_accumulator,
            recommend_config_id=recommend_config_id,
        )

        dynamic_fee_config.additional_properties = d
        return dynamic_fee_config

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
