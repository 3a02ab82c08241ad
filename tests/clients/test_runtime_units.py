"""The Python client runtime (errors.py and client.py, one template for every host) piece by
piece, in process, on responses built by hand and httpx's MockTransport: the messages and
fields each error carries, the boundaries of every status and time check, the async retry
loop, and the Client's settings reaching httpx. Written to kill the mutants mutmut found
surviving the end-to-end suites (docs/testing.md)."""

from __future__ import annotations

import asyncio
import json
import re
import ssl
import time
from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from typing import Any

import httpx
import msgspec
import pytest
from pool_v3_client import AuthenticatedClient, Client, errors
from pool_v3_client.api.pools import list_pools_by_cursor
from pool_v3_client.models import CursorPoolType, CursorSortField, SortType
from raydium_api_runtime import errors as runtime
from raydium_api_runtime import models as runtime_models
from raydium_api_runtime import transport
from raydium_api_runtime.tls import verify_argument
from test_paging import ids
from transaction_v1_client import Client as TxClient
from transaction_v1_client import errors as tx_errors

from mock_servers import PAGED_POOL

URL = "http://127.0.0.1:9/x"
TOKEN = "t0k"  # noqa: S105 (made up)


def response(status: int, body: bytes | dict[str, Any] | list[Any], media: str = "application/json",
             headers: dict[str, str] | None = None) -> httpx.Response:  # fmt: skip
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    head = {"content-type": media, **(headers or {})} if media else dict(headers or {})
    return httpx.Response(status, content=content, headers=head, request=httpx.Request("GET", URL))


class Typed(msgspec.Struct):
    success: bool
    data: int


class NoSuccess(msgspec.Struct):
    data: int


TYPED = msgspec.json.Decoder(Typed)


def test_a_preview_is_cut_at_200_bytes_and_says_so() -> None:
    for size, cut in ((200, False), (201, True)):
        with pytest.raises(errors.NotJsonError) as caught:
            errors.decode_envelope(response(502, b"x" * size, "text/html"))
        assert str(caught.value).endswith(("x" * 200 + "...'" if cut else "x" * 200 + "'") + ")")


def test_a_preview_shows_bytes_that_are_not_utf8_as_replacement_characters() -> None:
    with pytest.raises(errors.NotJsonError, match="'<p>\ufffd</p>'"):
        errors.decode_envelope(response(502, b"<p>\xff</p>", "text/html"))


@pytest.mark.parametrize("status", [200, 204, 299])
def test_decode_raw_returns_every_2xx_as_it_came(status: int) -> None:
    assert errors.decode_raw(response(status, b"", "")) is None
    assert errors.decode_raw(response(status, {"success": True})) is None


def test_decode_raw_raises_a_2xx_failure_envelope_with_its_fields() -> None:
    with pytest.raises(errors.FailureEnvelopeError) as caught:
        errors.decode_raw(response(299, {"success": False, "msg": "nope", "id": "r1"}))
    assert (caught.value.status_code, caught.value.msg, caught.value.request_id) == (299, "nope", "r1")
    assert caught.value.envelope == {"success": False, "msg": "nope", "id": "r1"}


@pytest.mark.parametrize("status", [199, 300, 500])
def test_decode_raw_decodes_any_other_status_like_an_envelope(status: int) -> None:
    with pytest.raises(errors.FailureEnvelopeError, match=f"HTTP {status}, error status with success=true"):
        errors.decode_raw(response(status, {"success": True}))


def test_an_unexpected_status_says_the_status_the_size_and_a_preview() -> None:
    error = errors.UnexpectedStatus(203, b"  a \n b\xff" + b"c" * 300)
    assert str(error) == f"HTTP 203: unexpected status (308 bytes: 'a b\ufffd{'c' * 192}')"
    assert (error.status_code, error.content[:3]) == (203, b"  a")
    kept = errors.UnexpectedStatus(203, b"{}", response(203, {}, headers={"x-id": "7"}))
    assert kept.headers["x-id"] == "7"


@pytest.mark.parametrize("status", [200, 299])
def test_decode_typed_returns_a_2xx_json_success(status: int) -> None:
    assert errors.decode_typed(response(status, {"success": True, "data": 7}), TYPED) == Typed(True, 7)
    assert errors.decode_typed(response(status, {"success": True, "data": 7}, "application/problem+json"), TYPED)


@pytest.mark.parametrize("status", [199, 300])
def test_decode_typed_never_returns_a_status_outside_2xx(status: int) -> None:
    with pytest.raises(errors.FailureEnvelopeError, match="error status with success=true"):
        errors.decode_typed(response(status, {"success": True, "data": 7}), TYPED)


def test_decode_typed_never_returns_a_body_that_is_not_json() -> None:
    with pytest.raises(errors.NotJsonError):
        errors.decode_typed(response(200, {"success": True, "data": 7}, "text/html"), TYPED)


def test_decode_typed_says_which_field_does_not_fit() -> None:
    with pytest.raises(errors.UnexpectedShapeError) as caught:
        errors.decode_typed(response(200, {"success": True, "data": "7"}), TYPED)
    assert str(caught.value) == ("HTTP 200: the success envelope does not match the schema "
                                 "(Expected `int`, got `str` - at `$.data`)")  # fmt: skip
    assert caught.value.status_code == 200
    assert isinstance(caught.value.__cause__, msgspec.ValidationError)


def test_decode_typed_needs_success_true_on_the_result() -> None:
    with pytest.raises(errors.UnexpectedShapeError) as caught:
        errors.decode_typed(response(200, {"success": True, "data": 7}), msgspec.json.Decoder(NoSuccess))
    assert str(caught.value) == "HTTP 200: the body is not a success envelope"
    assert caught.value.status_code == 200


