from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.pool_info_item_type import PoolInfoItemType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pool_config import PoolConfig
    from ..models.pool_period_stats import PoolPeriodStats
    from ..models.token import Token


T = TypeVar("T", bound="PoolInfoItem")


@_attrs_define
class PoolInfoItem:
    """A pool record as public evidence shows it (the SDK's ApiV3PoolInfoItem), not from the source; nothing is required.
    It is one merged schema for both variants, told apart by `type`: `Concentrated` pools add `config`; `Standard` pools
    add `lpMint`, `lpPrice`, `lpAmount` and `marketId` or `config`.

        Attributes:
            type_ (PoolInfoItemType | Unset):
            program_id (str | Unset):
            id (str | Unset): The pool id.
            mint_a (Token | Unset): A token record (mint) as public evidence shows it; not from the source, nothing
                required.
            mint_b (Token | Unset): A token record (mint) as public evidence shows it; not from the source, nothing
                required.
            price (float | Unset):
            mint_amount_a (float | Unset):
            mint_amount_b (float | Unset):
            fee_rate (float | Unset):
            open_time (float | str | Unset):
            tvl (float | Unset): Total value locked.
            day (PoolPeriodStats | Unset): Volume, fees, APR and price range of a pool over a day, week or month (public
                evidence).
            week (PoolPeriodStats | Unset): Volume, fees, APR and price range of a pool over a day, week or month (public
                evidence).
            month (PoolPeriodStats | Unset): Volume, fees, APR and price range of a pool over a day, week or month (public
                evidence).
            farm_upcoming_count (int | Unset):
            farm_ongoing_count (int | Unset):
            farm_finished_count (int | Unset):
            burn_percent (float | Unset):
            has_dynamic_fee (bool | Unset):
            lp_mint (Token | Unset): A token record (mint) as public evidence shows it; not from the source, nothing
                required.
            lp_price (float | Unset):
            lp_amount (float | Unset):
            market_id (str | Unset):
            config (PoolConfig | Unset): The fee configuration of a pool, as the SDK types it: concentrated pools carry
                ApiClmmConfigV3, constant-product (CPMM) pools ApiCpmmConfigV3. One merged schema, nothing required:
                `tickSpacing`, `description`, `defaultRange` and `defaultRangePoint` belong to concentrated pools,
                `createPoolFee` to CPMM pools.
    """

    type_: PoolInfoItemType | Unset = UNSET
    program_id: str | Unset = UNSET
    id: str | Unset = UNSET
    mint_a: Token | Unset = UNSET
    mint_b: Token | Unset = UNSET
    price: float | Unset = UNSET
    mint_amount_a: float | Unset = UNSET
    mint_amount_b: float | Unset = UNSET
    fee_rate: float | Unset = UNSET
    open_time: float | str | Unset = UNSET
    tvl: float | Unset = UNSET
    day: PoolPeriodStats | Unset = UNSET
    week: PoolPeriodStats | Unset = UNSET
    month: PoolPeriodStats | Unset = UNSET
    farm_upcoming_count: int | Unset = UNSET
    farm_ongoing_count: int | Unset = UNSET
    farm_finished_count: int | Unset = UNSET
    burn_percent: float | Unset = UNSET
    has_dynamic_fee: bool | Unset = UNSET
    lp_mint: Token | Unset = UNSET
    lp_price: float | Unset = UNSET
    lp_amount: float | Unset = UNSET
    market_id: str | Unset = UNSET
    config: PoolConfig | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_: str | Unset = UNSET
        if not isinstance(self.type_, Unset):
            type_ = self.type_.value

        program_id = self.program_id

        id = self.id

        mint_a: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mint_a, Unset):
            mint_a = self.mint_a.to_dict()

        mint_b: dict[str, Any] | Unset = UNSET
        if not isinstance(self.mint_b, Unset):
            mint_b = self.mint_b.to_dict()

        price = self.price

        mint_amount_a = self.mint_amount_a

        mint_amount_b = self.mint_amount_b

        fee_rate = self.fee_rate

        open_time: float | str | Unset
        if isinstance(self.open_time, Unset):
            open_time = UNSET
        else:
            open_time = self.open_time

        tvl = self.tvl

        day: dict[str, Any] | Unset = UNSET
        if not isinstance(self.day, Unset):
            day = self.day.to_dict()

        week: dict[str, Any] | Unset = UNSET
        if not isinstance(self.week, Unset):
            week = self.week.to_dict()

        month: dict[str, Any] | Unset = UNSET
        if not isinstance(self.month, Unset):
            month = self.month.to_dict()

        farm_upcoming_count = self.farm_upcoming_count

        farm_ongoing_count = self.farm_ongoing_count

        farm_finished_count = self.farm_finished_count

        burn_percent = self.burn_percent

        has_dynamic_fee = self.has_dynamic_fee

        lp_mint: dict[str, Any] | Unset = UNSET
        if not isinstance(self.lp_mint, Unset):
            lp_mint = self.lp_mint.to_dict()

        lp_price = self.lp_price

        lp_amount = self.lp_amount

        market_id = self.market_id

        config: dict[str, Any] | Unset = UNSET
        if not isinstance(self.config, Unset):
            config = self.config.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if type_ is not UNSET:
            field_dict["type"] = type_
        if program_id is not UNSET:
            field_dict["programId"] = program_id
        if id is not UNSET:
            field_dict["id"] = id
        if mint_a is not UNSET:
            field_dict["mintA"] = mint_a
        if mint_b is not UNSET:
            field_dict["mintB"] = mint_b
        if price is not UNSET:
            field_dict["price"] = price
        if mint_amount_a is not UNSET:
            field_dict["mintAmountA"] = mint_amount_a
        if mint_amount_b is not UNSET:
            field_dict["mintAmountB"] = mint_amount_b
        if fee_rate is not UNSET:
            field_dict["feeRate"] = fee_rate
        if open_time is not UNSET:
            field_dict["openTime"] = open_time
        if tvl is not UNSET:
            field_dict["tvl"] = tvl
        if day is not UNSET:
            field_dict["day"] = day
        if week is not UNSET:
            field_dict["week"] = week
        if month is not UNSET:
            field_dict["month"] = month
        if farm_upcoming_count is not UNSET:
            field_dict["farmUpcomingCount"] = farm_upcoming_count
        if farm_ongoing_count is not UNSET:
            field_dict["farmOngoingCount"] = farm_ongoing_count
        if farm_finished_count is not UNSET:
            field_dict["farmFinishedCount"] = farm_finished_count
        if burn_percent is not UNSET:
            field_dict["burnPercent"] = burn_percent
        if has_dynamic_fee is not UNSET:
            field_dict["hasDynamicFee"] = has_dynamic_fee
        if lp_mint is not UNSET:
            field_dict["lpMint"] = lp_mint
        if lp_price is not UNSET:
            field_dict["lpPrice"] = lp_price
        if lp_amount is not UNSET:
            field_dict["lpAmount"] = lp_amount
        if market_id is not UNSET:
            field_dict["marketId"] = market_id
        if config is not UNSET:
            field_dict["config"] = config

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.pool_config import PoolConfig  # noqa: PLC0415
        from ..models.pool_period_stats import PoolPeriodStats  # noqa: PLC0415
        from ..models.token import Token  # noqa: PLC0415

        d = dict(src_dict)
        _type_ = d.pop("type", UNSET)
        type_: PoolInfoItemType | Unset
        if isinstance(_type_, Unset):
            type_ = UNSET
        else:
            type_ = PoolInfoItemType(_type_)

        program_id = d.pop("programId", UNSET)

        id = d.pop("id", UNSET)

        _mint_a = d.pop("mintA", UNSET)
        mint_a: Token | Unset
        if isinstance(_mint_a, Unset):
            mint_a = UNSET
        else:
            mint_a = Token.from_dict(_mint_a)

        _mint_b = d.pop("mintB", UNSET)
        mint_b: Token | Unset
        if isinstance(_mint_b, Unset):
            mint_b = UNSET
        else:
            mint_b = Token.from_dict(_mint_b)

        price = d.pop("price", UNSET)

        mint_amount_a = d.pop("mintAmountA", UNSET)

        mint_amount_b = d.pop("mintAmountB", UNSET)

        fee_rate = d.pop("feeRate", UNSET)

        def _parse_open_time(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        open_time = _parse_open_time(d.pop("openTime", UNSET))

        tvl = d.pop("tvl", UNSET)

        _day = d.pop("day", UNSET)
        day: PoolPeriodStats | Unset
        if isinstance(_day, Unset):
            day = UNSET
        else:
            day = PoolPeriodStats.from_dict(_day)

        _week = d.pop("week", UNSET)
        week: PoolPeriodStats | Unset
        if isinstance(_week, Unset):
            week = UNSET
        else:
            week = PoolPeriodStats.from_dict(_week)

        _month = d.pop("month", UNSET)
        month: PoolPeriodStats | Unset
        if isinstance(_month, Unset):
            month = UNSET
        else:
            month = PoolPeriodStats.from_dict(_month)

        farm_upcoming_count = d.pop("farmUpcomingCount", UNSET)

        farm_ongoing_count = d.pop("farmOngoingCount", UNSET)

        farm_finished_count = d.pop("farmFinishedCount", UNSET)

        burn_percent = d.pop("burnPercent", UNSET)

        has_dynamic_fee = d.pop("hasDynamicFee", UNSET)

        _lp_mint = d.pop("lpMint", UNSET)
        lp_mint: Token | Unset
        if isinstance(_lp_mint, Unset):
            lp_mint = UNSET
        else:
            lp_mint = Token.from_dict(_lp_mint)

        lp_price = d.pop("lpPrice", UNSET)

        lp_amount = d.pop("lpAmount", UNSET)

        market_id = d.pop("marketId", UNSET)

        _config = d.pop("config", UNSET)
        config: PoolConfig | Unset
        if isinstance(_config, Unset):
            config = UNSET
        else:
            config = PoolConfig.from_dict(_config)

        pool_info_item = cls(
            type_=type_,
            program_id=program_id,
            id=id,
            mint_a=mint_a,
            mint_b=mint_b,
            price=price,
            mint_amount_a=mint_amount_a,
            mint_amount_b=mint_amount_b,
            fee_rate=fee_rate,
            open_time=open_time,
            tvl=tvl,
            day=day,
            week=week,
            month=month,
            farm_upcoming_count=farm_upcoming_count,
            farm_ongoing_count=farm_ongoing_count,
            farm_finished_count=farm_finished_count,
            burn_percent=burn_percent,
            has_dynamic_fee=has_dynamic_fee,
            lp_mint=lp_mint,
            lp_price=lp_price,
            lp_amount=lp_amount,
            market_id=market_id,
            config=config,
        )

        pool_info_item.additional_properties = d
        return pool_info_item

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
