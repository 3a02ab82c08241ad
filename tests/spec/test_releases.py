"""The breaking-change gate (scripts/spec_diff.py, `make diff`) and the releases
(scripts/release.py, `make release`).

In a temporary clone, each breaking edit fails the gate with a message that names the host,
the operation and the change, wherever the rule sits (a $ref'd component, an allOf member,
inline); a major bump lets it through; an optional response field added passes. A release
refuses a version that breaks the policy. (That a release is reproducible is tested on the
release the install tests install from: tests/clients/test_install_from_release.py.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import bundle as bundle_script
from project import HOSTS, REPO, in_process
from release import index_entry, index_path, postman

pytestmark = pytest.mark.tooling


def test_diff_against_head_reports_no_change() -> None:
    proc = subprocess.run([sys.executable, "scripts/spec_diff.py", "--base", "HEAD", "--gate", *HOSTS],
                          capture_output=True, text=True, cwd=REPO, timeout=120, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    for host in HOSTS:
        assert f"{host} (since HEAD): 0 change(s), 0 breaking" in proc.stdout


def test_every_host_is_released_at_its_version() -> None:
    """The gate's default base exists: each host's current version is recorded in releases/."""
    for host in HOSTS:
        bundle = REPO / "generated" / "openapi" / f"{host}.json"
        version = json.loads(bundle.read_text(encoding="utf-8"))["info"]["version"]
        record = REPO / "releases" / host / version
        assert (record / f"{host}-{version}.deref.json").is_file(), f"{host} {version} is not released"
        assert f"## {host} {version} (" in (REPO / "releases" / host / "CHANGELOG.md").read_text(encoding="utf-8")


class Clone:
    def __init__(self, root: Path) -> None:
        self.root = root

    def run(self, *command: str | Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(c) for c in command], capture_output=True, text=True, cwd=self.root, timeout=300,
                              check=False, env={**os.environ, "NO_COLOR": "1"})  # fmt: skip

    def edit(self, relative: str, old: str, new: str) -> None:
        path = self.root / relative
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{relative}: {old!r}"
        path.write_text(text.replace(old, new), encoding="utf-8")

    def bundle(self, host: str) -> None:
        """The bundle step on the clone's spec, in this process (`make` runs the same `main`):
        a Python start and the validator's warm-up less a bundle (decision 93)."""
        redocly = self.root / "node_modules" / ".bin" / "redocly"
        status, output = in_process(bundle_script.main, ["--redocly", str(redocly), f"spec/{host}/openapi.yaml",
                                                         "generated/openapi", host], self.root)  # fmt: skip
        assert status == 0, output

    def release(self, host: str, *options: str) -> subprocess.CompletedProcess[str]:
        dist = self.root / "dist"
        return self.run(sys.executable, "scripts/release.py", "--no-record", "--dist", dist, *options, host)

    def gate(self, host: str) -> subprocess.CompletedProcess[str]:
        return self.run(sys.executable, "scripts/spec_diff.py", "--gate", host)

    def reset(self) -> None:
        assert self.run("git", "checkout", "--", "spec", "generated").returncode == 0


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Clone:
    root = tmp_path_factory.mktemp("clone") / "repo"
    assert subprocess.run(["git", "clone", "--quiet", str(REPO), str(root)], check=False).returncode == 0
    (root / "node_modules").symlink_to(REPO / "node_modules", target_is_directory=True)
    return Clone(root)


BREAKING = [
    ("pool-v3", "spec/pool-v3/openapi.yaml",
     "enum: [all, concentrated, standard, allFarm, concentratedFarm, standardFarm]",
     "enum: [all, concentrated, standard, allFarm, concentratedFarm]",
     ["pool-v3", "listPools", "query parameter 'poolType': enum value 'standardFarm' removed"]),
    ("transaction-v1", "spec/transaction-v1/openapi.yaml",
     "      required: [wallet, swapResponse, txVersion, computeUnitPriceMicroLamports]\n",
     "      required: [wallet, swapResponse, txVersion, computeUnitPriceMicroLamports, wrapSol]\n",
     ["transaction-v1", "buildSwapBaseInTransaction", "request body.wrapSol made required"]),
    ("perps-v1", "spec/perps-v1/openapi.yaml", "operationId: getVersion", "operationId: fetchVersion",
     ["perps-v1", "fetchVersion", "operationId 'getVersion' renamed to 'fetchVersion'"]),
    ("pool-v3", "spec/pool-v3/openapi.yaml",
     "        maxVolatilityAccumulator:\n          type: integer\n",
     "        maxVolatilityAccumulatorX:\n          type: integer\n",
     ["pool-v3", "listDynamicFeeConfigs", "response.data[]: field 'maxVolatilityAccumulator' removed"]),
]  # fmt: skip


