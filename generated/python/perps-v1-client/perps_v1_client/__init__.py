"""A client library for accessing Perps metadata service (v1)"""

from . import errors
from .client import DEFAULT_TIMEOUT, AuthenticatedClient, Client

# Customised (scripts/templates/python-client): every model is imported here, once. The
# generated parsers import models lazily inside functions, and the first calls of several
# threads would otherwise import circularly dependent modules at the same time, which
# Python answers with a _DeadlockError.
from . import models  # noqa: E402, F401  isort: skip

__all__ = (
    "DEFAULT_TIMEOUT",
    "AuthenticatedClient",
    "Client",
    "errors",
)
