"""The Go, Rust, Ruby and PHP clients' decode of a list-pools page, each against its language's
own untyped parse, and their peak memory on a large body (scripts/quality/bench.py reports them).

Each language has a small program in scripts/quality/bench_languages/ that calls the pool-v3 client as
users call it, with a transport that answers from memory (HTTP 200, application/json, the body),
and times that call against the language's untyped parse of the same bytes, the two taking
turns run by run:

  Go    PoolsAPI.ListPools(ctx).Execute() on NewClient(Options{Transport: in memory})
        against encoding/json into `any`;
  Rust  what list_pools runs on the received bytes: reqwest 0.11's blocking client takes no
        in-memory transport (scripts/quality/bench_languages/rust/main.rs says how) against
        serde_json::Value;
  Ruby  PoolsApi#list_pools with Typhoeus.stub answering against JSON.parse;
  PHP   PoolsApi::listPools() on a Guzzle client whose handler answers against json_decode.

The programs are built offline as the client tests build (tests/clients/toolchains.py): Go in a
module that replaces the client's with generated/go/pool-v3 (no module proxy, the tests' caches
under build/go-cache), Rust against Debian's packaged crates, release profile; Ruby and PHP run
from the generated lib folders. The builds go to build/bench-languages/.

The peak memory of a large page is measured for those four and for Python
(bench_languages/python/bench_peak.py: `list_pools.sync` on an httpx.MockTransport, against
json.loads) and TypeScript (scripts/clients/typescript/bench_decode.mjs --peak: `listPools()` on a fetch
that answers from memory, against JSON.parse), whose decode times scripts/quality/bench.py measures.

Usage: python -m scripts.quality.bench_languages [--runs N] [--loops N] [--processes N] [--peak-mb MB]   (the 1000-pool
page of bench.decode_cases(), each program run in N processes, then the peak memory of a page of
about MB megabytes)
"""

from __future__ import annotations

import argparse
import functools
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..clients import runtimes
from ..common import offline_tools
from ..common.paths import REPO
from .bench_data import Stat, decode_cases, pool_item

SOURCES = REPO / "scripts" / "quality" / "bench_languages"
OUT = REPO / "build" / "bench-languages"
HOST = "pool-v3"
LANGUAGES = ("go", "rust", "ruby", "php")
PEAK_LANGUAGES = ("python", "typescript", *LANGUAGES)  # whose peak memory on the large page is measured here

# (the floor, the client): the rows' "decoder"
DECODERS = {
    "go": ("encoding/json into any (Go floor)", "Go client ListPools().Execute() (contract transport)"),
    "rust": ("serde_json::Value (Rust floor)", "Rust client list_pools's checks + contract::decode"),
    "ruby": ("JSON.parse (Ruby floor)", "Ruby client PoolsApi#list_pools (Typhoeus stub)"),
    "php": ("json_decode (PHP floor)", "PHP client PoolsApi::listPools() (Guzzle handler)"),
}
DECODE_TARGET = 1.5  # each client's decode of the pool page, as a multiple of its language's own parse
DECODE_AIM = {"go": 1.0, "rust": 1.0}
PEAK_TARGET = 4.0  # the memory a decode of a large body adds, as a multiple of the body
# The processes each program's decode runs in, their runs pooled (decoding): over 14 processes of
# the same code, 5 runs each, the Ruby client's ratio ranged from 1.28x to 1.77x (docs/decisions/, 125).
PROCESSES = 3

BUILD_SECONDS: dict[str, float] = {}  # each language's build (this process's), seconds


