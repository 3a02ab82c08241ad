"""What a response says about drift: the findings of one response against the description.

Kinds (docs/guide/drift-probe.md):

  type              a value of another JSON type than the description's (breaking)
  shape             a value the description's other rules refuse: an enum, a pattern, a bound,
                    none or several of a oneOf, a `not` (breaking)
  missing-required  a field the description requires is absent (breaking)
  unlisted-key      a key the description does not list, where it lists the object's keys
                    (reported; never breaking: every object of ours is open)
  empty-success     success with an empty `data` (reported: how a moved endpoint answered once)
  failure           the service or its edge failed: status, code, body type (reported; --strict
                    counts it); a JSON failure body is still checked against its schema

Breaking findings come from the full bundle, which clients are generated from. The source-only
view (what the source document states) is checked too; its findings that the bundle's do not
already report are listed under that view and never break the run.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any, cast

import jsonschema

from ._description import JSON, Description, Operation, join

BREAKING = ("type", "shape", "missing-required")
PREVIEW = 60  # the longest value a finding quotes


@dataclass(frozen=True)
class Finding:
    kind: str
    pointer: str  # the JSON pointer of the value in the response body ("" for the whole)
    view: str  # "full" (the bundle) or "source-only"
    breaking: bool
    message: str
    keyword: str = ""  # the JSON Schema keyword a type or shape finding comes from

    def record(self) -> dict[str, Any]:
        found = asdict(self)
        return {k: v for k, v in found.items() if v != "" or k in ("pointer", "message")}


def pointer_of(path: Any) -> str:
    return join("", *path)


def json_type(value: JSON) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object" if isinstance(value, dict) else type(value).__name__


def preview(value: JSON) -> str:
    """A scalar as JSON, cut to PREVIEW characters; an object or array by its type alone."""
    if isinstance(value, dict | list):
        return f"an {json_type(value)}" if isinstance(value, dict) else f"an {json_type(value)} of {len(value)}"
    text = json.dumps(value)
    return text if len(text) <= PREVIEW else text[: PREVIEW - 1] + "…"


def leaves(error: jsonschema.ValidationError) -> list[jsonschema.ValidationError]:
    """The errors that say what is wrong: under a oneOf or anyOf none of whose members admits
    the value, those of the member the value got furthest into (the deepest error, then the
    fewest), not the member whose first field already differs."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        branches: dict[int, list[jsonschema.ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(int(sub.relative_schema_path[0]), []).append(sub)
        best = max(branches.values(), key=lambda errs: (max(len(e.absolute_path) for e in errs), -len(errs)))
        return [leaf for sub in best for leaf in leaves(sub)]
    return [error]


def described(error: jsonschema.ValidationError) -> Finding:
    """A leaf error as a finding of the full view (the caller sets the view)."""
    where = pointer_of(error.absolute_path)
    keyword, want, got = str(error.validator), cast(JSON, error.validator_value), error.instance
    if keyword == "type":
        return Finding("type", where, "full", True, f"expected {want if isinstance(want, str) else ' or '.join(want)}, "
                                                     f"got {json_type(got)}", keyword)  # fmt: skip
    if keyword in ("enum", "const"):
        listed = want if isinstance(want, list) else [want]
        shown = ", ".join(json.dumps(v) for v in listed[:8]) + (", …" if len(listed) > 8 else "")
        return Finding("shape", where, "full", True, f"{preview(got)} is not one of {shown}", keyword)
    if keyword == "pattern":
        return Finding("shape", where, "full", True, f"{preview(got)} does not match {want}", keyword)
    if keyword == "not":
        return Finding("shape", where, "full", True, "the value has a shape the description excludes", keyword)
    if keyword in ("oneOf", "anyOf"):
        said = "more than one" if keyword == "oneOf" and not error.context else "none"
        return Finding("shape", where, "full", True, f"{preview(got)} matches {said} of the admitted shapes", keyword)
    return Finding("shape", where, "full", True, f"{keyword} {json.dumps(want)[:PREVIEW]}: {preview(got)}", keyword)


