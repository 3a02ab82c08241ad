"""The programs of `make bench`'s user's task in Go, Ruby and PHP
(scripts/quality/bench_languages/<language>/) run against the generated clients: each times every
side on the 1000-pool page, after checking that the client's reads and its language's parse
read the same values. `make bench` alone ran them before, so a program that no longer ran (a
moved file, a changed getter) showed only there. Python's and TypeScript's run in the quick
bench; Rust's release build takes minutes, and `make bench` builds it. No timing is judged."""

from __future__ import annotations

import pytest
from toolchains import require

from scripts.quality import bench_languages
from scripts.quality.bench_data import POOL_CASE, decode_cases

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("language", ["go", "ruby", "php"])
def test_the_task_program_reads_what_the_parse_reads(language: str) -> None:
    require(language)
    body = decode_cases()[POOL_CASE][0]
    answer = bench_languages.measure(language, body, ["BODY", "1", "1"])
    assert set(bench_languages.SIDES) <= set(answer), answer
    assert answer["sink"] > 0
    peak = bench_languages.measure(language, body, ["--peak", "BODY", "client_full", "WARM"],
                                   bench_languages.large_page(0.0))  # fmt: skip
    assert peak["peak_rss_bytes"] >= peak["baseline_rss_bytes"] > 0
