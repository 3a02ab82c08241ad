"""Shared paths and loaders for the test suite (imported as `project`)."""

from __future__ import annotations

import contextlib
import io
import json
import os
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from scripts.clients import runtimes
from scripts.spec import code_samples

REPO = Path(__file__).resolve().parent.parent
SPEC = REPO / "spec"
GENERATED = REPO / "generated" / "openapi"
SOURCE_DOCUMENT = REPO / "docs" / "source-document.md"
BROKEN = REPO / "tests" / "broken"  # the broken-spec corpus: one case a folder
SHARED_SOURCE = REPO.parent / "shared" / "service-description.md"
NODE_BIN = REPO / "node_modules" / ".bin"  # the build's Node tools (package-lock.json)
TEST_NODE_BIN = REPO / "tests" / "node" / "node_modules" / ".bin"  # the tests' own: Prism (make test-setup)

HOSTS = sorted(p.parent.name for p in SPEC.glob("*/openapi.yaml"))
# The Python clients' folders, the shared runtime they all import first (scripts/runtime/python),
# from this checkout's generated/ (in a mutation tool's mirror, the mutated copy), not the one
# beside scripts/clients/runtimes.py, which is always the repository's
PYTHON_RUNTIME = runtimes.folder("python", REPO / "generated")
PYTHON_PACKAGES = [PYTHON_RUNTIME, *sorted((REPO / "generated" / "python").glob("*-client"))]
PYTHONPATH = os.pathsep.join(str(p) for p in PYTHON_PACKAGES)  # what a user's installed clients amount to
# The tool packages users install, the mock server and the drift probe (scripts/tools/write.py), as
# their copies in this checkout's generated/: tests/clients/conftest.py puts them on the path
TOOL_PACKAGES = [REPO / "generated" / "python" / f"raydium-api-{tool}" for tool in ("mock", "probe")]
# The Ruby gems' shared runtime (scripts/runtime/ruby), which every host's gem requires: `ruby`
# with it on the load path is what a user with the gems installed has
RUBY_RUNTIME = runtimes.folder("ruby", REPO / "generated") / "lib"
RUBY_COMMAND = ["ruby", "-I", str(RUBY_RUNTIME)]
# Loads the PHP clients from a clone as Composer's autoloader would (Guzzle, the shared runtime,
# the namespaces given): `require_once PHP_AUTOLOAD; raydium_autoload([prefix => lib folder]);`
PHP_AUTOLOAD = REPO / "scripts" / "clients" / "autoload.php"


# The environment of every linter run: Redocly offline and quiet (docs/decisions/, 10), no colour.
LINT_ENV = {**os.environ, "REDOCLY_TELEMETRY": "off", "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true", "NO_COLOR": "1"}


def executable(path: Path, text: str) -> Path:
    """A program at path that a test puts in place of a tool: text is the whole script, its #! line
    first."""
    path.write_text(text, encoding="utf-8")
    path.chmod(0o755)
    return path


def schema_ref(name: str) -> dict[str, str]:
    """A $ref to the component schema of that name, as a test's description writes one."""
    return {"$ref": f"#/components/schemas/{name}"}


def files_under(root: Path) -> dict[str, bytes]:
    """Every file under root, by its path there; __pycache__ (a test that imports a generated
    package may leave one beside it) is no file of the tree."""
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}  # fmt: skip


@cache
def bundle(host: str) -> dict[str, Any]:
    """The committed JSON bundle of a host."""
    data: dict[str, Any] = json.loads((GENERATED / f"{host}.json").read_text(encoding="utf-8"))
    return data


def default_url(host: str) -> str:
    """The base URL clients and samples use by default (the samples' own rule)."""
    return code_samples.base_url(bundle(host))


@cache
def deref(host: str) -> dict[str, Any]:
    """The committed fully dereferenced bundle of a host."""
    data: dict[str, Any] = json.loads((GENERATED / f"{host}.deref.json").read_text(encoding="utf-8"))
    return data


@cache
def source_text() -> str:
    return SOURCE_DOCUMENT.read_text(encoding="utf-8")


@cache
def source_view(host: str) -> dict[str, Any]:
    """The dereferenced bundle with every x-evidence element stripped (scripts/spec/source_only.py):
    what the source document states. The source-coverage tests read this view."""
    from scripts.spec.source_only import source_only as strip

    view: dict[str, Any] = strip(deref(host))
    return view


def validator(doc: dict[str, Any], pointer: str, name: str = "doc") -> jsonschema.Draft202012Validator:
    """A JSON Schema 2020-12 validator for the schema at ``pointer`` in ``doc`` (a bundle or
    a view), with ``doc`` itself as the registry that its local $refs resolve against."""
    uri = f"urn:spec:{name}"
    resource = Resource.from_contents(doc, default_specification=DRAFT202012)
    registry: Registry[Any] = Registry().with_resource(uri, resource)
    return jsonschema.Draft202012Validator({"$ref": f"{uri}#{pointer}"}, registry=registry)


# Every form a "not shown" marker takes: `x-not-shown` (schemas, parameters, operations, ...)
# and `notShown` (an x-edge-headers entry, spec/common/extensions.yaml).
NOT_SHOWN_KEYS = ("x-not-shown", "notShown")


def not_shown_texts(node: Any) -> Iterator[str]:
    """Every not-shown marker's text under a node (an operation: its parameters, edge headers,
    body, responses, schemas), outside example values and code samples."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in NOT_SHOWN_KEYS and isinstance(value, str):
                yield value
            elif key not in ("value", "example", "x-codeSamples"):
                yield from not_shown_texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from not_shown_texts(item)


# The files `make test` hands its workers first (tests/clients/conftest.py): the longest, by
# `pytest --durations` of a warm `make test`, longest first, so that the last files handed out
# are short ones (decision 116). Two lead for a first run, after a fresh clone's build: the
# compatibility suite (about 160 s then, its generators' set-up) and the Rust client (about
# 120 s then, compiling its crates).
LONGEST_FIRST = (
    "spec/test_releases.py",
    "compat/test_compat.py",
    "clients/test_rust_client.py",
    "docs/test_site.py",
    "clients/test_install_from_release.py",
    "spec/test_tools_in_a_fork.py",
    "clients/test_mock_and_probe_from_release.py",
    "spec/test_broken_corpus.py",
    "clients/test_hostile.py",
    "clients/test_mcp_server.py",
    "clients/test_code_samples.py",
    "clients/test_go_client.py",
    "clients/test_packages.py",
    "clients/test_php_client.py",
    "clients/test_schemathesis.py",
    "clients/test_ruby_client.py",
    "clients/test_docs_examples.py",
    "clients/test_typescript_client.py",
    "spec/test_bench.py",
)


def in_process(main: Callable[[list[str]], int], argv: list[str], cwd: Path) -> tuple[int, str]:
    """A script's `main` called here, from the folder `cwd` as a command run there would be:
    its exit status and what it printed (stdout, then stderr). Where a test runs a script many
    times, this saves a Python start and its imports a run (decision 88)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(cwd), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exit_:  # argparse's own exit
            status = exit_.code if isinstance(exit_.code, int) else 1
    return status, out.getvalue() + err.getvalue()

