"""The upstream record: validate spec/upstream/changes.yaml and publish it beside the bundles.

Usage: python -m scripts.spec.upstream [RECORD.yaml OUT.json]   (default: spec/upstream/changes.yaml,
                                                                  generated/openapi/upstream-changes.json)

The record (written by hand) lists the observed changes of the services and of the code that
calls them, each dated and cited, with what it does to a caller of the old shape and which
description release reflects it. This program checks it against its JSON Schema
(spec/upstream/changes.schema.yaml, whose citations are the vocabulary's x-evidence), checks that
each element it names is in the host's bundle (generated/openapi/<host>.json) and that every
host it names exists, and writes the record as JSON, atomically. The docs site renders the same
JSON as a page (scripts/docs/pages.py).

`close()` is for `make release`: the release of a description writes its version in place of
`unreleased` for that host, in the record and in the JSON, so the record names the release that
reflects each change without anyone editing a version.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from ..common.paths import GENERATED, SPEC, hosts
from . import oas

RECORD = SPEC / "upstream" / "changes.yaml"
SCHEMA = SPEC / "upstream" / "changes.schema.yaml"
VOCABULARY = SPEC / "common" / "extensions.yaml"
PUBLISHED = GENERATED / "openapi" / "upstream-changes.json"
UNRELEASED = "unreleased"


class RecordError(Exception):
    pass


def schema_problems(record: Any) -> list[str]:
    """The record's departures from its schema, as `pointer: message` lines."""
    registry = Registry().with_resources([
        (path.resolve().as_uri(), Resource.from_contents(oas.load_document(path), default_specification=DRAFT202012))
        for path in (SCHEMA, VOCABULARY)])  # fmt: skip
    validator = jsonschema.Draft202012Validator({"$ref": SCHEMA.resolve().as_uri()}, registry=registry)
    errors = sorted(validator.iter_errors(record), key=lambda e: list(map(str, e.absolute_path)))
    return [f"/{'/'.join(str(p) for p in error.absolute_path)}: {error.message}" for error in errors]


def operations(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {op["operationId"]: op for item in (doc.get("paths") or {}).values()
            for method, op in item.items() if method in oas.HTTP_METHODS and "operationId" in op}  # fmt: skip


def find(doc: dict[str, Any], element: dict[str, str]) -> str | None:
    """Why ``element`` is not in the bundle ``doc``, or None where it is."""
    if "operation" in element:
        node = operations(doc).get(element["operation"])
        if node is None:
            return f"no operation {element['operation']}"
        if "parameter" in element:
            params = [oas.resolve_pointer(doc, p["$ref"][1:]) if "$ref" in p else p for p in node.get("parameters", [])]
            node = next((p for p in params if p.get("name") == element["parameter"]), None)
            if node is None:
                return f"{element['operation']} has no parameter {element['parameter']}"
    else:
        node = (doc.get("components") or {}).get("schemas", {}).get(element["schema"])
        if node is None:
            return f"no schema {element['schema']}"
        if "property" in element:
            node = (node.get("properties") or {}).get(element["property"])
            if node is None:
                return f"{element['schema']} has no property {element['property']}"
    if "extension" in element and element["extension"] not in node:
        return f"{json.dumps(element)}: no {element['extension']} there"
    return None


def problems(record: Any, bundles: dict[str, dict[str, Any]]) -> list[str]:
    """Everything wrong with the record: its schema, its ids, its hosts, its elements."""
    found = schema_problems(record)
    if found:
        return found
    ids = [c["id"] for c in record["changes"]]
    found += [f"id {i!r} is used twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    dates = [c["date"] for c in record["changes"]]
    if dates != sorted(dates):
        found.append("the changes are not in date order, oldest first")
    for change in record["changes"]:
        for place in change["reflectedIn"]:
            host = place["description"]
            if host not in bundles:
                found.append(f"{change['id']}: no host {host!r}")
                continue
            found += [f"{change['id']}: {host}: {why}" for e in place["elements"] if (why := find(bundles[host], e))]
    found += [f"quiet: no host {q['description']!r}" for q in record["quiet"] if q["description"] not in bundles]
    return found


def load_bundles() -> dict[str, dict[str, Any]]:
    loaded: dict[str, dict[str, Any]] = {}
    for host in hosts():
        loaded[host] = json.loads((GENERATED / "openapi" / f"{host}.json").read_text(encoding="utf-8"))
    return loaded


def publish(record_path: Path, out: Path) -> dict[str, Any]:
    """Check the record and write it as JSON (through a temporary file that is renamed)."""
    record: dict[str, Any] = oas.load_document(record_path)
    found = problems(record, load_bundles())
    if found:
        raise RecordError("\n".join(f"{record_path}: {line}" for line in found))
    tmp = out.with_name(f".tmp-{out.name}")
    tmp.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(out)
    return record


def close(host: str, version: str, record_path: Path = RECORD, out: Path = PUBLISHED) -> int:
    """`make release` of ``host`` at ``version``: every `version: unreleased` of that host in the
    record becomes ``version`` (the text is edited in place, so comments and layout stay), and the
    JSON is written again. Returns how many places it named."""
    text = record_path.read_text(encoding="utf-8")
    pattern = re.compile(rf"^(\s*- description: {re.escape(host)}\n\s+version: ){UNRELEASED}$", re.M)
    text, count = pattern.subn(lambda m: m.group(1) + version, text)
    if count:
        record_path.write_text(text, encoding="utf-8")
    left = [p for c in oas.load_document(record_path)["changes"] for p in c["reflectedIn"]
            if p["description"] == host and p["version"] == UNRELEASED]  # fmt: skip
    if left:
        raise RecordError(f"{record_path}: {host}: {len(left)} `version: unreleased` not written as "
                          "'- description: <host>' followed by 'version: unreleased'")  # fmt: skip
    publish(record_path, out)
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", type=Path, nargs="?", default=RECORD)
    parser.add_argument("out", type=Path, nargs="?", default=PUBLISHED)
    args = parser.parse_args(argv)
    try:
        record = publish(args.record, args.out)
    except (RecordError, oas.SpecError) as exc:
        print(f"upstream: {exc}", file=sys.stderr)
        return 1
    print(f"upstream: wrote {args.out} ({len(record['changes'])} changes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