def test_retry_after_reads_seconds_and_http_dates() -> None:
    assert errors.parse_retry_after(" 7 ") == 7.0
    assert errors.parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT") == 0.0  # in the past: no wait
    assert errors.parse_retry_after("Wed, 21 Oct 2015 07:28:00 -0000") == 0.0  # no zone: read as UTC
    ahead = errors.parse_retry_after(format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True))
    assert ahead is not None
    assert 27.0 <= ahead <= 30.0
    naive = (datetime.now(UTC) + timedelta(seconds=30)).strftime("%a, %d %b %Y %H:%M:%S -0000")
    ahead = errors.parse_retry_after(naive)
    assert ahead is not None
    assert 27.0 <= ahead <= 30.0
    assert errors.parse_retry_after("soon") is None
    assert errors.parse_retry_after(" ") is None


def test_a_failure_envelope_carries_every_field_it_names() -> None:
    envelope = {"id": "req-1", "success": False, "msg": "REQ_POOL_NOT_OPEN", "openTime": "1700000000",
                "error": {"code": 7}}  # fmt: skip
    error = errors.FailureEnvelopeError(response(400, envelope), envelope)
    assert str(error) == "HTTP 400, success=false, msg='REQ_POOL_NOT_OPEN', error.code=7, id=req-1"
    assert (error.msg, error.open_time, error.error_code, error.request_id) == ("REQ_POOL_NOT_OPEN", "1700000000", 7,
                                                                                "req-1")  # fmt: skip
    assert error.code is None  # pool-v3 lists no codes in msg (its code is error.code)
    assert error.envelope is envelope
    tx_error = tx_errors.FailureEnvelopeError(response(400, envelope), envelope)  # the same template, with codes
    assert tx_error.code is tx_errors.ErrorCode.REQ_POOL_NOT_OPEN
    # the runtime's own class, which both subclass, knows no host's codes
    assert isinstance(tx_error, runtime.FailureEnvelopeError)
    assert isinstance(error, runtime.FailureEnvelopeError)
    assert runtime.FailureEnvelopeError(response(400, envelope), envelope).code is None


def test_the_runtimes_own_failure_classes_say_what_happened_by_default() -> None:
    """The runtime's classes, as a caller or a host without codes builds them: the reason
    each says when none is given."""
    envelope = {"success": False, "msg": "nope"}
    assert str(runtime.FailureEnvelopeError(response(400, envelope), envelope)) == "HTTP 400, success=false, msg='nope'"
    limited = runtime.RateLimitedError(response(429, {}), {})
    assert str(limited) == "HTTP 429, rate limited (no Retry-After)"
    assert (limited.code, limited.retry_after, limited.envelope) == (None, None, {})


def test_a_failure_envelope_ignores_fields_of_the_wrong_type() -> None:
    envelope = {"id": 5, "success": False, "msg": 3, "openTime": 1700000000, "error": {"code": True}}
    error = errors.FailureEnvelopeError(response(500, envelope), envelope)
    assert str(error) == "HTTP 500, success=false"
    assert (error.msg, error.code, error.open_time, error.error_code, error.request_id) == (None,) * 5


def test_a_429_says_what_the_server_asked() -> None:
    bare = errors.RateLimitedError(response(429, {}), {})
    assert str(bare) == "HTTP 429, rate limited (no Retry-After)"
    assert bare.retry_after is None
    asked = errors.RateLimitedError(response(429, {}, headers={"Retry-After": "3"}), {}, "; more")
    assert str(asked) == "HTTP 429, rate limited (Retry-After 3s; more)"
    assert asked.retry_after == 3.0
    policy = errors.RetryPolicy(default_wait=1.5)
    assert policy.wait_for(response(429, {}, headers={"RETRY-AFTER": "4"}), 0) == 4.0
    assert 1.125 <= policy.wait_for(response(429, {}), 0) <= 1.5  # the backoff's first wait, jittered
    assert 2.25 <= policy.wait_for(None, 1) <= 3.0


def test_an_empty_or_non_object_429_body_reads_as_no_envelope() -> None:
    for body in (b"[1]", b"{", b""):
        reply = response(429, body, headers={"Retry-After": "60"})
        with pytest.raises(errors.RateLimitedError) as caught:
            errors.send(sync_client([reply], []), {"method": "GET", "url": URL}, errors.RetryPolicy())
        assert caught.value.envelope == {}


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def fresh(replies: list[httpx.Response], seen: list[httpx.Request], request: httpx.Request) -> httpx.Response:
    """The next reply (the last one again when they run out), as a new Response each time."""
    seen.append(request)
    reply = replies[min(len(seen), len(replies)) - 1]
    # a stream, not content=: httpx reads content at once, and a streamed call cannot read it again
    return httpx.Response(reply.status_code, headers=reply.headers, stream=httpx.ByteStream(reply.content))


def sync_client(replies: list[httpx.Response], seen: list[httpx.Request]) -> httpx.Client:
    return httpx.Client(transport=httpx.MockTransport(lambda request: fresh(replies, seen, request)))


def async_client(replies: list[httpx.Response], seen: list[httpx.Request]) -> httpx.AsyncClient:
    async def handler(request: httpx.Request) -> httpx.Response:
        return fresh(replies, seen, request)

    return httpx.AsyncClient(transport=httpx.MockTransport(handler))


def test_async_retries_a_429_max_retries_times_then_keeps_the_last() -> None:
    seen: list[httpx.Request] = []
    client = async_client([response(429, {"success": False}, headers={"Retry-After": "0"})], seen)
    last = run(errors.send_async(client, {"method": "GET", "url": URL}, errors.RetryPolicy(max_retries=3)))
    assert (last.status_code, len(seen)) == (429, 4)  # the last 429 is kept for decode_envelope to raise
    with pytest.raises(errors.RateLimitedError, match=r"\(Retry-After 0s\)"):
        errors.decode_envelope(last)


def test_async_returns_the_success_after_a_retry_with_its_request() -> None:
    seen: list[httpx.Request] = []
    client = async_client([response(429, {}, headers={"Retry-After": "0"}), response(200, {"success": True})], seen)
    got = run(errors.send_async(client, {"method": "GET", "url": URL}, errors.RetryPolicy(max_retries=1)))
    assert (got.status_code, got.json(), got.request.url, len(seen)) == (200, {"success": True}, URL, 2)


