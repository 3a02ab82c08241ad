"""The committed bundles are exactly what the specs produce, and a failed bundle step
leaves existing output untouched."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from project import GENERATED, HOSTS, NODE_BIN, REPO
from scripts.common import stamps

pytestmark = pytest.mark.pipeline  # reads what make just did: run by make test

BUNDLE = [sys.executable, "-m", "scripts.spec.bundle", "--redocly", str(NODE_BIN / "redocly")]
SUFFIXES = (".yaml", ".json", ".deref.json")


def bundle_into(spec: Path, out: Path, name: str, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*BUNDLE, *options, str(spec), str(out), name], capture_output=True, text=True, cwd=REPO, timeout=120,
        check=False,
    )


def out_of_date(stamp: str) -> bool:
    """Whether make would remake the stamp: it is missing, or older than one of its inputs."""
    question = subprocess.run(["make", "--question", stamp], capture_output=True, text=True, cwd=REPO, timeout=120,
                              check=False)  # fmt: skip
    return question.returncode != 0


def differing(now: dict[str, str], record: dict[str, str]) -> list[str]:
    """The files changed, added or missing since the record (both made by stamps.manifest)."""
    return sorted(k for k in now.keys() | record.keys() if now.get(k) != record.get(k))


def bundle_drift(host: str, root: Path, record: dict[str, str]) -> list[str]:
    """The bundle files of ``host`` in ``root`` that differ from the bundle step's record."""
    files = [root / f"{host}{suffix}" for suffix in (*SUFFIXES, ".source-only.yaml")]
    return differing(stamps.manifest(root, [p for p in files if p.exists()]), record)


@pytest.mark.parametrize("host", HOSTS)
def test_committed_bundles_are_what_the_bundle_step_wrote(host: str) -> None:
    """The bundle step runs once, in `make` (decision 91), as the generation does: make remakes
    build/HOST.bundled with the bundles, whenever an input is newer, and the stamp is the sha256
    of the four files that run wrote. That the specs give the same bytes on another machine is
    CI's drift check (.ci/run: `make` in a fresh clone, then `git status`)."""
    stamp = f"build/{host}.bundled"
    assert not out_of_date(stamp), f"{stamp} is older than an input of the bundle: run make"
    stale = bundle_drift(host, GENERATED, json.loads((REPO / stamp).read_text(encoding="utf-8")))
    assert not stale, f"generated/openapi/ is not what the bundle step wrote for {host}: {stale}. Run make."


def test_the_bundle_check_names_an_edited_and_a_missing_file(tmp_path: Path) -> None:
    host = "perps-v1"
    record = json.loads((REPO / "build" / f"{host}.bundled").read_text(encoding="utf-8"))
    for path in GENERATED.glob(f"{host}.*"):
        shutil.copy(path, tmp_path / path.name)
    assert bundle_drift(host, tmp_path, record) == []
    json_bundle = tmp_path / f"{host}.json"
    json_bundle.write_text(json_bundle.read_text(encoding="utf-8").replace('"3.1.0"', '"3.1.1"', 1), encoding="utf-8")
    (tmp_path / f"{host}.source-only.yaml").unlink()
    assert bundle_drift(host, tmp_path, record) == [f"{host}.json", f"{host}.source-only.yaml"]


def test_failed_bundle_leaves_existing_output_untouched(tmp_path: Path) -> None:
    host = HOSTS[0]
    for suffix in SUFFIXES:
        shutil.copy(GENERATED / f"{host}{suffix}", tmp_path / f"{host}{suffix}")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    stamp = tmp_path.parent / f"{tmp_path.name}.bundled"
    proc = bundle_into(Path("tests/broken/colliding-component/openapi.yaml"), tmp_path, host, "--manifest", str(stamp))
    assert proc.returncode != 0
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert not stamp.exists(), "a failed bundle wrote its stamp"


GENERATE = [sys.executable, "-m", "scripts.clients.generate"]


def tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def parts(host: str, root: Path) -> list[Path]:
    """What the generation writes for ``host`` under ``root`` (generate.generate's targets)."""
    languages = (f"{language}/{host}" for language in ("go", "ruby", "php", "rust"))
    return [root / part for part in (f"python/{host}-client", f"typescript/{host}.d.ts", f"typescript/{host}-client",
                                     f"models/{host.replace('-', '_')}.py", *languages)]  # fmt: skip


