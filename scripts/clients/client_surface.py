"""The public surface of each generated client: every name a caller can use, per language.

Usage: python -m scripts.clients.client_surface HOST   (prints the surface as JSON)

A release records it per package (releases/<package>/release.json) and the next release
compares: a name that is gone breaks callers, so `make release` releases a major version
(scripts/release/release.py).
Each language is read by its own tools where they exist here: Python by `ast`, TypeScript by
the compiler API, Go by go/parser, Ruby and PHP by reflection of the loaded package
(scripts/clients/surface/). Rust has no parser we can run offline (rustdoc's JSON needs a nightly
compiler), so its `pub` items are read line by line from the generated sources, which
rustfmt-like generator output keeps one per line.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Collection
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..common.paths import REPO
from . import runtimes
from .generate import Host
from .openapi_generator import Names

GENERATED = REPO / "generated"
HELPERS = Path(__file__).resolve().parent / "surface"
RUBY_RUNTIME = runtimes.folder("ruby") / "lib"  # the shared runtime every gem requires
BUILD = REPO / "build"


class SurfaceError(Exception):
    pass


def helper(command: list[str], env: dict[str, str] | None = None) -> list[str]:
    proc = subprocess.run(command, capture_output=True, text=True, check=False, cwd=REPO,
                          env={**os.environ, **(env or {})})  # fmt: skip
    if proc.returncode != 0:
        raise SurfaceError(f"{' '.join(command[:2])} failed (exit {proc.returncode}):\n{proc.stderr.strip()}")
    return [line for line in proc.stdout.splitlines() if line]


def python_surface(package: Path, shared: Path | None = None) -> list[str]:
    """Public modules, their public functions (with each parameter), classes (with their
    public methods, parameters and annotated attributes) and module-level names. A name a
    module imports from the ``shared`` package (the runtime the clients re-export) is read
    there and counted as the importing module's: callers use it by that module's name."""
    names: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        if any(p.startswith("_") and p != "__init__" for p in parts):
            continue
        module = ".".join(p for p in parts if p != "__init__")
        names.add(module)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and shared is not None and node.module and (
                    node.module.split(".")[0] == shared.name):
                source = shared.parent.joinpath(*node.module.split("."))
                defined = module_names(source / "__init__.py" if source.is_dir() else source.with_suffix(".py"), "")
                for alias in node.names:
                    public, own = alias.asname or alias.name, (f"{alias.name}.", f"{alias.name}(")
                    if not public.startswith("_"):
                        names.update(f"{module}.{public}{rest.removeprefix(alias.name)}" for rest in defined
                                     if rest == alias.name or rest.startswith(own))  # fmt: skip
            else:
                names.update(node_names(node, module))
    return sorted(names)


def module_names(path: Path, module: str) -> set[str]:
    """The public names a module defines (prefixed `module.`, or bare where module is empty)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        found.update(name.removeprefix(".") for name in node_names(node, module))
    return found


