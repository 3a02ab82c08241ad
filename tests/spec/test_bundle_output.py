"""Each host's four committed bundle files are what scripts/spec/bundle.py writes, run here in
process on the host's spec as `make` runs it: the YAML with its code samples and its exact large
integers, the same document as JSON, the dereferenced JSON and the source-only view, byte for
byte. tests/spec/test_generated_current.py holds the files to the bundle step's record; this
holds the step's code to the files, so a change to it that moves a byte fails here (decision 151)."""

from __future__ import annotations

from pathlib import Path

import pytest

from project import GENERATED, HOSTS, NODE_BIN, REPO, SPEC
from scripts.spec import bundle

pytestmark = pytest.mark.pipeline  # repeats make's bundle step


@pytest.mark.parametrize("host", HOSTS)
def test_the_bundle_step_writes_the_committed_bundles(host: str, tmp_path: Path) -> None:
    spec = (SPEC / host / "openapi.yaml").relative_to(REPO)  # the path make gives, which messages name
    targets = bundle.bundle(str(NODE_BIN / "redocly"), spec, tmp_path, host)
    names = [f"{host}.yaml", f"{host}.json", f"{host}.deref.json", f"{host}.source-only.yaml"]
    assert targets == [tmp_path / name for name in names]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names), "a temporary file was left behind"
    for name in names:
        assert (tmp_path / name).read_bytes() == (GENERATED / name).read_bytes(), name
