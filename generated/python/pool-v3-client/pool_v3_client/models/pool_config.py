from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="PoolConfig")


@_attrs_define
class PoolConfig:
    """The fee configuration of a pool, as the SDK types it: concentrated pools carry ApiClmmConfigV3, constant-product
    (CPMM) pools ApiCpmmConfigV3. One merged schema, nothing required: `tickSpacing`, `description`, `defaultRange` and
    `defaultRangePoint` belong to concentrated pools, `createPoolFee` to CPMM pools.

        Attributes:
            id (str | Unset):
            index (int | Unset):
            protocol_fee_rate (float | Unset):
            trade_fee_rate (float | Unset):
            fund_fee_rate (float | Unset):
            tick_spacing (int | Unset):
            description (str | Unset):
            default_range (float | Unset):
            default_range_point (list[float] | Unset):
            create_pool_fee (str | Unset): An integer sent as a decimal string.
    """

    id: str | Unset = UNSET
    index: int | Unset = UNSET
    protocol_fee_rate: float | Unset = UNSET
    trade_fee_rate: float | Unset = UNSET
    fund_fee_rate: float | Unset = UNSET
    tick_spacing: int | Unset = UNSET
    description: str | Unset = UNSET
    default_range: float | Unset = UNSET
    default_range_point: list[float] | Unset = UNSET
    create_pool_fee: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        index = self.index

        protocol_fee_rate = self.protocol_fee_rate

        trade_fee_rate = self.trade_fee_rate

        fund_fee_rate = self.fund_fee_rate

        tick_spacing = self.tick_spacing

        description = self.description

        default_range = self.default_range

        default_range_point: list[float] | Unset = UNSET
        if not isinstance(self.default_range_point, Unset):
            default_range_point = self.default_range_point

        create_pool_fee = self.create_pool_fee

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if index is not UNSET:
            field_dict["index"] = index
        if protocol_fee_rate is not UNSET:
            field_dict["protocolFeeRate"] = protocol_fee_rate
        if trade_fee_rate is not UNSET:
            field_dict["tradeFeeRate"] = trade_fee_rate
        if fund_fee_rate is not UNSET:
            field_dict["fundFeeRate"] = fund_fee_rate
        if tick_spacing is not UNSET:
            field_dict["tickSpacing"] = tick_spacing
        if description is not UNSET:
            field_dict["description"] = description
        if default_range is not UNSET:
            field_dict["defaultRange"] = default_range
        if default_range_point is not UNSET:
            field_dict["defaultRangePoint"] = default_range_point
        if create_pool_fee is not UNSET:
            field_dict["createPoolFee"] = create_pool_fee

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        id = d.pop("id", UNSET)

        index = d.pop("index", UNSET)

        protocol_fee_rate = d.pop("protocolFeeRate", UNSET)

        trade_fee_rate = d.pop("tradeFeeRate", UNSET)

        fund_fee_rate = d.pop("fundFeeRate", UNSET)

        tick_spacing = d.pop("tickSpacing", UNSET)

        description = d.pop("description", UNSET)

        default_range = d.pop("defaultRange", UNSET)

        _default_range_point = d.pop("defaultRangePoint", UNSET)
        if _default_range_point is not None:
            for _default_range_point_index, _default_range_point_item in enumerate(_default_range_point):
                if _default_range_point_item is None:
                    raise TypeError(
                        f"defaultRangePoint[{_default_range_point_index}] is null, and the schema admits no null there"
                    )
        default_range_point: list[float] = _default_range_point

        create_pool_fee = d.pop("createPoolFee", UNSET)

        pool_config = cls(
            id=id,
            index=index,
            protocol_fee_rate=protocol_fee_rate,
            trade_fee_rate=trade_fee_rate,
            fund_fee_rate=fund_fee_rate,
            tick_spacing=tick_spacing,
            description=description,
            default_range=default_range,
            default_range_point=default_range_point,
            create_pool_fee=create_pool_fee,
        )

        pool_config.additional_properties = d
        return pool_config

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
