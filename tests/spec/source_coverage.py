"""Expectation types for the source-coverage tests.

Each test module lists, as its own data, what the source document states about one
service (endpoints, parameters, enum values, limits, rules and "not shown" statements),
and each expectation finds itself in the dereferenced bundle of that host. A check returns
the list of problems (empty when the statement is visible where it belongs).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from scripts.spec.oas import HTTP_METHODS, merged_properties, merged_required, pointer_join, resolve_pointer, typed_view

Doc = dict[str, Any]


def normalize(text: str) -> str:
    """Lower case, no backticks or quotes, collapsed white space."""
    return re.sub(r"\s+", " ", re.sub(r"[`\"']", "", text)).strip().lower()


def strings_under(node: Any) -> Iterator[str]:
    """Every string value under a node."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from strings_under(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings_under(value)


def values_of(node: Any, key: str) -> Iterator[Any]:
    """Every value of ``key`` in the dicts under a node."""
    if isinstance(node, dict):
        for k, value in node.items():
            if k == key:
                yield value
            yield from values_of(value, key)
    elif isinstance(node, list):
        for value in node:
            yield from values_of(value, key)


def at(doc: Doc, pointer: str) -> Any:
    try:
        return resolve_pointer(doc, pointer)
    except KeyError:
        return None


def op_pointer(method: str, path: str) -> str:
    return pointer_join("/paths", path, method)


def operations(doc: Doc) -> set[tuple[str, str]]:
    return {(method, path) for path, item in doc.get("paths", {}).items() for method in HTTP_METHODS if method in item}


class Expectation:
    statement: str

    def check(self, doc: Doc) -> list[str]:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.statement


@dataclass
class Endpoints(Expectation):
    """The host has exactly these operations."""

    expected: set[tuple[str, str]]
    statement: str = "the endpoint table"

    def check(self, doc: Doc) -> list[str]:
        found = operations(doc)
        problems = [f"missing operation {m.upper()} {p}" for m, p in sorted(self.expected - found)]
        problems += [f"operation not in the source: {m.upper()} {p}" for m, p in sorted(found - self.expected)]
        return problems


@dataclass
class Param(Expectation):
    """A parameter with the type, requiredness, enum and bounds the source states."""

    method: str
    path: str
    name: str
    location: str = "query"
    required: bool | None = None
    type: str | None = None
    enum: list[Any] | None = None
    minimum: int | None = None
    maximum: int | None = None
    statement: str = ""

    def __post_init__(self) -> None:
        self.statement = self.statement or f"{self.method.upper()} {self.path} {self.location} {self.name}"

    def check(self, doc: Doc) -> list[str]:
        op = at(doc, op_pointer(self.method, self.path)) or {}
        matches = [p for p in op.get("parameters") or [] if p.get("name") == self.name and p.get("in") == self.location]
        if len(matches) != 1:
            return [f"{self.statement}: expected one parameter, found {len(matches)}"]
        param = matches[0]
        schema = typed_view(param.get("schema") or {})  # AmountU64 reads as its integer (decision 56)
        problems = []
        wanted: dict[str, Any] = {
            "type": self.type,
            "enum": self.enum,
            "minimum": self.minimum,
            "maximum": self.maximum,
        }
        for key, value in wanted.items():
            if value is None:
                continue
            got = schema.get(key)
            if key == "enum" and got is not None:
                got, value = sorted(got), sorted(value)
            if got != value:
                problems.append(f"{self.statement}: schema {key} is {got!r}, the source says {value!r}")
        if self.required is not None and bool(param.get("required")) != self.required:
            problems.append(f"{self.statement}: required is {param.get('required')!r}, expected {self.required}")
        return problems


@dataclass
class NoParams(Expectation):
    """The source names no parameter for this operation (and the spec declares none)."""

    method: str
    path: str
    statement: str = ""

    def __post_init__(self) -> None:
        self.statement = self.statement or f"{self.method.upper()} {self.path} takes no parameters"

    def check(self, doc: Doc) -> list[str]:
        op = at(doc, op_pointer(self.method, self.path))
        if op is None:
            return [f"{self.statement}: operation missing"]
        names = [p.get("name") for p in op.get("parameters") or []]
        return [f"{self.statement}: declares {names}"] if names else []


