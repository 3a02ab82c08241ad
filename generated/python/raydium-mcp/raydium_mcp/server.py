"""The MCP server: the tools of ``tools.json`` (written from the descriptions), each calling its
operation through the generated Python client of its service.

What holds for every tool:

* it calls the client's ``asyncio_detailed`` for its operation, so the client's contract holds:
  a deadline per call (30 s, ``--deadline``), ``Retry-After`` honoured, typed errors, amounts as
  exact integers, a body's fields checked against the description;
* a success is the response as the service sent it, as structured content (its ``data`` is the
  payload; keys no description lists are kept; integers exact), with a short summary and the
  same JSON as text;
* a failure is a tool error (``is_error``) whose text names the typed error, its message, the
  service's code and what to do next; nothing a call does stops the server;
* nothing signs or sends a transaction: the build tools return the service's unsigned
  transactions, and an operation whose result is a secret has no tool (``leftOut``).
"""

from __future__ import annotations

import argparse
import fnmatch
import importlib
import json
import os
import sys
import types as pytypes
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from importlib import resources
from typing import Any

import anyio
import jsonschema
import msgspec
from mcp import types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from raydium_api_runtime import ApiError, FailureEnvelopeError, RetryPolicy
from raydium_api_runtime.models import Model

from . import __version__

CATALOGUE: dict[str, Any] = json.loads(resources.files(__package__).joinpath("tools.json").read_text("utf-8"))
TOOLS: dict[str, dict[str, Any]] = {t["name"]: t for t in CATALOGUE["tools"]}
LEFT_OUT: dict[str, dict[str, str]] = {t["name"]: t for t in CATALOGUE["leftOut"]}
DEFAULT_DEADLINE = 30.0
DEADLINE_ENV = "RAYDIUM_MCP_DEADLINE"
PREVIEW = 8
# what each kind of failure asks of the agent, besides the service's own code
NEXT = {
    "RateLimitedError": "Rate limited: wait retryAfter seconds (or a minute), then call again; do not loop.",
    "NotJsonError": "An HTML page from the edge in front of the service (a block, a challenge or an outage), not the "
                    "service's answer: wait and retry later; do not parse it.",
    "TransportError": "No complete answer within the deadline (the service is slow, stalled or unreachable): retry "
                      "later, or tell the user the service is not answering.",
    "MalformedJsonError": "The answer was cut short or empty: call again.",
    "UnexpectedShapeError": "The answer did not have the shape the description promises: call again; report it if "
                            "it persists.",
    "UnexpectedStatus": "An HTTP status the description does not declare: retry later.",
    "FailureEnvelopeError": "The service refused the call (success=false): read its msg, fix the arguments it names "
                            "or retry later; do not repeat the same call in a loop.",
}  # fmt: skip
ANNOTATIONS = types.ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                    open_world_hint=True)  # fmt: skip
INSTRUCTIONS = (
    "Tools for three Raydium HTTP services: pool data (pool_v3_*), swap quotes and unsigned swap transactions "
    "(transaction_v1_*), perps metadata (perps_v1_*). Every tool is read-only. Rules: amounts are integers in the "
    "token's smallest unit (send digits as a string); a cursor (nextPageId) is opaque: pass it back unchanged; a swap "
    "is two calls: compute a quote, then pass that whole result unchanged as swapResponse to the matching build tool "
    "within about 30 seconds. The build tools return unsigned base64 transactions: this server never signs or sends "
    "anything, and holds no key. A failure is a tool error that says what to do next."
)


@dataclass
class Settings:
    """What a run serves: the services' base URLs, the deadline of each call, the tools kept
    and whether they are offered through the three dynamic tools."""

    urls: dict[str, str] = field(default_factory=dict)
    deadline: float = DEFAULT_DEADLINE
    patterns: tuple[str, ...] = ()
    dynamic: bool = False

    @classmethod
    def from_environment(cls, patterns: Sequence[str] = (), dynamic: bool = False,
                         deadline: float | None = None) -> Settings:  # fmt: skip
        """Base URLs from RAYDIUM_<SERVICE>_URL (the public hosts otherwise), the deadline from
        RAYDIUM_MCP_DEADLINE (30 s otherwise)."""
        services: dict[str, dict[str, str]] = CATALOGUE["services"]
        urls = {host: os.environ.get(s["env"]) or s["default"] for host, s in services.items()}
        if deadline is None:
            deadline = float(os.environ.get(DEADLINE_ENV) or DEFAULT_DEADLINE)
        return cls(urls, deadline, tuple(patterns), dynamic)


