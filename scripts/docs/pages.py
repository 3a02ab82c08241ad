"""Generate the reference pages of the docs site from the bundles.

Usage: python -m scripts.docs.pages OUT_DIR LEDGER.json HOST [HOST ...]

Writes OUT_DIR (docs/reference/, not committed): an index, per host an overview page, one
page per operation, an interactive (Swagger UI) page, the error-code table where the host
has an error-code catalogue (x-error-codes), the markers ledger page, and the
downloadable bundles, and SUMMARY.md: the reference navigation (host, tag, operation) that
the literate-nav plugin reads. Pages are rendered with the Jinja2 templates in
scripts/templates/docs/. Every x-not-shown renders as a "Not shown in the source" notice
where it stands; every x-evidence renders as a numbered reference ([n]) to the page's one
list of citations, each citation listed once. Every operation page shows its
x-codeSamples (written into the bundles by scripts/spec/code_samples.py) as language tabs.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..common import naming, templates
from ..common.paths import REPO
from ..release import packages, records
from ..spec import code_samples, oas

TEMPLATES = REPO / "scripts" / "templates" / "docs"
MAX_DEPTH = 6


@dataclass
class Row:
    """One entry of a parameters table or of a field tree. A field's `name` is its full path
    (`data[].mintA.symbol`), `label` what its own entry shows (`symbol`), and `children` the
    fields under it, which the page collapses."""

    name: str
    type: str
    required: bool
    constraints: str
    description: str
    not_shown: str = ""
    evidence: list[dict[str, str]] = field(default_factory=list)
    outcomes: list[dict[str, Any]] = field(default_factory=list)  # a parameter's x-value-outcomes
    same_as: str = ""  # the field above whose fields this one repeats (not listed twice)
    label: str = ""
    record: str = ""  # a shared record described once on the records page, linked, not expanded
    children: list[Row] = field(default_factory=list)


@dataclass
class Example:
    name: str
    summary: str
    description: str
    json: str  # empty where the example has no value (the source shows none)
    evidence: list[dict[str, str]] = field(default_factory=list)
    not_shown: str = ""


@dataclass
class ResponseView:
    status: str
    description: str
    headers: list[Row]
    fields: list[Row]
    not_shown: list[str]
    sensitive: str
    examples: list[Example]
    links: list[str]
    evidence: list[dict[str, str]] = field(default_factory=list)
    # other oneOf members (a failure with this status): text and citations
    alternatives: list[tuple[str, list[dict[str, str]]]] = field(default_factory=list)
    same_as: str = ""  # an earlier status of the page with the very same response (described once)


def text(value: Any) -> str:
    """Spec text for Markdown: a `<` outside code spans would open an HTML tag (the source
    writes `<BASE>/<QUOTE>` and `time:<unix-seconds>`), so it becomes `&lt;`."""
    parts = str(value).split("`")
    return "`".join(part.replace("<", "&lt;") if i % 2 == 0 else part for i, part in enumerate(parts))


def cell(value: Any) -> str:
    """Spec text for a Markdown table cell: one line, `|` escaped, `<` as in text()."""
    return text(re.sub(r"\s+", " ", str(value)).replace("|", "\\|").strip())


@dataclass(frozen=True)
class Records:
    """The host's shared records: titled object schemas that more than one owner (an
    operation, or another named schema) carries. Each is described once on the host's
    records page; a field of one names it with a link there instead of listing its fields."""

    shared: frozenset[str] = frozenset()
    page: str = "records.md"  # the link target ("" on the records page itself)

    def link(self, name: str) -> str:
        return f"[{name}]({self.page}#{anchor(name)})"


NO_RECORDS = Records()


def anchor(name: str) -> str:
    return name.lower()


def _members(schema: dict[str, Any]) -> list[dict[str, Any]]:
    found = schema.get("anyOf") or schema.get("oneOf") or []
    return [m for m in found if isinstance(m, dict)] if isinstance(found, list) else []


def schema_type(schema: dict[str, Any], records: Records = NO_RECORDS) -> str:
    if title_of(schema) in records.shared and has_fields(schema):
        return records.link(title_of(schema))
    if "x-not-shown" in schema and "type" not in schema and not oas.merged_properties(schema):
        return "any (shape not shown)"
    types = schema.get("type")
    if isinstance(types, list):
        text = " or ".join(types)
    elif types:
        text = str(types)
    elif oas.merged_properties(schema):
        text = "object"
    elif "enum" in schema:
        text = "enum"
    elif _members(schema):  # `anyOf` / `oneOf`: each member's type
        text = " or ".join(dict.fromkeys(schema_type(m, records) for m in _members(schema)))
    else:
        text = "any"
    if text == "array" and isinstance(schema.get("items"), dict):
        entry = schema_type(schema["items"], records)
        text = f"array of ({entry})" if " or " in entry else f"array of {entry}"
    if schema.get("format"):
        text += f" ({schema['format']})"
    return text


def shared_records(bundle: dict[str, Any]) -> frozenset[str]:
    """Names of the bundle's component schemas that a field of more than one owner refers
    to. An owner is the operation or the named component the `$ref` stands in; a `$ref` that
    is an `allOf` member composes its owner rather than being one of its fields."""
    owners: dict[str, set[str]] = {}
    for pointer, holder in oas.ref_holders(bundle):
        tokens = pointer.split("/")  # "", then components/<kind>/<name> or paths/<path>/<method>
        if holder["$ref"].startswith("#/components/schemas/") and tokens[-2:-1] != ["allOf"]:
            owners.setdefault(holder["$ref"].rsplit("/", 1)[1], set()).add("/".join(tokens[:4]))
    return frozenset(name for name, found in owners.items() if len(found) > 1)


def literal(value: Any) -> str:
    """A JSON value as it appears in a request or response (`true`, not `True`)."""
    return value if isinstance(value, str) else json.dumps(value)


def constraints(schema: dict[str, Any]) -> str:
    parts = []
    if "enum" in schema:
        parts.append("one of " + ", ".join(f"`{literal(v)}`" for v in schema["enum"]))
    if "x-extensible-enum" in schema:
        parts.append("known values (open set) " + ", ".join(f"`{v}`" for v in schema["x-extensible-enum"]))
    descriptions = schema.get("x-enum-descriptions") or []
    values = schema.get("enum") or schema.get("x-extensible-enum") or []
    meanings = [f"`{literal(v)}`: {d}" for v, d in zip(values, descriptions, strict=False) if d]
    if meanings:
        parts.append("; ".join(meanings))
    for key, label in (("minimum", "≥"), ("maximum", "≤"), ("exclusiveMinimum", ">"), ("exclusiveMaximum", "<")):
        if key in schema:
            parts.append(f"{label} {schema[key]}")
    for key, label in (("minLength", "min length"), ("maxLength", "max length"), ("minItems", "min items")):
        if key in schema:
            parts.append(f"{label} {schema[key]}")
    if "pattern" in schema:
        parts.append(f"pattern `{schema['pattern']}`{{: .pattern }}")  # attr_list: may break anywhere
    if "const" in schema:
        parts.append(f"always `{json.dumps(schema['const'])}`")
    if "default" in schema:
        parts.append(f"default `{json.dumps(schema['default'])}`")
    return "; ".join(parts)


def _merged(schema: dict[str, Any], key: str) -> Any:
    """The last value of an annotation found on the schema or its allOf members."""
    found = None
    for member in schema.get("allOf") or []:
        if isinstance(member, dict) and _merged(member, key) is not None:
            found = _merged(member, key)
    return schema.get(key, found)


# What a field's own row shows; two fields that differ only in these have the same fields.
_OWN_ANNOTATIONS = ("description", "x-evidence", "x-not-shown", "example", "examples", "title")


def properties(schema: dict[str, Any]) -> dict[str, Any]:
    """The fields of a dereferenced schema, merged through allOf (later members win), a
    field keeping the description an earlier member gives it where a later one gives none
    (the success envelope narrows `success` to `true`; the envelope says what it is)."""
    merged: dict[str, Any] = {}
    for member in [*(schema.get("allOf") or []), {"properties": schema.get("properties") or {}}]:
        if not isinstance(member, dict):
            continue
        for name, prop in (properties(member) if "allOf" in member else member.get("properties") or {}).items():
            earlier = merged.get(name)
            if isinstance(prop, dict) and isinstance(earlier, dict) and "description" not in prop \
                    and _merged(earlier, "description"):  # fmt: skip
                prop = {**prop, "description": _merged(earlier, "description")}
            merged[name] = prop
    return merged


def describe(prop: dict[str, Any]) -> str:
    """A field's description; where the description gives none, what is known of it."""
    own = _merged(prop, "description")
    if own:
        return cell(own)
    if prop.get("x-evidence"):
        return "Named by public evidence, not by the source, which does not describe it."
    return "Named in the source, which does not describe it."