def checked(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None, timeout: int = 900) -> str:
    """Run a command; its stdout, or a RuntimeError with its output."""
    proc = subprocess.run([str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, check=False)  # fmt: skip
    if proc.returncode != 0:
        shown = " ".join(map(str, command))
        raise RuntimeError(f"{shown} failed in {cwd}:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
    return proc.stdout


def build_go() -> list[str]:
    """A main module that requires the client's module from generated/go/pool-v3 and the shared
    runtime (replace)."""
    client = REPO / "generated" / "go" / HOST
    module = next(line.split()[1] for line in (client / "go.mod").read_text(encoding="utf-8").splitlines()
                  if line.startswith("module "))  # fmt: skip
    bundle = json.loads((REPO / "generated" / "openapi" / f"{HOST}.json").read_text(encoding="utf-8"))
    folder = OUT / "go"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "go.mod").write_text(f"module benchdecode\n\ngo 1.19\n\nrequire {module} v{bundle['info']['version']}\n"
                                   f"replace {module} => {client}\n{runtimes.go_requirement()}",
                                   encoding="utf-8")  # fmt: skip
    main = (SOURCES / "go" / "main.go").read_text(encoding="utf-8").replace('"MODULE"', json.dumps(module))
    (folder / "main.go").write_text(main, encoding="utf-8")
    (folder / "go.sum").unlink(missing_ok=True)
    checked(["go", "build", "-o", folder / "bench-decode", "."], folder, offline_tools.go_env(folder))
    return [str(folder / "bench-decode")]


def build_rust() -> list[str]:
    """A binary crate (release) with the client and the shared runtime as path dependencies,
    against Debian's crates."""
    source = SOURCES / "rust"
    client = REPO / "generated" / "rust" / HOST
    folder = OUT / "rust"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Cargo.toml").write_text(
        f'[package]\nname = "bench-decode"\nversion = "0.0.0"\nedition = "2021"\n\n'
        f'[[bin]]\nname = "bench-decode"\npath = "{source / "main.rs"}"\n\n[dependencies]\n'
        f'raydium-{HOST}-client = {{ path = "{client}" }}\n'
        f'raydium-api-runtime = {{ path = "{runtimes.folder("rust")}" }}\nserde_json = "1.0"\n\n[workspace]\n',
        encoding="utf-8",
    )
    target = OUT / "cargo-target"
    checked(["cargo", "build", "--release", "--offline", "--quiet"], folder, offline_tools.cargo_env(target),
            timeout=1800)  # fmt: skip
    return [str(target / "release" / "bench-decode")]


def ruby_command() -> list[str]:
    runtime = runtimes.folder("ruby") / "lib"  # the shared runtime the gem requires
    return ["ruby", "-I", str(runtime), str(SOURCES / "ruby" / "bench_decode.rb"),
            str(REPO / "generated" / "ruby" / HOST / "lib")]


def php_command() -> list[str]:
    return ["php", "-d", "memory_limit=-1", str(SOURCES / "php" / "bench_decode.php"),
            str(REPO / "generated" / "php" / HOST / "lib")]  # fmt: skip


def python_command() -> list[str]:
    return [sys.executable, str(SOURCES / "python" / "bench_peak.py"), str(runtimes.folder("python")),
            str(REPO / "generated" / "python" / f"{HOST}-client")]  # fmt: skip


def typescript_command() -> list[str]:
    return ["node", str(REPO / "scripts" / "clients" / "typescript" / "bench_decode.mjs"),
            str(REPO / "generated" / "typescript" / f"{HOST}-client"), "listPools"]  # fmt: skip


BUILDERS: dict[str, Callable[[], list[str]]] = {
    "go": build_go, "rust": build_rust, "ruby": ruby_command, "php": php_command, "python": python_command,
    "typescript": typescript_command,
}  # fmt: skip


@functools.cache
def command(language: str) -> list[str]:
    """The language's bench program, built (once per process; the builds are incremental)."""
    start = time.perf_counter()
    built = BUILDERS[language]()
    BUILD_SECONDS[language] = time.perf_counter() - start
    return built


def measure(language: str, body: bytes, arguments: list[str], warm: bytes = b"") -> dict[str, Any]:
    """The program's JSON answer: `arguments` with "BODY" replaced by a file holding `body`, and
    "WARM" by one holding `warm`."""
    program = command(language)
    with tempfile.TemporaryDirectory() as tmp:
        files = {"BODY": Path(tmp) / "page.json", "WARM": Path(tmp) / "warm.json"}
        files["BODY"].write_bytes(body)
        files["WARM"].write_bytes(warm)
        out = checked([*program, *(str(files[a]) if a in files else a for a in arguments)], REPO, timeout=1800)
    answer: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return answer


