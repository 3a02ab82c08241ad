"""Servers the client tests start and stop themselves, bound to 127.0.0.1."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs

import httpx

from project import GENERATED, REPO, TEST_NODE_BIN

STARTUP_SECONDS = 60.0


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Prism:
    """`prism mock` for one bundle on 127.0.0.1, started and stopped by the test session."""

    def __init__(self, host: str, log: Path) -> None:
        self.host = host
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        if not (TEST_NODE_BIN / "prism").is_file():
            raise RuntimeError(f"{TEST_NODE_BIN / 'prism'} is missing: run `make test-setup` (make test runs it)")
        self._log = log.open("w")
        self.process = subprocess.Popen(
            [str(TEST_NODE_BIN / "prism"), "mock", "--host", "127.0.0.1", "--port", str(self.port),
             str(GENERATED / f"{host}.yaml")],
            stdout=self._log, stderr=subprocess.STDOUT, cwd=REPO,
            env={**os.environ, "NO_COLOR": "1"},
        )  # fmt: skip
        self.log = log

    def wait_ready(self) -> None:
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

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self._log.close()


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
    produce (HTML pages, truncated JSON, failures with HTTP 200, 429 then success)."""

    def __init__(self) -> None:
        self.script: dict[str, list[Reply]] = {}
        self.hits: dict[str, int] = {}
        self.queries: dict[str, list[dict[str, list[str]]]] = {}
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.answer()

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("content-length") or 0))
                self.answer()

            def answer(self) -> None:
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

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
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


def with_null_items(body: dict[str, object]) -> dict[str, object]:
    """Every list of the body gets a null item; a body without lists gets `data: [null]`."""
    found = False

    def walk(node: object) -> object:
        nonlocal found
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            found = True
            return [*(walk(v) for v in node), None]
        return node

    changed = walk(body)
    assert isinstance(changed, dict)
    return changed if found else {**changed, "data": [None]}


class HostileServer:
    """The edge in front of the services, as users meet it: every scenario of the client
    contract (../shared/design.md), chosen by the URL: a client whose base URL is
    `{url}/{scenario}/{host}` gets that scenario on every operation. `bodies[(host, path)]`
    is the success body of an operation (raw bytes for operations the source shows no body
    for). Binds 127.0.0.1; `stop()` releases stalled connections, so it ends in bounded time."""

    SCENARIOS = ("success", "failure-200", "failure-400", "failure-500", "429-then-200", "429-json", "429-html",
                 "403-html", "520-html", "truncated", "empty", "text-plain", "unknown-keys", "null-items",
                 "no-data", "big", "stall", "cut")  # fmt: skip

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
                if scenario == "success" or (scenario == "429-then-200" and count > 1):
                    self.send(200, success)
                elif scenario.startswith("failure-"):
                    self.send(int(scenario.split("-")[1]), failure)
                elif scenario in ("429-then-200", "429-json"):
                    self.send(429, failure, extra=retry)
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

        ThreadingHTTPServer.request_queue_size = 128  # many concurrent clients: no dropped connections
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
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


def refused_url() -> str:
    """A loopback URL nothing listens on (connection refused)."""
    return f"http://127.0.0.1:{free_port()}"