def node_names(node: ast.stmt, module: str) -> set[str]:
    """The public names one top-level statement of `module` defines."""
    names: set[str] = set()

    def parameters(prefix: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        names.add(prefix)
        for arg in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]:
            if arg.arg not in ("self", "cls"):
                names.add(f"{prefix}({arg.arg})")

    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and not node.name.startswith("_"):
        parameters(f"{module}.{node.name}", node)
    elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
        names.add(f"{module}.{node.name}")
        for item in node.body:
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and (
                    not item.name.startswith("_") or item.name == "__init__"):
                parameters(f"{module}.{node.name}.{item.name}", item)
            elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                names.add(f"{module}.{node.name}.{item.target.id}")
            elif isinstance(item, ast.Assign):
                names.update(f"{module}.{node.name}.{t.id}" for t in item.targets
                             if isinstance(t, ast.Name) and not t.id.startswith("_"))  # fmt: skip
    elif isinstance(node, ast.Assign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        names.update(f"{module}.{t.id}" for t in targets
                     if isinstance(t, ast.Name) and not t.id.startswith("_"))  # fmt: skip
    return names


RUST_ITEM = re.compile(r"^(\s*)pub (?:async )?(fn|struct|enum|type|const|static|trait|mod) (\w+)")
RUST_FIELD = re.compile(r"^\s+pub (\w+)\s*:")
RUST_IMPL = re.compile(r"^impl(?:<[^>]*>)? (?:[\w:<>]+ for )?(\w+)")
RUST_VARIANT = re.compile(r"^\s+([A-Z]\w*)\s*(?:[,({=]|$)")
RUST_SIGNATURE = re.compile(r"\s*\{.*$|\s*;\s*$")  # a function's body or its `;`, after the signature
RUST_PARAMETER = re.compile(r"\b(?:mut\s+)?\w+: ")  # `name: ` before a parameter's type (paths are `a::b`)


RUST_USE = re.compile(r"^pub use ([\w:]+)::\{?([\w, ]+)\}?;")
RUST_PRIVATE_MOD = re.compile(r"^mod (\w+);")
RUNTIME_CRATE = "raydium_api_runtime"


def rust_surface(crate: Path, runtime: Path | None = None) -> list[str]:
    """`pub` items per module (path from the file), struct fields, enum variants and the
    `pub fn`s of each `impl` block (Type::method). A `pub use` names its items under the module
    that re-exports them: of a private module of the crate, or of the shared runtime's crate
    (read from `runtime`), with their fields, variants and methods; a private module's own
    names are not public."""
    names, uses, private, _ = _rust_items(crate)
    external = set(rust_surface(runtime)) if runtime else set()
    for module, source, name in uses:
        pool, prefix = (external, "crate") if source == RUNTIME_CRATE else (names, source)
        item = f"{prefix}::{name}"
        names.update(f"{module}::{name}{n[len(item):]}" for n in list(pool)
                     if n == item or n.startswith((f"{item}.", f"{item}::")))  # fmt: skip
    return sorted(n for n in names if n.split("::")[0] not in private)


def rust_signatures(crate: Path) -> list[str]:
    """Each public function's and method's signature and each public field's type after its
    name (`apis::pools_api::list_pools(configuration: &configuration::Configuration, params:
    ListPoolsParams) -> Result<...>`, `models::PoolsResponse.data Vec<Option<...>>`): a change
    there breaks callers as a removed name does. The crate's own items; what it re-exports from
    the shared runtime is the runtime's, under the runtime's version."""
    _, _, private, signatures = _rust_items(crate)
    return sorted(f"{name} {sig}" for name, sig in signatures.items() if name.split("::")[0] not in private)


def _rust_items(crate: Path) -> tuple[set[str], list[tuple[str, str, str]], set[str], dict[str, str]]:
    """The items each file declares, its `pub use`s (module, source path, name), the crate's
    private modules (`mod x;`) and the signatures of its functions and the types of its fields."""
    names: set[str] = set()
    uses: list[tuple[str, str, str]] = []
    private: set[str] = set()
    signatures: dict[str, str] = {}
    for path in sorted((crate / "src").rglob("*.rs")):
        parts = path.relative_to(crate / "src").with_suffix("").parts
        module = "::".join(p for p in parts if p not in ("lib", "mod")) or "crate"
        owner, kind = "", ""
        for line in path.read_text(encoding="utf-8").splitlines():
            if used := RUST_USE.match(line):
                uses.extend((module, used.group(1), n.strip()) for n in used.group(2).split(",") if n.strip())
            elif (hidden := RUST_PRIVATE_MOD.match(line)) and module == "crate":
                private.add(hidden.group(1))
            elif line.startswith("}"):
                owner, kind = "", ""
            elif (impl := RUST_IMPL.match(line)) and line.rstrip().endswith("{"):
                owner, kind = impl.group(1), "impl"
            elif item := RUST_ITEM.match(line):
                indent, what, name = item.groups()
                # a parameter's name is no part of the API (Rust has no named arguments)
                signature = RUST_PARAMETER.sub("", RUST_SIGNATURE.sub("", line[item.end():])).strip()
                if not indent:
                    names.add(f"{module}::{name}")
                    if what == "fn":
                        signatures[f"{module}::{name}"] = signature
                    if what in ("struct", "enum") and line.rstrip().endswith("{"):
                        owner, kind = name, what
                elif kind == "impl" and what == "fn":
                    names.add(f"{module}::{owner}::{name}")
                    signatures[f"{module}::{owner}::{name}"] = signature
            elif kind == "struct" and (field := RUST_FIELD.match(line)):
                names.add(f"{module}::{owner}.{field.group(1)}")
                signatures[f"{module}::{owner}.{field.group(1)}"] = line[field.end():].strip().rstrip(",")
            elif kind == "enum" and (variant := RUST_VARIANT.match(line)):
                names.add(f"{module}::{owner}::{variant.group(1)}")
    return names, uses, private, signatures


def go_surface(folder: Path, runtime: Path | None = None, signatures: bool = False) -> list[str]:
    """A Go package's exported names, read by go/parser (surface.go); with the shared runtime's
    folder, the runtime types the package names as its own (type aliases) count their fields
    and methods under the package's names. With `signatures`, each function's and method's
    signature and each field's type after its name (`FarmInfo.ID *string`)."""
    cache = BUILD / "go-cache"
    env = {"GOCACHE": str(cache / "build"), "GOPATH": str(cache / "path"), "GOTOOLCHAIN": "local", "GOFLAGS": "",
           "GO111MODULE": "on", "GOPROXY": "off"}  # fmt: skip
    flags = ["-signatures"] if signatures else []
    return helper(["go", "run", str(HELPERS / "surface.go"), *flags, str(folder),
                   *([str(runtime)] if runtime else [])], env)  # fmt: skip


def typescript_surface(entry: Path) -> list[str]:
    """The entry's exports and their members, read by the TypeScript compiler (surface.mjs)."""
    return helper(["node", str(HELPERS / "surface.mjs"), str(entry)])


def ruby_surface(lib: Path, gem: str, module: str) -> list[str]:
    """A gem's modules, classes, constants and public methods, read by reflection (surface.rb),
    with the shared runtime on the load path; the runtime's classes the gem names as its own
    are counted under the gem's names."""
    return helper(["ruby", "-I", str(RUBY_RUNTIME), "-I", str(lib), str(HELPERS / "surface.rb"), gem, module])


def php_surface(lib: Path, namespace: str) -> list[str]:
    """A PHP package's classes, public constants and methods, read by reflection (surface.php),
    with the shared runtime autoloaded; the runtime's classes the package names as its own
    (class_alias) are counted under the package's names."""
    return helper(["php", str(HELPERS / "surface.php"), str(lib), namespace])


# The lists of a surface, in the order surface.json records them: each client's names, and for
# Go and Rust their signatures too.
LISTS = ("python", "typescript", "go", "go signatures", "rust", "rust signatures", "ruby", "php")


def surface(host: str, clients: Collection[str] | None = None) -> dict[str, list[str]]:
    """Every language's public names for the host's generated clients, or only those of
    `clients` (by client: "go" is its names and its signatures). The readers run side by side:
    most are a tool's process (Node, Go, Ruby, PHP), and one after another they took 3.8 s a
    host, the TypeScript compiler's 2.6 s the longest."""
    python = Host(host)
    names = Names(host, version="", default_base_url="")  # only the names that derive from the host are read
    readers: dict[str, Callable[[], list[str]]] = {
        "python": lambda: python_surface(GENERATED / "python" / python.project / python.package,
                                         runtimes.folder("python") / "raydium_api_runtime"),
        "typescript": lambda: typescript_surface(GENERATED / "typescript" / f"{host}-client" / "dist" / "index.d.ts"),
        "go": lambda: go_surface(GENERATED / "go" / host, runtimes.folder("go")),
        "go signatures": lambda: go_surface(GENERATED / "go" / host, runtimes.folder("go"), signatures=True),
        "rust": lambda: rust_surface(GENERATED / "rust" / host, runtimes.folder("rust")),
        "rust signatures": lambda: rust_signatures(GENERATED / "rust" / host),
        "ruby": lambda: ruby_surface(GENERATED / "ruby" / host / "lib", names.ruby_gem, names.ruby_module),
        "php": lambda: php_surface(GENERATED / "php" / host / "lib", names.php_namespace),
    }  # fmt: skip
    chosen = {name: read for name, read in readers.items() if clients is None or name.split(" ")[0] in clients}
    if not chosen:
        return {}
    with ThreadPoolExecutor(max_workers=len(chosen)) as pool:
        started = {language: pool.submit(read) for language, read in chosen.items()}
        return {language: future.result() for language, future in started.items()}


def package_surface(host: str, language: str) -> dict[str, list[str]]:
    """The public surface of one package: a host's client in `language`, or with host "" the
    language's shared runtime (its names under the language's key)."""
    if host:
        return surface(host, [language])
    folder = runtimes.folder(language, GENERATED)
    readers: dict[str, Callable[[], list[str]]] = {
        "typescript": lambda: typescript_surface(folder / "dist" / "index.d.ts"),
        "ruby": lambda: ruby_surface(folder / "lib", "raydium_api_runtime", "RaydiumApiRuntime"),
        "php": lambda: php_surface(folder / "src", "Raydium\\ApiRuntime"),
        "go": lambda: go_surface(folder),
        "rust": lambda: rust_surface(folder),
        "python": lambda: python_surface(folder / "raydium_api_runtime"),
    }
    return {language: readers[language]()}


def removed(before: dict[str, list[str]], after: dict[str, list[str]]) -> list[str]:
    """The names of `before` that `after` no longer has, as `language: name`, and for Go and
    Rust the signatures that changed, as `go signatures: name signature` (a name that is gone
    is listed once, as a name). A list that `before` did not record (signatures before
    pool-v3 4.0.0) is not compared."""
    gone = {language: set(names) - set(after.get(language, [])) for language, names in before.items()}
    found = []
    for language in sorted(before):
        named = gone.get(language.removesuffix(" signatures"), set()) if language.endswith(" signatures") else set()
        found += [f"{language}: {name}" for name in sorted(gone[language]) if name.split(" ", 1)[0] not in named]
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        print(json.dumps(surface(args[0]), indent=1))
    except SurfaceError as exc:
        print(f"client_surface: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
