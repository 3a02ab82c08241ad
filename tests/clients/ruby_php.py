"""What the Ruby and PHP client tests share: an operation's arguments from the bundle's
examples, and the names the generator gives a host and an operation."""

from __future__ import annotations

import re
from typing import Any

from calls import resolve


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).replace("-", "_").lower()


def arguments(host: str, op: dict[str, Any]) -> tuple[list[object], str | None]:
    """The positional arguments (the body first, then the required parameters in order)
    as JSON values, and the body's model name (None for an open object body)."""
    values: list[object] = []
    model = None
    if "requestBody" in op:
        media = resolve(host, op["requestBody"])["content"]["application/json"]
        values.append(resolve(host, next(iter(media["examples"].values())))["value"])
        schema = resolve(host, media["schema"])
        if "properties" in schema or "allOf" in schema:
            model = media["schema"]["$ref"].rsplit("/", 1)[1]
    for param in (resolve(host, p) for p in op.get("parameters", [])):
        if param.get("required"):
            values.append(param["example"])
    return values, model


def studly(host: str) -> str:
    return "".join(part.capitalize() for part in host.split("-"))
