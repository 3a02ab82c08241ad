"""Check the house rules on OpenAPI descriptions and everything they $ref.

Rules (docs/decisions/ explains each):
  * every $ref resolves;
  * every x- extension is defined in the vocabulary (spec/common/extensions.yaml), is
    allowed where it stands, and its value validates against the vocabulary's schema;
  * a schema that shows no shape (open object or untyped value) carries x-not-shown, and
    no x-not-shown text talks about evidence (markers stay in the source-only view);
  * evidence only narrows: a `withoutEvidence.types` contains the schema's own type; a
    server variable's citation gives the placeholder `withoutEvidence.default`;
  * no `nullable` keyword (OpenAPI 3.1 uses type lists);
  * no integer literal beyond 2^53, except a named component schema's bound (the bundle
    keeps those exact);
  * every operation has an operationId, a summary, exactly one tag and a 429 response;
  * every JSON response uses the envelope (its schema has `id` and `success`);
  * every response and request media type has named examples, and every example
    (media types, parameters, headers) validates against its schema (JSON Schema 2020-12);
  * with --source-document: no invented names. Every property, parameter, header and
    enum value, and every key used in an example, is named in the source document or
    carries x-evidence; an error-code catalogue (x-error-codes) lists the x-extensible-enum
    values in order, with basis `source` exactly for the codes the source names.

Usage: python -m scripts.spec.house_rules [--source-document FILE] SPEC [SPEC ...]
Prints one line per problem, `file: pointer: problem`, and exits 1 if there is any.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from ..common.paths import REPO
from . import oas

VOCABULARY = REPO / "spec" / "common" / "extensions.yaml"
JSON_MEDIA = re.compile(r"^application/([a-z0-9.+-]*\+)?json$")
EVIDENCE_TALK = re.compile(r"\bevidence\b", re.IGNORECASE)


class Checker:
    def __init__(self, vocabulary: Path, source_text: str | None) -> None:
        vocab_doc = oas.load_document(vocabulary)
        self.vocab: dict[str, dict[str, Any]] = {
            name: schema for name, schema in vocab_doc["components"]["schemas"].items() if name.startswith("x-")
        }
        self.vocab_validators = {
            name: jsonschema.Draft202012Validator(
                {"$ref": f"{vocabulary.resolve().as_uri()}#/components/schemas/{name}"},
                registry=Registry().with_resource(
                    vocabulary.resolve().as_uri(),
                    Resource.from_contents(vocab_doc, default_specification=DRAFT202012),
                ),
            )
            for name in self.vocab
        }
        self.vocabulary = vocabulary.resolve()
        self.source_text = source_text
        self.rate_limited = True
        self.problems: list[str] = []
        self.by_rule: dict[str, list[str]] = {}
        self.checked_files: set[Path] = set()

    # -- reporting ---------------------------------------------------------------
    def problem(self, docs: oas.DocumentSet, file: Path, pointer: str, message: str, *, rule: str) -> None:
        self.report(f"{docs.display(file)}: {pointer or '/'}: {message}", rule)

    def spec_error(self, exc: oas.SpecError) -> None:
        self.report(str(exc), "ref")

    def report(self, line: str, rule: str) -> None:
        self.problems.append(line)
        self.by_rule.setdefault(rule, []).append(line)

    # -- entry point -------------------------------------------------------------
    def check_entry(self, entry: Path) -> None:
        try:
            docs = oas.DocumentSet(entry)
        except oas.SpecError as exc:
            self.spec_error(exc)
            return
        registry = Registry(retrieve=lambda uri: _retrieve(docs, uri))  # type: ignore[call-arg]
        pending = [docs.entry]
        seen: set[Path] = set()
        order: list[Path] = []
        while pending:
            file = pending.pop()
            if file in seen:
                continue
            seen.add(file)
            order.append(file)
            for target in self.check_refs(docs, file):
                pending.append(target)
        # an example may use a property that another file of the description declares with evidence
        evidence_names = set().union(*(_evidence_property_names(docs.load(f)) for f in order))
        for file in order:
            self.check_file(docs, file, registry, evidence_names)
        self.checked_files |= seen

    # -- $ref --------------------------------------------------------------------
    def check_refs(self, docs: oas.DocumentSet, file: Path) -> Iterator[Path]:
        for pointer, holder in oas.ref_holders(docs.load(file)):
            try:
                yield docs.resolve(file, holder["$ref"], oas.pointer_join(pointer, "$ref")).file
            except oas.SpecError as exc:
                self.spec_error(exc)

    # -- one file ----------------------------------------------------------------
    def check_file(self, docs: oas.DocumentSet, file: Path, registry: Registry, evidence_names: set[str]) -> None:
        doc = docs.load(file)
        # A host that declares rate limiting (x-rate-limit) declares 429 on every operation.
        self.rate_limited = isinstance(doc, dict) and "x-rate-limit" in doc
        for pointer, number in oas.unsafe_integers(doc):
            if oas.EXACT_BOUND.match(pointer):
                continue  # bundle.py keeps a named component's bound exact
            self.problem(
                docs,
                file,
                pointer,
                f"integer {number} is beyond 2^53: JavaScript tools (Redocly, Spectral, Prism) "
                "corrupt it; only a named component schema's minimum or maximum may be (the bundle "
                "keeps those exact); state the range another way (format, description)",
                rule="number",
            )
        for node in oas.walk(doc):
            self.check_extensions(docs, file, node)
            if node.kind == "schema":
                self.check_schema(docs, file, node)
            elif node.kind == "operation":
                self.check_operation(docs, file, node)
            elif node.kind == "media-type":
                self.check_media_type(docs, file, node, registry, evidence_names)
            elif node.kind in ("parameter", "header"):
                self.check_examples(
                    docs,
                    file,
                    node,
                    node.value.get("schema"),
                    registry,
                    oas.pointer_join(node.pointer, "schema"),
                    evidence_names,
                )
            if self.source_text is not None and file != self.vocabulary:
                self.check_names(docs, file, node)  # the vocabulary names annotations, not the API

    def check_extensions(self, docs: oas.DocumentSet, file: Path, node: oas.Node) -> None:
        for key, value in node.value.items():
            if not key.startswith("x-"):
                continue
            where = oas.pointer_join(node.pointer, key)
            if key == "x-not-shown" and isinstance(value, str) and EVIDENCE_TALK.search(value):
                self.problem(docs, file, where, "x-not-shown says what the source does not show; it must not talk "
                             "about evidence (the marker stays in the source-only view): put that in an x-evidence "
                             "note", rule="marker")  # fmt: skip
            if key == "x-evidence" and node.kind == "server-variable":
                for citation in value if isinstance(value, list) else []:
                    if not isinstance(citation, dict) or "default" not in (citation.get("withoutEvidence") or {}):
                        self.problem(docs, file, where, "a server variable's citation backs its default: give "
                                     "withoutEvidence.default, the placeholder of the source-only view",
                                     rule="marker")  # fmt: skip
            if key not in self.vocab:
                self.problem(
                    docs,
                    file,
                    where,
                    f"unknown extension {key}: define it in spec/common/extensions.yaml",
                    rule="marker",
                )
                continue
            allowed = self.vocab[key].get("x-allowed-on", [])
            kind = node.kind
            if kind not in allowed:
                self.problem(
                    docs,
                    file,
                    where,
                    f"{key} is not allowed on a {kind} (allowed on: {', '.join(allowed)})",
                    rule="marker",
                )
            for error in self.vocab_validators[key].iter_errors(value):
                self.problem(docs, file, where, f"invalid {key} value: {error.message}", rule="marker")

    def check_schema(self, docs: oas.DocumentSet, file: Path, node: oas.Node) -> None:
        schema = node.value
        if "nullable" in schema:
            self.problem(
                docs,
                file,
                node.pointer,
                "the `nullable` keyword is not allowed: use a type list such as [string, 'null']",
                rule="nullable",
            )
        self.check_error_codes(docs, file, node)
        described = schema.get("x-enum-descriptions")
        if isinstance(described, list):
            values = schema.get("enum") or schema.get("x-extensible-enum") or []
            if len(described) != len(values):
                self.problem(
                    docs,
                    file,
                    oas.pointer_join(node.pointer, "x-enum-descriptions"),
                    f"x-enum-descriptions has {len(described)} entries for {len(values)} enum values "
                    "(it is a list parallel to enum)",
                    rule="marker",
                )
        for citation in schema.get("x-evidence") or []:
            narrowed = (citation.get("withoutEvidence") or {}) if isinstance(citation, dict) else {}
            if "default" in narrowed:
                self.problem(docs, file, oas.pointer_join(node.pointer, "x-evidence"),
                             "withoutEvidence.default belongs on a server variable, not a schema", rule="marker")
            if "types" in narrowed:
                own = schema.get("type")
                own_types = set(own if isinstance(own, list) else [own] if own else [])
                if not own_types or not own_types < set(narrowed["types"]):
                    self.problem(
                        docs, file, oas.pointer_join(node.pointer, "type"),
                        f"evidence may only narrow what the source states: type {own!r} is not a part of "
                        f"withoutEvidence.types {narrowed['types']!r}", rule="marker",
                    )  # fmt: skip
        if oas.is_open_shapeless(schema) and "x-not-shown" not in schema:
            self.problem(
                docs,
                file,
                node.pointer,
                "open object without a marker: a schema that shows no shape must carry x-not-shown",
                rule="open-object",
            )

    def check_error_codes(self, docs: oas.DocumentSet, file: Path, node: oas.Node) -> None:
        """An error-code catalogue lists the codes of x-extensible-enum, in order; a code the
        source names has basis `source`, any other carries x-evidence (the vocabulary checks
        that a `source` entry has none)."""
        catalogue = node.value.get("x-error-codes")
        if not isinstance(catalogue, list):
            return
        where = oas.pointer_join(node.pointer, "x-error-codes")
        codes = [e.get("code") for e in catalogue if isinstance(e, dict)]
        if codes != list(node.value.get("x-extensible-enum") or []):
            self.problem(docs, file, where, "the codes of x-error-codes must be the x-extensible-enum values, in the "
                         "same order", rule="marker")  # fmt: skip
        for i, entry in enumerate(catalogue):
            if not isinstance(entry, dict) or self.source_text is None:
                continue
            named = self.in_source(str(entry.get("code")))
            if named != (entry.get("basis") == "source"):
                self.problem(docs, file, oas.pointer_join(where, i), f"code {entry.get('code')!r}: basis `source` "
                             "exactly where the source document names the code", rule="names")  # fmt: skip

    def check_operation(self, docs: oas.DocumentSet, file: Path, node: oas.Node) -> None:
        op = node.value
        if not op.get("operationId"):
            self.problem(docs, file, node.pointer, "operation has no operationId", rule="operation")
        if not op.get("summary"):
            self.problem(docs, file, node.pointer, "operation has no summary", rule="operation")
        tags = op.get("tags") or []
        if len(tags) != 1:
            self.problem(
                docs, file, node.pointer, f"operation must have exactly one tag, has {len(tags)}", rule="operation"
            )
        responses = op.get("responses") or {}
        if self.rate_limited and "429" not in responses:
            self.problem(
                docs,
                file,
                node.pointer,
                "operation has no 429 response (rate limiting with Retry-After)",
                rule="operation",
            )
        for status, response in responses.items():
            where = oas.pointer_join(node.pointer, "responses", status)
            try:
                loc = docs.deref(oas.Location(file, where, response))
            except oas.SpecError as exc:
                self.spec_error(exc)
                continue
            for media, media_obj in (loc.value.get("content") or {}).items():
                if not JSON_MEDIA.match(media) or "schema" not in media_obj:
                    continue
                names = self.envelope_names(
                    docs, loc.file, oas.pointer_join(loc.pointer, "content", media, "schema"), media_obj["schema"]
                )
                if not {"id", "success"} <= names:
                    self.problem(
                        docs,
                        file,
                        where,
                        f"{media} response does not use the envelope (no id/success in its schema)",
                        rule="envelope",
                    )

    def envelope_names(self, docs: oas.DocumentSet, file: Path, pointer: str, schema: Any) -> set[str]:
        """Property names a schema declares through $ref and allOf."""
        try:
            loc = docs.deref(oas.Location(file, pointer, schema))
        except oas.SpecError:
            return set()
        if not isinstance(loc.value, dict):
            return set()
        names = set((loc.value.get("properties") or {}).keys())
        for i, sub in enumerate(loc.value.get("allOf") or []):
            names |= self.envelope_names(docs, loc.file, oas.pointer_join(loc.pointer, "allOf", i), sub)
        for key in ("oneOf", "anyOf"):  # alternatives: each must declare the name
            members = loc.value.get(key) or []
            alternatives = [
                self.envelope_names(docs, loc.file, oas.pointer_join(loc.pointer, key, i), sub)
                for i, sub in enumerate(members)
            ]
            if alternatives:
                names |= set.intersection(*alternatives)
        return names

    def check_media_type(
        self, docs: oas.DocumentSet, file: Path, node: oas.Node, registry: Registry, evidence_names: set[str]
    ) -> None:
        media = node.value
        if not media.get("examples") and "example" not in media and "x-not-shown" not in media:
            self.problem(docs, file, node.pointer, "media type has no examples (or an x-not-shown that says why "
                         "none can be given)", rule="example")  # fmt: skip
        self.check_examples(
            docs, file, node, media.get("schema"), registry, oas.pointer_join(node.pointer, "schema"), evidence_names
        )

    def check_examples(
        self,
        docs: oas.DocumentSet,
        file: Path,
        node: oas.Node,
        schema: Any,
        registry: Registry,
        schema_pointer: str,
        evidence_names: set[str],
    ) -> None:
        if schema is None:
            return
        validator = jsonschema.Draft202012Validator(
            {"$ref": f"{file.as_uri()}#{schema_pointer}"},
            registry=registry,
            format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
        )
        try:
            examples = list(oas.example_values(docs, file, node.pointer, node.value))
        except oas.SpecError as exc:
            self.spec_error(exc)
            return
        for name, value in examples:
            where = (
                oas.pointer_join(node.pointer, "examples", name)
                if name != "example"
                else oas.pointer_join(node.pointer, "example")
            )
            try:
                errors = sorted(validator.iter_errors(value), key=lambda e: list(e.absolute_path))
            except Exception as exc:  # noqa: BLE001 - unresolvable refs etc.: report, never crash
                self.problem(docs, file, where, f"example could not be checked: {exc}", rule="example")
                continue
            for error in errors:
                at = "/".join(str(p) for p in error.absolute_path) or "(root)"
                self.problem(
                    docs, file, where, f"example does not match its schema at {at}: {error.message}", rule="example"
                )
            if self.source_text is not None:
                for key in _example_keys(value):
                    if not self.in_source(key) and key not in evidence_names:
                        self.problem(
                            docs,
                            file,
                            where,
                            f"example uses the name {key!r}, which is neither in the source "
                            "document nor an evidence-backed property",
                            rule="names",
                        )

    # -- names -------------------------------------------------------------------
    def in_source(self, name: str, *, ignore_case: bool = False) -> bool:
        """True if ``name`` stands in the source document as a whole word. HTTP header
        names are case-insensitive, so headers are looked up with ``ignore_case``."""
        assert self.source_text is not None
        pattern = rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])"
        return re.search(pattern, self.source_text, re.IGNORECASE if ignore_case else 0) is not None

    def check_names(self, docs: oas.DocumentSet, file: Path, node: oas.Node) -> None:
        value = node.value
        if node.kind == "schema":
            for name, prop in (value.get("properties") or {}).items():
                where = oas.pointer_join(node.pointer, "properties", name)
                self.check_name(docs, file, where, "property", name, prop)
            values = list(value.get("enum") or []) + list(value.get("x-extensible-enum") or [])
            if "const" in value:
                values.append(value["const"])
            citations = value.get("x-evidence") or []
            cited = {_json_text(v) for e in citations for v in e.get("values") or []}
            cited |= {str(e.get("code")) for e in value.get("x-error-codes") or [] if oas.is_evidence_element(e)}
            if any(oas.backs_element(e) for e in citations):  # the whole schema rests on evidence
                cited |= {_json_text(v) for v in values}
            for item in values:
                text = _json_text(item)
                if text is not None and not self.in_source(text) and text not in cited:
                    self.problem(
                        docs,
                        file,
                        node.pointer,
                        f"invented name: enum value {text!r} is not in the source document "
                        "and no x-evidence on this schema lists it in `values`",
                        rule="names",
                    )
        elif node.kind == "parameter":
            header = value.get("in") == "header"
            self.check_name(docs, file, node.pointer, "parameter", value.get("name", ""), value, ignore_case=header)
        elif node.kind == "response":
            for name, header_obj in (value.get("headers") or {}).items():
                where = oas.pointer_join(node.pointer, "headers", name)
                self.check_name(docs, file, where, "header", name, header_obj, ignore_case=True)

    def check_name(self, docs: oas.DocumentSet, file: Path, pointer: str, what: str, name: str, element: Any,
                   *, ignore_case: bool = False) -> None:  # fmt: skip
        """A property, parameter or header name is in the source document or carries x-evidence."""
        if self.in_source(name, ignore_case=ignore_case) or (isinstance(element, dict) and "x-evidence" in element):
            return
        self.problem(docs, file, pointer, f"invented name: {what} {name!r} is not in the source document "
                     "and carries no x-evidence", rule="names")  # fmt: skip


def _retrieve(docs: oas.DocumentSet, uri: str) -> Resource[Any]:
    path = Path(uri.removeprefix("file://"))
    return Resource.from_contents(docs.load(path), default_specification=DRAFT202012)


def _evidence_property_names(doc: Any) -> set[str]:
    names: set[str] = set()
    for node in oas.walk(doc):
        if node.kind == "schema":
            for name, prop in (node.value.get("properties") or {}).items():
                if isinstance(prop, dict) and "x-evidence" in prop:
                    names.add(name)
    return names


def _example_keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, sub in value.items():
            yield str(key)
            yield from _example_keys(sub)
    elif isinstance(value, list):
        for sub in value:
            yield from _example_keys(sub)


def _json_text(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return None  # numbers are values, not names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", type=Path)
    parser.add_argument(
        "--source-document", type=Path, help="check that every name is in this document or carries x-evidence"
    )
    parser.add_argument("--vocabulary", type=Path, default=VOCABULARY)
    args = parser.parse_args(argv)
    source_text = args.source_document.read_text(encoding="utf-8") if args.source_document else None
    checker = Checker(args.vocabulary, source_text)
    for spec in args.specs:
        checker.check_entry(spec)
    for line in dict.fromkeys(checker.problems):
        print(line, file=sys.stderr)
    if checker.problems:
        print(f"house rules: {len(dict.fromkeys(checker.problems))} problem(s)", file=sys.stderr)
        return 1
    print(f"house rules: ok ({len(checker.checked_files)} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
