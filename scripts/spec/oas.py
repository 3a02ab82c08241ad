"""Shared helpers for reading OpenAPI 3.1 documents: strict YAML loading, $ref
resolution across files, and a walker that classifies every OpenAPI object.

Library module (no command line). The one-job scripts in this folder import it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag

import yaml

JSON = Any

HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

# Keywords whose value is a single subschema / a list of subschemas / a map of subschemas.
_SCHEMA_ONE = (
    "additionalProperties",
    "items",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contentSchema",
)
_SCHEMA_LIST = ("allOf", "anyOf", "oneOf", "prefixItems")
_SCHEMA_MAP = ("properties", "patternProperties", "dependentSchemas", "$defs")


class SpecError(Exception):
    """A problem in a spec file, reported as ``file: pointer: message``."""

    def __init__(self, file: str, pointer: str, message: str) -> None:
        super().__init__(f"{file}: {pointer or '/'}: {message}")
        self.file = file
        self.pointer = pointer
        self.message = message


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that rejects duplicate mapping keys instead of keeping the last one."""


# The same loader on libyaml's parser (PyYAML's CSafeLoader), when PyYAML was built with it:
# a spec reads about ten times faster. Its marks name no file and quote no line, so a document
# it refuses is read again by _StrictLoader, whose message is the one given. The two parsers
# differ at the edges (libyaml takes a tab after a colon, PyYAML a `%YAML 1.3` directive), and a
# document either one reads is read (docs/decisions/, 89).
_FastStrictLoader: type[yaml.CSafeLoader] | None = None
if yaml.__with_libyaml__:

    class _CStrictLoader(yaml.CSafeLoader):
        """CSafeLoader that rejects duplicate mapping keys instead of keeping the last one."""

    _FastStrictLoader = _CStrictLoader


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    mapping: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node)
        if key in mapping:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        mapping[key] = loader.construct_object(value_node, deep=True)
    return mapping


