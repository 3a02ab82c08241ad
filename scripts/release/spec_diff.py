"""What changed in each host's description since a base, and whether it breaks a client.

Usage: python -m scripts.release.spec_diff [--base REF] [--json OUT] [--gate] HOST [HOST ...]

The base is a git ref (`--base`), or by default each host's last release (its bundle,
releases/<host>/<host>.yaml, written by `make release`), or the first commit where no
release exists. Both sides are fully dereferenced, so a rule reads the same whether it sits
inline, behind a $ref or in an allOf. Prints the changes in plain words per host and, against
the last release, the version the next `make release` gives the description (major for a
breaking change, minor for any other change to the API, patch for documentation alone);
writes them as JSON with --json. With --gate it exits 1 when a description's info.version is
not its last release's: versions are written by `make release` alone.

Breaking (a client generated from the base can fail): an operation removed, an
operationId renamed; a parameter removed or renamed, made required, or added as required;
a request body made required; a request field made required, added as required or
removed; an enum value removed from a request, or added to a response; a type changed; a
request bound tightened; a response field removed or no longer required. Everything else
is non-breaking (an operation, an optional parameter or an optional response field added,
a bound loosened, a description changed).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..common.paths import REPO
from ..spec import deref, oas

RELEASES = REPO / "releases"
SEMVER = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


@dataclass(frozen=True)
class Change:
    host: str
    operation: str  # operationId (or METHOD path) the change is in; "" for the whole host
    breaking: bool
    what: str  # in plain words
    sentence: str = ""  # the change as a sentence for release notes: what changes, and for whom it breaks

    @property
    def said(self) -> str:
        """The sentence, or the plain words where there is none."""
        return self.sentence or self.what

    def __str__(self) -> str:
        where = f"{self.operation}: " if self.operation else ""
        return f"{'BREAKING' if self.breaking else 'change'}: {self.host}: {where}{self.what}"


def version_key(version: str) -> tuple[int, ...]:
    match = SEMVER.match(version)
    return tuple(int(p) for p in match.groups()) if match else (-1,)


def same_major(previous: str, version: str) -> bool:
    """Whether `version` keeps the callers of `previous` working by the rule of semver's 0.x
    versions as Cargo and npm apply it: the leftmost non-zero part is the major one (1.4.2 and
    1.9.0 are one series, 0.3.1 and 0.4.0 are not, 0.0.19 and 0.0.20 are not). A change that
    breaks callers needs `False` here: a major bump."""
    old, new = version_key(previous), version_key(version)
    width = _major_part(old) + 1
    return old[:width] == new[:width]


def next_major(version: str) -> str:
    """The first version that is a major bump of `version` by `same_major`'s rule: 1.4.2 ->
    2.0.0, 0.3.1 -> 0.4.0, 0.0.19 -> 0.0.20."""
    parts = version_key(version)
    i = _major_part(parts)
    return ".".join(str(p) for p in [*parts[:i], parts[i] + 1, *[0] * (len(parts) - i - 1)])


def bump(version: str, level: str) -> str:
    """The next version at a level ("patch", "minor" or "major") by `same_major`'s rule, where a
    0.x version's parts shift right: 1.4.2 -> 1.4.3, 1.5.0, 2.0.0; 0.3.1 -> 0.3.2, 0.3.2, 0.4.0;
    0.0.19 -> 0.0.20 at every level."""
    if level == "major":
        return next_major(version)
    parts = list(version_key(version))
    if len(parts) != 3:
        raise ValueError(f"not a version: {version!r}")
    if level == "minor" and _major_part(version_key(version)) == 0:
        return f"{parts[0]}.{parts[1] + 1}.0"
    return f"{parts[0]}.{parts[1]}.{parts[2] + 1}"


def level(changes: list[Change]) -> str:
    """The level of a description release with these changes (its text differs from the last
    release's): "major" for a breaking change, "minor" for any other change to the API, "patch"
    for a change to its documentation alone (descriptions, examples, samples)."""
    api = [c for c in changes if not c.what.startswith("info.version")]
    if any(c.breaking for c in api):
        return "major"
    return "minor" if api else "patch"


def _major_part(parts: tuple[int, ...]) -> int:
    """The index of a version's major part: its leftmost non-zero part (the last of 0.0.0)."""
    return next((i for i, part in enumerate(parts) if part), len(parts) - 1)


def baseline(host: str) -> Path | None:
    """The bundle of the host's description at its last release (releases/<host>/<host>.yaml),
    or None before its first."""
    path = RELEASES / host / f"{host}.yaml"
    return path if path.exists() else None


def first_commit() -> str:
    out = subprocess.run(["git", "rev-list", "--max-parents=0", "HEAD"], capture_output=True, text=True, check=True,
                         cwd=REPO).stdout.split()  # fmt: skip
    return out[-1]


def base_document(host: str, base: str | None) -> tuple[dict[str, Any] | None, str]:
    """The host's dereferenced description at the base, and the base's name; None where the
    host did not exist there."""
    if base is None:
        released = baseline(host)
        if released is not None:
            doc = dict(deref.dereference(released))
            return doc, f"release {host} {doc['info'].get('version')}"
        base = first_commit()
    proc = subprocess.run(["git", "show", f"{base}:generated/openapi/{host}.deref.json"], capture_output=True,
                          text=True, check=False, cwd=REPO)  # fmt: skip
    if proc.returncode != 0:
        if "does not exist" in proc.stderr or "exists on disk, but not in" in proc.stderr:
            return None, base
        raise SystemExit(f"spec_diff: cannot read {host} at {base}: {proc.stderr.strip()}")
    return json.loads(proc.stdout), base


def _types(schema: dict[str, Any]) -> set[str]:
    """The types a schema admits (empty: any), its allOf members' types intersected in and its
    anyOf/oneOf members' types joined (when every member names its types)."""
    t = schema.get("type")
    found = set(t) if isinstance(t, list) else {t} if t else set()
    member_types = [_types(m) for m in schema.get("anyOf") or schema.get("oneOf") or [] if isinstance(m, dict)]
    if member_types and all(member_types):
        union = set().union(*member_types)
        found = found & union if found else union
    for member in schema.get("allOf") or []:
        more = _types(member) if isinstance(member, dict) else set()
        if more:
            found = found & more if found else more
    return found


def _where(label: str, start: bool = False) -> str:
    """A differ's label in words: `response.data.id` is "`data.id` in the response",
    `query parameter 'ids'` is "the query parameter `ids`"; capitalised at a sentence's start."""
    for part in ("response", "request body"):
        if label == part:
            words = f"the {part}"
            break
        if label.startswith(part + ".") or label.startswith(part + "[]"):
            words = f"`{label[len(part):].lstrip('.')}` in the {part}"
            break
    else:
        match = re.fullmatch(r"(\w+) parameter '(.*)'(.*)", label)
        words = f"the {match[1]} parameter `{match[2]}{match[3]}`" if match else f"`{label}`"
    return words[0].upper() + words[1:] if start else words


def _either(types: set[str]) -> str:
    """A set of JSON types in words: "a string", "an integer or a string"."""
    return " or ".join(("an " if t[0] in "aeiou" else "a ") + t for t in sorted(types))


class Differ:
    def __init__(self, host: str) -> None:
        self.host = host
        self.changes: list[Change] = []

    def add(self, operation: str, breaking: bool, what: str, sentence: str = "", why: str = "") -> None:
        """A change: `what` in plain words, `sentence` the same said for a release note (no full
        stop), and `why`, said after it only when the change breaks, what a client built from the
        old description meets."""
        said = f"{sentence}: {why}." if breaking and why else f"{sentence}." if sentence else ""
        self.changes.append(Change(self.host, operation, breaking, what, said))

    # -- documents ---------------------------------------------------------------
    def documents(self, old: dict[str, Any], new: dict[str, Any]) -> None:
        if old["info"].get("version") != new["info"].get("version"):
            self.add("", False, f"info.version {old['info'].get('version')} -> {new['info'].get('version')}",
                     f"The description is now version {new['info'].get('version')}")
        old_ops, new_ops = operations(old), operations(new)
        for key in sorted(old_ops.keys() - new_ops.keys()):
            self.add(old_ops[key].get("operationId", key), True, f"operation {key} removed",
                     f"`{key}` is gone", "a call to it fails, and the clients lose its method")
        for key in sorted(new_ops.keys() - old_ops.keys()):
            self.add(new_ops[key].get("operationId", key), False, f"operation {key} added",
                     f"New operation `{key}`")
        for key in sorted(old_ops.keys() & new_ops.keys()):
            self.operation(key, old_ops[key], new_ops[key])

    def operation(self, key: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        name = new.get("operationId") or key
        if old.get("operationId") != new.get("operationId"):
            renamed = f"{old.get('operationId')!r} renamed to {new.get('operationId')!r}"
            self.add(name, True, f"operationId {renamed} ({key})",
                     f"`{key}` is renamed from `{old.get('operationId')}` to `{new.get('operationId')}`",
                     "the clients' method for it changes its name")
        self.parameters(name, old, new)
        self.request_body(name, old.get("requestBody"), new.get("requestBody"))
        self.response(name, success_schema(old), success_schema(new))
        self.statuses(name, old.get("responses") or {}, new.get("responses") or {})

    # -- parameters --------------------------------------------------------------
    def parameters(self, name: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        def index(op: dict[str, Any]) -> dict[tuple[str, str], dict[str, Any]]:
            return {(p.get("in", ""), p.get("name", "")): p for p in op.get("parameters") or []}

        before, after = index(old), index(new)
        for where, pname in sorted(before.keys() - after.keys()):
            self.add(name, True, f"{where} parameter {pname!r} removed",
                     f"The {where} parameter `{pname}` is gone", "a client that sends it may be refused")
        for where, pname in sorted(after.keys() - before.keys()):
            required = bool(after[(where, pname)].get("required"))
            self.add(name, required, f"{'required' if required else 'optional'} {where} parameter {pname!r} added",
                     f"New {where} parameter `{pname}`, {'required' if required else 'optional'}",
                     "a call without it is refused")
        for key in sorted(before.keys() & after.keys()):
            was, now = before[key], after[key]
            label = f"{key[0]} parameter {key[1]!r}"
            if not was.get("required") and now.get("required"):
                self.add(name, True, f"{label} made required",
                         f"{_where(label, True)} is now required", "a call without it is refused")
            elif was.get("required") and not now.get("required"):
                self.add(name, False, f"{label} made optional", f"{_where(label, True)} is now optional")
            self.schema(name, label, was.get("schema") or {}, now.get("schema") or {}, request=True)

    def request_body(self, name: str, old: Any, new: Any) -> None:
        if not old and not new:
            return
        if old and not new:
            self.add(name, True, "request body removed", "The request body is gone",
                     "a client that sends one may be refused")
            return
        if new and not old:
            self.add(name, bool(new.get("required")), "request body added",
                     f"New request body, {'required' if new.get('required') else 'optional'}",
                     "a call without it is refused")
            return
        if not old.get("required") and new.get("required"):
            self.add(name, True, "request body made required", "The request body is now required",
                     "a call without it is refused")
        self.schema(name, "request body", json_schema(old), json_schema(new), request=True)

    def response(self, name: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        self.schema(name, "response", old, new, request=False)

    def statuses(self, name: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        """Declared statuses: one removed is breaking (a client's branch for it goes), unless
        `default` now declares the same body for it (the wire is unchanged, decision 55)."""
        for status in sorted(old.keys() - new.keys()):
            if "default" in new and json_schema(old[status]) == json_schema(new["default"]):
                self.add(name, False, f"response {status} now declared by default (same body)",
                         f"Response {status} is now declared by `default`, with the same body: nothing changes on "
                         "the wire")
            else:
                self.add(name, True, f"response {status} removed", f"Response {status} is no longer declared",
                         "a client's branch for it goes")
        for status in sorted(new.keys() - old.keys()):
            self.add(name, False, f"response {status} added", f"Response {status} is newly declared")

    # -- schemas -----------------------------------------------------------------
    def schema(self, name: str, label: str, old: dict[str, Any], new: dict[str, Any], *, request: bool,
               depth: int = 0) -> None:  # fmt: skip
        if depth > 12 or not isinstance(old, dict) or not isinstance(new, dict):
            return
        old_t, new_t = _types(old), _types(new)
        if new_t and not old_t:  # a type where any value was admitted: it narrows
            self.add(name, request, f"{label}: type {sorted(new_t)} added",
                     f"{_where(label, True)} is now {_either(new_t)}", "a value of another type is refused")
        if old_t and new_t and old_t != new_t:
            widened = old_t < new_t
            # a request that admits more, or a response that sends less, breaks no client
            self.add(name, not (widened if request else new_t < old_t),
                     f"{label}: type {sorted(old_t)} -> {sorted(new_t)}",
                     f"{_where(label, True)} is now {_either(new_t)}, not {_either(old_t)}",
                     "a value the old description allowed may be refused" if request
                     else "a client that decodes the old type may fail")  # fmt: skip
        self.enums(name, label, old, new, request=request)
        self.formats(name, label, old, new, request=request)
        if request:
            self.bounds(name, label, old, new)
        old_props, new_props = oas.merged_properties(old), oas.merged_properties(new)
        old_req, new_req = oas.merged_required(old), oas.merged_required(new)
        for prop in sorted(old_props.keys() - new_props.keys()):
            self.add(name, True, f"{label}: field {prop!r} removed",
                     f"{_where(f'{label}.{prop}', True)} is gone",
                     "a client that sends it may be refused" if request else "a client reading it finds nothing")
        for prop in sorted(new_props.keys() - old_props.keys()):
            required = prop in new_req
            breaking = request and required
            self.add(name, breaking, f"{label}: {'required' if required else 'optional'} field {prop!r} added",
                     f"New {'required' if required else 'optional'} field {_where(f'{label}.{prop}')}",
                     "a call without it is refused")
        for prop in sorted(old_props.keys() & new_props.keys()):
            sub = f"{label}.{prop}"
            if request and prop not in old_req and prop in new_req:
                self.add(name, True, f"{sub} made required",
                         f"{_where(sub, True)} is now required", "a call without it is refused")
            if not request and prop in old_req and prop not in new_req:
                self.add(name, True, f"{sub} no longer required (a client may find it absent)",
                         f"{_where(sub, True)} may now be absent", "a client that expects it must check")
            self.schema(name, sub, old_props[prop], new_props[prop], request=request, depth=depth + 1)
        if isinstance(old.get("items"), dict) and isinstance(new.get("items"), dict):
            self.schema(name, f"{label}[]", old["items"], new["items"], request=request, depth=depth + 1)

    def enums(self, name: str, label: str, old: dict[str, Any], new: dict[str, Any], *, request: bool) -> None:
        before, after = enum_values(old), enum_values(new)
        if before is None or after is None:
            return
        for value in sorted(before - after):
            self.add(name, True, f"{label}: enum value {json.loads(value)!r} removed",
                     f"{_where(label, True)} can no longer be `{json.loads(value)}`",
                     "a client that sends it may be refused" if request else "a client's branch for it goes")
        for value in sorted(after - before):
            # a client with a closed enum fails on a value it does not know
            self.add(name, not request, f"{label}: enum value {json.loads(value)!r} added",
                     f"{_where(label, True)} can now be `{json.loads(value)}`",
                     "a client that knows a closed list of values fails on it")

    def formats(self, name: str, label: str, old: dict[str, Any], new: dict[str, Any], *, request: bool) -> None:
        """A `format` added, removed or changed. Clients type a value by its format (a uuid, a
        date-time, an int32), so a change a client cannot absorb breaks: a request that must now
        match a format, or whose integer range shrinks; a response whose format a client decoded
        is gone or changed, or whose integer range grows."""
        before, after = old.get("format"), new.get("format")
        if before == after:
            return
        if before is None:
            self.add(name, request, f"{label}: format {after!r} added",
                     f"{_where(label, True)} now has the format `{after}`", "a value that does not match it is refused")
        elif after is None:
            self.add(name, not request, f"{label}: format {before!r} removed",
                     f"{_where(label, True)} no longer has the format `{before}`",
                     "a client that decodes it as one may fail")
        else:
            ranges = FORMAT_RANGES.get(str(before)), FORMAT_RANGES.get(str(after))
            if ranges[0] is not None and ranges[1] is not None:
                widened = ranges[1][0] <= ranges[0][0] and ranges[0][1] <= ranges[1][1]
                narrowed = ranges[0][0] <= ranges[1][0] and ranges[1][1] <= ranges[0][1]
                breaking = not widened if request else not narrowed
            else:
                breaking = True
            self.add(name, breaking, f"{label}: format {before!r} -> {after!r}",
                     f"{_where(label, True)} now has the format `{after}`, not `{before}`",
                     f"a client built for `{before}` may fail")

    def bounds(self, name: str, label: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        # a lower bound tightens when it rises, an upper bound when it falls
        for key, lower in (("minimum", True), ("maximum", False), ("minLength", True), ("maxLength", False)):
            a, b = old.get(key), new.get(key)
            if a is None and b is not None:
                # a bound that only states the range the format already held tightens nothing
                implied = FORMAT_RANGES.get(str(old.get("format")), (None, None))[0 if lower else 1]
                self.add(name, b != implied, f"{label}: {key} {b} added",
                         f"{_where(label, True)} now has a {key} of {b}", "a value it admitted before may be refused")
            elif a is not None and b is not None and a != b:
                self.add(name, bool(b > a) == lower, f"{label}: {key} {a} -> {b}",
                         f"The {key} of {_where(label)} is now {b}, not {a}",
                         "a value it admitted before may be refused")
        if old.get("pattern") != new.get("pattern") and new.get("pattern") is not None:
            self.add(name, True, f"{label}: pattern {old.get('pattern')!r} -> {new.get('pattern')!r}",
                     f"{_where(label, True)} must now match `{new.get('pattern')}`",
                     "a value it admitted before may be refused")


# The range an integer format holds: (minimum, maximum).
FORMAT_RANGES: dict[str, tuple[int, int]] = {
    "int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1),
    "uint32": (0, 2**32 - 1), "uint64": (0, 2**64 - 1),
}  # fmt: skip


def enum_values(schema: dict[str, Any]) -> set[str] | None:
    values = schema.get("enum")
    if values is None:
        for member in schema.get("allOf") or []:
            found = enum_values(member) if isinstance(member, dict) else None
            if found is not None:
                return found
        return None
    return {json.dumps(v) for v in values}


def operations(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {f"{m.upper()} {p}": item[m] for p, item in (doc.get("paths") or {}).items()
            for m in oas.HTTP_METHODS if isinstance(item.get(m), dict)}  # fmt: skip


def json_schema(holder: dict[str, Any]) -> dict[str, Any]:
    content = holder.get("content") or {}
    media = content.get("application/json") or {}
    schema: dict[str, Any] = media.get("schema") or {}
    return schema


def success_schema(op: dict[str, Any]) -> dict[str, Any]:
    """The 200's success schema (a oneOf's member whose success is not pinned to false)."""
    schema = json_schema(op.get("responses", {}).get("200") or {})
    for member in schema.get("oneOf") or []:
        if oas.merged_properties(member).get("success", {}).get("enum") != [False]:
            return dict(member)
    return schema


def diff(host: str, base: str | None) -> tuple[list[Change], str, str | None]:
    """The changes of a host since the base (a git ref, by default the last release), the
    base's name and the base's info.version."""
    old, name = base_document(host, base)
    new = json.loads((REPO / "generated" / "openapi" / f"{host}.deref.json").read_text(encoding="utf-8"))
    differ = Differ(host)
    if old is None:
        differ.add("", False, f"new host (not at {name})", f"A new host: it was not described at {name}")
        return differ.changes, name, None
    differ.documents(old, new)
    return differ.changes, name, str(old["info"].get("version"))


def current_version(host: str) -> str:
    """The host's info.version, as its bundle carries it."""
    bundle = REPO / "generated" / "openapi" / f"{host}.json"
    return str(json.loads(bundle.read_text(encoding="utf-8"))["info"]["version"])


def hand_edited(host: str, base_version: str | None) -> str | None:
    """Why the host's info.version breaks the rule that only `make release` writes it (it is not
    its last release's), or None."""
    version = current_version(host)
    if base_version is None or version == base_version:
        return None
    return (f"{host}: info.version is {version}, its last release {base_version}: versions are written by "
            f"`make release` alone (it picks the next one from the changes); set it back to {base_version} and say "
            f"what changed under '## Unreleased' in releases/{host}/CHANGELOG.md")


def verdict(host: str, changes: list[Change], base_version: str | None, new_version: str) -> str | None:
    """Why new_version breaks the policy, or None: a breaking change needs a major bump."""
    breaking = [c for c in changes if c.breaking]
    if not breaking or base_version is None:
        return None
    if version_key(new_version) > version_key(base_version) and not same_major(base_version, new_version):
        return None
    listed = "\n".join(f"  - {c.operation + ': ' if c.operation else ''}{c.what}" for c in breaking)
    return (f"{host}: {len(breaking)} breaking change(s) since {base_version} need a major version bump "
            f"(info.version is {new_version}; make it {next_major(base_version)} or higher):\n{listed}")


def plain_words(host: str, base_name: str, changes: list[Change]) -> str:
    """The changes in plain words, one per line under a count."""
    lines = [f"{host} (since {base_name}): {len(changes)} change(s), {sum(c.breaking for c in changes)} breaking"]
    return "\n".join(lines + [f"  {change}" for change in changes])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("hosts", nargs="+")
    parser.add_argument("--base", help="git ref to compare with (default: each host's last release)")
    parser.add_argument("--json", type=Path, help="write the changes here as JSON")
    parser.add_argument("--gate", action="store_true", help="exit 1 where an info.version is not its last release's")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {}
    failures = []
    for host in args.hosts:
        changes, base_name, base_version = diff(host, args.base)
        print(plain_words(host, base_name, changes))
        entry: dict[str, Any] = {"base": base_name, "base_version": base_version,
                                 "changes": [asdict(c) for c in changes]}
        if args.base is None and base_version is not None:
            problem = hand_edited(host, base_version)
            if problem:
                failures.append(problem)
            elif changes:
                step = level(changes)
                print(f"  next release of the description: {step}, {base_version} -> {bump(base_version, step)}")
                entry["next"] = {"level": step, "version": bump(base_version, step)}
        report[host] = entry
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    for problem in failures:
        print(f"spec_diff: {problem}", file=sys.stderr)
    return 1 if failures and args.gate else 0


if __name__ == "__main__":
    sys.exit(main())
