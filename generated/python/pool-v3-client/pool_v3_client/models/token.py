from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.token_extensions import TokenExtensions


T = TypeVar("T", bound="Token")


@_attrs_define
class Token:
    """A token record (mint) as public evidence shows it; not from the source, nothing required.

    Attributes:
        chain_id (int | Unset):
        address (str | Unset): The mint address.
        program_id (str | Unset):
        logo_uri (str | Unset):
        symbol (str | Unset):
        name (str | Unset):
        decimals (int | Unset):
        tags (list[str] | Unset):
        extensions (TokenExtensions | Unset): The `extensions` of a token record, as the SDK types them
            (ExtensionsItem); not from the source, nothing required. Tokens without extensions carry an empty object.
        freeze_authority (str | Unset):
        mint_authority (str | Unset):
    """

    chain_id: int | Unset = UNSET
    address: str | Unset = UNSET
    program_id: str | Unset = UNSET
    logo_uri: str | Unset = UNSET
    symbol: str | Unset = UNSET
    name: str | Unset = UNSET
    decimals: int | Unset = UNSET
    tags: list[str] | Unset = UNSET
    extensions: TokenExtensions | Unset = UNSET
    freeze_authority: str | Unset = UNSET
    mint_authority: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        chain_id = self.chain_id

        address = self.address

        program_id = self.program_id

        logo_uri = self.logo_uri

        symbol = self.symbol

        name = self.name

        decimals = self.decimals

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags

        extensions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extensions, Unset):
            extensions = self.extensions.to_dict()

        freeze_authority = self.freeze_authority

        mint_authority = self.mint_authority

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if chain_id is not UNSET:
            field_dict["chainId"] = chain_id
        if address is not UNSET:
            field_dict["address"] = address
        if program_id is not UNSET:
            field_dict["programId"] = program_id
        if logo_uri is not UNSET:
            field_dict["logoURI"] = logo_uri
        if symbol is not UNSET:
            field_dict["symbol"] = symbol
        if name is not UNSET:
            field_dict["name"] = name
        if decimals is not UNSET:
            field_dict["decimals"] = decimals
        if tags is not UNSET:
            field_dict["tags"] = tags
        if extensions is not UNSET:
            field_dict["extensions"] = extensions
        if freeze_authority is not UNSET:
            field_dict["freezeAuthority"] = freeze_authority
        if mint_authority is not UNSET:
            field_dict["mintAuthority"] = mint_authority

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.token_extensions import TokenExtensions  # noqa: PLC0415

        d = dict(src_dict)
        chain_id = d.pop("chainId", UNSET)

        address = d.pop("address", UNSET)

        program_id = d.pop("programId", UNSET)

        logo_uri = d.pop("logoURI", UNSET)

        symbol = d.pop("symbol", UNSET)

        name = d.pop("name", UNSET)

        decimals = d.pop("decimals", UNSET)

        _tags = d.pop("tags", UNSET)
        if _tags is not None:
            for _tags_index, _tags_item in enumerate(_tags):
                if _tags_item is None:
                    raise TypeError(f"tags[{_tags_index}] is null, and the schema admits no null there")
        tags: list[str] = _tags

        _extensions = d.pop("extensions", UNSET)
        extensions: TokenExtensions | Unset
        if isinstance(_extensions, Unset):
            extensions = UNSET
        else:
            extensions = TokenExtensions.from_dict(_extensions)

        freeze_authority = d.pop("freezeAuthority", UNSET)

        mint_authority = d.pop("mintAuthority", UNSET)

        token = cls(
            chain_id=chain_id,
            address=address,
            program_id=program_id,
            logo_uri=logo_uri,
            symbol=symbol,
            name=name,
            decimals=decimals,
            tags=tags,
            extensions=extensions,
            freeze_authority=freeze_authority,
            mint_authority=mint_authority,
        )

        token.additional_properties = d
        return token

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
