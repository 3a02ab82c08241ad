"""Names in each language's case: what a JSON or OpenAPI name becomes in Go, and in each
generator's snake_case. Library module; one definition of each rule.
"""

from __future__ import annotations

import re

# The first element of the Go module paths: `go` needs a dot in it. The project has no domain
# of its own, so it takes a reserved one (RFC 2606) that never resolves: the modules are
# fetched from a release's module proxy tree (GOPROXY=file://.../dist/goproxy), never from
# the network by their path (decision 52).
GO_MODULE_ROOT = "raydium-api-descriptions.invalid"


# Go's common initialisms (the list of golint and staticcheck's ST1003): a Go name spells
# each in one case, `ID` and `URL`, never `Id` and `Url` (Effective Go; decision 76).
GO_INITIALISMS = frozenset({
    "ACL", "API", "ASCII", "CPU", "CSS", "DNS", "EOF", "GUID", "HTML", "HTTP", "HTTPS", "ID", "IP", "JSON", "LHS",
    "QPS", "RAM", "RHS", "RPC", "SLA", "SMTP", "SQL", "SSH", "TCP", "TLS", "TTL", "UDP", "UI", "UID", "UUID", "URI",
    "URL", "UTF8", "VM", "XML", "XMPP", "XSRF", "XSS",
})  # fmt: skip
_GO_WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+|[0-9]+")


def _initialism(word: str) -> str | None:
    """The word as one of Go's initialisms (a plural's `s` kept lower: ids -> IDs), or None."""
    if word.upper() in GO_INITIALISMS:
        return word.upper()
    if word.endswith("s") and word[:-1].upper() in GO_INITIALISMS:
        return word[:-1].upper() + "s"
    return None


def _capitalised(word: str) -> str:
    return word[:1].upper() + (word[1:].lower() if word.isupper() else word[1:])


def pascal_case(name: str) -> str:
    """A name's words capitalised and joined, as the generators name an enum's variants
    (allFarm -> AllFarm, LEGACY -> Legacy, V0 -> V0, volume24h -> Volume24h)."""
    return "".join(_capitalised(word) for word in _GO_WORD.findall(name))


def go_name(name: str) -> str:
    """The exported Go name of a JSON or OpenAPI name: as `pascal_case`, with each initialism
    in capitals (nextPageId -> NextPageID, ids -> IDs, getRpcList -> GetRPCList)."""
    return "".join(_initialism(word) or _capitalised(word) for word in _GO_WORD.findall(name))


def has_go_initialism(name: str) -> bool:
    return any(_initialism(word) for word in _GO_WORD.findall(name))


def go_type_name(schema: str) -> str:
    """A component schema's Go type name: renamed (modelNameMappings) only where it holds an
    initialism, else the generator's own, the schema's name."""
    return go_name(schema) if has_go_initialism(schema) else schema


def go_module_path(host: str, version: str) -> str:
    """A host's Go module path at a version: `/vN` from major version 2 on, as `go` requires."""
    major = int(version.split(".", 1)[0])
    return f"{GO_MODULE_ROOT}/go/{host}" + (f"/v{major}" if major >= 2 else "")


def generator_snake(name: str) -> str:
    """openapi-generator's snake_case (Ruby methods, Rust functions and fields): an underscore
    before a capital that follows a lowercase letter or a digit (getRpcList -> get_rpc_list,
    getRPCList -> get_rpclist)."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def python_snake(name: str) -> str:
    """openapi-python-client's snake_case of an operation, tag or parameter (Python modules,
    functions and arguments): an underscore before every capital but the first, and for each
    hyphen (getRPCList -> get_r_p_c_list, mint-list -> mint_list)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).replace("-", "_").lower()
