"""Code samples for every operation, from the description's own examples.

Library module (bundle.py writes the samples into each bundle as `x-codeSamples`; the docs
pages show them as language tabs). For each operation: curl, Python, TypeScript, Go, Ruby,
PHP and Rust, each calling our generated client for the host the way its docs page teaches.
Each language's program is a template (scripts/templates/code-samples/, one a language);
this module gives it only values: the names, the literals escaped as the language writes
them, the JSON text of the body, and what the program needs (an import, a variable).

The values are the description's, never placeholders: every query parameter that has an
`example` (a required parameter must have one), and the request body's first named
example. The base URL is the server's default, written out so a reader sees the host (the
launch auth service's is a `.invalid` placeholder: the source does not show it). The names
each generator gives an operation, a parameter, an enum or a body type follow from the
bundle by the generators' rules (snake_case in Python and Ruby, PascalCase in Go, the
component's name for enums and bodies); tests/clients/test_code_samples.py runs every sample
against the mock server, so a rule that stops matching a generator fails there.
"""

from __future__ import annotations

import json
import pprint
import re
import shlex
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import quote

from ..common import paths, templates, versions
from ..common.naming import generator_snake as snake
from ..common.naming import go_module_path, go_name, go_type_name, pascal_case
from . import oas

# (x-codeSamples `lang`, `label`): `lang` is what Redocly and other renderers highlight by
LANGUAGES = (("Shell", "curl"), ("Python", "Python"), ("TypeScript", "TypeScript"), ("Go", "Go"),
             ("Ruby", "Ruby"), ("PHP", "PHP"), ("Rust", "Rust"))  # fmt: skip


class SampleError(Exception):
    pass


@dataclass(frozen=True)
class Param:
    name: str
    value: Any
    required: bool
    enum_type: str | None  # the component schema's name where the parameter is an enum
    u64: bool  # an amount in the u64 range (`format: uint64`): a bigint in TypeScript


@dataclass(frozen=True)
class Call:
    """One operation's call, in the terms every language's sample needs."""

    host: str
    method: str
    path: str
    operation_id: str
    tag: str
    base_url: str
    params: list[Param]
    body: Any  # the first named example's value; None without a request body
    body_type: str | None  # the body's component schema name
    body_open: bool  # the body is an open object (no fields shown): a map, not a model, in Go and PHP
    python_body_type: str | None  # openapi-python-client names an allOf of one $ref after that member
    has_result: bool  # the success shows a JSON body (launch auth's does not)
    prints_data: bool  # the success is an envelope: print its `data`
    # a body field that carries another operation's whole response, sent back unchanged
    # (the transaction call's swapResponse): the sample makes that call first and passes its result
    chained: Chain | None = None
    body_enums: tuple[tuple[str, str], ...] = ()  # (body field, its enum component) for typed constructors
    # what the success holds where it is a secret (x-sensitive on the operation): the sample never prints it
    secret: str | None = None
    go_module: str = ""  # the Go module path at the bundle's version (openapi_generator.go_module_path)


@dataclass(frozen=True)
class Chain:
    field: str  # the body field, e.g. swapResponse
    source: Call  # the operation whose response goes in it, e.g. computeSwapBaseIn