def drift(host: str, root: Path, record: dict[str, str]) -> list[str]:
    """The files of ``host`` under ``root`` that differ from the generation's record: changed,
    added or missing (hashed by stamps.manifest, as the record was)."""
    return differing(stamps.manifest(root, [p for p in parts(host, root) if p.exists()]), record)


@pytest.mark.parametrize("host", HOSTS)
def test_committed_clients_models_and_types_are_what_generation_wrote(host: str) -> None:
    """The generation runs once, in `make` (decision 86): make remakes build/HOST.generated
    whenever one of its inputs is newer, and the stamp is the sha256 of every file that run
    wrote. So generated/ is current when the stamp is (make --question) and every file is the
    one it records: a hand edit, an added or a removed file fails. That the same inputs give the
    same bytes on another machine is CI's drift check (.ci/run: `make` in a fresh clone, then
    `git status`)."""
    stamp = f"build/{host}.generated"
    assert not out_of_date(stamp), f"{stamp} is older than an input of the generation: run make"
    stale = drift(host, REPO / "generated", json.loads((REPO / stamp).read_text(encoding="utf-8")))
    assert not stale, f"generated/ is not what the generation wrote for {host}: {stale[:10]}. Run make."


def test_the_drift_check_names_a_changed_an_added_and_a_missing_file(tmp_path: Path) -> None:
    host = "perps-v1"
    record = json.loads((REPO / "build" / f"{host}.generated").read_text(encoding="utf-8"))
    shutil.copytree(REPO / "generated" / "go" / host, tmp_path / "go" / host)
    (tmp_path / "typescript").mkdir()
    shutil.copy(REPO / "generated" / "typescript" / f"{host}.d.ts", tmp_path / "typescript" / f"{host}.d.ts")
    own = {k: v for k, v in record.items() if k.startswith(f"go/{host}/") or k == f"typescript/{host}.d.ts"}
    assert drift(host, tmp_path, own) == []
    (tmp_path / "go" / host / "README.md").write_text("edited by hand\n", encoding="utf-8")
    (tmp_path / "go" / host / "extra.go").write_text("package x\n", encoding="utf-8")
    (tmp_path / "typescript" / f"{host}.d.ts").unlink()
    assert drift(host, tmp_path, own) == [f"go/{host}/README.md", f"go/{host}/extra.go", f"typescript/{host}.d.ts"]


def test_failed_generation_leaves_generated_untouched(tmp_path: Path) -> None:
    """The TypeScript step fails (no `node` on PATH) after the Python client and models were
    generated into the temporary directory: the existing tree is left exactly as it was."""
    host = "pool-v3"
    root = tmp_path / "generated"
    for part in (f"python/{host}-client", f"typescript/{host}.d.ts", "models/pool_v3.py"):
        source = REPO / "generated" / part
        target = root / part
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(source, target) if source.is_dir() else shutil.copy(source, target)
    marker = root / "python" / f"{host}-client" / "pool_v3_client" / "client.py"
    marker.write_text(marker.read_text() + "# an old version\n")
    before = tree(root)
    proc = subprocess.run([*GENERATE, host, "--out", str(root)], capture_output=True, text=True, cwd=REPO,
                          timeout=300, check=False, env={**os.environ, "PATH": "/nonexistent"})  # fmt: skip
    assert proc.returncode == 1
    assert "openapi-typescript could not start" in proc.stderr
    assert "generated/ was left unchanged" in proc.stderr
    assert tree(root) == before
    assert not [p for p in root.iterdir() if p.name.startswith(".tmp-")]


def test_generated_files_do_not_depend_on_where_the_repository_is() -> None:
    """No absolute path of this checkout in generated/: a fresh clone elsewhere must produce
    the same bytes (the drift tests run in place and would not see it)."""
    leaks = [str(p.relative_to(REPO)) for p in (REPO / "generated").rglob("*")
             if p.is_file() and "__pycache__" not in p.parts and str(REPO).encode() in p.read_bytes()]  # fmt: skip
    assert leaks == []
