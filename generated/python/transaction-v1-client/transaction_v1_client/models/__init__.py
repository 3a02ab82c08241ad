"""Contains all the data models used in inputs/outputs"""

from .bundle_info import BundleInfo
from .envelope import Envelope
from .envelope_core import EnvelopeCore
from .failure_core import FailureCore
from .failure_data import FailureData
from .nonce_info import NonceInfo
from .route_plan_step import RoutePlanStep
from .swap_base_in_transaction_request import SwapBaseInTransactionRequest
from .swap_compute_response import SwapComputeResponse
from .swap_quote import SwapQuote
from .swap_quote_swap_type import SwapQuoteSwapType
from .swap_transaction_item import SwapTransactionItem
from .swap_transaction_response import SwapTransactionResponse
from .swap_transactions import SwapTransactions
from .transaction_failure_envelope import TransactionFailureEnvelope
from .transaction_request import TransactionRequest
from .tx_version import TxVersion

__all__ = (
    "BundleInfo",
    "Envelope",
    "EnvelopeCore",
    "FailureCore",
    "FailureData",
    "NonceInfo",
    "RoutePlanStep",
    "SwapBaseInTransactionRequest",
    "SwapComputeResponse",
    "SwapQuote",
    "SwapQuoteSwapType",
    "SwapTransactionItem",
    "SwapTransactionResponse",
    "SwapTransactions",
    "TransactionFailureEnvelope",
    "TransactionRequest",
    "TxVersion",
)
