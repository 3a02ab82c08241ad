"""The Go, Ruby, PHP and Rust clients of one host, from openapi-generator (library module;
scripts/clients/generate.py calls `generate_languages`).

openapi-generator 7.26 reads OpenAPI 3.1 "in beta": it cannot express a type list
(`type: [object, array]` becomes an object, `[string, number]` an empty struct) nor a
boolean enum or const (`success: enum [true]` becomes a string enum in Rust). It therefore reads a
*generator view* of the typed view (`oas.typed_view`: an object-or-array `anyOf` is a type
list again, decision 54), derived mechanically (`generator_view`): a schema with
several types becomes "any JSON value"; a boolean `enum` or `const` is dropped (the client contract
checks `success` before any model is built); for Rust and PHP, whose generators make
empty structs (`{}`) of them, an `anyOf`/`oneOf` of scalars becomes "any JSON value"; for
PHP, which writes a nullable item's class name without its namespace, an `anyOf` of a
schema and `null` becomes that schema. Rust keeps it: the generator's normaliser reads it as
a nullable schema, and our model template types a list of such items `Vec<Option<X>>`.
The meaning the generators cannot carry stays in the bundle, and the clients' contract
layers (our templates) check the envelope and, from the bundle, the null items (`null_checks`).

All four run in one JVM (`openapi-generator-cli batch`). Each client then gets its LICENSE
and PROVENANCE.json, and loses the generator's files that are no part of a client here.
Every change to a generated file is an option or one of our templates.
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..common import templates, versions
from ..common.naming import GO_MODULE_ROOT, go_module_path, go_name, go_type_name, has_go_initialism, python_snake
from ..common.naming import generator_snake as snake
from ..common.paths import REPO
from ..spec import oas

TEMPLATES = REPO / "scripts" / "templates" / "openapi-generator"
GENERATOR = Path(sys.executable).parent / "openapi-generator-cli"
LANGUAGES = ("go", "ruby", "php", "rust")
# Files the generators write that are no part of a client here (CI recipes, a push script,
# docs and tests whose examples call a live host).
DROPPED = (".travis.yml", "git_push.sh", ".gitlab-ci.yml", ".github", "test", "spec", "docs", "api", ".rspec",
           ".rubocop.yml", "phpunit.xml.dist", ".php-cs-fixer.dist.php", "Rakefile", "Gemfile",
           ".openapi-generator-ignore", ".gitignore")  # fmt: skip


class LanguageError(Exception):
    pass


@dataclass(frozen=True)
class Names:
    """The names one host's clients take in each language."""

    host: str  # pool-v3
    version: str  # the client package's own version in its language (releases/client-versions.json)
    default_base_url: str  # the cited public host; "" where the source shows none

    @property
    def go_package(self) -> str:
        return self.host.replace("-", "")  # poolv3

    @property
    def go_module(self) -> str:
        return go_module_path(self.host, self.version)

    @property
    def ruby_gem(self) -> str:
        return f"raydium_{self.host.replace('-', '_')}_client"

    @property
    def ruby_module(self) -> str:
        return "Raydium" + "".join(part.capitalize() for part in self.host.split("-")) + "Client"

    @property
    def php_namespace(self) -> str:
        return "Raydium\\" + "".join(part.capitalize() for part in self.host.split("-"))

    @property
    def rust_crate(self) -> str:
        return f"raydium-{self.host}-client"


@dataclass(frozen=True)
class Language:
    name: str
    options: Callable[[Names], dict[str, Any]]
    scalar_alternatives_are_any: bool = False  # anyOf/oneOf of scalars -> any value (Rust: empty structs)
    null_alternative_dropped: bool = False  # anyOf [X, null] -> X (PHP writes X's class name without its namespace)
    u64_as_digits: bool = False  # a uint64 is a string of digits, its parameters marked x-u64 (PHP: no u64 type)
    go_names: bool = False  # Go's names: initialisms, enum constants, parameter setters (go_naming)
    files: dict[str, dict[str, str]] = field(default_factory=dict)  # our supporting files from templates


def _go(n: Names) -> dict[str, Any]:
    return {
        "additionalProperties": {
            "packageName": n.go_package, "packageVersion": n.version, "enumClassPrefix": False,
            "useOneOfDiscriminatorLookup": True, "disallowAdditionalPropertiesIfNotPresent": False,
            "generateInterfaces": False, "hideGenerationTimestamp": True,
            "x-go-runtime-module": versions.go_module(),  # required by go.mod.mustache, imported by contract.mustache
        },
        "typeMappings": {"number": "float64"},
        "schemaMappings": {"AmountU64": "AmountU64"},  # an alias of uint64 in contract.go
        # the module path: GO_MODULE_ROOT/go/<host>[/vN]
        "gitHost": GO_MODULE_ROOT, "gitUserId": "go", "gitRepoId": n.go_module.split("/go/", 1)[1],
    }  # fmt: skip


def _ruby(n: Names) -> dict[str, Any]:
    return {
        "additionalProperties": {
            "gemName": n.ruby_gem, "moduleName": n.ruby_module, "gemVersion": n.version, "gemLicense": "MIT",
            "gemRequiredRubyVersion": ">= 3.1", "library": "typhoeus", "gemAuthor": "raydium-api-descriptions",
            "gemSummary": f"Ruby client for the {n.host} service (generated, unofficial)", "gemHomepage": "",
            "hideGenerationTimestamp": True,
        },
    }  # fmt: skip


