"""Contains all the data models used in inputs/outputs"""

from .availability_response import AvailabilityResponse
from .campaign_configuration_response import CampaignConfigurationResponse
from .campaign_leaderboard_response import CampaignLeaderboardResponse
from .campaign_user_stats_response import CampaignUserStatsResponse
from .closed_position_share_request import ClosedPositionShareRequest
from .envelope import Envelope
from .envelope_core import EnvelopeCore
from .failure_envelope import FailureEnvelope
from .live_position_share_request import LivePositionShareRequest
from .market_statistics_response import MarketStatisticsResponse
from .perp_pool_entry import PerpPoolEntry
from .perp_pool_list_response import PerpPoolListResponse
from .perps_success_envelope import PerpsSuccessEnvelope
from .rpc_list_response import RpcListResponse
from .share_response import ShareResponse
from .temp_key_response import TempKeyResponse
from .version_info_response import VersionInfoResponse

__all__ = (
    "AvailabilityResponse",
    "CampaignConfigurationResponse",
    "CampaignLeaderboardResponse",
    "CampaignUserStatsResponse",
    "ClosedPositionShareRequest",
    "Envelope",
    "EnvelopeCore",
    "FailureEnvelope",
    "LivePositionShareRequest",
    "MarketStatisticsResponse",
    "PerpPoolEntry",
    "PerpPoolListResponse",
    "PerpsSuccessEnvelope",
    "RpcListResponse",
    "ShareResponse",
    "TempKeyResponse",
    "VersionInfoResponse",
)