def field_rows(
    schema: dict[str, Any], prefix: str = "", depth: int = 0, seen: list[tuple[dict[str, Any], str]] | None = None,
    records: Records = NO_RECORDS,
) -> list[Row]:
    """The field tree of a dereferenced schema: each field with the fields under it
    (`data[].symbol` under `data`). A field whose schema equals one already expanded in the
    same tree (`mintB` after `mintA`) names the first instead of listing its fields again;
    a field that is a shared record (`records`) links it instead."""
    seen = [] if seen is None else seen
    rows: list[Row] = []
    required = oas.merged_required(schema)
    for name, prop in properties(schema).items():
        if not isinstance(prop, dict):
            continue
        full = f"{prefix}{name}"
        row = Row(
            name=full,
            type=schema_type(prop, records),
            required=name in required,
            constraints=cell(constraints(prop)),
            description=describe(prop),
            not_shown=cell(_merged(prop, "x-not-shown") or ""),
            evidence=list(prop.get("x-evidence") or []),
            label=name,
            record=record_of(prop, records),
        )
        rows.append(row)
        if depth >= MAX_DEPTH or row.record:
            continue
        shape = {k: v for k, v in prop.items() if k not in _OWN_ANNOTATIONS}
        first = next((where for shape_seen, where in seen if shape_seen == shape), None)
        if first is not None:
            row.same_as = first
            continue
        row.children = nested_rows(prop, full, depth + 1, seen, records)
        if row.children:
            seen.append((shape, full))
    return rows


