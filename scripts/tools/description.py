"""A host's OpenAPI description as the mock server and the drift probe read it.

Library module, written once and copied into each tool package as `_description.py` by
scripts/tools/write.py (the packages ship no other module of this repository). It reads the
bundle a package ships as data, `descriptions/<host>.json` (the probe also reads the
source-only view, `descriptions/<host>.source-only.json`), and answers what both tools ask:
the operations with their parameters and request bodies, the response declared for a
status, its named examples and headers, and a JSON Schema 2020-12 validator for any schema
of the document, by its JSON pointer (the bundle is the registry its `$ref`s resolve in, so
every finding points into the document a user can open).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

JSON = Any  # parsed JSON: untyped by nature
HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
VIEWS = ("full", "source-only")


def escape(token: str) -> str:
    """A JSON pointer's reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


def join(pointer: str, *tokens: str | int) -> str:
    return pointer + "".join("/" + escape(str(t)) for t in tokens)


def data_folder() -> Traversable:
    """The descriptions this package ships (`<package>/descriptions/`)."""
    return resources.files(__package__ or __name__) / "descriptions"


def shipped_hosts(folder: Traversable | None = None) -> list[str]:
    """The hosts whose full bundle the package ships, sorted."""
    names = [p.name for p in (folder or data_folder()).iterdir()]
    return sorted(n.removesuffix(".json") for n in names if n.endswith(".json") and ".source-only." not in n)


@dataclass(frozen=True)
class Parameter:
    name: str
    location: str  # query, header, path, cookie
    required: bool
    schema: str  # the pointer of its schema in the document
    examples: tuple[JSON, ...]  # its `example`, or its named examples' values, in order

    @property
    def example(self) -> JSON:
        return self.examples[0] if self.examples else None


@dataclass(frozen=True)
class Operation:
    host: str
    method: str  # lower case, as the document spells it
    path: str
    operation_id: str
    pointer: str  # the operation's pointer in the document
    parameters: tuple[Parameter, ...]
    body: str | None  # the pointer of the request body's JSON schema
    body_required: bool
    sensitive: bool  # the operation or one of its responses carries `x-sensitive`

    def __str__(self) -> str:
        return f"{self.method.upper()} {self.path} ({self.operation_id})"


