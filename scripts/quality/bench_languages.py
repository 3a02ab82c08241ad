"""The user's task in each of the six clients: a list-pools call on the 1000-pool page, alone
and followed by the reads a user's code makes, each against its language's own untyped parse of
the same bytes followed by the same reads; and the peak memory of the full read of a large page
(scripts/quality/bench.py reports them).

Each language has a small program in scripts/quality/bench_languages/<language>/ that calls the
pool-v3 client as users call it, with a transport that answers from memory (HTTP 200,
application/json, the body), and times six sides, taking turns run by run:

  parse, client                 the untyped parse of the bytes; the call (the decode only)
  parse_full, client_full       each followed by the full read: every declared field of every
                                pool, nested objects and lists included (the schema's
                                PoolInfoItem, Token, TokenExtensions and its tips,
                                TransferFeeConfig, TransferFee, PoolPeriodStats, PoolConfig;
                                fields the page lacks are read too, and found absent), as a
                                user's code reads them: struct fields (Go, Rust), getters (Ruby,
                                PHP), attributes (Python), properties (TypeScript); on the floor
                                side, the lookups of the parsed maps, hashes, dicts or objects
  parse_filter, client_filter   each followed by the filtering read: each pool's id, tvl and
                                mintA's address

Each read adds what it read to a sink that the program prints (a number its value, a string its
length), so no compiler drops it, and a program whose client and floor sinks differ fails.

  Python      list_pools.sync on an httpx.MockTransport against json.loads (dicts);
  TypeScript  listPools() on a fetch that answers from memory against JSON.parse of the bytes
              (and JSON.parse of a string made before the timing, parse_string);
  Go          PoolsAPI.ListPools(ctx).Execute() on NewClient(Options{Transport: in memory})
              against encoding/json into `any`;
  Rust        what list_pools runs on the received bytes: reqwest 0.11's blocking client takes no
              in-memory transport (scripts/quality/bench_languages/rust/main.rs says how) against
              serde_json::Value;
  Ruby        PoolsApi#list_pools with Typhoeus.stub answering against JSON.parse (Hashes);
  PHP         PoolsApi::listPools() on a Guzzle client whose handler answers against json_decode
              (stdClass objects).

The programs are built offline as the client tests build (tests/clients/toolchains.py): Go in a
module that replaces the client's with generated/go/pool-v3 (no module proxy, the tests' caches
under build/go-cache), Rust against Debian's packaged crates, release profile; Python, Ruby, PHP
and TypeScript run from the generated folders. The builds go to build/bench-languages/.

Usage: python -m scripts.quality.bench_languages [--runs N] [--loops N] [--processes N] [--peak-mb MB]
(the 1000-pool page of bench_data.decode_cases(), each program run in N processes, then the peak
memory of the full read of a page of about MB megabytes)
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
from .bench_data import POOL_CASE, Stat, decode_cases, pool_item

SOURCES = REPO / "scripts" / "quality" / "bench_languages"
OUT = REPO / "build" / "bench-languages"
HOST = "pool-v3"
LANGUAGES = ("python", "typescript", "go", "rust", "ruby", "php")
SIDES = ("parse", "client", "parse_full", "client_full", "parse_filter", "client_filter")
READS = {"decode": ("parse", "client"), "full": ("parse_full", "client_full"),
         "filter": ("parse_filter", "client_filter")}  # each ratio's (floor, client) sides  # fmt: skip
# Targets (issue 80): the user's task, as a multiple of the same task on the language's own parse
FULL_READ_TARGET, FULL_READ_AIM = 1.5, 1.2
FILTER_READ_TARGET = 1.5
PEAK_TARGET = 4.0  # the memory the full read of a large body adds, as a multiple of the body
PEAK_SIDES = ("client_full", "parse_full")
# The processes each program runs in, their runs pooled (timings): over 14 processes of the same
# code, 5 runs each, the Ruby client's decode ratio ranged from 1.28x to 1.77x (docs/decisions/, 125).
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
    return [sys.executable, str(SOURCES / "python" / "bench_decode.py"), str(runtimes.folder("python")),
            str(REPO / "generated" / "python" / f"{HOST}-client")]  # fmt: skip


def typescript_command() -> list[str]:
    return ["node", str(SOURCES / "typescript" / "bench_decode.mjs"),
            str(REPO / "generated" / "typescript" / f"{HOST}-client")]  # fmt: skip


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


def ratio(times: dict[str, Any], read: str) -> float:
    """The client's median over the floor's for one of READS."""
    floor, client = READS[read]
    return float(times[client].median / times[floor].median)


def timings(
    body: bytes, runs: int, loops: int, stat: Callable[[list[float]], Any] | None = None,
    processes: int = PROCESSES, languages: tuple[str, ...] = LANGUAGES,
) -> dict[str, dict[str, Any]]:
    """Per language, each side's time per call (`stat` of its samples; default Stat.of). Each
    language's program runs `processes` times, the languages taking turns, and the runs of all
    its processes are pooled: one process's figures can sit apart from another's (PROCESSES)."""
    if stat is None:
        stat = Stat.of
    pooled: dict[str, dict[str, list[float]]] = {language: {} for language in languages}
    for _ in range(processes):
        for language in languages:
            samples = measure(language, body, ["BODY", str(runs), str(loops)])
            for side in SIDES:
                pooled[language].setdefault(side, []).extend(samples[side])
    return {language: {side: stat(values) for side, values in sides.items()} for language, sides in pooled.items()}


def guarded(language: str, body: bytes, runs: int, loops: int) -> float:
    """The full read's ratio in one process of `runs` runs, only its two sides timed (the quick
    bench's guard)."""
    floor, client = READS["full"]
    samples = measure(language, body, ["BODY", str(runs), str(loops), f"{floor},{client}"])
    return ratio({side: Stat.of(samples[side]) for side in (floor, client)}, "full")


