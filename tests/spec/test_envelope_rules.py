"""Every envelope and error rule the source states is schema that any tool enforces.

For each rule, a body that breaks it is rejected by the bundle (JSON Schema 2020-12 with
the bundle as the registry, the way Prism, schemathesis or a user's validator read it),
and a control body that keeps it is accepted. Where the full bundle and the source-only
view differ on purpose (evidence), both are checked.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from project import HOSTS, bundle, source_view, validator
from scripts.spec import oas

MAIN_HOSTS = [h for h in HOSTS if h != "launch-auth"]
UUID = "3e1f5a9c-7b2d-4c8e-a0f1-6d2b9c4e8a17"
JSON = "application/json"


def json_media(doc: dict[str, Any], method: str, path: str, status: str) -> str:
    """The pointer of a response's JSON media type, through a response $ref."""
    pointer = oas.pointer_join("/paths", path, method, "responses", status)
    response = oas.resolve_pointer(doc, pointer)
    while isinstance(response, dict) and "$ref" in response:
        pointer = response["$ref"][1:]
        response = oas.resolve_pointer(doc, pointer)
    return oas.pointer_join(pointer, "content", JSON)


def operations(host: str) -> Iterator[tuple[str, str, str]]:
    for path, item in bundle(host)["paths"].items():
        for method in oas.HTTP_METHODS:
            if method in item:
                yield host, method, path


OPERATIONS = [op for host in MAIN_HOSTS for op in operations(host)]
OP_IDS = [f"{h} {m.upper()} {p}" for h, m, p in OPERATIONS]


def deref(doc: dict[str, Any], node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = oas.resolve_pointer(doc, node["$ref"][1:])
    return node


def examples(doc: dict[str, Any], media_pointer: str) -> dict[str, Any]:
    """The named example values of a media type (following $ref); examples without a
    value (the source shows none) are left out."""
    media = deref(doc, oas.resolve_pointer(doc, media_pointer))
    found: dict[str, Any] = {}
    for name, example in (media.get("examples") or {}).items():
        example = deref(doc, example)
        if "value" in example:
            found[name] = example["value"]
    return found


def accepts(doc: dict[str, Any], pointer: str, body: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message}"
            for e in validator(doc, pointer).iter_errors(body)]  # fmt: skip


