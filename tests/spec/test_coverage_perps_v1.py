"""Source coverage of the perps metadata service (v1).

Every endpoint, parameter, rule, limit and "not shown" statement the source document
makes about the perps metadata service, listed here as this test's own expectations, and
found in generated/openapi/perps-v1.deref.json.
"""

from __future__ import annotations

import copy

import pytest

from project import bundle, source_view
from source_coverage import (
    Absent,
    Endpoints,
    Expectation,
    Fields,
    NoParams,
    NotShown,
    Param,
    Text,
    Value,
    op_pointer,
)

HOST = "perps-v1"
OK = "/responses/200/content/application~1json/schema"
DATA = OK + "/allOf/1/properties/data"
BODY = "/requestBody/content/application~1json/schema"
VERSION = op_pointer("get", "/main/version")
RPCS = op_pointer("get", "/main/rpcs")
INFO = op_pointer("get", "/main/info")
AVAILABILITY = op_pointer("get", "/main/availability-check")
TEMP_KEY = op_pointer("get", "/main/temp-key")
POOLS = op_pointer("get", "/pool/default-list")
CONFIGS = op_pointer("get", "/campaign/configs")
USER = op_pointer("get", "/campaign/user")
LEADERBOARD = op_pointer("get", "/campaign/list")
SHARE = op_pointer("post", "/share/position")
SHARE_HISTORY = op_pointer("post", "/share/history-position")

