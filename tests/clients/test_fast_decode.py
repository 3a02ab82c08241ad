"""The fast path (`sync_fast`, `asyncio_fast`: msgspec Structs of `_fast`) keeps the client
contract: the same typed errors as `sync()` for failures, 429, HTML and truncated JSON;
every declared field checked; keys outside the schema dropped from the Struct but kept in the raw body
(`sync_fast_detailed(...).content`)."""

from __future__ import annotations

import asyncio
import json

import msgspec
import pytest
from pool_v3_client import Client, _fast, errors
from pool_v3_client.api.configuration import list_dynamic_fee_configs
from pool_v3_client.api.pools import list_pools

from mock_servers import Reply, ScriptedServer, json_reply

pytestmark = pytest.mark.e2e

PATH = "/main/clmm-dynamic-config"
UUID = "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10"
TIER = {"id": "1", "index": 0, "filterPeriod": 30, "decayPeriod": 600, "reductionFactor": 5000,
        "maxFeeRateNumerator": 100000, "dynamicFeeControl": 80000}  # fmt: skip
SUCCESS = {"id": UUID, "success": True, "data": [TIER]}
NO_RETRY = errors.RetryPolicy(max_retries=0)


def client(server: ScriptedServer) -> Client:
    return Client(base_url=server.url, retry_policy=NO_RETRY)


def test_a_success_is_a_typed_struct_and_unknown_keys_stay_in_the_raw_body(scripted: ScriptedServer) -> None:
    body = {**SUCCESS, "version": "V1", "data": [{**TIER, "futureKey": [1]}]}
    scripted.on(PATH, json_reply(200, body))
    result = list_dynamic_fee_configs.sync_fast(client=client(scripted))
    assert isinstance(result, _fast.DynamicFeeConfigListResponse)
    assert isinstance(result.data[0], msgspec.Struct)
    assert result.data[0].decayPeriod == 600
    assert not hasattr(result.data[0], "futureKey")  # msgspec drops keys outside the schema
    detailed = list_dynamic_fee_configs.sync_fast_detailed(client=client(scripted))
    assert json.loads(detailed.content)["data"][0]["futureKey"] == [1]  # ... the raw body keeps them
    assert detailed.parsed == result


@pytest.mark.parametrize(
    ("reply", "error"),
    [
        (json_reply(400, {"id": UUID, "success": False, "msg": "bad", "error": {"code": 7}}),
         errors.FailureEnvelopeError),
        (json_reply(200, {"id": UUID, "success": False, "msg": "failure with 200"}), errors.FailureEnvelopeError),
        (json_reply(429, {"success": False, "msg": "slow down"}, **{"Retry-After": "1"}), errors.RateLimitedError),
        (Reply(502, b"<html>Bad gateway</html>", "text/html"), errors.NotJsonError),
        (Reply(200, b'{"id": "x", "success": true, "data": [{"id": "1", "ind', "application/json"),
         errors.MalformedJsonError),
        (json_reply(200, {**SUCCESS, "data": [{**TIER, "decayPeriod": "600"}]}), errors.UnexpectedShapeError),
        (json_reply(200, {**SUCCESS, "id": "not-a-uuid"}), errors.UnexpectedShapeError),
        (json_reply(200, {"hello": "world"}), errors.UnexpectedShapeError),
    ],
    ids=["failure 400", "failure 200", "429", "html 502", "truncated", "wrong type", "id pattern", "no envelope"],
)  # fmt: skip
def test_every_bad_response_raises_the_typed_error(scripted: ScriptedServer, reply: Reply, error: type) -> None:
    scripted.on(PATH, reply)
    with pytest.raises(error):
        list_dynamic_fee_configs.sync_fast(client=client(scripted))


def test_the_fast_and_the_model_paths_agree_on_a_page(scripted: ScriptedServer) -> None:
    item = {"type": "Standard", "programId": "P", "id": "I", "price": 1.5, "tvl": 10.0, "feeRate": 0.0025,
            "mintA": {"chainId": 101, "address": "A", "programId": "T", "logoURI": "", "symbol": "A", "name": "A",
                      "decimals": 9, "tags": [], "extensions": {}}}  # fmt: skip
    page = {"id": UUID, "success": True, "data": {"count": 1, "hasNextPage": False, "data": [item]}}
    scripted.on("/pools/info/list", json_reply(200, page))
    fast = list_pools.sync_fast(client=client(scripted))
    model = list_pools.sync(client=client(scripted))
    assert fast.data.count == model.data.count == 1
    fast_items, model_items = fast.data.data, model.data.data
    assert isinstance(fast_items, list)  # an absent optional field is msgspec.UNSET
    assert isinstance(model_items, list)
    fast_mint, model_mint = fast_items[0].mintA, model_items[0].mint_a
    assert isinstance(fast_mint, _fast.Token)
    assert fast_mint.decimals == getattr(model_mint, "decimals", None) == 9
    assert fast_mint.freezeAuthority is msgspec.UNSET  # absent in the body, optional in the schema
    assert msgspec.to_builtins(fast)["data"]["data"][0]["mintA"]["address"] == "A"


def test_the_awaited_fast_path_decodes_and_raises_the_same(scripted: ScriptedServer) -> None:
    body = {**SUCCESS, "data": [{**TIER, "futureKey": [1]}]}
    scripted.on(PATH, json_reply(200, body))
    result = asyncio.run(list_dynamic_fee_configs.asyncio_fast(client=client(scripted)))
    assert isinstance(result, _fast.DynamicFeeConfigListResponse)
    assert result.data[0].decayPeriod == 600
    detailed = asyncio.run(list_dynamic_fee_configs.asyncio_fast_detailed(client=client(scripted)))
    assert detailed.parsed == result
    assert json.loads(detailed.content)["data"][0]["futureKey"] == [1]
    scripted.on(PATH, Reply(502, b"<html>Bad gateway</html>", "text/html"))
    with pytest.raises(errors.NotJsonError):
        asyncio.run(list_dynamic_fee_configs.asyncio_fast(client=client(scripted)))