@pytest.mark.parametrize(("host", "file", "old", "new", "words"), BREAKING, ids=[b[4][2][:40] for b in BREAKING])
def test_a_breaking_edit_fails_the_gate(clone: Clone, host: str, file: str, old: str, new: str,
                                        words: list[str]) -> None:  # fmt: skip
    try:
        clone.edit(file, old, new)
        clone.bundle(host)
        proc = clone.gate(host)
        assert proc.returncode == 1, proc.stdout
        message = proc.stderr
        for word in words:
            assert word in message, message
        assert "need a major version bump" in message
        # A major bump lets it through: the rule does not depend on the change, so it is checked
        # once, on the case whose bundle is made quickest (decision 118)
        if host == "perps-v1":
            version = json.loads((clone.root / "generated" / "openapi" / f"{host}.json").read_text())["info"]["version"]
            major = int(version.split(".")[0]) + 1
            clone.edit(file, f"  version: {version}\n", f"  version: {major}.0.0\n")
            clone.bundle(host)
            assert clone.gate(host).returncode == 0, "a major bump lets a breaking change through"
    finally:
        clone.reset()


def test_a_client_change_at_a_released_version_is_refused(clone: Clone) -> None:
    """A client template changed, the description not: the code of a client differs from what
    its released version was built from, so `make release` refuses to reuse that version
    (a pinned client version must name one code). The generated change stands for a template's."""
    try:
        clone.edit("generated/go/pool-v3/contract.go", "package poolv3\n", "package poolv3\n\n// changed\n")
        release = clone.release("pool-v3")
        assert release.returncode == 1, release.stdout
        assert "its clients have changed since (go): bump info.version" in release.stderr
        assert clone.release("transaction-v1", "--check").returncode == 0, "another host's clients did not change"
    finally:
        clone.reset()


def test_every_release_records_its_clients() -> None:
    """Each host's current version records the digest of every client (releases/<host>/<V>/clients.json)."""
    for host in HOSTS:
        version = current_version(host)
        recorded = json.loads((REPO / "releases" / host / version / "clients.json").read_text(encoding="utf-8"))
        assert set(recorded) == {"python", "typescript", "go", "rust", "ruby", "php", "models"}, host


def test_an_optional_response_field_passes(clone: Clone) -> None:
    """On perps-v1, whose bundle is made in half the time of pool-v3's."""
    try:
        field = "        symbol:\n          description: Pair label of the form <BASE>/<QUOTE>.\n"
        clone.edit("spec/perps-v1/openapi.yaml", field, "        someNewField:\n          type: string\n" + field)
        clone.bundle("perps-v1")
        proc = clone.gate("perps-v1")
        assert proc.returncode == 0, proc.stderr
        added = "response.data[]: optional field 'someNewField' added"
        assert f"change: perps-v1: listDefaultPools: {added}" in proc.stdout, proc.stdout
        release = clone.release("perps-v1")
        assert release.returncode == 1
        assert "is released and the description has changed since: bump info.version" in release.stderr
        version = current_version("perps-v1")
        major, minor, patch = (int(part) for part in version.split("."))
        clone.edit("spec/perps-v1/openapi.yaml", f"  version: {version}\n", f"  version: {major}.{minor}.{patch + 1}\n")
        clone.bundle("perps-v1")
        release = clone.release("perps-v1")
        assert release.returncode == 1
        assert "need at least a minor bump" in release.stderr
    finally:
        clone.reset()


def current_version(host: str) -> str:
    bundle = REPO / "generated" / "openapi" / f"{host}.json"
    return str(json.loads(bundle.read_text(encoding="utf-8"))["info"]["version"])


