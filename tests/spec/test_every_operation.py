"""Rules every operation keeps, read from the full dereferenced bundle of each host, so the
endpoints that only public evidence names (pool-v3's /main/version and /main/rpcs) are held
to them too, not only the operations of the source-only view.

Errors rules 1, 2, 4 and 5 of the source: every operation of a rate-limited host declares
its failures (HTTP 4xx or 5xx, as `default`) and 429 in its host's failure envelope, and the
429 requires `Retry-After` (the header a client waits by). No operation uses the `4XX`/`5XX`
range keys: oazapfts emits `status: 4XX;` and openapi-zod-client `status: NaN` (decision 55).
"""

from __future__ import annotations

from typing import Any

import pytest

from project import HOSTS, deref
from scripts.spec.oas import HTTP_METHODS, merged_properties, merged_required

RATE_LIMITED = [host for host in HOSTS if "x-rate-limit" in deref(host)]
OPERATIONS = [(host, method, path) for host in RATE_LIMITED for path, item in deref(host)["paths"].items()
              for method in HTTP_METHODS if method in item]  # fmt: skip


def failure_of(host: str, method: str, path: str, status: str) -> dict[str, Any]:
    schema: dict[str, Any] = deref(host)["paths"][path][method]["responses"][status]["content"]["application/json"][
        "schema"
    ]
    return schema


def test_the_main_hosts_are_rate_limited() -> None:
    assert {"pool-v3", "transaction-v1", "perps-v1"} <= set(RATE_LIMITED)
    assert len(OPERATIONS) >= 27  # 12 + 4 + 11: the walk saw every operation


@pytest.mark.parametrize(("host", "method", "path"), OPERATIONS, ids=[f"{h} {m} {p}" for h, m, p in OPERATIONS])
def test_every_429_requires_retry_after(host: str, method: str, path: str) -> None:
    response = deref(host)["paths"][path][method]["responses"]["429"]
    header = response["headers"]["Retry-After"]
    assert header.get("required") is True, "Retry-After must be required: clients wait by it"
    assert header["schema"]["type"] == "string"
    assert "numeric rate-limit table" in response["x-not-shown"]


@pytest.mark.parametrize(("host", "method", "path"), OPERATIONS, ids=[f"{h} {m} {p}" for h, m, p in OPERATIONS])
def test_every_failure_is_the_hosts_failure_envelope(host: str, method: str, path: str) -> None:
    for status in ("default", "429"):
        props = merged_properties(failure_of(host, method, path, status))
        assert props["success"]["enum"] == [False], status
        if host == "pool-v3":  # Errors rule 3: the pool data service's failures carry error.code
            error = props["error"]
            code = merged_properties(error)["code"]
            assert "code" in merged_required(error), status
            assert code["type"] == "integer", status
            assert "Values of error.code" in code["x-not-shown"], status
        if host == "transaction-v1":  # the transaction service's msg holds the code (evidence adds values)
            assert {"REQ_WALLET_ERROR", "REQ_SLIPPAGE_BPS_ERROR"} <= set(props["msg"]["x-extensible-enum"]), status


@pytest.mark.parametrize(("host", "method", "path"), OPERATIONS, ids=[f"{h} {m} {p}" for h, m, p in OPERATIONS])
def test_failures_are_default_not_ranges(host: str, method: str, path: str) -> None:
    responses = deref(host)["paths"][path][method]["responses"]
    assert not {"4XX", "5XX"} & set(responses), "range keys break oazapfts and openapi-zod-client"
    assert set(responses) <= {"200", "429", "default"}
    assert "HTTP 4xx or 5xx" in " ".join(responses["default"]["description"].split()), "the source's rule, in words"
