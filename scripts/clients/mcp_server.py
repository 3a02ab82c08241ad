"""Generate the MCP server package, raydium-mcp, from the bundles of the three services.

Usage: mcp_server.py [--out DIR] [--manifest PATH]

Writes DIR/python/raydium-mcp/ (generated/ by default), an installable project: the server
written by hand (scripts/templates/mcp-server/raydium_mcp, copied unchanged) and its tool
catalogue, raydium_mcp/tools.json, written here from generated/openapi/<host>.json and
<host>.deref.json, with pyproject.toml and README.md from the templates beside it and the
repository's LICENSE. One tool per operation of pool-v3, transaction-v1 and perps-v1 (the
launch auth handshake is outside them), named `<host>_<operationId>` (`pool_v3_getVersion`,
`perps_v1_getVersion`: two services share operationIds), described by the operation's summary
and the rules an agent must follow, its input schema self-contained (no `$ref`) and under
16 KiB of JSON. An operation whose result is secret (`x-sensitive`) gets no tool: the catalogue
says why (docs/decisions/0143-*).

Each tool names the generated client module it calls (generated/python/<host>-client); the
generator checks that the module and each argument exist there. The package requires each
client and the runtime within the major version it was generated against. The output replaces
the committed folder only once it is whole and passes mypy --strict against the clients
(--no-checks skips that); --manifest writes the sha256 of every file written (make's stamp
build/mcp.generated).
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import shutil
import sys
import tempfile
from pathlib import Path
from string import Template
from typing import Any

from ..common import commands, stamps, versions
from ..common.naming import python_snake
from ..common.paths import REPO, TEMPLATES
from ..spec import oas
from .openapi_generator import successes

SERVICES = ("pool-v3", "transaction-v1", "perps-v1")
SOURCE = TEMPLATES / "mcp-server"
PACKAGE = "raydium-mcp"
MODULE = "raydium_mcp"
MAX_SCHEMA_BYTES = 16 * 1024
# what a tool name may hold in every common client (Claude's API: ^[a-zA-Z0-9_-]{1,64}$)
NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
# keywords of an OpenAPI schema that are no JSON Schema an agent needs, and annotations it does not
DROPPED = {"example", "examples", "title", "discriminator", "xml", "externalDocs", "$comment", "deprecated"}
AMOUNTS = ("Amounts are integers in the token's smallest unit: pass them as a string of digits (or an integer), "
           "never as a decimal or a float.")  # fmt: skip
SAFE = "Read-only: this tool signs nothing and sends no transaction."
FAILURES = ("A failure is a tool error that names its kind (FailureEnvelopeError with the service's msg and code, "
            "RateLimitedError with retryAfter, NotJsonError for an HTML page from the edge, RequestTimeoutError) "
            "and what to do next; every call ends within its deadline (30 s).")  # fmt: skip


class McpError(Exception):
    pass


def env_name(host: str) -> str:
    """The environment variable that points a service at another host: RAYDIUM_POOL_V3_URL."""
    return f"RAYDIUM_{host.upper().replace('-', '_')}_URL"


def tool_name(host: str, operation_id: str) -> str:
    return f"{host.replace('-', '_')}_{operation_id}"


def one_line(text: Any) -> str:
    return " ".join(str(text or "").split())


def clean(schema: Any) -> Any:
    """A dereferenced schema as an agent's input schema: no extensions, examples or titles,
    descriptions on one line."""
    if isinstance(schema, dict):
        out: dict[str, Any] = {}
        for key, value in schema.items():
            if key.startswith("x-") or key in DROPPED:
                continue
            if key == "properties" and isinstance(value, dict):  # property names are not keywords
                out[key] = {name: clean(sub) for name, sub in value.items()}
            elif key == "description" and isinstance(value, str):
                out[key] = one_line(value)
            else:
                out[key] = clean(value)
        return out
    if isinstance(schema, list):
        return [clean(v) for v in schema]
    return schema


def has_uint64(node: Any) -> bool:
    if isinstance(node, dict):
        return node.get("format") == "uint64" or any(has_uint64(v) for v in node.values())
    if isinstance(node, list):
        return any(has_uint64(v) for v in node)
    return False


def operations(bundle: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(method, path, operation) of the bundle, in its order."""
    return [(method, path, op) for path, item in bundle["paths"].items() for method in oas.HTTP_METHODS
            if isinstance(op := item.get(method), dict) and "operationId" in op]  # fmt: skip