def test_the_postman_collection_uses_the_named_examples() -> None:
    """What `artefacts` writes as the collection (a release lists it:
    test_install_from_release.py's test_the_release_is_reproducible)."""
    bundle = json.loads((REPO / "generated" / "openapi" / "transaction-v1.deref.json").read_text(encoding="utf-8"))
    collection = postman(bundle, "transaction-v1", current_version("transaction-v1"))
    requests = {i["name"]: i["request"] for folder in collection["item"] for i in folder["item"]}
    body = json.loads(requests["buildSwapBaseInTransaction"]["body"]["raw"])
    # the first named example, not a placeholder: a whole quote as swapResponse
    assert body["wallet"] == "E9DvCgB83DB2Yy4Jy6wn4XmAjEJLmHQiAczpuWbKq1A5"
    assert body["swapResponse"]["data"]["swapType"] == "BaseIn"
    query = {q["key"]: q["value"] for q in requests["computeSwapBaseIn"]["url"]["query"]}
    assert query["amount"] == "1000000000"


@pytest.mark.parametrize(("name", "path"), [("a", "1/a"), ("ab", "2/ab"), ("abc", "3/a/abc"), ("Serde", "se/rd/serde"),
                                            ("raydium-pool-v3-client", "ra/yd/raydium-pool-v3-client")])  # fmt: skip
def test_the_cargo_index_uses_cargos_layout(name: str, path: str) -> None:
    assert index_path(name) == path


def test_a_cargo_index_entry_records_dependencies_as_cargo_publish_would(tmp_path: Path) -> None:
    crate = tmp_path / "c.crate"
    crate.write_bytes(b"crate")
    manifest = {"package": {"name": "c", "version": "1.2.3"},
                "dependencies": {"url": "2.3", "exact": "=1.0.1",
                                 "reqwest": {"version": "0.11", "default-features": False, "features": ["json"]}}}
    entry = index_entry(manifest, crate)
    assert (entry["name"], entry["vers"], entry["yanked"]) == ("c", "1.2.3", False)
    assert entry["cksum"] == "f5fe331d2367a7a67ee20bd579c77b929ae49439d8b0d8e9c3b98609797b6b69"  # sha256 of b"crate"
    deps = {d["name"]: d for d in entry["deps"]}
    assert [d["req"] for d in entry["deps"]] == ["=1.0.1", "^0.11", "^2.3"]
    assert (deps["reqwest"]["default_features"], deps["reqwest"]["features"]) == (False, ["json"])
    assert (deps["url"]["default_features"], deps["url"]["kind"]) == (True, "normal")


def test_a_removed_public_name_needs_a_major_bump(clone: Clone) -> None:
    """A client's public function is gone (a template change, stood for by the generated
    code): a patch release is refused and names it; a major release goes through and its
    notes list it. On launch-auth, the host whose bundle is made fastest."""
    version = current_version("launch-auth")
    major = f"{int(version.split('.')[0]) + 1}.0.0"
    try:
        clone.edit("generated/go/launch-auth/contract.go", "func NewClient(", "func newClient(")
        patch = version.rsplit(".", 1)[0] + "." + str(int(version.rsplit(".", 1)[1]) + 1)
        clone.edit("spec/launch-auth/openapi.yaml", f"  version: {version}\n", f"  version: {patch}\n")
        clone.bundle("launch-auth")
        release = clone.release("launch-auth")
        assert release.returncode == 1, release.stdout
        assert "public name(s) of the clients since" in release.stderr, release.stderr
        assert "need a major version bump" in release.stderr
        assert "  go: NewClient\n" in release.stderr + "\n"
        clone.edit("spec/launch-auth/openapi.yaml", f"  version: {patch}\n", f"  version: {major}\n")
        clone.bundle("launch-auth")
        release = clone.release("launch-auth", "--check")  # the notes it would write (a release is built elsewhere)
        assert release.returncode == 0, release.stderr
        assert "Public names of the clients removed (1):\n\n- go: NewClient\n" in release.stdout
        assert not (clone.root / "dist").exists()
    finally:
        clone.reset()
