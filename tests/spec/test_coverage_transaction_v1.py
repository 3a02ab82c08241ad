"""Source coverage of the swap transaction service (Route V2, host transaction-v1).

Every endpoint, parameter, body field, rule, limit and "not shown" statement the source
document makes about the swap transaction service, listed here as this test's own
expectations, and found in generated/openapi/transaction-v1.deref.json.
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
    NotShown,
    Param,
    Text,
    Value,
    op_pointer,
)

HOST = "transaction-v1"
COMPUTE_IN = op_pointer("get", "/compute/swap-base-in")
COMPUTE_OUT = op_pointer("get", "/compute/swap-base-out")
TX_IN = op_pointer("post", "/transaction/swap-base-in")
TX_OUT = op_pointer("post", "/transaction/swap-base-out")
BODY = "/requestBody/content/application~1json/schema"
OK = "/responses/200/content/application~1json/schema"
DATA = OK + "/allOf/1/properties/data"
FAILURE_MSG = "/responses/default/content/application~1json/schema/allOf/1/properties/msg"
BODY_FIELDS: dict[str, str | None] = {
    "wallet": "string",
    "swapResponse": None,
    "txVersion": "string",
    "computeUnitPriceMicroLamports": "integer",
    "wrapSol": "boolean",
    "unwrapSol": "boolean",
    "inputAccount": "string",
    "outputAccount": "string",
    "nonceInfo": "object",
    "bundleInfo": "object",
}
REQUIRED_BODY = ["wallet", "swapResponse", "txVersion", "computeUnitPriceMicroLamports"]


def compute_params(path: str) -> list[Expectation]:
    return [
        Param("get", path, "inputMint", required=True, type="string"),
        Param("get", path, "outputMint", required=True, type="string"),
        Param("get", path, "amount", required=True, type="integer", minimum=0),
        Param("get", path, "slippageBps", required=True, type="integer", minimum=0, maximum=10000),
        Param("get", path, "txVersion", required=True, type="string", enum=["V0", "LEGACY"]),
    ]


EXPECTATIONS: list[Expectation] = [
    # --- Endpoints -----------------------------------------------------------------------
    Endpoints(
        {
            ("get", "/compute/swap-base-in"),
            ("get", "/compute/swap-base-out"),
            ("post", "/transaction/swap-base-in"),
            ("post", "/transaction/swap-base-out"),
        }
    ),
    Text(COMPUTE_IN, ["fixed input amount", "computes the output"], "base-in compute purpose"),
    Text(COMPUTE_OUT, ["fixed output amount", "computes the required input"], "base-out compute purpose"),
    Text(TX_IN, ["transaction for a fixed input"], "base-in transaction purpose"),
    Text(TX_OUT, ["transaction for a fixed output"], "base-out transaction purpose"),
    # --- Compute query parameters --------------------------------------------------------
    *compute_params("/compute/swap-base-in"),
    *compute_params("/compute/swap-base-out"),
    Param("get", "/compute/swap-base-in", "referrerBps", required=False, type="integer"),
    Absent(COMPUTE_OUT, "referrerBps", "referrerBps does not exist for base-out", kind="parameter"),
    Text(
        COMPUTE_IN + "/parameters",
        [
            "mint address of the token sent",
            "mint address of the token wanted",
            "smallest unit",
            "100 = 1%",
            "basis points of the output taken as a referrer fee",
        ],
        "compute parameter rules",
    ),
    Text(COMPUTE_IN + "/parameters", ["input amount"], "amount is the input amount for base-in"),
    Text(COMPUTE_OUT + "/parameters", ["desired output amount"], "amount is the desired output for base-out"),
    *[
        Text(
            op + "/parameters",
            ["u64", "without 64-bit integers", "decimal string"],
            f"amount beyond 2^53: how to pass it ({name})",
        )
        for name, op in (("in", COMPUTE_IN), ("out", COMPUTE_OUT))
    ],
    Value("/components/schemas/AmountU64/anyOf/1/format", "uint64", "amount reaches the u64 range"),
    # --- Transaction body ----------------------------------------------------------------
    Fields(
        TX_IN + BODY,
        {**BODY_FIELDS, "referrerWallet": "string"},
        "base-in body fields",
        required=REQUIRED_BODY,
        exact=True,
    ),
    Fields(TX_OUT + BODY, BODY_FIELDS, "base-out body fields (no referrer)", required=REQUIRED_BODY, exact=True),
    Absent(TX_OUT + BODY, "referrerWallet", "the base-out referrer field is not implemented"),
    NotShown(TX_OUT + BODY, ["base-out referrer field is not implemented"], "base-out referrer: marker"),
    Text(
        TX_IN + BODY,
        [
            "signing wallet address",
            "0 means none",
            "priority fee in micro-lamports per compute unit",
            "native token is wrapped for input",
            "unwrapped to the native token",
            "token account receiving the output",
            "durable nonce for offline signing",
            "MEV-protection bundle parameters",
            "referrer wallet for fee collection",
        ],
        "body field rules",
    ),
    Text(
        TX_IN + BODY,
        [
            "inputAccount is required when the input is not wrapped",
            "When wrapSol and unwrapSol are both false, explicit token accounts must be supplied",
        ],
        "rule 1 and the inputAccount condition",
    ),
    NotShown(
        TX_IN + BODY + "/allOf/0/properties/nonceInfo", ["inner shape of nonceInfo"], "rule 4: nonceInfo not shown"
    ),
    NotShown(
        TX_IN + BODY + "/allOf/0/properties/bundleInfo", ["inner shape of bundleInfo"], "rule 4: bundleInfo not shown"
    ),
    Text(TX_IN + BODY + "/allOf/0/properties/swapResponse", ["entire compute response"], "swapResponse is the whole"),
    Value(
        TX_IN + BODY + "/allOf/0/properties/swapResponse/x-validity/approximateSeconds",
        30,
        "rule 3: swapResponse valid about 30 seconds",
    ),
    # --- txVersion -----------------------------------------------------------------------
    Value(
        "/components/schemas/TxVersion/x-enum-descriptions",
        ["uses address lookup tables (smaller, cheaper)", "works with every RPC endpoint and wallet"],
        "rule 2: V0 vs LEGACY trade-off",
    ),
    Text("/info/description", ["Transaction format", "chosen per request by txVersion"], "versioning rule 6"),
    # --- Responses ------------------------------------------------------------------------
    NotShown(COMPUTE_IN + DATA, ["swap quote", "route breakdown", "price impact"], "swap quote: fields not shown"),
    NotShown(COMPUTE_OUT + DATA, ["swap quote"], "swap quote (base-out): fields not shown"),
    NotShown(
        TX_IN + DATA,
        ["base64-encoded versioned transaction", "address lookup table addresses when txVersion=V0"],
        "transaction response: fields not shown",
    ),
    NotShown(TX_OUT + DATA, ["transaction response"], "transaction response (base-out): fields not shown"),
    # --- Errors ----------------------------------------------------------------------------
    Value(
        COMPUTE_IN + FAILURE_MSG + "/x-extensible-enum",
        ["REQ_WALLET_ERROR", "REQ_SLIPPAGE_BPS_ERROR"],
        "Errors rule 3: known codes, open set",
    ),
    Value(
        COMPUTE_IN + FAILURE_MSG + "/x-error-codes/0/meaning", "Invalid or missing wallet.",
        "Errors rule 3: meaning of REQ_WALLET_ERROR",
    ),
    Value(
        COMPUTE_IN + FAILURE_MSG + "/x-error-codes/1/meaning", "Invalid slippageBps.",
        "Errors rule 3: meaning of REQ_SLIPPAGE_BPS_ERROR",
    ),
    NotShown(COMPUTE_IN + FAILURE_MSG, ["complete list of error codes"], "Errors rule 3: complete code list not shown"),
    NotShown(
        COMPUTE_IN + "/responses/default",
        ["HTTP status code per error condition"],
        "Errors rule 6: status per condition not shown",
    ),
    # --- Flow, limits, versioning, authentication -----------------------------------------
    Text(
        "/info/description",
        [
            "no RPC connection and no SDK",
            "read-only, no signing",
            "unsigned transaction",
            "decodes it, signs it, broadcasts it through any chain RPC and waits for confirmation",
            "Always check success before reading data",
        ],
        "the two phases and the envelope",
    ),
    Value("/x-flow/0/operations", ["computeSwapBaseIn", "computeSwapBaseOut"], "flow step 1: compute"),
    Value("/x-flow/1/operations", ["buildSwapBaseInTransaction", "buildSwapBaseOutTransaction"], "flow step 2"),
    Value("/x-flow/2/byClient", True, "flow step 3: the client signs and broadcasts"),
    Value("/x-rate-limit/aggregatorGuidance/sustainedRequestsPerMinuteAbove", 120, "aggregator guidance > 120/min"),
    Text("/x-rate-limit/aggregatorGuidance/advice", ["own quote engine"], "aggregator guidance advice"),
    Value("/x-rate-limit/scope", "per-source-ip", "rate limiting per source IP"),
    Value("/x-rate-limit/policy", "progressive", "progressive rate limiting"),
    Value("/info/x-versioning/serviceVersion", "Route V2", "versioning rule 3: Route V2"),
    Value("/info/x-versioning/hostName", "transaction-v1", "versioning rule 3: host transaction-v1"),
    Value("/servers/0/url", "{transaction_base_url}", "server {transaction_base_url}"),
    NotShown("/servers/0/variables/transaction_base_url", ["{transaction_base_url}"], "the base URL is not shown"),
    Value("/security", [], "anonymous: security []"),
    NotShown("/info", ["states and transitions", "events", "other eight"], "global not-shown statements"),
]


@pytest.mark.parametrize("expectation", EXPECTATIONS, ids=str)
def test_source_statement_is_in_the_spec(expectation: Expectation) -> None:
    assert expectation.check(source_view(HOST)) == []


def test_swap_response_references_the_compute_response() -> None:
    """swapResponse is the entire compute response: a $ref to it, not a copy."""
    schemas = bundle(HOST)["components"]["schemas"]
    assert (
        schemas["TransactionRequest"]["properties"]["swapResponse"]["$ref"]
        == "#/components/schemas/SwapComputeResponse"
    )
    for path in ("/compute/swap-base-in", "/compute/swap-base-out"):
        schema = bundle(HOST)["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        # the success, or a failure delivered with HTTP 200 (public evidence, marked)
        assert schema["oneOf"][0] == {"$ref": "#/components/schemas/SwapComputeResponse"}
        assert schema["oneOf"][1]["$ref"] == "#/components/schemas/TransactionFailureEnvelope"
        assert schema["oneOf"][1]["x-evidence"]
        # the source-only view keeps the source's statement: the 200 is the success only
        view = source_view(HOST)["paths"][path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert view["title"] == "SwapComputeResponse"
        assert "oneOf" not in view


def test_compute_responses_link_to_their_transaction_endpoint() -> None:
    for direction in ("In", "Out"):
        path = f"/compute/swap-base-{direction.lower()}"
        links = bundle(HOST)["paths"][path]["get"]["responses"]["200"]["links"]
        assert links["buildTransaction"]["operationId"] == f"buildSwapBase{direction}Transaction"


def test_coverage_checks_can_fail() -> None:
    broken = copy.deepcopy(source_view(HOST))
    compute_out = broken["paths"]["/compute/swap-base-out"]["get"]
    compute_out["parameters"].append({"name": "referrerBps", "in": "query", "schema": {"type": "integer"}})
    body = broken["paths"]["/transaction/swap-base-in"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    body["allOf"][0]["required"].remove("computeUnitPriceMicroLamports")
    del broken["x-rate-limit"]["aggregatorGuidance"]
    failing = {str(e) for e in EXPECTATIONS if e.check(broken)}
    assert {
        "referrerBps does not exist for base-out",
        "base-in body fields",
        "aggregator guidance > 120/min",
    } <= failing