def test_async_raises_at_once_when_the_wait_exceeds_max_wait() -> None:
    seen: list[httpx.Request] = []
    client = async_client([response(429, {}, headers={"Retry-After": "120"})], seen)
    with pytest.raises(errors.RateLimitedError, match="exceeds the retry policy's max_wait of 10s"):
        run(errors.send_async(client, {"method": "GET", "url": URL}, errors.RetryPolicy()))
    assert len(seen) == 1


@pytest.mark.parametrize("use_async", [False, True])
def test_a_call_whose_deadline_is_spent_names_it(use_async: bool) -> None:
    policy = errors.RetryPolicy(deadline=0)
    args = {"method": "GET", "url": URL}
    spent = f"^GET {re.escape(URL)}: the call's deadline of 0s passed$"
    if use_async:
        with pytest.raises(errors.RequestTimeoutError, match=spent):
            run(errors.send_async(async_client([response(200, {})], []), args, policy))
    else:
        with pytest.raises(errors.RequestTimeoutError, match=spent):
            errors.send(sync_client([response(200, {})], []), args, policy)


def test_a_short_deadline_still_lets_a_quick_call_through() -> None:
    got = run(errors.send_async(async_client([response(200, {"success": True})], []), {"method": "GET", "url": URL},
                                errors.RetryPolicy(deadline=0.5)))  # fmt: skip
    assert got.status_code == 200


def test_async_a_body_still_arriving_at_the_deadline_is_a_timeout() -> None:
    async def slow() -> AsyncIterator[bytes]:
        yield b'{"success":'
        await asyncio.sleep(0.4)
        yield b" true}"

    async def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, content=slow(), headers={"content-type": "application/json"})

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    with pytest.raises(errors.RequestTimeoutError, match=r"deadline of 0\.2s passed"):
        run(errors.send_async(client, {"method": "GET", "url": URL}, errors.RetryPolicy(deadline=0.2)))


def settings() -> dict[str, Any]:
    return {"base_url": "http://127.0.0.1:9", "cookies": {"c": "1"}, "headers": {"h": "v"}, "verify_ssl": False,
            "follow_redirects": True, "httpx_args": {"max_redirects": 3}, "timeout": httpx.Timeout(2.0)}  # fmt: skip


def clients() -> list[Client | AuthenticatedClient]:
    return [Client(**settings()), AuthenticatedClient(token=TOKEN, **settings())]


@pytest.mark.parametrize("index", [0, 1])
def test_every_setting_reaches_both_httpx_clients(index: int) -> None:
    client = clients()[index]
    for made in (client.get_httpx_client(), client.get_async_httpx_client()):
        assert str(made.base_url) == "http://127.0.0.1:9"
        assert (made.cookies.get("c"), made.headers.get("h"), made.follow_redirects) == ("1", "v", True)
        assert (made.max_redirects, made.timeout) == (3, httpx.Timeout(2.0))
        assert ssl_context(made).verify_mode.name == "CERT_NONE"
    assert client.get_httpx_client() is client.get_httpx_client()
    assert client.get_async_httpx_client() is client.get_async_httpx_client()


def ssl_context(made: httpx.Client | httpx.AsyncClient) -> ssl.SSLContext:
    context: ssl.SSLContext = made._transport._pool._ssl_context  # type: ignore[union-attr]
    return context


def test_default_clients_share_one_verifying_context() -> None:
    """Every client left at verify_ssl=True, of any host, sync or async, gets the process's one
    context (httpx made a new one per httpx client, 40 ms of CPU each); it verifies as httpx's
    default does: certificates required, host names checked, certifi's bundle loaded."""
    made: list[httpx.Client | httpx.AsyncClient] = [Client(base_url=URL).get_httpx_client(),
                                                    AuthenticatedClient(base_url=URL, token=TOKEN).get_httpx_client(),
                                                    Client(base_url=URL).get_async_httpx_client(),
                                                    TxClient(base_url=URL).get_httpx_client()]  # fmt: skip
    contexts = {id(ssl_context(m)) for m in made}
    assert len(contexts) == 1, "the default clients do not share one context"
    shared = ssl_context(made[0])
    assert (shared.verify_mode, shared.check_hostname) == (ssl.CERT_REQUIRED, True)
    assert shared.cert_store_stats()["x509_ca"] == httpx.create_ssl_context().cert_store_stats()["x509_ca"] > 0


# Settings under which httpx or httpcore would make a different context or change it: no
# verification, trust_env off, a client certificate (loaded into it), HTTP/2 (httpcore sets
# its ALPN protocols per connection); a context of the caller's own is used as given
OWN_CONTEXT = [{"verify_ssl": False}, {"httpx_args": {"trust_env": False}}, {"httpx_args": {"cert": "client.pem"}},
               {"httpx_args": {"http2": True}}, {"verify_ssl": ssl.create_default_context()}]  # fmt: skip


@pytest.mark.parametrize("setting", OWN_CONTEXT)
def test_a_client_that_would_change_the_context_does_not_get_the_shared_one(setting: dict[str, Any]) -> None:
    given = setting.get("verify_ssl", True)
    assert verify_argument(given, setting.get("httpx_args", {})) is given
    if "cert" not in setting.get("httpx_args", {}) and "http2" not in setting.get("httpx_args", {}):
        # (made here where httpx can: a certificate needs its file, HTTP/2 the h2 package)
        shared = ssl_context(Client(base_url=URL).get_httpx_client())
        assert ssl_context(Client(base_url=URL, **setting).get_httpx_client()) is not shared


