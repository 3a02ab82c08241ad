"""The Node tools are pinned exactly, in three locks: the build's (package.json), the
tests' own (tests/node: Prism) and the compatibility suite's (tests/compat: third-party
tools). Each manifest pins exact versions, each lock records them,
and where both locks hold a package they hold the same version (one resolution, split)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from project import REPO

pytestmark = pytest.mark.tooling

MANIFESTS = (REPO / "package.json", REPO / "tests" / "node" / "package.json",
             REPO / "tests" / "compat" / "package.json")
EXACT = re.compile(r"^\d+\.\d+\.\d+$")


def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("manifest", MANIFESTS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_tool_is_pinned_exactly_and_locked(manifest: Path) -> None:
    declared = read(manifest)["devDependencies"]
    packages = read(manifest.with_name("package-lock.json"))["packages"]
    assert packages[""]["devDependencies"] == declared, f"{manifest.parent}: the lock is stale: run npm install"
    # our own packages in generated/ (the clients' shared runtime) are linked, not fetched
    ours = {name: pin for name, pin in declared.items() if pin.startswith("file:generated/")}
    assert all(packages[f"node_modules/{name}"] == {"resolved": pin.removeprefix("file:"), "link": True}
               for name, pin in ours.items()), ours  # fmt: skip
    wanted = {name: pin for name, pin in declared.items() if name not in ours}
    loose = {name: pin for name, pin in wanted.items() if not EXACT.match(pin)}
    assert not loose, f"{manifest.name}: pin exact versions: {loose}"
    locked = {name: packages[f"node_modules/{name}"]["version"] for name in wanted}
    assert locked == wanted


def test_the_two_locks_agree_where_they_overlap() -> None:
    build, tests = (read(m.with_name("package-lock.json"))["packages"] for m in MANIFESTS[:2])
    shared = sorted(set(build) & set(tests) - {""})
    assert shared, "the locks share no package: is tests/node's lock a split of the build's?"
    differ = {name: (build[name]["version"], tests[name]["version"]) for name in shared
              if build[name]["version"] != tests[name]["version"]}  # fmt: skip
    assert not differ, f"the build's and the tests' locks resolve these differently: {differ}"


# Every package whose install script `npm ci` runs, in any of the locks (tests/mutation's
# too), with what it does; a lock update that brings another one fails here until someone has
# read its script (decision 123).
INSTALL_SCRIPTS: dict[str, dict[str, str | None]] = {
    "package-lock.json": {
        # Spectral's analytics: reports the install to https://scarf.sh unless opted out
        "node_modules/@scarf/scarf": "SCARF_ANALYTICS := false",
    },
    "tests/compat/package-lock.json": {
        # checks that its platform's binary (@esbuild/linux-x64, in the lock) is installed
        "node_modules/esbuild": None,
    },
}


def test_every_install_script_is_one_we_have_read_and_kept_offline() -> None:
    locks = [*(m.with_name("package-lock.json") for m in MANIFESTS), REPO / "tests" / "mutation" / "package-lock.json"]
    found = {str(lock.relative_to(REPO)): {name for name, package in read(lock)["packages"].items()
                                           if package.get("hasInstallScript")}
             for lock in locks}  # fmt: skip
    assert {lock: names for lock, names in found.items() if names} == \
        {lock: set(scripts) for lock, scripts in INSTALL_SCRIPTS.items()}  # fmt: skip
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    for scripts in INSTALL_SCRIPTS.values():
        for name, setting in scripts.items():
            assert setting is None or f"\nexport {setting}\n" in makefile, (name, setting)
