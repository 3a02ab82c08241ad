"""The mock's HTTP server and its command.

    raydium-api-mock --host pool-v3 --port 8080      (or python -m raydium_api_mock ...)

One host per process, on 127.0.0.1 unless --bind says otherwise. The server is the standard
library's threading HTTP server (HTTP/1.1, a thread per connection): a mock needs nothing an
HTTP framework adds, and it must write what frameworks prevent, a body cut short, a
Content-Length that lies, a connection that never answers (docs/decisions/, 142).
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.metadata import PackageNotFoundError, version
from types import FrameType, TracebackType
from typing import TextIO

from ._description import Description, shipped_hosts
from .mock import EDGE_PAGES, FAILURES, Mock, Reply, known_failure


def package_version() -> str:
    try:
        return version("raydium-api-mock")
    except PackageNotFoundError:  # run from a folder, not installed
        return "0+unknown"


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    # every call a test suite starts at once: a Go or Rust runner opens hundreds of connections
    # in one burst, and the standard backlog (5) drops handshakes the accept loop has not reached
    request_queue_size = 1024


class MockServer:
    """A host's mock on bind:port (port 0: a free one; `url` says which). `start()` serves in a
    thread, `serve_forever()` in this one; `stop()` (or leaving its `with` block) ends it and
    every stalled connection in bounded time."""

    def __init__(self, host: str, bind: str = "127.0.0.1", port: int = 0, *, failure: str | None = None,
                 failure_times: int | None = None, retry_after: int = 1, stall_seconds: float = 30.0,
                 failure_msg: str | None = None, log: TextIO | None = None) -> None:  # fmt: skip
        self.host = host
        self.mock = Mock(Description.load(host), failure, failure_times, retry_after, stall_seconds, failure_msg)
        self.released = threading.Event()
        self.log = log
        self.thread: threading.Thread | None = None
        self.httpd = _HTTPServer((bind, port), self._handler())
        address = self.httpd.server_address
        shown = bind if bind not in ("0.0.0.0", "") else "127.0.0.1"  # noqa: S104 - the message, not the bind
        self.url = f"http://{shown}:{address[1]}"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            server_version = "raydium-api-mock/" + package_version()

            def do_GET(self) -> None:
                self.answer()

            def do_POST(self) -> None:
                self.answer()

            def do_PUT(self) -> None:
                self.answer()

            def do_DELETE(self) -> None:
                self.answer()

            def do_PATCH(self) -> None:
                self.answer()

            def answer(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length > 0 else b""
                headers = {k.lower(): v for k, v in self.headers.items()}
                reply = server.mock.answer(self.command, self.path, headers, body)
                if server.log is not None:
                    said = "stalled" if reply.action == "stall" else str(reply.status)
                    print(f"{self.command} {self.path} -> {said}" + (" (cut)" if reply.action == "cut" else ""),
                          file=server.log, flush=True)  # fmt: skip
                self.send(reply)

            def send(self, reply: Reply) -> None:
                if reply.action == "stall":
                    server.released.wait(timeout=server.mock.stall_seconds)
                    self.close_connection = True
                    return
                self.send_response(reply.status, EDGE_PAGES.get(reply.status) if reply.status >= 520 else None)
                if reply.content_type is not None:
                    self.send_header("Content-Type", reply.content_type)
                self.send_header("Content-Length", str(len(reply.body) + (1000 if reply.action == "cut" else 0)))
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(reply.body[: len(reply.body) // 2] if reply.action == "cut" else reply.body)
                if reply.action == "cut":
                    self.close_connection = True

            def log_message(self, format: str, *args: object) -> None:
                return  # one line per request, from answer(), where asked

        return Handler

    def start(self) -> MockServer:
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()
        return self

    def serve_forever(self) -> None:
        self.httpd.serve_forever(poll_interval=0.2)

    def stop(self) -> None:
        self.released.set()
        if self.thread is not None:
            self.httpd.shutdown()
            self.thread.join(timeout=10)
        self.httpd.server_close()

    def __enter__(self) -> MockServer:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.stop()


def parser() -> argparse.ArgumentParser:
    hosts = shipped_hosts()
    listed = "\n".join(f"  {name:<13} {said}" for name, said in FAILURES.items())
    ask = argparse.ArgumentParser(
        prog="raydium-api-mock", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Serve one Raydium API host from its OpenAPI description: every operation answers with "
                    "its named examples, requests are checked against the description, and the edge's failures "
                    "come on request.",
        epilog="failures (--failure for the run; X-Mock-Failure: NAME or ?mock-failure=NAME for one request):\n"
               + listed + "\n\nPrefer: code=NNN, example=NAME picks a declared response and its named example.",
    )  # fmt: skip
    ask.add_argument("--host", required=True, choices=hosts, help="the host to serve")
    ask.add_argument("--port", type=int, default=8080, help="the port (0: a free one; default 8080)")
    ask.add_argument("--bind", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    ask.add_argument("--failure", metavar="NAME", help="a failure for every request of the run (see below)")
    ask.add_argument("--failure-times", type=int, metavar="N",
                     help="with --failure: only each operation's first N requests fail (429 then success: 1)")
    ask.add_argument("--failure-msg", metavar="TEXT",
                     help="the msg of the failures the mock makes up (failure-NNN, 429), such as REQ_POOL_NOT_OPEN")
    ask.add_argument("--retry-after", type=int, default=1, metavar="SECONDS",
                     help="the Retry-After of the 429 failures (default 1)")
    ask.add_argument("--stall-seconds", type=float, default=30.0, metavar="SECONDS",
                     help="how long a stall holds a connection (default 30)")
    ask.add_argument("--quiet", action="store_true", help="no line per request on stderr")
    ask.add_argument("--version", action="version", version=f"raydium-api-mock {package_version()}")
    return ask


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.failure is not None and not known_failure(args.failure):
        parser().error(f"no failure named {args.failure!r} (failures: {', '.join(FAILURES)})")
    try:
        server = MockServer(args.host, args.bind, args.port, failure=args.failure, failure_times=args.failure_times,
                            retry_after=args.retry_after, stall_seconds=args.stall_seconds,
                            failure_msg=args.failure_msg, log=None if args.quiet else sys.stderr)  # fmt: skip
    except OSError as exc:
        print(f"raydium-api-mock: cannot listen on {args.bind}:{args.port}: {exc}", file=sys.stderr)
        return 1
    description = server.mock.description
    failure = f"; failure {args.failure}" if args.failure else ""
    print(f"raydium-api-mock {package_version()}: {args.host} {description.version} at {server.url} "
          f"({len(description.operations)} operations{failure})", flush=True)  # fmt: skip

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    started = time.monotonic()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.released.set()
        server.httpd.server_close()
    if not args.quiet:
        print(f"raydium-api-mock: stopped after {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0