def test_an_authenticated_client_sends_its_token_with_its_prefix() -> None:
    plain = AuthenticatedClient(base_url="http://127.0.0.1:9", token=TOKEN, prefix="")
    assert plain.get_httpx_client().headers["Authorization"] == "t0k"
    assert plain.get_async_httpx_client().headers["Authorization"] == "t0k"
    bearer = AuthenticatedClient(base_url="http://127.0.0.1:9", token=TOKEN, auth_header_name="X-Key")
    assert bearer.get_httpx_client().headers["X-Key"] == "Bearer t0k"
    assert bearer.get_async_httpx_client().headers["X-Key"] == "Bearer t0k"


def test_an_authenticated_client_needs_a_base_url() -> None:
    with pytest.raises(ValueError, match=r"^base_url is required: .* has no default \(pass base_url=\.\.\.\)$"):
        AuthenticatedClient(base_url="", token=TOKEN)


@pytest.mark.parametrize("index", [0, 1])
def test_with_changes_a_copy_and_the_clients_already_made(index: int) -> None:
    client = clients()[index]
    made, made_async = client.get_httpx_client(), client.get_async_httpx_client()
    headers = client.with_headers({"h2": "w"})
    cookies = client.with_cookies({"c2": "2"})
    timeout = client.with_timeout(httpx.Timeout(5.0))
    assert (made.headers["h2"], made_async.headers["h2"]) == ("w", "w")
    assert (made.cookies["c2"], made_async.cookies["c2"]) == ("2", "2")
    assert made.timeout == made_async.timeout == httpx.Timeout(5.0)
    assert headers._headers.items() >= {"h": "v", "h2": "w"}.items()
    assert cookies._cookies == {"c": "1", "c2": "2"}
    assert timeout._timeout == httpx.Timeout(5.0)
    assert type(timeout) is type(client)


def test_an_operation_sends_each_query_parameter_by_its_name_in_the_description() -> None:
    """The endpoint template's query (scripts/templates/python-client/endpoint_module.py.jinja):
    each argument under the name the description gives it, an enum as its value, a boolean as
    JSON writes it (false too), and no parameter the caller left unset."""
    seen: list[httpx.Request] = []
    empty = response(200, {"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", "success": True, "data": {"data": []}})
    client = Client(base_url="http://127.0.0.1:9",
                    httpx_args={"transport": httpx.MockTransport(lambda request: fresh([empty], seen, request))})
    list_pools_by_cursor.sync(client=client, size=10, next_page_id="c1", pool_type=CursorPoolType.CONCENTRATED,
                              sort_field=CursorSortField.FEE7D, sort_type=SortType.ASC, has_reward=True, mint1="M1",
                              mint2="M2")
    list_pools_by_cursor.sync(client=client, has_reward=False)
    list_pools_by_cursor.sync(client=client)
    assert [(request.method, request.url.path) for request in seen] == [("GET", "/pools/info/list-v2")] * 3
    assert [list(request.url.params.multi_items()) for request in seen] == [
        [("size", "10"), ("nextPageId", "c1"), ("poolType", "Concentrated"), ("sortField", "fee7d"),
         ("sortType", "asc"), ("hasReward", "true"), ("mint1", "M1"), ("mint2", "M2")],
        [("hasReward", "false")],
        [],
    ]  # fmt: skip


FILTERS: dict[str, Any] = {"size": 2, "pool_type": CursorPoolType.STANDARD, "sort_field": CursorSortField.LIQUIDITY,
                           "sort_type": SortType.DESC, "has_reward": False, "mint1": "M1", "mint2": "M2"}  # fmt: skip
FILTERS_SENT = [("size", "2"), ("poolType", "Standard"), ("sortField", "liquidity"), ("sortType", "desc"),
                ("hasReward", "false"), ("mint1", "M1"), ("mint2", "M2")]  # fmt: skip


def cursor_page(number: int, cursor: str | None) -> httpx.Response:
    """Page `number` of list-v2, two pools, with `cursor` as its nextPageId (none: the last page)."""
    data: dict[str, Any] = {"data": [{**PAGED_POOL, "id": f"pool-{number}-{i}"} for i in range(2)]}
    if cursor is not None:
        data["nextPageId"] = cursor
    return response(200, {"id": f"5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a1{number}", "success": True, "data": data},
                    headers={"x-page": str(number)})


def test_the_detailed_calls_return_the_status_the_bytes_the_headers_and_the_payload() -> None:
    """sync_detailed and asyncio_detailed (the endpoint template's Response twins): the answer
    as it came, with the payload sync decodes, for the query every other call sends."""
    seen: list[httpx.Request] = []
    page = cursor_page(1, "c2")
    client = Client(base_url="http://127.0.0.1:9",
                    httpx_args={"transport": httpx.MockTransport(lambda request: fresh([page], seen, request))})
    payload = list_pools_by_cursor.sync(client=client, next_page_id="c1", **FILTERS)
    answers = [list_pools_by_cursor.sync_detailed(client=client, next_page_id="c1", **FILTERS),
               run(list_pools_by_cursor.asyncio_detailed(client=client, next_page_id="c1", **FILTERS))]  # fmt: skip
    assert payload == run(list_pools_by_cursor.asyncio(client=client, next_page_id="c1", **FILTERS))
    for answer in answers:
        assert (answer.status_code, answer.content, answer.headers["x-page"]) == (200, page.content, "1")
        assert answer.parsed == payload
    assert not isinstance(payload.data.data, msgspec.UnsetType)
    assert ids(payload.data.data) == ["pool-1-0", "pool-1-1"]
    sent = [[p for p in request.url.params.multi_items() if p[0] != "nextPageId"] for request in seen]
    assert (sent, {request.url.params["nextPageId"] for request in seen}) == ([FILTERS_SENT] * 4, {"c1"})