def deref(bundle: dict[str, Any], node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = oas.resolve_pointer(bundle, str(node["$ref"]).removeprefix("#"))
    return node


def sent_back_fields(bundle: dict[str, Any], op: dict[str, Any]) -> dict[str, str]:
    """The body's fields that carry another operation's whole success (swapResponse): field ->
    the component name of that success."""
    body = op.get("requestBody")
    if not body:
        return {}
    returned = set(successes(bundle).values())
    schema = deref(bundle, body)["content"]["application/json"]["schema"]
    found = {}

    def walk(node: Any) -> None:
        node = deref(bundle, node)
        if not isinstance(node, dict):
            return
        for member in node.get("allOf") or []:
            walk(member)
        for name, prop in (node.get("properties") or {}).items():
            ref = str(prop.get("$ref", "")).rsplit("/", 1)[-1] if isinstance(prop, dict) else ""
            if ref in returned:
                found[name] = ref

    walk(schema)
    return found


def client_module(host: str, operation_id: str, clients: Path) -> tuple[str, set[str]]:
    """The generated client module of an operation (pool_v3_client.api.pools.list_pools) and the
    keyword arguments of its asyncio_detailed."""
    package = host.replace("-", "_") + "_client"
    found = sorted((clients / f"{host}-client" / package / "api").glob(f"*/{python_snake(operation_id)}.py"))
    if len(found) != 1:
        raise McpError(f"{host}: no single generated client module for {operation_id} in {clients} ({found})")
    tree = ast.parse(found[0].read_text(encoding="utf-8"))
    function = next((n for n in tree.body if isinstance(n, ast.AsyncFunctionDef) and n.name == "asyncio_detailed"),
                    None)  # fmt: skip
    if function is None:
        raise McpError(f"{found[0]}: no asyncio_detailed")
    module = ".".join((package, "api", found[0].parent.name, found[0].stem))
    return module, {a.arg for a in function.args.kwonlyargs} - {"client"}


def input_schema(derefd: dict[str, Any], back: dict[str, str], producers: list[str],
                 host: str) -> tuple[dict[str, Any], str]:
    """The tool's input schema and its body style: "" (no body), "fields" (the body's fields as
    arguments) or "whole" (one `body` argument)."""
    properties: dict[str, Any] = {}
    required: list[str] = []
    for param in derefd.get("parameters") or []:
        schema = clean(param.get("schema") or {})
        described = one_line(param.get("description")) or schema.get("description", "")
        schema.pop("description", None)
        properties[param["name"]] = {"description": described, **schema} if described else schema
        if param.get("required"):
            required.append(param["name"])
    style = ""
    body = derefd.get("requestBody")
    if body:
        schema = body["content"]["application/json"]["schema"]
        fields = oas.merged_properties(schema)
        if fields:
            style = "fields"
            for name, prop in fields.items():
                field = clean(prop)
                if name in back:
                    sources = " or ".join(f"`{tool_name(host, s)}`" for s in producers) or "the operation that made it"
                    field = {"description": f"The whole structured result of {sources}, unchanged (every key, "
                                            "numbers as they are), at most about 30 seconds old. Pass it as the "
                                            "object it was, or as its JSON text (a string: exact for clients whose "
                                            "JSON numbers are floating-point).",
                             "anyOf": [{k: v for k, v in field.items() if k != "description"},
                                       {"type": "string", "minLength": 2}]}  # fmt: skip
                properties[name] = field
            required += sorted(oas.merged_required(schema) & set(fields))
        else:
            style = "whole"
            whole = clean(schema)
            described = " ".join(filter(None, (whole.pop("description", ""), "The request body, a JSON object sent as "
                                               "given (the source does not show its fields).")))  # fmt: skip
            properties["body"] = {"description": described, **whole}
            if body.get("required"):
                required.append("body")
    result: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        result["required"] = required
    if style != "fields":
        result["additionalProperties"] = False
    return result, style


def rules(op: dict[str, Any], derefd: dict[str, Any]) -> list[str]:
    """The operation's and its parameters' x-rules, each once."""
    found: list[str] = []
    for holder in (op, *(derefd.get("parameters") or [])):
        for rule in holder.get("x-rules") or []:
            text = one_line(rule.get("rule"))
            if text and text not in found:
                found.append(text)
    return found


def catalogue(root: Path, clients: Path) -> dict[str, Any]:
    """The tools of the three services and the operations left out, from the bundles in root."""
    tools: list[dict[str, Any]] = []
    left_out: list[dict[str, str]] = []
    services: dict[str, Any] = {}
    for host in SERVICES:
        bundle = json.loads((root / f"{host}.json").read_text(encoding="utf-8"))
        derefd = json.loads((root / f"{host}.deref.json").read_text(encoding="utf-8"))
        server = bundle["servers"][0]
        variables: dict[str, Any] = server.get("variables") or {}
        first: dict[str, Any] = next(iter(variables.values()), {})
        default = first.get("default", server["url"])
        services[host] = {"title": bundle["info"]["title"], "env": env_name(host), "default": default,
                          "client": host.replace("-", "_") + "_client"}  # fmt: skip
        success = successes(bundle)
        producers: dict[str, list[str]] = {}  # operationId -> the operations whose result links to it
        for _, _, op in operations(bundle):
            for link in ((op["responses"].get("200") or {}).get("links") or {}).values():
                producers.setdefault(str(link["operationId"]), []).append(str(op["operationId"]))
        unsigned = {o: str(step["does"]) for i, step in enumerate(bundle.get("x-flow") or [])
                    for nxt in (bundle["x-flow"][i + 1:i + 2] or [{}]) if nxt.get("byClient")
                    for o in step.get("operations") or []}  # fmt: skip
        codes = oas.error_codes(bundle)
        services[host]["codes"] = {c["code"]: {"meaning": one_line(c["meaning"]), "action": c["action"],
                                               "advice": one_line(c["advice"])} for c in codes}  # fmt: skip
        for method, path, op in operations(bundle):
            operation_id = str(op["operationId"])
            full = derefd["paths"][path][method]
            sensitive = op.get("x-sensitive") or (op["responses"].get("200") or {}).get("x-sensitive")
            if sensitive:
                left_out.append({"name": tool_name(host, operation_id), "service": host, "operation": operation_id,
                                 "why": f"its result is a secret ({one_line(sensitive.get('secret'))}): no tool "
                                        "returns it, so it never reaches the model"})  # fmt: skip
                continue
            back = sent_back_fields(bundle, op)
            schema, style = input_schema(full, back, producers.get(operation_id, []), host)
            module, kwargs = client_module(host, operation_id, clients)
            arguments = {"body": "body"} if style else {name: python_snake(name) for name in schema["properties"]}
            missing = sorted(set(arguments.values()) - kwargs)
            if missing:
                raise McpError(f"{module}.asyncio_detailed has no argument {missing}")
            links = [(str(link["operationId"]), one_line(link.get("description")))
                     for link in ((op["responses"].get("200") or {}).get("links") or {}).values()]  # fmt: skip
            text = [f"{one_line(op.get('summary')).rstrip('.')}. {services[host]['title']}: {method.upper()} {path}."]
            if operation_id in unsigned:
                text.append("It returns the unsigned transaction(s), base64: it signs nothing and sends nothing. The "
                            "wallet's owner decodes, signs and broadcasts them.")  # fmt: skip
            else:
                text.append(SAFE)
            text += [f"Next: pass the whole result, unchanged, as `{field}` to `{tool_name(host, target)}` "
                     "within about 30 seconds." for target, _ in links for field, name in sent_back_fields(
                         bundle, op_by_id(bundle, target)).items() if name == success.get(operation_id)]  # fmt: skip
            text += [f"Rule: {r}" for r in rules(op, full)]
            if has_uint64(full.get("parameters")) or has_uint64(full.get("requestBody")):
                text.append(AMOUNTS)
            mine = [c for c in codes if operation_id in (c.get("endpoints") or [])]
            if mine:
                said = [f"{c['code']}: {one_line(c['meaning'])} Next: {c['action']}: {one_line(c['advice'])}"
                        for c in mine]  # fmt: skip
                text.append("Failure codes (msg) and what to do: " + " ".join(said))
            text.append(FAILURES)
            cursor = [p["name"] for p in full.get("parameters") or [] if "opaque" in json.dumps(p.get("x-rules", ""))]
            tools.append({
                "name": tool_name(host, operation_id), "service": host, "operation": operation_id,
                "method": method.upper(), "path": path, "title": one_line(op.get("summary")),
                "description": "\n".join(text), "inputSchema": schema, "module": module, "body": style,
                "arguments": arguments, "sentBack": sorted(back), "unsigned": operation_id in unsigned,
                "next": [{"tool": tool_name(host, t), "field": f} for t, _ in links
                         for f in sent_back_fields(bundle, op_by_id(bundle, t))
                         if sent_back_fields(bundle, op_by_id(bundle, t))[f] == success.get(operation_id)],
                "cursor": cursor,
            })  # fmt: skip
    check(tools)
    return {"services": services, "tools": tools, "leftOut": left_out}


def op_by_id(bundle: dict[str, Any], operation_id: str) -> dict[str, Any]:
    return next(op for _, _, op in operations(bundle) if op["operationId"] == operation_id)


def check(tools: list[dict[str, Any]]) -> None:
    """Every name valid and unique, every input schema self-contained and under 16 KiB."""
    names = [t["name"] for t in tools]
    problems = [f"{n}: not a tool name every client takes" for n in names if not NAME.match(n)]
    problems += [f"{n}: two tools have this name" for n in sorted({n for n in names if names.count(n) > 1})]
    for tool in tools:
        text = json.dumps(tool["inputSchema"], separators=(",", ":"))
        if '"$ref"' in text:
            problems.append(f"{tool['name']}: its input schema has a $ref")
        if len(text.encode()) >= MAX_SCHEMA_BYTES:
            problems.append(f"{tool['name']}: its input schema is {len(text.encode())} bytes "
                            f"(less than {MAX_SCHEMA_BYTES} allowed)")
    if problems:
        raise McpError("; ".join(problems))


def major_range(version: str) -> str:
    major = int(version.split(".", 1)[0])
    return f">={major}.0.0,<{major + 1}"


def own_version() -> str:
    text = (SOURCE / MODULE / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', text, re.M)
    if found is None:
        raise McpError(f"{SOURCE / MODULE / '__init__.py'}: no __version__")
    return found.group(1)


def typecheck(folder: Path, clients: Path) -> None:
    """mypy --strict on the package, against the clients and the runtime it calls (the cache
    make's generation keeps in build/mypy-generated)."""
    path = [clients / versions.NAME, *(clients / f"{host}-client" for host in SERVICES)]
    try:
        commands.run([sys.executable, "-m", "mypy", "--strict", "--cache-dir", REPO / "build" / "mypy-generated",
                      "--no-error-summary", "-p", MODULE], "mypy --strict on raydium-mcp", cwd=folder,
                     env={"MYPYPATH": ":".join(str(p) for p in path)})  # fmt: skip
    except commands.CommandError as exc:
        raise McpError(str(exc)) from exc


def write(out: Path, root: Path, clients: Path, check_types: bool = True) -> Path:
    """The package in out/python/raydium-mcp, replaced only once whole; returns that folder."""
    tools = catalogue(root, clients)
    target = out / "python" / PACKAGE
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".tmp-mcp-", dir=target.parent) as tmp_name:
        folder = Path(tmp_name) / PACKAGE
        shutil.copytree(SOURCE / MODULE, folder / MODULE, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        (folder / MODULE / "tools.json").write_text(json.dumps(tools, indent=1, ensure_ascii=False) + "\n",
                                                    encoding="utf-8")  # fmt: skip
        requires = [f'"raydium-api-runtime{major_range(versions.python_version())}"']
        requires += [f'"raydium-{h}-client{major_range(versions.client_version(h, "python"))}"' for h in SERVICES]
        fill = {"version": own_version(), "requires": ",\n    ".join(requires),
                "tools": "\n".join(f"| `{t['name']}` | {t['title']} |" for t in tools["tools"]),
                "left_out": "\n".join(f"- `{t['name']}`: {t['why']}." for t in tools["leftOut"])}  # fmt: skip
        for name in ("pyproject.toml", "README.md"):
            text = Template((SOURCE / f"{name}.in").read_text(encoding="utf-8")).substitute(fill)
            (folder / name).write_text(text, encoding="utf-8")
        shutil.copyfile(REPO / "LICENSE", folder / "LICENSE")
        if check_types:
            typecheck(folder, clients)
        if target.exists():
            old = Path(tmp_name) / "old"
            target.rename(old)
        folder.rename(target)
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--out", type=Path, default=REPO / "generated", help="where python/raydium-mcp is written")
    parser.add_argument("--bundles", type=Path, default=REPO / "generated" / "openapi")
    parser.add_argument("--clients", type=Path, default=REPO / "generated" / "python")
    parser.add_argument("--manifest", type=Path, help="write the sha256 of every file written here (JSON)")
    parser.add_argument("--no-checks", action="store_true", help="skip mypy --strict on the package")
    args = parser.parse_args(argv)
    try:
        folder = write(args.out, args.bundles, args.clients, check_types=not args.no_checks)
    except (McpError, OSError, KeyError, ValueError) as exc:
        print(f"mcp: {exc}; generated/ was left unchanged", file=sys.stderr)
        return 1
    if args.manifest:
        stamps.write(args.manifest, args.out.resolve(), [folder])
    count = len(json.loads((folder / MODULE / "tools.json").read_text(encoding="utf-8"))["tools"])
    print(f"mcp: wrote {folder.relative_to(args.out.resolve().parent) if folder.is_relative_to(REPO) else folder} "
          f"({count} tools)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = ["catalogue", "check", "clean", "env_name", "main", "tool_name", "write"]