EXPECTATIONS: list[Expectation] = [
    # --- Endpoints -----------------------------------------------------------------------
    Endpoints(
        {
            ("get", "/main/version"),
            ("get", "/main/rpcs"),
            ("get", "/main/info"),
            ("get", "/main/availability-check"),
            ("get", "/main/temp-key"),
            ("get", "/pool/default-list"),
            ("get", "/campaign/configs"),
            ("get", "/campaign/user"),
            ("get", "/campaign/list"),
            ("post", "/share/position"),
            ("post", "/share/history-position"),
        }
    ),
    *[
        NoParams("get", p)
        for p in (
            "/main/version",
            "/main/rpcs",
            "/main/info",
            "/main/availability-check",
            "/pool/default-list",
            "/campaign/configs",
        )
    ],
    # --- Parameters and rules ------------------------------------------------------------
    Value(AVAILABILITY + "/x-edge-headers/0/name", "cf-ipcountry", "GET /main/availability-check header cf-ipcountry"),
    Value(AVAILABILITY + "/x-edge-headers/0/setBy", "an edge proxy", "cf-ipcountry is set by an edge proxy"),
    Value(AVAILABILITY + "/x-edge-headers/0/whenAbsent", "a default configuration is used", "rule 1: cf-ipcountry"),
    Text(
        AVAILABILITY + "/x-rules",
        ["Endpoints / Perps metadata service / rule 1", "Endpoints / Perps metadata service / rule 2"],
        "rules 1 and 2 as data",
    ),
    Text(AVAILABILITY, ["Restricted regions", "configured server-side and updated periodically"], "rule 2"),
    Param("get", "/main/temp-key", "wallet", required=True, type="string"),
    Param("get", "/campaign/user", "wallet", required=True, type="string"),
    Param("get", "/campaign/user", "index", type="integer"),
    Param("get", "/campaign/list", "index", type="integer"),
    Text(USER + "/parameters", ["campaign index"], "index is the campaign index"),
    *[
        NotShown(op + "/parameters", ["default of index when omitted"], f"rule 6: index default not shown ({name})")
        for name, op in (("user", USER), ("list", LEADERBOARD))
    ],
    NotShown(LEADERBOARD, ["pagination parameters of /campaign/list"], "rule 5: pagination parameters not shown"),
    Text(LEADERBOARD, ["paginated"], "campaign/list is paginated"),
    Text(USER, ["no history gets zeroed stats, not an error"], "rule 3: zeroed stats"),
    Text(USER + "/x-rules", ["Endpoints / Perps metadata service / rule 3"], "rule 3 as data"),
    # --- Schemas ---------------------------------------------------------------------------
    Fields(
        POOLS + OK + "/allOf/1/properties/data/items",
        {"symbol": "string", "volume24h": "string", "volume7d": "string", "volume30d": "string"},
        "perp pool entry exactly as shown",
        exact=True,
        required=["symbol", "volume24h", "volume7d", "volume30d"],
    ),
    Text(POOLS + OK + "/allOf/1/properties/data/items/properties/symbol", ["<BASE>/<QUOTE>"], "symbol format"),
    Text(
        POOLS + OK + "/allOf/1/properties/data/items/properties/volume24h", ["decimal number"], "volumes are decimals"
    ),
    Absent(POOLS + OK, "msg", "the pool-list success shape has no msg"),
    Value(POOLS + OK + "/allOf/1/not", {"required": ["msg"]}, "the pool-list success shape forbids msg"),
    Fields(
        VERSION + OK,
        {"id": "string", "success": "boolean", "msg": "string"},
        "other successes use the envelope",
        required=["success", "data"],
    ),
    NotShown(VERSION + DATA, ["version info", "minimum supported version"], "version info: fields not shown"),
    NotShown(RPCS + DATA, ["RPC list"], "RPC list: fields not shown"),
    NotShown(INFO + DATA, ["market statistics", "open interest"], "market statistics: fields not shown"),
    NotShown(AVAILABILITY + DATA, ["availability result", "status per region"], "availability: fields not shown"),
    NotShown(TEMP_KEY + DATA, ["temporary key", "Ed25519 keypair"], "temporary key: fields not shown"),
    NotShown(CONFIGS + DATA, ["campaign configuration"], "campaign configuration: fields not shown"),
    NotShown(USER + DATA, ["campaign user stats", "earned rewards"], "campaign user stats: fields not shown"),
    NotShown(LEADERBOARD + DATA, ["leaderboard entries"], "leaderboard entries: fields not shown"),
    NotShown(SHARE + BODY, ["share request body fields", "live position"], "rule 4: share body (live) not shown"),
    NotShown(SHARE_HISTORY + BODY, ["share request body fields", "realized P&L"], "rule 4: share body (closed)"),
    NotShown(SHARE + DATA, ["share response", "image of a position"], "share response: fields not shown"),
    NotShown(SHARE_HISTORY + DATA, ["share response"], "share history response: fields not shown"),
    # --- The temporary key is a secret -------------------------------------------------------
    Text(TEMP_KEY, ["must not log it, cache it"], "temp-key description warns"),
    Value(
        TEMP_KEY + "/x-sensitive/secret", "a temporary Ed25519 keypair generated for a wallet", "temp-key is sensitive"
    ),
    Text(TEMP_KEY + "/responses/200/x-sensitive", ["Do not log, cache or persist"], "temp-key response is sensitive"),
    Text(TEMP_KEY + DATA + "/x-sensitive", ["Do not log, cache or persist"], "temp-key payload is sensitive"),
    Text(
        TEMP_KEY, ["needs no credentials", "certain authentication or signing flows"], "temp-key needs no credentials"
    ),
    # --- Caching and versioning ----------------------------------------------------------------
    Value(VERSION + "/x-caching/maxAgeSeconds", 60, "cache-control max-age=60"),
    Value(VERSION + "/x-caching/serverRefreshSeconds", 60, "server-side refresh every 60 seconds"),
    Value(VERSION + "/x-caching/stalenessSeconds", {"min": 0, "max": 60}, "data up to 0-60 seconds stale"),
    Value(VERSION + "/x-caching/appliesTo", "most perps metadata endpoints", "cache-control: most endpoints"),
    NotShown("", ["Which of the perps metadata endpoints"], "which endpoints ('most') is not shown"),
    Text(VERSION + "/responses/200/headers/Cache-Control", ["max-age=60"], "Cache-Control header on GET endpoints"),
    Value("/info/x-versioning/testNetwork", False, "versioning rule 5: production only"),
    Value("/info/x-versioning/serviceVersion", "1", "versioning rule 3: version 1"),
    Value("/info/x-versioning/versionIn", "hostname", "versioning rule 1: version in the hostname"),
    Text(
        VERSION,
        ["current stable UI version and the minimum supported UI version", "compatibility check"],
        "versioning rule 4: /main/version",
    ),
    Value("/servers/0/url", "{perps_base_url}", "server {perps_base_url}"),
    NotShown("/servers/0/variables/perps_base_url", ["{perps_base_url}"], "the base URL's value is not shown"),
    Value("/security", [], "anonymous: security []"),
    Value("/x-rate-limit/scope", "per-source-ip", "rate limiting per source IP"),
    # --- What the service does -------------------------------------------------------------
    Text(
        "/info/description",
        [
            "places no orders",
            "separate external order-matching service",
            "sends orders to the external service",
            "reads back position data",
            "no test network",
            "Always check success before reading data",
        ],
        "service scope",
    ),
    NotShown("/info", ["states and transitions", "events", "other eight"], "global not-shown statements"),
]


