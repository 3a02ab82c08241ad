"""The generated clients turn every bad response into a typed, readable error.

"Always check success before reading data": a failure envelope raises whatever the HTTP
status; 429 honours Retry-After with a bounded retry; an HTML page, truncated JSON or an
unexpected content type raises a clear error instead of crashing or half-parsing; unknown
keys are kept. The server here is the tests' own (mock_servers.ScriptedServer).
"""

from __future__ import annotations

import asyncio
import json
import time
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import httpx
import pytest
from pool_v3_client import Client, errors
from pool_v3_client.api.configuration import list_dynamic_fee_configs
from raydium_api_runtime import ApiError, FailureEnvelopeError, NotJsonError
from transaction_v1_client import Client as TxClient
from transaction_v1_client import errors as tx_errors
from transaction_v1_client.api.compute import compute_swap_base_in
from transaction_v1_client.models import TxVersion

from mock_servers import HostileServer, Reply, ScriptedServer, json_reply, refused_url

pytestmark = pytest.mark.e2e

PATH = "/main/clmm-dynamic-config"
UUID = "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10"
TIER = {"id": "1", "index": 0, "filterPeriod": 30, "decayPeriod": 600, "reductionFactor": 5000,
        "maxFeeRateNumerator": 100000, "dynamicFeeControl": 80000}  # fmt: skip
SUCCESS = {"id": UUID, "success": True, "data": [TIER]}
FAST = errors.RetryPolicy(max_retries=2, default_wait=0.01)


def client(server: ScriptedServer, policy: errors.RetryPolicy = FAST) -> Client:
    return Client(base_url=server.url, retry_policy=policy)


def test_success_is_typed_and_keeps_unknown_keys(scripted: ScriptedServer) -> None:
    extra = {**SUCCESS, "version": "V1", "data": [{**TIER, "maxVolatilityAccumulator": 7, "futureKey": [1]}]}
    scripted.on(PATH, json_reply(200, extra))
    result = list_dynamic_fee_configs.sync(client=client(scripted))
    assert result.data[0].decay_period == 600
    assert result.data[0].max_volatility_accumulator == 7  # typed from public evidence
    assert result.to_dict() == extra  # the body as it came: keys outside the schema, at any depth
    assert result.to_dict()["data"][0]["futureKey"] == [1]


@pytest.mark.parametrize("status", [400, 404, 500, 503])
def test_failure_envelope_raises_with_msg_and_error_code(scripted: ScriptedServer, status: int) -> None:
    scripted.on(PATH, json_reply(status, {"id": UUID, "success": False, "msg": "bad pool", "error": {"code": 1234}}))
    with pytest.raises(errors.FailureEnvelopeError) as caught:
        list_dynamic_fee_configs.sync(client=client(scripted))
    assert (caught.value.status_code, caught.value.msg, caught.value.error_code) == (status, "bad pool", 1234)
    assert f"HTTP {status}" in str(caught.value)
    assert "error.code=1234" in str(caught.value)


def test_failure_with_http_200_is_still_a_failure(scripted: ScriptedServer) -> None:
    """Failures delivered with HTTP 200 are seen in practice: success decides, not the status."""
    scripted.on(PATH, json_reply(200, {"success": False, "msg": "query poolType check error"}))
    with pytest.raises(errors.FailureEnvelopeError) as caught:
        list_dynamic_fee_configs.sync(client=client(scripted))
    assert caught.value.status_code == 200
    assert caught.value.msg == "query poolType check error"
    assert caught.value.error_code is None


def test_transaction_failure_carries_the_code_in_msg(scripted: ScriptedServer) -> None:
    scripted.on(
        "/compute/swap-base-in", json_reply(200, {"id": "q", "success": False, "msg": "REQ_SLIPPAGE_BPS_ERROR"})
    )
    tx = TxClient(base_url=scripted.url)
    with pytest.raises(tx_errors.FailureEnvelopeError) as caught:
        compute_swap_base_in.sync(
            client=tx, input_mint="a", output_mint="b", amount=2**64 - 1, slippage_bps=20000, tx_version=TxVersion.V0
        )
    assert caught.value.msg == "REQ_SLIPPAGE_BPS_ERROR"


