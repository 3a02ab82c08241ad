"""The MCP server generated from the descriptions (generated/python/raydium-mcp, issue 84), driven
as an agent's client drives it: `python -m raydium_mcp` started over stdio by the `mcp` SDK's
client (`stdio_client` + `ClientSession`), against servers the tests start on 127.0.0.1 (Prism,
the hostile server, the quote server): nothing calls a public host.

* it lists one tool per operation of the three services but the secret one, each input schema
  self-contained and under 16 KiB, and calls each against the mock;
* the compute-then-build chain sends the quote back unchanged through MCP (the pass-through
  check of test_swap_contract.py), as an object and as its JSON text;
* a Cloudflare page or a stall is a tool error, and the session goes on;
* no tool returns the temporary keypair, and the server never calls its operation;
* installed with pip from a release's index, it serves the same tools."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.types import CallToolResult

from calls import operations, resolve
from mock_servers import (
    POOL_NOT_OPEN,
    QUOTE_TEXT,
    HostileServer,
    Prism,
    QuoteServer,
    ScriptedServer,
    json_reply,  # fmt: skip
    strict_json,
)
from project import PYTHON_PACKAGES, REPO, bundle
from scripts.clients import mcp_server
from scripts.release.packages import named

pytestmark = pytest.mark.e2e
PACKAGE = REPO / "generated" / "python" / "raydium-mcp"
SERVICES = mcp_server.SERVICES
U64_MAX = "18446744073709551615"
WALLET = "E9DvCgB83DB2Yy4Jy6wn4XmAjEJLmHQiAczpuWbKq1A5"
SOL, USDC = "So11111111111111111111111111111111111111112", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
SECRET = "5ecretKeyMaterialThatMustNeverReachTheModel"  # noqa: S105 - a test value
SESSION_SECONDS = 120.0


def exposed() -> dict[str, tuple[str, dict[str, Any]]]:
    """Tool name -> (host, operation) of every operation a tool is expected for."""
    return {mcp_server.tool_name(h, op["operationId"]): (h, op) for h, _, _, op in operations(SERVICES)
            if not (op.get("x-sensitive") or op["responses"]["200"].get("x-sensitive"))}  # fmt: skip


def environment(urls: dict[str, str], deadline: float | None = None) -> dict[str, str]:
    env = {"PYTHONPATH": os.pathsep.join([str(PACKAGE), *map(str, PYTHON_PACKAGES)])}
    env |= {mcp_server.env_name(host): url for host, url in urls.items()}
    return env | ({"RAYDIUM_MCP_DEADLINE": str(deadline)} if deadline else {})


@asynccontextmanager
async def session(log: Path, env: dict[str, str], *args: str, python: str = sys.executable
                  ) -> AsyncIterator[ClientSession]:  # fmt: skip
    """An initialised client session with `python -m raydium_mcp ARGS` over stdio."""
    params = StdioServerParameters(command=python, args=["-m", "raydium_mcp", *args], env=env, cwd=str(log.parent))
    with log.open("w") as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as client:
            await client.initialize()
            yield client


def run(test: Any) -> None:
    """An async test, bounded in time."""

    async def bounded() -> None:
        with anyio.fail_after(SESSION_SECONDS):
            await test()

    anyio.run(bounded)


def texts(result: CallToolResult) -> str:
    return "\n".join(getattr(block, "text", "") for block in result.content)


def prism_urls(prism_servers: dict[str, Prism]) -> dict[str, str]:
    return {host: prism_servers[host].url for host in SERVICES}


def example_arguments(host: str, op: dict[str, Any], tool: dict[str, Any]) -> dict[str, Any]:
    """The tool's arguments from the operation's examples: required parameters, and the body's
    first named example (its fields, or as `body`)."""
    arguments = {p["name"]: p["example"] for p in map(lambda q: resolve(host, q), op.get("parameters", []))
                 if p.get("required")}  # fmt: skip
    body = op.get("requestBody")
    if body:
        media = resolve(host, body)["content"]["application/json"]
        example = resolve(host, next(iter(media["examples"].values())))["value"]
        properties = tool["inputSchema"]["properties"]
        arguments |= {"body": example} if "body" in properties else example
    return arguments


# -- the catalogue -------------------------------------------------------------------------------
def test_regeneration_gives_the_committed_package(tmp_path: Path) -> None:
    """The generator is deterministic: written again into a temporary folder, every file is the
    committed one (CI's drift check holds the same for a fresh clone)."""
    assert mcp_server.main(["--out", str(tmp_path), "--no-checks"]) == 0
    written = tmp_path / "python" / "raydium-mcp"
    files = sorted(p.relative_to(written) for p in written.rglob("*") if p.is_file())
    committed = sorted(p.relative_to(PACKAGE) for p in PACKAGE.rglob("*")
                       if p.is_file() and "__pycache__" not in p.parts)  # fmt: skip
    assert files == committed
    assert [f for f in files if (written / f).read_bytes() != (PACKAGE / f).read_bytes()] == []


def test_the_stamp_records_the_committed_package() -> None:
    from scripts.common import stamps

    record = json.loads((REPO / "build" / "mcp.generated").read_text(encoding="utf-8"))
    assert stamps.manifest(REPO / "generated", [PACKAGE]) == record, "generated/python/raydium-mcp: run make"


def test_the_checks_refuse_a_ref_a_big_schema_and_a_name_twice() -> None:
    small = {"name": "a_b", "inputSchema": {"type": "object", "properties": {}}}
    mcp_server.check([small])
    with pytest.raises(mcp_server.McpError, match=r"\$ref"):
        mcp_server.check([{**small, "inputSchema": {"properties": {"x": {"$ref": "#/x"}}}}])
    with pytest.raises(mcp_server.McpError, match="bytes"):
        mcp_server.check([{**small, "inputSchema": {"description": "x" * 16 * 1024}}])
    with pytest.raises(mcp_server.McpError, match="two tools"):
        mcp_server.check([small, small])
    with pytest.raises(mcp_server.McpError, match="not a tool name"):
        mcp_server.check([{**small, "name": "pool-v3.getVersion"}])


def test_lists_a_tool_per_operation_with_small_self_contained_schemas(tmp_path: Path) -> None:
    async def test() -> None:
        async with session(tmp_path / "server.log", environment({})) as client:
            listed = (await client.list_tools()).tools
        assert sorted(t.name for t in listed) == sorted(exposed())
        assert "perps_v1_getTempKey" not in {t.name for t in listed}
        for tool in listed:
            schema = json.dumps(tool.input_schema, separators=(",", ":"))
            assert tool.input_schema["type"] == "object", tool.name
            assert '"$ref"' not in schema, tool.name
            assert len(schema.encode()) < 16 * 1024, tool.name
            assert tool.annotations is not None, tool.name
            assert tool.annotations.read_only_hint, tool.name
            description = tool.description or ""
            assert "signs nothing" in description, tool.name
            host, op = exposed()[tool.name]
            assert description.startswith(op["summary"].rstrip(".")), tool.name
            names = {resolve(host, p)["name"] for p in op.get("parameters", [])}
            assert names <= set(tool.input_schema["properties"]), tool.name
        build = next(t for t in listed if t.name == "transaction_v1_buildSwapBaseInTransaction")
        assert "unsigned" in (build.description or "")
        assert {"wallet", "swapResponse", "txVersion"} <= set(build.input_schema["properties"])
        compute = next(t for t in listed if t.name == "transaction_v1_computeSwapBaseIn")
        assert "REQ_POOL_NOT_OPEN" in (compute.description or "")
        assert "smallest unit" in (compute.description or "")
        cursor = next(t for t in listed if t.name == "pool_v3_listPoolsByCursor")
        assert "opaque" in (cursor.description or "")

    run(test)


def test_tools_filter_and_dynamic_mode(tmp_path: Path, prism_servers: dict[str, Prism]) -> None:
    async def test() -> None:
        async with session(tmp_path / "filter.log", environment({}), "--tools", "pool_v3_get*,perps_v1_listRpcs"
                           ) as client:  # fmt: skip
            names = {t.name for t in (await client.list_tools()).tools}
            assert names == {n for n in exposed() if n.startswith("pool_v3_get")} | {"perps_v1_listRpcs"}
            refused = await client.call_tool("pool_v3_listPools", {})
            assert refused.is_error
            assert "--tools" in texts(refused)
        async with session(tmp_path / "dynamic.log", environment(prism_urls(prism_servers)), "--dynamic") as client:
            listed = (await client.list_tools()).tools
            assert [t.name for t in listed] == ["list_api_tools", "describe_api_tool", "call_api_tool"]
            found = await client.call_tool("list_api_tools", {"filter": "perps"})
            assert {t["name"] for t in found.structured_content["tools"]} == \
                {n for n in exposed() if n.startswith("perps_v1_")}  # fmt: skip
            assert [t["name"] for t in found.structured_content["leftOut"]] == ["perps_v1_getTempKey"]
            told = await client.call_tool("describe_api_tool", {"name": "pool_v3_getPoolsByIds"})
            assert "ids" in told.structured_content["inputSchema"]["properties"]
            called = await client.call_tool("call_api_tool", {"name": "pool_v3_getVersion", "arguments": {}})
            assert not called.is_error, texts(called)
            assert called.structured_content["success"] is True

    run(test)
    bad = subprocess.run([sys.executable, "-m", "raydium_mcp", "--tools", "nothing_*", "--list"], capture_output=True,
                         text=True, env={**os.environ, **environment({})}, timeout=60, check=False)  # fmt: skip
    assert bad.returncode == 2
    assert "nothing_* matches no tool" in bad.stderr


# -- calls against local servers -----------------------------------------------------------------
async def call_every_tool(client: ClientSession) -> None:
    """Each tool with its operation's example arguments: a success whose structured content is
    the response as the service sent it, with a short summary and the same JSON as text."""
    catalogue = json.loads((PACKAGE / "raydium_mcp" / "tools.json").read_text(encoding="utf-8"))
    tools = {t["name"]: t for t in catalogue["tools"]}
    for name, (host, op) in exposed().items():
        result = await client.call_tool(name, example_arguments(host, op, tools[name]))
        assert not result.is_error, f"{name}: {texts(result)}"
        body = result.structured_content
        assert isinstance(body, dict), name
        assert body["success"] is True, name
        summary, raw = [getattr(block, "text", "") for block in result.content]
        assert summary.startswith(f"{name}: success."), summary
        assert len(summary) < 600, summary
        assert json.loads(raw) == body, name
        if tools[name]["unsigned"]:
            assert "nothing was signed or sent" in summary, summary


def test_every_tool_is_called_against_the_mock(tmp_path: Path, prism_servers: dict[str, Prism]) -> None:
    async def test() -> None:
        async with session(tmp_path / "server.log", environment(prism_urls(prism_servers))) as client:
            await call_every_tool(client)

    run(test)


def test_a_quote_goes_back_unchanged_through_mcp(tmp_path: Path) -> None:
    """compute, then build with the structured result as swapResponse (and again with its JSON
    text): the quote server sees the quote it sent, every key and number exact, the amount digit
    for digit; a known failure code comes back typed, with what to do next."""
    example = bundle("transaction-v1")["components"]["examples"]["TransactionResponseFromEvidence"]["value"]
    quotes = QuoteServer(example)
    query = {"inputMint": SOL, "outputMint": USDC, "amount": U64_MAX, "slippageBps": 50, "txVersion": "V0"}
    build = {"wallet": WALLET, "txVersion": "V0", "computeUnitPriceMicroLamports": 0, "wrapSol": True,
             "unwrapSol": True}  # fmt: skip

    async def test() -> None:
        env = environment({"transaction-v1": quotes.base_url("quote")})
        async with session(tmp_path / "quote.log", env) as client:
            quote = await client.call_tool("transaction_v1_computeSwapBaseIn", query)
            assert not quote.is_error, texts(quote)
            assert "as `swapResponse` to `transaction_v1_buildSwapBaseInTransaction`" in texts(quote)
            assert strict_json(quote.content[1].text) == strict_json(QUOTE_TEXT)  # type: ignore[union-attr]
            for swap_response in (quote.structured_content, quote.content[1].text):  # type: ignore[union-attr]
                built = await client.call_tool("transaction_v1_buildSwapBaseInTransaction",
                                               {**build, "swapResponse": swap_response})  # fmt: skip
                assert not built.is_error, texts(built)
                assert "unsigned" in texts(built)
        async with session(tmp_path / "known.log", environment({"transaction-v1": quotes.base_url("known")})) as client:
            failed = await client.call_tool("transaction_v1_computeSwapBaseIn", query)
            assert failed.is_error
            error = failed.structured_content["error"]
            assert (error["kind"], error["msg"], error["action"], error["openTime"]) == \
                ("FailureEnvelopeError", "REQ_POOL_NOT_OPEN", "wait", POOL_NOT_OPEN["openTime"])  # fmt: skip
            assert "REQ_POOL_NOT_OPEN" in texts(failed)
            assert "not before" in texts(failed)

    try:
        run(test)
        assert quotes.amounts == [U64_MAX]
        assert [problem for *_, problem in quotes.received] == [None, None]
        assert QUOTE_TEXT in quotes.received[1][1]  # the JSON text goes as its very bytes
    finally:
        quotes.stop()


def test_cloudflare_and_a_stall_are_tool_errors_and_the_session_goes_on(tmp_path: Path,
                                                                         hostile: HostileServer) -> None:  # fmt: skip
    deadline = 2.0
    urls = {"pool-v3": hostile.base_url("403-html", "pool-v3"), "perps-v1": hostile.base_url("stall", "perps-v1"),
            "transaction-v1": hostile.base_url("success", "transaction-v1")}  # fmt: skip

    async def test() -> None:
        async with session(tmp_path / "server.log", environment(urls, deadline)) as client:
            edge = await client.call_tool("pool_v3_getVersion", {})
            assert edge.is_error, texts(edge)
            assert edge.structured_content["error"]["kind"] == "NotJsonError", texts(edge)
            assert edge.structured_content["error"]["status"] == 403
            assert "HTML page from the edge" in texts(edge)
            assert "Cloudflare" in texts(edge)
            started = time.monotonic()
            stalled = await client.call_tool("perps_v1_getVersion", {})
            took = time.monotonic() - started
            assert stalled.is_error
            assert stalled.structured_content["error"]["kind"] == "RequestTimeoutError"
            assert took < deadline + 3, f"the stalled call took {took:.1f} s, past the deadline of {deadline} s"
            after = await client.call_tool("transaction_v1_computeSwapBaseIn", {
                "inputMint": SOL, "outputMint": USDC, "amount": "1000", "slippageBps": 50, "txVersion": "V0"})
            assert not after.is_error, texts(after)
            wrong = await client.call_tool("transaction_v1_computeSwapBaseIn", {"amount": 1.5})
            assert wrong.is_error
            assert wrong.structured_content["error"]["kind"] == "InvalidArguments"

    run(test)


def test_no_tool_returns_the_temporary_keypair(tmp_path: Path, scripted: ScriptedServer) -> None:
    """The keypair's operation has no tool, in either mode, and the server never calls it."""
    keypair = {"id": "a", "success": True, "data": {"publicKey": "pub", "secretKey": SECRET}}
    scripted.on("/main/temp-key", json_reply(200, keypair))
    scripted.on("/main/version", json_reply(200, {"id": "a", "success": True, "data": {"latest": "1", "least": "1"}}))

    async def test() -> list[str]:
        seen = []
        env = environment({"perps-v1": scripted.url})
        async with session(tmp_path / "static.log", env) as client:
            result = await client.call_tool("perps_v1_getTempKey", {"wallet": WALLET})
            assert result.is_error
            assert "secret" in texts(result)
            seen += [texts(result), json.dumps(result.structured_content)]
        async with session(tmp_path / "dynamic.log", env, "--dynamic") as client:
            for name, arguments in (("call_api_tool", {"name": "perps_v1_getTempKey", "arguments": {"wallet": WALLET}}),
                                    ("describe_api_tool", {"name": "perps_v1_getTempKey"}),
                                    ("list_api_tools", {}),
                                    ("call_api_tool", {"name": "perps_v1_getVersion", "arguments": {}})):  # fmt: skip
                result = await client.call_tool(name, arguments)
                seen += [texts(result), json.dumps(result.structured_content)]
        return seen

    outputs: list[str] = []

    async def collect() -> None:
        outputs.extend(await test())

    run(collect)
    assert scripted.hits.get("/main/temp-key", 0) == 0
    assert scripted.hits.get("/main/version", 0) == 1
    assert [o for o in outputs if SECRET in o] == []


# -- installed from a release --------------------------------------------------------------------
def test_installs_from_the_release_and_serves(tmp_path: Path, prism_servers: dict[str, Prism]) -> None:
    """pip installs raydium-mcp from a release's index (the clients and the runtime come from the
    same index; the third-party dependencies are this environment's), and its `python -m
    raydium_mcp` lists the tools and calls one against the mock."""
    dist = tmp_path / "dist"
    released = ["mcp", "runtime-python", *(f"{host}-python" for host in SERVICES)]
    done = subprocess.run([sys.executable, "-m", "scripts.release.files", "--dist", str(dist), "--only", *released],
                          capture_output=True, text=True, cwd=REPO, timeout=600, check=False)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    site = next(venv.glob("lib/python*/site-packages"))
    (site / "project-env.pth").write_text(next(p for p in sys.path if p.endswith("site-packages")) + "\n")
    python = str(venv / "bin" / "python")
    install = subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--index-url",
                              f"file://{dist / 'python' / 'simple'}", "raydium-mcp"], capture_output=True, text=True,
                             timeout=600, check=False)  # fmt: skip
    assert install.returncode == 0, install.stdout + install.stderr
    urls = {mcp_server.env_name(h): prism_servers[h].url for h in SERVICES}
    env = {"PATH": os.environ["PATH"], **urls}
    listed = subprocess.run([python, "-m", "raydium_mcp", "--list"], capture_output=True, text=True, env=env,
                            cwd=tmp_path, timeout=120, check=False)  # fmt: skip
    assert sorted(line.split("\t")[0] for line in listed.stdout.splitlines()) == sorted(exposed()), listed.stderr
    where = subprocess.run([python, "-c", "import raydium_mcp; print(raydium_mcp.__file__)"], capture_output=True,
                           text=True, env=env, cwd=tmp_path, timeout=60, check=True)  # fmt: skip
    assert where.stdout.startswith(str(venv)), where.stdout

    script = subprocess.run([str(venv / "bin" / "raydium-mcp"), "--version"], capture_output=True, text=True,
                            env=env, timeout=60, check=False)  # fmt: skip
    assert script.stdout.strip() == f"raydium-mcp {named('mcp').version()}", script.stdout + script.stderr

    async def test() -> None:
        async with session(tmp_path / "server.log", env, python=python) as client:
            assert sorted(t.name for t in (await client.list_tools()).tools) == sorted(exposed())
            await call_every_tool(client)

    run(test)


def test_the_docs_page_lists_every_tool_and_the_current_version() -> None:
    page = (REPO / "docs" / "clients" / "mcp.md").read_text(encoding="utf-8")
    catalogue = json.loads((PACKAGE / "raydium_mcp" / "tools.json").read_text(encoding="utf-8"))
    missing = [t["name"] for t in catalogue["tools"] if f"| `{t['name']}` | {t['title']} |" not in page]
    assert missing == [], f"docs/clients/mcp.md: no row for {missing}"
    assert f"raydium-mcp=={named('mcp').version()}" in page
    assert f"offers {len(catalogue['tools'])} tools" in page
    for left in catalogue["leftOut"]:
        assert "/main/temp-key" in page, left
