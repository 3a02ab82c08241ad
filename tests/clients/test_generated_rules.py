"""The envelope and error rules that a generator can carry reach the generated code.

The bundle enforces every rule (tests/spec/test_envelope_rules.py). Here: what the
pydantic models and the Python clients make of them. A rule a generator cannot carry is
named in docs/decisions/ (the perps pool list's `not: {required: [msg]}`, which neither
datamodel-code-generator nor openapi-python-client reads).
"""

from __future__ import annotations

import inspect
from typing import Any

import perps_v1
import pool_v3
import pytest
import transaction_v1
from perps_v1_client.api.main import check_availability
from pool_v3_client import Client as PoolClient
from pool_v3_client.api.configuration import get_limit_order_config
from pool_v3_client.api.farms import list_farms
from pool_v3_client.api.pools import get_pools_by_ids, list_pools, list_pools_by_mint
from pool_v3_client.models import LimitOrderConfig, PoolInfoItem, SortType
from pydantic import ValidationError

from mock_servers import ScriptedServer, json_reply

UUID = "3e1f5a9c-7b2d-4c8e-a0f1-6d2b9c4e8a17"


def rejects(model: Any, body: Any) -> bool:
    try:
        model.model_validate(body)
    except ValidationError:
        return True
    return False


# --- pydantic models -------------------------------------------------------------------------
def test_models_type_success_data_as_object_or_array() -> None:
    assert rejects(perps_v1.VersionInfoResponse, {"success": True, "data": "text"})
    assert not rejects(perps_v1.VersionInfoResponse, {"success": True, "data": {}})
    assert not rejects(perps_v1.VersionInfoResponse, {"success": True, "data": []})
    assert rejects(perps_v1.VersionInfoResponse, {"success": True}), "a success without data"


def test_models_keep_failure_data_empty() -> None:
    failure = {"success": False, "msg": "x"}
    assert not rejects(perps_v1.FailureEnvelope, failure)
    assert not rejects(perps_v1.FailureEnvelope, {**failure, "data": {}})
    assert not rejects(perps_v1.FailureEnvelope, {**failure, "data": []})
    assert rejects(perps_v1.FailureEnvelope, {**failure, "data": {"a": 1}})
    assert rejects(perps_v1.FailureEnvelope, {**failure, "data": [1]})


def test_models_check_pool_ids_on_failures_too() -> None:
    failure = {"id": UUID, "success": False, "msg": "x", "error": {"code": 7}}
    assert not rejects(pool_v3.PoolFailureEnvelope, failure)
    assert rejects(pool_v3.PoolFailureEnvelope, {**failure, "id": "q-1"})
    assert rejects(pool_v3.PoolFailureEnvelope, {**failure, "error": {}})
    assert rejects(pool_v3.DynamicFeeConfigListResponse, {"id": "q-1", "success": True, "data": []})


def test_models_bound_the_quote_slippage() -> None:
    assert not rejects(transaction_v1.SwapQuote, {"slippageBps": 10000})
    assert rejects(transaction_v1.SwapQuote, {"slippageBps": 10001})
    assert rejects(transaction_v1.SwapQuote, {"slippageBps": -1})


def test_models_take_a_compute_failure_with_http_200() -> None:
    failure = {"success": False, "msg": "REQ_SLIPPAGE_BPS_ERROR", "version": "V1"}
    parsed = transaction_v1.ComputeSwapBaseInResponse.model_validate(failure)
    assert isinstance(parsed.root, transaction_v1.TransactionFailureEnvelope)
    success = transaction_v1.ComputeSwapBaseInResponse.model_validate({"success": True, "data": {}})
    assert isinstance(success.root, transaction_v1.SwapComputeResponse)


def test_models_pools_by_id_take_null_items() -> None:
    parsed = pool_v3.PoolsResponse.model_validate({"success": True, "data": [None, {"id": "p"}]})
    assert parsed.data[0] is None
    assert rejects(pool_v3.PoolsResponse, {"success": True, "data": {}})


@pytest.mark.parametrize("value", ["1250000.50", ".5", "1.5e3", "-2"])
def test_models_take_every_decimal_form(value: str) -> None:
    entry = {"symbol": "SOL/USDC", "volume24h": value, "volume7d": "1", "volume30d": "1"}
    assert not rejects(perps_v1.PerpPoolEntry, entry)
    assert rejects(perps_v1.PerpPoolEntry, {**entry, "volume24h": "abc"})


def test_models_reach_limit_order_admin() -> None:
    parsed = pool_v3.LimitOrderConfigResponse.model_validate(
        {"success": True, "data": [{"limit_order_admin": "keeper", "enabled": True}]}
    )
    assert isinstance(parsed.data, list)
    assert parsed.data[0].limit_order_admin == "keeper"


# --- the Python clients -------------------------------------------------------------------------
def test_client_does_not_offer_the_edge_header() -> None:
    """cf-ipcountry is set by the edge proxy: the availability check takes no argument."""
    for function in (check_availability.sync, check_availability.sync_detailed, check_availability.asyncio):
        assert list(inspect.signature(function).parameters) == ["client"]


def test_client_offers_the_cited_paging() -> None:
    for function, names in ((list_pools.sync, {"page", "sort_type"}), (list_pools_by_mint.sync, {"page", "sort_type"}),
                            (list_farms.sync, {"page", "lp"})):  # fmt: skip
        assert names <= set(inspect.signature(function).parameters)


def test_client_sends_page_and_sort_type(scripted: ScriptedServer) -> None:
    scripted.on("/pools/info/list", json_reply(200, {"id": UUID, "success": True, "data": {"count": 0, "data": []}}))
    client = PoolClient(base_url=scripted.url)
    list_pools.sync(client=client, page=2, sort_type=SortType.ASC)
    assert scripted.queries["/pools/info/list"][-1] == {"page": ["2"], "sortType": ["asc"]}


def test_client_types_pools_by_id_with_null_items(scripted: ScriptedServer) -> None:
    body = {"id": UUID, "success": True, "data": [{"id": "p1", "tvl": 1.5}, None]}
    scripted.on("/pools/info/ids", json_reply(200, body))
    result = get_pools_by_ids.sync(client=PoolClient(base_url=scripted.url), ids="p1,p2")
    first, second = result.data
    assert isinstance(first, PoolInfoItem)
    assert first.tvl == 1.5
    assert second is None


def test_client_reaches_limit_order_admin(scripted: ScriptedServer) -> None:
    body = {"id": UUID, "success": True, "data": [{"limit_order_admin": "keeper"}]}
    scripted.on("/main/clmm-limit-order-config", json_reply(200, body))
    result = get_limit_order_config.sync(client=PoolClient(base_url=scripted.url))
    assert isinstance(result.data, list)
    entry = result.data[0]
    assert isinstance(entry, LimitOrderConfig)
    assert entry.limit_order_admin == "keeper"  # its type is not shown: typed Any, kept as sent
