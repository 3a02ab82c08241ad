"""A client library for accessing Swap transaction service (Route V2, host transaction-v1)"""

from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
