"""Contains all the data models used in inputs/outputs"""

from .request_token_body import RequestTokenBody

__all__ = ("RequestTokenBody",)
