"""Generate the typed clients, models and types of one host from its committed bundle.

Usage: python -m scripts.clients.generate HOST

From generated/openapi/HOST.yaml it writes, in a temporary directory first:
  generated/python/HOST-client/   an installable project: the openapi-python-client module
                                  (custom templates in scripts/templates/python-client,
                                  --fail-on-warning) with its server default (_server.py),
                                  and pyproject.toml (hatchling), README.md, LICENSE and
                                  PROVENANCE.json from scripts/templates/python-package
  generated/models/HOST_MODULE.py pydantic v2 models (datamodel-code-generator), where the
                                  host has schemas
  generated/typescript/HOST.d.ts  TypeScript types (openapi-typescript, u64 as bigint)
  generated/typescript/HOST-client/  the TypeScript client (openapi-fetch, the shared runtime raydium-api-runtime)
  generated/{go,ruby,php,rust}/HOST/ the openapi-generator clients (scripts/clients/openapi_generator.py)
Each output records the bundle's sha256 and the generator versions. The outputs are
checked (mypy --strict on the Python, tsc --noEmit --strict on the TypeScript) and replace
the committed ones only when every step succeeded: a failure leaves generated/ as it was.

--manifest PATH writes the sha256 of every file written (make's stamp build/HOST.generated):
tests/spec/test_generated_current.py holds generated/ to it (decision 86). Beside it,
PATH's name with .tools.json (build/HOST.tools.json) records every command the run started
and the stamp's sha256: tests/spec/test_bench.py holds `make bench`'s tool floor to it
(decision 124).
"""

from __future__ import annotations

import argparse
import ast
import functools
import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from ..common import commands, stamps, templates, versions
from ..common.naming import python_snake
from ..common.paths import REPO
from ..spec import oas
from . import openapi_generator, runtimes

GENERATED = REPO / "generated"
TEMPLATES = REPO / "scripts" / "templates" / "python-client"
PACKAGE_TEMPLATES = REPO / "scripts" / "templates" / "python-package"
TS_TEMPLATES = REPO / "scripts" / "templates" / "typescript-client"
CLIENT_OPTIONS = ["--meta", "none", "--fail-on-warning"]  # the project files are ours (python_project)
# openapi-python-client's ruff post-hooks, isolated from this repository's own ruff configuration
CLIENT_POST_HOOKS = [
    "ruff check . --isolated --no-cache --line-length 120 --select F,I,UP --fix-only --extend-ignore=PYI036",
    "ruff format . --isolated --no-cache --line-length 120",
]
NODE_BIN = REPO / "node_modules" / ".bin"
VENV_BIN = Path(sys.executable).parent

DATAMODEL_OPTIONS = [
    "--input-file-type", "openapi",
    "--output-model-type", "pydantic_v2.BaseModel",
    "--openapi-scopes", "schemas", "paths", "parameters",
    "--use-operation-id-as-name",
    "--parent-scoped-naming",
    "--field-constraints",
    "--use-annotated",
    "--disable-timestamp",
    "--enum-field-as-literal", "one",
    "--target-python-version", "3.11",
    "--no-formatters",  # formatted below with an explicit, location-independent ruff config
    "--extra-fields", "allow",
    "--collapse-root-models",
]  # fmt: skip
# The Python clients' models (module ``models``): msgspec Structs of the component schemas,
# decoded straight from the body. Attributes in snake_case with the JSON names on the wire
# (field(name="programId")); keyword-only and frozen, on the runtime's base class (which keeps
# a result's body: unknown keys, and a quote sent back unchanged); enums as StrEnum classes
# and one-value enums as Literals (so `success: enum [true]` stays a check); every constraint
# as msgspec Meta (patterns and bounds are checked on decode).
STRUCT_OPTIONS = [
    "--input-file-type", "openapi",
    "--output-model-type", "msgspec.Struct",
    "--openapi-scopes", "schemas",
    "--field-constraints",
    "--use-annotated",
    "--disable-timestamp",
    "--enum-field-as-literal", "one",
    "--use-subclass-enum",
    "--capitalise-enum-members",
    "--snake-case-field",
    "--keyword-only",
    # every Struct repeats the base's frozen=True, as mypy's dataclass_transform asks
    "--extra-template-data", '{"#all#": {"base_class_kwargs": {"frozen": true, "kw_only": true}}}',
    "--base-class", "raydium_api_runtime.Model",
    "--target-python-version", "3.11",
    "--no-formatters",
    "--collapse-root-models",
]  # fmt: skip
# ruff on the models; --isolated: the same formatting wherever the file is written
MODEL_RUFF = (
    ["check", "--isolated", "--no-cache", "--select", "I,F401", "--fix-only"],
    ["format", "--isolated", "--no-cache", "--line-length", "120"],
)