@dataclass
class Text(Expectation):
    """A rule or fact stated in prose (descriptions, x-rules) under a pointer."""

    pointer: str
    phrases: list[str]
    statement: str

    def check(self, doc: Doc) -> list[str]:
        node = at(doc, self.pointer)
        if node is None:
            return [f"{self.statement}: nothing at {self.pointer}"]
        text = normalize(" ".join(strings_under(node)))
        return [
            f"{self.statement}: {phrase!r} not found under {self.pointer}"
            for phrase in self.phrases
            if normalize(phrase) not in text
        ]


@dataclass
class NotShown(Expectation):
    """A "not shown" statement of the source is an x-not-shown marker at the right place."""

    pointer: str
    phrases: list[str]
    statement: str

    def check(self, doc: Doc) -> list[str]:
        node = at(doc, self.pointer)
        if node is None:
            return [f"{self.statement}: nothing at {self.pointer}"]
        markers = [normalize(m) for m in values_of(node, "x-not-shown")]
        if not markers:
            return [f"{self.statement}: no x-not-shown marker under {self.pointer}"]
        return [
            f"{self.statement}: no x-not-shown under {self.pointer} mentions {phrase!r}"
            for phrase in self.phrases
            if not any(normalize(phrase) in m for m in markers)
        ]


@dataclass
class Value(Expectation):
    """A machine-readable fact: the value at a pointer equals what the source states."""

    pointer: str
    expected: Any
    statement: str

    def check(self, doc: Doc) -> list[str]:
        got = at(doc, self.pointer)
        return (
            [] if got == self.expected else [f"{self.statement}: {self.pointer} is {got!r}, expected {self.expected!r}"]
        )


@dataclass
class Fields(Expectation):
    """A schema (dereferenced, allOf merged) declares these fields with these types."""

    pointer: str
    fields: dict[str, str | None]
    statement: str
    required: list[str] | None = None
    exact: bool = False
    formats: dict[str, str] = field(default_factory=dict)

    def check(self, doc: Doc) -> list[str]:
        schema = at(doc, self.pointer)
        if schema is None:
            return [f"{self.statement}: nothing at {self.pointer}"]
        props = merged_properties(schema)
        problems = []
        for name, type_ in self.fields.items():
            if name not in props:
                problems.append(f"{self.statement}: field {name} missing at {self.pointer}")
            elif type_ is not None and props[name].get("type") != type_:
                problems.append(
                    f"{self.statement}: field {name} has type {props[name].get('type')!r}, expected {type_}"
                )
        if self.exact and set(props) != set(self.fields):
            problems.append(f"{self.statement}: fields are {sorted(props)}, the source shows {sorted(self.fields)}")
        for name, fmt in self.formats.items():
            if props.get(name, {}).get("format") != fmt:
                problems.append(f"{self.statement}: field {name} does not have format {fmt}")
        if self.required is not None:
            missing = set(self.required) - merged_required(schema)
            if missing:
                problems.append(f"{self.statement}: not required: {sorted(missing)}")
        return problems


def each_operation(doc: Doc) -> Iterator[tuple[str, str, Doc]]:
    for path, item in doc.get("paths", {}).items():
        for method in HTTP_METHODS:
            if method in item:
                yield method, path, item[method]


@dataclass
class Absent(Expectation):
    """Something the source says does not exist: a parameter, or a property of a schema."""

    pointer: str
    name: str
    statement: str
    kind: str = "property"  # or "parameter"

    def check(self, doc: Doc) -> list[str]:
        node = at(doc, self.pointer)
        if node is None:
            return [f"{self.statement}: nothing at {self.pointer}"]
        if self.kind == "parameter":
            present = any(p.get("name") == self.name for p in node.get("parameters") or [])
        else:
            present = self.name in merged_properties(node)
        return [f"{self.statement}: {self.name} is declared at {self.pointer}"] if present else []
