"""The mock and the probe as a user gets them (issue 83): `make release-files` (scripts/release/files.py,
here into a temporary dist/ with those two packages alone) puts both in the release's Python
index; the install commands of docs/guide/mock.md and docs/guide/drift-probe.md install them
with pip into scratch virtual environments; the console scripts run as the pages show, the
mock on 127.0.0.1 and the probe against it. The pages' client programs are the reference
samples with the mock's base URL, and the Python ones run against the mock."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx
import pytest
from raydium_api_mock import MockServer

from project import PYTHONPATH, REPO, bundle

pytestmark = pytest.mark.e2e
PAGES = {"mock": REPO / "docs" / "guide" / "mock.md", "probe": REPO / "docs" / "guide" / "drift-probe.md"}
LANGUAGES = {"python": "Python", "typescript": "TypeScript", "go": "Go", "rust": "Rust", "ruby": "Ruby", "php": "PHP"}


def blocks(tool: str, language: str = "sh") -> list[str]:
    return [str(b) for b in re.findall(rf"^```{language}\n(.*?)^```", PAGES[tool].read_text(encoding="utf-8"),
                                       re.S | re.M)]  # fmt: skip


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, cwd=cwd, timeout=300, check=False,
                          env={**os.environ, **(env or {})})  # fmt: skip


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("release") / "dist"
    proc = run([sys.executable, "-m", "scripts.release.files", "--dist", str(out), "--only", "mock", "probe"], REPO)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


@pytest.fixture(scope="module")
def installed(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch folder where each page's install command ran (.mock/ and .probe/)."""
    folder = tmp_path_factory.mktemp("user")
    for tool in PAGES:
        command = blocks(tool)[0]
        assert command.startswith(f"python3 -m venv .{tool} && .{tool}/bin/pip install"), command
        proc = run(["bash", "-ec", command.replace("$DIST", str(dist))], folder, {"PIP_QUIET": "1", "PYTHONPATH": ""})
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return folder


def test_release_files_puts_both_in_the_python_index(dist: Path) -> None:
    from scripts.release.packages import named

    for tool in ("mock", "probe"):
        version = named(tool).version()
        project = f"raydium-api-{tool}"
        page = (dist / "python" / "simple" / project / "index.html").read_text(encoding="utf-8")
        wheel = f"raydium_api_{tool}-{version}-py3-none-any.whl"
        assert f">{wheel}</a>" in page
        assert f"{tool}/{version}/{wheel}" in (dist / "SHA256SUMS").read_text(encoding="utf-8")
        assert f"{project}=={version}" in PAGES[tool].read_text(encoding="utf-8")  # the page names the version


def test_the_installed_commands_run_as_documented(installed: Path, tmp_path: Path) -> None:
    """The mock from its console script on a free port (the page's command with --port 0), then
    the probe's console script against it: a clean run, exit 0, both reports written."""
    assert "raydium-api-mock --host pool-v3 --port 8080" in blocks("mock")[1]
    mock = subprocess.Popen([str(installed / ".mock" / "bin" / "raydium-api-mock"), "--host", "pool-v3", "--port", "0",
                             "--quiet"], stdout=subprocess.PIPE, text=True, cwd=installed,
                            env={**os.environ, "PYTHONPATH": ""})  # fmt: skip
    try:
        assert mock.stdout is not None
        url = mock.stdout.readline().split(" at ", 1)[1].split()[0]
        assert httpx.get(url + "/main/clmm-dynamic-config", timeout=10).json()["success"] is True
        assert blocks("probe")[1].strip() == ".probe/bin/raydium-api-probe --out drift/"
        probe = run([str(installed / ".probe" / "bin" / "raydium-api-probe"), "--base-url", f"pool-v3={url}",
                     "--interval", "0", "--out", str(tmp_path / "drift")], installed, {"PYTHONPATH": ""})  # fmt: skip
        assert probe.returncode == 0, probe.stdout + probe.stderr
        report = json.loads((tmp_path / "drift" / "drift.json").read_text())
        assert report["summary"]["requests"] == len(bundle("pool-v3")["paths"])
        assert (tmp_path / "drift" / "drift.md").read_text().startswith("# Drift report")
        assert report["version"] != "0+unknown"  # the installed distribution's own version
    finally:
        mock.terminate()
        mock.wait(timeout=20)
    assert mock.returncode == 0
    for tool in PAGES:
        version = run([str(installed / f".{tool}" / "bin" / "python"), "-m", f"raydium_api_{tool}", "--version"],
                      installed, {"PYTHONPATH": ""})  # fmt: skip
        assert version.returncode == 0, version.stderr
        assert version.stdout.startswith(f"raydium-api-{tool} 0."), version.stdout


def test_each_language_block_is_its_reference_sample_pointed_at_the_mock() -> None:
    samples = {s["lang"]: s["source"] for s in bundle("pool-v3")["paths"]["/main/clmm-dynamic-config"]["get"]
               ["x-codeSamples"]}  # fmt: skip
    for fence, lang in LANGUAGES.items():
        shown = blocks("mock", fence)
        assert shown, f"docs/guide/mock.md: no {fence} block"
        pointed = samples[lang].replace("https://api-v3.raydium.io", "http://127.0.0.1:8080")
        assert shown[0].rstrip("\n") == pointed, lang


def test_the_pages_python_runs_against_the_mock(raydium_mocks: dict[str, MockServer], tmp_path: Path) -> None:
    """The page's Python client program against the mock, and its in-process test block (a 429,
    then the retry's success)."""
    env = {"PYTHONPATH": os.pathsep.join([PYTHONPATH, str(REPO / "generated" / "python" / "raydium-api-mock")])}
    program, in_process = blocks("mock", "python")
    script = tmp_path / "first.py"
    script.write_text(program.replace("http://127.0.0.1:8080", raydium_mocks["pool-v3"].url), encoding="utf-8")
    proc = run([sys.executable, str(script)], tmp_path, env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("[DynamicFeeConfig("), proc.stdout
    script.write_text(in_process + "print([t.filter_period for t in tiers.data])\n", encoding="utf-8")
    proc = run([sys.executable, str(script)], tmp_path, env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "[30, 60]\n"
