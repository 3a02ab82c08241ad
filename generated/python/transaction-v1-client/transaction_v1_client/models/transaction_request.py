from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tx_version import TxVersion
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.bundle_info import BundleInfo
    from ..models.nonce_info import NonceInfo
    from ..models.swap_compute_response import SwapComputeResponse


T = TypeVar("T", bound="TransactionRequest")


@_attrs_define
class TransactionRequest:
    """The body of both transaction endpoints. Required: `wallet`, `swapResponse`,
    `txVersion`, `computeUnitPriceMicroLamports`. Conditional rules (also encoded below
    as JSON Schema: `dependentSchemas` on `wrapSol` holds an `if`/`then`, the second rule
    nested in the first's `then`; generators ignore it, validators apply it):

    - `inputAccount` is required when the input is not wrapped, that is unless
      `wrapSol` is true.
    - When `wrapSol` and `unwrapSol` are both false, explicit token accounts must be
      supplied: `inputAccount` and `outputAccount`.

    Each rule applies where the flags are sent as false. The source does not state what
    an omitted `wrapSol` or `unwrapSol` means, so a body that omits a flag is not held
    to a rule that depends on it (send both flags to be held to both rules).

        Attributes:
            wallet (str): Signing wallet address.
            swap_response (SwapComputeResponse): The compute response: the envelope with the swap quote as `data`. Send it
                whole and
                unchanged as `swapResponse` to the transaction endpoint; it stays valid for about
                30 seconds.
            tx_version (TxVersion): Transaction format, chosen per request. `V0` uses address lookup tables (smaller,
                cheaper); `LEGACY` works with every RPC endpoint and wallet.
            compute_unit_price_micro_lamports (int | str): Priority fee in micro-lamports per compute unit; 0 means none.
            wrap_sol (bool | Unset): true: the native token is wrapped for input; inputAccount is then unnecessary.
            unwrap_sol (bool | Unset): true: wrapped output is unwrapped to the native token; outputAccount is then
                unnecessary.
            input_account (str | Unset): Token account of the input; required when the input is not wrapped.
            output_account (str | Unset): Token account receiving the output.
            nonce_info (NonceInfo | Unset): Durable nonce for offline signing.
            bundle_info (BundleInfo | Unset): MEV-protection bundle parameters.
    """

    wallet: str
    swap_response: SwapComputeResponse
    tx_version: TxVersion
    compute_unit_price_micro_lamports: int | str
    wrap_sol: bool | Unset = UNSET
    unwrap_sol: bool | Unset = UNSET
    input_account: str | Unset = UNSET
    output_account: str | Unset = UNSET
    nonce_info: NonceInfo | Unset = UNSET
    bundle_info: BundleInfo | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        wallet = self.wallet

        swap_response = self.swap_response.to_dict()

        tx_version = self.tx_version.value

        compute_unit_price_micro_lamports: int | str
        compute_unit_price_micro_lamports = self.compute_unit_price_micro_lamports

        wrap_sol = self.wrap_sol

        unwrap_sol = self.unwrap_sol

        input_account = self.input_account

        output_account = self.output_account

        nonce_info: dict[str, Any] | Unset = UNSET
        if not isinstance(self.nonce_info, Unset):
            nonce_info = self.nonce_info.to_dict()

        bundle_info: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bundle_info, Unset):
            bundle_info = self.bundle_info.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "wallet": wallet,
                "swapResponse": swap_response,
                "txVersion": tx_version,
                "computeUnitPriceMicroLamports": compute_unit_price_micro_lamports,
            }
        )
        if wrap_sol is not UNSET:
            field_dict["wrapSol"] = wrap_sol
        if unwrap_sol is not UNSET:
            field_dict["unwrapSol"] = unwrap_sol
        if input_account is not UNSET:
            field_dict["inputAccount"] = input_account
        if output_account is not UNSET:
            field_dict["outputAccount"] = output_account
        if nonce_info is not UNSET:
            field_dict["nonceInfo"] = nonce_info
        if bundle_info is not UNSET:
            field_dict["bundleInfo"] = bundle_info

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.bundle_info import BundleInfo  # noqa: PLC0415
        from ..models.nonce_info import NonceInfo  # noqa: PLC0415
        from ..models.swap_compute_response import SwapComputeResponse  # noqa: PLC0415

        d = dict(src_dict)
        wallet = d.pop("wallet")

        swap_response = SwapComputeResponse.from_dict(d.pop("swapResponse"))

        tx_version = TxVersion(d.pop("txVersion"))

        def _parse_compute_unit_price_micro_lamports(data: object) -> int | str:
            return cast(int | str, data)

        compute_unit_price_micro_lamports = _parse_compute_unit_price_micro_lamports(
            d.pop("computeUnitPriceMicroLamports")
        )

        wrap_sol = d.pop("wrapSol", UNSET)

        unwrap_sol = d.pop("unwrapSol", UNSET)

        input_account = d.pop("inputAccount", UNSET)

        output_account = d.pop("outputAccount", UNSET)

        _nonce_info = d.pop("nonceInfo", UNSET)
        nonce_info: NonceInfo | Unset
        if isinstance(_nonce_info, Unset):
            nonce_info = UNSET
        else:
            nonce_info = NonceInfo.from_dict(_nonce_info)

        _bundle_info = d.pop("bundleInfo", UNSET)
        bundle_info: BundleInfo | Unset
        if isinstance(_bundle_info, Unset):
            bundle_info = UNSET
        else:
            bundle_info = BundleInfo.from_dict(_bundle_info)

        transaction_request = cls(
            wallet=wallet,
            swap_response=swap_response,
            tx_version=tx_version,
            compute_unit_price_micro_lamports=compute_unit_price_micro_lamports,
            wrap_sol=wrap_sol,
            unwrap_sol=unwrap_sol,
            input_account=input_account,
            output_account=output_account,
            nonce_info=nonce_info,
            bundle_info=bundle_info,
        )

        transaction_request.additional_properties = d
        return transaction_request

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
