"""What the mock answers, apart from the socket: one host's description, its operations served
from their named examples, requests checked against it, and the edge's failures on request.

The failures are the ones the client contract is proven against (the repository's hostile test
server, tests/mock_servers.py, knows the same list): the edge's HTML pages and 429s, stalls,
bodies cut short, and bodies the service itself sends that break careless decoders.
"""

from __future__ import annotations

import copy
import json
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal
from urllib.parse import parse_qs, unquote

from ._description import JSON, Description, Operation, Parameter, join

HEADER = "x-mock-failure"  # a request's failure, by header (names are compared without case)
FLAG = "mock-failure"  # ... or by query flag; a hyphen: no operation of ours has such a parameter
UNKNOWN_KEY, UNKNOWN_VALUE = "zzUnknownKey", "unknown"
INVALID_STATUS = 400  # a request the description refuses (the source: a 4xx; which one is not shown)
EDGE_PAGES = {403: "Attention Required!", 500: "Internal server error", 502: "Bad gateway",
              503: "Service unavailable", 504: "Gateway time-out", 520: "Web server is returning an unknown error",
              521: "Web server is down", 522: "Connection timed out", 523: "Origin is unreachable",
              524: "A timeout occurred"}  # fmt: skip
FAILURES = {
    "429": "HTTP 429 with Retry-After and the host's failure envelope (the rate limit)",
    "429-html": "HTTP 429 with Retry-After and an HTML page (the edge's rate limit)",
    "403-html": "Cloudflare's block page, HTTP 403, text/html",
    "NNN-html": "Cloudflare's error page with that status: " + ", ".join(f"{s}-html" for s in EDGE_PAGES if s > 403),
    "failure-NNN": "the host's failure envelope with HTTP NNN (failure-200: a failure with HTTP 200, as the "
                   "swap service sends some)",
    "stall": "no answer: the connection stays open, silent, for --stall-seconds, then closes",
    "truncated": "HTTP 200 with the first half of the body (a Content-Length that matches the half)",
    "cut": "HTTP 200, a Content-Length of the whole body, half of it sent, then the connection closed",
    "empty": "HTTP 200 with an empty body",
    "text-plain": "the success body labelled text/plain",
    "null-items": "a null item added to every list of the success body (`data: [null]` where it has none)",
    "unknown-keys": f"a key no description lists ({UNKNOWN_KEY}) in every object of the success body",
    "none": "no failure: turns the run's --failure off for one request",
}  # fmt: skip
_NAME = re.compile(r"^(429|429-html|(403|5\d\d)-html|failure-[1-5]\d\d|stall|truncated|cut|empty|text-plain|"
                   r"null-items|unknown-keys|none)$")  # fmt: skip


def known_failure(name: str) -> bool:
    return bool(_NAME.match(name)) and (not name.endswith("-html") or name == "429-html"
                                        or int(name[:3]) in EDGE_PAGES)  # fmt: skip


def edge_page(status: int) -> bytes:
    """An HTML page shaped like the one Cloudflare sends for the status."""
    title = EDGE_PAGES.get(status, "Too many requests" if status == 429 else "Error")
    return (f"<!DOCTYPE html>\n<html lang=\"en-US\"><head><title>{title} | Cloudflare</title></head>\n"
            f"<body><h1>Error {status}</h1><p>{title}</p><p>Cloudflare Ray ID: 0000000000000000</p>"
            "</body></html>\n").encode()  # fmt: skip


@dataclass
class Reply:
    """What the server does with one request: `send` the reply; `cut` (send the headers and half
    the body, announce all of it, close); `stall` (send nothing, hold the connection)."""

    status: int
    body: bytes = b""
    content_type: str | None = "application/json"
    headers: dict[str, str] = field(default_factory=dict)
    action: Literal["send", "cut", "stall"] = "send"


