"""Dereference an OpenAPI 3.1 document: every $ref inlined (prance), local and to other
files, with the siblings of each $ref kept as OpenAPI 3.1 applies them.

Library module: scripts/spec/bundle.py writes the bundles' .deref.json with it, and
scripts/release/openapi_gate.py reads both sides of a comparison with it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prance.util import resolver
from prance.util.url import ResolutionError

from . import oas

# Temporary marker of a $ref whose siblings were set aside before dereferencing.
_SIBLINGS = "x-bundle-ref-siblings"
# Sibling keys that override the target's (OpenAPI 3.1 Reference Object semantics).
_OVERRIDING = frozenset({"description", "summary", "title"})


def _set_siblings_aside(doc: Any) -> None:
    """prance replaces a `{$ref, ...siblings}` object by its target and drops the siblings.
    OpenAPI 3.1 applies them (a description, a `minLength` beside a $ref), so wrap each
    such reference as `{allOf: [{$ref}], ...siblings}` before resolving."""
    for _pointer, holder in list(oas.ref_holders(doc)):
        siblings = {k: v for k, v in holder.items() if k != "$ref"}
        if siblings:
            ref = holder["$ref"]
            holder.clear()
            holder.update({"allOf": [{"$ref": ref}], **siblings, _SIBLINGS: True})


def _merge_siblings(node: Any) -> None:
    """After resolving: merge the siblings over the target where no key conflicts, which
    reads like an ordinary inlined reference; keep the allOf form where one does."""
    if isinstance(node, list):
        for item in node:
            _merge_siblings(item)
        return
    if not isinstance(node, dict):
        return
    for value in node.values():
        _merge_siblings(value)
    if node.pop(_SIBLINGS, False):
        target = node["allOf"][0]
        siblings = {k: v for k, v in node.items() if k != "allOf"}
        if isinstance(target, dict) and not (set(target) & set(siblings)) - _OVERRIDING:
            node.clear()
            node.update({**target, **siblings})


def dereference(bundle: Path) -> Any:
    """The bundle with every $ref inlined (prance), keeping the siblings of each $ref."""
    doc = oas.load_document(bundle)  # a fresh copy: the siblings are rewritten in place
    _set_siblings_aside(doc)
    ref_resolver = resolver.RefResolver(
        doc,
        bundle.resolve().as_uri(),
        resolve_types=resolver.RESOLVE_INTERNAL | resolver.RESOLVE_FILES,
    )
    try:
        ref_resolver.resolve_references(materialize=True)
    except ResolutionError as exc:
        raise oas.SpecError(str(bundle), "", f"a $ref cannot be resolved: {exc.args[-1] if exc.args else exc}") from exc
    specs = ref_resolver.specs
    _merge_siblings(specs)
    return specs
