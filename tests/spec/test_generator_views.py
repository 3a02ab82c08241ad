"""What scripts/clients/openapi_generator.py computes from a host's description for our
templates is what the committed clients hold, read back from them: the arrays of each success
whose items may not be null and the keys each success requires (`x-null-checks`: the Ruby
contract's NULL_CHECKS and REQUIRED, the Go contract's nullChecks), and each page walk
(`x-go-walks`: the Go package's pages.go).

The generators run openapi-generator (Java) on these views, so a change to the code that
computes them is otherwise found only by regenerating; here it fails in a second
(decision 151)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from project import HOSTS, REPO, bundle
from scripts.clients import openapi_generator
from scripts.spec import oas

pytestmark = pytest.mark.pipeline  # reads what make's generation wrote, which runs after the gate

GENERATED = REPO / "generated"


def view(host: str) -> dict[str, Any]:
    """The view the generators are given (generate.py: oas.typed_view of the JSON bundle)."""
    found: dict[str, Any] = oas.typed_view(bundle(host))
    return found


def ruby_hash(text: str, name: str) -> list[tuple[str, list[str]]]:
    """A `NAME = { 'key' => ['a', 'b', ], ... }.freeze` of the Ruby contract, in order."""
    block = re.search(rf"^    {name} = {{\n(.*?)^    }}\.freeze$", text, re.M | re.S)
    assert block, f"no {name} in the Ruby contract"
    return [(key, re.findall(r"'([^']*)', ", values))
            for key, values in re.findall(r"^      '(\w+)' => \[(.*)\],$", block.group(1), re.M)]  # fmt: skip


@pytest.mark.parametrize("host", HOSTS)
def test_the_null_checks_and_required_keys_are_the_contracts(host: str) -> None:
    checks = openapi_generator.null_checks(view(host))
    gem = openapi_generator.language_names(host, "ruby", None).ruby_gem
    ruby = (GENERATED / "ruby" / host / "lib" / gem / "contract.rb").read_text(encoding="utf-8")
    assert ruby_hash(ruby, "NULL_CHECKS") == [(c["snake"], c["paths"]) for c in checks]
    assert ruby_hash(ruby, "REQUIRED") == [(c["snake"], c["required"]) for c in checks]
    go = (GENERATED / "go" / host / "contract.go").read_text(encoding="utf-8")
    block = re.search(r"^var nullChecks = map\[string\]\[\]string\{\n(.*?)^\}$", go, re.M | re.S)
    assert block, "no nullChecks in the Go contract"
    found = [(op, re.findall(r'"([^"]*)", ', paths)) for op, paths in re.findall(r'^\t"(\w+)": \{ (.*)\},$',
                                                                                block.group(1), re.M)]  # fmt: skip
    assert found == [(c["op"], c["paths"]) for c in checks]


def go_walk_lines(walk: dict[str, Any]) -> list[str]:
    """The lines of pages.go that carry each field of one x-go-walks entry (go/pages.mustache)."""
    op, page, item, field = walk["op"], walk["page"], walk["item"], walk["field"]
    lines = [
        f"type {op}Pages = apiruntime.Pages[*{page}]", f"type {op}Items = apiruntime.PageItems[*{page}, {item}]",
        f"// Pages walks every page of {op}, in order, from this request's {walk['setter']} (",
        f"func (r {op}Request) Pages() *{op}Pages {{", f"\tif r.{field} != nil {{", f"\t\tfirst = *r.{field}",
        f"\treturn apiruntime.ItemsOf(r.Pages(), func(page *{page}) []{item} {{ return {walk['list']} }})",
    ]  # fmt: skip
    parameter = walk["parameter"]
    if walk["cursor"]:
        return [*lines,
                f'\treturn apiruntime.CursorPages("{parameter}", first, func(cursor string) (*{page}, error) {{',
                f"\t\t\tr.{field} = &cursor",
                f"\t}}, func(page *{page}) string {{ return {walk['next']} }})"]  # fmt: skip
    return [*lines, f"\tfirst := int32({walk['first']})",
            f'\treturn apiruntime.NumberedPages("{parameter}", first, func(number int32) (*{page}, error) {{',
            f"\t\tr.{field} = &number",
            f"\t}}, {walk['more']}, func(page *{page}) int {{ return len({walk['list']}) }})"]  # fmt: skip


@pytest.mark.parametrize("host", HOSTS)
def test_the_go_walks_are_the_go_package_s_pages(host: str) -> None:
    walks = openapi_generator.go_walks(view(host))
    pages = GENERATED / "go" / host / "pages.go"
    if not walks:
        assert not pages.exists(), "pages.go for a host without a paged operation"
        return
    text = pages.read_text(encoding="utf-8")
    assert re.findall(r"^type (\w+)Pages = ", text, re.M) == [walk["op"] for walk in walks]
    blocks = re.split(r"^// \w+Pages walks every page of ", text, flags=re.M)[1:]
    for walk, block in zip(walks, blocks, strict=True):
        assert [line for line in go_walk_lines(walk) if line not in block] == [], walk["op"]