def record_of(prop: dict[str, Any], records: Records) -> str:
    """The shared record a field is, holds the entries of, or may be (`anyOf`), if any."""
    candidates = [prop]
    if isinstance(prop.get("items"), dict):
        candidates.append(prop["items"])
    candidates += [m for c in list(candidates) for m in _members(c)]
    return next((title_of(c) for c in candidates if title_of(c) in records.shared and has_fields(c)), "")


def title_of(schema: dict[str, Any]) -> str:
    """The name of the component a dereferenced schema is: its title, or its one allOf
    member's, where a `$ref` with siblings of its own stays `allOf: [target]` (deref.py)."""
    members = schema.get("allOf")
    if "title" not in schema and isinstance(members, list) and len(members) == 1 and isinstance(members[0], dict):
        return title_of(members[0])
    return str(schema.get("title", ""))


def has_fields(schema: dict[str, Any]) -> bool:
    """Whether a schema has fields a page lists: its own, its entries', or a member's."""
    items = schema.get("items")
    return bool(properties(schema)) or (isinstance(items, dict) and has_fields(items)) \
        or any(has_fields(m) for m in _members(schema))  # fmt: skip


def nested_rows(
    prop: dict[str, Any], name: str, depth: int, seen: list[tuple[dict[str, Any], str]],
    records: Records = NO_RECORDS,
) -> list[Row]:
    """The fields under a field: its entries' where it can be an array (`name[].x`, shown
    as `x`, or `[].x` where it can also be an object), its own where it can be an object
    (`name.x`); an `anyOf` or `oneOf` member that has fields gives its fields."""
    types = prop.get("type")
    type_list = types if isinstance(types, list) else [types]
    rows: list[Row] = []
    entry = "[]." if "object" in type_list else ""
    if "array" in type_list and isinstance(prop.get("items"), dict):
        items = prop["items"]
        if items.get("x-not-shown"):  # what the entries do not show, on a row of its own
            rows.append(Row(f"{name}[]", schema_type(items, records), False, "",
                            cell(items.get("description", "")) or "Each entry.", cell(items["x-not-shown"]),
                            label="[]"))  # fmt: skip
        if prop.get("maxItems") != 0:  # no entry fields where there can be no entries
            for row in _fields_of(items, f"{name}[].", depth, seen, records):
                rows.append(row)
                row.label = entry + row.label
        if type_list == ["array"]:
            return rows
    return rows + _fields_of(prop, f"{name}.", depth, seen, records)