class GenerationError(Exception):
    pass


@dataclass(frozen=True)
class Host:
    name: str
    bundle_path: Path | None = None  # default: generated/openapi/<name>.yaml

    @property
    def bundle(self) -> Path:
        return self.bundle_path or GENERATED / "openapi" / f"{self.name}.yaml"

    @property
    def package(self) -> str:
        return self.name.replace("-", "_") + "_client"

    @property
    def project(self) -> str:
        return f"{self.name}-client"

    @property
    def distribution(self) -> str:
        """The distribution name users install and pin (distinct per host)."""
        return f"raydium-{self.name}-client"

    @property
    def module(self) -> str:
        return self.name.replace("-", "_")


def run_tool(command: list[str | Path], step: str, cwd: Path = REPO, env: dict[str, str] | None = None) -> None:
    """A generator or checker, with this environment's tools first on PATH; GenerationError
    naming the step where it fails."""
    path = f"{VENV_BIN}{os.pathsep}{NODE_BIN}{os.pathsep}{os.environ.get('PATH', '')}"
    try:
        commands.run(command, step, cwd=cwd, env={**(env or {}), "PATH": path})
    except commands.CommandError as exc:
        raise GenerationError(str(exc)) from exc


def node_version(package: str) -> str:
    data = json.loads((REPO / "node_modules" / package / "package.json").read_text(encoding="utf-8"))
    return str(data["version"])


def provenance(host: Host) -> dict[str, object]:
    return {
        "spec": f"generated/openapi/{host.name}.yaml",
        "spec_sha256": hashlib.sha256(host.bundle.read_bytes()).hexdigest(),
        "generators": {
            "openapi-python-client": version("openapi-python-client"),
            "datamodel-code-generator": version("datamodel-code-generator"),
            "openapi-typescript": node_version("openapi-typescript"),
            "typescript": node_version("typescript"),
            "openapi-generator-cli": version("openapi-generator-cli"),
        },
    }


def header_lines(info: dict[str, object], comment: str) -> str:
    generators = info["generators"]
    assert isinstance(generators, dict)
    tools = ", ".join(f"{k} {v}" for k, v in generators.items())
    return (
        f"{comment} Generated by `make` from {info['spec']} (sha256 {info['spec_sha256']}).\n"
        f"{comment} Generators: {tools}. Do not edit: change the spec and run make.\n"
    )


def client_config(host: Host, folder: Path) -> Path:
    """openapi-python-client's configuration: package names and the ruff post-hooks."""
    config = folder / f"{host.name}-openapi-python-client.json"
    config.write_text(
        json.dumps(
            {
                "project_name_override": host.project,
                "package_name_override": host.package,
                "post_hooks": CLIENT_POST_HOOKS,
            }
        ),
        encoding="utf-8",
    )
    return config


def python_client(host: Host, out: Path, info: dict[str, object], spec: Path) -> Path:
    config = client_config(host, out)
    target = out / "python" / host.project
    module = target / host.package
    run_tool(
        [VENV_BIN / "openapi-python-client", "generate", "--path", spec, "--config", config,
         "--output-path", module, *CLIENT_OPTIONS, "--custom-template-path", TEMPLATES],
        "openapi-python-client",
    )  # fmt: skip
    config.unlink()
    bundle = json.loads(host.bundle.with_suffix(".json").read_text(encoding="utf-8"))
    server = python_modules(host, module, bundle, info)
    struct_models(host, module, info, spec)
    python_iterators(module, bundle)
    python_project(host, target, bundle, server, info)
    return target