def _php(n: Names) -> dict[str, Any]:
    return {
        "additionalProperties": {
            "invokerPackage": n.php_namespace, "composerPackageName": f"raydium/{n.host}-client",
            "artifactVersion": n.version, "licenseName": "MIT", "hideGenerationTimestamp": True,
            "developerOrganization": "raydium-api-descriptions", "x-runtime-aliases": list(PHP_ALIASES),
        },
    }  # fmt: skip


def _rust(n: Names) -> dict[str, Any]:
    return {
        "additionalProperties": {
            "packageName": n.rust_crate, "packageVersion": n.version, "library": "reqwest", "supportAsync": False,
            "hideGenerationTimestamp": True, "avoidBoxedModels": True,
            "useSingleRequestParameter": True,  # one XParams per operation; our api.mustache makes it a builder
        },
        "schemaMappings": {"AmountU64": "AmountU64"},  # an alias of u64 in contract.rs
    }  # fmt: skip


GO_CONTRACT = {"contract.mustache": {"templateType": "SupportingFiles", "destinationFilename": "contract.go"}}
RUST_CONTRACT = {"contract.mustache": {"templateType": "SupportingFiles", "destinationFilename": "src/contract.rs"}}
RUBY_CONTRACT = {"contract.mustache": {"templateType": "SupportingFiles",
                                        "destinationFilename": "lib/{gem}/contract.rb"}}  # fmt: skip
# PHP: the shared runtime's classes each package names as its own (class_alias in lib/aliases.php),
# each name keeping a PSR-4 file that loads the aliases
PHP_ALIASES = ("ApiException", "TransportError", "ConnectionFailedError", "RequestTimeoutError", "ConnectionCutError",
               "NotJsonError", "MalformedJsonError", "UnexpectedShapeError", "UnexpectedStatusError",
               "FailureEnvelopeError", "RateLimitedError", "RetryPolicy")  # fmt: skip
# One class per file (PSR-4), each from its template; ApiException.mustache replaces the generator's own
PHP_CONTRACT = {f"{name}.mustache": {"templateType": "SupportingFiles", "destinationFilename": f"lib/{name}.php"}
                for name in ("Contract", "ContractConfiguration", "ErrorCode", "aliases", *PHP_ALIASES)}  # fmt: skip


def language_names(host: str, language: str, default_base_url: str | None) -> Names:
    """The names of the host's client in `language`, at that package's own version."""
    return Names(host, versions.client_version(host, language), default_base_url or "")


SPECS = {
    "go": Language("go", _go, go_names=True, files=GO_CONTRACT),
    "ruby": Language("ruby", _ruby, files=RUBY_CONTRACT),
    "php": Language("php", _php, scalar_alternatives_are_any=True, null_alternative_dropped=True, u64_as_digits=True,
                    files=PHP_CONTRACT),
    "rust": Language("rust", _rust, scalar_alternatives_are_any=True, files=RUST_CONTRACT),
}


def _types(schema: dict[str, Any]) -> list[str]:
    t = schema.get("type")
    return [x for x in (t if isinstance(t, list) else [t] if t else []) if x != "null"]


SCALARS = frozenset({"string", "number", "integer", "boolean"})


def _is_scalar(schema: Any) -> bool:
    return isinstance(schema, dict) and "$ref" not in schema and bool(_types(schema)) and set(_types(schema)) <= SCALARS


def _simplify(node: Any, language: Language, pointer: str = "") -> Any:
    if isinstance(node, list):
        return [_simplify(v, language, oas.pointer_join(pointer, i)) for i, v in enumerate(node)]
    if not isinstance(node, dict):
        return node
    out = {k: (v if oas.is_literal(k, pointer, v) else _simplify(v, language, oas.pointer_join(pointer, k)))
           for k, v in node.items()}  # fmt: skip
    types = _types(out)
    if isinstance(out.get("type"), list):
        if len(types) > 1:  # several types: any JSON value
            for key in ("type", "items", "maxItems", "minItems", "maxProperties", "properties", "additionalProperties"):
                out.pop(key, None)
        elif types:
            out["type"] = types[0]  # [X, null]: X (nullability is the contract layer's)
    if types == ["boolean"]:  # success: enum [true], const true: the contract checks success before decoding
        out.pop("enum", None)
        out.pop("const", None)
    for key in ("anyOf", "oneOf"):
        members = out.get(key)
        if language.null_alternative_dropped and isinstance(members, list) and len(members) == 2:
            kept = [m for m in members if not (isinstance(m, dict) and m.get("type") == "null")]
            if len(kept) == 1:
                del out[key]
                out = {**kept[0], **out} if "$ref" not in kept[0] else dict(kept[0])  # a bare $ref
                break
        if language.scalar_alternatives_are_any and isinstance(members, list) and all(_is_scalar(m) for m in members):
            del out[key]
            out.pop("type", None)
    return out


def is_failure_ref(schema: Any) -> bool:
    """A `$ref` to one of the failure envelopes (`...FailureEnvelope`)."""
    return isinstance(schema, dict) and str(schema.get("$ref", "")).endswith("FailureEnvelope")


def success_ref(content: dict[str, Any]) -> str:
    """The `$ref` of a 200 JSON response's success schema: a `oneOf` of the success and a
    failure envelope (the failures some endpoints deliver with HTTP 200) gives the success."""
    schema = content["application/json"]["schema"]
    return str(next(m for m in schema.get("oneOf", [schema]) if not is_failure_ref(m))["$ref"])


def successes(bundle: dict[str, Any]) -> dict[str, str]:
    """operationId -> the component name of its 200 success schema (where one is shown)."""
    found = {}
    for item in bundle["paths"].values():
        for method in oas.HTTP_METHODS:
            op = item.get(method)
            content = (_deref(bundle, op["responses"]["200"]) if isinstance(op, dict) else {}).get("content")
            if content:
                found[str(op["operationId"])] = success_ref(content).rsplit("/", 1)[1]
    return found