def _fields_of(
    schema: dict[str, Any], prefix: str, depth: int, seen: list[tuple[dict[str, Any], str]], records: Records
) -> list[Row]:
    """The fields of a schema, or of the one member of its `anyOf`/`oneOf` that has fields
    (a pool record or `null`)."""
    own = field_rows(schema, prefix, depth, seen, records)
    if own:
        return own
    members = [m for m in _members(schema) if properties(m)]
    return field_rows(members[0], prefix, depth, seen, records) if len(members) == 1 else []


def parameter_rows(op: dict[str, Any]) -> list[Row]:
    rows = []
    for param in op.get("parameters") or []:
        schema = param.get("schema") or {}
        rows.append(
            Row(
                name=f"{param['name']} ({param['in']})",
                type=schema_type(schema),
                required=bool(param.get("required")),
                constraints=cell(constraints(schema)),
                description=cell(param.get("description", "")),
                not_shown=cell(param.get("x-not-shown", "")),
                evidence=list(param.get("x-evidence") or []),
                outcomes=list(param.get("x-value-outcomes") or []),
            )
        )
    return rows


def examples_of(owner: dict[str, Any]) -> list[Example]:
    found = []
    for name, example in (owner.get("examples") or {}).items():
        value = json.dumps(example["value"], indent=2, ensure_ascii=False) if "value" in example else ""
        found.append(Example(name, example.get("summary", ""), cell(example.get("description", "")), value,
                             list(example.get("x-evidence") or []), cell(example.get("x-not-shown", ""))))  # fmt: skip
    return found


def status_label(status: str) -> str:
    """A response's heading: the status code, or for `default` what it stands for here (the
    failures of any other status; the descriptions use it for 4xx and 5xx, decision 55)."""
    return "Any other status (default)" if status == "default" else status


def response_view(status: str, response: dict[str, Any], records: Records = NO_RECORDS) -> ResponseView:
    media = (response.get("content") or {}).get("application/json") or {}
    schema = media.get("schema") or {}
    alternatives: list[tuple[str, list[dict[str, str]]]] = []
    if isinstance(schema.get("oneOf"), list):  # the success, or a failure delivered with this status
        members = schema["oneOf"]
        schema = members[0]
        for other in members[1:]:
            line = cell(f"or `{other.get('title', 'another shape')}`: {other.get('description', '')}")
            alternatives.append((line, list(other.get("x-evidence") or [])))
    headers = [
        Row(name, schema_type(h.get("schema") or {}), bool(h.get("required")), cell(constraints(h.get("schema") or {})),
            cell(h.get("description", "")), cell(h.get("x-not-shown", "")))
        for name, h in (response.get("headers") or {}).items()
    ]  # fmt: skip
    notices = [str(response["x-not-shown"])] if response.get("x-not-shown") else []
    if media.get("x-not-shown"):  # why the media type has no example
        notices.append(str(media["x-not-shown"]))
    if schema.get("x-not-shown"):
        notices.append(str(schema["x-not-shown"]))
    sensitive = response.get("x-sensitive") or _merged(schema, "x-sensitive") or {}
    links = [f"{name}: `{link.get('operationId')}`, {link.get('description', '')}"
             for name, link in (response.get("links") or {}).items()]  # fmt: skip
    return ResponseView(
        status=status,
        description=cell(response.get("description", "")),
        headers=headers,
        fields=field_rows(schema, records=records) if schema else [],
        not_shown=[cell(n) for n in notices],
        sensitive=cell(sensitive.get("handling", "")) if sensitive else "",
        examples=examples_of(media),
        links=links,
        evidence=list(response.get("x-evidence") or []),
        alternatives=alternatives,
    )


