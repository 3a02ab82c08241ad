"""Contains all the data models used in inputs/outputs"""

from .chain_statistics import ChainStatistics
from .chain_statistics_response import ChainStatisticsResponse
from .dynamic_fee_config import DynamicFeeConfig
from .dynamic_fee_config_list_response import DynamicFeeConfigListResponse
from .envelope import Envelope
from .envelope_core import EnvelopeCore
from .failure_core import FailureCore
from .failure_data import FailureData
from .farm_info import FarmInfo
from .farm_page import FarmPage
from .farm_page_response import FarmPageResponse
from .farm_reward_info import FarmRewardInfo
from .limit_order_config import LimitOrderConfig
from .limit_order_config_data import LimitOrderConfigData
from .limit_order_config_response import LimitOrderConfigResponse
from .mint_prices import MintPrices
from .mint_prices_response import MintPricesResponse
from .pool_config import PoolConfig
from .pool_cursor_page import PoolCursorPage
from .pool_cursor_page_response import PoolCursorPageResponse
from .pool_error import PoolError
from .pool_failure_envelope import PoolFailureEnvelope
from .pool_info_item import PoolInfoItem
from .pool_info_item_type import PoolInfoItemType
from .pool_page import PoolPage
from .pool_page_response import PoolPageResponse
from .pool_period_stats import PoolPeriodStats
from .pool_sort_field import PoolSortField
from .pool_success_envelope import PoolSuccessEnvelope
from .pool_type import PoolType
from .pools_by_mint import PoolsByMint
from .pools_by_mint_response import PoolsByMintResponse
from .pools_response import PoolsResponse
from .priority_fee_levels import PriorityFeeLevels
from .priority_fees import PriorityFees
from .priority_fees_response import PriorityFeesResponse
from .rpc_list import RpcList
from .rpc_list_response import RpcListResponse
from .rpc_list_strategy import RpcListStrategy
from .rpc_node import RpcNode
from .sort_type import SortType
from .token import Token
from .token_extensions import TokenExtensions
from .token_extensions_tips import TokenExtensionsTips
from .token_list import TokenList
from .token_list_response import TokenListResponse
from .transfer_fee import TransferFee
from .transfer_fee_config import TransferFeeConfig
from .version_info import VersionInfo
from .version_info_response import VersionInfoResponse

__all__ = (
    "ChainStatistics",
    "ChainStatisticsResponse",
    "DynamicFeeConfig",
    "DynamicFeeConfigListResponse",
    "Envelope",
    "EnvelopeCore",
    "FailureCore",
    "FailureData",
    "FarmInfo",
    "FarmPage",
    "FarmPageResponse",
    "FarmRewardInfo",
    "LimitOrderConfig",
    "LimitOrderConfigData",
    "LimitOrderConfigResponse",
    "MintPrices",
    "MintPricesResponse",
    "PoolConfig",
    "PoolCursorPage",
    "PoolCursorPageResponse",
    "PoolError",
    "PoolFailureEnvelope",
    "PoolInfoItem",
    "PoolInfoItemType",
    "PoolPage",
    "PoolPageResponse",
    "PoolPeriodStats",
    "PoolsByMint",
    "PoolsByMintResponse",
    "PoolSortField",
    "PoolsResponse",
    "PoolSuccessEnvelope",
    "PoolType",
    "PriorityFeeLevels",
    "PriorityFees",
    "PriorityFeesResponse",
    "RpcList",
    "RpcListResponse",
    "RpcListStrategy",
    "RpcNode",
    "SortType",
    "Token",
    "TokenExtensions",
    "TokenExtensionsTips",
    "TokenList",
    "TokenListResponse",
    "TransferFee",
    "TransferFeeConfig",
    "VersionInfo",
    "VersionInfoResponse",
)
