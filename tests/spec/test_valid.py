"""Every spec file is valid OpenAPI 3.1 on its own, and so is every bundle."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from project import GENERATED, HOSTS, REPO, SHARED_SOURCE, SOURCE_DOCUMENT, SPEC, bundle, deref
from scripts.spec import oas
from scripts.spec import validate as validate_spec

# Arazzo: linted by make; the upstream record is not OpenAPI (tests/spec/test_upstream.py)
SPEC_FILES = sorted(p for p in SPEC.rglob("*.yaml")
                    if not p.name.endswith(".arazzo.yaml") and p.parent.name != "upstream")  # fmt: skip
BUNDLE_FILES = [GENERATED / f"{h}{suffix}" for h in HOSTS for suffix in (".yaml", ".json", ".deref.json")]


def test_there_are_hosts_and_files() -> None:
    assert "pool-v3" in HOSTS
    assert len(SPEC_FILES) >= len(HOSTS) + 4  # every host entry + the common components


@pytest.mark.pipeline  # make's validate step runs the same check (scripts/spec/validate.py)
@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: str(p.relative_to(SPEC)))
def test_spec_file_is_valid_on_its_own(path: Path) -> None:
    assert validate_spec.problems(path) == []


@pytest.mark.parametrize("path", SPEC_FILES, ids=lambda p: str(p.relative_to(SPEC)))
def test_libyaml_reads_each_spec_file_as_the_python_reader_does(path: Path) -> None:
    """oas.load_document reads YAML with libyaml's parser (decision 89); PyYAML's own reader is
    the reference, and the two must give the same document."""
    assert oas._FastStrictLoader is not None, "PyYAML was built without libyaml"
    text = path.read_text(encoding="utf-8")
    # libyaml's read on its own (load_document would fall back to the other reader)
    assert oas._read_yaml(oas._FastStrictLoader(text)) == oas._read_yaml(oas._StrictLoader(text))


@pytest.mark.parametrize(("text", "words"), [
    ("a: 1\nb:\n  c: 2\n  c: 3\n", ["duplicate key 'c'", 'line 4, column 3', "      c: 3"]),
    ("a: [1, 2\nb: 3\n", ["while parsing a flow sequence", "line 1, column 4", "    a: [1, 2"]),
])  # fmt: skip
def test_a_refused_yaml_file_is_named_with_its_line(tmp_path: Path, text: str, words: list[str]) -> None:
    """libyaml's marks name no file and quote no line: a refused document is read again by the
    Python reader, whose message does both."""
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(oas.SpecError) as caught:
        oas.load_document(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: /: not valid YAML/JSON: "), message
    for word in [f'in "{path}"', *words]:
        assert word in message, message
    assert "<unicode string>" not in message


@pytest.mark.pipeline  # scripts/spec/bundle.py checks the bundle and its dereferenced form before writing them
@pytest.mark.parametrize("path", BUNDLE_FILES, ids=lambda p: p.name)
def test_bundle_is_valid(path: Path) -> None:
    assert path.is_file(), f"{path} is missing: run make"
    assert validate_spec.problems(path) == []


@pytest.mark.parametrize("host", HOSTS)
def test_json_bundle_is_the_yaml_bundle(host: str) -> None:
    from_yaml = oas.load_document(GENERATED / f"{host}.yaml")  # strict, and read by libyaml where PyYAML has it
    assert bundle(host) == from_yaml


@pytest.mark.parametrize("host", HOSTS)
def test_deref_bundle_has_no_ref(host: str) -> None:
    assert '"$ref"' not in json.dumps(deref(host))
    assert deref(host)["paths"].keys() == bundle(host)["paths"].keys()


@pytest.mark.parametrize("host", HOSTS)
def test_bundle_keeps_component_names(host: str) -> None:
    """redocly renames colliding components to Name-2; scripts/spec/bundle.py refuses that."""
    for section in bundle(host).get("components", {}).values():
        for name in section:
            assert name[-2:-1] != "-" or not name[-1].isdigit(), f"renamed component {name}"


if SHARED_SOURCE.is_file():  # the maintainers' workspace only: users have the vendored copy alone

    def test_source_document_copy_matches_shared() -> None:
        """docs/source-document.md is a verbatim copy of the source document."""
        assert SOURCE_DOCUMENT.read_bytes() == SHARED_SOURCE.read_bytes(), (
            f"{SOURCE_DOCUMENT.relative_to(REPO)} differs from {SHARED_SOURCE}: copy the new source "
            "document and update the specs"
        )


@pytest.mark.parametrize("host", HOSTS)
def test_deref_bundle_keeps_the_siblings_of_every_ref(host: str) -> None:
    """prance drops the siblings of a $ref; scripts/spec/bundle.py keeps them (OpenAPI 3.1 applies them):
    at every place where the bundle has `{$ref, ...siblings}`, the dereferenced bundle has each
    sibling with the same value (merged over the target, or beside an allOf of it)."""
    assert "x-bundle-ref-siblings" not in json.dumps(deref(host))
    checked = 0
    for pointer, holder in oas.ref_holders(bundle(host)):
        siblings = {k: v for k, v in holder.items() if k != "$ref"}
        if not siblings:
            continue
        inlined = oas.resolve_pointer(deref(host), pointer)
        for key, value in siblings.items():
            assert inlined.get(key) == value, f"{host}: {pointer}: sibling {key} lost"
        checked += 1
    if host in ("pool-v3", "transaction-v1"):
        assert checked > 0  # msg's minLength beside its $ref, at least