def follow(doc: dict[str, Any], node: Any) -> Any:
    """A node with its local $ref followed (the bundle's refs are all local)."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str):
        node = oas.resolve_pointer(doc, node["$ref"].removeprefix("#"))
    return node


def ref_name(node: Any) -> str | None:
    ref = node.get("$ref") if isinstance(node, dict) else None
    return ref.rsplit("/", 1)[-1] if isinstance(ref, str) and ref.startswith("#/components/schemas/") else None


def base_url(doc: dict[str, Any]) -> str:
    server = doc["servers"][0]
    url = str(server["url"])
    for name, variable in (server.get("variables") or {}).items():
        url = url.replace("{" + name + "}", str(variable["default"]))
    return url


def calls(doc: dict[str, Any], host: str) -> list[Call]:
    """Every operation of a bundle as a Call, in the bundle's order; an operation that an
    operation's response links to (OpenAPI `links`), and whose body takes that whole
    response, is chained to it."""
    found = []
    for path, item in doc["paths"].items():
        for method in oas.HTTP_METHODS:
            if method in item:
                found.append(call(doc, host, method, path, item[method]))
    by_id = {c.operation_id: c for c in found}
    chained = {}
    for source in found:
        op = doc["paths"][source.path][source.method]
        success = follow(doc, op["responses"]["200"])
        returned = _success_name(success)
        for link in (success.get("links") or {}).values():
            target = by_id.get(str(link.get("operationId")))
            if target is not None and target.operation_id not in chained:
                field = _field_taking(doc, doc["paths"][target.path][target.method], returned)
                if field is not None:
                    chained[target.operation_id] = Chain(field, source)
    return [replace(c, chained=chained.get(c.operation_id)) for c in found]


def _success_name(response: dict[str, Any]) -> str | None:
    schema = ((response.get("content") or {}).get("application/json") or {}).get("schema") or {}
    members = [m for m in schema.get("oneOf", [schema]) if not str(m.get("$ref", "")).endswith("FailureEnvelope")]
    return ref_name(members[0]) if members else None


def _body_properties(doc: dict[str, Any], schema: Any) -> dict[str, Any]:
    """A body schema's properties through $ref and allOf, each as written (its own $ref kept)."""
    schema = follow(doc, schema)
    props: dict[str, Any] = {}
    for member in schema.get("allOf") or []:
        props.update(_body_properties(doc, member))
    return {**props, **(schema.get("properties") or {})}


def _field_taking(doc: dict[str, Any], op: dict[str, Any], name: str | None) -> str | None:
    """The body field of an operation whose schema is the named component, if any."""
    if name is None or "requestBody" not in op:
        return None
    schema = follow(doc, op["requestBody"])["content"]["application/json"]["schema"]
    return next((field for field, prop in _body_properties(doc, schema).items() if ref_name(prop) == name), None)


def call(doc: dict[str, Any], host: str, method: str, path: str, op: dict[str, Any]) -> Call:
    where = f"{host}: {method.upper()} {path}"
    params = []
    for holder in op.get("parameters") or []:
        param = follow(doc, holder)
        if param.get("in") != "query":
            raise SampleError(f"{where}: parameter {param.get('name')!r} in {param.get('in')}: only query is sampled")
        if "example" not in param:
            if param.get("required"):
                raise SampleError(f"{where}: required parameter {param['name']!r} has no example to sample")
            continue
        schema = param.get("schema") or {}
        resolved = follow(doc, schema)
        enum_type = ref_name(schema) if "enum" in resolved else None
        u64 = oas.typed_view(resolved).get("format") == "uint64"  # AmountU64 reads as its integer (decision 56)
        params.append(Param(param["name"], param["example"], bool(param.get("required")), enum_type, u64))
    body, body_type, body_open, python_body_type = None, None, False, None
    if "requestBody" in op:
        media = follow(doc, op["requestBody"])["content"]["application/json"]
        examples = media.get("examples") or {}
        if not examples:
            raise SampleError(f"{where}: the request body has no named example to sample")
        body = follow(doc, next(iter(examples.values())))["value"]
        body_type = ref_name(media.get("schema"))
        if body_type is None:
            raise SampleError(f"{where}: the request body's schema is not a component (no type name to sample)")
        body_schema = follow(doc, media["schema"])
        body_open = not body_schema.get("properties") and not body_schema.get("allOf")
        python_body_type = body_type
        while (
            set(body_schema) <= {"title", "description", "allOf", "x-not-shown", "x-evidence", "x-rules", "not"}
            and len(body_schema.get("allOf") or []) == 1
            and ref_name(body_schema["allOf"][0])
        ):
            python_body_type = ref_name(body_schema["allOf"][0])
            body_schema = follow(doc, body_schema["allOf"][0])
    success = follow(doc, op["responses"]["200"])
    media_200 = (success.get("content") or {}).get("application/json") or {}
    schema = follow(doc, media_200.get("schema") or {})
    if isinstance(schema.get("oneOf"), list):  # the success, or a failure with the same status
        schema = follow(doc, schema["oneOf"][0])
    prints_data = "data" in oas.merged_properties(_followed_members(doc, schema))
    enums: tuple[tuple[str, str], ...] = ()
    if "requestBody" in op:
        props = _body_properties(doc, follow(doc, op["requestBody"])["content"]["application/json"]["schema"])
        enums = tuple((field, name) for field, prop in props.items()
                      if (name := ref_name(prop)) and "enum" in follow(doc, prop))  # fmt: skip
    secret = (op.get("x-sensitive") or {}).get("secret")
    return Call(host, method, path, op["operationId"], op["tags"][0], base_url(doc), params, body, body_type,
                body_open, python_body_type, "schema" in media_200, prints_data, body_enums=enums,
                secret=secret, go_module=go_module_path(host, _go_version(host, doc)))  # fmt: skip


