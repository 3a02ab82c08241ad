"""A new user's first minutes, per language: a scratch project outside the repository
installs the pool-v3 and transaction-v1 clients from a release (`scripts/release/files.py`
into a temporary dist/) with that ecosystem's own tool, running the commands of
docs/clients/install.md,
type-checks where the language has a checker, makes a first call against the mock and
catches a failure envelope from the hostile server.

Python (pip from the release's PEP 503 index), TypeScript (npm from the tarballs), Ruby
(gem install --local), Go (go get from the release's module proxy tree), Rust (cargo add
from the release's local registry, the crates' dependencies from Debian's crates) and PHP
(composer require from the release's artifact repository, Guzzle from Debian's packages)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest
from toolchains import BUILD, go_module_of, require

from mock_servers import HostileServer, Prism
from project import NODE_BIN, REPO
from scripts.clients import runtimes
from scripts.common.offline_tools import cargo_home
from scripts.common.versions import client_version
from scripts.release.packages import LANGUAGES, client_folder

pytestmark = pytest.mark.e2e
INSTALLED = ("pool-v3", "transaction-v1")
INSTALL = REPO / "tests" / "install"  # the first program of each language, as a user writes it
# what the installs need: the two descriptions, their clients and every runtime
RELEASED = [*INSTALLED, *(f"{host}-{language}" for host in INSTALLED for language in LANGUAGES),
            *(f"runtime-{language}" for language in LANGUAGES)]  # fmt: skip


def documented(index: int, dist: Path, language: str = "sh") -> str:
    """The page's index-th `sh` command (Python, TypeScript, Ruby, Go, Rust, PHP), or its
    index-th block of another language, for this dist/."""
    page = (REPO / "docs" / "clients" / "install.md").read_text(encoding="utf-8")
    blocks = re.findall(rf"^```{language}\n(.*?)^```", page, re.S | re.M)
    if language == "sh":
        assert len(blocks) == 6, "docs/clients/install.md: expected the pip, npm, gem, go, cargo and composer commands"
    return str(blocks[index]).replace("$DIST", str(dist))


def test_the_documented_commands_name_the_current_versions() -> None:
    page = (REPO / "docs" / "clients" / "install.md").read_text(encoding="utf-8")
    for host in INSTALLED:
        def v(language: str, of: str = host) -> str:
            return client_version(of, language)

        assert f"raydium-{host}-client=={v('python')}" in page, host
        assert f"{host}-typescript/{v('typescript')}/raydium-{host}-client-{v('typescript')}.tgz" in page, host
        assert f"{host}-ruby/{v('ruby')}/raydium_{host.replace('-', '_')}_client-{v('ruby')}.gem" in page, host
        assert f"{go_module_of(host)[0]}@{go_module_of(host)[1]}" in page, host
        assert f"raydium-{host}-client@={v('rust')}" in page, host
        assert f"raydium/{host}-client:{v('php')}" in page, host
    ts, rb = runtimes.typescript_version(), runtimes.ruby_version()
    assert f"runtime-typescript/{ts}/raydium-api-runtime-{ts}.tgz" in page
    assert f"runtime-ruby/{rb}/raydium_api_runtime-{rb}.gem" in page
    assert f"raydium/api-runtime:{runtimes.php_version()}" in page
    assert f"{runtimes.go_module()}@v{runtimes.go_version()}" in page
    assert f"raydium-api-runtime@={runtimes.rust_version()}" in page


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: int = 300) -> str:
    proc = subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=timeout, check=False,
                          env={**os.environ, **(env or {})})  # fmt: skip
    assert proc.returncode == 0, f"{' '.join(command)}:\n{proc.stdout}{proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The release's artefacts of the two hosts, as `make release-files` writes them."""
    return release_into(tmp_path_factory.mktemp("release") / "dist")


