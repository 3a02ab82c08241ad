"""The drift probe: does each host still answer what its description says?

    raydium-api-probe --out drift/                        (the public hosts)
    raydium-api-probe --base-url pool-v3=http://127.0.0.1:8080 --out drift/

A bounded plan of read-only requests: each GET operation once, with the parameters' examples
from the description; never a POST (a transaction build, a share) and never an operation whose
answer is a secret (x-sensitive: the perps temporary keypair). One request at a time, at most
one a second by default, a Retry-After honoured (the operation asked again once), and a cap on
the requests of the run. Each response is checked against the full bundle and the source-only
view (check.py); DIR/drift.json and DIR/drift.md say what was sent, the status, and each
finding with its kind and JSON pointer.

Exit status: 0 no breaking drift; 1 breaking drift (with --strict, a failure too); 2 nothing
could be checked (no operation answered with JSON), or the command line is wrong.

HTTP is the standard library's urllib: GET with a timeout is all the probe sends, and a
dependency fewer is one less thing to install in a scheduled CI job (docs/decisions/, 142).
"""

from __future__ import annotations

import argparse
import email.utils
import http.client
import json
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

from ._description import JSON, Description, Operation, shipped_hosts
from .check import Finding, findings
from .report import markdown


def package_version() -> str:
    try:
        return version("raydium-api-probe")
    except PackageNotFoundError:  # run from a folder, not installed
        return "0+unknown"


@dataclass
class Probed:
    """One operation of the plan: what was sent (or why nothing was) and what came back."""

    host: str
    op: Operation
    query: dict[str, str] = field(default_factory=dict)
    url: str = ""
    outcome: str = "not-sent"  # ok, drift, failure, skipped, not-sent
    reason: str = ""
    status: int | None = None
    body: str = ""  # json, html, text, empty, truncated, malformed-json, none (no response)
    seconds: float = 0.0
    requests: int = 0
    findings: list[Finding] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        sent = {"method": "GET", "url": self.url, "query": self.query} if self.url else None
        found: dict[str, Any] = {"host": self.host, "operationId": self.op.operation_id}
        found.update({"method": self.op.method.upper(), "path": self.op.path, "outcome": self.outcome})
        if self.reason:
            found["reason"] = self.reason
        if sent is not None:
            found.update({"sent": sent, "requests": self.requests, "status": self.status, "body": self.body,
                          "seconds": round(self.seconds, 3)})  # fmt: skip
        found["findings"] = [f.record() for f in self.findings]
        return found


@dataclass
class Answer:
    status: int | None
    headers: dict[str, str]
    body: bytes
    truncated: bool = False
    error: str = ""  # a transport failure: no response


def skip_reason(description: Description, op: Operation) -> str:
    """Why the probe does not send the operation ("" where it does)."""
    if op.method != "get":
        return f"{op.method.upper()}: the probe sends GET only (never a transaction build or a body)"
    if op.sensitive:
        return "its answer is a secret (x-sensitive): the probe never asks for one"
    missing = [p.name for p in op.parameters if p.required and not p.examples]
    if missing:
        return f"no example for the required parameter(s) {', '.join(missing)}"
    return ""


def plan(description: Description, base_url: str) -> list[Probed]:
    """Each operation of the host, in the description's order, with the request the probe
    sends: every query parameter that has an example, at its first example."""
    planned = []
    for op in description.operations:
        probed = Probed(description.host, op)
        probed.reason = skip_reason(description, op)
        if probed.reason:
            probed.outcome = "skipped"
        else:
            path = op.path
            for param in op.parameters:
                if param.location == "path":
                    path = path.replace("{" + param.name + "}", quote(str(param.example), safe=""))
            probed.query = {p.name: text(p.example) for p in op.parameters if p.location == "query" and p.examples}
            probed.url = base_url.rstrip("/") + path + ("?" + urlencode(probed.query) if probed.query else "")
        planned.append(probed)
    return planned


