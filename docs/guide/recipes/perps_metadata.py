"""Integrate the perps metadata: the default pools with their volumes, the market statistics
(an open object: the source shows none of its fields) and a temporary key that never reaches
a log, each read at most once a minute, as the service refreshes it.

    python perps_metadata.py                          # pools and statistics, once
    python perps_metadata.py --rounds 5 --every 15    # five rounds 15 s apart (cached reads)
    python perps_metadata.py --wallet ADDRESS         # also fetch a temporary key for a wallet

Needs the raydium-perps-v1-client package. Pools and statistics go to stdout as JSON lines; a
summary goes to stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any, Generic, TypeVar

from perps_v1_client import Client, errors
from perps_v1_client.api.main import get_market_statistics, get_temp_key
from perps_v1_client.api.pools import list_default_pools

MAX_AGE = 60.0  # Cache-Control max-age=60; the service refreshes its data every 60 s
T = TypeVar("T")


class Cached(Generic[T]):
    """The last answer of one read, reused for MAX_AGE seconds: asking sooner would get the
    same data from the edge cache and spend rate limit for nothing."""

    def __init__(self, read: Callable[[], T]) -> None:
        self.read = read
        self.value: T | None = None
        self.fetched = float("-inf")

    def get(self) -> T:
        if self.value is None or time.monotonic() - self.fetched >= MAX_AGE:
            self.value, self.fetched = self.read(), time.monotonic()
        return self.value


def pools(client: Client) -> list[dict[str, Any]]:
    """The default pools. Volumes are decimal strings: parse them with Decimal, never float.
    Keys the schema does not declare come from the body as it came (`to_dict()`)."""
    answer = list_default_pools.sync(client=client)
    sent = answer.to_dict()["data"]  # the same entries as answer.data, every key kept
    return [{**entry, "volume24h": Decimal(pool.volume24h), "volume7d": Decimal(pool.volume7d),
             "volume30d": Decimal(pool.volume30d)} for pool, entry in zip(answer.data, sent, strict=True)]  # fmt: skip


def statistics(client: Client) -> dict[str, Any]:
    """The market statistics. The source names what they hold (volumes, open interest) but
    not one field name: read the open object by key and treat every key as optional."""
    data = get_market_statistics.sync(client=client).data
    if isinstance(data, list):  # the source allows an array here too; its entries are not shown
        return {"entries": data}
    return data


def use_temp_key(client: Client, wallet: str) -> str:
    """A temporary keypair for the wallet: a secret. Keep it in this function's memory for the
    flow that needs it, and never log, cache or persist it. What may be said about it is that
    it arrived, and how many fields it has."""
    key = get_temp_key.sync(client=client, wallet=wallet).data
    fields = len(key)  # an open object (a dict) or an array
    # ... the flow that needs the key uses `key` here ...
    del key
    return f"temporary key received for the wallet ({fields} fields, not shown)"


def as_json(value: Any) -> Any:
    return str(value) if isinstance(value, Decimal) else value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--perps-url", default="https://api-perp-v1.raydium.io")
    parser.add_argument("--wallet", help="also fetch a temporary key for this wallet (never printed)")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--every", type=float, default=MAX_AGE, help="seconds between rounds")
    args = parser.parse_args(argv)
    client = Client(base_url=args.perps_url)
    cached_pools, cached_statistics = Cached(lambda: pools(client)), Cached(lambda: statistics(client))
    for round_number in range(1, args.rounds + 1):
        try:
            for pool in cached_pools.get():
                print(json.dumps({key: as_json(value) for key, value in pool.items()}))
            print(json.dumps({"statistics": cached_statistics.get()}))
            if args.wallet:
                print(use_temp_key(client, args.wallet), file=sys.stderr)
        except errors.ApiError as error:  # every failure of the client: typed, readable, no secret in it
            print(f"round {round_number}: {type(error).__name__}: {error}", file=sys.stderr)
        if round_number < args.rounds:
            time.sleep(args.every)
    return 0


if __name__ == "__main__":
    sys.exit(main())
