from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PoolPeriodStats")


@_attrs_define
class PoolPeriodStats:
    """Volume, fees, APR and price range of a pool over a day, week or month (public evidence).

    Attributes:
        volume (float | Unset):
        volume_quote (float | Unset):
        volume_fee (float | Unset):
        apr (float | Unset):
        fee_apr (float | Unset):
        price_min (float | Unset):
        price_max (float | Unset):
        reward_apr (list[float] | Unset):
    """

    volume: float | Unset = UNSET
    volume_quote: float | Unset = UNSET
    volume_fee: float | Unset = UNSET
    apr: float | Unset = UNSET
    fee_apr: float | Unset = UNSET
    price_min: float | Unset = UNSET
    price_max: float | Unset = UNSET
    reward_apr: list[float] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        volume = self.volume

        volume_quote = self.volume_quote

        volume_fee = self.volume_fee

        apr = self.apr

        fee_apr = self.fee_apr

        price_min = self.price_min

        price_max = self.price_max

        reward_apr: list[float] | Unset = UNSET
        if not isinstance(self.reward_apr, Unset):
            reward_apr = self.reward_apr

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if volume is not UNSET:
            field_dict["volume"] = volume
        if volume_quote is not UNSET:
            field_dict["volumeQuote"] = volume_quote
        if volume_fee is not UNSET:
            field_dict["volumeFee"] = volume_fee
        if apr is not UNSET:
            field_dict["apr"] = apr
        if fee_apr is not UNSET:
            field_dict["feeApr"] = fee_apr
        if price_min is not UNSET:
            field_dict["priceMin"] = price_min
        if price_max is not UNSET:
            field_dict["priceMax"] = price_max
        if reward_apr is not UNSET:
            field_dict["rewardApr"] = reward_apr

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        volume = d.pop("volume", UNSET)

        volume_quote = d.pop("volumeQuote", UNSET)

        volume_fee = d.pop("volumeFee", UNSET)

        apr = d.pop("apr", UNSET)

        fee_apr = d.pop("feeApr", UNSET)

        price_min = d.pop("priceMin", UNSET)

        price_max = d.pop("priceMax", UNSET)

        _reward_apr = d.pop("rewardApr", UNSET)
        if _reward_apr is not None:
            for _reward_apr_index, _reward_apr_item in enumerate(_reward_apr):
                if _reward_apr_item is None:
                    raise TypeError(f"rewardApr[{_reward_apr_index}] is null, and the schema admits no null there")
        reward_apr: list[float] = _reward_apr

        pool_period_stats = cls(
            volume=volume,
            volume_quote=volume_quote,
            volume_fee=volume_fee,
            apr=apr,
            fee_apr=fee_apr,
            price_min=price_min,
            price_max=price_max,
            reward_apr=reward_apr,
        )

        pool_period_stats.additional_properties = d
        return pool_period_stats

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