class Citations:
    """One page's citations, numbered in the order the page first cites them. Calling it
    with x-evidence items records them (each distinct citation once) and returns their
    references, `[n]` links to the list that ends the page, the citation as the hover text."""

    def __init__(self) -> None:
        self.numbers: dict[tuple[str, str, str], int] = {}

    def __call__(self, items: list[dict[str, Any]]) -> str:
        refs = []
        for item in items:
            key = (str(item.get("source", "")), str(item.get("note", "")), str(item.get("date", "")))
            number = self.numbers.setdefault(key, len(self.numbers) + 1)
            # a backtick or a pipe in an attribute would start a code span or end a table cell
            hover = html.escape(re.sub(r"[`|]", "", key[0]), quote=True)
            refs.append(f'<a class="cite" href="#evidence-{number}" title="{hover}">[{number}]</a>')
        return "".join(refs)

    def listed(self) -> list[tuple[int, str, str, str]]:
        """(number, source, note, date) for the page's list of citations."""
        return [(number, source, note, date) for (source, note, date), number in self.numbers.items()]


def field_name(name: str) -> str:
    """A field or parameter name as inline HTML code that may break only after `.` and
    `]` (a `<wbr>` there), never mid-word."""
    escaped = html.escape(name)
    return "<code class=\"field-name\">" + re.sub(r"(\.|\])(?=\w)", r"\1<wbr>", escaped) + "</code>"


def code_name(code: str) -> str:
    """An error code as inline HTML code that may break after an underscore, never mid-word."""
    return "<code>" + html.escape(code).replace("_", "_<wbr>") + "</code>"


def slug(operation_id: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "-", operation_id).lower()


@dataclass
class OperationView:
    host: str
    method: str
    path: str
    op: dict[str, Any]
    page: str = ""
    parameters: list[Row] = field(default_factory=list)
    body_fields: list[Row] = field(default_factory=list)
    body_rules: list[dict[str, str]] = field(default_factory=list)
    body_not_shown: list[str] = field(default_factory=list)
    body_examples: list[Example] = field(default_factory=list)
    responses: list[ResponseView] = field(default_factory=list)
    # an endpoint the source does not list for this service (x-evidence on its path item)
    path_note: str = ""
    path_evidence: list[dict[str, str]] = field(default_factory=list)


def operation_view(
    host: str, method: str, path: str, op: dict[str, Any], item: dict[str, Any] | None = None,
    records: Records = NO_RECORDS,
) -> OperationView:
    view = OperationView(host, method, path, op, page=f"{slug(op['operationId'])}.md")
    if item and item.get("x-evidence"):
        view.path_note = cell(item.get("description", ""))
        view.path_evidence = list(item["x-evidence"])
    view.parameters = parameter_rows(op)
    body = (op.get("requestBody") or {}).get("content", {}).get("application/json")
    if body:
        schema = body.get("schema") or {}
        view.body_fields = field_rows(schema, records=records)
        view.body_rules = list(_merged(schema, "x-rules") or [])
        view.body_not_shown = [cell(n) for n in (schema.get("x-not-shown"), _merged(schema, "x-not-shown")) if n][:1]
        view.body_examples = examples_of(body)
    responses = list(op.get("responses", {}).items())
    view.responses = [response_view(status, r, records) for status, r in responses]
    for i, (_, response) in enumerate(responses):  # a shared failure response is described once
        earlier = next((s for s, r in responses[:i] if r == response), None)
        if earlier is not None:
            view.responses[i].same_as = earlier
    return view


def page_notices(view: OperationView) -> list[tuple[str, str]]:
    """Every "not shown in the source" notice an operation page shows, as (where, text) in
    page order, for the page's one box of them. A text said in several places is listed
    once, with every place; a response described as the same as another adds nothing."""
    found: dict[str, list[str]] = {}

    def add(where: str, text: str) -> None:
        if text and where not in found.setdefault(text, []):
            found[text].append(where)

    def rows(where: str, listed: list[Row]) -> None:
        for row in flatten(listed):
            add(f"{where} `{row.name}`", row.not_shown)

    def examples(listed: list[Example]) -> None:
        for example in listed:
            add(f"example `{example.name}`", example.not_shown)

    add("the operation", cell(view.op.get("x-not-shown", "")))
    rows("parameter", view.parameters)
    for header in view.op.get("x-edge-headers") or []:
        add(f"edge header `{header['name']}`", cell(header.get("notShown", "")))
    for text in view.body_not_shown:
        add("the request body", text)
    rows("request field", view.body_fields)
    examples(view.body_examples)
    for response in view.responses:
        if response.same_as:
            continue
        label = f"response {response.status}"
        for text in response.not_shown:
            add(label, text)
        rows(f"{label}, header", response.headers)
        rows(f"{label}, field", response.fields)
        examples(response.examples)
    return [("; ".join(wheres), text) for text, wheres in found.items()]


