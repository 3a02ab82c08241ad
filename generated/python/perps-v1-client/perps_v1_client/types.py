"""Shared types of the generated functions and models.

Generated from scripts/templates/python-client/types.py.jinja (a custom
openapi-python-client template); do not edit the generated copy.

An absent optional field reads as ``UNSET``: msgspec's sentinel (``msgspec.UNSET``, of type
``msgspec.UnsetType``), which the models (msgspec Structs) use. It is falsy, so
``if pool.tvl:`` and ``page.data or []`` read naturally, and ``isinstance(value, Unset)``
tells an absent key apart; a field typed ``float | Unset`` makes ``mypy --strict`` ask for
that check before arithmetic. An optional argument left ``UNSET`` is not sent. A key the
service sends as ``null`` where the schema does not admit ``null`` is a shape error, as any
other value of the wrong type.
"""

from collections.abc import Mapping, MutableMapping
from typing import IO, BinaryIO, Generic, TypeVar

from attrs import define
from msgspec import UNSET
from msgspec import UnsetType as Unset

# The types that `httpx.Client(files=)` can accept, copied from that library.
FileContent = IO[bytes] | bytes | str
FileTypes = (
    # (filename, file (or bytes), content_type)
    tuple[str | None, FileContent, str | None]
    # (filename, file (or bytes), content_type, headers)
    | tuple[str | None, FileContent, str | None, Mapping[str, str]]
)
RequestFiles = list[tuple[str, FileTypes]]


@define
class File:
    """Contains information for file uploads"""

    payload: BinaryIO
    file_name: str | None = None
    mime_type: str | None = None

    def to_tuple(self) -> FileTypes:
        """Return a tuple representation that httpx will accept for multipart/form-data"""
        return self.file_name, self.payload, self.mime_type


T = TypeVar("T")


@define
class Response(Generic[T]):
    """A response from an endpoint. ``status_code`` is the plain integer status (any of
    100-599, including ones no standard names, such as Cloudflare's 520)."""

    status_code: int
    content: bytes
    headers: MutableMapping[str, str]
    parsed: T | None


@define
class RawBody:
    """The 2xx response of an operation whose response body the source does not show:
    the status, the headers and the bytes, as they came."""

    status_code: int
    headers: MutableMapping[str, str]
    content: bytes

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")


__all__ = ["UNSET", "File", "FileTypes", "RawBody", "RequestFiles", "Response", "Unset"]
