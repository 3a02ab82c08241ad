"""Source coverage of the pool data service (v3).

Every endpoint, parameter, enum value, limit, rule and "not shown" statement the source
document makes about the pool data service, listed here as this test's own expectations,
and found in the dereferenced bundle generated/openapi/pool-v3.deref.json.
"""

from __future__ import annotations

import copy

import pytest

from project import source_view
from source_coverage import (
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

HOST = "pool-v3"
POOL_TYPES = ["all", "concentrated", "standard", "allFarm", "concentratedFarm", "standardFarm"]
SORT_FIELDS = [
    "default",
    "liquidity",
    "volume24h",
    "volume7d",
    "volume30d",
    "fee24h",
    "fee7d",
    "fee30d",
    "apr24h",
    "apr7d",
    "apr30d",
]
OK = "/responses/200/content/application~1json/schema"
DATA = OK + "/allOf/1/properties/data"

DYNAMIC = op_pointer("get", "/main/clmm-dynamic-config")
LIMIT = op_pointer("get", "/main/clmm-limit-order-config")
INFO = op_pointer("get", "/main/info")
MINTS = op_pointer("get", "/mint/list")
PRICE = op_pointer("get", "/mint/price")
IDS = op_pointer("get", "/pools/info/ids")
BY_MINT = op_pointer("get", "/pools/info/mint")
LIST = op_pointer("get", "/pools/info/list")
LIST_V2 = op_pointer("get", "/pools/info/list-v2")
FARMS = op_pointer("get", "/farms/info/lp")

EXPECTATIONS: list[Expectation] = [
    # --- Endpoints (table of the pool data service) --------------------------------------
    Endpoints(
        {
            ("get", "/main/clmm-dynamic-config"),
            ("get", "/main/clmm-limit-order-config"),
            ("get", "/main/info"),
            ("get", "/mint/list"),
            ("get", "/mint/price"),
            ("get", "/pools/info/ids"),
            ("get", "/pools/info/mint"),
            ("get", "/pools/info/list"),
            ("get", "/pools/info/list-v2"),
            ("get", "/farms/info/lp"),
        }
    ),
    NoParams("get", "/main/clmm-dynamic-config"),
    NoParams("get", "/main/clmm-limit-order-config"),
    NoParams("get", "/main/info"),
    NoParams("get", "/mint/list"),
    NoParams("get", "/mint/price", statement="/mint/price: the mints parameter is not named, so none is declared"),
    Param("get", "/pools/info/ids", "ids", required=True, type="string"),
    Text(IDS, ["comma-separated list of pool ids"], "ids is a comma-separated list of pool ids"),
    Param("get", "/pools/info/mint", "mint1", required=True, type="string"),
    Param("get", "/pools/info/mint", "mint2", required=False, type="string"),
    *[
        Param("get", path, "poolType", type="string", enum=POOL_TYPES, statement=f"{path} poolType: rule 1, six values")
        for path in ("/pools/info/mint", "/pools/info/list")
    ],
    *[
        Param(
            "get",
            path,
            "poolSortField",
            type="string",
            enum=SORT_FIELDS,
            statement=f"{path} poolSortField: rule 2, eleven values",
        )
        for path in ("/pools/info/mint", "/pools/info/list")
    ],
    *[
        Param("get", path, "pageSize", type="integer", maximum=1000, statement=f"{path} pageSize maximum 1000 (Limits)")
        for path in ("/pools/info/mint", "/pools/info/list")
    ],
    Param("get", "/pools/info/list-v2", "size", type="integer", maximum=1000, statement="list-v2 size maximum 1000"),
    Param("get", "/pools/info/list-v2", "nextPageId", type="string"),
    Param("get", "/farms/info/lp", "pageSize", type="integer", maximum=100, statement="farms pageSize maximum 100"),
    Value(
        "/components/schemas/PoolSortField/x-enum-descriptions/0",
        "by 24h volume",
        "poolSortField default sorts by 24h volume",
    ),
    # --- Rules ---------------------------------------------------------------------------
    Text(
        BY_MINT,
        [
            "mint1 less than mint2 in ascending public-key byte order",
            "also sorts the pair itself",
            "omit mint2 and all pools containing it are returned",
        ],
        "rule 3: mint pairs and one-mint search",
    ),
    Text(LIST_V2, ["opaque cursor", "pass it back unchanged", "never build"], "rule 4: list-v2 opaque cursor"),
    Text(LIST_V2 + "/x-rules", ["Endpoints / Pool data service / rule 4"], "rule 4 is a machine-readable rule"),
    Text(BY_MINT + "/x-rules", ["Endpoints / Pool data service / rule 3"], "rule 3 is a machine-readable rule"),
    # --- DynamicFeeConfig ----------------------------------------------------------------
    Fields(
        DYNAMIC + DATA + "/items",
        {
            "id": "string",
            "index": "integer",
            "filterPeriod": "integer",
            "decayPeriod": "integer",
            "reductionFactor": "integer",
            "maxFeeRateNumerator": "integer",
            "dynamicFeeControl": "integer",
        },
        "DynamicFeeConfig has the seven typed fields",
        exact=True,
    ),
    Value(DYNAMIC + DATA + "/type", "array", "dynamic-fee config data is an array of DynamicFeeConfig"),
    Text(
        DYNAMIC,
        ["calibrated tier", "new concentrated-liquidity pool", "enableDynamicFee=true", "CreateCustomizablePool"],
        "DynamicFeeConfig tier semantics",
    ),
    Value(DYNAMIC + "/x-caching/edgeCacheSeconds", {"min": 60, "max": 60}, "dynamic-fee config edge cache 60 s"),
    # --- Limit-order config --------------------------------------------------------------
    Text(
        LIMIT,
        [
            "limit_order_admin",
            "off-chain keeper authorized to settle filled orders",
            "whether limit orders are enabled",
            "minimum input amount",
        ],
        "limit-order config contents",
    ),
    Value(
        LIMIT + DATA + "/anyOf/1/items/properties/limit_order_admin/description",
        "The off-chain keeper authorized to settle filled orders.",
        "limit_order_admin is a named field",
    ),
    NotShown(
        LIMIT + DATA, ["beyond limit_order_admin"], "limit-order config: field names not shown beyond limit_order_admin"
    ),
    # --- Not shown: record shapes, request shapes, parameters ----------------------------
    NotShown(INFO + DATA, ["chain statistics"], "chain statistics: field names not shown"),
    NotShown(MINTS + DATA, ["token list"], "mints: field names not shown"),
    NotShown(PRICE + DATA, ["price records"], "prices: field names not shown"),
    *[
        NotShown(op + DATA, ["pool records"], f"pools ({name}): field names not shown")
        for name, op in (("ids", IDS), ("mint", BY_MINT), ("list", LIST), ("list-v2", LIST_V2))
    ],
    NotShown(FARMS + DATA, ["farm records"], "farms: field names not shown"),
    NotShown(MINTS, ["request shape of /mint/list"], "request shape of the mint endpoint not shown"),
    NotShown(PRICE, ["request shape of /mint/price"], "request shape of the price endpoint not shown"),
    NotShown(BY_MINT, ["sort direction", "page number"], "sort direction and page number not shown (mint)"),
    NotShown(LIST, ["sort direction", "page number"], "sort direction and page number not shown (list)"),
    NotShown(FARMS, ["page number"], "page number not shown (farms)"),
    NotShown("", ["parameters beyond those named"], "parameters beyond those named: not shown"),
    NotShown(
        "/info",
        ["states and transitions", "events", "other eight", "per-endpoint cache TTLs"],
        "states, events, other services and other TTLs: not shown",
    ),
    # --- Envelope and errors -------------------------------------------------------------
    Fields(
        DYNAMIC + OK,
        {"id": "string", "success": "boolean", "msg": "string", "data": "array"},
        "pool success shape lists id, success, msg and data",
        required=["success", "data"],
    ),
    Text(DYNAMIC + OK, ["A UUID", "[0-9a-fA-F]{8}-"], "id is a UUID in the pool data service"),
    Text(
        "/info/description",
        [
            "Always check success before reading data",
            "primary signal",
            "msg is for people",
            "stable across minor versions",
        ],
        "envelope and error rules",
    ),
    # --- Limits: caching, staleness, rate limiting ---------------------------------------
    Value("/x-caching/edgeCacheSeconds", {"min": 5, "max": 60}, "edge cache 5 to 60 seconds on reads"),
    Value("/x-caching/stalenessSeconds", {"min": 60, "max": 300}, "1-5 minutes typical staleness"),
    Value("/x-caching/chainSlotDivergence", {"min": 1, "max": 2}, "1-2 slot divergence during congestion"),
    Text("/x-caching/note", ["during congestion"], "slot divergence happens during congestion"),
    Text("/info/description", ["1-5 minutes stale depending on the endpoint"], "staleness in the overview"),
    Value(INFO + "/x-caching/clientCacheSeconds", 3600, "/main/info client cache guidance 1 hour"),
    Value(MINTS + "/x-caching/clientCacheSeconds", 3600, "/mint/list client cache guidance 1 hour"),
    Value(
        "/x-rate-limit",
        {"scope": "per-source-ip", "policy": "progressive", "exceededStatus": 429, "retryAfterHeader": True},
        "progressive per-source-IP rate limiting with 429",
    ),
    # --- Versioning and authentication ---------------------------------------------------
    Value("/servers/0/url", "{base_url}", "server {base_url}"),
    NotShown("/servers/0/variables/base_url", ["{base_url}"], "the base URL's value is not shown"),
    Value("/security", [], "anonymous: security []"),
    Value("/info/x-versioning/versionIn", "hostname", "version in the hostname"),
    Value("/info/x-versioning/pathVersioning", False, "no path-level versioning"),
    Value("/info/x-versioning/serviceVersion", "3", "pool data service is version 3"),
    Value("/info/x-versioning/minimumOverlapMonths", 6, "v3 to v4 overlap of at least 6 months"),
    Text(
        "/info/description",
        ["anonymous HTTPS", "wallets, aggregators, routers and traders", "new host that overlaps the old"],
        "overview facts",
    ),
]


@pytest.mark.parametrize("expectation", EXPECTATIONS, ids=str)
def test_source_statement_is_in_the_spec(expectation: Expectation) -> None:
    assert expectation.check(source_view(HOST)) == []


def test_coverage_checks_can_fail() -> None:
    """Deleting a statement from the spec makes its expectation fail (the checks are not vacuous)."""
    broken = copy.deepcopy(source_view(HOST))
    farms = broken["paths"]["/farms/info/lp"]["get"]
    farms["parameters"] = []
    del farms["x-not-shown"]
    broken["paths"]["/pools/info/list"]["get"]["parameters"][0]["schema"]["enum"].remove("standardFarm")
    del broken["x-rate-limit"]
    broken["paths"]["/pools/info/mint"]["get"]["description"] = ""
    del broken["paths"]["/pools/info/mint"]["get"]["x-rules"]
    failing = {str(e) for e in EXPECTATIONS if e.check(broken)}
    assert {
        "farms pageSize maximum 100",
        "page number not shown (farms)",
        "/pools/info/list poolType: rule 1, six values",
        "progressive per-source-IP rate limiting with 429",
        "rule 3: mint pairs and one-mint search",
    } <= failing


@pytest.mark.parametrize(
    ("ids", "ok"),
    [("58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2", True), ("a,b", True), ("", False), ("a,,b", False),
     (",a", False), ("a,", False)],
)  # fmt: skip
def test_ids_is_a_comma_separated_list(ids: str, ok: bool) -> None:
    """The `ids` parameter's pattern and minLength are enforced, not only described."""
    import jsonschema

    param = next(p for p in source_view(HOST)["paths"]["/pools/info/ids"]["get"]["parameters"] if p["name"] == "ids")
    errors = list(jsonschema.Draft202012Validator(param["schema"]).iter_errors(ids))
    assert (errors == []) is ok, errors
