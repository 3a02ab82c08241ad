"""Derive the source-only view of a bundle: every x-evidence element stripped mechanically.

Usage: python -m scripts.spec.source_only BUNDLE.yaml OUT.source-only.yaml
(`make` writes the view from scripts/spec/bundle.py, with the other bundle files.)

Rules (the meaning of x-evidence, spec/common/extensions.yaml):
  * an object whose x-evidence has a citation without `values` or `withoutEvidence`
    exists because of evidence: it is removed from its container (a property, parameter,
    component, `items`, `additionalProperties`, an `anyOf` member...);
  * citations with `values` back enum values: those values leave `enum`,
    `x-extensible-enum` and the parallel `x-enum-descriptions`; the schema stays;
  * an `x-error-codes` entry with x-evidence goes, and its code leaves
    `x-extensible-enum` (the entry's citations back that value);
  * citations with `withoutEvidence` back keywords: the keywords take the values it gives
    (a schema's wider `type` from `types`, a server variable's placeholder `default`); the object stays;
  * on a response or an operation (which the source does show) x-evidence is an
    annotation of behaviour: the citation is removed, the object stays;
  * an `anyOf`/`oneOf` the strip leaves with one member (the source's form, beside an
    evidence-only alternative) is replaced by that member;
  * `x-codeSamples` go: they are our clients' calls, some with evidence-backed values;
  * the extensions whose every value rests on evidence go whole (EVIDENCE_EXTENSIONS: the
    vocabulary requires x-evidence in each of their entries): what a value gets back
    (`x-value-outcomes`) and where an operation's calls moved (`x-successor`, `x-predecessors`).
The result contains only what the source document states; it is validated by the tests.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from . import oas

KEEP_CONTAINERS = frozenset({"responses", *oas.HTTP_METHODS})  # annotations only: keep the object
# extensions that exist only because of evidence (spec/common/extensions.yaml), and our samples
DROPPED = frozenset({"x-evidence", "x-codeSamples"})
EVIDENCE_EXTENSIONS = frozenset({"x-value-outcomes", "x-successor", "x-predecessors"})


def strip_values(node: dict[str, Any], citations: list[dict[str, Any]]) -> None:
    """Remove the enum values the citations back (and their parallel descriptions)."""
    cited = [v for c in citations for v in c.get("values") or []]
    for key in ("enum", "x-extensible-enum"):
        if key in node:
            keep = [i for i, v in enumerate(node[key]) if v not in cited]
            if len(node.get("x-enum-descriptions") or []) == len(node[key]):
                node["x-enum-descriptions"] = [node["x-enum-descriptions"][i] for i in keep]
            node[key] = [node[key][i] for i in keep]


def strip(node: Any, container: str = "", pointer: str = "") -> Any:
    """The node (at ``pointer``, held under the key ``container``) without evidence;
    containers drop their evidence elements."""
    if isinstance(node, list):
        return [strip(item, container, oas.pointer_join(pointer, i)) for i, item in enumerate(node)
                if not oas.is_evidence_element(item)]  # fmt: skip
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in DROPPED or key in EVIDENCE_EXTENSIONS:  # samples are ours (from evidence values too)
            continue
        literal = oas.is_literal(key, pointer, value)
        if container not in KEEP_CONTAINERS and oas.is_evidence_element(value) and not literal:
            continue
        stripped = value if literal else strip(value, key, oas.pointer_join(pointer, key))
        if value and not stripped and isinstance(value, (dict, list)):
            continue  # a container emptied by the strip (properties: {}) goes too
        out[key] = stripped
    if "x-evidence" in node:
        strip_values(out, node["x-evidence"])
        for citation in node["x-evidence"]:
            for keyword, value in (citation.get("withoutEvidence") or {}).items():
                out["type" if keyword == "types" else keyword] = value
    if "x-error-codes" in node:
        codes = node["x-error-codes"]
        strip_values(out, [{"values": [e["code"] for e in codes if oas.is_evidence_element(e)]}])
        out["x-error-codes"] = [e for e in codes if not oas.is_evidence_element(e)]
    return collapse_alternatives(out)


def collapse_alternatives(node: dict[str, Any]) -> dict[str, Any]:
    """An `anyOf`/`oneOf` left with one member by the strip is that member: merge it into
    its parent (where no key conflicts), so the view reads as the source states it."""
    for key in ("anyOf", "oneOf"):
        members = node.get(key)
        if not (isinstance(members, list) and len(members) == 1 and isinstance(members[0], dict)):
            continue
        if not set(members[0]) & (set(node) - {key}):
            rest = {k: v for k, v in node.items() if k != key}
            return {**rest, **members[0]}
    return node


def resolves(root: Any, ref: str) -> bool:
    if not ref.startswith("#/"):
        return True  # the bundle has no external references
    try:
        oas.resolve_pointer(root, ref[1:])
    except KeyError:
        return False
    return True


def drop_dangling(node: Any, root: Any) -> Any:
    """Remove references whose local target the strip removed (an evidence example, say)."""

    def dangling(value: Any) -> bool:
        return isinstance(value, dict) and isinstance(value.get("$ref"), str) and not resolves(root, value["$ref"])

    if isinstance(node, list):
        return [drop_dangling(v, root) for v in node if not dangling(v)]
    if isinstance(node, dict):
        return {k: drop_dangling(v, root) for k, v in node.items() if not dangling(v)}
    return node


def source_only(doc: Any) -> Any:
    """The source-only view of a bundle."""
    view = strip(doc)
    return drop_dangling(view, view)


def dump(view: Any) -> str:
    """The view as YAML, in the key order of the bundle."""
    return oas.dump_yaml(view)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("out", type=Path)
    args = parser.parse_args(argv)
    tmp = args.out.with_name(f".tmp-{args.out.name}")
    tmp.write_text(dump(source_only(oas.load_document(args.bundle))), encoding="utf-8")
    tmp.replace(args.out)
    print(f"source-only: wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