def selected(patterns: Sequence[str]) -> list[dict[str, Any]]:
    """The tools whose names match one of the patterns (fnmatch: `pool_v3_*`), all without any;
    a pattern that matches no tool is an error (a typo would otherwise serve nothing)."""
    if not patterns:
        return list(TOOLS.values())
    unmatched = [p for p in patterns if not any(fnmatch.fnmatchcase(name, p) for name in TOOLS)]
    if unmatched:
        raise ValueError(f"--tools: {', '.join(unmatched)} matches no tool (tools: {', '.join(TOOLS)})")
    return [t for name, t in TOOLS.items() if any(fnmatch.fnmatchcase(name, p) for p in patterns)]


def listed(entry: dict[str, Any]) -> types.Tool:
    return types.Tool(name=entry["name"], title=entry["title"], description=entry["description"],
                      input_schema=entry["inputSchema"], annotations=ANNOTATIONS)  # fmt: skip


DYNAMIC = [
    types.Tool(name="list_api_tools", title="List the Raydium API tools", annotations=ANNOTATIONS,
               description="List the tools this server can call (name, service, what each does) and the operations "
                           "left out, and why. Then describe_api_tool for one, and call_api_tool to call it.",
               input_schema={"type": "object", "additionalProperties": False, "properties": {
                   "filter": {"type": "string", "description": "Keep the tools whose name, service or title holds "
                                                               "this text (any case)."}}}),
    types.Tool(name="describe_api_tool", title="Describe a Raydium API tool", annotations=ANNOTATIONS,
               description="The description (the rules to follow, the failure codes and what to do about each) and "
                           "the input schema of one tool that list_api_tools names.",
               input_schema={"type": "object", "additionalProperties": False, "required": ["name"],
                             "properties": {"name": {"type": "string", "description": "The tool's name."}}}),
    types.Tool(name="call_api_tool", title="Call a Raydium API tool", annotations=ANNOTATIONS,
               description="Call one tool that list_api_tools names with its arguments (as describe_api_tool "
                           "gives them). Read-only: nothing is signed or sent. The result is the tool's own.",
               input_schema={"type": "object", "additionalProperties": False, "required": ["name", "arguments"],
                             "properties": {"name": {"type": "string", "description": "The tool's name."},
                                            "arguments": {"type": "object", "description": "Its arguments."}}}),
]  # fmt: skip


def text(*blocks: str) -> list[types.ContentBlock]:
    return [types.TextContent(text=b) for b in blocks]


def failed(message: str, **details: Any) -> types.CallToolResult:
    """A tool error: the message, and the same facts as structured content."""
    error = {"message": message, **{k: v for k, v in details.items() if v is not None}}
    return types.CallToolResult(content=text(message), structured_content={"error": error}, is_error=True)


# -- one call ------------------------------------------------------------------------------------
def argument(hint: Any, value: Any) -> Any:
    """An agent's JSON value as the client function's argument: an enum member for an enum, an
    int for digits where the function takes an int, the value itself otherwise."""
    options = typing.get_args(hint) if isinstance(hint, pytypes.UnionType) or typing.get_origin(hint) is typing.Union \
        else (hint,)  # fmt: skip
    for option in options:
        if isinstance(option, type) and issubclass(option, Enum):
            return option(value)
    if int in options and isinstance(value, str) and value.isdigit():
        return int(value)
    return value


def body_model(hint: Any) -> type[Model]:
    options = typing.get_args(hint) or (hint,)
    found = next((o for o in options if isinstance(o, type) and issubclass(o, Model)), None)
    if found is None:
        raise TypeError(f"the body's type {hint!r} is not a model")
    return found


def request(entry: dict[str, Any], function: Any, arguments: dict[str, Any]) -> dict[str, Any]:
    """The client function's keyword arguments from the tool's."""
    hints = typing.get_type_hints(function)
    if not entry["body"]:
        return {entry["arguments"][k]: argument(hints[entry["arguments"][k]], v) for k, v in arguments.items()}
    data = dict(arguments) if entry["body"] == "fields" else dict(arguments["body"])
    for name in entry["sentBack"]:
        if isinstance(data.get(name), str):  # the result's JSON text: sent as those bytes, exactly
            raw = data[name].encode()
            if not isinstance(json.loads(raw), dict):
                raise ValueError(f"{name}: the JSON text is not an object")
            data[name] = msgspec.Raw(raw)
    return {"body": body_model(hints["body"]).from_dict(data)}


def describe(value: Any) -> str:
    if isinstance(value, list):
        return f"a list of {len(value)} item{'s' * (len(value) != 1)}"
    if isinstance(value, dict):
        keys = list(value)
        more = f", +{len(keys) - PREVIEW} more" if len(keys) > PREVIEW else ""
        return f"an object with {len(keys)} key{'s' * (len(keys) != 1)} ({', '.join(keys[:PREVIEW])}{more})"
    return "absent" if value is None else f"a {type(value).__name__}"


