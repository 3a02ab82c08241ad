"""Contains all the data models used in inputs/outputs"""

from .availability import Availability
from .availability_response import AvailabilityResponse
from .campaign_configuration import CampaignConfiguration
from .campaign_configuration_response import CampaignConfigurationResponse
from .campaign_leaderboard import CampaignLeaderboard
from .campaign_leaderboard_response import CampaignLeaderboardResponse
from .campaign_user_stats import CampaignUserStats
from .campaign_user_stats_response import CampaignUserStatsResponse
from .closed_position_share_request import ClosedPositionShareRequest
from .envelope import Envelope
from .envelope_core import EnvelopeCore
from .failure_core import FailureCore
from .failure_data import FailureData
from .live_position_share_request import LivePositionShareRequest
from .market_statistics import MarketStatistics
from .market_statistics_response import MarketStatisticsResponse
from .perp_pool_entry import PerpPoolEntry
from .perp_pool_list_response import PerpPoolListResponse
from .perps_success_envelope import PerpsSuccessEnvelope
from .rpc_list import RpcList
from .rpc_list_response import RpcListResponse
from .share_image import ShareImage
from .share_response import ShareResponse
from .temp_key import TempKey
from .temp_key_response import TempKeyResponse
from .version_info import VersionInfo
from .version_info_response import VersionInfoResponse

__all__ = (
    "Availability",
    "AvailabilityResponse",
    "CampaignConfiguration",
    "CampaignConfigurationResponse",
    "CampaignLeaderboard",
    "CampaignLeaderboardResponse",
    "CampaignUserStats",
    "CampaignUserStatsResponse",
    "ClosedPositionShareRequest",
    "Envelope",
    "EnvelopeCore",
    "FailureCore",
    "FailureData",
    "LivePositionShareRequest",
    "MarketStatistics",
    "MarketStatisticsResponse",
    "PerpPoolEntry",
    "PerpPoolListResponse",
    "PerpsSuccessEnvelope",
    "RpcList",
    "RpcListResponse",
    "ShareImage",
    "ShareResponse",
    "TempKey",
    "TempKeyResponse",
    "VersionInfo",
    "VersionInfoResponse",
)
