"""The generated packages install, type-check and say where they come from."""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from toolchains import require

from mock_servers import Prism
from project import GENERATED, HOSTS, NODE_BIN, PYTHONPATH, REPO, default_url
from scripts.clients import runtimes
from scripts.common import versions

pytestmark = pytest.mark.e2e
PROJECTS = {h: REPO / "generated" / "python" / f"{h}-client" for h in HOSTS}
RUNTIME = runtimes.folder("python")


@pytest.mark.parametrize("host", HOSTS)
def test_provenance_records_the_spec_hash_and_generators(host: str) -> None:
    package = importlib.import_module(f"{host.replace('-', '_')}_client._provenance")
    assert hashlib.sha256((GENERATED / f"{host}.yaml").read_bytes()).hexdigest() == package.SPEC_SHA256
    assert set(package.GENERATORS) == {"openapi-python-client", "datamodel-code-generator", "openapi-typescript",
                                       "typescript", "openapi-generator-cli"}  # fmt: skip
    info = json.loads((PROJECTS[host] / "PROVENANCE.json").read_text(encoding="utf-8"))
    assert info["spec_sha256"] == package.SPEC_SHA256
    ts = (REPO / "generated" / "typescript" / f"{host}.d.ts").read_text(encoding="utf-8")
    assert package.SPEC_SHA256 in ts.splitlines()[0]


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(f.relative_to(folder)): f.read_bytes() for f in sorted(folder.rglob("*")) if f.is_file()}


@pytest.mark.parametrize("host", HOSTS)
def test_client_builds_a_wheel_and_an_sdist_that_pass_twine(host: str, tmp_path: Path) -> None:
    """`python -m build` (hatchling, offline) and `twine check` on every client; the build
    writes nothing into generated/."""
    before = snapshot(PROJECTS[host])
    build = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp_path),
                            str(PROJECTS[host])], capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert build.returncode == 0, build.stdout + build.stderr
    distribution = f"raydium_{host.replace('-', '_')}_client"
    built = sorted(p.name for p in tmp_path.iterdir())
    assert [n for n in built if n.endswith(".whl")] == [f"{distribution}-{bundle_version(host)}-py3-none-any.whl"]
    assert [n for n in built if n.endswith(".tar.gz")] == [f"{distribution}-{bundle_version(host)}.tar.gz"]
    check = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, tmp_path.iterdir())],
                           capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr
    with zipfile.ZipFile(next(tmp_path.glob("*.whl"))) as wheel:
        names = wheel.namelist()
        metadata = wheel.read(next(n for n in names if n.endswith("METADATA"))).decode()
    assert f"{host.replace('-', '_')}_client/py.typed" in names
    assert "License-Expression: MIT" in metadata
    assert f"Name: raydium-{host}-client" in metadata
    floor = versions.runtime_floor(host, "python")
    major = int(floor.split(".")[0])
    assert f"Requires-Dist: raydium-api-runtime<{major + 1},>={floor}" in metadata.splitlines()
    assert snapshot(PROJECTS[host]) == before, "the build wrote into generated/"


def test_the_shared_runtime_builds_a_wheel_that_passes_twine(tmp_path: Path) -> None:
    """The runtime every client pins (scripts/runtime/python) is a package of its own, at the
    version the clients name, with its types and its licence."""
    build = subprocess.run([sys.executable, "-m", "build", "--no-isolation", "--outdir", str(tmp_path), str(RUNTIME)],
                           capture_output=True, text=True, timeout=300, check=False)  # fmt: skip
    assert build.returncode == 0, build.stdout + build.stderr
    version = runtimes.python_version()
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"raydium_api_runtime-{version}-py3-none-any.whl",
                                                          f"raydium_api_runtime-{version}.tar.gz"]  # fmt: skip
    check = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, tmp_path.iterdir())],
                           capture_output=True, text=True, timeout=120, check=False)  # fmt: skip
    assert check.returncode == 0, check.stdout + check.stderr
    with zipfile.ZipFile(next(tmp_path.glob("*.whl"))) as wheel:
        assert {"raydium_api_runtime/py.typed", "raydium_api_runtime/errors.py"} <= set(wheel.namelist())


def bundle_version(host: str) -> str:
    """The host's Python client's own version (releases/client-versions.json)."""
    return versions.client_version(host, "python")


def test_pip_install_leaves_generated_untouched(tmp_path: Path) -> None:
    """`pip install generated/python/pool-v3-client` (offline: the build backend is pinned in
    requirements.txt), then import the installed copy, not the one in generated/."""
    site = tmp_path / "site"
    before = snapshot(PROJECTS["pool-v3"])
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index", "--quiet",
         "--target", str(site), str(RUNTIME), str(PROJECTS["pool-v3"])],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert install.returncode == 0, install.stdout + install.stderr
    assert snapshot(PROJECTS["pool-v3"]) == before, "pip install wrote into generated/"
    probe = subprocess.run(
        [sys.executable, "-c", "import pool_v3_client.errors, pool_v3_client._provenance as p; "
         "print(pool_v3_client.__file__, p.SPEC_SHA256)"],
        capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PATH": ""},
    )  # fmt: skip
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.startswith(str(site))


README_FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