def walk_over(walk: str, replies: list[httpx.Response], **options: Any) -> tuple[list[str], list[str | None], Any]:
    """One walk of list-v2 (`walk` is the endpoint module's function) with FILTERS and `options`,
    over `replies`, without retries: the pool ids it yielded, the nextPageId of each request
    (every request checked to carry FILTERS) and the error that stopped it (None)."""
    seen: list[httpx.Request] = []
    client = Client(base_url="http://127.0.0.1:9",
                    httpx_args={"transport": httpx.MockTransport(lambda request: fresh(replies, seen, request))})
    walked = getattr(list_pools_by_cursor, walk)(client=client.with_retry_policy(errors.RetryPolicy(max_retries=0)),
                                                 **FILTERS, **options)  # fmt: skip
    found: list[Any] = []
    stopped = None

    async def gather() -> None:
        async for each in walked:
            found.append(each)

    try:
        run(gather()) if walk.endswith("_async") else found.extend(walked)
    except errors.ApiError as error:
        stopped = error
    if walk.startswith("iterate_pages"):  # the items of each page (none where a page holds no list)
        found = [item for page in found if not isinstance(page.data.data, msgspec.UnsetType) for item in page.data.data]
    got = ids(found)
    assert all([p for p in r.url.params.multi_items() if p[0] != "nextPageId"] == FILTERS_SENT for r in seen)
    return got, [request.url.params.get("nextPageId") for request in seen], stopped


@pytest.mark.parametrize("walk", ["iterate_pages", "iterate", "iterate_pages_async", "iterate_async"])
def test_a_walk_sends_every_filter_on_every_page_from_its_start_to_its_bound(walk: str) -> None:
    """The endpoint template's walks: each page's request carries every filter the caller gave,
    the first page starts at `next_page_id`, each next one at the cursor the page before
    returned, `max_pages` ends the walk early, and a page without a cursor is the last. The
    sync and async twins alike."""
    pages = [cursor_page(1, "c2"), cursor_page(2, "c3"), cursor_page(3, None)]
    every = ["pool-1-0", "pool-1-1", "pool-2-0", "pool-2-1", "pool-3-0", "pool-3-1"]
    assert walk_over(walk, pages) == (every, [None, "c2", "c3"], None)
    assert walk_over(walk, pages, next_page_id="c0", max_pages=2) == (every[:4], ["c0", "c2"], None)
    # a last page that holds no list (the schema lets `data` leave it out) has no items
    listless = response(200, {"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a19", "success": True, "data": {}})
    assert walk_over(walk, [pages[0], listless]) == (every[:2], [None, "c2"], None)


@pytest.mark.parametrize("walk", ["iterate_pages", "iterate", "iterate_pages_async", "iterate_async"])
def test_a_stopped_walk_resumes_by_the_keyword_the_caller_passes(walk: str) -> None:
    """A page that fails stops the walk with the page's error, whose `resume` is the keyword
    argument that starts the walk again there: `next_page_id` and the page's cursor, or nothing
    (and "the first page" in its note) where the first page failed."""
    edge = response(502, b"<html>502 Bad Gateway</html>", "text/html")
    got, sent, stopped = walk_over(walk, [cursor_page(1, "c2"), edge])
    assert (got, sent, type(stopped), stopped.resume) == (["pool-1-0", "pool-1-1"], [None, "c2"], errors.NotJsonError,
                                                          {"next_page_id": "c2"})  # fmt: skip
    assert stopped.__notes__[-1] == "The walk stopped at this page: start it again with next_page_id='c2' to resume."
    got, sent, stopped = walk_over(walk, [edge])
    assert (got, sent, type(stopped), stopped.resume) == ([], [None], errors.NotJsonError, {})
    assert stopped.__notes__[-1] == "The walk stopped at this page: start it again with the first page to resume."


@pytest.mark.parametrize("index", [0, 1])
def test_set_clients_are_the_ones_used(index: int) -> None:
    client = clients()[index]
    mine, mine_async = httpx.Client(), httpx.AsyncClient()
    client.set_httpx_client(mine)
    client.set_async_httpx_client(mine_async)
    assert client.get_httpx_client() is mine
    assert client.get_async_httpx_client() is mine_async


@pytest.mark.parametrize("index", [0, 1])
def test_the_context_managers_close_the_httpx_clients(index: int) -> None:
    client = clients()[index]
    with client as entered:
        assert entered is client
    assert client.get_httpx_client().is_closed

    async def use() -> None:
        async with client as entered:
            assert entered is client

    run(use())
    assert client.get_async_httpx_client().is_closed


def test_a_429_whose_body_is_not_an_envelope_is_still_rate_limited() -> None:
    for body in (b'{"trunc', b"[1, 2]"):
        with pytest.raises(errors.RateLimitedError) as caught:
            errors.decode_envelope(response(429, body, headers={"Retry-After": "2"}))
        assert (caught.value.status_code, caught.value.envelope, caught.value.retry_after) == (429, {}, 2.0)


@pytest.mark.parametrize(("media", "said"), [("", "no content type"), ("text/plain", "text/plain")])
def test_a_body_labelled_loosely_that_is_not_json_says_what_it_was_labelled(media: str, said: str) -> None:
    with pytest.raises(errors.NotJsonError) as caught:
        errors.decode_envelope(response(503, b"<html>busy</html>", media, headers={"x-edge": "1"}))
    assert str(caught.value) == f"HTTP 503: expected a JSON envelope, got {said} (17 bytes: '<html>busy</html>')"
    assert (caught.value.status_code, caught.value.headers["x-edge"]) == (503, "1")


def test_an_html_page_keeps_its_status_and_headers() -> None:
    with pytest.raises(errors.NotJsonError) as caught:
        errors.decode_envelope(response(502, b"<p>bad gateway</p>", "text/html", headers={"x-edge": "1"}))
    assert str(caught.value) == "HTTP 502: expected a JSON envelope, got text/html (18 bytes: '<p>bad gateway</p>')"
    assert (caught.value.status_code, caught.value.headers["x-edge"]) == (502, "1")


def test_an_empty_json_body_says_so() -> None:
    with pytest.raises(errors.MalformedJsonError) as caught:
        errors.decode_envelope(response(200, b""))
    assert str(caught.value) == "HTTP 200: the body is empty (0 bytes: '')"
    assert caught.value.status_code == 200


