"""drift.md: the probe's report for people, from the record drift.json holds."""

from __future__ import annotations

from typing import Any

KINDS = {
    "type": "a value of another JSON type than the description's (breaking)",
    "shape": "a value the description's other rules refuse: enum, pattern, bound, oneOf, not (breaking)",
    "missing-required": "a field the description requires is absent (breaking)",
    "unlisted-key": "a key the description does not list, where it lists the object's keys (not breaking)",
    "empty-success": "success with an empty data (not breaking; how a moved endpoint once answered)",
    "failure": "the service or its edge failed: status, code, body type (not breaking unless --strict)",
}


def cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown(result: dict[str, Any]) -> str:
    summary = result["summary"]
    drifted = [o for o in result["operations"] if o["outcome"] == "drift"]
    verdict = (f"**Breaking drift in {len(drifted)} operation(s).**" if summary["breaking"] else
               "**Nothing checked: no operation answered with JSON.**" if summary["checked"] == 0 else
               "**No breaking drift.**")  # fmt: skip
    described = ", ".join(f"{h} {v}" for h, v in result["descriptions"].items())
    lines = [
        "# Drift report", "",
        f"{result['tool']} {result['version']}, {result['started']} to {result['finished']}; descriptions: "
        f"{described}.", "",
        f"{verdict} {summary['requests']} request(s) sent (cap {result['settings']['maxRequests']}, at least "
        f"{result['settings']['interval']} s apart), {summary['checked']} answer(s) checked against the full bundle "
        f"and the source-only view. Exit status {summary['exitStatus']}.", "",
        "| host | operation | status | body | outcome | findings |", "|---|---|---|---|---|---|",
    ]  # fmt: skip
    for op in result["operations"]:
        status = op.get("status") if op.get("status") is not None else "-"
        counts: dict[str, int] = {}
        for found in op["findings"]:
            counts[found["kind"]] = counts.get(found["kind"], 0) + 1
        said = ", ".join(f"{k} {n}" for k, n in counts.items()) or op.get("reason", "")
        lines.append(f"| {op['host']} | `{op['method']} {op['path']}` ({op['operationId']}) | {status} | "
                     f"{op.get('body', '-') or '-'} | {op['outcome']} | {cell(said)} |")  # fmt: skip
    with_findings = [o for o in result["operations"] if o["findings"]]
    if with_findings:
        lines += ["", "## Findings"]
    for op in with_findings:
        status = f"HTTP {op['status']}" if op["status"] is not None else "no response"
        lines += ["", f"### {op['host']} {op['operationId']}", "",
                  f"Sent `GET {op['sent']['url']}`: {status}, body {op['body']}.", ""]  # fmt: skip
        for found in sorted(op["findings"], key=lambda f: (not f["breaking"], f["view"], f["pointer"])):
            where = f"`{found['pointer']}`" if found["pointer"] else "the response"
            flag = "breaking" if found["breaking"] else "not breaking"
            view = "" if found["view"] == "full" else " (source-only view)"
            lines.append(f"- **{found['kind']}** at {where}, {flag}{view}: {cell(found['message'])}")
    lines += ["", "## Kinds", "", *(f"- **{kind}**: {said}" for kind, said in KINDS.items()), ""]
    return "\n".join(lines)