for _loader in (_StrictLoader, _FastStrictLoader):
    if _loader is not None:
        _loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_document(path: Path) -> JSON:
    """Load a YAML or JSON file strictly; raise SpecError naming the file on failure."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SpecError(str(path), "", f"cannot read file: {exc.strerror}") from exc
    try:
        if path.suffix == ".json":
            return json.loads(text)
        if _FastStrictLoader is not None:
            try:
                return _read_yaml(_FastStrictLoader(text))
            except yaml.YAMLError:
                pass  # read again below: PyYAML's message names the file and quotes the line
        loader = _StrictLoader(text)
        loader.name = str(path)  # marks in error messages name the file
        return _read_yaml(loader)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise SpecError(str(path), "", f"not valid YAML/JSON: {exc}") from exc


def _read_yaml(loader: yaml.SafeLoader | yaml.CSafeLoader) -> JSON:
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


class _BlockDumper(yaml.SafeDumper):
    """SafeDumper that writes a multi-line string as a literal block (`|`), so descriptions
    and code samples read as text in the YAML files."""


def _represent_str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_BlockDumper.add_representer(str, _represent_str)


def dump_yaml(doc: JSON) -> str:
    """A document as YAML in its own key order; multi-line strings as literal blocks where
    YAML allows one (a string with a tab or trailing spaces falls back to quotes)."""
    return yaml.dump(doc, Dumper=_BlockDumper, sort_keys=False, allow_unicode=True, width=100)


def escape_token(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


def pointer_join(pointer: str, *tokens: str | int) -> str:
    return pointer + "".join("/" + escape_token(str(t)) for t in tokens)


def resolve_pointer(doc: JSON, pointer: str) -> JSON:
    """Resolve a JSON pointer (without the leading '#'); raise KeyError if absent."""
    node = doc
    if pointer in ("", "/"):
        return node
    for raw in pointer.lstrip("/").split("/"):
        token = unquote(raw).replace("~1", "/").replace("~0", "~")
        if isinstance(node, list):
            if not token.isdigit() or int(token) >= len(node):
                raise KeyError(pointer)
            node = node[int(token)]
        elif isinstance(node, dict) and token in node:
            node = node[token]
        else:
            raise KeyError(pointer)
    return node


@dataclass(frozen=True)
class Location:
    """A node of a document: the file it is in, its JSON pointer, its value."""

    file: Path
    pointer: str
    value: JSON

    def __str__(self) -> str:
        return f"{self.file}#{self.pointer}"


class DocumentSet:
    """The files reachable from one entry document through $ref, loaded once each."""

    def __init__(self, entry: Path) -> None:
        self.entry = entry.resolve()
        self._docs: dict[Path, JSON] = {}
        self.load(self.entry)

    def load(self, path: Path) -> JSON:
        path = path.resolve()
        if path not in self._docs:
            self._docs[path] = load_document(path)
        return self._docs[path]

    @property
    def files(self) -> list[Path]:
        return list(self._docs)

    def display(self, path: Path) -> str:
        """Path as the user gave it (relative to the working directory if possible)."""
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            return str(path)

    def resolve(self, file: Path, ref: str, at: str) -> Location:
        """Resolve ``ref`` found in ``file`` at pointer ``at``; SpecError if it dangles."""
        target, fragment = urldefrag(ref)
        target_file = (file.parent / unquote(target)).resolve() if target else file
        if not target_file.is_file():
            raise SpecError(self.display(file), at, f"dangling $ref {ref!r}: file {target!r} does not exist")
        doc = self.load(target_file)
        try:
            value = resolve_pointer(doc, fragment)
        except KeyError:
            raise SpecError(
                self.display(file),
                at,
                f"dangling $ref {ref!r}: no {fragment!r} in {self.display(target_file)}",
            ) from None
        return Location(target_file, fragment, value)

    def deref(self, loc: Location) -> Location:
        """Follow $ref chains until a node without $ref."""
        seen: set[tuple[Path, str]] = set()
        while isinstance(loc.value, dict) and "$ref" in loc.value:
            key = (loc.file, loc.pointer)
            if key in seen:
                raise SpecError(self.display(loc.file), loc.pointer, "circular $ref chain")
            seen.add(key)
            loc = self.resolve(loc.file, loc.value["$ref"], pointer_join(loc.pointer, "$ref"))
        return loc


# An integer beyond 2^53 that the bundle keeps exact (scripts/spec/bundle.py): a bound of a named
# component schema (or of a member of its own anyOf), which keeps its name and pointer through
# `redocly bundle`.
_BOUNDS = "minimum|maximum|exclusiveMinimum|exclusiveMaximum"
EXACT_BOUND = re.compile(rf"^/components/schemas/[^/]+/(anyOf/\d+/)?({_BOUNDS})$")


def unsafe_integers(node: JSON, pointer: str = "") -> Iterator[tuple[str, int]]:
    """(pointer, value) of every integer literal that an IEEE double cannot hold exactly."""
    if isinstance(node, bool):
        return
    if isinstance(node, int) and abs(node) > 2**53:
        yield pointer or "/", node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from unsafe_integers(value, pointer_join(pointer, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from unsafe_integers(value, pointer_join(pointer, i))


def reachable_files(entry: Path) -> DocumentSet:
    """The entry document and every file its $refs reach, loaded (a dangling $ref raises)."""
    docs = DocumentSet(entry)
    pending, seen = [docs.entry], set()
    while pending:
        file = pending.pop()
        if file in seen:
            continue
        seen.add(file)
        for pointer, holder in ref_holders(docs.load(file)):
            pending.append(docs.resolve(file, holder["$ref"], pointer_join(pointer, "$ref")).file)
    return docs


_LITERAL_KEYS = frozenset({"example", "enum", "const", "default"})


def is_literal(key: str, pointer: str, value: JSON) -> bool:
    """True for keys whose value is data, not OpenAPI: extension values, examples,
    enum/const/default values. ``pointer`` is the pointer of the object holding ``key``."""
    if key == "default" and pointer.rsplit("/", 2)[-2:] in ([m, "responses"] for m in HTTP_METHODS):
        return False  # an operation's responses: `default` is the response for any other status
    if key.startswith("x-") or key in _LITERAL_KEYS:
        return True
    if key == "examples" and isinstance(value, list):
        return True  # JSON Schema `examples`: a list of values
    return key == "value" and pointer.rsplit("/", 2)[-2:-1] == ["examples"]


def ref_holders(node: JSON, pointer: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """(pointer, object) for every object with a string $ref, outside literal data."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield pointer, node
        for key, value in node.items():
            if key != "$ref" and not is_literal(str(key), pointer, value):
                yield from ref_holders(value, pointer_join(pointer, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from ref_holders(value, pointer_join(pointer, i))


def backs_element(citation: JSON) -> bool:
    """True for an x-evidence citation that backs the element it stands on (the
    source-only view removes that element): one without ``values`` (which back enum
    values only) and without ``withoutEvidence`` (which backs keywords only)."""
    return isinstance(citation, dict) and "values" not in citation and "withoutEvidence" not in citation


def is_evidence_element(node: JSON) -> bool:
    """True for an object that exists because of public evidence (x-evidence with a
    citation that backs the element)."""
    return isinstance(node, dict) and any(backs_element(c) for c in node.get("x-evidence") or [])


@dataclass(frozen=True)
class Node:
    """An OpenAPI object found by the walker."""

    kind: str  # root, info, operation, parameter, request-body, response, header,
    #            media-type, example, schema, tag, server, server-variable, path-item,
    #            security-scheme
    pointer: str
    value: dict[str, Any]


def walk(doc: JSON) -> Iterator[Node]:
    """Yield every OpenAPI object of one document with its kind.

    Reference objects ($ref) are not followed: the target is yielded where it is
    defined. Extension values and example values are not descended into.
    """
    if not isinstance(doc, dict):
        return
    yield Node("root", "", doc)
    if isinstance(doc.get("info"), dict):
        yield Node("info", "/info", doc["info"])
    for i, tag in enumerate(doc.get("tags") or []):
        if isinstance(tag, dict):
            yield Node("tag", pointer_join("/tags", i), tag)
    for i, server in enumerate(doc.get("servers") or []):
        if isinstance(server, dict):
            yield Node("server", pointer_join("/servers", i), server)
            for name, variable in (server.get("variables") or {}).items():
                if isinstance(variable, dict):
                    yield Node("server-variable", pointer_join("/servers", i, "variables", name), variable)
    for path, item in (doc.get("paths") or {}).items():
        yield from _walk_path_item(pointer_join("/paths", path), item)
    for name, item in (doc.get("webhooks") or {}).items():
        yield from _walk_path_item(pointer_join("/webhooks", name), item)
    components = doc.get("components") or {}
    kinds = {
        "schemas": _walk_schema,
        "responses": _walk_response,
        "parameters": _walk_parameter,
        "requestBodies": _walk_request_body,
        "headers": _walk_header,
        "examples": _walk_example,
    }
    for section, walker in kinds.items():
        for name, value in (components.get(section) or {}).items():
            yield from walker(pointer_join("/components", section, name), value)
    for name, value in (components.get("pathItems") or {}).items():
        yield from _walk_path_item(pointer_join("/components/pathItems", name), value)
    for name, value in (components.get("securitySchemes") or {}).items():
        if isinstance(value, dict) and "$ref" not in value:
            yield Node("security-scheme", pointer_join("/components/securitySchemes", name), value)


def _is_object(value: JSON) -> bool:
    return isinstance(value, dict) and "$ref" not in value


def _walk_path_item(pointer: str, item: JSON) -> Iterator[Node]:
    if not _is_object(item):
        return
    yield Node("path-item", pointer, item)
    for i, param in enumerate(item.get("parameters") or []):
        yield from _walk_parameter(pointer_join(pointer, "parameters", i), param)
    for method in HTTP_METHODS:
        if method in item:
            yield from _walk_operation(pointer_join(pointer, method), item[method])


def _walk_operation(pointer: str, op: JSON) -> Iterator[Node]:
    if not _is_object(op):
        return
    yield Node("operation", pointer, op)
    for i, param in enumerate(op.get("parameters") or []):
        yield from _walk_parameter(pointer_join(pointer, "parameters", i), param)
    if "requestBody" in op:
        yield from _walk_request_body(pointer_join(pointer, "requestBody"), op["requestBody"])
    for status, response in (op.get("responses") or {}).items():
        yield from _walk_response(pointer_join(pointer, "responses", status), response)


def _walk_parameter(pointer: str, param: JSON) -> Iterator[Node]:
    if not _is_object(param):
        return
    yield Node("parameter", pointer, param)
    yield from _walk_schema_and_content(pointer, param)


def _walk_header(pointer: str, header: JSON) -> Iterator[Node]:
    if not _is_object(header):
        return
    yield Node("header", pointer, header)
    yield from _walk_schema_and_content(pointer, header)


def _walk_schema_and_content(pointer: str, owner: dict[str, Any]) -> Iterator[Node]:
    if "schema" in owner:
        yield from _walk_schema(pointer_join(pointer, "schema"), owner["schema"])
    for name, example in (owner.get("examples") or {}).items():
        yield from _walk_example(pointer_join(pointer, "examples", name), example)
    for media, value in (owner.get("content") or {}).items():
        yield from _walk_media_type(pointer_join(pointer, "content", media), value)


def _walk_request_body(pointer: str, body: JSON) -> Iterator[Node]:
    if not _is_object(body):
        return
    yield Node("request-body", pointer, body)
    for media, value in (body.get("content") or {}).items():
        yield from _walk_media_type(pointer_join(pointer, "content", media), value)


def _walk_response(pointer: str, response: JSON) -> Iterator[Node]:
    if not _is_object(response):
        return
    yield Node("response", pointer, response)
    for name, header in (response.get("headers") or {}).items():
        yield from _walk_header(pointer_join(pointer, "headers", name), header)
    for media, value in (response.get("content") or {}).items():
        yield from _walk_media_type(pointer_join(pointer, "content", media), value)


def _walk_media_type(pointer: str, media: JSON) -> Iterator[Node]:
    if not _is_object(media):
        return
    yield Node("media-type", pointer, media)
    yield from _walk_schema_and_content(pointer, {k: v for k, v in media.items() if k != "content"})


def _walk_example(pointer: str, example: JSON) -> Iterator[Node]:
    if _is_object(example):
        yield Node("example", pointer, example)


def _walk_schema(pointer: str, schema: JSON) -> Iterator[Node]:
    if not _is_object(schema):
        return
    yield Node("schema", pointer, schema)
    for key in _SCHEMA_ONE:
        if isinstance(schema.get(key), dict):
            yield from _walk_schema(pointer_join(pointer, key), schema[key])
    for key in _SCHEMA_LIST:
        for i, sub in enumerate(schema.get(key) or []):
            yield from _walk_schema(pointer_join(pointer, key, i), sub)
    for key in _SCHEMA_MAP:
        for name, sub in (schema.get(key) or {}).items():
            yield from _walk_schema(pointer_join(pointer, key, name), sub)


_SHAPE_KEYWORDS = frozenset(
    {
        "properties",
        "patternProperties",
        "items",
        "prefixItems",
        "allOf",
        "anyOf",
        "oneOf",
        "$ref",
        "enum",
        "const",
        "not",
        "if",
    }
)


# Assertions that constrain a value described elsewhere (e.g. `else: {required: [x]}`).
_CONSTRAINT_KEYWORDS = frozenset(
    {
        "required",
        "dependentRequired",
        "minProperties",
        "maxProperties",
        "minLength",
        "maxLength",
        "pattern",
        "format",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minItems",
        "maxItems",
        "uniqueItems",
    }
)


def is_open_shapeless(schema: dict[str, Any]) -> bool:
    """True for a schema that shows no shape: an object (or untyped value) with no
    properties, no composition and no typed additionalProperties. Such a schema must
    carry ``x-not-shown``. An untyped schema made only of assertions (a conditional's
    `then: {required: [...]}`) constrains a value described elsewhere: not open."""
    if _SHAPE_KEYWORDS & schema.keys():
        return False
    if schema.get("maxProperties") == 0:
        return False  # an empty object shows its whole shape
    if "type" not in schema and _CONSTRAINT_KEYWORDS & schema.keys():
        return False
    if isinstance(schema.get("additionalProperties"), dict):
        return False  # a map with a typed value shape
    types = schema.get("type")
    if types is None:
        return True
    type_list = types if isinstance(types, list) else [types]
    return "object" in type_list


def merged_properties(schema: JSON) -> dict[str, Any]:
    """Properties of a dereferenced schema, merged through allOf (later members win)."""
    if not isinstance(schema, dict):
        return {}
    props: dict[str, Any] = {}
    for member in schema.get("allOf") or []:
        props.update(merged_properties(member))
    props.update(schema.get("properties") or {})
    return props


def merged_required(schema: JSON) -> set[str]:
    """Required names of a dereferenced schema, merged through allOf."""
    if not isinstance(schema, dict):
        return set()
    names = set(schema.get("required") or [])
    for member in schema.get("allOf") or []:
        names |= merged_required(member)
    return names


def example_values(docs: DocumentSet, file: Path, pointer: str, owner: dict[str, Any]) -> Iterator[tuple[str, JSON]]:
    """(name, value) of the examples of a media type, parameter or header, following
    $ref to components/examples. Raises SpecError for a dangling example $ref."""
    if "example" in owner:
        yield "example", owner["example"]
    for name, example in (owner.get("examples") or {}).items():
        loc = docs.deref(Location(file, pointer_join(pointer, "examples", name), example))
        if isinstance(loc.value, dict) and "value" in loc.value:
            yield name, loc.value["value"]


def is_object_or_array(members: Any) -> bool:
    """`anyOf` of an inline object schema and an inline array schema (the bundles' object-or-array `data`)."""
    return isinstance(members, list) and all(isinstance(m, dict) and "$ref" not in m for m in members) \
        and sorted(str(m.get("type")) for m in members) == ["array", "object"]


def is_u64_digits_or_integer(members: Any) -> bool:
    """`anyOf` of a string of digits and a `format: uint64` integer (the bundles' AmountU64)."""
    return isinstance(members, list) and len(members) == 2 and all(isinstance(m, dict) for m in members) \
        and [m.get("type") for m in members] == ["string", "integer"] and "pattern" in members[0] \
        and members[1].get("format") == "uint64"


def typed_view(node: Any, pointer: str = "") -> Any:
    """The bundle as openapi-python-client, datamodel-code-generator, openapi-typescript and the
    docs pages read it (decision 54): each `anyOf` of an inline object and an inline array
    schema folded back into one `type: [object, array]` schema, which these type as the same
    union with its keywords kept (the published bundles use `anyOf`, which other tools read
    better), and `additionalProperties: true` left implicit (its default). A u64 that is a
    string of digits or an integer reads as its `format: uint64` integer (decision 56): our
    templates map that to each language's exact type (`bigint | `${bigint}``, `int`, `u64`)."""
    if isinstance(node, list):
        return [typed_view(v, pointer_join(pointer, i)) for i, v in enumerate(node)]
    if not isinstance(node, dict):
        return node
    out = {k: (v if is_literal(k, pointer, v) else typed_view(v, pointer_join(pointer, k))) for k, v in node.items()}
    if out.get("additionalProperties") is True:
        del out["additionalProperties"]
    members = out.get("anyOf")
    if isinstance(members, list) and is_object_or_array(members):
        del out["anyOf"]
        folded: dict[str, Any] = {"type": ["object", "array"]}
        for member in members:
            folded |= {k: v for k, v in member.items() if k != "type"}
        out = folded | out
    elif isinstance(members, list) and is_u64_digits_or_integer(members):
        out = members[1] | {k: v for k, v in out.items() if k != "anyOf"}
    return out


def error_codes(doc: JSON) -> list[dict[str, Any]]:
    """The host's error-code catalogue (`x-error-codes`, on whichever component schema holds it),
    where it has one."""
    for schema in (doc.get("components") or {}).get("schemas", {}).values():
        if isinstance(schema, dict) and schema.get("x-error-codes"):
            return list(schema["x-error-codes"])
    return []