def summary(entry: dict[str, Any], body: Any) -> str:
    """A short account of a success: what `data` holds and what to do next."""
    data = body.get("data") if isinstance(body, dict) else None
    said = [f"{entry['name']}: success. data is {describe(data)}."]
    if isinstance(data, dict):
        inner = [f"data.{k} is {describe(v)}" for k, v in data.items() if isinstance(v, list)]
        said += [f"{'; '.join(inner[:3])}."] if inner else []
    for cursor in entry["cursor"]:
        if isinstance(data, dict) and data.get(cursor):
            said.append(f"Next page: call again with {cursor} set to data.{cursor}, unchanged (an opaque cursor).")
    for step in entry["next"]:
        said.append(f"Next: pass this whole result, unchanged, as `{step['field']}` to `{step['tool']}` within about "
                    "30 seconds.")  # fmt: skip
    if entry["unsigned"]:
        count = len(data) if isinstance(data, list) else 1
        said.append(f"{count} unsigned transaction(s), base64, in data: nothing was signed or sent. The wallet's "
                    "owner signs and broadcasts them.")  # fmt: skip
    return " ".join(said)


def api_failure(entry: dict[str, Any], exc: ApiError) -> types.CallToolResult:
    kind = type(exc).__name__
    family = next((k for k in NEXT if any(c.__name__ == k for c in type(exc).__mro__)), None)
    codes: dict[str, dict[str, str]] = CATALOGUE["services"][entry["service"]]["codes"]
    known = codes.get(exc.msg or "") if isinstance(exc, FailureEnvelopeError) else None
    parts = [f"{entry['name']} failed: {kind}: {exc}"]
    if known:
        parts.append(f"Code {exc.msg}: {known['meaning']} Next: {known['action']}: {known['advice']}")
    opens = getattr(exc, "open_time", None)
    if opens:
        parts.append(f"The pool opens at {opens} (Unix seconds): quote again then, not before.")
    retry_after = getattr(exc, "retry_after", None)
    if family and not known:
        parts.append(NEXT[family].replace("retryAfter seconds", f"{retry_after:g} seconds" if retry_after else
                                          "retryAfter seconds"))  # fmt: skip
    return failed(" ".join(parts), kind=kind, status=exc.status_code, msg=exc.msg,
                  code=getattr(exc, "error_code", None), action=known and known["action"],
                  advice=known and known["advice"], retryAfter=retry_after, openTime=opens,
                  attempts=getattr(exc, "attempts", None))  # fmt: skip


class Api:
    """The services' clients (one per service, made at its first call) and the tools' calls."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.clients: dict[str, Any] = {}
        self.validators = {name: jsonschema.Draft202012Validator(t["inputSchema"]) for name, t in TOOLS.items()}

    def client(self, host: str) -> Any:
        if host not in self.clients:
            package = importlib.import_module(CATALOGUE["services"][host]["client"])
            policy = RetryPolicy(deadline=self.settings.deadline)
            self.clients[host] = package.Client(base_url=self.settings.urls[host], retry_policy=policy)
        return self.clients[host]

    async def call(self, name: str, arguments: dict[str, Any]) -> types.CallToolResult:
        """One tool's call; every failure a tool error, none raised."""
        entry = TOOLS.get(name)
        if entry is None:
            why = LEFT_OUT[name]["why"] if name in LEFT_OUT else "no tool has this name"
            return failed(f"{name}: not a tool of this server: {why}.", kind="UnknownTool")
        problems = sorted(self.validators[name].iter_errors(arguments), key=lambda e: list(e.absolute_path))
        if problems:
            said = "; ".join(f"{'/'.join(map(str, p.absolute_path)) or '(arguments)'}: {p.message}" for p in problems)
            return failed(f"{name}: invalid arguments: {said[:2000]}", kind="InvalidArguments")
        try:
            module = importlib.import_module(entry["module"])
            kwargs = request(entry, module.asyncio_detailed, arguments)
        except (ValueError, TypeError, KeyError, msgspec.ValidationError) as exc:
            return failed(f"{name}: invalid arguments: {exc}", kind="InvalidArguments")
        try:
            with anyio.fail_after(self.settings.deadline + 5):  # the client's deadline ends it first
                response = await module.asyncio_detailed(client=self.client(entry["service"]), **kwargs)
        except ApiError as exc:
            return api_failure(entry, exc)
        except TimeoutError:
            return failed(f"{name} failed: no answer within {self.settings.deadline:g} s. {NEXT['TransportError']}",
                          kind="RequestTimeoutError")  # fmt: skip
        except Exception as exc:  # noqa: BLE001 - a tool's failure never stops the server
            return failed(f"{name} failed: {type(exc).__name__}: {exc}", kind="InternalError")
        body = json.loads(response.content)
        return types.CallToolResult(content=text(summary(entry, body), response.content.decode("utf-8")),
                                    structured_content=body)  # fmt: skip