@pytest.mark.parametrize("expectation", EXPECTATIONS, ids=str)
def test_source_statement_is_in_the_spec(expectation: Expectation) -> None:
    assert expectation.check(source_view(HOST)) == []


def test_share_responses_are_one_component_referenced_twice() -> None:
    paths = bundle(HOST)["paths"]
    refs = {
        paths[p]["post"]["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
        for p in ("/share/position", "/share/history-position")
    }
    assert refs == {"#/components/schemas/ShareResponse"}


def test_no_order_paths() -> None:
    """Order placement belongs to the external order-matching service: no such path here."""
    assert not [p for p in bundle(HOST)["paths"] if "order" in p.lower()]


def test_coverage_checks_can_fail() -> None:
    broken = copy.deepcopy(source_view(HOST))
    del broken["paths"]["/main/availability-check"]["get"]["x-edge-headers"]
    pool_ok = broken["paths"]["/pool/default-list"]["get"]["responses"]["200"]["content"]["application/json"]
    pool_ok["schema"]["allOf"][0]["properties"]["msg"] = {"type": "string"}
    del broken["paths"]["/main/temp-key"]["get"]["x-sensitive"]
    failing = {str(e) for e in EXPECTATIONS if e.check(broken)}
    assert {
        "GET /main/availability-check header cf-ipcountry",
        "the pool-list success shape has no msg",
        "temp-key is sensitive",
    } <= failing


CACHED = ("/main/version", "/main/rpcs", "/main/info", "/main/availability-check", "/pool/default-list",
          "/campaign/configs", "/campaign/user", "/campaign/list")  # fmt: skip


@pytest.mark.parametrize("path", CACHED)
def test_caching_claim_is_per_operation_and_says_most(path: str) -> None:
    """The source says "most perps metadata endpoints": each plain GET carries the figures
    with appliesTo, and its response declares the (optional) Cache-Control header."""
    op = source_view(HOST)["paths"][path]["get"]
    assert op["x-caching"]["appliesTo"] == "most perps metadata endpoints"
    assert op["x-caching"]["maxAgeSeconds"] == 60
    assert "Cache-Control" in op["responses"]["200"]["headers"]


def test_no_caching_claim_for_the_whole_host_nor_the_secret() -> None:
    view = source_view(HOST)
    assert "x-caching" not in view
    temp_key = view["paths"]["/main/temp-key"]["get"]
    assert "x-caching" not in temp_key
    assert "Cache-Control" not in (temp_key["responses"]["200"].get("headers") or {})
    for path in ("/share/position", "/share/history-position"):
        assert "x-caching" not in view["paths"][path]["post"]


def test_cf_ipcountry_is_no_parameter() -> None:
    """The edge proxy sets cf-ipcountry: the request takes nothing, so no generated client
    offers it as an argument (it is an x-edge-headers entry, not a parameter)."""
    op = bundle(HOST)["paths"]["/main/availability-check"]["get"]
    assert "parameters" not in op
    assert [h["name"] for h in op["x-edge-headers"]] == ["cf-ipcountry"]


def test_cache_control_is_declared_exactly_where_caching_is_claimed() -> None:
    """In the full bundle, an operation's 200 declares Cache-Control if and only if the
    operation carries x-caching: the header cannot vanish from one that claims it."""
    from project import deref
    from scripts.spec.oas import HTTP_METHODS

    claimed, declared = set(), set()
    for path, item in deref(HOST)["paths"].items():
        for method in HTTP_METHODS:
            if method in item:
                op = item[method]
                if "x-caching" in op:
                    claimed.add((method, path))
                if "Cache-Control" in (op["responses"]["200"].get("headers") or {}):
                    declared.add((method, path))
    assert claimed == declared
    assert {("get", path) for path in CACHED} <= claimed
