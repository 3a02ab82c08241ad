"""Times the Python client's `list_pools.sync` on one list-pools success body against
`json.loads` of the same bytes, each alone and followed by the reads a user's code makes
(scripts/quality/bench_languages.py runs it). The call is made as users make it, on a `Client`
whose httpx transport answers from memory (httpx.MockTransport: HTTP 200, application/json, the
body), so the figure is the client's whole call: httpx, the envelope check and the typed decode.

The sides (bench_languages.py names the reads):
  parse, client                 the untyped parse, the call
  parse_full, client_full       each followed by the full read: every declared field of each
                                pool, nested objects and lists included (typed_pool, untyped_pool)
  parse_filter, client_filter   each followed by the filtering read: id, tvl, mint_a.address
Each read adds what it reads to a sink (a number its value, a string its length, True 1, a
`type` of Concentrated 1); the client's sink and the parse's must agree, or the program fails.

Usage: bench_decode.py RUNTIME CLIENT BODY.json RUNS LOOPS [SIDE,...]
         prints {"parse": [seconds per call, ...], ..., "sink": N}
       bench_decode.py RUNTIME CLIENT --peak BODY.json SIDE [WARM.json]
         prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}
WARM is a small page the same side runs on once first (the client's one-time set-up, as a
long-running client has done it; bench_languages.peak).
RUNTIME and CLIENT are the folders of the shared runtime and the pool-v3 client package, put on
sys.path as an installed package would be.
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from msgspec import UNSET

if TYPE_CHECKING:  # the client's package is put on sys.path by main
    from pool_v3_client.models import (
        PoolConfig,
        PoolInfoItem,
        PoolPeriodStats,
        Token,
        TokenExtensions,
        TransferFee,
    )

SIDES = ("parse", "client", "parse_full", "client_full", "parse_filter", "client_filter")


# --- the typed reads: the models' attributes, as a user's code reads them -------------------
def typed_fee(fee: TransferFee) -> float:
    s = 0.0
    if (v := fee.epoch) is not UNSET:
        s += len(v)
    if (v := fee.maximum_fee) is not UNSET:
        s += len(v)
    if (n := fee.transfer_fee_basis_points) is not UNSET:
        s += n
    return s


def typed_extensions(ext: TokenExtensions) -> float:
    s = 0.0
    if (v := ext.coingecko_id) is not UNSET:
        s += len(v)
    if (c := ext.fee_config) is not UNSET:
        if (v := c.transfer_fee_config_authority) is not UNSET:
            s += len(v)
        if (v := c.withdraw_withheld_authority) is not UNSET:
            s += len(v)
        if (v := c.withheld_amount) is not UNSET:
            s += len(v)
        if (f := c.older_transfer_fee) is not UNSET:
            s += typed_fee(f)
        if (f := c.newer_transfer_fee) is not UNSET:
            s += typed_fee(f)
    if (t := ext.tips) is not UNSET:
        if (v := t.icon) is not UNSET:
            s += len(v)
        if (v := t.link) is not UNSET:
            s += len(v)
        if (v := t.text) is not UNSET:
            s += len(v)
    return s


def typed_token(token: Token) -> float:
    s = 0.0
    if (n := token.chain_id) is not UNSET:
        s += n
    if (v := token.address) is not UNSET:
        s += len(v)
    if (v := token.program_id) is not UNSET:
        s += len(v)
    if (v := token.logo_uri) is not UNSET:
        s += len(v)
    if (v := token.symbol) is not UNSET:
        s += len(v)
    if (v := token.name) is not UNSET:
        s += len(v)
    if (n := token.decimals) is not UNSET:
        s += n
    if (tags := token.tags) is not UNSET:
        for tag in tags:
            s += len(tag)
    if (ext := token.extensions) is not UNSET:
        s += typed_extensions(ext)
    if (v := token.freeze_authority) is not UNSET:
        s += len(v)
    if (v := token.mint_authority) is not UNSET:
        s += len(v)
    return s


def typed_period(stats: PoolPeriodStats) -> float:
    s = 0.0
    if (x := stats.volume) is not UNSET:
        s += x
    if (x := stats.volume_quote) is not UNSET:
        s += x
    if (x := stats.volume_fee) is not UNSET:
        s += x
    if (x := stats.apr) is not UNSET:
        s += x
    if (x := stats.fee_apr) is not UNSET:
        s += x
    if (x := stats.price_min) is not UNSET:
        s += x
    if (x := stats.price_max) is not UNSET:
        s += x
    if (items := stats.reward_apr) is not UNSET:
        for x in items:
            s += x
    return s


def typed_config(config: PoolConfig) -> float:
    s = 0.0
    if (v := config.id) is not UNSET:
        s += len(v)
    if (n := config.index) is not UNSET:
        s += n
    if (x := config.protocol_fee_rate) is not UNSET:
        s += x
    if (x := config.trade_fee_rate) is not UNSET:
        s += x
    if (x := config.fund_fee_rate) is not UNSET:
        s += x
    if (n := config.tick_spacing) is not UNSET:
        s += n
    if (v := config.description) is not UNSET:
        s += len(v)
    if (x := config.default_range) is not UNSET:
        s += x
    if (items := config.default_range_point) is not UNSET:
        for x in items:
            s += x
    if (v := config.create_pool_fee) is not UNSET:
        s += len(v)
    return s


def typed_pool(pool: PoolInfoItem) -> float:
    s = 0.0
    if pool.type == "Concentrated":
        s += 1
    if (v := pool.program_id) is not UNSET:
        s += len(v)
    if (v := pool.id) is not UNSET:
        s += len(v)
    if (token := pool.mint_a) is not UNSET:
        s += typed_token(token)
    if (token := pool.mint_b) is not UNSET:
        s += typed_token(token)
    if (x := pool.price) is not UNSET:
        s += x
    if (x := pool.mint_amount_a) is not UNSET:
        s += x
    if (x := pool.mint_amount_b) is not UNSET:
        s += x
    if (x := pool.fee_rate) is not UNSET:
        s += x
    if (when := pool.open_time) is not UNSET:
        s += len(when) if isinstance(when, str) else when
    if (x := pool.tvl) is not UNSET:
        s += x
    if (stats := pool.day) is not UNSET:
        s += typed_period(stats)
    if (stats := pool.week) is not UNSET:
        s += typed_period(stats)
    if (stats := pool.month) is not UNSET:
        s += typed_period(stats)
    if (n := pool.farm_upcoming_count) is not UNSET:
        s += n
    if (n := pool.farm_ongoing_count) is not UNSET:
        s += n
    if (n := pool.farm_finished_count) is not UNSET:
        s += n
    if (x := pool.burn_percent) is not UNSET:
        s += x
    if pool.has_dynamic_fee is True:
        s += 1
    if (token := pool.lp_mint) is not UNSET:
        s += typed_token(token)
    if (x := pool.lp_price) is not UNSET:
        s += x
    if (x := pool.lp_amount) is not UNSET:
        s += x
    if (v := pool.market_id) is not UNSET:
        s += len(v)
    if (config := pool.config) is not UNSET:
        s += typed_config(config)
    return s


def typed_filter(pool: PoolInfoItem) -> float:
    s = 0.0
    if (v := pool.id) is not UNSET:
        s += len(v)
    if (x := pool.tvl) is not UNSET:
        s += x
    if (token := pool.mint_a) is not UNSET and (v := token.address) is not UNSET:
        s += len(v)
    return s


# --- the untyped reads: the same fields of json.loads's dicts -------------------------------
def untyped_fee(fee: dict[str, Any]) -> float:
    s = 0.0
    if (v := fee.get("epoch")) is not None:
        s += len(v)
    if (v := fee.get("maximumFee")) is not None:
        s += len(v)
    if (n := fee.get("transferFeeBasisPoints")) is not None:
        s += n
    return s


def untyped_extensions(ext: dict[str, Any]) -> float:
    s = 0.0
    if (v := ext.get("coingeckoId")) is not None:
        s += len(v)
    if (c := ext.get("feeConfig")) is not None:
        if (v := c.get("transferFeeConfigAuthority")) is not None:
            s += len(v)
        if (v := c.get("withdrawWithheldAuthority")) is not None:
            s += len(v)
        if (v := c.get("withheldAmount")) is not None:
            s += len(v)
        if (f := c.get("olderTransferFee")) is not None:
            s += untyped_fee(f)
        if (f := c.get("newerTransferFee")) is not None:
            s += untyped_fee(f)
    if (t := ext.get("tips")) is not None:
        if (v := t.get("icon")) is not None:
            s += len(v)
        if (v := t.get("link")) is not None:
            s += len(v)
        if (v := t.get("text")) is not None:
            s += len(v)
    return s


def untyped_token(token: dict[str, Any]) -> float:
    s = 0.0
    if (n := token.get("chainId")) is not None:
        s += n
    if (v := token.get("address")) is not None:
        s += len(v)
    if (v := token.get("programId")) is not None:
        s += len(v)
    if (v := token.get("logoURI")) is not None:
        s += len(v)
    if (v := token.get("symbol")) is not None:
        s += len(v)
    if (v := token.get("name")) is not None:
        s += len(v)
    if (n := token.get("decimals")) is not None:
        s += n
    if (tags := token.get("tags")) is not None:
        for tag in tags:
            s += len(tag)
    if (ext := token.get("extensions")) is not None:
        s += untyped_extensions(ext)
    if (v := token.get("freezeAuthority")) is not None:
        s += len(v)
    if (v := token.get("mintAuthority")) is not None:
        s += len(v)
    return s


def untyped_period(stats: dict[str, Any]) -> float:
    s = 0.0
    if (x := stats.get("volume")) is not None:
        s += x
    if (x := stats.get("volumeQuote")) is not None:
        s += x
    if (x := stats.get("volumeFee")) is not None:
        s += x
    if (x := stats.get("apr")) is not None:
        s += x
    if (x := stats.get("feeApr")) is not None:
        s += x
    if (x := stats.get("priceMin")) is not None:
        s += x
    if (x := stats.get("priceMax")) is not None:
        s += x
    if (items := stats.get("rewardApr")) is not None:
        for x in items:
            s += x
    return s


def untyped_config(config: dict[str, Any]) -> float:
    s = 0.0
    if (v := config.get("id")) is not None:
        s += len(v)
    if (n := config.get("index")) is not None:
        s += n
    if (x := config.get("protocolFeeRate")) is not None:
        s += x
    if (x := config.get("tradeFeeRate")) is not None:
        s += x
    if (x := config.get("fundFeeRate")) is not None:
        s += x
    if (n := config.get("tickSpacing")) is not None:
        s += n
    if (v := config.get("description")) is not None:
        s += len(v)
    if (x := config.get("defaultRange")) is not None:
        s += x
    if (items := config.get("defaultRangePoint")) is not None:
        for x in items:
            s += x
    if (v := config.get("createPoolFee")) is not None:
        s += len(v)
    return s


def untyped_pool(pool: dict[str, Any]) -> float:
    s = 0.0
    if pool.get("type") == "Concentrated":
        s += 1
    if (v := pool.get("programId")) is not None:
        s += len(v)
    if (v := pool.get("id")) is not None:
        s += len(v)
    if (token := pool.get("mintA")) is not None:
        s += untyped_token(token)
    if (token := pool.get("mintB")) is not None:
        s += untyped_token(token)
    if (x := pool.get("price")) is not None:
        s += x
    if (x := pool.get("mintAmountA")) is not None:
        s += x
    if (x := pool.get("mintAmountB")) is not None:
        s += x
    if (x := pool.get("feeRate")) is not None:
        s += x
    if (when := pool.get("openTime")) is not None:
        s += len(when) if isinstance(when, str) else when
    if (x := pool.get("tvl")) is not None:
        s += x
    if (stats := pool.get("day")) is not None:
        s += untyped_period(stats)
    if (stats := pool.get("week")) is not None:
        s += untyped_period(stats)
    if (stats := pool.get("month")) is not None:
        s += untyped_period(stats)
    if (n := pool.get("farmUpcomingCount")) is not None:
        s += n
    if (n := pool.get("farmOngoingCount")) is not None:
        s += n
    if (n := pool.get("farmFinishedCount")) is not None:
        s += n
    if (x := pool.get("burnPercent")) is not None:
        s += x
    if pool.get("hasDynamicFee") is True:
        s += 1
    if (token := pool.get("lpMint")) is not None:
        s += untyped_token(token)
    if (x := pool.get("lpPrice")) is not None:
        s += x
    if (x := pool.get("lpAmount")) is not None:
        s += x
    if (v := pool.get("marketId")) is not None:
        s += len(v)
    if (config := pool.get("config")) is not None:
        s += untyped_config(config)
    return s


def untyped_filter(pool: dict[str, Any]) -> float:
    s = 0.0
    if (v := pool.get("id")) is not None:
        s += len(v)
    if (x := pool.get("tvl")) is not None:
        s += x
    if (token := pool.get("mintA")) is not None and (v := token.get("address")) is not None:
        s += len(v)
    return s


# --- the program ----------------------------------------------------------------------------
def sides(served: list[bytes]) -> dict[str, Callable[[], float]]:
    """Each side by name: it runs once on served[0] and answers the sink of its reads (0
    without reads)."""
    import httpx
    from pool_v3_client import Client
    from pool_v3_client.api.pools import list_pools
    from pool_v3_client.models import PoolPageResponse

    # a new response per request, streamed as a transport gives it (content= would be read already)
    json_type = {"content-type": "application/json"}
    transport = httpx.MockTransport(
        lambda request: httpx.Response(200, stream=httpx.ByteStream(served[0]), headers=json_type)
    )
    client = Client(base_url="http://127.0.0.1:9", httpx_args={"transport": transport})

    def call() -> PoolPageResponse:
        page = list_pools.sync(client=client)
        if not (page.success and page.data.data):
            raise SystemExit("the client decoded no pools")
        return page

    def parse() -> Any:
        return json.loads(served[0])

    def typed(read: Callable[[PoolInfoItem], float]) -> Callable[[], float]:
        def run() -> float:
            pools = call().data.data
            assert pools is not UNSET
            s = 0.0
            for pool in pools:
                s += read(pool)
            return s

        return run

    def untyped(read: Callable[[dict[str, Any]], float]) -> Callable[[], float]:
        def run() -> float:
            s = 0.0
            for pool in parse()["data"]["data"]:
                s += read(pool)
            return s

        return run

    return {"parse": lambda: float(parse() is None), "client": lambda: float(call() is None),
            "parse_full": untyped(untyped_pool), "client_full": typed(typed_pool),
            "parse_filter": untyped(untyped_filter), "client_filter": typed(typed_filter)}  # fmt: skip


def status(field: str) -> int:
    """A field of /proc/self/status in bytes (VmRSS, VmHWM)."""
    found = re.search(rf"^{field}:\s+(\d+) kB", Path("/proc/self/status").read_text(encoding="utf-8"), re.M)
    assert found, field
    return int(found.group(1)) * 1024


def time_one(side: Callable[[], float], loops: int) -> tuple[float, float]:
    """Seconds per run of `side`, and the sum of its sinks."""
    sink = 0.0
    start = time.perf_counter()
    for _ in range(loops):
        sink += side()
    return (time.perf_counter() - start) / loops, sink


def peak(body: Path, name: str, warm: Path | None) -> dict[str, Any]:
    served = [warm.read_bytes() if warm else body.read_bytes()]  # the warm-up page first, if any
    run = sides(served)[name]
    sink = 0.0
    if warm:
        sink += run()
        served[0] = body.read_bytes()
    Path("/proc/self/clear_refs").write_text("5", encoding="utf-8")  # VmHWM back to VmRSS
    baseline = status("VmRSS")
    sink += run()
    return {"peak_rss_bytes": status("VmHWM"), "baseline_rss_bytes": baseline, "sink": sink}


def timings(body: Path, runs: int, loops: int, names: list[str]) -> dict[str, Any]:
    run = sides([body.read_bytes()])
    for read in ("full", "filter"):
        typed, untyped = run[f"client_{read}"](), run[f"parse_{read}"]()
        if typed != untyped or not typed:
            raise SystemExit(f"the client's {read} read gives {typed}, the parse's {untyped}")
    sink = sum(run[name]() for name in names)  # warm-up
    # The sides take turns, run by run, each going first in turn: a burst of load then falls on
    # every side of a ratio, not on one.
    samples: dict[str, Any] = {name: [] for name in names}
    for r in range(runs):
        for i in range(len(names)):
            name = names[(r + i) % len(names)]
            seconds, total = time_one(run[name], loops)
            samples[name].append(seconds)
            sink += total
    return {**samples, "sink": sink}


def main(argv: list[str]) -> int:
    if len(argv) < 5:
        print(__doc__, file=sys.stderr)
        return 2
    sys.path[:0] = argv[:2]
    if argv[2] == "--peak":
        warm = Path(argv[5]) if len(argv) > 5 else None
        print(json.dumps(peak(Path(argv[3]), argv[4], warm)))
        return 0
    names = argv[5].split(",") if len(argv) > 5 else list(SIDES)
    print(json.dumps(timings(Path(argv[2]), int(argv[3]), int(argv[4]), names)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