def python_modules(host: Host, module: Path, bundle: dict[str, Any], info: dict[str, object]) -> Server:
    """The modules of the Python package that we write, not openapi-python-client: py.typed,
    _provenance.py, _server.py (the default base URL, returned) and codes.py."""
    (module / "py.typed").write_text("# PEP 561: this package ships its type annotations\n", encoding="utf-8")
    (module / "_provenance.py").write_text(
        header_lines(info, "#")
        + '"""Where this package comes from: the bundle it was generated from and the generators."""\n\n'
        + f"SPEC = {info['spec']!r}\nSPEC_SHA256 = {info['spec_sha256']!r}\n"
        + f"GENERATORS: dict[str, str] = {json.dumps(info['generators'], sort_keys=True)}\n",
        encoding="utf-8",
    )
    server = default_server(bundle)
    (module / "_server.py").write_text(
        header_lines(info, "#")
        + '"""The default base URL of ``Client()``: the public host the description cites, or None where\n'
        + 'the source shows no host (then ``Client`` needs ``base_url=``)."""\n\n'
        + f"DEFAULT_BASE_URL: str | None = {server.url!r}\n"
        + f"CITATION: str | None = {server.citation!r}\n",
        encoding="utf-8",
    )
    codes = openapi_generator.error_codes(bundle)
    template = templates.environment(PACKAGE_TEMPLATES).get_template("codes.py.j2")
    (module / "codes.py").write_text(template.render(
        header=header_lines(info, "#"), codes=codes, actions={c["code"]: c["action"] for c in codes},
        package=host.package, pool=host.name == "pool-v3"), encoding="utf-8")  # fmt: skip
    return server


def _struct_fields(models: Path) -> dict[str, dict[str, str]]:
    """Each Struct of the models module: its fields' annotations, as source text."""
    text = models.read_text(encoding="utf-8")
    found: dict[str, dict[str, str]] = {}
    for node in ast.parse(text).body:
        if isinstance(node, ast.ClassDef):
            found[node.name] = {f.target.id: ast.get_source_segment(text, f.annotation) or ""
                                for f in node.body if isinstance(f, ast.AnnAssign) and isinstance(f.target, ast.Name)}
    return found


def _followed(fields: dict[str, dict[str, str]], start: str, pointer: str) -> tuple[str, str]:
    """The attribute path of a JSON pointer into a Struct (``/data/nextPageId`` ->
    ``data.next_page_id``) and the annotation of its last field, its UnsetType dropped."""
    cls, attrs, annotation = start, [], ""
    for token in pointer.strip("/").split("/"):
        name = python_snake(token)
        if cls not in fields or name not in fields[cls]:
            raise GenerationError(f"x-pagination: {pointer}: {cls} has no field {name!r}")
        attrs.append(name)
        annotation = re.sub(r"\s*\|\s*UnsetType$", "", " ".join(fields[cls][name].split()))
        cls = re.sub(r"^Annotated\[\s*([A-Za-z_]\w*).*$", r"\1", annotation)
    return ".".join(attrs), annotation


def _sync_parameters(module_text: str) -> list[tuple[str, str]]:
    """The keyword parameters of a module's ``sync`` after ``client``: (name, `name: type = default`)."""
    sync = next(n for n in ast.parse(module_text).body if isinstance(n, ast.FunctionDef) and n.name == "sync")
    found = []
    for arg, default in zip(sync.args.kwonlyargs, sync.args.kw_defaults, strict=True):
        if arg.arg == "client":
            continue
        annotation = ast.get_source_segment(module_text, arg.annotation) if arg.annotation else ""
        value = f" = {ast.get_source_segment(module_text, default)}" if default is not None else ""
        found.append((arg.arg, " ".join(f"{arg.arg}: {annotation}{value}".split())))
    return found


