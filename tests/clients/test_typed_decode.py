"""The one typed call (`sync`, `asyncio` and their `_detailed` twins) decodes the body
straight into the models, msgspec Structs (docs/decisions/, decision 80): every declared
field checked; the typed errors for failures, 429, HTML and truncated JSON; keys outside the
schema reachable on the result (`to_dict()`: the body as it came) without a second request;
models that are frozen and keyword-only, with snake_case attributes."""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec
import pytest
from pool_v3_client import Client, errors, models
from pool_v3_client.api.configuration import list_dynamic_fee_configs
from pool_v3_client.api.pools import list_pools
from pool_v3_client.types import UNSET, Unset

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


def test_a_success_is_a_typed_struct_and_keeps_every_key(scripted: ScriptedServer) -> None:
    body = {**SUCCESS, "version": "V1", "data": [{**TIER, "futureKey": [1]}]}
    scripted.on(PATH, json_reply(200, body))
    result = list_dynamic_fee_configs.sync(client=client(scripted))
    assert isinstance(result, models.DynamicFeeConfigListResponse)
    assert isinstance(result.data[0], msgspec.Struct)
    assert result.data[0].decay_period == 600  # snake_case attribute of "decayPeriod"
    assert not hasattr(result.data[0], "futureKey")  # not declared: not an attribute ...
    assert result.to_dict() == body  # ... but on the result, as it came
    detailed = list_dynamic_fee_configs.sync_detailed(client=client(scripted))
    assert detailed.parsed == result
    assert detailed.parsed is not None
    assert detailed.parsed.to_json() == detailed.content


def test_models_are_frozen_and_keyword_only(scripted: ScriptedServer) -> None:
    scripted.on(PATH, json_reply(200, SUCCESS))
    result = list_dynamic_fee_configs.sync(client=client(scripted))
    with pytest.raises(AttributeError):
        result.success = False  # type: ignore[misc]
    positional: Any = models.DynamicFeeConfigListResponse  # what mypy would refuse, tried at run time
    with pytest.raises(TypeError):
        positional(True, [])


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
        (json_reply(200, {**SUCCESS, "data": [{**TIER, "decayPeriod": None}]}), errors.UnexpectedShapeError),
        (json_reply(200, {**SUCCESS, "id": "not-a-uuid"}), errors.UnexpectedShapeError),
        (json_reply(200, {"hello": "world"}), errors.UnexpectedShapeError),
    ],
    ids=["failure 400", "failure 200", "429", "html 502", "truncated", "wrong type", "null", "id pattern",
         "no envelope"],
)  # fmt: skip
def test_every_bad_response_raises_the_typed_error(scripted: ScriptedServer, reply: Reply, error: type) -> None:
    scripted.on(PATH, reply)
    with pytest.raises(error):
        list_dynamic_fee_configs.sync(client=client(scripted))
    with pytest.raises(error):
        asyncio.run(list_dynamic_fee_configs.asyncio(client=client(scripted)))


def test_a_page_reads_with_snake_case_and_unset(scripted: ScriptedServer) -> None:
    item = {"type": "Standard", "programId": "P", "id": "I", "price": 1.5, "tvl": 10.0, "feeRate": 0.0025,
            "mintA": {"chainId": 101, "address": "A", "programId": "T", "logoURI": "", "symbol": "A", "name": "A",
                      "decimals": 9, "tags": [], "extensions": {}}}  # fmt: skip
    page = {"id": UUID, "success": True, "data": {"count": 1, "hasNextPage": False, "data": [item]}}
    scripted.on("/pools/info/list", json_reply(200, page))
    result = list_pools.sync(client=client(scripted))
    assert result.data.count == 1
    items = result.data.data
    assert isinstance(items, list)
    mint = items[0].mint_a
    assert isinstance(mint, models.Token)
    assert (items[0].program_id, mint.decimals) == ("P", 9)
    assert mint.freeze_authority is UNSET  # absent in the body, optional in the schema
    assert isinstance(mint.freeze_authority, Unset)
    assert not mint.freeze_authority  # UNSET is falsy
    assert result.to_dict()["data"]["data"][0]["mintA"]["address"] == "A"


def test_the_awaited_call_decodes_the_same(scripted: ScriptedServer) -> None:
    body = {**SUCCESS, "data": [{**TIER, "futureKey": [1]}]}
    scripted.on(PATH, json_reply(200, body))
    result = asyncio.run(list_dynamic_fee_configs.asyncio(client=client(scripted)))
    assert result == list_dynamic_fee_configs.sync(client=client(scripted))
    assert result.to_dict()["data"][0]["futureKey"] == [1]
    detailed = asyncio.run(list_dynamic_fee_configs.asyncio_detailed(client=client(scripted)))
    assert detailed.parsed == result


def test_from_dict_checks_the_fields_and_keeps_the_rest() -> None:
    tier = models.DynamicFeeConfig.from_dict({**TIER, "futureKey": 1})
    assert (tier.decay_period, tier.to_dict()["futureKey"]) == (600, 1)
    with pytest.raises(msgspec.ValidationError, match="decayPeriod"):
        models.DynamicFeeConfig.from_dict({**TIER, "decayPeriod": "600"})
    built = models.DynamicFeeConfig(id="1", index=0, filter_period=30, decay_period=600, reduction_factor=5000,
                                    max_fee_rate_numerator=100000, dynamic_fee_control=80000)  # fmt: skip
    assert built.to_dict() == TIER  # declared fields with their wire names; UNSET ones left out


def test_models_behave_like_python_values(scripted: ScriptedServer) -> None:
    """Equal by `==` when decoded from the same JSON (and found by `in`), a repr that shows the
    values, and the body back, unknown keys included, from `to_dict()` and `to_json()`."""
    item = {"type": "Standard", "programId": "P", "id": "I", "price": 1.5, "tvl": 10.0, "futureKey": {"n": [1]},
            "mintA": {"chainId": 101, "address": "A", "programId": "T", "logoURI": "", "symbol": "A", "name": "A",
                      "decimals": 9, "tags": [], "extensions": {}}}  # fmt: skip
    pools = [item, {**item, "id": "J"}]
    page = {"id": UUID, "success": True, "data": {"count": 2, "hasNextPage": False, "data": pools}}
    scripted.on("/pools/info/list", json_reply(200, page))
    first, second = (list_pools.sync(client=client(scripted)) for _ in range(2))
    assert first == second
    assert first is not second
    decoded = first.data.data
    assert isinstance(decoded, list)
    assert decoded[0] == second.data.data[0]  # type: ignore[index]
    assert decoded[0] != decoded[1]
    assert decoded[1] in second.data.data  # type: ignore[operator]
    shown = repr(decoded[0])
    for value in ("id='I'", "tvl=10.0", "address='A'"):
        assert value in shown, shown
    assert first.to_dict() == page
    assert msgspec.json.decode(first.to_json()) == page
