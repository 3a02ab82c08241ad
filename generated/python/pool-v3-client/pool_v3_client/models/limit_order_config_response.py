from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.limit_order_config import LimitOrderConfig
    from ..models.limit_order_config_data import LimitOrderConfigData


T = TypeVar("T", bound="LimitOrderConfigResponse")


@_attrs_define
class LimitOrderConfigResponse:
    """
    Attributes:
        success (bool): true on success; false on failure. Always check it before reading `data`.
        data (LimitOrderConfigData | list[LimitOrderConfig]): Per-pool limit-order configuration: per pool, whether
            limit orders are enabled, the
            minimum input amount, and `limit_order_admin`, an off-chain keeper authorized to
            settle filled orders. `data` is an object or an array; where it is an array, each
            entry is read as one pool's configuration (`LimitOrderConfig`, the one per-pool
            field the source names), so `limit_order_admin` is typed wherever a client can
            reach it. How the entries are arranged in an object is not shown.
        id (str | Unset): The request identifier of the pool data service, a UUID (Envelope, id), on successes and
            failures.
        msg (str | Unset): Present on failure and populated: human-readable in the pool data and perps
            metadata services; in the transaction service it holds an error code.
    """

    success: bool
    data: LimitOrderConfigData | list[LimitOrderConfig]
    id: str | Unset = UNSET
    msg: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.limit_order_config_data import LimitOrderConfigData  # noqa: PLC0415

        success = self.success

        data: dict[str, Any] | list[dict[str, Any]]
        if isinstance(self.data, LimitOrderConfigData):
            data = self.data.to_dict()
        else:
            data = []
            for componentsschemas_limit_order_config_data_type_1_item_data in self.data:
                componentsschemas_limit_order_config_data_type_1_item = (
                    componentsschemas_limit_order_config_data_type_1_item_data.to_dict()
                )
                data.append(componentsschemas_limit_order_config_data_type_1_item)

        id = self.id

        msg = self.msg

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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.limit_order_config import LimitOrderConfig  # noqa: PLC0415
        from ..models.limit_order_config_data import LimitOrderConfigData  # noqa: PLC0415

        d = dict(src_dict)
        success = d.pop("success")

        def _parse_data(data: object) -> LimitOrderConfigData | list[LimitOrderConfig]:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_limit_order_config_data_type_0 = LimitOrderConfigData.from_dict(data)

                return componentsschemas_limit_order_config_data_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, list):
                raise TypeError()
            componentsschemas_limit_order_config_data_type_1 = []
            _componentsschemas_limit_order_config_data_type_1 = data
            for (
                componentsschemas_limit_order_config_data_type_1_item_data_index,
                componentsschemas_limit_order_config_data_type_1_item_data,
            ) in enumerate(_componentsschemas_limit_order_config_data_type_1):
                if componentsschemas_limit_order_config_data_type_1_item_data is None:
                    raise TypeError(
                        f"LimitOrderConfigData_type_1[{componentsschemas_limit_order_config_data_type_1_item_data_index}] is null, and the schema admits no null there"
                    )

                componentsschemas_limit_order_config_data_type_1_item = LimitOrderConfig.from_dict(
                    componentsschemas_limit_order_config_data_type_1_item_data
                )

                componentsschemas_limit_order_config_data_type_1.append(
                    componentsschemas_limit_order_config_data_type_1_item
                )

            return componentsschemas_limit_order_config_data_type_1

        data = _parse_data(d.pop("data"))

        id = d.pop("id", UNSET)

        msg = d.pop("msg", UNSET)

        limit_order_config_response = cls(
            success=success,
            data=data,
            id=id,
            msg=msg,
        )

        limit_order_config_response.additional_properties = d
        return limit_order_config_response

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