def contradictions(description: Description, schema: str, body: JSON) -> list[Finding]:
    """The body's type, shape and missing-required findings against the schema at `schema`."""
    found: list[Finding] = []
    for error in description.validator(schema).iter_errors(body):
        for leaf in leaves(error):
            if leaf.validator == "required" and isinstance(leaf.instance, dict):
                where = pointer_of(leaf.absolute_path)
                missing = [name for name in cast(list[str], leaf.validator_value) if name not in leaf.instance]
                found += [Finding("missing-required", join(where, name), "full", True, f"{name!r} is required",
                                  "required") for name in missing]  # fmt: skip
            else:
                found.append(described(leaf))
    return list(dict.fromkeys(found))


def expand(description: Description, pointers: list[str], value: JSON) -> list[tuple[str, dict[str, Any]]]:
    """The schemas that describe `value` at once: each schema, what its `$ref` names, its allOf
    members, the members of its anyOf and oneOf that admit the value (all of them where none
    does), and the branch of its if that applies."""
    found: list[tuple[str, dict[str, Any]]] = []
    seen: set[str] = set()
    pending = list(reversed(pointers))
    while pending:
        at = pending.pop()
        schema = description.node(at)
        if at in seen or not isinstance(schema, dict):
            continue
        seen.add(at)
        found.append((at, schema))
        nested: list[str] = []
        if isinstance(schema.get("$ref"), str) and schema["$ref"].startswith("#"):
            nested.append(schema["$ref"][1:])
        nested += [join(at, "allOf", i) for i in range(len(schema.get("allOf") or []))]
        for key in ("anyOf", "oneOf"):
            members = [join(at, key, i) for i in range(len(schema.get(key) or []))]
            admitting = [m for m in members if description.validator(m).is_valid(value)]
            nested += admitting or members
        if "if" in schema:
            branch = "then" if description.validator(join(at, "if")).is_valid(value) else "else"
            nested += [join(at, branch)] if branch in schema else []
        pending += reversed(nested)
    return found


def unlisted_keys(description: Description, pointers: list[str], value: JSON, where: str = "") -> Iterator[Finding]:
    """A finding for each key the description does not list, at any depth, where the schemas of
    the object list its keys (an object whose keys the description does not show has none)."""
    schemas = expand(description, pointers, value)
    if isinstance(value, dict):
        listed = {key for _, s in schemas for key in (s.get("properties") or {})}
        extra = [join(at, "additionalProperties") for at, s in schemas
                 if isinstance(s.get("additionalProperties"), dict)]  # fmt: skip
        closed = any(s.get("additionalProperties") is False for _, s in schemas)
        for key, item in value.items():
            children = [join(at, "properties", key) for at, s in schemas if key in (s.get("properties") or {})]
            if children or extra:
                yield from unlisted_keys(description, children or extra, item, join(where, key))
            elif listed and not closed:
                yield Finding("unlisted-key", join(where, key), "full", False,
                              f"a key the description does not list ({json_type(item)})")  # fmt: skip
    elif isinstance(value, list):
        items = [join(at, "items") for at, s in schemas if isinstance(s.get("items"), dict)]
        if items:
            for index, item in enumerate(value):
                yield from unlisted_keys(description, items, item, join(where, index))


def response_schema(description: Description, op: Operation, status: int) -> str | None:
    """The pointer of the JSON schema the operation declares for the status (None: none)."""
    response = description.response(op, status)
    media = description.json_media(response) if response else None
    return join(media, "schema") if media and "schema" in description.node(media) else None


def findings(full: Description, source: Description | None, op: Operation, status: int, body: JSON) -> list[Finding]:
    """Every finding of a JSON body answered with `status` to the operation, in both views."""
    schema = response_schema(full, op, status)
    if schema is None:
        return [Finding("shape", "", "full", True, f"the description declares no JSON body for HTTP {status}")]
    found = [*contradictions(full, schema, body), *dict.fromkeys(unlisted_keys(full, [schema], body))]
    if isinstance(body, dict) and body.get("success") is True and body.get("data") in ([], {}):
        found.append(Finding("empty-success", "/data", "full", False, "success with an empty data"))
    twin = next((o for o in source.operations if (o.method, o.path) == (op.method, op.path)), None) if source else None
    source_schema = response_schema(source, twin, status) if source and twin else None
    if source is not None and source_schema is not None:
        seen = {(f.kind, f.pointer) for f in found}
        found += [Finding(f.kind, f.pointer, "source-only", False, f.message, f.keyword)
                  for f in contradictions(source, source_schema, body) if (f.kind, f.pointer) not in seen]  # fmt: skip
    return found