def python_iterators(module: Path, bundle: dict[str, Any]) -> None:
    """``iterate``, ``iterate_pages`` and their async twins in the module of each paged
    operation (``x-pagination``), from scripts/templates/python-package/iterate.py.j2."""
    fields = _struct_fields(module / "models.py") if (module / "models.py").exists() else {}
    template = templates.environment(PACKAGE_TEMPLATES).get_template("iterate.py.j2")
    for op in openapi_generator.paged_operations(bundle):
        paging = op["x-pagination"]
        path = module / "api" / python_snake(op["tags"][0]) / f"{python_snake(op['operationId'])}.py"
        text = path.read_text(encoding="utf-8")
        decoder = re.search(r"^_DECODER = msgspec\.json\.Decoder\((\w+)\)$", text, re.M)
        if decoder is None:
            raise GenerationError(f"{path.name}: no typed decoder to read the pages with")
        response = decoder.group(1)
        list_attr, list_type = _followed(fields, response, paging["list"])
        item = re.fullmatch(r"list\[(.+)\]", list_type)
        if item is None:
            raise GenerationError(f"x-pagination of {op['operationId']}: {paging['list']} is not a list ({list_type})")
        wire = paging["cursor"]["parameter"] if paging["style"] == "cursor" else paging["page"]["parameter"]
        start = python_snake(wire)
        params = _sync_parameters(text)
        if start not in [name for name, _ in params]:
            raise GenerationError(f"x-pagination of {op['operationId']}: no parameter {wire}")
        context = {
            "style": paging["style"], "response": response, "item": item.group(1), "list_attr": list_attr,
            "summary": str(op.get("summary", op["operationId"])).rstrip("."), "params": [p for _, p in params],
            "start": start,
            "start_said": "the first page by default" if paging["style"] == "cursor"
            else f"page {paging['page']['first']} by default",
            "forwarded": "".join(f"{name}={name}, " for name, _ in params if name != start),
            "passed": "".join(f"{name}={name}, " for name, _ in params),
            "next_attr": _followed(fields, response, paging["cursor"]["next"])[0] if "cursor" in paging else "",
            "more_attr": _followed(fields, response, paging["page"]["more"])[0]
            if "page" in paging and "more" in paging["page"] else "",
        }  # fmt: skip
        if paging["style"] == "page":  # where a numbered walk starts when the caller names no page
            context["first"] = paging["page"]["first"]
        models = sorted(set(re.findall(r"\b[A-Z]\w*", item.group(1))) - {"None"})
        imports = ("from collections.abc import AsyncIterator, Iterator\n\nfrom raydium_api_runtime import paging\n"
                   + "".join(f"from ...models import {name}\n" for name in models))  # fmt: skip
        text = text.replace("from typing import Any\n", "from typing import Any\n" + imports, 1)
        path.write_text(text.rstrip("\n") + "\n" + template.render(context), encoding="utf-8")
        for options in MODEL_RUFF:
            run_tool([VENV_BIN / "ruff", *options, path], f"ruff {options[0]} ({path.name})")


def struct_models(host: Host, module: Path, info: dict[str, object], spec: Path) -> None:
    """The client's ``models`` module: msgspec Structs (STRUCT_OPTIONS), in place of the attrs
    package openapi-python-client writes; the endpoint templates import from it."""
    shutil.rmtree(module / "models")
    target = module / "models.py"
    doc = (
        '"""The models of the service\'s JSON: msgspec Structs, on ``raydium_api_runtime.Model``.\n\n'
        "What every call returns and every request body takes: attributes in snake_case, the\n"
        "JSON names on the wire, every declared type and constraint checked as the body is\n"
        "decoded. ``result.to_dict()`` is the body as it came, keys outside the schema included.\n"
        '"""\n'
    )
    if not has_schemas(host):
        target.write_text(header_lines(info, "#") + doc, encoding="utf-8")
        return
    run_tool([VENV_BIN / "datamodel-codegen", "--input", spec, "--output", target, *STRUCT_OPTIONS],
        "datamodel-code-generator (msgspec)")  # fmt: skip
    for options in MODEL_RUFF:
        run_tool([VENV_BIN / "ruff", *options, target], f"ruff {options[0]} (models)")
    target.write_text(header_lines(info, "#") + doc + target.read_text(encoding="utf-8"), encoding="utf-8")


@dataclass(frozen=True)
class Server:
    url: str | None  # None where a default is a placeholder (.invalid) that nothing backs
    citation: str | None
    expanded: str  # the URL with every variable at its default (a placeholder where uncited)