def sent_back(bundle: dict[str, Any]) -> list[str]:
    """The success schemas that a request body sends back (the compute response, sent whole as
    `swapResponse`): clients keep the JSON they were decoded from and send exactly that, since
    the service rejects a quote that was re-encoded (the client contract)."""
    returned = set(successes(bundle).values())
    found: set[str] = set()
    for item in bundle["paths"].values():
        for method in oas.HTTP_METHODS:
            body = item.get(method, {}).get("requestBody") if isinstance(item.get(method), dict) else None
            if not body:
                continue
            schema = _deref(bundle, body)["content"]["application/json"]["schema"]
            for prop in _properties(bundle, schema).values():
                name = str(prop.get("$ref", "")).rsplit("/", 1)[-1] if isinstance(prop, dict) else ""
                if name in returned:
                    found.add(name)
    return sorted(found)


def _properties(bundle: dict[str, Any], schema: Any) -> dict[str, Any]:
    """A schema's properties through $ref and allOf, each as written (a property's own $ref kept)."""
    schema = _deref(bundle, schema)
    if not isinstance(schema, dict):
        return {}
    props: dict[str, Any] = {}
    for member in schema.get("allOf") or []:
        props.update(_properties(bundle, member))
    return {**props, **(schema.get("properties") or {})}


def error_codes(bundle: dict[str, Any]) -> list[dict[str, Any]]:
    """The known error codes of the host (`x-error-codes`), in the catalogue's order, each with
    its name in PascalCase (REQ_WALLET_ERROR -> ReqWalletError)."""
    return [{**{k: entry[k] for k in ("code", "meaning", "action", "advice")},
             "pascal": "".join(w.capitalize() for w in entry["code"].split("_"))}
            for entry in oas.error_codes(bundle)]  # fmt: skip


def generator_view(bundle: dict[str, Any], language: Language) -> dict[str, Any]:
    """The bundle as openapi-generator can read it (see the module docstring): besides the
    simplifications, a 200 `oneOf` of a success and a failure envelope is the success (the
    contract layer turns any `success: false` into a typed error before a model is built, so
    no caller meets a success-or-failure wrapper), and the schemas a request sends back are
    marked `x-keep-raw-json` for the model templates."""
    view: dict[str, Any] = _simplify(copy.deepcopy(bundle), language)
    for item in view["paths"].values():
        for method in oas.HTTP_METHODS:
            op = item.get(method)
            content = (op["responses"].get("200") or {}).get("content") if isinstance(op, dict) else None
            if content and "oneOf" in content["application/json"]["schema"]:
                content["application/json"]["schema"] = {"$ref": success_ref(content)}
    for name in sent_back(bundle):
        view["components"]["schemas"][name]["x-keep-raw-json"] = True
    if language.u64_as_digits:
        _u64_as_digits(view)
    if language.go_names:
        _go_view_names(view)
    if language.name in PAGING_ACCESS:
        _paging_view(bundle, view, language.name)
    return view


# How a language's template reads a value of a page (Ruby's `page`, PHP's `$response`) at a JSON
# pointer's tokens (["data", "nextPageId"]): Ruby's attribute readers, PHP's getters, each step
# after the first nil-safe
PAGING_ACCESS: dict[str, Callable[[list[str]], str]] = {
    "ruby": lambda tokens: "page." + "&.".join(snake(t) for t in tokens),
    "php": lambda tokens: "$response->" + "?->".join("get" + "".join(w.capitalize() for w in snake(t).split("_")) + "()"
                                                 for t in tokens),
}  # fmt: skip


def _pointer_tokens(pointer: str) -> list[str]:
    return pointer.strip("/").split("/")


def _list_item(bundle: dict[str, Any], op: dict[str, Any], pointer: str) -> tuple[str, bool]:
    """The component name of the items of the list at `pointer` in the operation's success
    ("" where they are no named schema), and whether an item may be null."""
    schema: Any = {"$ref": success_ref(_deref(bundle, op["responses"]["200"])["content"])}
    for token in _pointer_tokens(pointer):
        schema = _properties(bundle, schema).get(token, {})
    items = _deref(bundle, schema).get("items", {}) if isinstance(_deref(bundle, schema), dict) else {}
    members = [m for key in ("anyOf", "oneOf") for m in items.get(key) or []] or [items]
    named = [str(m["$ref"]).rsplit("/", 1)[1] for m in members if isinstance(m, dict) and "$ref" in m]
    return (named[0] if len(named) == 1 else ""), _admits_null(bundle, items)


def _paging_view(bundle: dict[str, Any], view: dict[str, Any], language: str) -> None:
    """Each paged operation's `x-pagination` as the language's templates write its walk
    (`x-paging` on the operation; `x-paging-parameter` on the parameter that moves the walk): the
    style, the first page, and how to read the items, the next cursor and whether more pages
    follow, in the language's own accessors (PAGING_ACCESS)."""
    access = PAGING_ACCESS[language]
    for path, item in view["paths"].items():
        for method in oas.HTTP_METHODS:
            op = item.get(method)
            paging = op.get("x-pagination") if isinstance(op, dict) else None
            if not paging:
                continue
            part = paging[paging["style"]]
            name, nullable = _list_item(bundle, bundle["paths"][path][method], paging["list"])
            walk: dict[str, Any] = {"cursor": paging["style"] == "cursor", "numbered": paging["style"] == "page",
                                    "parameter": part["parameter"], "items": access(_pointer_tokens(paging["list"])),
                                    "nullable": nullable}  # fmt: skip
            # a key the walk has no value for is left out (a template's section then reads it false)
            walk.update({"first": part["first"]} if "first" in part else {})
            walk.update({"item": name} if name else {})
            walk.update({key: access(_pointer_tokens(part[key])) for key in ("next", "more") if key in part})
            op["x-paging"] = walk
            parameters = [_deref(view, p) for p in [*item.get("parameters", []), *op.get("parameters", [])]]
            moving = [p for p in parameters if p.get("name") == part["parameter"] and p.get("in") == "query"]
            if len(moving) != 1:
                raise LanguageError(f"x-pagination of {op['operationId']}: no query parameter {part['parameter']}")
            moving[0]["x-paging-parameter"] = True