def test_one_except_of_the_shared_base_catches_a_failure_of_either_host(hostile: HostileServer) -> None:
    """An aggregator that calls the pool and the transaction services catches one base class:
    every host's errors are the shared runtime's (raydium_api_runtime), so the pool client's
    HTML from the edge and the transaction client's failure envelope land in one ``except``,
    and each still says its host's code."""
    assert errors.ApiError is tx_errors.ApiError is ApiError
    pool = Client(base_url=hostile.base_url("520-html", "pool-v3"), retry_policy=FAST)
    swap = TxClient(base_url=hostile.base_url("failure-400", "transaction-v1"), retry_policy=FAST)
    caught: list[ApiError] = []
    for call in (lambda: list_dynamic_fee_configs.sync(client=pool),
                 lambda: compute_swap_base_in.sync(client=swap, input_mint="a", output_mint="b", amount=2**64 - 1,
                                                   slippage_bps=50, tx_version=TxVersion.V0)):  # fmt: skip
        try:
            call()
        except ApiError as error:  # the one base class
            caught.append(error)
    assert [type(e) for e in caught] == [NotJsonError, tx_errors.FailureEnvelopeError]
    assert [e.status_code for e in caught] == [520, 400]
    assert isinstance(caught[1], FailureEnvelopeError)  # the runtime's: catches every host's failure envelope
    assert not isinstance(caught[1], errors.FailureEnvelopeError)  # the pool client's own: only its host's


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits send() performs, recorded instead of slept (time.sleep patched)."""
    waits: list[float] = []
    monkeypatch.setattr("raydium_api_runtime.transport.time.sleep", waits.append)
    return waits


def test_429_honours_retry_after_then_succeeds(scripted: ScriptedServer, sleeps: list[float]) -> None:
    limited = json_reply(429, {"success": False, "msg": "too many requests"}, **{"Retry-After": "3"})
    scripted.on(PATH, limited, json_reply(200, SUCCESS))
    result = list_dynamic_fee_configs.sync(client=Client(base_url=scripted.url))  # the default policy
    assert result.success is True
    assert scripted.hits[PATH] == 2
    assert sleeps == [3.0]  # exactly what Retry-After asked


def test_default_policy_retries_twice_then_raises(scripted: ScriptedServer, sleeps: list[float]) -> None:
    scripted.on(PATH, json_reply(429, {"success": False, "msg": "slow down"}, **{"Retry-After": "7"}))
    with pytest.raises(errors.RateLimitedError) as caught:
        list_dynamic_fee_configs.sync(client=Client(base_url=scripted.url))
    assert scripted.hits[PATH] == 3
    assert sleeps == [7.0, 7.0]
    assert caught.value.retry_after == 7
    assert caught.value.msg == "slow down"
    assert caught.value.status_code == 429
    assert "Retry-After 7s" in str(caught.value)


def test_async_429_waits_what_retry_after_asks(scripted: ScriptedServer, monkeypatch: pytest.MonkeyPatch) -> None:
    """The async path waits too (asyncio.sleep patched), with the default policy."""
    waits: list[float] = []

    async def record(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr("raydium_api_runtime.transport.asyncio.sleep", record)
    limited = json_reply(429, {"success": False, "msg": "too many requests"}, **{"Retry-After": "4"})
    scripted.on(PATH, limited, json_reply(200, SUCCESS))
    result = asyncio.run(list_dynamic_fee_configs.asyncio(client=Client(base_url=scripted.url)))
    assert result.success is True
    assert waits == [4.0]
    assert scripted.hits[PATH] == 2


def test_a_wait_beyond_max_wait_raises_at_once(scripted: ScriptedServer, sleeps: list[float]) -> None:
    """Retry-After: 120 is not slept (the cap is 10 s): the caller gets retry_after at once."""
    scripted.on(PATH, json_reply(429, {"success": False, "msg": "later"}, **{"Retry-After": "120"}))
    started = time.monotonic()
    with pytest.raises(errors.RateLimitedError) as caught:
        list_dynamic_fee_configs.sync(client=Client(base_url=scripted.url))
    assert time.monotonic() - started < 2
    assert sleeps == []
    assert scripted.hits[PATH] == 1
    assert caught.value.retry_after == 120
    assert "max_wait" in str(caught.value)


def test_no_wait_passes_the_deadline(scripted: ScriptedServer, sleeps: list[float]) -> None:
    scripted.on(PATH, json_reply(429, {"success": False, "msg": "later"}, **{"Retry-After": "5"}))
    policy = errors.RetryPolicy(max_retries=3, max_wait=10.0, deadline=4.0)
    with pytest.raises(errors.RateLimitedError, match="deadline"):
        list_dynamic_fee_configs.sync(client=client(scripted, policy))
    assert sleeps == []


def test_the_documented_defaults() -> None:
    assert errors.RetryPolicy() == errors.RetryPolicy(max_retries=2, max_wait=10.0, default_wait=0.5, deadline=30.0)
    from pool_v3_client import DEFAULT_TIMEOUT

    assert (DEFAULT_TIMEOUT.connect, DEFAULT_TIMEOUT.read) == (4.0, 8.0)
    default = Client()
    assert default.base_url == "https://api-v3.raydium.io"  # the cited public host
    assert default.get_httpx_client().timeout == DEFAULT_TIMEOUT
    assert TxClient().base_url == "https://transaction-v1.raydium.io"


def test_a_host_the_source_does_not_show_needs_a_base_url() -> None:
    from launch_auth_client import Client as LaunchClient

    with pytest.raises(ValueError, match="base_url is required"):
        LaunchClient()
    assert LaunchClient(base_url="http://127.0.0.1:1").base_url == "http://127.0.0.1:1"


def test_retry_can_be_turned_off(scripted: ScriptedServer, sleeps: list[float]) -> None:
    scripted.on(PATH, Reply(429, b"<html>rate limited</html>", "text/html", {"Retry-After": "3"}))
    with pytest.raises(errors.RateLimitedError) as caught:
        list_dynamic_fee_configs.sync(client=client(scripted, errors.RetryPolicy(max_retries=0)))
    assert scripted.hits[PATH] == 1
    assert sleeps == []
    assert caught.value.envelope == {}
    assert caught.value.retry_after == 3


def test_retry_waits_what_the_server_asks() -> None:
    policy = errors.RetryPolicy(default_wait=0.5)
    assert policy.wait_for(httpx_response(429, {"retry-after": "2"}), 0) == 2
    assert policy.wait_for(httpx_response(429, {"retry-after": "120"}), 0) == 120  # send() raises rather than wait
    assert 0.375 <= policy.wait_for(httpx_response(429, {}), 0) <= 0.5  # the backoff, where the server names none
    later = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    assert 25 <= (errors.parse_retry_after(later) or 0) <= 30
    assert errors.parse_retry_after("soon") is None


def test_html_page_from_the_edge_is_not_json(scripted: ScriptedServer) -> None:
    page = (
        b"<!DOCTYPE html><html><head><title>Attention Required! | Cloudflare</title></head><body>blocked</body></html>"
    )
    scripted.on(PATH, Reply(403, page, "text/html; charset=UTF-8"))
    with pytest.raises(errors.NotJsonError) as caught:
        list_dynamic_fee_configs.sync(client=client(scripted))
    assert "HTTP 403" in str(caught.value)
    assert "text/html" in str(caught.value)
    assert "Attention Required" in str(caught.value)


def test_truncated_json_is_malformed(scripted: ScriptedServer) -> None:
    body = b'{"id": "' + UUID.encode() + b'", "success": true, "data": [{"id": "1", "ind'
    scripted.on(PATH, Reply(200, body))
    with pytest.raises(errors.MalformedJsonError) as caught:
        list_dynamic_fee_configs.sync(client=client(scripted))
    assert "not valid JSON" in str(caught.value)
    assert "truncated" in str(caught.value)


def test_json_sent_as_text_plain_is_read_as_json(scripted: ScriptedServer) -> None:
    """Edges mislabel JSON as text/plain: the body decides (docs/decisions/)."""
    scripted.on(PATH, Reply(200, json.dumps(SUCCESS).encode(), "text/plain; charset=utf-8"))
    assert list_dynamic_fee_configs.sync(client=client(scripted)).data[0].index == 0
    scripted.on(PATH, Reply(200, b"service unavailable", "text/plain"))
    with pytest.raises(errors.NotJsonError, match="text/plain"):
        list_dynamic_fee_configs.sync(client=client(scripted))


def test_empty_body_is_malformed(scripted: ScriptedServer) -> None:
    scripted.on(PATH, Reply(200, b""))
    with pytest.raises(errors.MalformedJsonError, match="empty"):
        list_dynamic_fee_configs.sync(client=client(scripted))


@pytest.mark.parametrize("status", range(100, 600))
def test_every_status_gives_a_typed_outcome(status: int) -> None:
    """Any status, known or not (Cloudflare's 52x, 499, 598...): a typed error, never a crash."""
    page = httpx.Response(status, headers={"content-type": "text/html"}, content=b"<html>edge</html>")
    kind = errors.RateLimitedError if status == 429 else errors.NotJsonError
    with pytest.raises(kind) as caught:
        errors.decode_envelope(page)
    assert caught.value.status_code == status
    failure = httpx.Response(status, json={"success": False, "msg": "no"})
    with pytest.raises(errors.FailureEnvelopeError) as failed:
        errors.decode_envelope(failure)
    assert (failed.value.status_code, failed.value.msg) == (status, "no")
    success = httpx.Response(status, json=SUCCESS)
    if 200 <= status <= 299:
        assert errors.decode_envelope(success)["success"] is True
    else:
        with pytest.raises(errors.ApiError):
            errors.decode_envelope(success)


@pytest.mark.parametrize("status", [499, 520, 521, 522, 523, 524, 525, 526, 530, 598, 599])
def test_cloudflare_statuses_through_the_client(scripted: ScriptedServer, status: int) -> None:
    scripted.on(PATH, Reply(status, b"<html>origin unreachable</html>", "text/html"))
    with pytest.raises(errors.NotJsonError) as caught:
        list_dynamic_fee_configs.sync(client=client(scripted))
    assert caught.value.status_code == status
    detailed = list_dynamic_fee_configs.sync_detailed
    with pytest.raises(errors.NotJsonError):
        detailed(client=client(scripted))


def test_connection_refused_is_a_typed_transport_error() -> None:
    with pytest.raises(errors.ConnectionFailedError) as caught:
        list_dynamic_fee_configs.sync(client=Client(base_url=refused_url()))
    assert isinstance(caught.value, errors.TransportError)
    assert isinstance(caught.value, errors.ApiError)
    assert isinstance(caught.value.__cause__, httpx.ConnectError)
    assert caught.value.status_code is None


@pytest.mark.parametrize(
    "payload",
    [[1, 2, 3], {"id": UUID, "data": []}, {"success": "yes", "data": []}],
    ids=["array", "no success", "string success"],
)
def test_json_that_is_not_an_envelope(scripted: ScriptedServer, payload: object) -> None:
    scripted.on(PATH, json_reply(200, payload))
    with pytest.raises(errors.UnexpectedShapeError, match="not an envelope"):
        list_dynamic_fee_configs.sync(client=client(scripted))


def test_success_that_does_not_fit_the_schema(scripted: ScriptedServer) -> None:
    scripted.on(PATH, json_reply(200, {"id": UUID, "success": True, "data": [{"id": "1"}]}))
    with pytest.raises(errors.UnexpectedShapeError, match="does not match the schema"):
        list_dynamic_fee_configs.sync(client=client(scripted))


def test_error_status_with_success_true(scripted: ScriptedServer) -> None:
    scripted.on(PATH, json_reply(500, SUCCESS))
    with pytest.raises(errors.FailureEnvelopeError, match="error status with success=true"):
        list_dynamic_fee_configs.sync(client=client(scripted))


def test_async_functions_share_the_handling(scripted: ScriptedServer) -> None:
    scripted.on(PATH, json_reply(429, {"success": False, "msg": "x"}, **{"Retry-After": "1"}), json_reply(200, SUCCESS))
    result = asyncio.run(list_dynamic_fee_configs.asyncio(client=client(scripted)))
    assert result.data[0].index == 0
    assert scripted.hits[PATH] == 2
    scripted.on(PATH, json_reply(200, {"success": False, "msg": "async failure"}))
    with pytest.raises(errors.FailureEnvelopeError, match="async failure"):
        asyncio.run(list_dynamic_fee_configs.asyncio(client=client(scripted)))


def test_every_error_is_an_api_error() -> None:
    for kind in (errors.FailureEnvelopeError, errors.RateLimitedError, errors.NotJsonError,
                 errors.MalformedJsonError, errors.UnexpectedShapeError, errors.UnexpectedStatus,
                 errors.TransportError, errors.ConnectionFailedError, errors.RequestTimeoutError,
                 errors.ConnectionCutError):  # fmt: skip
        assert issubclass(kind, errors.ApiError)


def httpx_response(status: int, headers: dict[str, str]) -> httpx.Response:
    return httpx.Response(status, headers=headers)