def default_server(bundle: dict[str, Any]) -> Server:
    """The first server's URL with every variable at its default, where evidence backs it (an
    x-evidence on a literal server, or on every variable the URL uses); otherwise no default."""
    server = (bundle.get("servers") or [{}])[0]
    url = str(server.get("url", ""))
    citations = [str(c["source"]) for c in server.get("x-evidence") or []]
    cited = bool(citations) or bool(server.get("variables"))
    for name, variable in (server.get("variables") or {}).items():
        cited = cited and bool(variable.get("x-evidence"))
        citations += [str(c["source"]) for c in variable.get("x-evidence") or []]
        url = url.replace("{" + name + "}", str(variable["default"]))
    if not cited or not url:
        return Server(None, None, url)
    return Server(url, "; ".join(citations) or None, url)


def python_project(host: Host, target: Path, bundle: dict[str, Any], server: Server, info: dict[str, object]) -> None:
    """pyproject.toml, README.md, LICENSE and PROVENANCE.json of the installable project."""
    title = str(bundle["info"]["title"])
    urls = [("Raydium API reference", "https://docs.raydium.io/api-reference")]
    if server.url:
        urls.insert(0, ("Service", server.url))
    context = {
        "distribution": host.distribution,
        "package": host.package,
        "project_dir": host.project,
        "version": versions.client_version(host.name, "python"),
        "host": host.name,
        "description_version": str(bundle["info"]["version"]),
        "title": title,
        "summary": str(bundle["info"].get("summary", "")),
        "description": f"Typed Python client for the {title}, generated from its OpenAPI description (unofficial)",
        "urls": urls,
        "server": server,
        "call": first_call(host, bundle),
        "spec": info["spec"],
        "runtime": versions.runtime_requirement("python", versions.runtime_floor(host.name, "python")),
    }
    env = templates.environment(PACKAGE_TEMPLATES)
    for name in ("pyproject.toml", "README.md"):
        (target / name).write_text(env.get_template(f"{name}.j2").render(context), encoding="utf-8")
    shutil.copyfile(REPO / "LICENSE", target / "LICENSE")
    (target / "PROVENANCE.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class Call:
    imports: list[str]
    module: str  # the endpoint module (api/<tag>/<operation>)
    arguments: list[str]  # keyword arguments after client=
    raw: bool  # the source shows no response body: sync() returns RawBody


def first_call(host: Host, bundle: dict[str, Any]) -> Call:
    """The README's first call: the first operation whose required parameters all have
    examples (and whose body, if any, has a named example), called with those examples."""
    for item in bundle["paths"].values():
        for method in oas.HTTP_METHODS:
            op = item.get(method)
            if isinstance(op, dict):
                call = _call(host, bundle, op)
                if call is not None:
                    return call
    raise GenerationError(f"{host.name}: no operation a README example can call")


def _call(host: Host, bundle: dict[str, Any], op: dict[str, Any]) -> Call | None:
    arguments: list[str] = []
    tag, name = python_snake(str(op["tags"][0])), python_snake(str(op["operationId"]))
    imports = [f"from {host.package}.api.{tag} import {name}"]
    if "requestBody" in op:
        media = resolve_local(bundle, op["requestBody"])["content"]["application/json"]
        schema = resolve_local(bundle, media["schema"])
        examples = [resolve_local(bundle, e) for e in (media.get("examples") or {}).values()]
        if "title" not in schema or not examples:
            return None
        cls = str(schema["title"])
        imports.append(f"from {host.package}.models import {cls}")
        arguments.append(f"body={cls}.from_dict({examples[0]['value']!r})")
    for param in op.get("parameters") or []:
        param = resolve_local(bundle, param)
        if not param.get("required"):
            continue
        if "example" not in param:
            return None
        schema = resolve_local(bundle, param.get("schema") or {})
        value = repr(param["example"])
        if "enum" in schema and "title" in schema:
            cls = str(schema["title"])
            imports.append(f"from {host.package}.models import {cls}")
            value = f"{cls}({value})"
        arguments.append(f"{python_snake(str(param['name']))}={value}")
    raw = "content" not in resolve_local(bundle, op["responses"]["200"])
    return Call(imports, python_snake(str(op["operationId"])), arguments, raw)


def ts_operations(bundle: dict[str, Any]) -> list[dict[str, Any]]:
    """What the TypeScript client template needs of each operation."""
    verbatim = set(openapi_generator.sent_back(bundle))
    found = []
    for path, item in bundle["paths"].items():
        for method in oas.HTTP_METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            params = [resolve_local(bundle, p) for p in op.get("parameters") or []]
            body = resolve_local(bundle, op["requestBody"]) if "requestBody" in op else None
            ok = resolve_local(bundle, op["responses"]["200"])
            success = None
            if "content" in ok:
                success = openapi_generator.success_ref(ok["content"]).rsplit("/", 1)[1]
            found.append({
                "id": op["operationId"], "method": method, "path": path,
                "summary": str(op.get("summary", "")).replace("*/", "*\\/"),
                "has_params": bool(params), "params_required": any(p.get("required") for p in params),
                "has_body": body is not None, "raw": success is None, "success": success,
                "verbatim": success in verbatim, "paging": ts_paging(op.get("x-pagination"), success),
            })  # fmt: skip
    return found


def ts_paging(paging: dict[str, Any] | None, success: str | None) -> dict[str, Any] | None:
    """An operation's x-pagination as the TypeScript template writes its walk: each pointer as
    a property access on `page` (`/data/data` -> `page?.data?.data`), and the type of an item
    of the list, declared from the success's type along the same pointer."""
    if paging is None:
        return None

    def access(pointer: str) -> str:
        return "page" + "".join(f"?.{token}" for token in pointer.strip("/").split("/"))

    item = f'components["schemas"][{json.dumps(success)}]'
    for token in paging["list"].strip("/").split("/"):
        item = f"NonNullable<{item}>[{json.dumps(token)}]"
    walk = {"style": paging["style"], "list": access(paging["list"]), "item_type": f"NonNullable<{item}>[number]"}
    if paging["style"] == "cursor":
        walk.update(parameter=paging["cursor"]["parameter"], next=access(paging["cursor"]["next"]))
    else:
        more = paging["page"].get("more")
        walk.update(parameter=paging["page"]["parameter"], first=paging["page"]["first"],
                    more=access(more) if more else "undefined")  # fmt: skip
    return walk


def typescript_client(host: Host, out: Path, bundle: dict[str, Any], info: dict[str, object], types: Path) -> Path:
    """generated/typescript/HOST-client: an ESM package on openapi-fetch and our types, keeping
    the client contract (the shared runtime raydium-api-runtime, scripts/runtime/typescript),
    compiled to dist/ with tsc --strict."""
    target = out / "typescript" / f"{host.name}-client"
    typescript_sources(host, target, bundle, info)
    src = target / "src"
    shutil.copyfile(types, src / "schema.d.ts")
    with runtimes.repository_node_modules(target):  # the dependencies' types, wherever the output is written
        run_tool([NODE_BIN / "tsc", "-p", target / "tsconfig.json"],
                 f"tsc --strict on the {host.name} TypeScript client")
    shutil.copyfile(src / "schema.d.ts", target / "dist" / "schema.d.ts")
    return target


def typescript_sources(host: Host, target: Path, bundle: dict[str, Any], info: dict[str, object]) -> None:
    """What the TypeScript client package holds before the types are copied in and tsc
    compiles it: src/index.ts, src/schemas.ts, package.json, tsconfig.json, README.md, LICENSE
    and PROVENANCE.json, each written from our templates."""
    src = target / "src"
    src.mkdir(parents=True)
    server = default_server(bundle)
    title = str(bundle["info"]["title"])
    context = {
        "spec": info["spec"], "title": title, "server": server, "operations": ts_operations(bundle),
        "distribution": host.distribution, "version": versions.client_version(host.name, "typescript"),
        "host": host.name, "description_version": str(bundle["info"]["version"]),
        "description": f"Typed TypeScript client for the {title}, generated from its OpenAPI description (unofficial)",
        "runtime": versions.runtime_requirement("typescript", versions.runtime_floor(host.name, "typescript")),
        "openapi_fetch": node_version("openapi-fetch"),
        "codes": openapi_generator.error_codes(bundle),
    }  # fmt: skip
    env = templates.environment(TS_TEMPLATES)
    (src / "index.ts").write_text(env.get_template("index.ts.j2").render(context), encoding="utf-8")
    for name in ("package.json", "tsconfig.json", "README.md"):
        (target / name).write_text(env.get_template(f"{name}.j2").render(context), encoding="utf-8")
    schemas = {"components": {"schemas": bundle.get("components", {}).get("schemas", {})}}
    (src / "schemas.ts").write_text(
        header_lines(info, "//") + "// The bundle's schemas, for checking each success against its schema.\n"
        + f"export const SCHEMAS: Record<string, unknown> = {json.dumps(schemas, indent=1, sort_keys=True)};\n",
        encoding="utf-8",
    )  # fmt: skip
    shutil.copyfile(REPO / "LICENSE", target / "LICENSE")
    (target / "PROVENANCE.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")


def resolve_local(doc: dict[str, Any], node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = oas.resolve_pointer(doc, node["$ref"][1:])
    return node


def has_schemas(host: Host) -> bool:
    bundle = json.loads(host.bundle.with_suffix(".json").read_text(encoding="utf-8"))
    return bool(bundle.get("components", {}).get("schemas"))


def models(host: Host, out: Path, info: dict[str, object], spec: Path) -> Path | None:
    if not has_schemas(host):
        return None  # e.g. launch-auth: the source shows no payload shape, so there is no model
    target = out / "models" / f"{host.module}.py"
    target.parent.mkdir(parents=True, exist_ok=True)
    run_tool(
        [VENV_BIN / "datamodel-codegen", "--input", spec, "--output", target, *DATAMODEL_OPTIONS],
        "datamodel-code-generator",
    )
    for options in MODEL_RUFF:
        run_tool([VENV_BIN / "ruff", *options, target], f"ruff {options[0]} (models)")
    target.write_text(header_lines(info, "#") + target.read_text(encoding="utf-8"), encoding="utf-8")
    return target


def typescript(host: Host, out: Path, info: dict[str, object], spec: Path) -> Path:
    target = out / "typescript" / f"{host.name}.d.ts"
    target.parent.mkdir(parents=True, exist_ok=True)
    run_tool(["node", REPO / "scripts" / "clients" / "typescript" / "generate.mjs", spec, target], "openapi-typescript")
    target.write_text(header_lines(info, "//") + target.read_text(encoding="utf-8"), encoding="utf-8")
    return target


def tsc_project(types: Path, folder: Path) -> Path:
    """A tsconfig that type-checks one declaration file on its own, strictly.

    `types: []` keeps the ambient `@types/*` packages of node_modules (pulled in by the
    linters) out of the program and `lib: es2022` leaves out the DOM declarations: the
    generated types need neither, and loading them took three quarters of tsc's time
    (decision 38).
    """
    config = folder / f"tsconfig.{types.stem}.json"
    options = {"strict": True, "noEmit": True, "skipLibCheck": False, "types": [], "lib": ["es2022"],
               "target": "es2022"}  # fmt: skip
    config.write_text(json.dumps({"compilerOptions": options, "files": [str(types.resolve())]}), encoding="utf-8")
    return config


def check(host: Host, client: Path, model: Path | None, types: Path, cache: Path) -> None:
    run_tool([VENV_BIN / "python", "-m", "mypy", "--strict", "--cache-dir", cache, "--no-error-summary",
         host.package], f"mypy --strict on the {host.project} package", cwd=client,
        env={"MYPYPATH": str(runtimes.SOURCES / "python")})  # fmt: skip
    if model is not None:
        run_tool([VENV_BIN / "python", "-m", "mypy", "--strict", "--cache-dir", cache, model],
                 "mypy --strict on the models")
    run_tool([NODE_BIN / "tsc", "--project", tsc_project(types, types.parent.parent)], "tsc --noEmit --strict")


def replace(source: Path, target: Path) -> None:
    """Put source where target is; the old target is removed only after the move."""
    target.parent.mkdir(parents=True, exist_ok=True)
    old = target.with_name(f".tmp-old-{target.name}")
    if old.exists():
        shutil.rmtree(old) if old.is_dir() else old.unlink()
    if target.exists():
        target.rename(old)
    source.rename(target)
    if old.exists():
        shutil.rmtree(old) if old.is_dir() else old.unlink()


def typed_view(host: Host, bundle: dict[str, Any], folder: Path) -> tuple[dict[str, Any], Path]:
    """What our generators read (decision 54; the bundle stays for the Ajv schemas), and the file
    under folder/view/ that holds it, named as the bundle is: datamodel-codegen writes that name
    in its header."""
    view = oas.typed_view(bundle)
    spec = folder / "view" / host.bundle.name
    spec.parent.mkdir()
    spec.write_text(json.dumps(view, indent=1), encoding="utf-8")  # JSON is YAML
    return view, spec


def generate(host: Host, root: Path = GENERATED, *, checks: bool = True) -> list[Path]:
    """Generate into ``root`` (generated/ by default); ``checks=False`` skips mypy/tsc."""
    if not host.bundle.is_file():
        raise GenerationError(f"{host.bundle}: no bundle; run make bundle first")
    info = provenance(host)
    build = REPO / "build"
    build.mkdir(exist_ok=True)
    root.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f".tmp-gen-{host.name}-", dir=root) as tmp_name:
        tmp = Path(tmp_name)
        bundle = json.loads(host.bundle.with_suffix(".json").read_text(encoding="utf-8"))
        view, spec = typed_view(host, bundle, tmp)
        client = python_client(host, tmp, info, spec)
        model = models(host, tmp, info, spec)
        types = typescript(host, tmp, info, spec)
        if checks:
            check(host, client, model, types, build / "mypy-generated")
        ts_client = typescript_client(host, tmp, bundle, info, types)
        languages = openapi_generator.generate_languages(host.name, view, tmp / "openapi-generator", info,
                                                         default_server(bundle).url)  # fmt: skip
        done = [
            (client, root / "python" / host.project),
            (types, root / "typescript" / types.name),
            (ts_client, root / "typescript" / ts_client.name),
            *((path, root / language / host.name) for language, path in languages.items()),
        ]
        if model is not None:
            done.append((model, root / "models" / model.name))
        for source, target in done:
            replace(source, target)
    return [target for _, target in done]


def record_command(started: list[list[str]], event: str, args: tuple[Any, ...]) -> None:
    """An audit hook: the command of every process the run starts (subprocess.Popen's event, raised
    whichever module starts it), each part as a string. `main` installs it with --manifest, for
    the rest of the process (an audit hook cannot be removed): a command-line run."""
    if event == "subprocess.Popen":
        command = args[1]
        parts = [command] if isinstance(command, (str, bytes, os.PathLike)) else command
        # a path or bytes as the file name it stands for (not "b'...'"), as gate_guard reads them
        started.append([os.fsdecode(c) if isinstance(c, (str, bytes, os.PathLike)) else str(c) for c in parts])


def tools_record(manifest: Path) -> Path:
    """Where the run that writes the stamp `manifest` records its commands (HOST.tools.json beside
    HOST.generated)."""
    return manifest.with_suffix(".tools.json")


def write_tools(manifest: Path, started: list[list[str]]) -> None:
    """The commands of the run that wrote the stamp `manifest`, with the stamp's sha256, which ties
    the record to that stamp."""
    digest = hashlib.sha256(manifest.read_bytes()).hexdigest()
    record = {"stamp": manifest.name, "stamp_sha256": digest, "commands": started}
    tools_record(manifest).write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host")
    parser.add_argument("--out", type=Path, default=GENERATED, help="root to write into (default: generated/)")
    parser.add_argument("--no-checks", action="store_true", help="skip mypy --strict and tsc (drift tests)")
    parser.add_argument("--bundle", type=Path, help="bundle to generate from (default: generated/openapi/HOST.yaml)")
    parser.add_argument("--manifest", type=Path, help="write the sha256 of every file written here (JSON)")
    args = parser.parse_args(argv)
    started: list[list[str]] = []
    if args.manifest:
        sys.addaudithook(functools.partial(record_command, started))
    try:
        bundle = args.bundle.resolve() if args.bundle else None
        written = generate(Host(args.host, bundle), args.out.resolve(), checks=not args.no_checks)
    except GenerationError as exc:
        print(f"generate {args.host}: {exc}", file=sys.stderr)
        print(f"generate {args.host}: generated/ was left unchanged", file=sys.stderr)
        return 1
    if args.manifest:
        stamps.write(args.manifest, args.out.resolve(), written)
        write_tools(args.manifest, started)
    print(f"generate {args.host}: wrote " + ", ".join(str(p) for p in written))
    return 0


if __name__ == "__main__":
    sys.exit(main())
