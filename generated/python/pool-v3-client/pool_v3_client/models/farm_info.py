from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.farm_reward_info import FarmRewardInfo
    from ..models.token import Token


T = TypeVar("T", bound="FarmInfo")


@_attrs_define
class FarmInfo:
    """A farm record as public evidence shows it (the SDK's FormatFarmInfoOut, which the front end reads from
    /farms/info/lp); not from the source, nothing required. Version 6 farms add `openTime` and `endTime` to each reward.

        Attributes:
            program_id (str | Unset):
            id (str | Unset):
            symbol_mints (list[Token] | Unset):
            lp_mint (Token | Unset): A token record (mint) as public evidence shows it; not from the source, nothing
                required.
            tvl (float | Unset):
            lp_price (float | Unset):
            apr (float | Unset):
            tags (list[str] | Unset): Farm tags; the SDK lists Ecosystem, Farm, Fusion and Stake (FarmTagsItem). Kept open:
                other values may appear.
            reward_infos (list[FarmRewardInfo] | Unset):
    """

    program_id: str | Unset = UNSET
    id: str | Unset = UNSET
    symbol_mints: list[Token] | Unset = UNSET
    lp_mint: Token | Unset = UNSET
    tvl: float | Unset = UNSET
    lp_price: float | Unset = UNSET
    apr: float | Unset = UNSET
    tags: list[str] | Unset = UNSET
    reward_infos: list[FarmRewardInfo] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        program_id = self.program_id

        id = self.id

        symbol_mints: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.symbol_mints, Unset):
            symbol_mints = []
            for symbol_mints_item_data in self.symbol_mints:
                symbol_mints_item = symbol_mints_item_data.to_dict()
                symbol_mints.append(symbol_mints_item)

        lp_mint: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lp_mint, Unset):
            lp_mint = self.lp_mint.to_dict()

        tvl = self.tvl

        lp_price = self.lp_price

        apr = self.apr

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        reward_infos: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.reward_infos, Unset):
            reward_infos = []
            for reward_infos_item_data in self.reward_infos:
                reward_infos_item = reward_infos_item_data.to_dict()
                reward_infos.append(reward_infos_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if program_id is not UNSET:
            field_dict["programId"] = program_id
        if id is not UNSET:
            field_dict["id"] = id
        if symbol_mints is not UNSET:
            field_dict["symbolMints"] = symbol_mints
        if lp_mint is not UNSET:
            field_dict["lpMint"] = lp_mint
        if tvl is not UNSET:
            field_dict["tvl"] = tvl
        if lp_price is not UNSET:
            field_dict["lpPrice"] = lp_price
        if apr is not UNSET:
            field_dict["apr"] = apr
        if tags is not UNSET:
            field_dict["tags"] = tags
        if reward_infos is not UNSET:
            field_dict["rewardInfos"] = reward_infos

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.farm_reward_info import FarmRewardInfo  # noqa: PLC0415
        from ..models.token import Token  # noqa: PLC0415

        d = dict(src_dict)
        program_id = d.pop("programId", UNSET)

        id = d.pop("id", UNSET)

        _symbol_mints = d.pop("symbolMints", UNSET)
        symbol_mints: list[Token] | Unset = UNSET
        if _symbol_mints is not UNSET:
            symbol_mints = []
            for symbol_mints_item_data_index, symbol_mints_item_data in enumerate(_symbol_mints):
                if symbol_mints_item_data is None:
                    raise TypeError(
                        f"symbolMints[{symbol_mints_item_data_index}] is null, and the schema admits no null there"
                    )

                symbol_mints_item = Token.from_dict(symbol_mints_item_data)

                symbol_mints.append(symbol_mints_item)

        _lp_mint = d.pop("lpMint", UNSET)
        lp_mint: Token | Unset
        if isinstance(_lp_mint, Unset):
            lp_mint = UNSET
        else:
            lp_mint = Token.from_dict(_lp_mint)

        tvl = d.pop("tvl", UNSET)

        lp_price = d.pop("lpPrice", UNSET)

        apr = d.pop("apr", UNSET)

        _tags = d.pop("tags", UNSET)
        if _tags is not None:
            for _tags_index, _tags_item in enumerate(_tags):
                if _tags_item is None:
                    raise TypeError(f"tags[{_tags_index}] is null, and the schema admits no null there")
        tags: list[str] = _tags

        _reward_infos = d.pop("rewardInfos", UNSET)
        reward_infos: list[FarmRewardInfo] | Unset = UNSET
        if _reward_infos is not UNSET:
            reward_infos = []
            for reward_infos_item_data_index, reward_infos_item_data in enumerate(_reward_infos):
                if reward_infos_item_data is None:
                    raise TypeError(
                        f"rewardInfos[{reward_infos_item_data_index}] is null, and the schema admits no null there"
                    )

                reward_infos_item = FarmRewardInfo.from_dict(reward_infos_item_data)

                reward_infos.append(reward_infos_item)

        farm_info = cls(
            program_id=program_id,
            id=id,
            symbol_mints=symbol_mints,
            lp_mint=lp_mint,
            tvl=tvl,
            lp_price=lp_price,
            apr=apr,
            tags=tags,
            reward_infos=reward_infos,
        )

        farm_info.additional_properties = d
        return farm_info

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