def _walk_schemas(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk_schemas(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk_schemas(value)


def _go_view_names(view: dict[str, Any]) -> None:
    """Go names the generator reads from the view: each string enum's constants
    (`x-enum-varnames`: PoolSortFieldLiquidity, TxVersionV0) and each parameter's setter on the
    request builder (`x-go-name`, read by our api.mustache: IDs, NextPageID)."""
    for name, schema in view.get("components", {}).get("schemas", {}).items():
        if isinstance(schema, dict) and schema.get("type") == "string" and schema.get("enum"):
            schema["x-enum-varnames"] = [go_type_name(name) + go_name(str(value)) for value in schema["enum"]]
    parameters = list(view.get("components", {}).get("parameters", {}).values())
    for item in view["paths"].values():
        parameters += item.get("parameters", [])
        for method in oas.HTTP_METHODS:
            parameters += (item.get(method) or {}).get("parameters", [])
    for parameter in parameters:
        if "$ref" not in parameter:
            parameter["x-go-name"] = go_name(str(parameter["name"]))


def go_mappings(view: dict[str, Any]) -> dict[str, dict[str, str]]:
    """openapi-generator's name mappings for Go, for every property, schema and operation whose
    name holds one of Go's initialisms (id -> ID, RpcNode -> RPCNode, getRpcList -> GetRPCList)."""
    properties = {key for node in _walk_schemas(view) if isinstance(node.get("properties"), dict)
                  for key in node["properties"]}  # fmt: skip
    operations = {str(op["operationId"]) for item in view["paths"].values() for method in oas.HTTP_METHODS
                  if isinstance(op := item.get(method), dict) and "operationId" in op}  # fmt: skip
    schemas = set(view.get("components", {}).get("schemas", {}))

    def mapped(names: set[str]) -> dict[str, str]:
        return {name: go_name(name) for name in sorted(names) if has_go_initialism(name)}

    return {"nameMappings": mapped(properties), "modelNameMappings": mapped(schemas),
            "operationIdNameMappings": mapped(operations)}  # fmt: skip


def _is_u64(doc: dict[str, Any], schema: Any) -> bool:
    resolved = _deref(doc, schema)
    return isinstance(resolved, dict) and resolved.get("format") == "uint64"


def _u64_as_digits(view: dict[str, Any]) -> None:
    """A uint64 becomes a string of decimal digits and the parameters that take one are marked
    `x-u64` (the PHP template passes them through Contract::u64): PHP has no unsigned 64-bit
    integer, and its int becomes a float above 2^63 - 1."""
    parameters = list(view.get("components", {}).get("parameters", {}).values())
    for item in view["paths"].values():
        parameters += [p for p in item.get("parameters", []) if "$ref" not in p]
        for method in oas.HTTP_METHODS:
            op = item.get(method)
            parameters += [p for p in (op or {}).get("parameters", []) if "$ref" not in p]
    for parameter in parameters:
        if _is_u64(view, parameter.get("schema")):
            parameter["x-u64"] = True
    for name, schema in view.get("components", {}).get("schemas", {}).items():
        if _is_u64(view, schema):
            digits = {"type": "string", "pattern": "^[0-9]{1,20}$"}
            view["components"]["schemas"][name] = {**digits, "description": schema.get("description", "")}


def _deref(doc: dict[str, Any], node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = oas.resolve_pointer(doc, node["$ref"][1:])
    return node


def _admits_null(doc: dict[str, Any], schema: Any) -> bool:
    schema = _deref(doc, schema)
    if not isinstance(schema, dict):
        return True
    types = schema.get("type")
    if types is None and not any(k in schema for k in ("anyOf", "oneOf", "properties", "allOf", "enum")):
        return True  # any value
    if "null" in (types if isinstance(types, list) else [types]):
        return True
    return any(_admits_null(doc, m) for key in ("anyOf", "oneOf") for m in schema.get(key) or [])


def _null_paths(doc: dict[str, Any], node: Any, path: str, seen: frozenset[str]) -> list[str]:
    ref = node.get("$ref") if isinstance(node, dict) else None
    if ref in seen:
        return []
    seen = seen | {ref} if ref else seen
    schema = _deref(doc, node)
    if not isinstance(schema, dict):
        return []
    found: list[str] = []
    types = schema.get("type")
    if "array" in (types if isinstance(types, list) else [types]) and isinstance(schema.get("items"), dict):
        if not _admits_null(doc, schema["items"]):
            found.append(path)
        found += _null_paths(doc, schema["items"], f"{path}/*", seen)
    for member in schema.get("allOf") or []:
        found += _null_paths(doc, member, path, seen)
    for name, prop in (schema.get("properties") or {}).items():
        found += _null_paths(doc, prop, f"{path}/{name}" if path else name, seen)
    return found


def _required(bundle: dict[str, Any], schema: Any) -> set[str]:
    """The keys a schema requires, through $ref and allOf."""
    schema = _deref(bundle, schema)
    if not isinstance(schema, dict):
        return set()
    found = set(schema.get("required") or [])
    for member in schema.get("allOf") or []:
        found |= _required(bundle, member)
    return found


def null_checks(bundle: dict[str, Any]) -> list[dict[str, Any]]:
    """For each operation, the JSON paths (`data/data/*/mintA/tags`) of the arrays in its
    success whose items may not be null (the contract layers of languages whose decoders
    let a null item through as a zero value check them and name the index), and the keys
    its success envelope requires (for decoders that let a missing one through)."""
    checks = []
    for item in bundle["paths"].values():
        for method in oas.HTTP_METHODS:
            op = item.get(method)
            content = (_deref(bundle, op["responses"]["200"]) if isinstance(op, dict) else {}).get("content")
            if not content:
                continue
            paths = sorted(set(_null_paths(bundle, {"$ref": success_ref(content)}, "", frozenset())))
            required = sorted(_required(bundle, {"$ref": success_ref(content)}))
            checks.append({"op": op["operationId"], "snake": python_snake(str(op["operationId"])), "paths": paths,
                           "required": required})  # fmt: skip
    return checks


def paged_operations(bundle: dict[str, Any]) -> list[dict[str, Any]]:
    """The operations with an ``x-pagination`` (their iterators are generated), in path order."""
    return [op for item in bundle["paths"].values() for method, op in item.items()
            if method in oas.HTTP_METHODS and isinstance(op, dict) and op.get("x-pagination")]  # fmt: skip


# --- page walks (Go, Rust) ---------------------------------------------------------------------
# Each paged operation's walk is the shared runtime's (Go `apiruntime.CursorPages` and
# `NumberedPages`, Rust `Pages::cursor` and `Pages::numbered`) around the operation's own call,
# with what it reads from a page spelt in the language: the cursor to the next page, whether
# there is one, and the list of items, each a JSON pointer of `x-pagination` followed through
# the success schema to the model's fields. A pointer goes through objects the schema requires
# only (an optional one on the way stops generation), so no expression tests for an absent one.

Step = tuple[str, bool, Any]  # a pointer's key, whether its object requires it, its schema


def _followed(bundle: dict[str, Any], op: dict[str, Any], pointer: str) -> list[Step]:
    """Each step of a JSON pointer into the operation's success."""
    schema: Any = {"$ref": success_ref(_deref(bundle, op["responses"]["200"])["content"])}
    steps: list[Step] = []
    tokens = pointer.strip("/").split("/")
    for at, token in enumerate(tokens):
        props = _properties(bundle, schema)
        required = token in _required(bundle, schema)
        if token not in props:
            raise LanguageError(f"x-pagination of {op['operationId']}: {pointer}: no property {token!r}")
        if at < len(tokens) - 1 and not required:
            raise LanguageError(f"x-pagination of {op['operationId']}: {pointer}: {token!r} is optional; a walk "
                                "reads through required objects only")  # fmt: skip
        steps.append((token, required, props[token]))
        schema = props[token]
    return steps


def _listed(bundle: dict[str, Any], op: dict[str, Any]) -> tuple[list[Step], str, bool]:
    """The steps to the operation's list of items, the items' schema name and whether an item
    may be null (an `anyOf` of it and null)."""
    steps = _followed(bundle, op, op["x-pagination"]["list"])
    items = _deref(bundle, steps[-1][2]).get("items") or {}
    members = [m for key in ("anyOf", "oneOf") for m in items.get(key) or []]
    refs = [items["$ref"]] if "$ref" in items else [m["$ref"] for m in members if "$ref" in m]
    if len(refs) != 1 or len(members) not in (0, 2) or (members and not _admits_null(bundle, items)):
        raise LanguageError(f"x-pagination of {op['operationId']}: its items are not one named schema")
    return steps, str(refs[0]).rsplit("/", 1)[1], bool(members)


def _walk_parameter(paging: dict[str, Any]) -> str:
    return str(paging["cursor"]["parameter"] if paging["style"] == "cursor" else paging["page"]["parameter"])


def go_walks(bundle: dict[str, Any]) -> list[dict[str, Any]]:
    """What pages.mustache writes for each paged operation: Go expressions on `page` (the
    operation's success, a pointer) for its items, its next cursor and its next-page flag."""

    def access(steps: list[Step]) -> str:
        return "page" + "".join(f".{go_name(key)}" for key, _, _ in steps)

    walks = []
    for op in paged_operations(bundle):
        paging = op["x-pagination"]
        listed, item, nullable = _listed(bundle, op)
        parameter = _walk_parameter(paging)
        page = go_type_name(success_ref(_deref(bundle, op["responses"]["200"])["content"]).rsplit("/", 1)[1])
        walk: dict[str, Any] = {
            "op": go_name(str(op["operationId"])), "page": page, "item": ("*" if nullable else "") + go_type_name(item),
            "list": access(listed), "parameter": parameter, "setter": go_name(parameter),
            "field": go_name(parameter)[:1].lower() + go_name(parameter)[1:], "cursor": paging["style"] == "cursor",
        }  # fmt: skip
        if walk["cursor"]:
            *parents, (key, required, _) = _followed(bundle, op, paging["cursor"]["next"])
            walk["next"] = access([*parents, (key, required, None)]) if required else \
                f"{access(parents)}.Get{go_name(key)}()"  # fmt: skip
        else:
            walk["first"] = int(paging["page"]["first"])
            more = _followed(bundle, op, paging["page"]["more"]) if paging["page"].get("more") else []
            walk["more"] = f"func(page *{page}) *bool {{ return {'&' if more[-1][1] else ''}{access(more)} }}" \
                if more else "nil"  # fmt: skip
        walks.append(walk)
    return walks


def rust_walks(bundle: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """By operationId, what the Rust api.mustache writes for a paged operation
    (`x-rust-walk`): Rust expressions on `page` (the operation's success model) for its items
    (taking the page), their count, its next cursor and its next-page flag (borrowing it)."""

    def access(steps: list[Step]) -> str:
        return "page" + "".join(f".{snake(key)}" for key, _, _ in steps)

    walks = {}
    for op in paged_operations(bundle):
        paging = op["x-pagination"]
        listed, item, nullable = _listed(bundle, op)
        required = listed[-1][1]
        parameter = _walk_parameter(paging)
        walk: dict[str, Any] = {
            "item": f"Option<models::{item}>" if nullable else f"models::{item}",
            "items": access(listed) + ("" if required else ".unwrap_or_default()"),
            "count": access(listed) + (".len()" if required else ".as_ref().map_or(0, Vec::len)"),
            "parameter": parameter, "field": snake(parameter), "cursor": paging["style"] == "cursor",
        }  # fmt: skip
        if walk["cursor"]:
            steps = _followed(bundle, op, paging["cursor"]["next"])
            walk["next"] = f"Some({access(steps)}.clone())" if steps[-1][1] else f"{access(steps)}.clone()"
        else:
            walk["first"] = int(paging["page"]["first"])
            more = _followed(bundle, op, paging["page"]["more"]) if paging["page"].get("more") else []
            walk["more"] = "None" if not more else f"Some({access(more)})" if more[-1][1] else access(more)
        walks[str(op["operationId"])] = walk
    return walks


def batch_config(language: Language, names: Names, spec: Path, out: Path) -> dict[str, Any]:
    options = language.options(names)
    config: dict[str, Any] = {
        "generatorName": language.name,
        "inputSpec": str(spec),
        "outputDir": str(out),
        "globalProperties": {"apiTests": "false", "modelTests": "false", "apiDocs": "false", "modelDocs": "false"},
        **options,
    }
    if (TEMPLATES / language.name).is_dir():
        config["templateDir"] = str(TEMPLATES / language.name)
    if language.files:  # a destination may name the package ({gem}: the Ruby gem's folder under lib/)
        config["files"] = {
            template: {**spec, "destinationFilename": spec["destinationFilename"].format(gem=names.ruby_gem)}
            for template, spec in language.files.items()
        }
    return config


# The JVM's first-tier compiler only: a batch is a few seconds of cold code, where the optimising
# compiler's threads cost more CPU than they win (2.9 s -> 2.0 s a batch, 5.0 -> 3.1 s of CPU;
# the output is the same). The wrapper passes JAVA_OPTS to java as one argument.
JAVA_OPTS = "-XX:TieredStopAtLevel=1"


def run_batch(configs: list[Path]) -> None:
    env = {**os.environ, "JAVA_OPTS": JAVA_OPTS}
    proc = subprocess.run([str(GENERATOR), "batch", "--fail-fast", *map(str, configs)], capture_output=True,
                          text=True, env=env, check=False)  # fmt: skip
    if proc.returncode != 0 or "[SUCCESS]" not in proc.stdout + proc.stderr:
        noise = re.compile(r"^(#|\[main\] INFO|\[pool-\d+-thread-\d+\] (INFO|WARN))")
        lines = [line for line in (proc.stdout + proc.stderr).splitlines() if line.strip() and not noise.match(line)]
        raise LanguageError("openapi-generator batch failed:\n" + "\n".join(lines[-40:]))


def clean(target: Path) -> None:
    for name in DROPPED:
        path = target / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()


def prepare(host: str, bundle: dict[str, Any], work: Path, default_base_url: str | None) -> dict[str, Path]:
    """The generator views and batch configurations of one host's languages, written under
    work/; returns {language: config file}. (`make bench` runs the same configurations.)"""
    work.mkdir(parents=True, exist_ok=True)
    checks = null_checks(bundle)
    codes = error_codes(bundle)
    kept = sent_back(bundle)
    configs = {}
    for name in LANGUAGES:
        language = SPECS[name]
        names = language_names(host, name, default_base_url)
        spec = work / f"{host}.{name}.json"
        view = generator_view(bundle, language)
        settings = batch_config(language, names, spec, work / name / host)
        if language.go_names:
            settings.update(go_mappings(view))
        shared = {"x-null-checks": checks, "x-error-codes": codes, "x-keep-raw-json": kept,
                  "x-default-base-url": names.default_base_url,
                  "x-runtime-version": versions.runtime_floor(host, name),
                  "x-runtime-requirement": versions.runtime_requirement(name, versions.runtime_floor(host, name)),
                  "x-description-version": str(bundle["info"]["version"])}  # fmt: skip
        settings.setdefault("additionalProperties", {}).update(shared)
        walks(name, bundle, view, settings)
        spec.write_text(json.dumps(view, indent=1), encoding="utf-8")
        config = work / f"{host}.{name}.config.json"
        config.write_text(json.dumps(settings, indent=1), encoding="utf-8")
        configs[name] = config
    return configs


def walks(language: str, bundle: dict[str, Any], view: dict[str, Any], settings: dict[str, Any]) -> None:
    """The page walks of a host's paged operations, for the templates: Go's as pages.go (a file
    of their own, written for a host that has any), Rust's on each operation (`x-rust-walk`,
    which api.mustache reads)."""
    if language == "go" and (found := go_walks(bundle)):
        settings["additionalProperties"]["x-go-walks"] = found
        settings["files"]["pages.mustache"] = {"templateType": "SupportingFiles", "destinationFilename": "pages.go"}
    if language == "rust":
        found_rust = rust_walks(bundle)
        for item in view["paths"].values():
            for method in oas.HTTP_METHODS:
                op = item.get(method)
                if isinstance(op, dict) and op.get("operationId") in found_rust:
                    op["x-rust-walk"] = found_rust[op["operationId"]]


README_LANGUAGES = {"go": ("Go", "go"), "rust": ("Rust", "rust"), "ruby": ("Ruby", "ruby"), "php": ("PHP", "php")}
README_ERRORS = {
    "go": "an `APIError` (`errors.As` into `*FailureEnvelopeError`, `*RateLimitedError`, `*NotJSONError`, "
          "`*MalformedJSONError`, `*UnexpectedShapeError`, `*UnexpectedStatusError`, `*RequestTimeoutError`, ...). "
          "They are the shared runtime's types (`apiruntime.APIError` and the rest) under this module's names "
          "(type aliases), so one `errors.As` into an `apiruntime` type catches the failures of every host's module",
    "rust": "`Error::Contract(contract::ApiError)`, whose `kind` says which (`FailureEnvelope`, `RateLimited`, "
            "`NotJson`, `MalformedJson`, `UnexpectedShape`, `UnexpectedStatus`, `RequestTimeout`, ...). "
            "`contract::ApiError` is the shared runtime's `raydium_api_runtime::ApiError` (`pub use`), and each "
            "`apis::Error` converts into it, so a function returning `Result<_, raydium_api_runtime::ApiError>` "
            "takes the calls of every host's crate with `?`",
    "ruby": "an `ApiError` subclass (`FailureEnvelopeError`, `RateLimitedError`, `NotJsonError`, "
            "`MalformedJsonError`, `UnexpectedShapeError`, `UnexpectedStatusError`, `RequestTimeoutError`, ...). "
            "They are the shared runtime's classes (`RaydiumApiRuntime::ApiError` and its subclasses) under this "
            "gem's names, so one `rescue RaydiumApiRuntime::ApiError` catches the failures of every host's gem",
    "php": "an `ApiException` subclass (`FailureEnvelopeError`, `RateLimitedError`, `NotJsonError`, "
           "`MalformedJsonError`, `UnexpectedShapeError`, `UnexpectedStatusError`, `RequestTimeoutError`, ...). "
           "They are the shared runtime's classes (`Raydium\\ApiRuntime\\ApiException` and its subclasses) under "
           "this package's names (`class_alias`), so one `catch (\\Raydium\\ApiRuntime\\ApiException $e)` "
           "catches the failures of every host's package",
}  # fmt: skip
README_RETRIES = {
    "go": "a failure that passes (a refused or cut connection, a timeout, HTTP 408, 429, 500, 502-504 or "
          "520-524) is retried at most twice, after the wait `Retry-After` asks for (up to 10 s) or a jittered "
          "backoff of about 0.5 s, then 1 s (`Options.Retry`; one call's, `WithRetryPolicy(ctx, policy)`; "
          "`MaxRetries: 0` turns it off)",
    "rust": "a failure that passes (a refused or cut connection, a timeout, HTTP 408, 429, 500, 502-504 or "
            "520-524) is retried at most twice, after the wait `Retry-After` asks for (up to 10 s) or a jittered "
            "backoff of about 0.5 s, then 1 s (`configuration.retry_policy`; one call's, "
            "`configuration.with_retry_policy(policy)`; `max_retries: 0` turns it off)",
    "ruby": "a failure that passes (a refused or cut connection, a timeout, HTTP 408, 429, 500, 502-504 or "
            "520-524) is retried at most twice, after the wait `Retry-After` asks for (up to 10 s) or a jittered "
            "backoff of about 0.5 s, then 1 s (`config.retry_policy`; one call's, the option `retry_policy:`; "
            "`max_retries: 0` turns it off)",
    "php": "a failure that passes (a refused or cut connection, a timeout, HTTP 408, 429, 500, 502-504 or "
           "520-524) is retried at most twice, after the wait `Retry-After` asks for (up to 10 s) or a jittered "
           "backoff of about 0.5 s, then 1 s (`setRetryPolicy()` on the configuration; one call's, the Api's "
           "`withRetryPolicy($policy)`; `new RetryPolicy(maxRetries: 0)` turns it off)",
}  # fmt: skip
# How a paged operation is walked, per language (none where the language has no walk yet)
README_WALKS = {
    "go": "its request builder's `Items()` walks every item of every page and `Pages()` every page: "
          "`for it.Next() { item := it.Item() }`, then `it.Err()`, whose `Details().Resume` says where to start "
          "again should a page fail; `MaxPages(n)` bounds a walk",
    "rust": "`<operation>_items(&configuration, params)` is an `Iterator` of every item of every page, "
            "`<operation>_pages` of every page, each a `Result`; a failed page's error's `resume` says where to "
            "start again, and `.max_pages(n)` bounds a walk",
    "ruby": "`each_<operation>` yields every item of every page and `each_<operation>_page` every page (an "
            "`Enumerator` without a block); a failed page's error's `resume` is the option that starts again "
            "there, and `max_pages:` bounds a walk",
    "php": "`iterate<Operation>()` is a `Generator` of every item of every page and `iterate<Operation>Pages()` "
           "of every page; a failed page's exception's `getResume()` is the named argument that starts again "
           "there, and `maxPages` bounds a walk",
}  # fmt: skip
README_AMOUNTS = {
    "go": "u64 amounts are `uint64`.", "rust": "u64 amounts are `u64`.", "ruby": "u64 amounts are `Integer`s.",
    "php": "u64 amounts are digit strings (PHP's `int` stops at 2^63-1); u64 parameters take an int or a digit string.",
}  # fmt: skip


def _readme_call(language: str, bundle: dict[str, Any], op: dict[str, Any]) -> str:
    tag, operation_id = str(op["tags"][0]), str(op["operationId"])
    return {"go": f"client.{tag}API.{go_name(operation_id)}(ctx)", "rust": _rust_call(bundle, op),
            "ruby": f"{tag}Api#{snake(operation_id)}", "php": f"{tag}Api::{operation_id}()"}[language]  # fmt: skip


def _rust_call(bundle: dict[str, Any], op: dict[str, Any]) -> str:
    """How the Rust crate calls an operation: with the configuration alone, or with the
    operation's parameter struct, built by `new` from its required parameters (the request
    body as `body`); `_rust_setters` lists the optional ones."""
    module, operation_id = f"{str(op['tags'][0]).lower()}_api", str(op["operationId"])
    call = f"apis::{module}::{snake(operation_id)}(&configuration"
    params = [_deref(bundle, p) for p in op.get("parameters") or []]
    required = [snake(str(p["name"])) for p in params if p.get("required")]
    if op.get("requestBody"):
        required.append("body")
    if not params and not op.get("requestBody"):
        return call + ")"
    return f"{call}, {module}::{operation_id[:1].upper()}{operation_id[1:]}Params::new({', '.join(required)}))"


def _rust_setters(bundle: dict[str, Any], op: dict[str, Any]) -> list[str]:
    """The setters of an operation's Rust parameter struct: one per optional parameter."""
    return [snake(str(p["name"])) for p in (_deref(bundle, q) for q in op.get("parameters") or [])
            if not p.get("required")]  # fmt: skip


def package_readme(language: str, names: Names, bundle: dict[str, Any], target: Path) -> str:
    """The README of a host's Go, Rust, Ruby or PHP package (in place of the generator's,
    whose links point at docs/ we do not ship): install, a first call taken from the
    operation's tested code sample, errors, and every operation."""
    label, fence = README_LANGUAGES[language]
    operations = []
    for path, item in bundle["paths"].items():
        for method in oas.HTTP_METHODS:
            op = item.get(method)
            if isinstance(op, dict):
                summary = str(op.get("summary", "")).replace("|", "\\|")
                call = _readme_call(language, bundle, op)
                setters = _rust_setters(bundle, op) if language == "rust" else []
                operations.append({"method": method.upper(), "path": path, "summary": summary, "op": op, "call": call,
                                   "setters": setters})  # fmt: skip
    first = operations[0]["op"]
    example = next((s["source"] for s in first.get("x-codeSamples") or [] if s["label"] == label), "")
    module = {"go": names.go_module, "ruby": names.ruby_module, "php": names.php_namespace, "rust": names.rust_crate}
    package = {"go": names.go_package, "ruby": names.ruby_gem, "php": names.php_namespace,
               "rust": names.rust_crate}  # fmt: skip
    return templates.environment(TEMPLATES.parent / "package-readme").get_template("README.md.j2").render(
        name=f"{names.rust_crate} ({label})", language=label, title=bundle["info"]["title"], version=names.version,
        host=names.host, module=module[language], package=package[language], example=example, fence=fence,
        example_op=first["operationId"], first_call=operations[0]["call"], params_call=_params_call(operations),
        errors=README_ERRORS[language], amounts=README_AMOUNTS[language], operations=operations,
        retries=README_RETRIES[language], walks=README_WALKS[language],
        paged=[go_name(str(op["operationId"])) if language == "go" else snake(str(op["operationId"]))
               for op in paged_operations(bundle)],
        go_version=_go_version(target), description_version=str(bundle["info"]["version"]),
        runtime_version=versions.runtime_floor(names.host, language), runtime_module=versions.go_module())  # fmt: skip


def _params_call(operations: list[dict[str, Any]]) -> str:
    """A Rust call that takes a parameter struct, with its first setter where an operation of
    the host has one ("" for the other languages, whose calls take no such struct)."""
    with_params = sorted((o for o in operations if "Params::new(" in o["call"]), key=lambda o: not o["setters"])
    if not with_params:
        return ""
    op = with_params[0]
    return f"{op['call'][:-1]}.{op['setters'][0]}(...))" if op["setters"] else str(op["call"])


def _go_version(target: Path) -> str:
    """The Go version a generated go.mod asks for ("" for other languages)."""
    mod = target / "go.mod"
    found = re.search(r"^go (\S+)$", mod.read_text(encoding="utf-8"), re.M) if mod.exists() else None
    return found.group(1) if found else ""


def generate_languages(host: str, bundle: dict[str, Any], work: Path, info: dict[str, object],
                       default_base_url: str | None) -> dict[str, Path]:  # fmt: skip
    """Every language's client of one host under work/<language>/<host>; returns them."""
    configs = prepare(host, bundle, work, default_base_url)
    run_batch(list(configs.values()))
    targets = {name: work / name / host for name in configs}
    for name, target in targets.items():
        clean(target)
        if name in README_LANGUAGES:
            readme = package_readme(name, language_names(host, name, default_base_url), bundle, target)
            (target / "README.md").write_text(readme, encoding="utf-8")
        shutil.copyfile(REPO / "LICENSE", target / "LICENSE")
        (target / "PROVENANCE.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    return targets
