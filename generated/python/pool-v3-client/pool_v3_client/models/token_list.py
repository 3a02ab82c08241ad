from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.token import Token


T = TypeVar("T", bound="TokenList")


@_attrs_define
class TokenList:
    """The token list (the data of /mint/list).

    Attributes:
        mint_list (list[Token] | Unset):
        blacklist (list[str] | Unset):
        white_list (list[str] | Unset):
    """

    mint_list: list[Token] | Unset = UNSET
    blacklist: list[str] | Unset = UNSET
    white_list: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mint_list: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.mint_list, Unset):
            mint_list = []
            for mint_list_item_data in self.mint_list:
                mint_list_item = mint_list_item_data.to_dict()
                mint_list.append(mint_list_item)

        blacklist: list[str] | Unset = UNSET
        if not isinstance(self.blacklist, Unset):
            blacklist = self.blacklist

        white_list: list[str] | Unset = UNSET
        if not isinstance(self.white_list, Unset):
            white_list = self.white_list

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if mint_list is not UNSET:
            field_dict["mintList"] = mint_list
        if blacklist is not UNSET:
            field_dict["blacklist"] = blacklist
        if white_list is not UNSET:
            field_dict["whiteList"] = white_list

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.token import Token  # noqa: PLC0415

        d = dict(src_dict)
        _mint_list = d.pop("mintList", UNSET)
        mint_list: list[Token] | Unset = UNSET
        if _mint_list is not UNSET:
            mint_list = []
            for mint_list_item_data_index, mint_list_item_data in enumerate(_mint_list):
                if mint_list_item_data is None:
                    raise TypeError(
                        f"mintList[{mint_list_item_data_index}] is null, and the schema admits no null there"
                    )

                mint_list_item = Token.from_dict(mint_list_item_data)

                mint_list.append(mint_list_item)

        _blacklist = d.pop("blacklist", UNSET)
        if _blacklist is not None:
            for _blacklist_index, _blacklist_item in enumerate(_blacklist):
                if _blacklist_item is None:
                    raise TypeError(f"blacklist[{_blacklist_index}] is null, and the schema admits no null there")
        blacklist: list[str] = _blacklist

        _white_list = d.pop("whiteList", UNSET)
        if _white_list is not None:
            for _white_list_index, _white_list_item in enumerate(_white_list):
                if _white_list_item is None:
                    raise TypeError(f"whiteList[{_white_list_index}] is null, and the schema admits no null there")
        white_list: list[str] = _white_list

        token_list = cls(
            mint_list=mint_list,
            blacklist=blacklist,
            white_list=white_list,
        )

        token_list.additional_properties = d
        return token_list

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
