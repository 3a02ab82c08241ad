"""What the generation writes itself, from our templates and the bundle (not what the tools it
runs write), is written again here, in process, byte for byte as generated/ holds it: the
Python package's own modules and project files (scripts/clients/generate.py), the TypeScript
client's sources, and the README of each Go, Rust, Ruby and PHP package
(scripts/clients/openapi_generator.py).

generated/ is what `make` wrote (tests/spec/test_generated_current.py holds it to the
generation's record, and CI regenerates it in a fresh clone), so a change to these writers
that changes a byte fails here in a second, without the generators' tools or a Java start
(decision 151)."""

from __future__ import annotations

from pathlib import Path

import pytest

from project import HOSTS, REPO, files_under
from project import bundle as host_bundle  # the JSON bundle generate.generate reads
from scripts.clients import generate, openapi_generator
from scripts.spec import oas

pytestmark = pytest.mark.pipeline  # reads what make's generation wrote, which runs after the gate

GENERATED = REPO / "generated"


def committed(root: Path, names: list[str]) -> dict[str, bytes]:
    return {name: (root / name).read_bytes() for name in names}


@pytest.mark.parametrize("host", HOSTS)
def test_the_python_package_s_own_modules_and_project_files_are_written_again(host: str, tmp_path: Path) -> None:
    """generate.python_modules (py.typed, _provenance.py, _server.py, codes.py) and
    generate.python_project (pyproject.toml, README.md with its first call, LICENSE,
    PROVENANCE.json)."""
    python, bundle = generate.Host(host), host_bundle(host)
    info = generate.provenance(python)
    module = tmp_path / python.package
    module.mkdir()
    server = generate.python_modules(python, module, bundle, info)
    generate.python_project(python, tmp_path, bundle, server, info)
    made = files_under(tmp_path)
    assert sorted(made) == sorted([f"{python.package}/{name}" for name in
                                   ("py.typed", "_provenance.py", "_server.py", "codes.py")] +
                                  ["pyproject.toml", "README.md", "LICENSE", "PROVENANCE.json"])  # fmt: skip
    assert made == committed(GENERATED / "python" / python.project, list(made))


@pytest.mark.parametrize("host", HOSTS)
def test_the_typescript_client_s_sources_are_written_again(host: str, tmp_path: Path) -> None:
    """generate.typescript_sources: src/index.ts (every operation, its walk and its errors),
    src/schemas.ts, package.json, tsconfig.json, README.md, LICENSE and PROVENANCE.json."""
    python = generate.Host(host)
    generate.typescript_sources(python, tmp_path, host_bundle(host), generate.provenance(python))
    made = files_under(tmp_path)
    assert sorted(made) == ["LICENSE", "PROVENANCE.json", "README.md", "package.json", "src/index.ts",
                            "src/schemas.ts", "tsconfig.json"]  # fmt: skip
    assert made == committed(GENERATED / "typescript" / f"{host}-client", list(made))


@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("language", sorted(openapi_generator.README_LANGUAGES))
def test_each_openapi_generator_package_s_readme_is_written_again(host: str, language: str) -> None:
    """openapi_generator.package_readme, from the view the generators read (oas.typed_view) and
    the default base URL generate.py gives them."""
    bundle = host_bundle(host)
    names = openapi_generator.language_names(host, language, generate.default_server(bundle).url)
    target = GENERATED / language / host
    readme = openapi_generator.package_readme(language, names, oas.typed_view(bundle), target)
    assert readme == (target / "README.md").read_text(encoding="utf-8")
