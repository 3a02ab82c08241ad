from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.swap_quote import SwapQuote


T = TypeVar("T", bound="SwapComputeResponse")


@_attrs_define
class SwapComputeResponse:
    """The compute response: the envelope with the swap quote as `data`. Send it whole and
    unchanged as `swapResponse` to the transaction endpoint; it stays valid for about
    30 seconds.

        Attributes:
            success (bool): true on success; false on failure. Always check it before reading `data`.
            data (SwapQuote): The swap quote: the expected output amount (base-in) or the required input
                (base-out), the route breakdown of pools and liquidity sources, and the price impact.
            id (str | Unset): Request identifier (a UUID in the pool data service).
            msg (str | Unset): Present on failure and populated: human-readable in the pool data and perps
                metadata services; in the transaction service it holds an error code.
            version (str | Unset): Observed on every transaction-service response (seen as V1).
    """

    success: bool
    data: SwapQuote
    id: str | Unset = UNSET
    msg: str | Unset = UNSET
    version: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        success = self.success

        data = self.data.to_dict()

        id = self.id

        msg = self.msg

        version = self.version

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "success": success,
                "data": data,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if msg is not UNSET:
            field_dict["msg"] = msg
        if version is not UNSET:
            field_dict["version"] = version

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.swap_quote import SwapQuote  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        data = SwapQuote.from_dict(d.pop("data"))

        id = d.pop("id", UNSET)

        msg = d.pop("msg", UNSET)

        version = d.pop("version", UNSET)

        swap_compute_response = cls(
            success=success,
            data=data,
            id=id,
            msg=msg,
            version=version,
        )

        swap_compute_response.additional_properties = d
        return swap_compute_response

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
