"""Sync every pool: walk the cursor pages of GET /pools/info/list-v2 from the first page to
the last, then re-read chosen pools by id (GET /pools/info/ids), politely.

    python sync_pools.py > pools.jsonl                 # every pool, one JSON object per line
    python sync_pools.py --ids ID1,ID2 --rounds 10     # re-read two pools every 60 s, 10 times

Needs the raydium-pool-v3-client package. A summary goes to stderr; the pools go to stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from typing import Any

from pool_v3_client import Client, errors
from pool_v3_client.api.pools import get_pools_by_ids, list_pools_by_cursor
from pool_v3_client.types import UNSET, Unset

PATIENCE = 5  # rate-limited stops in a row before giving up


def every_pool(client: Client, size: int, stats: dict[str, int]) -> Iterator[dict[str, Any]]:
    """Every pool, page after page, as the service sent it: `to_dict()` is the page's body,
    so keys the schema does not declare are kept. The client's iterator passes each opaque
    `nextPageId` back unchanged and ends on the page without one; it retries what passes (a
    Cloudflare 502, a cut connection, a 429 as `Retry-After` says) within each call's
    deadline. When a page still fails, the error says where the walk stopped: wait, and start
    it again from there. The sync resumes where it was; it never starts over."""
    start: str | Unset = UNSET
    waits = 0
    while True:
        try:
            for answer in list_pools_by_cursor.iterate_pages(client=client, size=size, next_page_id=start):
                stats["pages"] += 1
                waits = 0
                yield from answer.to_dict()["data"].get("data") or []
            return
        except errors.RateLimitedError as error:
            waits += 1
            if waits > PATIENCE:
                raise SystemExit(f"sync: still rate limited after {PATIENCE} waits; try again later") from error
            stats["waits"] += 1
            time.sleep(error.retry_after if error.retry_after is not None else 10.0)
            resumed = (error.resume or {}).get("next_page_id")  # absent: the first page failed
            start = resumed if isinstance(resumed, str) else UNSET


def by_ids(client: Client, ids: list[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """The pools for ``ids``, and the ids the service answered `null` for. A new pool comes
    back `null` until the service's data catches up (its data is typically 1-5 minutes
    stale): ask again later, do not treat it as gone. Pools are matched by their `id`, not by
    position."""
    answer = get_pools_by_ids.sync(client=client, ids=",".join(ids))
    sent = answer.to_dict()["data"]  # the same items as answer.data, every key kept
    found = [item for pool, item in zip(answer.data, sent, strict=True) if pool is not None]
    seen = {pool.id for pool in answer.data if pool is not None}
    return found, [pool_id for pool_id in ids if pool_id not in seen]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pool-url", default="https://api-v3.raydium.io", help="the pool data service")
    parser.add_argument("--size", type=int, default=1000, help="pools per page (default: %(default)s)")
    parser.add_argument("--ids", help="re-read these pools (comma-separated ids) instead of syncing all")
    parser.add_argument("--rounds", type=int, default=1, help="how many times to re-read --ids")
    parser.add_argument("--every", type=float, default=60.0, help="seconds between rounds (default: %(default)s)")
    args = parser.parse_args(argv)
    stats = {"pages": 0, "waits": 0, "pools": 0}
    with Client(base_url=args.pool_url) as client:
        if args.ids is None:
            for pool in every_pool(client, args.size, stats):
                print(json.dumps(pool))
                stats["pools"] += 1
            print(f"synced {stats['pools']} pools in {stats['pages']} pages, {stats['waits']} waits",
                  file=sys.stderr)  # fmt: skip
            return 0
        for round_number in range(args.rounds):
            if round_number:
                time.sleep(args.every)  # the data changes every few minutes; polling faster buys nothing
            found, pending = by_ids(client, args.ids.split(","))
            for pool in found:
                print(json.dumps(pool))
            print(f"round {round_number + 1}: {len(found)} pools, not yet served: {','.join(pending) or 'none'}",
                  file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
