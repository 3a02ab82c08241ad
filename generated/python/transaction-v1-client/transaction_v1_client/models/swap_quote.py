from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.swap_quote_swap_type import SwapQuoteSwapType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.route_plan_step import RoutePlanStep


T = TypeVar("T", bound="SwapQuote")


@_attrs_define
class SwapQuote:
    """The swap quote: the expected output amount (base-in) or the required input
    (base-out), the route breakdown of pools and liquidity sources, and the price impact.

        Attributes:
            swap_type (SwapQuoteSwapType | Unset): BaseIn (fixed input) or BaseOut (fixed output).
            input_mint (str | Unset):
            input_amount (str | Unset): Input amount in the smallest unit, an integer sent as a decimal string.
            output_mint (str | Unset):
            output_amount (str | Unset): Output amount in the smallest unit, an integer sent as a decimal string.
            other_amount_threshold (str | Unset): Minimum output (base-in) or maximum input (base-out) after slippage, as a
                decimal string.
            slippage_bps (int | Unset): Basis points, 0 to 10000 (100 = 1%).
            price_impact_pct (float | Unset): Price impact, in percent.
            route_plan (list[RoutePlanStep] | Unset): The route, one step per pool.
    """

    swap_type: SwapQuoteSwapType | Unset = UNSET
    input_mint: str | Unset = UNSET
    input_amount: str | Unset = UNSET
    output_mint: str | Unset = UNSET
    output_amount: str | Unset = UNSET
    other_amount_threshold: str | Unset = UNSET
    slippage_bps: int | Unset = UNSET
    price_impact_pct: float | Unset = UNSET
    route_plan: list[RoutePlanStep] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        swap_type: str | Unset = UNSET
        if not isinstance(self.swap_type, Unset):
            swap_type = self.swap_type.value

        input_mint = self.input_mint

        input_amount = self.input_amount

        output_mint = self.output_mint

        output_amount = self.output_amount

        other_amount_threshold = self.other_amount_threshold

        slippage_bps = self.slippage_bps

        price_impact_pct = self.price_impact_pct

        route_plan: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.route_plan, Unset):
            route_plan = []
            for route_plan_item_data in self.route_plan:
                route_plan_item = route_plan_item_data.to_dict()
                route_plan.append(route_plan_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if swap_type is not UNSET:
            field_dict["swapType"] = swap_type
        if input_mint is not UNSET:
            field_dict["inputMint"] = input_mint
        if input_amount is not UNSET:
            field_dict["inputAmount"] = input_amount
        if output_mint is not UNSET:
            field_dict["outputMint"] = output_mint
        if output_amount is not UNSET:
            field_dict["outputAmount"] = output_amount
        if other_amount_threshold is not UNSET:
            field_dict["otherAmountThreshold"] = other_amount_threshold
        if slippage_bps is not UNSET:
            field_dict["slippageBps"] = slippage_bps
        if price_impact_pct is not UNSET:
            field_dict["priceImpactPct"] = price_impact_pct
        if route_plan is not UNSET:
            field_dict["routePlan"] = route_plan

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.route_plan_step import RoutePlanStep  # noqa: PLC0415

        d = dict(src_dict)
        _swap_type = d.pop("swapType", UNSET)
        swap_type: SwapQuoteSwapType | Unset
        if isinstance(_swap_type, Unset):
            swap_type = UNSET
        else:
            swap_type = SwapQuoteSwapType(_swap_type)

        input_mint = d.pop("inputMint", UNSET)

        input_amount = d.pop("inputAmount", UNSET)

        output_mint = d.pop("outputMint", UNSET)

        output_amount = d.pop("outputAmount", UNSET)

        other_amount_threshold = d.pop("otherAmountThreshold", UNSET)

        slippage_bps = d.pop("slippageBps", UNSET)

        price_impact_pct = d.pop("priceImpactPct", UNSET)

        _route_plan = d.pop("routePlan", UNSET)
        route_plan: list[RoutePlanStep] | Unset = UNSET
        if _route_plan is not UNSET:
            route_plan = []
            for route_plan_item_data_index, route_plan_item_data in enumerate(_route_plan):
                if route_plan_item_data is None:
                    raise TypeError(
                        f"routePlan[{route_plan_item_data_index}] is null, and the schema admits no null there"
                    )

                route_plan_item = RoutePlanStep.from_dict(route_plan_item_data)

                route_plan.append(route_plan_item)

        swap_quote = cls(
            swap_type=swap_type,
            input_mint=input_mint,
            input_amount=input_amount,
            output_mint=output_mint,
            output_amount=output_amount,
            other_amount_threshold=other_amount_threshold,
            slippage_bps=slippage_bps,
            price_impact_pct=price_impact_pct,
            route_plan=route_plan,
        )

        swap_quote.additional_properties = d
        return swap_quote

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
