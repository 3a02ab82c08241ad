"""Write the tool packages users run into generated/python/: raydium-api-mock and raydium-api-probe.

Usage: python -m scripts.tools.write [--out DIR]

Each is written by hand in scripts/tools/<tool>/ (a Python project: pyproject.toml, README.md,
the module). This copies it to DIR/python/raydium-api-<tool>/ (generated/ by default) with:

  * scripts/tools/description.py as the module's `_description.py` (the reading of a
    description both tools share);
  * the descriptions it reads, as data: descriptions/<host>.json (each host's bundle, as
    generated/openapi/ holds it) and, for the probe, <host>.source-only.json (the source-only
    view, read from its YAML and written as JSON: the package needs no YAML parser);
  * the repository's LICENSE, and its pyproject.toml with each dependency pinned exactly at
    requirements.txt's version (the gate's rule, scripts/release/build.py).

From a clone, `pip install generated/python/raydium-api-mock` works, and the tests import the
packages from there as a user's installed copy. A folder is replaced only once it is whole;
the same inputs give the same bytes.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import tempfile
from pathlib import Path

from ..common.paths import GENERATED, REPO, hosts
from ..spec import oas

TOOLS = ("mock", "probe")
SOURCES = REPO / "scripts" / "tools"
VIEWS = {"mock": ("",), "probe": ("", ".source-only")}  # the views each ships: the bundle; the source-only view
IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".mypy_cache")


def distribution(tool: str) -> str:
    return f"raydium-api-{tool}"


def folder(tool: str, out: Path = GENERATED) -> Path:
    """Where a tool's package is written: OUT/python/raydium-api-<tool>."""
    return out / "python" / distribution(tool)


def pins(path: Path = REPO / "requirements.txt") -> dict[str, str]:
    """requirements.txt's `name==version` lines, by normalised name."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, sep, pinned = line.partition("==")
        if sep and not line.startswith("#"):
            found[re.sub(r"[-_.]+", "-", name.strip()).lower()] = pinned.strip()
    return found


def pinned_pyproject(text: str, locked: dict[str, str]) -> str:
    """The pyproject's `dependencies = [...]` line with each name pinned at the lock's version."""
    line = re.search(r"^dependencies = \[(.*)\]$", text, re.M)
    if line is None:
        raise SystemExit("tools: a tool's pyproject.toml has no one-line `dependencies = [...]`")
    names = re.findall(r'"([^"]+)"', line.group(1))
    missing = [n for n in names if re.sub(r"[-_.]+", "-", n).lower() not in locked]
    if missing:
        raise SystemExit(f"tools: {', '.join(missing)} not pinned in requirements.txt: add it to requirements.in "
                         "and run make lock")  # fmt: skip
    pinned = ", ".join(f'"{n}=={locked[re.sub(r"[-_.]+", "-", n).lower()]}"' for n in names)
    return text[: line.start(1)] + pinned + text[line.end(1) :]


def source_only_json(host: str) -> str:
    view = oas.load_document(GENERATED / "openapi" / f"{host}.source-only.yaml")
    return json.dumps(view, indent=1, ensure_ascii=False) + "\n"


def write_tool(tool: str, out: Path) -> Path:
    """The tool's package in a temporary folder beside its place, then swapped in."""
    target = folder(tool, out)
    target.parent.mkdir(parents=True, exist_ok=True)
    module = f"raydium_api_{tool}"
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=f".{target.name}-") as tmp_name:
        staged = Path(tmp_name) / target.name
        shutil.copytree(SOURCES / tool, staged, ignore=IGNORED)
        shutil.copyfile(SOURCES / "description.py", staged / module / "_description.py")
        shutil.copyfile(REPO / "LICENSE", staged / "LICENSE")
        data = staged / module / "descriptions"
        data.mkdir()
        for host in hosts():
            for view in VIEWS[tool]:
                name = f"{host}{view}.json"
                if view:
                    (data / name).write_text(source_only_json(host), encoding="utf-8")
                else:
                    shutil.copyfile(GENERATED / "openapi" / name, data / name)
        pyproject = staged / "pyproject.toml"
        pyproject.write_text(pinned_pyproject(pyproject.read_text(encoding="utf-8"), pins()), encoding="utf-8")
        old = Path(tmp_name) / "old"
        if target.exists():
            target.rename(old)
        staged.rename(target)
    return target


def main(argv: list[str] | None = None) -> int:
    ask = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ask.add_argument("--out", type=Path, default=GENERATED, help="the folder to write into (generated/)")
    args = ask.parse_args(argv)
    for tool in TOOLS:
        print(f"tools: wrote {write_tool(tool, args.out).relative_to(args.out.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