@dataclass
class RecordView:
    """A shared record on the host's records page: what it is, its field tree, and the
    operations that carry it (directly or inside another record)."""

    name: str
    description: str
    not_shown: str
    evidence: list[dict[str, str]]
    fields: list[Row]
    used_by: list[OperationView] = field(default_factory=list)


def flatten(rows: list[Row]) -> Iterator[Row]:
    """Every row of a field tree, parents before their children."""
    for row in rows:
        yield row
        yield from flatten(row.children)


def linked_records(rows: list[Row]) -> set[str]:
    return {row.record for row in flatten(rows) if row.record}


def record_views(doc: dict[str, Any], views: list[OperationView], here: Records) -> list[RecordView]:
    """The shared records the host's pages link, alphabetically, each with the operations
    that carry it. A record linked only from another record is listed too. `here` links
    them as the records page itself does."""
    schemas = (doc.get("components") or {}).get("schemas") or {}
    records: dict[str, RecordView] = {}
    direct = [(view, linked_records(operation_rows(view))) for view in views]
    pending = set().union(*(names for _, names in direct))
    while pending:
        name = pending.pop()
        schema = schemas[name]
        rows = field_rows(schema, records=here) or nested_rows(schema, "", 0, [], here)
        records[name] = RecordView(name, cell(schema.get("description", "")), cell(schema.get("x-not-shown", "")),
                                   list(schema.get("x-evidence") or []), rows)  # fmt: skip
        pending |= linked_records(rows) - set(records)
    inside = {name: linked_records(view.fields) for name, view in records.items()}
    for view, reached in direct:
        while True:
            more = reached | {name for r in reached for name in inside[r]}
            if more == reached:
                break
            reached = more
        for name in sorted(reached):
            records[name].used_by.append(view)
    return [records[name] for name in sorted(records)]


def operation_rows(view: OperationView) -> list[Row]:
    return view.body_fields + [row for r in view.responses for row in r.fields]


def write_source_document(target: Path) -> None:
    """The source document for the site. docs/source-document.md stays byte-identical to
    the source (tests compare them), and is excluded from the build: its `<BASE>/<QUOTE>`
    would render as HTML tags, so the site shows this escaped copy."""
    source = (REPO / "docs" / "source-document.md").read_text(encoding="utf-8")
    note = (
        '!!! info "The source document"\n    The only authority for what the services do, reproduced '
        "verbatim (the repository keeps it as `docs/source-document.md`).\n\n"
    )
    lines = source.splitlines(keepends=True)
    target.write_text(lines[0] + "\n" + note + "".join(text(line) for line in lines[1:]), encoding="utf-8")


def shifted(markdown: str) -> str:
    """A changelog's body under a page's own heading: its title dropped, its sections a level
    lower, its text escaped as the page's other text is."""
    body = "\n".join(("#" + line if line.startswith("## ") else line) for line in markdown.splitlines()
                     if not line.startswith("# "))  # fmt: skip
    return text(body.strip())


def release_views() -> dict[str, Any]:
    """The releases page and the changelogs page: every release record, newest first (those
    recorded before packages had versions of their own, which only name what they released,
    apart), the version table of the last one, and every package's changelog."""
    every = records.all_records()
    shown = [r for r in reversed(every) if not r.get("migrated")]
    older = [{"release": r["release"], "date": r["date"], "commit": r["commit"],
              "packages": ", ".join(f"{n} {p['version']}" for n, p in r["packages"].items() if "-" not in n
                                    or n.startswith("runtime-"))}
             for r in reversed(every) if r.get("migrated")]  # fmt: skip
    table = every[-1]["versions"] if every else {}
    changelogs = [{"name": p.name, "kind": p.kind, "changelog": shifted(p.changelog.read_text(encoding="utf-8"))}
                  for p in packages.catalogue() if p.changelog.exists()]  # fmt: skip
    notes = [{**r, "packages": [{"name": n, **{k: (text(v) if k == "notes" else v) for k, v in p.items()}}
                                for n, p in r["packages"].items()]} for r in shown]  # fmt: skip
    return {"records": notes, "older": older, "table": table, "changelogs": changelogs}


