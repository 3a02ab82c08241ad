"""The site's search answers what a reader types (docs/decisions/, 134).

mkdocs-material's search worker bundles lunr 2.3.9, whose token set can merge two different
nodes once enough terms hold digits; a wildcard query then expands to a term the index does not
hold, the worker throws, and the reader sees no result. scripts/docs/search_worker.py mends the
built worker. These tests run the worker under Node (tests/docs/search_worker.mjs), as the
browser runs it, with no browser: on terms that break the worker mkdocs-material ships (taken
from this site's own index on the day it broke), and on every operation's path against the
built site's own index.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from project import GENERATED, HOSTS, REPO
from scripts.docs.search_worker import WORKERS, mend, worker_in

SITE = REPO / "site"
MATERIAL = importlib.util.find_spec("material")  # mkdocs-material, as requirements.txt installs it
assert MATERIAL is not None
assert MATERIAL.origin is not None
SHIPPED = Path(MATERIAL.origin).parent / "templates" / WORKERS
HARNESS = Path(__file__).with_name("search_worker.mjs")
# 158 terms of this site's index that broke lunr's token set, cut down from its 15,070
COLLIDING = json.loads(Path(__file__).with_name("lunr_collision_terms.json").read_text(encoding="utf-8"))


def run(worker: Path, stdin: Any, *arguments: str) -> Any:
    proc = subprocess.run(["node", str(HARNESS), str(worker), *arguments], input=json.dumps(stdin), text=True,
                          capture_output=True, timeout=300, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_the_shipped_worker_expands_a_wildcard_to_terms_the_index_does_not_hold() -> None:
    """The fault is real: without the mend, "*" over these terms gives two that are not among them."""
    expanded = run(worker_in(SHIPPED), COLLIDING, "tokenset")
    assert set(expanded) - set(COLLIDING), (
        "mkdocs-material's own search worker no longer shows lunr's token-set fault on these terms: "
        "check whether scripts/docs/search_worker.py is still needed (docs/decisions/, 134)"
    )


def test_the_sites_worker_expands_a_wildcard_to_the_terms_it_holds() -> None:
    assert run(worker_in(SITE / WORKERS), COLLIDING, "tokenset") == sorted(COLLIDING)


def test_the_mend_changes_one_statement_once() -> None:
    shipped = worker_in(SHIPPED).read_text(encoding="utf-8")
    mended = mend(shipped)
    assert mended.replace('.id+","}', ".id}") == shipped
    assert mend(mended) == mended  # a rebuild that kept the worker leaves it as it is
    with pytest.raises(ValueError, match="found 0 times"):
        mend(shipped.replace("TokenSet.prototype.toString", "TokenSet.prototype.asString"))


def operation_paths() -> list[str]:
    return sorted({path for host in HOSTS for path in json.loads((GENERATED / f"{host}.json").read_text())["paths"]})


def test_every_operation_path_gets_an_answer_and_finds_the_reference() -> None:
    """Each operation's path gets an answer from the built site's search, not a thrown query,
    and finds pages of the reference. So does a path typed up to a hyphen: the worker splits a
    query at a hyphen, and a trailing one leaves a lone "*", which expands to every term of the
    index (about 2 s), so a token set that holds a term the index does not fails on it, whatever
    the term. Every prefix a reader types expands to a part of that."""
    paths = operation_paths()
    to_a_hyphen = next(path[: path.index("-") + 1] for path in paths if "-" in path)
    queries = sorted({*paths, to_a_hyphen})
    answers = {a["query"]: a for a in run(worker_in(SITE / WORKERS), queries, "search",
                                             str(SITE / "search" / "search_index.json"))}  # fmt: skip
    thrown = {query: a["warnings"][:1] for query, a in answers.items() if a["warnings"]}
    assert not thrown, f"the search threw on {len(thrown)} of {len(queries)} queries: {dict(list(thrown.items())[:5])}"
    unfound = [path for path in paths
               if not any(str(location).startswith("reference/") for location in answers[path]["locations"])]
    assert not unfound, f"no reference page found for {unfound}"