def decoding(
    case: str, body: bytes, runs: int, loops: int, stat: Callable[[list[float]], Any] | None = None,
    processes: int = PROCESSES,
) -> list[dict[str, Any]]:
    """Per language, a floor row (its own untyped parse) and a client row, shaped like
    bench.typescript_decoding's plus `language` and `floor`; `ratio` is the client's median over
    the floor's. Each language's program runs `processes` times, the languages taking turns, and
    the runs of all its processes are pooled: one process's figures can sit apart from another's
    (PROCESSES). `stat` makes the "time" of samples (default bench.Stat.of). A program that also
    times the call followed by a read of each pool ("read": the Ruby and PHP clients build a model
    on its first read) adds a third row, marked `after`."""
    if stat is None:
        stat = Stat.of
    pooled: dict[str, dict[str, list[float]]] = {language: {"parse": [], "client": [], "read": []}
                                                 for language in LANGUAGES}  # fmt: skip
    for _ in range(processes):
        for language in LANGUAGES:
            samples = measure(language, body, ["BODY", str(runs), str(loops)])
            for side in ("parse", "client", "read"):
                pooled[language][side] += samples.get(side, [])
    rows: list[dict[str, Any]] = []
    for language in LANGUAGES:
        parse, client = stat(pooled[language]["parse"]), stat(pooled[language]["client"])
        floor_name, client_name = DECODERS[language]
        row = {"case": case, "bytes": len(body), "peak": 0, "language": language}
        rows += [{**row, "decoder": floor_name, "floor": True, "time": parse, "ratio": 1.0},
                 {**row, "decoder": client_name, "floor": False, "time": client,
                  "ratio": client.median / parse.median}]  # fmt: skip
        if pooled[language]["read"]:  # a client that builds each model on its first read: the call, then each pool read
            read = stat(pooled[language]["read"])
            rows.append({**row, "decoder": f"{client_name}, then each pool's id read", "floor": False, "after": True,
                         "time": read, "ratio": read.median / parse.median})  # fmt: skip
    return rows


def peak(body: bytes) -> list[dict[str, Any]]:
    """Per language, the memory one decode of `body` adds: the process's peak RSS (VmHWM, reset
    just before the decode) over its RSS with the body read, the client built and a one-pool
    page decoded once by the same side, in a fresh process; for the client and, for comparison,
    the language's own parse. The one-pool page is the set-up a long-running client does once
    (the TypeScript client compiles its validator, the Ruby and PHP clients their decode plans,
    on a first call), which the decode timings leave out alike by a warm-up: counted in, it
    was 5 MB of the TypeScript client's 82 on the 20 MB page (docs/decisions/, 106)."""
    rows = []
    warm = large_page(0.0)
    for language in PEAK_LANGUAGES:
        rise = {}
        for side in ("client", "parse"):
            answer = measure(language, body, ["--peak", "BODY", side, "WARM"], warm)
            rise[side] = int(answer["peak_rss_bytes"]) - int(answer["baseline_rss_bytes"])
        rows.append({"language": language, "body_bytes": len(body), "client_peak_bytes": rise["client"],
                     "ratio_to_body": rise["client"] / len(body), "parse_peak_bytes": rise["parse"]})  # fmt: skip
    return rows


def large_page(megabytes: float) -> bytes:
    """A pool page of about `megabytes` MB, built as bench.decode_cases() builds the 1000-pool one."""
    item = len(json.dumps(pool_item(0))) + 2
    count = max(1, int(megabytes * 1e6 / item))  # one pool at least (the peak's warm-up page)
    page = {"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", "success": True,
            "data": {"count": count, "hasNextPage": True, "data": [pool_item(i) for i in range(count)]}}  # fmt: skip
    return json.dumps(page).encode()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--processes", type=int, default=PROCESSES)
    parser.add_argument("--loops", type=int, default=20)
    parser.add_argument("--peak-mb", type=float, default=20.0)
    args = parser.parse_args(argv)
    case = next(name for name in decode_cases() if name.startswith("pool"))
    body = decode_cases()[case][0]
    for row in decoding(case, body, args.runs, args.loops, processes=args.processes):
        print(f"{row['decoder']}: {row['time'].cell('ms', 1e3)}, {row['ratio']:.2f}x", flush=True)
    print("builds: " + ", ".join(f"{language} {seconds:.1f} s" for language, seconds in BUILD_SECONDS.items()))
    large = large_page(args.peak_mb)
    for row in peak(large):
        print(f"{row['language']}: a {row['body_bytes'] / 1e6:.1f} MB body, the client's decode adds "
              f"{row['client_peak_bytes'] / 1e6:.1f} MB ({row['ratio_to_body']:.2f}x the body); "
              f"the language's own parse {row['parse_peak_bytes'] / 1e6:.1f} MB", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