@pytest.mark.parametrize("host", HOSTS)
def test_package_readme_is_written_for_its_host_and_its_example_runs(
    host: str, prism_servers: dict[str, Prism], tmp_path: Path
) -> None:
    readme = (PROJECTS[host] / "README.md").read_text(encoding="utf-8")
    for stock in ("AuthenticatedClient", "SuperSecretToken", "MyDataModel", "proxies", "api.example.com"):
        assert stock not in readme, f"openapi-python-client's stock text: {stock}"
    assert f"raydium-{host}-client" in readme
    blocks = README_FENCE.findall(readme)
    assert blocks, "no example"
    mock = prism_servers[host].url
    placeholder = default_url(host)
    for code in blocks:
        code = code.replace("Client()", f"Client(base_url={mock!r})").replace(placeholder, mock)
        script = tmp_path / "readme_example.py"
        script.write_text(code, encoding="utf-8")
        run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False,
                             env={**os.environ, "PYTHONPATH": PYTHONPATH})  # fmt: skip
        assert run.returncode == 0, run.stderr
        assert "failed:" not in run.stdout, run.stdout
        assert run.stdout.strip()


def test_typescript_u64_amounts_cannot_lose_precision() -> None:
    """tsc keeps what it found in build/ (--incremental): a run where neither the file nor the
    clients' types it reads changed checks nothing again, and reports again any error it recorded
    (docs/decisions/, 112)."""
    proc = subprocess.run(
        [str(NODE_BIN / "tsc"), "--noEmit", "--strict", "--target", "es2020", "--module", "es2020",
         "--moduleResolution", "bundler", "--incremental", "--tsBuildInfoFile",
         str(REPO / "build" / "tsc" / "u64.tsbuildinfo"), str(REPO / "tests" / "typescript" / "u64.ts")],
        capture_output=True, text=True, timeout=120, check=False, cwd=REPO,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("host", [h for h in HOSTS if h != "launch-auth"])
def test_models_keep_unknown_keys(host: str) -> None:
    module = importlib.import_module(host.replace("-", "_"))
    envelope = module.Envelope.model_validate({"id": "x", "success": True, "msg": "", "version": "V1"})
    assert envelope.model_dump()["version"] == "V1"


RUBY_SPEC = """spec = Gem::Specification.load(ARGV[0])
puts spec.name, spec.version, spec.files.sort.join(',')
puts spec.runtime_dependencies.map { |d| "#{d.name} #{d.requirement}" }.sort
"""


def test_every_gem_requires_the_shared_ruby_runtime_which_ships_its_code() -> None:
    """The runtime gem (scripts/runtime/ruby) ships its lib and LICENSE; each client gemspec
    requires the runtime version it was released with or a newer one of that major version,
    which the current runtime is (decision 66)."""
    require("ruby")
    version = runtimes.ruby_version()

    def gemspec(folder: Path) -> list[str]:
        spec = next(folder.glob("*.gemspec"))
        proc = subprocess.run(["ruby", "-e", RUBY_SPEC, spec.name], capture_output=True, text=True, timeout=60,
                              check=False, cwd=folder)  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.splitlines()

    name, got, files, *dependencies = gemspec(runtimes.folder("ruby"))
    assert (name, got, dependencies) == ("raydium_api_runtime", version, [])
    assert {"LICENSE", "README.md", "lib/raydium_api_runtime.rb", "lib/raydium_api_runtime/contract.rb",
            "lib/raydium_api_runtime/errors.rb"} <= set(files.split(","))  # fmt: skip
    for host in HOSTS:
        _, _, _, *dependencies = gemspec(REPO / "generated" / "ruby" / host)
        floor = versions.runtime_floor(host, "ruby")
        assert f"raydium_api_runtime >= {floor}, < {int(floor.split('.')[0]) + 1}" in dependencies, host
        assert floor.split(".")[0] == version.split(".")[0], host


def test_every_php_package_requires_the_shared_runtime_and_loads_its_aliases_first() -> None:
    """The runtime's Composer package (scripts/runtime/php) autoloads Raydium\\ApiRuntime from
    src/; each client's composer.json requires the runtime version it was released with or a
    newer one of that major version (the current runtime is one) and loads lib/aliases.php first
    (autoload.files), so its error names exist before a `catch` names them (a catch does not
    autoload; decision 66)."""
    version = runtimes.php_version()
    runtime = json.loads((runtimes.folder("php") / "composer.json").read_text(encoding="utf-8"))
    assert (runtime["name"], runtime["version"]) == ("raydium/api-runtime", version)
    assert runtime["autoload"] == {"psr-4": {"Raydium\\ApiRuntime\\": "src/"}}
    assert {"ApiException.php", "Contract.php", "FailureEnvelopeError.php", "RetryPolicy.php"} <= {
        p.name for p in (runtimes.folder("php") / "src").iterdir()}
    assert (runtimes.folder("php") / "LICENSE").is_file()
    for host in HOSTS:
        client = json.loads((REPO / "generated" / "php" / host / "composer.json").read_text(encoding="utf-8"))
        floor = versions.runtime_floor(host, "php")
        assert client["require"]["raydium/api-runtime"] == f"^{floor}", host
        assert floor.split(".")[0] == version.split(".")[0], host
        assert client["autoload"]["files"] == ["lib/aliases.php"], host
        assert (REPO / "generated" / "php" / host / "lib" / "aliases.php").is_file(), host