@pytest.mark.parametrize("use_async", [False, True])
def test_each_attempts_timeouts_are_capped_by_what_is_left_of_the_deadline(use_async: bool) -> None:
    """The request carries its timeouts (httpx's `timeout` extension): none may outlast the deadline."""
    seen: list[httpx.Request] = []
    policy = errors.RetryPolicy(deadline=0.5)
    args = {"method": "GET", "url": URL}
    if use_async:
        client: Any = async_client([response(200, {})], seen)
        client.timeout = httpx.Timeout(8.0)
        run(errors.send_async(client, args, policy))
    else:
        client = sync_client([response(200, {})], seen)
        client.timeout = httpx.Timeout(8.0)
        errors.send(client, args, policy)
    timeouts = seen[0].extensions["timeout"]
    assert set(timeouts) == {"connect", "read", "write", "pool"}
    assert all(0.3 < value <= 0.5 for value in timeouts.values()), timeouts


# --- the survivors of the mutmut run at 6a1efc7 (docs/testing.md) ---------------------------


class SlowStream(httpx.SyncByteStream):
    """A body in two chunks, `pause` seconds apart."""

    def __init__(self, pause: float) -> None:
        self.pause = pause

    def __iter__(self) -> Iterator[bytes]:
        yield b'{"success":'
        time.sleep(self.pause)
        yield b" true}"


def streamed_client(pause: float) -> httpx.Client:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, stream=SlowStream(pause), headers={"content-type": "application/json"})

    return httpx.Client(transport=httpx.MockTransport(handler))


def test_a_body_still_arriving_at_the_deadline_is_a_timeout() -> None:
    spent = rf"^GET {re.escape(URL)}: the call's deadline of 0\.2s passed$"
    with pytest.raises(errors.RequestTimeoutError, match=spent):
        errors.send(streamed_client(0.4), {"method": "GET", "url": URL}, errors.RetryPolicy(deadline=0.2))


def test_a_body_in_several_chunks_comes_back_whole_with_its_request() -> None:
    got = errors.send(streamed_client(0), {"method": "GET", "url": URL}, errors.RetryPolicy())
    assert (got.content, str(got.request.url)) == (b'{"success": true}', URL)


def test_the_whole_response_keeps_the_streamed_ones_extensions() -> None:
    streamed = httpx.Response(200, stream=httpx.ByteStream(b"ab"), extensions={"http_version": b"HTTP/1.1"},
                              request=httpx.Request("GET", URL))  # fmt: skip
    whole = transport._complete(streamed, [b"a", b"b"], streamed.request, 2)
    assert (whole.content, str(whole.request.url)) == (b"ab", URL)
    assert dict(whole.extensions) == {"http_version": b"HTTP/1.1", "raydium_attempts": 2}


def test_each_timeout_is_capped_by_what_is_left_and_none_becomes_what_is_left() -> None:
    capped = transport._attempt_timeout(httpx.Timeout(connect=1, read=2, write=3, pool=4), 10)
    assert (capped.connect, capped.read, capped.write, capped.pool) == (1, 2, 3, 4)
    capped = transport._attempt_timeout(httpx.Timeout(connect=1, read=2, write=3, pool=4), 2.5)
    assert (capped.connect, capped.read, capped.write, capped.pool) == (1, 2, 2.5, 2.5)
    unbounded = transport._attempt_timeout(httpx.Timeout(None), 7)
    assert (unbounded.connect, unbounded.read, unbounded.write, unbounded.pool) == (7, 7, 7, 7)


def test_an_error_without_a_response_or_with_an_unread_one_has_no_content() -> None:
    assert errors.ApiError("m").content == b""
    unread = httpx.Response(200, stream=httpx.ByteStream(b"body"), request=httpx.Request("GET", URL))
    assert errors.ApiError("m", unread).content == b""
    assert errors.ApiError("m", response(502, b"<p>", "text/html")).content == b"<p>"


