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

from project import GENERATED, NODE_BIN, REPO

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
        self._log = log.open("w")
        self.process = subprocess.Popen(
            [str(NODE_BIN / "prism"), "mock", "--host", "127.0.0.1", "--port", str(self.port),
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
