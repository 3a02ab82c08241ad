from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.swap_transaction_item import SwapTransactionItem
    from ..models.swap_transactions import SwapTransactions


T = TypeVar("T", bound="SwapTransactionResponse")


@_attrs_define
class SwapTransactionResponse:
    """
    Attributes:
        success (bool): true on success; false on failure. Always check it before reading `data`.
        data (list[SwapTransactionItem] | SwapTransactions): The transaction response: a base64-encoded versioned
            transaction, plus address
            lookup table addresses when txVersion=V0.
        id (str | Unset): Request identifier (a UUID in the pool data service).
        msg (str | Unset): Present on failure and populated: human-readable in the pool data and perps
            metadata services; in the transaction service it holds an error code.
        version (str | Unset): Observed on every transaction-service response (seen as V1).
    """

    success: bool
    data: list[SwapTransactionItem] | SwapTransactions
    id: str | Unset = UNSET
    msg: str | Unset = UNSET
    version: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.swap_transactions import SwapTransactions  # noqa: PLC0415

        success = self.success

        data: dict[str, Any] | list[dict[str, Any]]
        if isinstance(self.data, SwapTransactions):
            data = self.data.to_dict()
        else:
            data = []
            for componentsschemas_swap_transactions_type_1_item_data in self.data:
                componentsschemas_swap_transactions_type_1_item = (
                    componentsschemas_swap_transactions_type_1_item_data.to_dict()
                )
                data.append(componentsschemas_swap_transactions_type_1_item)

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
        from ..models.swap_transaction_item import SwapTransactionItem  # noqa: PLC0415
        from ..models.swap_transactions import SwapTransactions  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        def _parse_data(data: object) -> list[SwapTransactionItem] | SwapTransactions:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_swap_transactions_type_0 = SwapTransactions.from_dict(data)

                return componentsschemas_swap_transactions_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            componentsschemas_swap_transactions_type_1 = []
            _componentsschemas_swap_transactions_type_1 = data
            for (
                componentsschemas_swap_transactions_type_1_item_data_index,
                componentsschemas_swap_transactions_type_1_item_data,
            ) in enumerate(_componentsschemas_swap_transactions_type_1):
                if componentsschemas_swap_transactions_type_1_item_data is None:
                    raise TypeError(
                        f"SwapTransactions_type_1[{componentsschemas_swap_transactions_type_1_item_data_index}] is null, and the schema admits no null there"
                    )

                componentsschemas_swap_transactions_type_1_item = SwapTransactionItem.from_dict(
                    componentsschemas_swap_transactions_type_1_item_data
                )

                componentsschemas_swap_transactions_type_1.append(componentsschemas_swap_transactions_type_1_item)

            return componentsschemas_swap_transactions_type_1

        data = _parse_data(d.pop("data"))

        id = d.pop("id", UNSET)

        msg = d.pop("msg", UNSET)

        version = d.pop("version", UNSET)

        swap_transaction_response = cls(
            success=success,
            data=data,
            id=id,
            msg=msg,
            version=version,
        )

        swap_transaction_response.additional_properties = d
        return swap_transaction_response

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
