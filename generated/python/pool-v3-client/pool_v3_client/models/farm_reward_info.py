from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.token import Token


T = TypeVar("T", bound="FarmRewardInfo")


@_attrs_define
class FarmRewardInfo:
    """One reward of a farm (the SDK's RewardInfoV345 / RewardInfoV6).

    Attributes:
        mint (Token | Unset): A token record (mint) as public evidence shows it; not from the source, nothing required.
        type_ (str | Unset): Reward kind; the SDK lists "Standard SPL" and "Option tokens" (FarmRewardTypeV6Key).
        apr (float | Unset):
        per_second (str | Unset): Reward emitted per second, in the reward mint's smallest unit, as a decimal string.
        open_time (str | Unset): Reward start (Unix seconds) as a decimal string; version 6 farms.
        end_time (str | Unset): Reward end (Unix seconds) as a decimal string; version 6 farms.
    """

    mint: Token | Unset = UNSET
    type_: str | Unset = UNSET
    apr: float | Unset = UNSET
    per_second: str | Unset = UNSET
    open_time: str | Unset = UNSET
    end_time: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mint: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mint, Unset):
            mint = self.mint.to_dict()

        type_ = self.type_

        apr = self.apr

        per_second = self.per_second

        open_time = self.open_time

        end_time = self.end_time

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if mint is not UNSET:
            field_dict["mint"] = mint
        if type_ is not UNSET:
            field_dict["type"] = type_
        if apr is not UNSET:
            field_dict["apr"] = apr
        if per_second is not UNSET:
            field_dict["perSecond"] = per_second
        if open_time is not UNSET:
            field_dict["openTime"] = open_time
        if end_time is not UNSET:
            field_dict["endTime"] = end_time

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.token import Token  # noqa: PLC0415

        d = dict(src_dict)
        _mint = d.pop("mint", UNSET)
        mint: Token | Unset
        if isinstance(_mint, Unset):
            mint = UNSET
        else:
            mint = Token.from_dict(_mint)

        type_ = d.pop("type", UNSET)

        apr = d.pop("apr", UNSET)

        per_second = d.pop("perSecond", UNSET)

        open_time = d.pop("openTime", UNSET)

        end_time = d.pop("endTime", UNSET)

        farm_reward_info = cls(
            mint=mint,
            type_=type_,
            apr=apr,
            per_second=per_second,
            open_time=open_time,
            end_time=end_time,
        )

        farm_reward_info.additional_properties = d
        return farm_reward_info

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
