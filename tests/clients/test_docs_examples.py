"""The examples in docs/clients/*.md run: Python blocks in a subprocess, the TypeScript
block compiled with tsc --strict and run with Node, each against Prism. The public base
URLs in the examples (the servers' defaults in the bundles) are pointed at the mocks."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from toolchains import BUILD, write_if_changed

from mock_servers import PagingServer, Prism
from project import HOSTS, NODE_BIN, PYTHON_PACKAGES, REPO, default_url

pytestmark = pytest.mark.e2e
DOCS = REPO / "docs" / "clients"
FENCE = re.compile(r"^```(python|ts)\n(.*?)^```", re.S | re.M)
PYTHONPATH = os.pathsep.join([*(str(p) for p in PYTHON_PACKAGES), str(REPO / "generated" / "models")])


def blocks(language: str) -> list[tuple[str, str]]:
    found = []
    for page in sorted(DOCS.glob("*.md")):
        for i, match in enumerate(m for m in FENCE.finditer(page.read_text(encoding="utf-8")) if m[1] == language):
            found.append((f"{page.name}#{i + 1}", match[2]))
    return found


IMPORT_CLIENT = re.compile(r"^from (\w+)_client import Client(?: as (\w+))?\b", re.M)
IMPORT_TS_CLIENT = re.compile(r"generated/typescript/([a-z0-9-]+)-client/")


WALKS = re.compile(r"\biterate\b")  # a block that walks pages: list_pools_by_cursor.iterate, client.iterate.x


def point_at_mocks(code: str, servers: dict[str, Prism], paging: PagingServer | None = None) -> str:
    """The public base URLs, and `Client()` with its default, pointed at the mocks. A block
    that walks pages gets the paging server for the pool data service: Prism answers every
    page with the same example, so its cursor never ends a walk."""
    urls = {host: servers[host].url for host in HOSTS}
    if WALKS.search(code):
        assert paging is not None, "a block that walks pages needs the paging server"
        urls["pool-v3"] = paging.url
    for host in HOSTS:
        default = default_url(host)
        code = code.replace(default, urls[host])
    for package, alias in IMPORT_CLIENT.findall(code):
        host = package.replace("_", "-")
        name = alias or "Client"
        code = re.sub(rf"\b{name}\((?=[)r])", f"{name}(base_url={urls[host]!r}, ", code)
        code = code.replace(f"{name}(base_url={urls[host]!r}, )", f"{name}(base_url={urls[host]!r})")
    for host in IMPORT_TS_CLIENT.findall(code):
        code = code.replace("createClient()", f"createClient({{ baseUrl: {json.dumps(urls[host])} }})")
    return code


@pytest.fixture(scope="module")
def paging() -> Iterator[PagingServer]:
    """Pages of pools whose pages fail once each as the edge fails: a walk in an example comes
    through them as a user's does."""
    with PagingServer() as server:
        yield server


def test_every_client_page_has_a_runnable_example() -> None:
    assert {name.split("#")[0] for name, _ in blocks("python")} == {"python.md", "models.md"}
    assert [name for name, _ in blocks("ts")] == ["typescript.md#1", "typescript.md#2", "typescript.md#3"]


@pytest.mark.parametrize(("name", "code"), blocks("python"), ids=[n for n, _ in blocks("python")])
def test_python_example_runs(name: str, code: str, prism_servers: dict[str, Prism], paging: PagingServer,
                             tmp_path: Path) -> None:  # fmt: skip
    script = tmp_path / "example.py"
    script.write_text(point_at_mocks(code, prism_servers, paging), encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False,
                          cwd=tmp_path, env={**os.environ, "PYTHONPATH": PYTHONPATH})  # fmt: skip
    assert proc.returncode == 0, f"{name}:\n{proc.stderr}"
    assert proc.stdout.strip(), f"{name} printed nothing"


@pytest.fixture(scope="module")
def mypy_cache() -> Path:
    """One mypy cache for this file's runs, kept under build/ from one `make test` to the next, as
    the build keeps generate.py's (build/mypy-generated): the clients are analysed again only where
    they changed (mypy checks each cached module against its source), not on every run
    (docs/decisions/, 112)."""
    return BUILD / "mypy-docs-examples"


@pytest.mark.parametrize(("name", "code"), blocks("python"), ids=[n for n, _ in blocks("python")])
def test_python_example_passes_mypy_strict(name: str, code: str, tmp_path: Path, mypy_cache: Path) -> None:
    """Natural code type-checks: no casts, no isinstance(..., Unset)."""
    assert "cast(" not in code
    assert "Unset" not in code
    script = tmp_path / "example.py"
    script.write_text(code, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(mypy_cache), "--config-file",
                           "/dev/null", str(script)], capture_output=True, text=True, timeout=300, check=False,
                          cwd=tmp_path, env={**os.environ, "MYPYPATH": PYTHONPATH})  # fmt: skip
    assert proc.returncode == 0, f"{name}:\n{proc.stdout}"


@pytest.fixture(scope="module")
def compiled_ts(prism_servers: dict[str, Prism], paging: PagingServer) -> tuple[Path, int, str]:
    """Every TypeScript block, as exampleN.mts, compiled by one tsc --strict run (its start and
    the clients' types cost 3 s, once, not once a block): the output folder, tsc's exit status
    and what it said. The project is kept in build/ts-examples and tsc runs --incremental, as the
    swap recipe's is: the blocks name this run's mock ports, so they are checked again, but the
    clients' types only where they changed (2.5 s to 1.4 s; docs/decisions/, 115)."""
    folder = BUILD / "ts-examples"
    sources = []
    for index, (_, code) in enumerate(blocks("ts")):
        source = folder / f"example{index}.mts"
        code = code.replace("./generated/typescript/", f"{REPO}/generated/typescript/")
        write_if_changed(source, point_at_mocks(code, prism_servers, paging))
        sources.append(str(source))
    out, info = folder / "out", folder / "out" / "examples.tsbuildinfo"
    if not all((out / f"example{index}.mjs").is_file() for index in range(len(sources))):
        info.unlink(missing_ok=True)  # tsc goes by its build info, not by what is in out/
    compiled = subprocess.run(
        [str(NODE_BIN / "tsc"), "--strict", "--target", "es2022", "--module", "es2022", "--moduleResolution",
         "bundler", "--incremental", "--tsBuildInfoFile", str(info), "--outDir", str(out), *sources],
        capture_output=True, text=True, timeout=120, check=False, cwd=REPO,
    )  # fmt: skip
    return out, compiled.returncode, compiled.stdout + compiled.stderr


TS_BLOCKS = [name for name, _ in blocks("ts")]


@pytest.mark.parametrize(("index", "name"), list(enumerate(TS_BLOCKS)), ids=TS_BLOCKS)
def test_typescript_example_compiles_strict_and_runs(index: int, name: str,
                                                     compiled_ts: tuple[Path, int, str]) -> None:  # fmt: skip
    out, status, said = compiled_ts
    assert status == 0, f"{name} is example{index}.mts:\n{said}"
    run = subprocess.run(["node", str(out / f"example{index}.mjs")], capture_output=True, text=True,
                         timeout=60, check=False)  # fmt: skip
    assert run.returncode == 0, f"{name}:\n{run.stderr}"
    assert "1" in run.stdout
