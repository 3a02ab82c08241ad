"""Servers the client tests start and stop themselves, bound to 127.0.0.1."""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import parse_qs

import httpx

from project import GENERATED, REPO, TEST_NODE_BIN

STARTUP_SECONDS = 60.0


class LoopbackServer(ThreadingHTTPServer):
    """The test servers' HTTP server: a thread per connection, and a listen backlog that holds
    every call a contract runner starts at once. The Go and Rust runners start one thread per
    plan entry, several hundred connections in one burst; with the standard backlog (5, or the
    128 this once set) the kernel drops the handshakes the accept loop has not reached, and on
    a loaded machine a dropped handshake retried past the client's 4 s connect timeout reads as
    a timeout of the client under test. The kernel caps the figure at net.core.somaxconn."""

    request_queue_size = 1024


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Prism:
    """`prism mock` for one bundle on 127.0.0.1, started and stopped by the test session
    (`shared_prisms`). `process` is None in a session that uses another's server."""

    def __init__(self, host: str, port: int, log: Path, process: subprocess.Popen[bytes] | None = None) -> None:
        self.host, self.port, self.log, self.process = host, port, log, process
        self.url = f"http://127.0.0.1:{port}"

    @classmethod
    def start(cls, host: str, log: Path) -> Prism:
        if not (TEST_NODE_BIN / "prism").is_file():
            raise RuntimeError(f"{TEST_NODE_BIN / 'prism'} is missing: run `make test-setup` (make test runs it)")
        port = free_port()
        with log.open("w") as out:  # the child keeps its own copy of the descriptor
            process = subprocess.Popen(
                [str(TEST_NODE_BIN / "prism"), "mock", "--host", "127.0.0.1", "--port", str(port),
                 str(GENERATED / f"{host}.yaml")],
                stdout=out, stderr=subprocess.STDOUT, cwd=REPO, env={**os.environ, "NO_COLOR": "1"},
            )  # fmt: skip
        return cls(host, port, log, process)

    def wait_ready(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"prism exited ({self.process.returncode}): {self.log.read_text()}")
            try:
                httpx.get(self.url + "/", timeout=1.0)
                return
            except httpx.TransportError:
                time.sleep(0.2)
        raise RuntimeError(f"prism did not start within {STARTUP_SECONDS}s: {self.log.read_text()}")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def record(self) -> dict[str, object]:
        return {"host": self.host, "port": self.port, "log": str(self.log), "pid": self.pid}

    def stop(self) -> None:
        assert self.process is not None
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def stop_pid(pid: int) -> None:
    """Stop a process this one did not start (another worker's Prism): SIGTERM, then SIGKILL
    after 10 s; gone once it has exited (a zombie waits for its parent's wait, not for us)."""

    def running() -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return False
        return state not in ("Z", "X")

    try:
        if b"prism" not in Path(f"/proc/{pid}/cmdline").read_bytes():
            return  # it is gone, and its number is another process's now
    except OSError:
        return
    for sig, seconds in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 10.0)):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, sig)
        deadline = time.monotonic() + seconds
        while running() and time.monotonic() < deadline:
            time.sleep(0.05)
        if not running():
            return
    raise RuntimeError(f"prism (pid {pid}) did not stop")


_STARTED: dict[int, Prism] = {}  # the Prisms this process started, by pid


@contextlib.contextmanager
def shared_prisms(hosts: list[str], root: Path) -> Iterator[dict[str, Prism]]:
    """One Prism per host for every pytest session that shares `root` (the pytest-xdist
    workers of one run): the first to arrive starts them, each records itself as a user in
    root/prism.json under a lock, and the last to leave stops them. Two workers used to start
    four each (about 3 CPU-seconds a start); a worker that comes after the last has left starts
    them again (docs/decisions/, 117)."""
    state = root / "prism.json"
    with _locked(root / "prism.lock"):
        if state.is_file():
            shared = json.loads(state.read_text(encoding="utf-8"))
        else:
            logs = root / "prism"
            logs.mkdir(exist_ok=True)
            started = {h: Prism.start(h, logs / f"{h}.log") for h in hosts}
            try:
                for server in started.values():
                    server.wait_ready()
            except BaseException:
                for server in started.values():
                    server.stop()
                raise
            _STARTED.update({s.pid: s for s in started.values()})
            shared = {"users": 0, "servers": [s.record() for s in started.values()]}
        shared["users"] += 1
        state.write_text(json.dumps(shared), encoding="utf-8")
    try:
        yield {s["host"]: Prism(s["host"], s["port"], Path(s["log"])) for s in shared["servers"]}
    finally:
        with _locked(root / "prism.lock"):
            shared = json.loads(state.read_text(encoding="utf-8"))
            shared["users"] -= 1
            if shared["users"] > 0:
                state.write_text(json.dumps(shared), encoding="utf-8")
            else:
                state.unlink()
                for server in shared["servers"]:
                    mine = _STARTED.pop(server["pid"], None)
                    if mine is not None:
                        mine.stop()  # a child of this process: stopped and reaped
                    else:
                        stop_pid(server["pid"])