def release_into(out: Path) -> Path:
    """The packages the installs need, at their current versions (`scripts/release/files.py`)."""
    run([sys.executable, "-m", "scripts.release.files", "--dist", str(out), "--only", *RELEASED], REPO)
    return out


def touch_release_inputs(host: str) -> None:
    """Give every file of the host's clients (what release_build.py archives) a new modification
    time, as a second checkout would: now, or 2 s past its old time (a zip stores times to 2 s), never older."""
    for language in LANGUAGES:
        files = [p for p in client_folder(host, language).rglob("*") if p.is_file()]
        assert files, (host, language)
        for path in files:
            stamp = max(time.time(), path.stat().st_mtime + 2)
            os.utime(path, (stamp, stamp))


def test_the_release_is_reproducible(dist: Path, tmp_path: Path) -> None:
    """A second build at this commit gives the same bytes as the one the tests below install
    from (each package at its last release's epoch), even when the files' modification times
    differ between them, as in a second checkout: catches an archive writer that takes the
    files' own modification times. One build serves both jobs (decision 124); this test runs
    before the installs, which only read the release. One host's files are touched: the
    archive writers are the same for every host, and the compiled test crates that build from
    those files (Cargo goes by modification times) are built again for one host only."""
    touch_release_inputs("pool-v3")
    again = release_into(tmp_path / "dist")
    assert (dist / "SHA256SUMS").read_text() == (again / "SHA256SUMS").read_text()  # names what differs
    listed = (dist / "SHA256SUMS").read_text(encoding="utf-8")
    for host in INSTALLED:
        name = host.replace("-", "_")

        def at(language: str, of: str = host) -> str:
            return f"{of}-{language}/{client_version(of, language)}"

        v = client_version
        described = json.loads((REPO / "generated" / "openapi" / f"{host}.json").read_text())["info"]["version"]
        for artefact in (f"{host}/{described}/{host}-{described}.yaml",
                         f"{host}/{described}/{host}-{described}.postman_collection.json",
                         f"{at('python')}/raydium_{name}_client-{v(host, 'python')}-py3-none-any.whl",
                         f"{at('typescript')}/raydium-{host}-client-{v(host, 'typescript')}.tgz",
                         f"{at('go')}/v{v(host, 'go')}.zip",
                         f"{at('rust')}/raydium-{host}-client-{v(host, 'rust')}.crate",
                         f"{at('php')}/raydium-{host}-client-{v(host, 'php')}.zip",
                         f"{at('ruby')}/raydium_{name}_client-{v(host, 'ruby')}.gem"):  # fmt: skip
            assert artefact in listed, artefact


def expect_first_call_and_failure(output: str) -> None:
    lines = output.split("\n")
    assert lines[0].startswith("first call: "), output
    assert int(lines[0].split()[-1]) > 0, output
    assert lines[1] == "caught: FailureEnvelopeError 400 42", output


PYTHON = (INSTALL / "first.py").read_text(encoding="utf-8")


def test_python_installs_with_pip_from_the_release_index(dist: Path, prism_servers: dict[str, Prism],
                                                          hostile: HostileServer, tmp_path: Path) -> None:  # fmt: skip
    project = tmp_path / "scratch"
    run([sys.executable, "-m", "venv", str(project / ".venv")], tmp_path)
    python = str(project / ".venv" / "bin" / "python")
    path = f"{project / '.venv' / 'bin'}{os.pathsep}{os.environ['PATH']}"
    run(["bash", "-ec", documented(0, dist)], project, env={"PATH": path, "PIP_QUIET": "1"})
    (project / "first.py").write_text(PYTHON, encoding="utf-8")
    out = run([python, "first.py", prism_servers["pool-v3"].url, hostile.base_url("failure-400", "pool-v3"),
               hostile.base_url("failure-400", "transaction-v1")], project, env={"PYTHONPATH": ""})  # fmt: skip
    expect_first_call_and_failure(out)
    assert out.split("\n")[2:4] == [f"one base: {host} FailureEnvelopeError 400" for host in ("pool", "swap")]
    installed = run([python, "-m", "pip", "list", "--format=freeze"], project)
    assert f"raydium-api-runtime=={runtimes.python_version()}" in installed.splitlines(), installed