def element_label(host: str, element: dict[str, str]) -> str:
    """A place in a host's bundle that reflects an upstream change, as Markdown: an operation
    links its page; a schema names its record."""
    if "operation" in element:
        where = f"[`{element['operation']}`]({host}/{slug(element['operation'])}.md)"
        if "parameter" in element:
            where += f" parameter `{element['parameter']}`"
    else:
        where = f"`{element['schema']}`" + (f" field `{element['property']}`" if "property" in element else "")
    return where + (f" (`{element['extension']}`)" if "extension" in element else "")


def upstream_view() -> dict[str, Any]:
    """The upstream record (generated/openapi/upstream-changes.json) for its page: each change
    with the description releases that reflect it in words (`unreleased`: the host's next
    release, after its last one) and the elements that carry it as links."""
    record: dict[str, Any] = json.loads((REPO / "generated" / "openapi" / "upstream-changes.json")
                                        .read_text(encoding="utf-8"))  # fmt: skip
    last = {p.host: p.version() for p in packages.catalogue() if p.kind == "description"}
    changes = []
    for change in record["changes"]:
        places = []
        for place in change["reflectedIn"]:
            host, version = place["description"], place["version"]
            release = (f"the next release of {host} (after {last[host]}; see its changelog)" if version == "unreleased"
                       else f"{host} {version}")  # fmt: skip
            places.append({"release": release, "elements": [element_label(host, e) for e in place["elements"]]})
        changes.append({**change, "places": places})
    return {"changes": changes, "quiet": record["quiet"]}


def first_call(summaries: list[dict[str, Any]]) -> OperationView:
    """The reference index's first example call: the first host's first GET operation that
    takes parameters (its samples show a query string), else its first operation."""
    groups: list[tuple[str, list[OperationView]]] = summaries[0]["tags"]
    views = [view for _, group in groups for view in group]
    return next((v for v in views if v.method == "get" and v.parameters), views[0])


def tag_groups(doc: dict[str, Any], views: list[OperationView]) -> list[tuple[str, list[OperationView]]]:
    """The host's operations by tag, tags in the order the bundle declares them."""
    order = [t["name"] for t in doc.get("tags") or []]
    groups: dict[str, list[OperationView]] = {name: [] for name in order}
    for view in views:
        groups.setdefault(view.op["tags"][0], []).append(view)
    return [(name, members) for name, members in groups.items() if members]


# x-value-outcomes, in words (spec/common/extensions.yaml)
OUTCOMES = {"empty-success": "an empty success, not a failure", "failure": "a failure envelope",
            "server-error": "an HTTP 5xx"}  # fmt: skip

BASES = {"source": "the source document", "recorded-body": "a response body recorded in public",
         "raydium-code": "Raydium's own front end", "third-party-code": "other people's clients"}  # fmt: skip