class Description:
    """One host's description in one view (`full`: the bundle; `source-only`: every
    x-evidence element stripped, what the source document states)."""

    def __init__(self, host: str, document: dict[str, Any], view: str = "full") -> None:
        self.host, self.document, self.view = host, document, view
        self.uri = f"urn:raydium-api:{host}:{view}"
        resource: Resource[Any] = Resource.from_contents(document, default_specification=DRAFT202012)
        self.registry: Registry[Any] = Registry().with_resource(self.uri, resource)
        self._validators: dict[str, jsonschema.Draft202012Validator] = {}

    @classmethod
    def load(cls, host: str, view: str = "full", folder: Traversable | None = None) -> Description:
        import json

        if view not in VIEWS:
            raise ValueError(f"no view {view!r} (views: {', '.join(VIEWS)})")
        name = f"{host}.json" if view == "full" else f"{host}.source-only.json"
        source = (folder or data_folder()) / name
        if not source.is_file():
            raise LookupError(f"no description of {host!r} in this package (hosts: {', '.join(shipped_hosts(folder))})")
        return cls(host, json.loads(source.read_text(encoding="utf-8")), view)

    # -- the document ----------------------------------------------------------------------------
    def node(self, pointer: str) -> JSON:
        found: JSON = self.document
        for raw in pointer.lstrip("/").split("/") if pointer not in ("", "/") else []:
            token = raw.replace("~1", "/").replace("~0", "~")
            found = found[int(token)] if isinstance(found, list) else found[token]
        return found

    def follow(self, pointer: str) -> tuple[str, JSON]:
        """The node at `pointer`, its local `$ref`s followed: (its own pointer, the node)."""
        node = self.node(pointer)
        seen = {pointer}
        while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#"):
            pointer = node["$ref"][1:]
            if pointer in seen:
                raise ValueError(f"{self.host}: a $ref cycle at {pointer}")
            seen.add(pointer)
            node = self.node(pointer)
        return pointer, node

    @property
    def version(self) -> str:
        return str(self.document.get("info", {}).get("version", ""))

    @property
    def public_url(self) -> str | None:
        """The first server without variables: the public host (None where the description
        names only a placeholder, as launch-auth's `.invalid` host)."""
        for server in self.document.get("servers") or []:
            url = str(server.get("url", ""))
            if "{" not in url and not url.rstrip("/").endswith(".invalid"):
                return url.rstrip("/")
        return None

    # -- operations ------------------------------------------------------------------------------
    @cached_property
    def operations(self) -> list[Operation]:
        found = []
        for path, item in (self.document.get("paths") or {}).items():
            item_pointer = join("/paths", path)
            shared = item.get("parameters") or []
            for method in HTTP_METHODS:
                op = item.get(method)
                if not isinstance(op, dict):
                    continue
                pointer = join(item_pointer, method)
                params = {p.name + "\0" + p.location: p for p in
                          [*self._parameters(join(item_pointer, "parameters"), shared),
                           *self._parameters(join(pointer, "parameters"), op.get("parameters") or [])]}  # fmt: skip
                body, required = self._body(pointer, op)
                responses = [self.follow(join(pointer, "responses", code))[1] for code in op.get("responses") or {}]
                sensitive = "x-sensitive" in op or any("x-sensitive" in r for r in responses if isinstance(r, dict))
                found.append(Operation(self.host, method, path, str(op.get("operationId", f"{method} {path}")),
                                       pointer, tuple(params.values()), body, required, sensitive))  # fmt: skip
        return found

    def _parameters(self, base: str, listed: list[JSON]) -> list[Parameter]:
        found = []
        for index in range(len(listed)):
            pointer, param = self.follow(join(base, index))
            examples: tuple[JSON, ...] = ()
            if "example" in param:
                examples = (param["example"],)
            elif isinstance(param.get("examples"), dict):
                examples = tuple(self.follow(join(pointer, "examples", name))[1].get("value")
                                 for name in param["examples"])  # fmt: skip
            schema = join(pointer, "schema") if "schema" in param else ""
            found.append(Parameter(str(param["name"]), str(param["in"]), bool(param.get("required")) or
                                   param["in"] == "path", schema, examples))  # fmt: skip
        return found

    def _body(self, pointer: str, op: dict[str, Any]) -> tuple[str | None, bool]:
        if "requestBody" not in op:
            return None, False
        body_pointer, body = self.follow(join(pointer, "requestBody"))
        if "application/json" not in (body.get("content") or {}):
            return None, bool(body.get("required"))
        media = join(body_pointer, "content", "application/json")
        return (join(media, "schema") if "schema" in self.node(media) else None), bool(body.get("required"))

    # -- responses -------------------------------------------------------------------------------
    def response(self, op: Operation, status: int) -> str | None:
        """The pointer of the response the operation declares for `status` (its code, its
        range such as `4XX`, or `default`), its `$ref` followed; None where none is."""
        declared = self.node(op.pointer).get("responses") or {}
        for code in (str(status), f"{str(status)[0]}XX", "default"):
            if code in declared:
                return self.follow(join(op.pointer, "responses", code))[0]
        return None

    def json_media(self, response: str) -> str | None:
        """The pointer of a response's `application/json` media type (None: no JSON body)."""
        content = self.node(response).get("content") or {}
        return join(response, "content", "application/json") if "application/json" in content else None

    def examples(self, media: str) -> dict[str, JSON]:
        """A media type's named example values (its single `example` as `example`), in order."""
        node = self.node(media)
        if isinstance(node.get("examples"), dict):
            return {name: self.follow(join(media, "examples", name))[1].get("value") for name in node["examples"]}
        return {"example": node["example"]} if "example" in node else {}

    def headers(self, response: str) -> dict[str, str]:
        """The response's headers that have an example, with it as text."""
        found = {}
        for name in self.node(response).get("headers") or {}:
            _, header = self.follow(join(response, "headers", name))
            example = header.get("example", (header.get("schema") or {}).get("example"))
            if example is not None:
                found[name] = str(example)
        return found

    def error_codes(self) -> list[str]:
        """Every error code the description lists (`x-extensible-enum` of each schema that has
        `x-error-codes`), in order."""
        codes: list[str] = []
        for schema in (self.document.get("components") or {}).get("schemas", {}).values():
            if isinstance(schema, dict) and "x-error-codes" in schema:
                codes += [str(c) for c in schema.get("x-extensible-enum") or [] if str(c) not in codes]
        return codes

    # -- validation ------------------------------------------------------------------------------
    def validator(self, pointer: str) -> jsonschema.Draft202012Validator:
        """A JSON Schema 2020-12 validator of the schema at `pointer` (its `$ref`s resolved in
        the document)."""
        if pointer not in self._validators:
            self._validators[pointer] = jsonschema.Draft202012Validator({"$ref": f"{self.uri}#{pointer}"},
                                                                        registry=self.registry)  # fmt: skip
        return self._validators[pointer]
