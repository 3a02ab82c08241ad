"""The generated packages install, type-check and say where they come from."""

from __future__ import annotations

import hashlib
import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from project import GENERATED, HOSTS, NODE_BIN, REPO

pytestmark = pytest.mark.e2e
PROJECTS = {h: REPO / "generated" / "python" / f"{h}-client" for h in HOSTS}


@pytest.mark.parametrize("host", HOSTS)
def test_provenance_records_the_spec_hash_and_generators(host: str) -> None:
    package = importlib.import_module(f"{host.replace('-', '_')}_client._provenance")
    assert hashlib.sha256((GENERATED / f"{host}.yaml").read_bytes()).hexdigest() == package.SPEC_SHA256
    assert set(package.GENERATORS) == {"openapi-python-client", "datamodel-code-generator", "openapi-typescript",
                                       "typescript"}  # fmt: skip
    info = json.loads((PROJECTS[host] / "PROVENANCE.json").read_text(encoding="utf-8"))
    assert info["spec_sha256"] == package.SPEC_SHA256
    ts = (REPO / "generated" / "typescript" / f"{host}.d.ts").read_text(encoding="utf-8")
    assert package.SPEC_SHA256 in ts.splitlines()[0]


def test_pip_install_works(tmp_path: Path) -> None:
    """`pip install generated/python/pool-v3-client` (offline: the build tools are pinned in
    requirements.txt), then import the installed copy, not the one in generated/."""
    site = tmp_path / "site"
    project = tmp_path / "pool-v3-client"  # setuptools builds in the source tree: build from a copy
    shutil.copytree(PROJECTS["pool-v3"], project, ignore=shutil.ignore_patterns("__pycache__"))
    install = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index", "--quiet",
         "--target", str(site), str(project)],
        capture_output=True, text=True, timeout=300, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert install.returncode == 0, install.stdout + install.stderr
    probe = subprocess.run(
        [sys.executable, "-c", "import pool_v3_client.errors, pool_v3_client._provenance as p; "
         "print(pool_v3_client.__file__, p.SPEC_SHA256)"],
        capture_output=True, text=True, timeout=60, check=False, cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PATH": ""},
    )  # fmt: skip
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.startswith(str(site))


def test_typescript_u64_amounts_cannot_lose_precision() -> None:
    proc = subprocess.run(
        [str(NODE_BIN / "tsc"), "--noEmit", "--strict", "--target", "es2020", "--module", "es2020",
         "--moduleResolution", "bundler", str(REPO / "tests" / "typescript" / "u64.ts")],
        capture_output=True, text=True, timeout=120, check=False, cwd=REPO,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("host", [h for h in HOSTS if h != "launch-auth"])
def test_models_keep_unknown_keys(host: str) -> None:
    module = importlib.import_module(host.replace("-", "_"))
    envelope = module.Envelope.model_validate({"id": "x", "success": True, "msg": "", "version": "V1"})
    assert envelope.model_dump()["version"] == "V1"