def with_unknown_keys(node: JSON) -> JSON:
    if isinstance(node, dict):
        return {**{k: with_unknown_keys(v) for k, v in node.items()}, UNKNOWN_KEY: UNKNOWN_VALUE}
    if isinstance(node, list):
        return [with_unknown_keys(v) for v in node]
    return node


def with_null_items(body: JSON) -> JSON:
    """Every list of the body with a null item added; a body without a list gets `data: [null]`."""
    found = False

    def walk(node: JSON) -> JSON:
        nonlocal found
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            found = True
            return [*(walk(v) for v in node), None]
        return node

    changed = walk(body)
    return changed if found or not isinstance(changed, dict) else {**changed, "data": [None]}


def upper_snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper()


def preference(header: str | None) -> dict[str, str]:
    """`Prefer: code=429, example=name` (Prism's header) as {"code": "429", "example": "name"}."""
    found = {}
    for part in re.split(r"[,;]", header or ""):
        key, _, value = part.strip().partition("=")
        if key and value:
            found[key.strip().lower()] = value.strip().strip('"')
    return found


class Mock:
    """One host's mock: `answer()` gives the Reply to a request. `failure` (with `failure_times`:
    only the first N requests of each operation) applies to every request that does not choose
    its own (header X-Mock-Failure or query flag mock-failure; `none` for no failure). The
    failure envelopes it makes up (`failure-NNN`, `429`) carry `failure_msg` where given (a code
    such as REQ_POOL_NOT_OPEN, to test a bot's branch), else the description's example's."""

    def __init__(self, description: Description, failure: str | None = None, failure_times: int | None = None,
                 retry_after: int = 1, stall_seconds: float = 30.0,
                 failure_msg: str | None = None) -> None:  # fmt: skip
        if failure is not None and not known_failure(failure):
            raise ValueError(f"no failure named {failure!r} (failures: {', '.join(FAILURES)})")
        self.description, self.failure, self.failure_times = description, failure, failure_times
        self.retry_after, self.stall_seconds, self.failure_msg = retry_after, stall_seconds, failure_msg
        self.routes = [(self._pattern(op.path), op) for op in description.operations]
        self.failure_example = self._first_example(INVALID_STATUS) or {"success": False, "msg": "request failed"}
        self.rate_limited = self._first_example(429) or self.failure_body("too many requests")
        self.counts: dict[str, int] = {}
        self.lock = threading.Lock()

    @staticmethod
    def _pattern(template: str) -> re.Pattern[str]:
        parts = re.split(r"\{([^}/]+)\}", template)
        regex = "".join(re.escape(p) if i % 2 == 0 else "([^/]+)" for i, p in enumerate(parts))
        return re.compile(f"^{regex}/?$")

    # -- the request ---------------------------------------------------------------------------
    def answer(self, method: str, target: str, headers: Mapping[str, str], body: bytes = b"") -> Reply:
        """The reply to `method target` (target: path and query), `headers` with lower-case names."""
        path, _, query_text = target.partition("?")
        query = parse_qs(query_text, keep_blank_values=True)
        flag = query.pop(FLAG, [None])[-1]
        matches = [(op, m) for pattern, op in self.routes if (m := pattern.match(unquote(path)))]
        op, found = next(((op, m) for op, m in matches if op.method == method.lower()), (None, None))
        failure = headers.get(HEADER) or flag or (self._run_failure(op) if op else None)
        if failure is not None and not known_failure(failure):
            return self.failure_reply(INVALID_STATUS, f"raydium-api-mock: no failure named {failure!r} "
                                                      f"(failures: {', '.join(FAILURES)})")  # fmt: skip
        if op is None or found is None:
            status = 405 if matches else 404
            return self.failure_reply(status, f"{method} {path}: " + ("method not allowed" if matches else "not found"))
        edge = self.edge(failure)
        if edge is not None:
            return edge
        path_values = dict(zip((p.name for p in op.parameters if p.location == "path"), found.groups(), strict=False))
        problem = self.check(op, query, path_values, headers, body)
        if problem is not None:
            return self.failure_reply(INVALID_STATUS, problem)
        reply = self.declared(op, preference(headers.get("prefer")))
        return self.mutated(reply, failure) if failure not in (None, "none") else reply

    def _run_failure(self, op: Operation) -> str | None:
        if self.failure is None:
            return None
        with self.lock:
            key = f"{op.method} {op.path}"
            self.counts[key] = count = self.counts.get(key, 0) + 1
        return self.failure if self.failure_times is None or count <= self.failure_times else None

    # -- failures ------------------------------------------------------------------------------
    def failure_body(self, msg: str | None = None) -> dict[str, Any]:
        """The host's failure envelope: its description's failure example (the `default`
        response's), with `msg` when given."""
        body = copy.deepcopy(self.failure_example)
        return {**body, "msg": msg} if msg else body

    def _first_example(self, status: int) -> dict[str, Any] | None:
        """The first JSON object any operation's response for `status` has as an example."""
        for op in self.description.operations:
            response = self.description.response(op, status)
            media = self.description.json_media(response) if response else None
            for value in self.description.examples(media).values() if media else []:
                if isinstance(value, dict):
                    return value
        return None

    def failure_reply(self, status: int, msg: str | None = None, headers: dict[str, str] | None = None) -> Reply:
        return Reply(status, json.dumps(self.failure_body(msg)).encode(), headers=headers or {})

    def edge(self, failure: str | None) -> Reply | None:
        """The failures that replace the service's answer (None for those that alter it)."""
        retry = {"Retry-After": str(self.retry_after)}
        if failure == "429":
            body = {**self.rate_limited, "msg": self.failure_msg} if self.failure_msg else self.rate_limited
            return Reply(429, json.dumps(body).encode(), headers=retry)
        if failure == "429-html":
            return Reply(429, edge_page(429), "text/html; charset=UTF-8", retry)
        if failure is not None and failure.endswith("-html"):
            return Reply(int(failure[:3]), edge_page(int(failure[:3])), "text/html; charset=UTF-8")
        if failure is not None and failure.startswith("failure-"):
            return self.failure_reply(int(failure.removeprefix("failure-")), self.failure_msg)
        if failure == "stall":
            return Reply(0, action="stall")
        return None

    def mutated(self, reply: Reply, failure: str) -> Reply:
        """The service's reply as a failure alters it."""
        body = reply.body
        if failure == "truncated":
            return Reply(reply.status, body[: len(body) // 2], reply.content_type, reply.headers)
        if failure == "cut":
            return Reply(reply.status, body, reply.content_type, reply.headers, action="cut")
        if failure == "empty":
            return Reply(reply.status, b"", reply.content_type, reply.headers)
        if failure == "text-plain":
            return Reply(reply.status, body, "text/plain; charset=utf-8", reply.headers)
        if not body or reply.content_type != "application/json":
            return reply  # a body the source does not show: nothing to alter
        value = json.loads(body)
        changed = with_null_items(value) if failure == "null-items" else with_unknown_keys(value)
        return Reply(reply.status, json.dumps(changed).encode(), reply.content_type, reply.headers)

    # -- the service's answer ------------------------------------------------------------------
    def declared(self, op: Operation, prefer: dict[str, str]) -> Reply:
        """The response the description declares: 200 (or `Prefer: code=NNN`), from its first
        success example (or `Prefer: example=NAME`), with the headers that have examples."""
        status = int(prefer["code"]) if prefer.get("code", "").isdigit() else 200
        response = self.description.response(op, status)
        if response is None:
            return self.failure_reply(INVALID_STATUS, f"raydium-api-mock: {op.operation_id} declares no response "
                                                      f"for status {status}")  # fmt: skip
        headers = self.description.headers(response)
        media = self.description.json_media(response)
        if media is None:
            return Reply(status, b"", None, headers)
        examples = self.description.examples(media)
        if "example" in prefer:
            if prefer["example"] not in examples:
                return self.failure_reply(INVALID_STATUS, f"raydium-api-mock: {op.operation_id} has no example "
                                                          f"{prefer['example']!r} for status {status} (examples: "
                                                          f"{', '.join(examples) or 'none'})")  # fmt: skip
            value = examples[prefer["example"]]
        else:
            wanted = status < 400
            value = next((v for v in examples.values() if isinstance(v, dict) and v.get("success") is wanted),
                         next(iter(examples.values()), None))  # fmt: skip
        if value is None:
            value = self.failure_body("too many requests" if status == 429 else None)
        return Reply(status, json.dumps(value).encode(), headers=headers)

    def check(self, op: Operation, query: dict[str, list[str]], path_values: dict[str, str],
              headers: Mapping[str, str], body: bytes) -> str | None:  # fmt: skip
        """The failure's msg for a request the description refuses (None: it accepts it)."""
        for param in op.parameters:
            if param.location == "query":
                raw = query[param.name][-1] if param.name in query else None
            elif param.location == "header":
                raw = headers.get(param.name.lower())
            else:
                raw = path_values.get(param.name)
            if raw is None:
                if param.required:
                    return self.refusal(param.name, "is required")
                continue
            problem = self.value_problem(param, raw)
            if problem is not None:
                return self.refusal(param.name, problem)
        if op.body is None:
            return None
        if not body:
            return self.refusal(None, "a JSON body is required") if op.body_required else None
        try:
            value = json.loads(body)
        except ValueError:
            return self.refusal(None, "the body is not JSON")
        errors = sorted(self.description.validator(op.body).iter_errors(value), key=lambda e: list(e.path))
        if not errors:
            return None
        first = errors[0]
        where = next((str(p) for p in first.path), None)
        if first.validator == "required" and where is None:
            missing = [k for k in first.validator_value if isinstance(value, dict) and k not in value]
            where = missing[0] if missing else None
        return self.refusal(where, first.message[:200])

    def value_problem(self, param: Parameter, raw: str) -> str | None:
        """What is wrong with a parameter's text (None: a value the schema admits, read as the
        schema's type: an integer's digits as an integer, `true` as a boolean)."""
        if not param.schema:
            return None
        validator = self.description.validator(param.schema)
        first_error = None
        for candidate in self.candidates(param.schema, raw):
            error = next(iter(validator.iter_errors(candidate)), None)
            if error is None:
                return None
            first_error = first_error or error
        return first_error.message[:200] if first_error else None

    def candidates(self, pointer: str, raw: str) -> list[JSON]:
        """The values a query text can stand for under the schema's types, typed ones first."""
        types: set[str] = set()
        pending = [pointer]
        while pending:
            at, schema = self.description.follow(pending.pop())
            if not isinstance(schema, dict):
                continue
            kind = schema.get("type")
            types.update([kind] if isinstance(kind, str) else kind or [])
            for key in ("anyOf", "oneOf", "allOf"):
                pending += [join(at, key, i) for i in range(len(schema.get(key) or []))]
        found: list[JSON] = []
        if types & {"integer", "number"} and re.fullmatch(r"-?\d+", raw):
            found.append(int(raw))
        if "number" in types and re.fullmatch(r"-?\d+(\.\d+)?([eE][-+]?\d+)?", raw):
            found.append(float(raw))
        if "boolean" in types and raw in ("true", "false"):
            found.append(raw == "true")
        if "array" in types:
            found.append(raw.split(","))
        return [*found, raw]

    def refusal(self, name: str | None, problem: str) -> str:
        """The msg of a refused request: where the host has error codes (the swap service), the
        code of the field when the description lists one (slippageBps: REQ_SLIPPAGE_BPS_ERROR);
        otherwise the field and the problem in words."""
        code = f"REQ_{upper_snake(name)}_ERROR" if name else None
        if code is not None and code in self.description.error_codes():
            return code
        return f"invalid {'parameter ' + name if name else 'request'}: {problem}"