def text(value: JSON) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def fetch(url: str, timeout: float) -> Answer:
    """One GET (redirects followed, as urllib does for GET), its body read whole."""
    request = urllib.request.Request(url, method="GET", headers={  # noqa: S310 - the URL is the user's or the description's
        "Accept": "application/json", "User-Agent": f"raydium-api-probe/{package_version()} (read-only drift probe)"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
            return read(response.status, dict(response.headers.items()), response)
    except urllib.error.HTTPError as failed:
        return read(failed.code, dict(failed.headers.items()), failed)
    except (urllib.error.URLError, OSError, http.client.HTTPException) as exc:
        reason = exc.reason if isinstance(exc, urllib.error.URLError) else exc
        return Answer(None, {}, b"", error=f"{type(reason).__name__}: {reason}")


def read(status: int, headers: dict[str, str], stream: Any) -> Answer:
    try:
        return Answer(status, {k.lower(): v for k, v in headers.items()}, stream.read())
    except http.client.IncompleteRead as cut:
        return Answer(status, {k.lower(): v for k, v in headers.items()}, bytes(cut.partial), truncated=True)
    except (OSError, http.client.HTTPException) as exc:
        return Answer(status, {k.lower(): v for k, v in headers.items()}, b"", truncated=True, error=str(exc))


def body_type(answer: Answer) -> tuple[str, JSON]:
    """What the body is (json, html, text, empty, truncated, malformed-json, none), and its JSON."""
    if answer.status is None:
        return "none", None
    if answer.truncated:
        return "truncated", None
    if not answer.body.strip():
        return "empty", None
    content_type = answer.headers.get("content-type", "").lower()
    if "html" in content_type or answer.body.lstrip()[:1] == b"<":
        return "html", None
    try:
        return "json", json.loads(answer.body)
    except ValueError:
        return ("malformed-json" if "json" in content_type else "text"), None


def retry_after(headers: dict[str, str]) -> float | None:
    """Retry-After in seconds (a number, or an HTTP-date from now); None where absent or unreadable."""
    value = headers.get("retry-after", "").strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


def failure(answer: Answer, kind: str, value: JSON) -> Finding | None:
    """The failure finding of a response (None for a success with a JSON body)."""
    envelope = value if isinstance(value, dict) else {}
    if answer.status == 200 and kind == "json" and envelope.get("success") is not False:
        return None
    parts = [f"HTTP {answer.status}" if answer.status is not None else "no response", f"body {kind}"]
    error = envelope.get("error")
    code = error.get("code") if isinstance(error, dict) else None
    if code is not None or envelope.get("msg"):
        parts.append(f"code {code if code is not None else envelope.get('msg')}")
    if answer.headers.get("retry-after"):
        parts.append(f"Retry-After {answer.headers['retry-after']}")
    if answer.error:
        parts.append(answer.error)
    return Finding("failure", "", "full", False, ", ".join(str(p) for p in parts))


class Pacer:
    """The run's pace: requests at least `interval` seconds apart, none before a Retry-After has
    passed, and no more than `cap` in all."""

    def __init__(self, interval: float, cap: int) -> None:
        self.interval, self.cap, self.sent = interval, cap, 0
        self.next_at = 0.0

    def wait(self) -> None:
        delay = self.next_at - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        self.sent += 1
        self.next_at = time.monotonic() + self.interval

    def hold(self, seconds: float) -> None:
        self.next_at = max(self.next_at, time.monotonic() + seconds)


def probe_one(probed: Probed, pacer: Pacer, full: Description, source: Description | None, timeout: float,
              max_wait: float) -> float | None:  # fmt: skip
    """Send the operation (once more after a 429 whose Retry-After the run may wait) and judge
    its answer. Returns a Retry-After the run must not wait (the host is left), else None."""
    started = time.monotonic()
    while True:
        pacer.wait()
        probed.requests += 1
        answer = fetch(probed.url, timeout)
        wait = retry_after(answer.headers) if answer.status == 429 else None
        if wait is not None:
            pacer.hold(wait)
        if wait is None or wait > max_wait or probed.requests > 1 or pacer.sent >= pacer.cap:
            break
    probed.seconds = time.monotonic() - started
    probed.status = answer.status
    probed.body, value = body_type(answer)
    failed = failure(answer, probed.body, value)
    probed.findings = [failed] if failed else []
    if probed.body == "json" and answer.status is not None:
        probed.findings += findings(full, source, probed.op, answer.status, value)
    if any(f.breaking for f in probed.findings):
        probed.outcome = "drift"
    else:
        probed.outcome = "failure" if failed else "ok"
    return wait if wait is not None and wait > max_wait else None


@dataclass
class Run:
    hosts: dict[str, str]  # host: base URL
    out: Path
    interval: float = 1.0
    cap: int = 40
    timeout: float = 20.0
    max_wait: float = 120.0
    strict: bool = False

    def probe(self) -> dict[str, Any]:
        started = datetime.now(UTC)
        pacer = Pacer(self.interval, self.cap)
        descriptions: dict[str, str] = {}
        probed: list[Probed] = []
        for host, base_url in self.hosts.items():
            full = Description.load(host)
            source = Description.load(host, "source-only")
            descriptions[host] = full.version
            planned = plan(full, base_url)
            probed += planned
            left: float | None = None
            for entry in planned:
                if entry.outcome == "skipped":
                    continue
                if left is not None:
                    entry.reason = f"the host asked to wait {left:.0f} s (Retry-After), more than --max-wait"
                elif pacer.sent >= pacer.cap:
                    entry.reason = f"the run's cap of {pacer.cap} requests was reached"
                else:
                    left = probe_one(entry, pacer, full, source, self.timeout, self.max_wait)
        return self.report(started, descriptions, probed, pacer)

    def report(self, started: datetime, descriptions: dict[str, str], probed: list[Probed],
               pacer: Pacer) -> dict[str, Any]:  # fmt: skip
        all_findings = [f for p in probed for f in p.findings]
        kinds: dict[str, int] = {}
        for found in all_findings:
            kinds[found.kind] = kinds.get(found.kind, 0) + 1
        checked = sum(1 for p in probed if p.body == "json")
        breaking = any(f.breaking for f in all_findings)
        failed = any(p.outcome == "failure" for p in probed)
        status = 2 if checked == 0 else 1 if breaking or (self.strict and failed) else 0
        return {
            "tool": "raydium-api-probe", "version": package_version(),
            "started": started.isoformat(timespec="seconds"),
            "finished": datetime.now(UTC).isoformat(timespec="seconds"),
            "descriptions": descriptions, "baseUrls": self.hosts,
            "settings": {"interval": self.interval, "maxRequests": self.cap, "timeout": self.timeout,
                         "maxWait": self.max_wait, "strict": self.strict},
            "summary": {"operations": len(probed), "sent": sum(1 for p in probed if p.url and p.requests),
                        "checked": checked, "requests": pacer.sent, "breaking": breaking,
                        "outcomes": {o: sum(1 for p in probed if p.outcome == o)
                                     for o in ("ok", "drift", "failure", "skipped", "not-sent")},
                        "findings": kinds, "exitStatus": status},
            "operations": [p.record() for p in probed],
        }  # fmt: skip


def parser() -> argparse.ArgumentParser:
    ask = argparse.ArgumentParser(
        prog="raydium-api-probe", formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Check the Raydium API hosts against their OpenAPI descriptions with a bounded plan of "
                    "read-only GET requests; write DIR/drift.json and DIR/drift.md.",
        epilog="hosts probed: those named by --host; else those given a --base-url; else every host with a "
               "public server.\nexit status: 0 no breaking drift; 1 breaking drift (--strict: a failure too); "
               "2 nothing could be checked.",
    )  # fmt: skip
    ask.add_argument("--base-url", action="append", default=[], metavar="HOST=URL",
                     help="where a host is (default: its description's public server); repeatable")
    ask.add_argument("--host", action="append", default=[], choices=shipped_hosts(), help="a host to probe; repeatable")
    ask.add_argument("--out", type=Path, required=True, metavar="DIR", help="where drift.json and drift.md go")
    ask.add_argument("--interval", type=float, default=1.0, metavar="SECONDS",
                     help="the least time between two requests (default 1)")
    ask.add_argument("--max-requests", type=int, default=40, metavar="N",
                     help="the most requests the run sends, retries included (default 40)")
    ask.add_argument("--timeout", type=float, default=20.0, metavar="SECONDS", help="per request (default 20)")
    ask.add_argument("--max-wait", type=float, default=120.0, metavar="SECONDS",
                     help="the longest Retry-After the run waits; past it the host is left (default 120)")
    ask.add_argument("--strict", action="store_true", help="a failure (429, 5xx, HTML, a timeout) fails the run too")
    ask.add_argument("--version", action="version", version=f"raydium-api-probe {package_version()}")
    return ask


def chosen_hosts(args: argparse.Namespace, ask: argparse.ArgumentParser) -> dict[str, str]:
    given: dict[str, str] = {}
    for entry in args.base_url:
        host, sep, url = entry.partition("=")
        if not sep or host not in shipped_hosts() or not url.startswith(("http://", "https://")):
            ask.error(f"--base-url {entry!r}: expected HOST=URL, HOST one of {', '.join(shipped_hosts())}")
        given[host] = url
    names = args.host or list(given) or [h for h in shipped_hosts() if Description.load(h).public_url]
    hosts = {}
    for host in dict.fromkeys(names):
        url = given.get(host) or Description.load(host).public_url
        if url is None:
            ask.error(f"{host} has no public server: give its --base-url")
        hosts[host] = url
    return hosts


def main(argv: list[str] | None = None) -> int:
    ask = parser()
    args = ask.parse_args(argv)
    if args.interval < 0 or args.max_requests < 1 or args.timeout <= 0:
        ask.error("--interval must be 0 or more, --max-requests 1 or more, --timeout more than 0")
    run = Run(chosen_hosts(args, ask), args.out, args.interval, args.max_requests, args.timeout, args.max_wait,
              args.strict)  # fmt: skip
    result = run.probe()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "drift.json").write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    (args.out / "drift.md").write_text(markdown(result), encoding="utf-8")
    summary = result["summary"]
    print(f"raydium-api-probe: {summary['requests']} request(s), {summary['checked']} answer(s) checked, "
          f"{sum(1 for o in result['operations'] if o['outcome'] == 'drift')} operation(s) with breaking drift, "
          f"{summary['outcomes']['failure']} failure(s); wrote {args.out / 'drift.json'} and {args.out / 'drift.md'}",
          file=sys.stderr)  # fmt: skip
    return int(summary["exitStatus"])