def success_of(host: str, method: str, path: str, doc: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The 200 schema pointer and the first success example of an operation in ``doc``."""
    media = json_media(doc, method, path, "200")
    found = [v for v in examples(doc, media).values() if v.get("success") is True]
    assert found, f"{method.upper()} {path}: no success example"
    first: dict[str, Any] = copy.deepcopy(found[0])
    return media + "/schema", first


# --- 1. data on success is an object or an array ------------------------------------------
VIEW_CASES = [(view, *op) for view in ("bundle", "source-only") for op in OPERATIONS
              if view == "bundle" or op[2] in source_view(op[0])["paths"]]  # evidence-only endpoints: bundle only


@pytest.mark.parametrize(("view", "host", "method", "path"), VIEW_CASES,
                         ids=[f"{v} {h} {m.upper()} {p}" for v, h, m, p in VIEW_CASES])  # fmt: skip
def test_success_data_is_object_or_array(view: str, host: str, method: str, path: str) -> None:
    doc = bundle(host) if view == "bundle" else source_view(host)
    schema, control = success_of(host, method, path, doc)
    assert accepts(doc, schema, control) == []
    without_id = {k: v for k, v in control.items() if k != "id"}
    assert accepts(doc, schema, without_id) == [], "id is not required: the source never says so"
    for bad in ("text", 7, True, None):
        assert accepts(doc, schema, {**control, "data": bad}), f"data={bad!r} accepted"
    assert accepts(doc, schema, without_id | {"data": "x"}), "a success without object/array data accepted"
    assert accepts(doc, schema, {k: v for k, v in control.items() if k != "data"}), "a success without data"


@pytest.mark.parametrize("view", ["bundle", "source-only"])
@pytest.mark.parametrize("host", MAIN_HOSTS)
def test_every_success_data_schema_declares_its_type(view: str, host: str) -> None:
    """No success `data` is left untyped: object or array (or narrower, where evidence shows it)."""
    doc = bundle(host) if view == "bundle" else source_view(host)
    for _, method, path in operations(host):
        if path not in doc["paths"]:
            continue  # an evidence-only endpoint: not in the source-only view
        schema = deref(doc, oas.resolve_pointer(doc, json_media(doc, method, path, "200") + "/schema"))
        members = [deref(doc, m) for m in schema.get("oneOf") or [schema]]
        success = next(m for m in members if oas.merged_properties(m).get("success", {}).get("enum") != [False])
        resolved = {k: deref(doc, v) for k, v in _props(doc, success).items()}
        allowed = {"object", "array"}
        types = _types(doc, resolved["data"])
        assert types, f"{method.upper()} {path}: data has no type"
        assert types <= allowed, f"{method.upper()} {path}: data types {sorted(types)}"
        if view == "source-only":
            assert types == allowed or resolved["data"].get("x-not-shown") is None


def _types(doc: dict[str, Any], schema: dict[str, Any]) -> set[str]:
    """The JSON types a schema admits: its `type`, or the union over its `anyOf` members."""
    if "anyOf" in schema:
        return set().union(*(_types(doc, deref(doc, m)) for m in schema["anyOf"]))
    declared = schema.get("type")
    return set(declared if isinstance(declared, list) else [declared] if declared else [])


def _props(doc: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for member in schema.get("allOf") or []:
        props.update(_props(doc, deref(doc, member)))
    props.update(schema.get("properties") or {})
    return props


def test_pools_by_id_is_an_array_with_null_items() -> None:
    """/pools/info/ids: evidence narrows data to an array whose items may be null; the
    source-only view keeps the source's "object or array"."""
    schema = json_media(bundle("pool-v3"), "get", "/pools/info/ids", "200") + "/schema"
    body = {"id": UUID, "success": True, "data": [{"id": "58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2"}, None]}
    assert accepts(bundle("pool-v3"), schema, body) == []
    assert accepts(bundle("pool-v3"), schema, {**body, "data": {}}), "an object accepted where evidence shows an array"
    assert accepts(source_view("pool-v3"), schema, {**body, "data": {}}) == []
    assert accepts(bundle("pool-v3"), schema, {**body, "data": [7]}), "an item that is no pool and not null"


# --- 2. data on failure is absent or empty; 3. pool ids are UUIDs on failures -------------
def failure_body(host: str) -> dict[str, Any]:
    body: dict[str, Any] = {"id": UUID, "success": False, "msg": "REQ_WALLET_ERROR"}
    if host == "pool-v3":
        body["error"] = {"code": 1}
    return body


@pytest.mark.parametrize("status", ["default", "429"])
@pytest.mark.parametrize(("host", "method", "path"), OPERATIONS, ids=OP_IDS)
def test_failure_data_is_absent_or_empty(status: str, host: str, method: str, path: str) -> None:
    doc = bundle(host)
    schema = json_media(doc, method, path, status) + "/schema"
    control = failure_body(host)
    empty: list[object] = [{}, []]
    for data in empty:
        assert accepts(doc, schema, {**control, "data": data}) == []
    assert accepts(doc, schema, control) == []
    filled: list[object] = [{"pool": 1}, [1], "x", 0]
    for data in filled:
        assert accepts(doc, schema, {**control, "data": data}), f"failure with data={data!r} accepted"
    if host == "pool-v3":
        assert accepts(doc, schema, {**control, "id": "not-a-uuid"}), "a pool failure id that is no UUID"
        assert accepts(doc, schema, {k: v for k, v in control.items() if k != "id"}) == []
        assert accepts(doc, schema, {**control, "error": {}}), "a pool failure without error.code"


@pytest.mark.parametrize("view", ["bundle", "source-only"])
@pytest.mark.parametrize(("host", "method", "path"), OPERATIONS, ids=OP_IDS)
def test_error_code_is_the_pool_failures_only(host: str, method: str, path: str, view: str) -> None:
    """"error.code: pool data service only, on failure": no success carries `error`, and no
    failure of another host does; a pool failure does (the control)."""
    doc = bundle(host) if view == "bundle" else source_view(host)
    if path not in doc["paths"]:
        return  # an evidence-only endpoint: not in the source-only view
    schema, control = success_of(host, method, path, doc)
    assert accepts(doc, schema, {**control, "error": {"code": 1}}), "a success with error.code accepted"
    for status in ("default", "429"):
        failure = json_media(doc, method, path, status) + "/schema"
        with_code = {**failure_body(host), "error": {"code": 1}}
        if host == "pool-v3":
            assert accepts(doc, failure, with_code) == []
        else:
            assert accepts(doc, failure, with_code), f"a {host} failure with error.code accepted"
            assert accepts(doc, failure, failure_body(host)) == []


def test_pool_success_ids_are_uuids() -> None:
    schema, control = success_of("pool-v3", "get", "/main/clmm-dynamic-config", bundle("pool-v3"))
    assert accepts(bundle("pool-v3"), schema, {**control, "id": "q-1"})
    assert accepts(bundle("pool-v3"), schema, {**control, "id": UUID}) == []


# --- 4. the perps pool-list success shape has no msg ----------------------------------------
@pytest.mark.parametrize("view", ["bundle", "source-only"])
def test_perps_pool_list_forbids_msg(view: str) -> None:
    doc = bundle("perps-v1") if view == "bundle" else source_view("perps-v1")
    schema, control = success_of("perps-v1", "get", "/pool/default-list", doc)
    assert accepts(doc, schema, control) == []
    assert accepts(doc, schema, {**control, "msg": ""}), "msg accepted in the pool-list success shape"
    other, other_control = success_of("perps-v1", "get", "/main/version", doc)
    assert accepts(doc, other, {**other_control, "msg": "ok"}) == [], "other successes list msg"


# --- 5. slippageBps is 0 to 10000 wherever the bundle types it -------------------------------
def quote(slippage: int) -> dict[str, Any]:
    value = examples(bundle("transaction-v1"), json_media(bundle("transaction-v1"), "get", "/compute/swap-base-in",
                                                         "200"))["quoteSolToUsdc"]  # fmt: skip
    body: dict[str, Any] = copy.deepcopy(value)
    body["data"]["slippageBps"] = slippage
    return body


@pytest.mark.parametrize("view", ["bundle", "source-only"])
@pytest.mark.parametrize(("slippage", "ok"), [(0, True), (50, True), (10000, True), (10001, False), (-1, False)])
def test_slippage_bound_holds_inside_the_quote(slippage: int, ok: bool, view: str) -> None:
    """The source bounds slippageBps for compute and transaction: the bound holds inside the
    quote that the transaction body carries, in the source-only view too."""
    doc = bundle("transaction-v1") if view == "bundle" else source_view("transaction-v1")
    schema = json_media(doc, "get", "/compute/swap-base-in", "200") + "/schema"
    assert (accepts(doc, schema, quote(slippage)) == []) is ok
    request = {"wallet": "8XqBvH7oGfQh9Ygcw3RUbvzD2Cg3uHnXGvPdWn6fvSmx", "swapResponse": quote(slippage),
               "txVersion": "V0", "computeUnitPriceMicroLamports": 0, "wrapSol": True, "unwrapSol": True}  # fmt: skip
    body = "/components/schemas/SwapBaseInTransactionRequest"
    assert (accepts(doc, body, request) == []) is ok


# --- 6. failures with HTTP 200: the compute endpoints only, and only in the full bundle ------
COMPUTE_FAILURE = {"id": UUID, "success": False, "version": "V1", "msg": "REQ_SLIPPAGE_BPS_ERROR"}


@pytest.mark.parametrize("path", ["/compute/swap-base-in", "/compute/swap-base-out"])
def test_compute_200_admits_the_failure_envelope_in_the_full_bundle_only(path: str) -> None:
    schema = json_media(bundle("transaction-v1"), "get", path, "200") + "/schema"
    assert accepts(bundle("transaction-v1"), schema, COMPUTE_FAILURE) == []
    assert accepts(bundle("transaction-v1"), schema, {**COMPUTE_FAILURE, "msg": ""}), "an empty msg on failure"
    assert accepts(source_view("transaction-v1"), schema, COMPUTE_FAILURE), "the source says failures are 4xx/5xx"


NOT_COMPUTE = [(i, op) for i, op in zip(OP_IDS, OPERATIONS, strict=True) if not op[2].startswith("/compute/")]


@pytest.mark.parametrize(("host", "method", "path"), [op for _, op in NOT_COMPUTE], ids=[i for i, _ in NOT_COMPUTE])
def test_no_other_200_admits_a_failure(host: str, method: str, path: str) -> None:
    """The evidence is about the compute endpoints: no other operation's 200 takes a failure."""
    schema = json_media(bundle(host), method, path, "200") + "/schema"
    assert accepts(bundle(host), schema, failure_body(host))


@pytest.mark.parametrize(("host", "method", "path"), [op for _, op in NOT_COMPUTE], ids=[i for i, _ in NOT_COMPUTE])
def test_a_success_is_pinned_to_success_true(host: str, method: str, path: str) -> None:
    """The success example with only `success` flipped to false is rejected, at `success`:
    the 200 pins `success` to true (other tests' failure bodies break other rules too)."""
    schema, example = success_of(host, method, path, bundle(host))
    assert accepts(bundle(host), schema, example) == []
    errors = accepts(bundle(host), schema, {**example, "success": False})
    assert any(e.startswith("success:") for e in errors), errors


def test_envelope_guide_keeps_the_claim_to_the_compute_endpoints() -> None:
    from project import REPO

    guide = (REPO / "docs" / "guide" / "envelope.md").read_text(encoding="utf-8")
    for sentence in re.split(r"(?<=[.!?])\s+", guide):
        if "HTTP 200" in sentence and "fail" in sentence.lower():
            assert "compute" in sentence, f"the guide extends the HTTP-200 failure claim: {sentence!r}"


# --- 7. server defaults: cited, or a marked placeholder --------------------------------------
@pytest.mark.parametrize("host", HOSTS)
def test_server_defaults_are_cited_or_marked_placeholders(host: str) -> None:
    for server in bundle(host)["servers"]:
        for name, variable in (server.get("variables") or {}).items():
            cited = variable.get("x-evidence")
            assert cited or variable["default"].endswith(".invalid"), f"{name}: a default nothing backs"
            if cited:
                assert variable["default"].startswith("https://")
                assert "x-not-shown" in variable
    for server in source_view(host)["servers"]:
        for variable in (server.get("variables") or {}).values():
            assert re.fullmatch(r"https://[a-z0-9-]+\.invalid", variable["default"]), variable["default"]


# --- 8. caching claims: no invented server cache ---------------------------------------------
@pytest.mark.parametrize("host", HOSTS)
def test_no_server_cache_claim(host: str) -> None:
    assert "serverCacheSeconds" not in json.dumps(bundle(host))


# --- 9. no unstated constraint that rejects real bodies ---------------------------------------
@pytest.mark.parametrize("value", ["1250000.50", "41000000", "0", "-2.5", "+3", ".5", "5.", "1.5e3", "2E-4"])
def test_decimal_strings_take_every_decimal_form(value: str) -> None:
    assert accepts(bundle("perps-v1"), "/components/schemas/DecimalString", value) == []


@pytest.mark.parametrize("value", ["", "abc", "1.2.3", "1e", "0x10", " 1", "1,5"])
def test_decimal_strings_reject_what_is_no_number(value: str) -> None:
    assert accepts(bundle("perps-v1"), "/components/schemas/DecimalString", value)


# --- 11. limit_order_admin is reachable from data ---------------------------------------------
def test_limit_order_admin_is_reachable_from_data() -> None:
    doc = bundle("pool-v3")
    schema, control = success_of("pool-v3", "get", "/main/clmm-limit-order-config", doc)
    shapes: list[object] = [[{"limit_order_admin": "keeper", "other": 1}], {}, {"anything": []}]
    for data in shapes:
        assert accepts(doc, schema, {**control, "data": data}) == []
    assert accepts(doc, schema, {**control, "data": ["not a config"]}), "an array entry that is no pool config"
    data_schema = deref(doc, _props(doc, deref(doc, oas.resolve_pointer(doc, schema)))["data"])
    array = next(deref(doc, m) for m in data_schema["anyOf"] if deref(doc, m).get("type") == "array")
    assert deref(doc, array["items"])["properties"]["limit_order_admin"]["x-not-shown"]


# --- 12. the source-only view reads as the source alone ---------------------------------------
@pytest.mark.parametrize("host", HOSTS)
def test_source_only_view_never_talks_about_evidence(host: str) -> None:
    texts = " ".join(t for t in _strings(source_view(host)))
    for word in ("evidence", "the SDK", "docs.raydium.io", "raydium-ui", "sdk-V2", "49 "):
        assert word not in texts, f"{host}: the source-only view mentions {word!r}"


def _strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
ADDRESS_KEYS = {"wallet", "inputMint", "outputMint", "inputAccount", "outputAccount", "referrerWallet", "mint1",
                "mint2", "poolId", "feeMint", "programId", "address", "lp", "marketId"}  # fmt: skip


def decodes_to_32_bytes(text: str) -> bool:
    if not text or any(c not in BASE58 for c in text):
        return False
    number = 0
    for char in text:
        number = number * 58 + BASE58.index(char)
    leading = len(text) - len(text.lstrip("1"))
    return leading + (number.bit_length() + 7) // 8 == 32


def _addresses(node: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(node, dict):
        for k, value in node.items():
            yield from _addresses(value, str(k))
    elif isinstance(node, list):
        for value in node:
            yield from _addresses(value, key)
    elif isinstance(node, str) and key in ADDRESS_KEYS:
        yield key, node


@pytest.mark.parametrize("host", MAIN_HOSTS)
def test_example_addresses_are_base58_public_keys(host: str) -> None:
    values = [v for n in oas.walk(bundle(host)) if n.kind in ("example", "parameter", "media-type")
              for v in ([n.value.get("value")] if n.kind == "example" else [n.value.get("example")])]  # fmt: skip
    params = {n.value["name"]: n.value["example"] for n in oas.walk(bundle(host))
              if n.kind == "parameter" and "example" in n.value}  # fmt: skip
    found = list(_addresses(values)) + [(k, v) for k, v in params.items() if k in ADDRESS_KEYS]
    assert found, "no address in the examples: the check would be vacuous"
    bad = [(k, v) for k, v in found if not decodes_to_32_bytes(v)]
    assert bad == []


def test_base58_check_can_fail() -> None:
    assert decodes_to_32_bytes("7vW5scKR9Ubq3ojAFNF2MS8kV3brBP8idkiFMk55ZN8y")
    assert not decodes_to_32_bytes("5Hq5dJmYxWcqWUqwBcQX9Lz4Vn7P8Jr2TtEeRrYyUuIo")  # 'I' is not base58
    assert not decodes_to_32_bytes("So1111")


@pytest.mark.parametrize("host", HOSTS)
def test_example_values_are_no_placeholders(host: str) -> None:
    """An example shows a real-shaped value or none (x-not-shown), never `<...>` text."""
    for node in oas.walk(bundle(host)):
        if node.kind == "example":
            assert {"value", "x-not-shown"} & node.value.keys(), node.pointer
            assert not re.search(r"<[^>]*not shown[^>]*>", json.dumps(node.value.get("value"))), node.pointer


# --- 13. paging a user can reach ---------------------------------------------------------------
@pytest.mark.parametrize(("path", "names"), [
    ("/pools/info/list", {"page", "sortType"}),
    ("/pools/info/mint", {"page", "sortType"}),
    ("/farms/info/lp", {"page", "lp"}),
])  # fmt: skip
def test_cited_paging_parameters(path: str, names: set[str]) -> None:
    def params(doc: dict[str, Any]) -> dict[str, Any]:
        found = [deref(doc, p) for p in doc["paths"][path]["get"].get("parameters") or []]
        return {p["name"]: p for p in found}

    full = params(bundle("pool-v3"))
    assert names <= set(full)
    for name in names:
        assert full[name]["x-evidence"]
        assert not full[name].get("required")
    assert not names & set(params(source_view("pool-v3"))), "the source-only view keeps an evidence parameter"
    if "sortType" in names:
        assert deref(bundle("pool-v3"), full["sortType"]["schema"])["enum"] == ["desc", "asc"]
