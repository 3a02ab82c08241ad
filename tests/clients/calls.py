"""Calling any operation of any generated Python client from the bundles: which module,
which arguments (from the parameters' and bodies' named examples), which success type.
Shared by the Prism end-to-end tests and the hostile-scenario suite."""

from __future__ import annotations

import importlib
import pkgutil
import re
import typing
from enum import Enum
from types import ModuleType
from typing import Any

from project import HOSTS, bundle
from scripts.spec.oas import resolve_pointer


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).replace("-", "_").lower()


def resolve(host: str, node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = resolve_pointer(bundle(host), node["$ref"].removeprefix("#"))
    return node


def package(host: str) -> ModuleType:
    return importlib.import_module(f"{host.replace('-', '_')}_client")


def endpoint_module(host: str, operation_id: str) -> ModuleType:
    api = importlib.import_module(f"{host.replace('-', '_')}_client.api")
    for info in pkgutil.walk_packages(api.__path__, api.__name__ + "."):
        if info.name.endswith("." + snake(operation_id)):
            return importlib.import_module(info.name)
    raise LookupError(f"{host}: no generated module for {operation_id}")


def operations(hosts: typing.Iterable[str] = HOSTS) -> list[tuple[str, str, str, dict[str, Any]]]:
    """(host, method, path, operation) of every operation of the hosts."""
    found = []
    for host in hosts:
        for path, item in bundle(host)["paths"].items():
            for method, op in item.items():
                if isinstance(op, dict) and "operationId" in op:
                    found.append((host, method, path, op))
    return found


def call_arguments(host: str, module: ModuleType, op: dict[str, Any]) -> dict[str, Any]:
    """Required parameters from their examples; the body from the first request example."""
    kwargs: dict[str, Any] = {}
    hints = typing.get_type_hints(module.sync_detailed)
    for param in op.get("parameters", []):
        param = resolve(host, param)
        if param.get("required"):
            name = snake(param["name"])
            kind = hints[name]
            kwargs[name] = (
                kind(param["example"]) if isinstance(kind, type) and issubclass(kind, Enum) else param["example"]
            )
    body = op.get("requestBody")
    if body:
        media = resolve(host, body)["content"]["application/json"]
        example = resolve(host, next(iter(media["examples"].values())))["value"]
        kwargs["body"] = hints["body"].from_dict(example)
    return kwargs


def success_schema(op: dict[str, Any]) -> dict[str, Any] | None:
    """The 200 JSON schema of the success ($ref), leaving out a oneOf's failure member;
    None where the source shows no response body."""
    content = op["responses"]["200"].get("content")
    if not content:
        return None
    schema: dict[str, Any] = content["application/json"]["schema"]
    members: list[dict[str, Any]] = schema.get("oneOf", [schema])
    return next(m for m in members if not m["$ref"].endswith("FailureEnvelope"))


def success_type(op: dict[str, Any]) -> str:
    """The class name a successful call returns."""
    schema = success_schema(op)
    return "RawBody" if schema is None else str(schema["$ref"].rsplit("/", 1)[1])


def success_example(host: str, op: dict[str, Any]) -> dict[str, Any] | None:
    """The first success example of the 200 response (the evidence-shaped one first)."""
    content = resolve(host, op["responses"]["200"]).get("content")
    if not content:
        return None
    for example in content["application/json"].get("examples", {}).values():
        value = resolve(host, example).get("value")
        if isinstance(value, dict) and value.get("success") is True:
            found: dict[str, Any] = value
            return found
    raise LookupError(f"{op['operationId']}: no success example")


def values_page() -> tuple[str, dict[str, Any]]:
    """The pool-v3 list page of the "models are values" programs (tests/go/values/main.go,
    tests/rust/values.rs): its path and body, the listPools success example with two pools and a
    key no schema names at the envelope, page, item and nested token levels, one an amount
    string (it must come back a string, not a float)."""
    op = next(op for host, *_, op in operations(["pool-v3"]) if op["operationId"] == "listPools")
    example = success_example("pool-v3", op)
    assert example is not None
    pool = example["data"]["data"][0]
    first = {**pool, "zzItem": {"nested": [1, "two", None]}, "zzAmount": "18446744073709551615",
             "mintA": {**pool["mintA"], "zzToken": "kept"}}  # fmt: skip
    second = {**pool, "id": "58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2", "price": 0.5, "zzItem": True}
    page = {**example["data"], "count": 2, "data": [first, second], "zzPage": [1, 2]}
    return "/pools/info/list", {**example, "data": page, "zzEnvelope": "kept"}