TYPESCRIPT = (INSTALL / "first.ts").read_text(encoding="utf-8")


def test_typescript_installs_with_npm_from_the_tarballs(dist: Path, prism_servers: dict[str, Prism],
                                                        hostile: HostileServer, tmp_path: Path) -> None:  # fmt: skip
    project = tmp_path / "scratch"
    project.mkdir()
    (project / "package.json").write_text('{"name": "scratch", "private": true, "type": "module"}\n', encoding="utf-8")
    run(["bash", "-ec", documented(1, dist)], project, env={"npm_config_audit": "false", "npm_config_fund": "false"})
    source = TYPESCRIPT.replace("PRISM", prism_servers["pool-v3"].url)
    source = source.replace("HOSTILE", hostile.base_url("failure-400", "pool-v3"))
    (project / "first.ts").write_text(source.replace("SWAP", hostile.base_url("failure-400", "transaction-v1")))
    run([str(NODE_BIN / "tsc"), "--strict", "--module", "nodenext", "--target", "es2022",
         "--outDir", "out", "first.ts"], project)  # fmt: skip
    out = run(["node", "out/first.js"], project)
    expect_first_call_and_failure(out)
    assert out.split("\n")[2:4] == [f"one base: {host} FailureEnvelopeError 400" for host in ("pool", "swap")]
    assert json.loads((project / "node_modules" / "raydium-api-runtime" / "package.json").read_text(encoding="utf-8"))[
        "version"] == runtimes.typescript_version()


RUBY = (INSTALL / "first.rb").read_text(encoding="utf-8")


def test_ruby_installs_with_gem_from_the_release(dist: Path, prism_servers: dict[str, Prism],
                                                 hostile: HostileServer, tmp_path: Path) -> None:  # fmt: skip
    require("ruby")
    project = tmp_path / "scratch"
    project.mkdir()
    system = run(["gem", "env", "gempath"], project).strip()
    env = {"GEM_HOME": str(project / "gems"), "GEM_PATH": f"{project / 'gems'}:{system}"}
    run(["bash", "-ec", documented(2, dist)], project, env=env)
    (project / "first.rb").write_text(RUBY, encoding="utf-8")
    out = run(["ruby", "first.rb", prism_servers["pool-v3"].url, hostile.base_url("failure-400", "pool-v3"),
               hostile.base_url("failure-400", "transaction-v1")], project, env=env)  # fmt: skip
    expect_first_call_and_failure(out)
    assert out.split("\n")[2:5] == [*(f"one base: {host} FailureEnvelopeError 400" for host in ("pool", "swap")),
                                     f"runtime: {runtimes.ruby_version()}"]


GO = (INSTALL / "first.go").read_text(encoding="utf-8")


def test_go_installs_from_the_module_proxy_tree(dist: Path, prism_servers: dict[str, Prism],
                                               hostile: HostileServer, tmp_path: Path) -> None:  # fmt: skip
    require("go")
    project = tmp_path / "scratch"
    project.mkdir()
    cache = BUILD / "go-cache"
    env = {"GOCACHE": str(cache / "build"), "GOPATH": str(tmp_path / "gopath"), "GOTOOLCHAIN": "local",
           "GO111MODULE": "on", "HOME": str(tmp_path), "GOFLAGS": ""}  # fmt: skip
    run(["go", "mod", "init", "scratch"], project, env=env)
    run(["bash", "-ec", documented(3, dist)], project, env=env)
    source = (GO.replace("POOL", go_module_of("pool-v3")[0]).replace("TRANSACTION", go_module_of("transaction-v1")[0])
              .replace("RUNTIME", runtimes.go_module()))  # fmt: skip
    (project / "main.go").write_text(source, encoding="utf-8")
    run(["go", "build", "-o", "first", "."], project, env={**env, "GOPROXY": "off"})
    out = run(["./first", prism_servers["pool-v3"].url, hostile.base_url("failure-400", "pool-v3"),
               hostile.base_url("failure-400", "transaction-v1")], project)  # fmt: skip
    expect_first_call_and_failure(out)
    caught = [f"one base: {host} *apiruntime.FailureEnvelopeError 400" for host in ("pool", "swap")]
    assert out.split("\n")[2:5] == [*caught, f"runtime: {runtimes.go_version()}"]
    assert f"{runtimes.go_module()} v{runtimes.go_version()}" in run(["go", "list", "-m", "all"], project, env=env)