@contextlib.contextmanager
def _locked(path: Path) -> Iterator[None]:
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@dataclass
class Reply:
    status: int
    body: bytes
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)


def json_reply(status: int, payload: object, **headers: str) -> Reply:
    return Reply(status, json.dumps(payload).encode(), headers=headers)


class ScriptedServer:
    """A tiny HTTP server on 127.0.0.1 that answers each path from a script of replies
    (the last reply repeats) and counts the requests: for the failure cases Prism cannot
    produce (HTML pages, truncated JSON, failures with HTTP 200, 429 then success).
    `requests` keeps each request's method, target and time (time.monotonic())."""

    def __init__(self) -> None:
        self.script: dict[str, list[Reply]] = {}
        self.hits: dict[str, int] = {}
        self.queries: dict[str, list[dict[str, list[str]]]] = {}
        self.requests: list[tuple[str, str, float]] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.answer()

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                self.answer()

            do_PUT = do_PATCH = do_DELETE = do_POST

            def answer(self) -> None:
                server.requests.append((self.command, self.path, time.monotonic()))
                path, _, query = self.path.partition("?")
                server.queries.setdefault(path, []).append(parse_qs(query))
                count = server.hits.get(path, 0)
                server.hits[path] = count + 1
                replies = server.script.get(path) or [Reply(404, b"not scripted", "text/plain")]
                reply = replies[min(count, len(replies) - 1)]
                self.send_response(reply.status)
                self.send_header("Content-Type", reply.content_type)
                self.send_header("Content-Length", str(len(reply.body)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(reply.body)

            def log_message(self, format: str, *args: object) -> None:
                return

        self.httpd = LoopbackServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def on(self, path: str, *replies: Reply) -> None:
        self.script[path] = list(replies)
        self.hits[path] = 0

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


HOSTILE_MSG = "hostile failure"
HOSTILE_UUID = "3e1f5a9c-7b2d-4c8e-a0f1-6d2b9c4e8a17"
UNKNOWN = "zzUnknownKey"
BIG_BYTES = 20 * 1024 * 1024
HTML = b"<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body>edge</body></html>"


def with_unknown_keys(node: object) -> object:
    """The value with an unknown key (string valued) added to every object, at every depth."""
    if isinstance(node, dict):
        return {**{k: with_unknown_keys(v) for k, v in node.items()}, UNKNOWN: "unknown"}
    if isinstance(node, list):
        return [with_unknown_keys(v) for v in node]
    return node


def with_null_items(body: dict[str, object], *, scalar_only: bool = False) -> dict[str, object]:
    """Every list of the body gets a null item; a body without lists gets `data: [null]`.
    With `scalar_only`, only the lists of strings, numbers or booleans get one (and a body
    without such a list is left as it is): the null check of a scalar list is tested alone."""
    found = False

    def walk(node: object) -> object:
        nonlocal found
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            items = [walk(v) for v in node]
            if scalar_only and not (node and all(not isinstance(v, dict | list) for v in node)):
                return items
            found = True
            return [*items, None]
        return node

    changed = walk(body)
    assert isinstance(changed, dict)
    return changed if found or scalar_only else {**changed, "data": [None]}


class HostileServer:
    """The edge in front of the services, as users meet it: every scenario of the client
    contract (../shared/design.md), chosen by the URL: a client whose base URL is
    `{url}/{scenario}/{host}` gets that scenario on every operation. `bodies[(host, path)]`
    is the success body of an operation (raw bytes for operations the source shows no body
    for). Binds 127.0.0.1; `stop()`, or leaving its `with` block, releases stalled connections,
    so it ends in bounded time."""

    # `X-then-200`: the first request of an operation fails as X does, the next succeed (a
    # client retries the failures that pass); the others fail every time
    SCENARIOS = ("success", "failure-200", "failure-400", "failure-500", "429-then-200", "429-json", "429-html",
                 "429-long", "403-html", "520-html", "truncated", "empty", "text-plain", "unknown-keys",
                 "null-items", "null-scalar-items", "no-data", "big", "stall", "cut", "500-then-200",
                 "502-html-then-200", "cut-then-200")  # fmt: skip

    def __init__(self, bodies: dict[tuple[str, str], object]) -> None:
        self.bodies = bodies
        self.hits: dict[tuple[str, str, str], int] = {}
        self.released = threading.Event()
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                self.answer()

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                self.answer()

            def send(self, status: int, body: bytes, content_type: str = "application/json",
                     extra: dict[str, str] | None = None, length: int | None = None) -> None:  # fmt: skip
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body) if length is None else length))
                for name, value in (extra or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def answer(self) -> None:
                _, scenario, host, rest = [*self.path.split("?", 1)[0].split("/", 3), "", "", ""][:4]
                path = "/" + rest
                with server.lock:
                    key = (scenario, host, path)
                    server.hits[key] = server.hits.get(key, 0) + 1
                    count = server.hits[key]
                body = server.bodies.get((host, path))
                if body is None:
                    self.send(404, b"not an operation", "text/plain")
                    return
                self.scenario(scenario, body, count)

            def scenario(self, scenario: str, body: object, count: int) -> None:
                raw = body if isinstance(body, bytes) else None
                envelope = body if isinstance(body, dict) else {}
                failure = json.dumps({"id": HOSTILE_UUID, "success": False, "msg": HOSTILE_MSG,
                                      "error": {"code": 42}}).encode()  # fmt: skip
                success = raw if raw is not None else json.dumps(envelope).encode()
                retry = {"Retry-After": "1"}
                if scenario.endswith("-then-200"):
                    scenario = "success" if count > 1 else {"500-then-200": "failure-500", "429-then-200": "429-json",
                                                            "502-html-then-200": "502-html",
                                                            "cut-then-200": "cut"}[scenario]  # fmt: skip
                if scenario == "success":
                    self.send(200, success)
                elif scenario.startswith("failure-"):
                    self.send(int(scenario.split("-")[1]), failure)
                elif scenario == "429-json":
                    self.send(429, failure, extra=retry)
                elif scenario == "429-long":  # more than max_wait (10 s), less than the deadline (30 s)
                    self.send(429, failure, extra={"Retry-After": "15"})
                elif scenario == "429-html":
                    self.send(429, HTML, "text/html; charset=UTF-8", retry)
                elif scenario.endswith("-html"):
                    self.send(int(scenario.split("-")[0]), HTML, "text/html; charset=UTF-8")
                elif scenario == "truncated":
                    self.send(200, success[: max(1, len(success) // 2)])
                elif scenario == "empty":
                    self.send(200, b"")
                elif scenario == "text-plain":
                    self.send(200, success, "text/plain; charset=utf-8")
                elif scenario == "unknown-keys":
                    self.send(200, success if raw is not None else json.dumps(with_unknown_keys(envelope)).encode())
                elif scenario == "null-items":
                    self.send(200, success if raw is not None else json.dumps(with_null_items(envelope)).encode())
                elif scenario == "null-scalar-items":
                    self.send(200, success if raw is not None else
                              json.dumps(with_null_items(envelope, scalar_only=True)).encode())  # fmt: skip
                elif scenario == "no-data":
                    self.send(200, success if raw is not None else
                              json.dumps({k: v for k, v in envelope.items() if k != "data"}).encode())  # fmt: skip
                elif scenario == "big":
                    padding = {**envelope, "padding": "x" * BIG_BYTES}
                    self.send(200, success if raw is not None else json.dumps(padding).encode())
                elif scenario == "stall":
                    server.released.wait(timeout=60)
                elif scenario == "cut":
                    self.send(200, success[: max(1, len(success) // 2)], length=len(success) + 1000)
                    self.close_connection = True
                else:
                    self.send(404, b"no such scenario", "text/plain")

            def log_message(self, format: str, *args: object) -> None:
                return

        self.httpd = LoopbackServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def base_url(self, scenario: str, host: str) -> str:
        return f"{self.url}/{scenario}/{host}"

    def stop(self) -> None:
        self.released.set()
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)

    def __enter__(self) -> HostileServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


@functools.cache
def _refusing_socket() -> socket.socket:
    """A socket bound to a loopback port, never listening, held for as long as the process runs."""
    held = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    held.bind(("127.0.0.1", 0))
    return held


def refused_url() -> str:
    """A loopback URL nothing listens on (connection refused). The port stays bound by this
    process without a listener: a port merely found free could be taken meanwhile by a server of
    another test worker, whose answer (a 404 of the mock) a CI run once got instead of a refusal."""
    return f"http://127.0.0.1:{_refusing_socket().getsockname()[1]}"


@contextlib.contextmanager
def unanswered_url() -> Iterator[str]:
    """A loopback URL where no connection is ever made: a listener with a backlog of 0 whose
    one queued connection (ours) is never accepted. Its accept queue full, Linux drops every
    later handshake (the SYN) unanswered, so a client's connect waits until its own connect
    timeout, as to a host that is down behind a firewall that drops packets."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener, \
            socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:  # fmt: skip
        listener.bind(("127.0.0.1", 0))
        listener.listen(0)
        held.settimeout(5)
        held.connect(listener.getsockname())
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"


# A quote as a server may send it: every kind of JSON value a re-encoding can change, in keys
# the description knows and in keys it does not, at every depth (integers past 2^64, a float
# written with a fraction, exponents, nulls, non-ASCII text, empty containers).
QUOTE_TEXT = (
    b'{"id":"7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f","success":true,"version":"V1",'
    b'"zzTopBig":340282366920938463463374607431768211456,"zzTopNull":null,'
    b'"data":{"swapType":"BaseIn","inputMint":"So11111111111111111111111111111111111111112",'
    b'"inputAmount":"18446744073709551615","outputMint":"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",'
    b'"outputAmount":"150000000","otherAmountThreshold":"149250000","slippageBps":50,"priceImpactPct":0,'
    b'"routePlan":[{"poolId":"58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2",'
    b'"inputMint":"So11111111111111111111111111111111111111112",'
    b'"outputMint":"EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",'
    b'"feeMint":"So11111111111111111111111111111111111111112","feeRate":25,"feeAmount":"2500000",'
    b'"zzStepFloat":0.1,"zzStepBig":18446744073709551617,"zzStepList":[1,2.5,-0.0,{"deep":[null,true]}]}],'
    b'"zzU64":18446744073709551615,"zzNegative":-9007199254740993,"zzExp":1.5e-7,"zzFloatWithFraction":10.0,'
    b'"zzNull":null,"zzText":"caf\\u00e9 \\ud83d\\ude00 \\"quoted\\"","zzEmptyObject":{},"zzEmptyList":[]}}'
)


def strict_json(text: bytes | str) -> object:
    """JSON with every number kept as written: integers as int, others as Decimal (exact)."""
    return json.loads(text, parse_float=Decimal)


def difference(sent: object, got: object, where: str = "") -> str | None:
    """Where `got` is not semantically `sent` (keys in any order; numbers compared exactly, an
    integer never equal to a number written with a fraction or exponent), or None."""
    if type(sent) is not type(got):
        return f"{where or '/'}: {got!r} ({type(got).__name__}) instead of {sent!r} ({type(sent).__name__})"
    if isinstance(sent, dict):
        assert isinstance(got, dict)
        if set(sent) != set(got):
            return f"{where or '/'}: keys {sorted(set(got) ^ set(sent))} differ"
        return next((d for k in sent if (d := difference(sent[k], got[k], f"{where}/{k}"))), None)
    if isinstance(sent, list):
        assert isinstance(got, list)
        if len(sent) != len(got):
            return f"{where or '/'}: {len(got)} items instead of {len(sent)}"
        pairs = enumerate(zip(sent, got, strict=True))
        return next((d for i, (a, b) in pairs if (d := difference(a, b, f"{where}/{i}"))), None)
    return None if sent == got else f"{where or '/'}: {got!r} instead of {sent!r}"


POOL_NOT_OPEN = {"id": "4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b", "success": False, "version": "V1",
                 "msg": "REQ_POOL_NOT_OPEN", "openTime": "1767225600"}  # fmt: skip
NEW_CODE = {"id": "4e5f6a7b-8c9d-4e0f-9a1b-3c4d5e6f7a8b", "success": False, "version": "V1",
            "msg": "REQ_A_CODE_NOBODY_LISTS"}  # fmt: skip


class QuoteServer:
    """The swap transaction service as far as a bot's swap goes, chosen by the URL's first
    segment (a client's base URL is `{url}/{scenario}`):

    * `quote`: `GET /compute/swap-base-{in,out}` answers QUOTE_TEXT; `POST /transaction/...`
      compares the body's swapResponse with what it sent and answers a success only when they
      are the same (else what the service sends, REQ_SWAP_RESPONSE_ERROR, with HTTP 200);
    * `known`: every call fails with a known code (REQ_POOL_NOT_OPEN, with openTime);
    * `unknown`: every call fails with a code no catalogue lists.

    `received` keeps each transaction body and what differed; `amounts` each compute's
    `amount` query value as sent."""

    def __init__(self, transaction: dict[str, object]) -> None:
        self.received: list[tuple[str, bytes, str | None]] = []  # (path, body, difference)
        self.amounts: list[str] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.answer(b"")

            def do_POST(self) -> None:
                self.answer(self.rfile.read(int(self.headers.get("content-length") or 0)))

            def answer(self, body: bytes) -> None:
                _, scenario, rest = (self.path.split("?", 1)[0] + "//").split("/", 2)
                path = "/" + rest.rstrip("/")
                if scenario in ("known", "unknown"):
                    self.reply(json.dumps(POOL_NOT_OPEN if scenario == "known" else NEW_CODE).encode())
                elif path.startswith("/compute/swap-base-"):
                    server.amounts += parse_qs(self.path.partition("?")[2]).get("amount", [])
                    self.reply(QUOTE_TEXT)
                elif path.startswith("/transaction/swap-base-"):
                    try:
                        sent = strict_json(body)
                        quote = sent.get("swapResponse") if isinstance(sent, dict) else None
                        problem = difference(strict_json(QUOTE_TEXT), quote)
                    except ValueError as exc:
                        problem = f"the body is not JSON: {exc}"
                    server.received.append((path, body, problem))
                    reply = transaction if problem is None else {"id": "7c8d9e0f-1a2b-4c3d-9e4f-5a6b7c8d9e0f-tx",
                                                                 "success": False, "version": "V1",
                                                                 "msg": "REQ_SWAP_RESPONSE_ERROR"}  # fmt: skip
                    self.reply(json.dumps(reply).encode())
                else:
                    self.reply(b"not scripted", 404, "text/plain")

            def reply(self, body: bytes, status: int = 200, content_type: str = "application/json") -> None:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                return

        self.httpd = LoopbackServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def base_url(self, scenario: str) -> str:
        return f"{self.url}/{scenario}"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


class FakeSolanaRpc:
    """A Solana JSON-RPC endpoint as far as a swap goes, on 127.0.0.1: `sendTransaction`
    decodes the transaction (solders), checks every signature and records it (an unsigned or
    wrongly signed one gets the JSON-RPC error a real node sends); `getSignatureStatuses`
    says a recorded signature is confirmed."""

    def __init__(self) -> None:
        from solders.transaction import VersionedTransaction

        self.sent: list[VersionedTransaction] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                request = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)))
                result, error = server.answer(str(request.get("method")), request.get("params") or [])
                reply = {"jsonrpc": "2.0", "id": request.get("id")}
                reply.update({"error": error} if error else {"result": result})
                body = json.dumps(reply).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                return

        self.httpd = LoopbackServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def answer(self, method: str, params: list[object]) -> tuple[object, dict[str, object] | None]:
        import base64

        from solders.transaction import VersionedTransaction

        if method == "sendTransaction":
            try:
                tx = VersionedTransaction.from_bytes(base64.b64decode(str(params[0])))
            except (ValueError, TypeError) as exc:
                return None, {"code": -32602, "message": f"invalid transaction: {exc}"}
            if not all(tx.verify_with_results()):
                return None, {"code": -32003, "message": "Transaction signature verification failure"}
            self.sent.append(tx)
            return str(tx.signatures[0]), None
        if method == "getSignatureStatuses":
            known = {str(tx.signatures[0]) for tx in self.sent}
            wanted = params[0] if params and isinstance(params[0], list) else []
            statuses = [{"slot": 1, "confirmations": None, "err": None, "confirmationStatus": "confirmed"}
                        if s in known else None for s in wanted]  # fmt: skip
            return {"context": {"slot": 1}, "value": statuses}, None
        return None, {"code": -32601, "message": f"Method not found: {method}"}

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


PAGED_POOL = {"type": "Concentrated", "programId": "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK", "id": "",
              "mintA": {"chainId": 101, "address": "So11111111111111111111111111111111111111112",
                        "programId": "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA", "logoURI": "", "symbol": "WSOL",
                        "name": "Wrapped SOL", "decimals": 9, "tags": [], "extensions": {}},
              "price": 1.5, "tvl": 1000.25}  # fmt: skip


class PagingServer:
    """Pages of pools, as the pool data service pages them, for the page iterators' tests:
    `/pools/info/list-v2` by an opaque cursor (`nextPageId`, a token this server made; one it
    did not make is refused, so a client that builds or alters one fails) and `/pools/info/list`
    by page number (`page`, from 1; `hasNextPage`). Page `n` holds `per_page` pools with ids
    `pool-n-i`. `failures[n]` is how the first request for page `n` fails: `502-html` (a
    Cloudflare page), `cut` (the connection closed before any response), `429` (with
    Retry-After: 1); each later request for that page succeeds. `requests` lists every
    request's (path, page) in order. Binds 127.0.0.1.

    Every reply closes its connection (`Connection: close`), so each request comes on a connection
    of its own: libcurl (the Ruby and PHP clients) and Go's net/http send a request again, once
    and on their own, when a connection they reused closes before any byte of the reply (they
    take it for a keep-alive connection the server had closed), and a `cut` on a reused
    connection would never reach a client whose retries are off."""

    FAILURES: ClassVar[dict[int, str]] = {1: "502-html", 2: "cut", 3: "429"}

    def __init__(self, pages: int = 5, per_page: int = 3, failures: dict[int, str] | None = None) -> None:
        self.pages, self.per_page = pages, per_page
        self.failures = dict(self.FAILURES if failures is None else failures)
        self.tokens = {f"c{n}.{os.urandom(6).hex()}": n for n in range(pages - 1)}  # the cursor after page n
        self.requests: list[tuple[str, int]] = []
        self.lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                path, _, query = self.path.partition("?")
                params = {k: v[0] for k, v in parse_qs(query).items()}
                if path.endswith("/pools/info/list-v2"):
                    cursor = params.get("nextPageId")
                    if cursor is not None and cursor not in server.tokens:
                        return self.reply(400, json.dumps({"id": HOSTILE_UUID, "success": False,
                                                           "msg": f"unknown nextPageId {cursor!r}"}).encode())
                    number = 0 if cursor is None else server.tokens[cursor] + 1
                elif path.endswith("/pools/info/list"):
                    number = int(params.get("page", "1")) - 1
                else:
                    return self.reply(404, b"not a paged operation", "text/plain")
                with server.lock:
                    seen = any(r == (path, number) for r in server.requests)
                    server.requests.append((path, number))
                failure = None if seen else server.failures.get(number)
                if failure == "502-html":
                    self.reply(502, HTML, "text/html; charset=UTF-8")
                elif failure == "cut":
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                elif failure == "429":
                    self.reply(429, json.dumps({"id": HOSTILE_UUID, "success": False, "msg": HOSTILE_MSG}).encode(),
                               extra={"Retry-After": "1"})
                else:
                    self.reply(200, json.dumps(server.page(path, number)).encode())

            def reply(self, status: int, body: bytes, content_type: str = "application/json",
                      extra: dict[str, str] | None = None) -> None:  # fmt: skip
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Connection", "close")
                self.close_connection = True
                for name, value in (extra or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                return

        self.httpd = LoopbackServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def ids(self) -> list[str]:
        """Every pool's id, in the order a walk must yield them."""
        return [f"pool-{n}-{i}" for n in range(self.pages) for i in range(self.per_page)]

    def page(self, path: str, number: int) -> dict[str, object]:
        pools = [{**PAGED_POOL, "id": f"pool-{number}-{i}"} for i in range(self.per_page)]
        last = number == self.pages - 1
        if path.endswith("list-v2"):
            cursor = next((token for token, n in self.tokens.items() if n == number), None)
            data: dict[str, object] = {"data": pools, **({} if last else {"nextPageId": cursor})}
        else:
            data = {"count": self.pages * self.per_page, "hasNextPage": not last, "data": pools}
        return {"id": HOSTILE_UUID, "success": True, "data": data}

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)

    def __enter__(self) -> PagingServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