# -- the server ----------------------------------------------------------------------------------
def server(settings: Settings) -> Server[Any]:
    """The MCP server of these settings (tools kept, plain or dynamic)."""
    offered = selected(settings.patterns)
    kept = {t["name"] for t in offered}
    api = Api(settings)

    async def list_tools(ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
                         ) -> types.ListToolsResult:  # fmt: skip
        return types.ListToolsResult(tools=DYNAMIC if settings.dynamic else [listed(t) for t in offered])

    async def call_tool(ctx: ServerRequestContext[Any], params: types.CallToolRequestParams) -> types.CallToolResult:
        arguments = params.arguments or {}
        try:
            if settings.dynamic:
                return await dynamic(api, kept, params.name, arguments)
            if params.name in TOOLS and params.name not in kept:
                return failed(f"{params.name}: not offered by this run (--tools)", kind="UnknownTool")
            return await api.call(params.name, arguments)
        except Exception as exc:  # noqa: BLE001 - never a crash: the session goes on
            return failed(f"{params.name} failed: {type(exc).__name__}: {exc}", kind="InternalError")

    return Server("raydium-mcp", version=__version__, title="Raydium API (unofficial)", instructions=INSTRUCTIONS,
                  on_list_tools=list_tools, on_call_tool=call_tool)  # fmt: skip


async def dynamic(api: Api, kept: set[str], name: str, arguments: dict[str, Any]) -> types.CallToolResult:
    """The three tools of the dynamic mode."""
    if name == "list_api_tools":
        wanted = str(arguments.get("filter") or "").lower()
        found = [{"name": t["name"], "service": t["service"], "title": t["title"]} for t in TOOLS.values()
                 if t["name"] in kept and wanted in f"{t['name']} {t['service']} {t['title']}".lower()]  # fmt: skip
        body: dict[str, Any] = {"tools": found, "leftOut": list(LEFT_OUT.values())}
        lines = [f"{t['name']}: {t['title']}" for t in found] + [f"(left out) {t['name']}: {t['why']}"
                                                                 for t in LEFT_OUT.values()]  # fmt: skip
        return types.CallToolResult(content=text("\n".join(lines)), structured_content=body)
    target = str(arguments.get("name") or "")
    if target not in kept:
        why = LEFT_OUT[target]["why"] if target in LEFT_OUT else "list_api_tools names the tools"
        return failed(f"{target or '(no name)'}: not a tool of this server: {why}.", kind="UnknownTool")
    if name == "describe_api_tool":
        entry = TOOLS[target]
        told = {"name": target, "description": entry["description"], "inputSchema": entry["inputSchema"]}
        return types.CallToolResult(content=text(f"{entry['description']}\n\nInput schema: "
                                                 f"{json.dumps(entry['inputSchema'])}"), structured_content=told)
    if name == "call_api_tool":
        given = arguments.get("arguments")
        return await api.call(target, given if isinstance(given, dict) else {})
    return failed(f"{name}: not a tool of this server (dynamic mode: list_api_tools, describe_api_tool, "
                  "call_api_tool)", kind="UnknownTool")  # fmt: skip


async def serve(settings: Settings) -> None:
    app = server(settings)
    async with stdio_server() as (read, write):
        await app.run(read, write, app.create_initialization_options())


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="raydium-mcp", description="An MCP server (stdio) for the Raydium pool "
                                     "data, swap transaction and perps metadata services (unofficial).")
    parser.add_argument("--tools", action="append", default=[], metavar="PATTERNS",
                        help="keep only the tools whose names match these comma-separated patterns (pool_v3_*)")
    parser.add_argument("--dynamic", action="store_true",
                        help="offer three tools (list_api_tools, describe_api_tool, call_api_tool) instead of one "
                             "per operation, for clients that cap the number of tools")
    parser.add_argument("--deadline", type=float, default=None,
                        help=f"seconds a call may take, retries included (${DEADLINE_ENV}; default 30)")
    parser.add_argument("--list", action="store_true", help="print the tools this run offers and exit")
    parser.add_argument("--version", action="version", version=f"raydium-mcp {__version__}")
    args = parser.parse_args(argv)
    patterns = [p.strip() for group in args.tools for p in group.split(",") if p.strip()]
    try:
        settings = Settings.from_environment(patterns, args.dynamic, args.deadline)
        offered = selected(settings.patterns)
    except ValueError as exc:
        print(f"raydium-mcp: {exc}", file=sys.stderr)
        return 2
    if args.list:
        for entry in offered:
            print(f"{entry['name']}\t{entry['title']}")
        return 0
    anyio.run(serve, settings)
    return 0