RUST = (INSTALL / "first.rs").read_text(encoding="utf-8")


def test_rust_installs_with_cargo_from_the_release_registry(
        dist: Path, prism_servers: dict[str, Prism], hostile: HostileServer, tmp_path: Path) -> None:  # fmt: skip
    """The user's cargo: crates.io replaced by Debian's crates (offline here), as on the Rust
    page; the page's commands add our registry's source to the project."""
    require("cargo")
    env = {"CARGO_HOME": str(cargo_home()), "CARGO_TARGET_DIR": str(BUILD / "cargo-target")}
    run(["cargo", "new", "--quiet", "--name", "scratch_install", str(tmp_path / "scratch")], tmp_path, env=env)
    project = tmp_path / "scratch"
    run(["bash", "-ec", documented(4, dist)], project, env=env)
    (project / "src" / "main.rs").write_text(RUST, encoding="utf-8")
    out = run(["cargo", "run", "--quiet", "--", prism_servers["pool-v3"].url,
               *(hostile.base_url("failure-400", host) for host in ("pool-v3", "transaction-v1"))],
              project, env=env, timeout=900)  # fmt: skip
    expect_first_call_and_failure(out)
    caught = [f"one base: {host} FailureEnvelope 400" for host in ("pool", "swap")]
    assert out.split("\n")[2:5] == [*caught, f"runtime: {runtimes.rust_version()}"]
    # the runtime came from the release's registry, at the version the crates require
    lock = tomllib.loads((project / "Cargo.lock").read_text(encoding="utf-8"))
    assert [(p["version"], p["source"]) for p in lock["package"] if p["name"] == "raydium-api-runtime"] == [
        (runtimes.rust_version(), "sparse+https://raydium-api-descriptions.invalid/cargo/index/")]  # fmt: skip


PHP = (INSTALL / "first.php").read_text(encoding="utf-8")


def test_php_installs_with_composer_from_the_release_repository(
        dist: Path, prism_servers: dict[str, Prism], hostile: HostileServer, tmp_path: Path) -> None:  # fmt: skip
    """The page's composer.json for a machine without Packagist (Guzzle from Debian), then
    its commands; the autoloader is Composer's."""
    require("php", "composer")
    project = tmp_path / "scratch"
    project.mkdir()
    (project / "composer.json").write_text(documented(0, dist, "json"), encoding="utf-8")
    env = {"COMPOSER_HOME": str(tmp_path / "composer-home"), "COMPOSER_ALLOW_SUPERUSER": "1",
           "COMPOSER_NO_INTERACTION": "1", "HOME": str(tmp_path)}  # fmt: skip
    run(["bash", "-ec", documented(5, dist)], project, env=env)
    (project / "first.php").write_text(PHP, encoding="utf-8")
    run(["php", "-l", "first.php"], project)
    out = run(["php", "first.php", prism_servers["pool-v3"].url, hostile.base_url("failure-400", "pool-v3"),
               hostile.base_url("failure-400", "transaction-v1")], project)  # fmt: skip
    expect_first_call_and_failure(out)
    assert out.split("\n")[2:5] == [*(f"one base: {host} FailureEnvelopeError 400" for host in ("pool", "swap")),
                                     f"runtime: {runtimes.php_version()}"]
