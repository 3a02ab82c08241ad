"""The README's layout tree is true: every path it names exists, every stage of scripts/ is in
it, every module of scripts/ is named under its stage, and the make targets and test files
CONTRIBUTING.md tells a newcomer to run exist."""

from __future__ import annotations

import re

from project import REPO

README = (REPO / "README.md").read_text(encoding="utf-8")
LAYOUT = README.split("## Layout", 1)[1].split("```", 2)[1]
CONTRIBUTING = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")


def entries() -> list[tuple[int, str]]:
    """Each entry of the tree: its indent and its first word (a path, or names beside a path)."""
    found = []
    for line in LAYOUT.splitlines():
        match = re.match(r"^( *)(\S+)", line)
        if match and len(match[1]) <= 4 and ("/" in match[2] or match[2].endswith((".yaml", ".yml"))):
            found.append((len(match[1]), match[2]))
    return found


def paths() -> list[str]:
    """The tree's paths, each joined to the folder above it."""
    stack: list[tuple[int, str]] = []
    out = []
    for indent, name in entries():
        while stack and stack[-1][0] >= indent:
            stack.pop()
        parent = stack[-1][1] if stack else ""
        path = parent + name
        out.append(path)
        if name.endswith("/"):
            stack.append((indent, path))
    return out


def test_every_path_in_the_tree_exists() -> None:
    missing = [p for p in paths() if "<" not in p and not (REPO / p.rstrip("/")).exists()]
    assert paths(), "no tree found under ## Layout"
    assert missing == []


def test_every_stage_and_module_of_scripts_is_in_the_tree() -> None:
    section = LAYOUT.split("scripts/", 1)[1].split("\nlint/", 1)[0]
    for stage in sorted(p for p in (REPO / "scripts").iterdir() if p.is_dir() and not p.name.startswith("__")):
        assert re.search(rf"^  {stage.name}/", section, re.M), f"scripts/{stage.name}/ is not in the README's tree"
        if stage.name in ("runtime", "templates"):
            continue
        joined = re.sub(r"\n {20,}", " ", section)  # an entry's continuation lines
        block = joined.split(f"\n  {stage.name}/", 1)[1].split("\n  ", 1)[0]
        for module in sorted(stage.glob("*.py")):
            if module.name != "__init__.py":
                assert module.name in block or module.stem in block, f"{module} is not named in the README's tree"


def test_contributing_names_only_what_exists() -> None:
    for target in re.findall(r"`make ([a-z-]+)", CONTRIBUTING):
        assert re.search(rf"^{target}:", (REPO / "Makefile").read_text(encoding="utf-8"), re.M), f"make {target}"
    for path in re.findall(r"(tests/[\w/]+\.py)", CONTRIBUTING):
        assert (REPO / path).is_file(), path