def peak(body: bytes) -> list[dict[str, Any]]:
    """Per language, the memory the full read of `body` adds: the process's peak RSS (VmHWM,
    reset just before) over its RSS with the body read, the client built and a one-pool page
    run through the same side, in a fresh process; for the client's call and reads and, for
    comparison, the language's own parse and reads. The whole task, not the call alone: a client
    that builds its models on their first read pays their memory then. The one-pool page is the
    set-up a long-running client does once (the TypeScript client compiles its validator on a
    first call), which the timings leave out alike by a warm-up: counted in, it was 5 MB of the
    TypeScript client's 82 on the 20 MB page (docs/decisions/, 106)."""
    rows = []
    warm = large_page(0.0)
    for language in LANGUAGES:
        rise = {}
        for side in PEAK_SIDES:
            answer = measure(language, body, ["--peak", "BODY", side, "WARM"], warm)
            rise[side] = int(answer["peak_rss_bytes"]) - int(answer["baseline_rss_bytes"])
        client, parse = (rise[side] for side in PEAK_SIDES)
        rows.append({"language": language, "body_bytes": len(body), "client_peak_bytes": client,
                     "ratio_to_body": client / len(body), "parse_peak_bytes": parse})  # fmt: skip
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
    body = decode_cases()[POOL_CASE][0]
    for language, times in timings(body, args.runs, args.loops, processes=args.processes).items():
        print(f"{language}: " + ", ".join(f"{side} {times[side].cell('ms', 1e3)}" for side in SIDES), flush=True)
        print(f"{language}: " + ", ".join(f"{read} {ratio(times, read):.2f}x" for read in READS), flush=True)
    print("builds: " + ", ".join(f"{language} {seconds:.1f} s" for language, seconds in BUILD_SECONDS.items()))
    large = large_page(args.peak_mb)
    for row in peak(large):
        print(f"{row['language']}: a {row['body_bytes'] / 1e6:.1f} MB body, the client's call and full read add "
              f"{row['client_peak_bytes'] / 1e6:.1f} MB ({row['ratio_to_body']:.2f}x the body); "
              f"the language's own parse and reads {row['parse_peak_bytes'] / 1e6:.1f} MB", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
