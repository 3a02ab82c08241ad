"""The memory the Python client's `list_pools.sync` adds when it decodes one large pool page
(scripts/quality/bench_languages.py runs it in a fresh process): the call as users make it, on a
`Client` whose httpx transport answers from memory (httpx.MockTransport: HTTP 200,
application/json, the body), against `json.loads` of the same bytes.

Usage: bench_peak.py RUNTIME CLIENT --peak BODY.json client|parse [WARM.json]
       prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}
WARM is a small page the same side decodes once first (the client's one-time set-up, as a
long-running client has done it; bench_languages.peak).
RUNTIME and CLIENT are the folders of the shared runtime and the pool-v3 client package, put on
sys.path as an installed package would be.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path


def status(field: str) -> int:
    """A field of /proc/self/status in bytes (VmRSS, VmHWM)."""
    found = re.search(rf"^{field}:\s+(\d+) kB", Path("/proc/self/status").read_text(encoding="utf-8"), re.M)
    assert found, field
    return int(found.group(1)) * 1024


def main(argv: list[str]) -> int:
    if len(argv) not in (5, 6) or argv[2] != "--peak":
        print(__doc__, file=sys.stderr)
        return 2
    sys.path[:0] = argv[:2]
    import httpx
    from pool_v3_client import Client
    from pool_v3_client.api.pools import list_pools

    body = Path(argv[3]).read_bytes()
    served = [Path(argv[5]).read_bytes() if len(argv) == 6 else body]  # the warm-up page first, if any
    # a new response per request, streamed as a transport gives it (content= would be read already)
    json_type = {"content-type": "application/json"}
    transport = httpx.MockTransport(
        lambda request: httpx.Response(200, stream=httpx.ByteStream(served[0]), headers=json_type)
    )
    client = Client(base_url="http://127.0.0.1:9", httpx_args={"transport": transport})

    def call() -> None:
        page = list_pools.sync(client=client)
        if not (page.success and page.data.data):
            raise SystemExit("the client decoded no pools")

    def parse() -> None:
        json.loads(served[0])

    decode = call if argv[4] == "client" else parse
    if len(argv) == 6:
        decode()
        served[0] = body
    Path("/proc/self/clear_refs").write_text("5", encoding="utf-8")  # VmHWM back to VmRSS
    baseline = status("VmRSS")
    decode()
    print(json.dumps({"peak_rss_bytes": status("VmHWM"), "baseline_rss_bytes": baseline}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
