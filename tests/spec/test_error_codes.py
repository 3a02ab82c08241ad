"""The transaction service's error-code catalogue (`x-error-codes` on TransactionErrorCode)
and the swap examples: every code has what a client needs to act on it and a citation a
reader can follow; the source-only view keeps the source's two codes; every transaction
body carries a compute example unchanged, and every example transaction decodes."""

from __future__ import annotations

import base64
import json
import re
import subprocess
import sys
from typing import Any

import pytest

from project import REPO, bundle, source_text, source_view

HOST = "transaction-v1"
CODE_SCHEMA = "/components/schemas/TransactionErrorCode"


def catalogue(doc: dict[str, Any]) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = doc["components"]["schemas"]["TransactionErrorCode"]["x-error-codes"]
    return entries


def operation_ids() -> set[str]:
    return {op["operationId"] for item in bundle(HOST)["paths"].values() for op in item.values()
            if isinstance(op, dict) and "operationId" in op}  # fmt: skip


def test_every_code_names_real_operations_and_envelope_fields() -> None:
    failure = bundle(HOST)["components"]["schemas"]["TransactionFailureEnvelope"]
    declared = {name for member in failure["allOf"] for name in member.get("properties", {})}
    for entry in catalogue(bundle(HOST)):
        assert set(entry["endpoints"]) <= operation_ids(), entry["code"]
        assert set(entry.get("carries", [])) <= declared, entry["code"]


def test_sixteen_codes_and_the_ones_only_the_source_names() -> None:
    codes = [e["code"] for e in catalogue(bundle(HOST))]
    assert len(codes) == len(set(codes)) == 16
    schema = bundle(HOST)["components"]["schemas"]["TransactionErrorCode"]
    assert schema["x-extensible-enum"] == codes
    by_basis = {e["code"]: e["basis"] for e in catalogue(bundle(HOST))}
    for code, basis in by_basis.items():
        in_source = re.search(rf"\b{code}\b", source_text()) is not None
        assert in_source is (basis == "source"), code
    assert by_basis["REQ_POOL_NOT_OPEN"] == "raydium-code"
    pool_not_open = next(e for e in catalogue(bundle(HOST)) if e["code"] == "REQ_POOL_NOT_OPEN")
    assert pool_not_open["action"] == "wait"
    assert pool_not_open["carries"] == ["openTime"]


def test_evidence_codes_cite_a_followable_source() -> None:
    followable = re.compile(r"^(https://github\.com/\S+/(blob/[0-9a-f]{40}/\S+#L\d+|commit/[0-9a-f]{40}|issues/\d+|pull/\d+)"
                            r"|[\w.-]+/[\w.-]+ (issues? \d+|\S+ .*\(commit [0-9a-f]{7,40}\)))")  # fmt: skip
    for entry in catalogue(bundle(HOST)):
        if entry["basis"] == "source":
            assert "x-evidence" not in entry
            continue
        assert entry["x-evidence"], entry["code"]
        for citation in entry["x-evidence"]:
            assert followable.match(citation["source"]), citation["source"]


def test_source_only_view_keeps_the_two_source_codes() -> None:
    view = source_view(HOST)
    schema = view["components"]["schemas"]["TransactionErrorCode"]
    assert schema["x-extensible-enum"] == ["REQ_WALLET_ERROR", "REQ_SLIPPAGE_BPS_ERROR"]
    assert [e["code"] for e in schema["x-error-codes"]] == ["REQ_WALLET_ERROR", "REQ_SLIPPAGE_BPS_ERROR"]
    assert "ROUTE_NOT_FOUND" not in str(view)


# --- the swap examples (spec/transaction-v1/examples.yaml) ------------------------------------
def examples_of(path: str, method: str, where: str) -> dict[str, Any]:
    op = bundle(HOST)["paths"][path][method]
    media = op["requestBody"] if where == "request" else op["responses"]["200"]
    found: dict[str, Any] = {}
    for name, example in media["content"]["application/json"]["examples"].items():
        resolved = bundle(HOST)["components"]["examples"][example["$ref"].rsplit("/", 1)[1]]
        found[name] = resolved.get("value")
    return found


@pytest.mark.parametrize("side", ["in", "out"])
def test_every_request_carries_a_compute_example_unchanged(side: str) -> None:
    quotes = [v for v in examples_of(f"/compute/swap-base-{side}", "get", "response").values()
              if isinstance(v, dict) and v.get("success") is True and v.get("data")]  # fmt: skip
    assert quotes
    for name, body in examples_of(f"/transaction/swap-base-{side}", "post", "request").items():
        if name == "envelopeOnly":
            continue  # the source's shape: the quote's fields are not shown
        assert body["swapResponse"] in quotes, name
        swap_type = "BaseIn" if side == "in" else "BaseOut"
        assert body["swapResponse"]["data"]["swapType"] == swap_type, name


def test_swap_examples_are_what_the_script_writes() -> None:
    proc = subprocess.run([sys.executable, "-m", "scripts.spec.swap_examples", "--check"], capture_output=True,
                          text=True, cwd=REPO, check=False)  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def test_every_example_transaction_decodes_for_the_example_wallet() -> None:
    from solders.message import MessageV0
    from solders.transaction import VersionedTransaction

    wallet = "E9DvCgB83DB2Yy4Jy6wn4XmAjEJLmHQiAczpuWbKq1A5"
    seen = {"v0": 0, "legacy": 0}
    for side in ("in", "out"):
        for value in examples_of(f"/transaction/swap-base-{side}", "post", "response").values():
            for item in value["data"] if isinstance(value["data"], list) else []:
                tx = VersionedTransaction.from_bytes(base64.b64decode(item["transaction"]))
                assert str(tx.message.account_keys[0]) == wallet  # the fee payer signs
                assert all(bytes(s) == bytes(64) for s in tx.signatures)  # unsigned, as the service sends it
                seen["v0" if isinstance(tx.message, MessageV0) else "legacy"] += 1
    assert seen["v0"]
    assert seen["legacy"] >= 3


def test_the_descriptions_say_which_is_the_source_and_which_is_evidence() -> None:
    """The transaction description and its failure response state the source (failures are
    4xx/5xx) and what evidence adds (failures with HTTP 200 on compute); the source-only view
    reads the source's text alone."""
    full, view = bundle(HOST), source_view(HOST)
    failure = full["components"]["responses"]["TransactionFailure"]["description"]
    for text in (" ".join(t.split()) for t in (full["info"]["description"], failure)):
        assert "The source states" in text
        assert "HTTP 200" in text
        assert "evidence" in text
    view_texts = (view["info"]["description"],
                  view["paths"]["/compute/swap-base-in"]["get"]["responses"]["default"]["description"])  # fmt: skip
    for text in (" ".join(t.split()) for t in view_texts):
        assert "HTTP 4xx or 5xx" in text
        assert "HTTP 200" not in text
        assert "evidence" not in text


@pytest.mark.parametrize("host", ["pool-v3", "transaction-v1", "perps-v1"])
def test_the_source_only_view_names_no_public_host(host: str) -> None:
    """The source names each host only as a placeholder: the view's server is a `.invalid`
    placeholder, and no text of the view names the public host either."""
    view = json.dumps(source_view(host))
    for public in ("api-v3", "transaction-v1.raydium.io", "api-perp-v1", "raydium.io"):
        assert public not in view, public