def _go_version(host: str, doc: dict[str, Any]) -> str:
    """The version of the host's Go client, whose module path a sample imports (its own major:
    releases/client-versions.json); for a host without a client yet, the description's
    info.version (a bundle without one is reported by validation, after the samples)."""
    released = versions.client_versions().get(f"{host}-go")
    if released is not None:
        return released["version"]
    version = str((doc.get("info") or {}).get("version", "0"))
    return version if re.fullmatch(r"\d+(\.\d+)*", version.split("-", 1)[0]) else "0"


def _kept(c: Call) -> str:
    """What a sample prints in place of a secret success."""
    return f"received {c.secret} (a secret: use it in memory only, never print, log or store it)"


def _followed_members(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    """The schema with its allOf members' $refs followed (merged_properties reads members)."""
    members = [follow(doc, m) for m in schema.get("allOf") or []]
    return {**schema, "allOf": [_followed_members(doc, m) for m in members]} if members else schema


# -- names the generators give ---------------------------------------------------------
def pascal(name: str) -> str:
    return name[:1].upper() + name[1:]


def host_pascal(host: str) -> str:
    return "".join(part.capitalize() for part in host.split("-"))


# -- the languages -----------------------------------------------------------------------
def _json_opening(body: dict[str, Any], field: str) -> str:
    """A chained body's JSON text up to the value of the field that takes the other call's
    response: its other fields, then that field's name (the sample appends the response and `}`)."""
    return json.dumps({k: v for k, v in body.items() if k != field}, indent=2)[:-2] + ',\n  "' + field + '": '


def fit(text: str, trailing: str = ",") -> str:
    """A call that a template writes an argument a line, indented as it stands when it does not
    fit (its first line, its arguments, its last line): on one line where that fits in 100
    columns, else as written, each argument followed by a comma, the last by `trailing`. Blank
    lines are no arguments (a template's macro of arguments may leave one)."""
    first, *args, last = [line for line in text.split("\n") if line.strip()]
    line = first + ", ".join(a.strip() for a in args) + last.strip()
    if len(line) <= 100 or not args:
        return line + "\n"
    return "\n".join([first, *(a + "," for a in args[:-1]), args[-1] + trailing, last]) + "\n"


# A template a language (scripts/templates/code-samples/) holds the program's text; the
# functions below give it the names and the literals, each written as its language writes it.
ENVIRONMENT = templates.environment(paths.TEMPLATES / "code-samples")
ENVIRONMENT.filters["fit"] = fit


def render(template: str, **values: Any) -> str:
    """A language's template filled in; a sample ends at its last line, with no newline."""
    return ENVIRONMENT.get_template(template).render(values).removesuffix("\n")


def _query_text(value: Any) -> str:
    """A parameter's value as a query string carries it: a boolean as `true` or `false`, the
    way JSON and Raydium's SDK write it (Python's str() would give `True`)."""
    return json.dumps(value) if isinstance(value, bool) else str(value)


def _curl_url(c: Call) -> str:
    query = "&".join(f"{p.name}={quote(_query_text(p.value), safe=',')}" for p in c.params)
    return c.base_url + c.path + (f"?{query}" if query else "")


def curl(c: Call) -> str:
    chained: dict[str, Any] | None = None
    if c.chained:  # the body takes another call's whole response: its bytes go in unchanged
        chained = {"field": c.chained.field, "url": shlex.quote(_curl_url(c.chained.source)),
                   "opening": shlex.quote(_json_opening(c.body, c.chained.field))}  # fmt: skip
    return render("curl.sh.j2", url=shlex.quote(_curl_url(c)), method=c.method.upper(), secret=c.secret,
                  body=None if c.body is None else shlex.quote(json.dumps(c.body, indent=2)), chained=chained)


def _python_call(c: Call) -> dict[str, Any]:
    """An operation's call as the Python template writes it: its function, and each parameter's
    name, enum type (or None) and value."""
    return {"function": snake(c.operation_id),
            "params": [(snake(p.name), p.enum_type, repr(p.value)) for p in c.params]}  # fmt: skip


def python(c: Call) -> str:
    calls = [c.chained.source, c] if c.chained else [c]
    enums = {p.enum_type for call in calls for p in call.params if p.enum_type}
    enums |= {name for _, name in c.body_enums} if c.chained else set()
    chained: dict[str, Any] | None = None
    if c.chained:  # the body takes another call's whole response (None: the field that carries it)
        enums_of = dict(c.body_enums)
        fields = [(snake(k), enums_of.get(k), None if k == c.chained.field else repr(v))
                  for k, v in (c.body or {}).items()]  # fmt: skip
        chained = {"variable": snake(c.chained.field), "source": _python_call(c.chained.source), "fields": fields}
    body = None if c.body is None else pprint.pformat(c.body, indent=1, width=80, sort_dicts=False)
    return render("python.py.j2", package=c.host.replace("-", "_") + "_client",
                  imports=[(snake(call.tag), snake(call.operation_id)) for call in calls],
                  models=sorted(enums | ({c.python_body_type} if c.python_body_type else set())),
                  base_url=repr(c.base_url), chained=chained, body=body, body_type=c.python_body_type,
                  call=_python_call(c), prints_data=c.prints_data, secret=c.secret, kept=repr(_kept(c)))  # fmt: skip


def _js(value: Any, indent: str) -> str:
    """A JSON value as a TypeScript literal: identifier keys bare, strings in single quotes."""
    if isinstance(value, dict) and value:
        inner = indent + "  "
        items = [f"{inner}{k if re.fullmatch(r'[A-Za-z_$][A-Za-z0-9_$]*', k) else _ts_string(k)}: {_js(v, inner)}"
                 for k, v in value.items()]  # fmt: skip
        return "{\n" + ",\n".join(items) + f",\n{indent}}}"
    if isinstance(value, list) and value:
        inner = indent + "  "
        return "[\n" + ",\n".join(inner + _js(v, inner) for v in value) + f",\n{indent}]"
    return _ts_string(value) if isinstance(value, str) else json.dumps(value)


def _ts_string(value: str) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _ts_call(c: Call) -> dict[str, Any]:
    """An operation's call as the TypeScript template writes it: its method, and its body's
    literal or its query's names and values."""
    return {"method": c.operation_id, "body": None if c.body is None else _js(c.body, "  "),
            "query": [(p.name, _ts_value(p)) for p in c.params]}  # fmt: skip


def typescript(c: Call) -> str:
    chained: dict[str, Any] | None = None
    if c.chained:  # the body takes another call's whole response: the variable of the field's name
        body = {k: v for k, v in (c.body or {}).items() if k != c.chained.field}
        literal = _js(body, "  ")[:-1] + f"  {c.chained.field},\n  }}"
        chained = {"field": c.chained.field, "source": _ts_call(c.chained.source), "body": literal}
    return render("typescript.ts.j2", package=f"raydium-{c.host}-client", base_url=_ts_string(c.base_url),
                  chained=chained, call=_ts_call(c), prints_data=c.prints_data, secret=c.secret,
                  kept=_ts_string(_kept(c)))  # fmt: skip


def _ts_value(p: Param) -> str:
    if p.u64:
        return f"{p.value}n"  # u64 amounts: a bigint (or a decimal string), never a number
    return _ts_string(p.value) if isinstance(p.value, str) else json.dumps(p.value)


def _go_call(c: Call, package: str) -> dict[str, Any]:
    """An operation's call as the Go template writes it: the API, the method, and each
    parameter's setter with its value (an enum's value by its constant's name)."""
    params = [(go_name(p.name), f"{package}.{go_type_name(p.enum_type)}{go_name(str(p.value))}" if p.enum_type
               else json.dumps(p.value)) for p in c.params]  # fmt: skip
    return {"api": f"{pascal(c.tag)}API", "method": go_name(c.operation_id), "params": params}


def go(c: Call) -> str:
    package = c.host.replace("-", "")
    if c.body is not None and "`" in json.dumps(c.body):
        raise SampleError(f"{c.host}: {c.operation_id}: a backtick in the body example (Go raw string)")
    chained: dict[str, Any] | None = None
    if c.chained:  # the body takes another call's whole response: make that call first
        chained = {"field": c.chained.field, "source": _go_call(c.chained.source, package),
                   "opening": _json_opening(c.body, c.chained.field)}  # fmt: skip
    return render("go.go.j2", package=package, module=c.go_module, base_url=json.dumps(c.base_url),
                  # a body to read, or a result to print
                  uses_json=c.body is not None or (c.has_result and not c.secret), call=_go_call(c, package),
                  body=None if c.body is None else json.dumps(c.body, indent=2), body_open=c.body_open,
                  body_type=c.body_type, chained=chained, has_result=c.has_result, secret=c.secret,
                  kept=json.dumps(_kept(c)))  # fmt: skip


def _ruby_call(c: Call) -> dict[str, Any]:
    """An operation's call as the Ruby template writes it: the API, the method, whether a body
    goes first, then the required parameters' values and the others' names and values."""
    return {"api": f"{pascal(c.tag)}Api", "method": snake(c.operation_id), "body": c.body is not None,
            "required": [json.dumps(p.value) for p in c.params if p.required],
            "optional": [(snake(p.name), json.dumps(p.value)) for p in c.params if not p.required]}  # fmt: skip


def ruby(c: Call) -> str:
    chained: dict[str, Any] | None = None
    if c.chained:  # the body takes another call's whole response (None: the field that carries it)
        fields = [(snake(k), None if k == c.chained.field else json.dumps(v)) for k, v in (c.body or {}).items()]
        chained = {"field": snake(c.chained.field), "source": _ruby_call(c.chained.source), "fields": fields}
    return render("ruby.rb.j2", gem=f"raydium_{c.host.replace('-', '_')}_client",
                  module=f"Raydium{host_pascal(c.host)}Client", base_url=json.dumps(c.base_url),
                  body=None if c.body is None else json.dumps(c.body, indent=2), body_type=c.body_type,
                  chained=chained, call=_ruby_call(c), has_result=c.has_result, prints_data=c.prints_data,
                  secret=c.secret, kept=json.dumps(_kept(c)))  # fmt: skip


def _php_call(c: Call) -> dict[str, Any]:
    """An operation's call as the PHP template writes it: the API, the method, and each
    parameter's name and value."""
    return {"api": f"{pascal(c.tag)}Api", "method": c.operation_id,
            "params": [(snake(p.name), _php_value(p.value)) for p in c.params]}  # fmt: skip


def php(c: Call) -> str:
    chained: dict[str, Any] | None = None
    if c.chained:  # the body takes another call's whole response (None: the field that carries it)
        fields = [(_php_value(snake(k)), None if k == c.chained.field else _php_value(v))
                  for k, v in (c.body or {}).items()]  # fmt: skip
        chained = {"field": c.chained.field, "source": _php_call(c.chained.source), "fields": fields}
    body_argument = "" if c.body is None else "body" if c.body_open else snake(c.body_type or "")
    return render("php.php.j2", namespace=f"Raydium\\{host_pascal(c.host)}", base_url=_php_value(c.base_url),
                  body=None if c.body is None else json.dumps(c.body, indent=2), body_type=c.body_type,
                  body_argument=body_argument, chained=chained, call=_php_call(c), has_result=c.has_result,
                  prints_data=c.prints_data, secret=c.secret, kept=_php_value(_kept(c)))  # fmt: skip


def _php_value(value: Any) -> str:
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'" if isinstance(value, str) else json.dumps(value)


def _rust_value(p: Param) -> str:
    if p.enum_type:
        return f"models::{p.enum_type}::{pascal_case(str(p.value))}"
    return json.dumps(p.value)  # a string, a bool and a number are written as JSON writes them


def _rust_raw(text: str) -> str:
    """A raw string literal of text: r#"..."#, with more #s where text holds `"#`."""
    hashes = "#"
    while f'"{hashes}' in text:
        hashes += "#"
    return f'r{hashes}"{text}"{hashes}'


def _rust_call(c: Call, body: bool) -> dict[str, Any]:
    """An operation's call as the Rust template writes it: its module and function, and its
    parameters' type, whether the body goes in it, the required parameters' values and the
    others' setters and values."""
    return {"module": f"{snake(c.tag)}_api", "function": snake(c.operation_id),
            "params_type": f"{pascal(c.operation_id)}Params", "has_params": body or bool(c.params), "body": body,
            "required": [_rust_value(p) for p in c.params if p.required],
            "optional": [(snake(p.name), _rust_value(p)) for p in c.params if not p.required]}  # fmt: skip


def rust(c: Call) -> str:
    calls = [c.chained.source, c] if c.chained else [c]
    chained: dict[str, Any] | None = None
    if c.chained:  # the body takes another call's whole response: make that call first
        chained = {"field": c.chained.field, "variable": snake(c.chained.field),
                   "source": _rust_call(c.chained.source, False),
                   "opening": _rust_raw(_json_opening(c.body, c.chained.field))}  # fmt: skip
    return render("rust.rs.j2", crate=f"raydium_{c.host.replace('-', '_')}_client",
                  modules=sorted({f"{snake(call.tag)}_api" for call in calls}),
                  uses_models=any(p.enum_type for call in calls for p in call.params)
                  or (c.body is not None and not c.body_open),
                  base_url=json.dumps(c.base_url), chained=chained,
                  body=None if c.body is None else _rust_raw(json.dumps(c.body, indent=2)), body_open=c.body_open,
                  body_type=c.body_type, call=_rust_call(c, c.body is not None), has_result=c.has_result,
                  prints_data=c.prints_data, secret=c.secret, kept=json.dumps(_kept(c)))  # fmt: skip


RENDER = {"curl": curl, "Python": python, "TypeScript": typescript, "Go": go, "Ruby": ruby, "PHP": php, "Rust": rust}


def samples(c: Call) -> list[dict[str, str]]:
    """The operation's `x-codeSamples` (Redocly's shape: lang, label, source)."""
    return [{"lang": lang, "label": label, "source": RENDER[label](c)} for lang, label in LANGUAGES]


def add_samples(doc: dict[str, Any], host: str) -> None:
    """Write `x-codeSamples` into every operation of a bundle, in place."""
    for c in calls(doc, host):
        doc["paths"][c.path][c.method]["x-codeSamples"] = samples(c)
