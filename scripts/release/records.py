"""The release records: releases/records/NNNN.json, one small file per `make release`.

Library module. A record says what a release was, for people and for tools:

  release    its number (NNNN)
  date       the day it was made, and epoch, the timestamp of every artefact (SOURCE_DATE_EPOCH)
  commit     the commit whose tree the artefacts are built from (`make release` commits the
             release, then adds the record in a second commit); tags `<package>@<version>` name it
  packages   each package released: version, previous version, level, the digest of its code,
             the sha256 of each artefact (its path in dist/), and its notes
  versions   every package's version at that commit, and for each client the description version
             it is generated from and the runtime versions it accepts: the version table

Releases made before packages had versions of their own (numbers 1 to 54) were recorded
afterwards from the repository's history (`migrated`): each names the commit whose
generated/openapi/ holds the released bundles, whose digests it keeps; their other artefacts'
digests were not recorded.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..common.paths import RELEASES

RECORDS = RELEASES / "records"


def path_of(number: int) -> Path:
    return RECORDS / f"{number:04d}.json"


def all_records(folder: Path | None = None) -> list[dict[str, Any]]:
    """Every record, oldest first."""
    where = folder or RECORDS
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(where.glob("[0-9][0-9][0-9][0-9].json"))]


def next_number() -> int:
    numbers = [int(p.stem) for p in RECORDS.glob("[0-9][0-9][0-9][0-9].json")]
    return max(numbers, default=0) + 1


def write(record: dict[str, Any]) -> Path:
    path = path_of(int(record["release"]))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return path


def find(package: str, version: str) -> dict[str, Any] | None:
    """The record of the release that released `package` at `version`, if any."""
    for record in all_records():
        released = record["packages"].get(package)
        if released is not None and released["version"] == version:
            return record
    return None


def tag_name(package: str, version: str) -> str:
    return f"{package}@{version}"


def parse_tag(name: str) -> tuple[str, str]:
    """`pool-v3-python@5.1.3` as ("pool-v3-python", "5.1.3"); ValueError otherwise."""
    package, at, version = name.rpartition("@")
    if not at or not package or not version:
        raise ValueError(f"{name!r} is not <package>@<version> (for example pool-v3-python@5.1.2)")
    return package, version
