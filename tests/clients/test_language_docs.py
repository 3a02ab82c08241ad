"""The examples of docs/clients/{go,rust,ruby,php}.md run against the mock server: the Go
and Rust ones are built as programs against the generated module or crate, the Ruby and PHP
ones run as scripts from the repository's root. Each page's walk over every pool ("Walk every
page") runs against a server whose pages fail once each, as the edge fails
(mock_servers.PagingServer)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from toolchains import BUILD, cargo, go, go_module, require, rust_crate

from mock_servers import PagingServer, Prism
from project import REPO

pytestmark = pytest.mark.e2e
DOCS = REPO / "docs" / "clients"


def block(page: str, language: str, section: str | None = None) -> str:
    """The one `language` example of the page, or of its `## section`."""
    text = (DOCS / page).read_text(encoding="utf-8")
    if section is not None:
        part = re.search(rf"^## {re.escape(section)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
        assert part is not None, f"{page}: no section {section!r}"
        text = part.group(1)
    found = re.findall(rf"^```{language}\n(.*?)^```", text, re.S | re.M)
    assert len(found) == 1, f"{page}: expected one {language} example{f' in {section!r}' if section else ''}"
    return str(found[0])


def run(command: list[str], cwd: Path) -> str:
    proc = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False, cwd=cwd)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip(), "the example printed nothing"
    return proc.stdout


FIRST = "A first call"
WALK = "Walk every page"
SCRIPT = "A first script"


def test_go_example(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    require("go")
    code = block("go.md", "go", FIRST).replace("https://transaction-v1.raydium.io", prism_servers["transaction-v1"].url)
    folder = go_module(tmp_path, "transaction-v1", code)
    built = go(["build", "-o", "example", "."], folder, tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    assert run([str(folder / "example")], folder).startswith("quote ")


def test_rust_example(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    require("cargo")
    code = block("rust.md", "rust", FIRST).replace("https://transaction-v1.raydium.io",
                                                   prism_servers["transaction-v1"].url)
    folder = rust_crate(tmp_path, "docs-example", ["transaction-v1"], code)
    built = cargo(["build"], folder)
    assert built.returncode == 0, built.stdout + built.stderr
    assert run([str(BUILD / "cargo-target" / "debug" / "docs-example")], folder).startswith("quote ")


def test_go_walk_example(tmp_path: Path) -> None:
    """The walk comes through a Cloudflare 502, a cut connection and a 429 with its default
    retries and counts every pool once."""
    require("go")
    with PagingServer() as server:
        code = block("go.md", "go", WALK).replace("https://api-v3.raydium.io", server.url)
        folder = go_module(tmp_path, "pool-v3", code)
        built = go(["build", "-o", "example", "."], folder, tmp_path)
        assert built.returncode == 0, built.stdout + built.stderr
        assert run([str(folder / "example")], folder) == f"{len(server.ids())} pools\n"


def test_rust_walk_example(tmp_path: Path) -> None:
    require("cargo")
    with PagingServer() as server:
        code = block("rust.md", "rust", WALK).replace("https://api-v3.raydium.io", server.url)
        folder = rust_crate(tmp_path, "docs-walk", ["pool-v3"], code)
        built = cargo(["build"], folder)
        assert built.returncode == 0, built.stdout + built.stderr
        assert run([str(BUILD / "cargo-target" / "debug" / "docs-walk")], folder) == f"{len(server.ids())} pools\n"


def test_ruby_example(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    require("ruby")
    code = block("ruby.md", "ruby", SCRIPT).replace("https://api-v3.raydium.io", prism_servers["pool-v3"].url)
    (tmp_path / "example.rb").write_text(code, encoding="utf-8")
    assert run(["ruby", str(tmp_path / "example.rb")], REPO).split()[0] == "1"


def test_php_example(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    require("php")
    code = block("php.md", "php", SCRIPT).replace("https://api-v3.raydium.io", prism_servers["pool-v3"].url)
    (tmp_path / "example.php").write_text(code, encoding="utf-8")
    assert run(["php", str(tmp_path / "example.php")], REPO).split()[0] == "1"


@pytest.mark.parametrize(("language", "suffix"), [("ruby", "rb"), ("php", "php")])
def test_a_walk_over_every_pool(language: str, suffix: str, tmp_path: Path) -> None:
    """The page's walk over every pool comes through a Cloudflare 502 page, a cut connection and
    a 429 (one page each, each failing once) with every pool once, in one retry a failing page;
    with its retries off, it starts again where each failing page stopped it, with the same pools."""
    require(language)
    code = block(f"{language}.md", language, WALK)
    off = {"ruby": ("max_retries: 4", "max_retries: 0"), "php": ("maxRetries: 4", "maxRetries: 0")}[language]
    assert off[0] in code
    for retries in ("on", "off"):
        with PagingServer() as server:
            script = tmp_path / f"walk-{retries}.{suffix}"
            changed = code if retries == "on" else code.replace(*off)
            script.write_text(changed.replace("https://api-v3.raydium.io", server.url), encoding="utf-8")
            assert run([language, str(script)], REPO).split() == [str(len(server.ids())), "pools"]
            assert len(server.requests) == server.pages + len(server.failures)
