"""A client library for accessing Launch auth service (forum wallet-signed handshake)"""

from .client import AuthenticatedClient, Client

__all__ = (
    "AuthenticatedClient",
    "Client",
)