def test_a_wait_equal_to_max_wait_is_waited(monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []
    monkeypatch.setattr("raydium_api_runtime.transport.time.sleep", waits.append)
    seen: list[httpx.Request] = []
    replies = [response(429, {}, headers={"Retry-After": "10"}), response(200, {"success": True})]
    got = errors.send(sync_client(replies, seen), {"method": "GET", "url": URL}, errors.RetryPolicy(max_wait=10))
    assert (got.status_code, waits, len(seen)) == (200, [10.0], 2)


def test_a_wait_equal_to_max_wait_that_would_pass_the_deadline_names_the_deadline() -> None:
    limited = response(429, {}, headers={"Retry-After": "10"})
    call = transport._Call(errors.RetryPolicy(max_wait=10, deadline=5), runtime.RUNTIME_FAILURES, time.monotonic() + 5)
    with pytest.raises(runtime.RateLimitedError, match="waiting would pass the call's deadline of 5s"):
        call.give_up(limited)


@pytest.mark.parametrize(("media", "json_like"), [
    ("application/json", True), ("application/problem+json", True), ("application/xml", False),
    ("text/x+json", False), ("text/json", False)])  # fmt: skip
def test_only_application_json_and_its_plus_json_kin_are_json(media: str, json_like: bool) -> None:
    assert runtime._is_json(media) is json_like


@pytest.mark.parametrize("media", ["", "application/json; charset=utf-8; profile=x", "TEXT/PLAIN ; charset=utf-8"])
def test_a_json_body_without_a_content_type_or_with_parameters_is_read(media: str) -> None:
    assert errors.decode_envelope(response(200, {"success": True, "data": 1}, media)) == {"success": True, "data": 1}


def test_a_body_that_is_not_json_without_a_content_type_says_so_and_keeps_the_response() -> None:
    with pytest.raises(errors.NotJsonError) as caught:
        errors.decode_envelope(response(502, b"<p>bad gateway</p>", ""))
    assert str(caught.value) == ("HTTP 502: expected a JSON envelope, got no content type "
                                 "(18 bytes: '<p>bad gateway</p>')")  # fmt: skip
    assert (caught.value.status_code, caught.value.content) == (502, b"<p>bad gateway</p>")


def test_an_html_page_keeps_its_response_on_the_error() -> None:
    with pytest.raises(errors.NotJsonError) as caught:
        errors.decode_envelope(response(403, b"<html>", "text/html"))
    assert (caught.value.status_code, caught.value.content, caught.value.headers["content-type"]) == (
        403, b"<html>", "text/html")  # fmt: skip


REQUEST = httpx.Request("GET", URL)


@pytest.mark.parametrize(("exc", "kind", "message"), [
    (httpx.ReadTimeout(""), errors.RequestTimeoutError, f"GET {URL}: timed out (ReadTimeout: no detail)"),
    (httpx.ConnectTimeout("slow"), errors.RequestTimeoutError, f"GET {URL}: timed out (ConnectTimeout: slow)"),
    (httpx.ConnectError("refused"), errors.ConnectionFailedError, f"GET {URL}: could not connect (refused)"),
    (httpx.ReadError(""), errors.ConnectionCutError,
     f"GET {URL}: the connection broke before the whole response arrived (ReadError: no detail)"),
    (httpx.RemoteProtocolError("eof"), errors.ConnectionCutError,
     f"GET {URL}: the connection broke before the whole response arrived (RemoteProtocolError: eof)"),
])  # fmt: skip
def test_each_transport_error_says_the_request_and_what_broke(exc: httpx.TransportError, kind: type[errors.ApiError],
                                                               message: str) -> None:  # fmt: skip
    error = transport._transport_error(exc, REQUEST, 1)
    assert (type(error), str(error), error.attempts) == (kind, message, 1)
    again = transport._transport_error(exc, REQUEST, 3)
    assert (str(again), again.attempts) == (f"{message} (after 3 attempts)", 3)


def ended(exc: httpx.TransportError, policy: errors.RetryPolicy, ends: float) -> errors.ApiError:
    """The error a call ends in when its last attempt failed with `exc` (no retry left)."""
    call = transport._Call(policy, runtime.RUNTIME_FAILURES, ends, attempt=policy.max_retries)
    with pytest.raises(errors.ApiError) as caught:
        call.failed(exc, REQUEST)
    return caught.value


def test_a_timeout_long_before_the_deadline_is_said_as_a_timeout_not_the_deadline() -> None:
    said = str(ended(httpx.ReadTimeout("x"), errors.RetryPolicy(deadline=30), time.monotonic() + 0.9))
    assert said == f"GET {URL}: timed out (ReadTimeout: x) (after 3 attempts)"


def test_a_timeout_at_the_deadline_is_said_as_the_deadline() -> None:
    said = str(ended(httpx.ReadTimeout("x"), errors.RetryPolicy(deadline=30), time.monotonic() - 0.01))
    assert said == f"GET {URL}: the call's deadline of 30s passed (after 3 attempts)"


def test_a_connection_error_at_the_deadline_is_still_a_connection_error() -> None:
    error = ended(httpx.ConnectError("refused"), errors.RetryPolicy(), time.monotonic() - 1)
    assert type(error) is errors.ConnectionFailedError
    assert str(error) == f"GET {URL}: could not connect (refused) (after 3 attempts)"


# --- retries of the failures that pass (raydium_api_runtime.transport) --------------------------
@pytest.fixture
def waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits between attempts, recorded instead of slept."""
    slept: list[float] = []
    monkeypatch.setattr("raydium_api_runtime.transport.time.sleep", slept.append)
    return slept


@pytest.mark.parametrize("status", sorted(transport.TRANSIENT_STATUSES))
def test_every_transient_status_is_retried_then_the_success_comes_back(status: int, waits: list[float]) -> None:
    seen: list[httpx.Request] = []
    replies = [response(status, b"<html>edge</html>", "text/html"), response(200, {"success": True})]
    got = errors.send(sync_client(replies, seen), {"method": "GET", "url": URL}, errors.RetryPolicy())
    assert (got.status_code, len(seen), got.extensions["raydium_attempts"]) == (200, 2, 2)
    assert len(waits) == 1


@pytest.mark.parametrize("status", [200, 201, 301, 400, 401, 403, 404, 409, 422, 501, 505, 525, 599])
def test_any_other_status_ends_the_call_at_once(status: int, waits: list[float]) -> None:
    seen: list[httpx.Request] = []
    got = errors.send(sync_client([response(status, {"success": False, "msg": "m"})], seen),
                      {"method": "GET", "url": URL}, errors.RetryPolicy())  # fmt: skip
    assert (got.status_code, len(seen), waits) == (status, 1, [])


def test_a_failure_that_stays_ends_after_the_retries_and_says_how_many_attempts(waits: list[float]) -> None:
    seen: list[httpx.Request] = []
    last = errors.send(sync_client([response(502, b"<html>", "text/html")], seen), {"method": "GET", "url": URL},
                       errors.RetryPolicy())  # fmt: skip
    assert len(seen) == 3  # the first send and two retries
    with pytest.raises(errors.NotJsonError) as caught:
        errors.decode_envelope(last)
    assert caught.value.attempts == 3
    assert str(caught.value).endswith("(after 3 attempts)")
    assert 0.375 <= waits[0] <= 0.5  # about 0.5 s, then 1 s, jittered down
    assert 0.75 <= waits[1] <= 1.0


def test_retries_off_is_one_attempt(waits: list[float]) -> None:
    seen: list[httpx.Request] = []
    last = errors.send(sync_client([response(503, {"success": False})], seen), {"method": "GET", "url": URL},
                       errors.RetryPolicy(max_retries=0))  # fmt: skip
    assert (last.status_code, len(seen), waits) == (503, 1, [])
    with pytest.raises(errors.FailureEnvelopeError) as caught:
        errors.decode_envelope(last)
    assert caught.value.attempts == 1
    assert "attempts" not in str(caught.value)


def test_a_transport_failure_is_retried_and_the_last_one_raised(waits: list[float]) -> None:
    seen: list[httpx.Request] = []

    def refuse(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        raise httpx.ConnectError("refused", request=request)

    client = httpx.Client(transport=httpx.MockTransport(refuse))
    with pytest.raises(errors.ConnectionFailedError, match=r"\(after 3 attempts\)$") as caught:
        errors.send(client, {"method": "GET", "url": URL}, errors.RetryPolicy())
    assert (len(seen), len(waits), caught.value.attempts) == (3, 2, 3)
    assert isinstance(caught.value.__cause__, httpx.ConnectError)


def test_a_cut_connection_then_a_success_comes_back(waits: list[float]) -> None:
    seen: list[httpx.Request] = []

    def cut_once(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        if len(seen) == 1:
            raise httpx.RemoteProtocolError("Server disconnected without sending a response.", request=request)
        return httpx.Response(200, stream=httpx.ByteStream(b'{"success": true}'))

    got = errors.send(httpx.Client(transport=httpx.MockTransport(cut_once)), {"method": "GET", "url": URL},
                      errors.RetryPolicy())  # fmt: skip
    assert (got.status_code, len(seen), got.extensions["raydium_attempts"]) == (200, 2, 2)


def test_retry_after_and_retry_after_ms_are_waited_where_sent(waits: list[float]) -> None:
    replies = [response(503, {}, headers={"Retry-After": "2"}), response(500, {}, headers={"retry-after-ms": "250"}),
               response(200, {"success": True})]  # fmt: skip
    errors.send(sync_client(replies, []), {"method": "GET", "url": URL}, errors.RetryPolicy())
    assert waits == [2.0, 0.25]


def test_a_wait_beyond_max_wait_ends_a_transient_failure_at_once(waits: list[float]) -> None:
    seen: list[httpx.Request] = []
    last = errors.send(sync_client([response(503, {}, headers={"Retry-After": "60"})], seen),
                       {"method": "GET", "url": URL}, errors.RetryPolicy())  # fmt: skip
    assert (last.status_code, len(seen), waits) == (503, 1, [])


def test_the_backoff_doubles_from_default_wait_with_up_to_a_quarter_of_jitter() -> None:
    policy = errors.RetryPolicy(default_wait=2)
    for retry, full in ((0, 2.0), (1, 4.0), (2, 8.0)):
        samples = [policy.backoff(retry) for _ in range(200)]
        assert all(0.75 * full <= s <= full for s in samples), (retry, min(samples), max(samples))
        assert max(samples) - min(samples) > 0.05 * full  # jittered, not fixed


@pytest.mark.parametrize("use_async", [False, True])
def test_a_client_with_another_policy_shares_the_connections(use_async: bool) -> None:
    client = Client(base_url=URL)
    made = client.get_async_httpx_client() if use_async else client.get_httpx_client()
    once = client.with_retry_policy(errors.RetryPolicy(max_retries=0))
    assert (once.retry_policy.max_retries, client.retry_policy.max_retries) == (0, 2)
    assert (once.get_async_httpx_client() if use_async else once.get_httpx_client()) is made


def test_a_client_without_a_base_url_says_what_to_pass() -> None:
    said = (r"^base_url is required: the source document shows no host for this service, so the client has no "
            r"default \(pass base_url=\.\.\.\)$")  # fmt: skip
    with pytest.raises(ValueError, match=said):
        Client(base_url="")
    with pytest.raises(ValueError, match=said):
        AuthenticatedClient(base_url="", token=TOKEN)


# --- the models' base (raydium_api_runtime.models) ----------------------------------------------
class Quote(runtime_models.Model, frozen=True, kw_only=True):
    success: bool
    amount: str = msgspec.field(name="outAmount", default="0")


class Body(runtime_models.Model, frozen=True, kw_only=True):
    quote: Quote
    fee: int | msgspec.UnsetType = msgspec.UNSET


QUOTE_BYTES = b'{"success": true, "outAmount": "18446744073709551615", "price": 1.50, "zz": null}'


def test_a_decoded_result_keeps_its_bytes_and_is_sent_back_verbatim() -> None:
    quote = errors.decode_typed(response(200, QUOTE_BYTES), msgspec.json.Decoder(Quote))
    assert quote.amount == "18446744073709551615"
    assert quote.to_json() == QUOTE_BYTES
    assert quote.to_dict() == {"success": True, "outAmount": "18446744073709551615", "price": 1.5, "zz": None}
    sent = runtime_models.encode(Body(quote=quote, fee=5))
    assert sent == b'{"quote":' + QUOTE_BYTES + b',"fee":5}'  # spaces, 1.50 and the unknown keys as they came


def test_a_built_model_is_encoded_by_its_fields_and_unset_is_left_out() -> None:
    built = Body(quote=Quote(success=True, amount="7"))
    assert runtime_models.encode(built) == b'{"quote":{"success":true,"outAmount":"7"}}'
    assert built.quote.to_dict() == {"success": True, "outAmount": "7"}
    assert built.to_json() == runtime_models.encode(built)


def test_from_dict_checks_and_keeps_every_key() -> None:
    body = Body.from_dict({"quote": {"success": True, "extra": [1]}, "fee": 1, "later": "x"})
    assert (body.quote.amount, body.fee) == ("0", 1)
    assert json.loads(runtime_models.encode(body)) == {"quote": {"success": True, "extra": [1]}, "fee": 1, "later": "x"}
    with pytest.raises(msgspec.ValidationError, match=r"\$\.quote\.success"):
        Body.from_dict({"quote": {"success": "yes"}})


def test_keep_body_ignores_what_is_not_a_model() -> None:
    value = Typed(success=True, data=1)
    runtime_models.keep_body(value, b"{}")
    assert not hasattr(value, "__dict__")