def render_all(out: Path, ledger_path: Path, hosts: list[str]) -> list[Path]:
    # The templates write Markdown, not HTML: HTML autoescaping would mangle it. Spec text
    # goes through the `text` and `cell` filters, which escape what Markdown would turn into tags.
    env = templates.environment(TEMPLATES, ["jinja2.ext.loopcontrols"])
    env.filters["cell"] = cell
    env.filters["text"] = text
    env.filters["field_name"] = field_name
    env.filters["code_name"] = code_name
    env.filters["status_label"] = status_label
    env.filters["anchor"] = anchor
    env.filters["python_snake"] = naming.python_snake
    env.filters["tojson_pretty"] = lambda v: json.dumps(v, indent=2, ensure_ascii=False)
    tmp = out.with_name(f".tmp-{out.name}")
    if tmp.exists():
        shutil.rmtree(tmp)
    (tmp / "downloads").mkdir(parents=True)
    ledger = json.loads(ledger_path.read_text(encoding="utf-8"))
    written: list[Path] = []

    def write(relative: str, template: str, **context: Any) -> None:
        target = tmp / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        page = env.get_template(template).render(cite=Citations(), **context)
        target.write_text(page, encoding="utf-8")
        if target.suffix == ".md":  # a page (the version table is a snippet the guide includes)
            written.append(out / relative)

    summaries = []
    for host in hosts:
        deref = (REPO / "generated" / "openapi" / f"{host}.deref.json").read_text(encoding="utf-8")
        doc = oas.typed_view(json.loads(deref))  # object-or-array data read as one schema
        bundle = json.loads((REPO / "generated" / "openapi" / f"{host}.json").read_text(encoding="utf-8"))
        shared = Records(shared_records(bundle))
        for suffix in (".yaml", ".json", ".deref.json", ".source-only.yaml"):
            shutil.copy(REPO / "generated" / "openapi" / f"{host}{suffix}", tmp / "downloads" / f"{host}{suffix}")
        views = [operation_view(host, m, p, item[m], item, shared) for p, item in doc["paths"].items()
                 for m in oas.HTTP_METHODS if m in item]  # fmt: skip
        codes = oas.error_codes(doc)
        on_records_page = Records(shared.shared, page="")
        records = record_views(doc, views, on_records_page)
        sent_back = {c.operation_id: c.chained for c in code_samples.calls(bundle, host) if c.chained}
        operations = {v.op["operationId"]: {"page": v.page, "title": f"{v.method.upper()} {v.path}"} for v in views}
        for view in views:
            chained = sent_back.get(view.op["operationId"])
            source = {"field": chained.field, "page": slug(chained.source.operation_id) + ".md",
                      "title": f"{chained.source.method.upper()} {chained.source.path}"} if chained else None
            write(f"{host}/{view.page}", "operation.md.j2", view=view, doc=doc, has_codes=bool(codes),
                  sent_back=source, notices=page_notices(view), grouped=True, records=shared,
                  operations=operations, outcomes=OUTCOMES)  # fmt: skip
        if codes:
            write(f"{host}/error-codes.md", "error-codes.md.j2", doc=doc, codes=codes, pages=operations, bases=BASES)
        if records:
            write(f"{host}/records.md", "records.md.j2", host=host, doc=doc, shown=records, records=on_records_page)
        write(f"{host}/index.md", "host.md.j2", host=host, doc=doc, views=views, counts=ledger["hosts"][host],
              records=bool(records))  # fmt: skip
        write(f"{host}/interactive.md", "interactive.md.j2", host=host, doc=doc)
        summaries.append({"host": host, "title": doc["info"]["title"], "operations": len(views),
                          "counts": ledger["hosts"][host], "tags": tag_groups(doc, views),
                          "codes": bool(codes), "records": bool(records)})  # fmt: skip
    shutil.copy(ledger_path, tmp / "downloads" / "markers.json")
    flows = sorted((REPO / "generated" / "openapi").glob("*.arazzo.yaml"))
    for flow in flows:  # the Arazzo workflows, beside the bundles their sources name
        shutil.copy(flow, tmp / "downloads" / flow.name)
    write_source_document(tmp / "source-document.md")
    written.append(out / "source-document.md")
    write("markers.md", "markers.md.j2", ledger=ledger)
    workflows = [{"file": f.name, "title": oas.load_document(f)["info"]["title"],
                  "ids": [w["workflowId"] for w in oas.load_document(f)["workflows"]]} for f in flows]  # fmt: skip
    write("index.md", "index.md.j2", summaries=summaries, first_call=first_call(summaries), workflows=workflows)
    shutil.copy(REPO / "generated" / "openapi" / "upstream-changes.json", tmp / "downloads" / "upstream-changes.json")
    write("upstream-changes.md", "upstream-changes.md.j2", **upstream_view())
    released = release_views()
    write("releases.md", "releases.md.j2", **released)
    write("changelogs.md", "changelogs.md.j2", **released)
    write("version-table.txt", "version-table.md.j2", **released)  # a snippet of docs/guide/versioning.md, not a page
    write("SUMMARY.md", "SUMMARY.md.j2", summaries=summaries)
    if out.exists():
        shutil.rmtree(out)
    tmp.rename(out)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("ledger", type=Path)
    parser.add_argument("hosts", nargs="+")
    args = parser.parse_args(argv)
    written = render_all(args.out, args.ledger, args.hosts)
    print(f"docs pages: wrote {len(written)} pages into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
