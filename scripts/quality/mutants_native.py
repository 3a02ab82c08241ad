"""Generated mutants for the Go, Rust, Ruby and PHP runtimes, by a small operator set of our own.

Usage: python -m scripts.quality.mutants_native --out FILE [--only PATH ...] [--limit N] [--survivors-of FILE]

No mutation tool for these languages installs here (go-mutesting and cargo-mutants come from
their own registries; Ruby's mutant is licensed per seat, and PHP's Infection needs PHPUnit
suites, which the PHP runtime's tests are not), so the mutants come from five mechanical
operators, applied to every place they fit, never chosen by hand:

- `compare`: flip a comparison (`==`/`!=`, `<`/`>=`, `>`/`<=`);
- `logic`: swap `&&` and `||`;
- `arith`: swap a binary `+` and `-`;
- `constant`: an integer literal n becomes n + 1, and `true`/`false` swap;
- `drop`: remove a one-line statement.

Operators read code, never text: string literals and comments are masked first, and binary
operators are matched with the spaces gofmt and rustfmt put around them (so generics and
`->` are left alone). A mutant that does not build (Ruby: `ruby -c`; PHP: `php -l`) is
stillborn and leaves the score.

Each mutant is made in a mirror of the repository (scripts/quality/repo_mirror.py) whose copy of the
client is the only real folder, then the language's contract tests run there (pytest -x,
one host and the timing test): a failure kills it. The working tree is never touched.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..common import offline_tools
from ..common.paths import REPO
from .repo_mirror import mirror

BUILD = REPO / "build" / "mutation"
HOST = "transaction-v1"  # tests/clients/contract.py TIMING_HOST: the timing test runs on it
TIMEOUT = 600  # a mutant whose tests run longer than this is counted as a timeout (detected)
# Files a language's tests load that find the repository from where they are: the mirror copies
# them, or PHP (whose __DIR__ resolves links) would load the repository's runtime, not the mutant
FINDS_THE_REPOSITORY = {"php": ("scripts/clients/autoload.php",)}


@dataclass(frozen=True)
class Layer:
    language: str  # whose operator set applies
    file: str  # the generated file mutated (the template renders the same text on every host)
    template: str
    client: str  # the client folder the mirror owns
    build: tuple[str, ...]  # the command that says whether a mutant builds, run in `client`
    tests: tuple[str, ...]
    # the fast unit tests among `tests`, run first: most mutants fail them within seconds, and
    # only the others meet the whole of `tests` (pytest keeps a file's order, whatever the arguments')
    first: tuple[str, ...] = ()


# the PHP client's tests of decoding a body into models (each a few seconds)
PHP_MODELS = ("checked_at_every_depth or reported_once or matched_exactly or lets_go or hold_less "
              "or like_php_values")
GO_TESTS = ("tests/clients/test_go_client.py", "-k",
            f"unit_suite or raydium-api-runtime or {HOST} or honoured or one_errors")  # fmt: skip
LAYERS = {
    # Go: the shared runtime's transport (every host's module uses it), copied from scripts/runtime/go
    "go": Layer("go", "generated/go/raydium-api-runtime/transport.go", "scripts/runtime/go/transport.go",
                "generated/go/raydium-api-runtime", ("go", "build", "./..."), GO_TESTS),
    # and its reading of raw JSON, which the transport's checks and every model's keys go through
    "go-properties": Layer("go", "generated/go/raydium-api-runtime/properties.go", "scripts/runtime/go/properties.go",
                           "generated/go/raydium-api-runtime", ("go", "build", "./..."), GO_TESTS),
    # Rust: the shared runtime's transport (every host's crate uses it), copied from scripts/runtime/rust
    "rust": Layer("rust", "generated/rust/raydium-api-runtime/src/lib.rs", "scripts/runtime/rust/src/lib.rs",
                  "generated/rust/raydium-api-runtime", ("cargo", "check", "--offline", "--quiet"),
                  ("tests/clients/test_rust_client.py", "-k", f"unit_suite or {HOST} or honoured")),
    # Ruby: the shared runtime's contract (transport, retries, checks), copied from scripts/runtime/ruby
    "ruby": Layer("ruby", "generated/ruby/raydium-api-runtime/lib/raydium_api_runtime/contract.rb",
                  "scripts/runtime/ruby/lib/raydium_api_runtime/contract.rb", "generated/ruby/raydium-api-runtime",
                  ("ruby", "-c", "lib/raydium_api_runtime/contract.rb"),
                  ("tests/clients/test_ruby_client.py", "-k", f"runtime or {HOST} or honoured"),
                  ("tests/clients/test_ruby_client.py", "-k", "runtime_retries or contract_layer")),
    # PHP: the shared runtime's contract, copied from scripts/runtime/php; its model builder is
    # pinned by the decode tests on pool pages (PHP_MODELS), which name no host
    "php": Layer("php", "generated/php/raydium-api-runtime/src/Contract.php", "scripts/runtime/php/src/Contract.php",
                 "generated/php/raydium-api-runtime", ("php", "-l", "src/Contract.php"),
                 ("tests/clients/test_php_client.py", "-k", f"runtime or {HOST} or honoured or {PHP_MODELS}"),
                 ("tests/clients/test_php_client.py", "-k", f"runtime_retries or {PHP_MODELS}")),
}  # fmt: skip
# The contract layer each generator's templates add to a host's client: the copy rendered for
# the timing host stands for its template (decision 147), the host whose contract suite runs.
TEMPLATES = "scripts/templates/openapi-generator"
OTHER_HOSTS = "not pool-v3 and not perps-v1 and not launch-auth"
RUBY_CONTRACT = f"lib/raydium_{HOST.replace('-', '_')}_client/contract.rb"  # in the host's gem


def contract_tests(language: str) -> tuple[str, ...]:
    """A language's client tests on the timing host, its tests of the shared base, and its swap contract."""
    return (f"tests/clients/test_{language}_client.py", f"tests/clients/test_swap_contract.py::test_{language}",
            "-k", OTHER_HOSTS)


LAYERS.update({
    "go-contract": Layer("go", f"generated/go/{HOST}/contract.go", f"{TEMPLATES}/go/contract.mustache",
                         f"generated/go/{HOST}", ("go", "build", "./..."), contract_tests("go"),
                         ("tests/clients/test_go_client.py", "-k", "models_unit")),
    "rust-contract": Layer("rust", f"generated/rust/{HOST}/src/contract.rs", f"{TEMPLATES}/rust/contract.mustache",
                           f"generated/rust/{HOST}", ("cargo", "check", "--offline", "--quiet"),
                           contract_tests("rust")),
    "ruby-contract": Layer("ruby", f"generated/ruby/{HOST}/{RUBY_CONTRACT}", f"{TEMPLATES}/ruby/contract.mustache",
                           f"generated/ruby/{HOST}", ("ruby", "-c", RUBY_CONTRACT), contract_tests("ruby")),
    "php-contract": Layer("php", f"generated/php/{HOST}/lib/Contract.php", f"{TEMPLATES}/php/Contract.mustache",
                          f"generated/php/{HOST}", ("php", "-l", "lib/Contract.php"),
                          contract_tests("php")),
    "php-configuration": Layer("php", f"generated/php/{HOST}/lib/ContractConfiguration.php",
                               f"{TEMPLATES}/php/ContractConfiguration.mustache", f"generated/php/{HOST}",
                               ("php", "-l", "lib/ContractConfiguration.php"), contract_tests("php")),
})  # fmt: skip

COMPARE = {" == ": " != ", " != ": " == ", " < ": " >= ", " >= ": " < ", " > ": " <= ", " <= ": " > "}
LOGIC = {" && ": " || ", " || ": " && "}
ARITH = {" + ": " - ", " - ": " + "}
STRING = re.compile(r'"(?:\\.|[^"\\])*"|`[^`]*`|\'(?:\\.|[^\'\\])\'')
# Ruby and PHP: a single-quoted string is a string of any length, not a character
QUOTED = re.compile(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'')
COMMENT = {"go": "//", "rust": "//", "ruby": "#", "php": "//"}
# Lines that are never code to mutate: imports, attributes, comments, docblocks
SKIPPED = {"go": ("import", "package", "//"), "rust": ("use ", "#[", "//"),
           "ruby": ("require", "#"), "php": ("use ", "namespace", "//", "*", "/*", "#")}  # fmt: skip
RUBY_KEYWORD = (r"(?:def|end|if|unless|else|elsif|begin|rescue|ensure|class|module|when|case|while|until|private"
                r"|then|do)\b")
INTEGER = re.compile(r"(?<![\w.])\d+(?![\w.])")
BOOLEAN = re.compile(r"\b(true|false)\b")
# A line that is a whole statement: an assignment or a call, ending the statement on the line
STATEMENT = {
    "go": re.compile(r"^\s*[\w.\[\]*]+(\s*(=|\+=|-=)\s*.+|\(.*\))$"),
    "rust": re.compile(r"^\s*(let\s+)?[\w.\[\]*&:()]+.*;$"),
    "ruby": re.compile(rf"^\s*(?!{RUBY_KEYWORD})[@\w.:\[\]]+.*[^,(\[{{|\\+]$"),
    "php": re.compile(r"^\s*(\$|[\w\\]+::|[\w\\]+\().*;$"),
}


@dataclass(frozen=True)
class Mutant:
    line: int  # 1-based
    operator: str
    old: str
    new: str

    @property
    def id(self) -> str:
        return f"{self.line}:{self.operator}:{self.old.strip()}->{self.new.strip()}"


BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
# Ruby's block comment (the generator's file header): `=begin` to `=end`, each at a line's start
RUBY_BLOCK_COMMENT = re.compile(r"^=begin\b.*?^=end\b", re.DOTALL | re.MULTILINE)


def masked(line: str, language: str = "go") -> str:
    """The line with string and character literals blanked and the comment cut, same length."""
    strings = QUOTED if language in ("ruby", "php") else STRING
    code = strings.sub(lambda m: " " * len(m.group()), line)
    comment = COMMENT[language]
    cut = code.find(comment)
    return code if cut < 0 else code[:cut] + " " * (len(code) - cut)


def mutants(text: str, language: str) -> list[Mutant]:
    """Every mutant of the operator set in `text`, in line order."""
    found: list[Mutant] = []
    lines = text.splitlines()
    # block comments (the generator's file header: "API version: 2.3.5") blanked, newlines kept
    block = RUBY_BLOCK_COMMENT if language == "ruby" else BLOCK_COMMENT
    blanked = block.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), text).splitlines()
    for number, line in enumerate(lines, 1):
        code = masked(blanked[number - 1], language)
        if not code.strip() or line.lstrip().startswith(SKIPPED[language]):
            continue
        for operator, table in (("compare", COMPARE), ("logic", LOGIC), ("arith", ARITH)):
            for old, new in table.items():
                for match in re.finditer(re.escape(old), code):
                    found.append(Mutant(number, operator, line, line[: match.start()] + new + line[match.end() :]))
        for match in INTEGER.finditer(code):
            bumped = str(int(match.group()) + 1)
            found.append(Mutant(number, "constant", line, line[: match.start()] + bumped + line[match.end() :]))
        for match in BOOLEAN.finditer(code):
            flipped = "false" if match.group() == "true" else "true"
            found.append(Mutant(number, "constant", line, line[: match.start()] + flipped + line[match.end() :]))
        previous = masked(lines[number - 2], language).rstrip() if number > 1 else "{"
        starts = previous.endswith(("{", "}", ";", ")")) or not previous.strip() or language in ("go", "ruby")
        if starts and STATEMENT[language].match(code.rstrip()) and not code.rstrip().endswith(("{", ",", "(")):
            found.append(Mutant(number, "drop", line, ""))
    return found


def apply(text: str, mutant: Mutant) -> str:
    lines = text.splitlines(keepends=True)
    ending = "\n" if lines[mutant.line - 1].endswith("\n") else ""
    lines[mutant.line - 1] = mutant.new + ending if mutant.new else ending
    return "".join(lines)


def toolchain_env() -> dict[str, str]:
    """Offline Go and cargo, with the caches the tests use (offline_tools.py)."""
    return {**offline_tools.go_env(), **offline_tools.cargo_env(), "PYTHONDONTWRITEBYTECODE": "1"}


RUNNER = (sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider")


def judge(layer: Layer, where: Path, env: dict[str, str]) -> tuple[str, str]:
    """A built mutant's status, and which tests gave it: the layer's fast tests (`first`), or
    its whole suite when they pass or there are none."""
    for by, tests in (("first", layer.first), ("suite", layer.tests)):
        if not tests:
            continue
        try:
            done = subprocess.run([*RUNNER, *tests], cwd=where, env=env, capture_output=True, timeout=TIMEOUT,
                                  check=False)  # fmt: skip
        except subprocess.TimeoutExpired:
            return "timeout", by
        status = {0: "survived", 1: "killed"}.get(done.returncode, "error")
        if status != "survived":
            return status, by
    return "survived", "suite"


def survivors(made: list[Mutant], earlier: list[dict[str, Any]], file: str
              ) -> tuple[list[dict[str, Any]], list[Mutant]]:
    """The rows of an earlier run kept as they are, and the mutants it left alive, to judge again
    (but those marked `explained`: equivalent, no test can kill them). The earlier run must have
    made the same mutants: the file has not changed since."""
    if sorted(row["id"] for row in earlier) != sorted(mutant.id for mutant in made):
        sys.exit(f"mutants: the earlier rows are not the mutants of {file} as it is now: run it whole")
    alive = {row["id"] for row in earlier if row["status"] == "survived" and not row.get("explained")}
    kept = [{key: value for key, value in row.items() if key != "explained"} for row in earlier]
    return [row for row in kept if row["id"] not in alive], [mutant for mutant in made if mutant.id in alive]


def run_layer(name: str, limit: int | None, earlier: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """Every mutant of the layer judged, or with `earlier` (this layer's rows of a previous run
    of the same file) only the ones that survived it: the others keep their rows."""
    layer = LAYERS[name]
    language = layer.language
    where = BUILD / f"native-{name}" / "repo"
    shutil.rmtree(where.parent, ignore_errors=True)
    mirror(where, own=layer.client, copies=FINDS_THE_REPOSITORY.get(language, ()))
    target = where / layer.file
    original = target.read_text(encoding="utf-8")
    # The copy keeps the file's old time, but the mirror's path is the same from run to run: cargo
    # would take it for older than its last build there (a mutant of the previous run) and reuse it.
    os.utime(target)
    env = toolchain_env()
    pytest = [*RUNNER, *layer.tests]
    clean = subprocess.run(pytest, cwd=where, env=env, capture_output=True, text=True, check=False)
    if clean.returncode != 0:
        sys.exit(f"mutants: {language}: the tests fail before any mutant:\n{clean.stdout[-3000:]}")
    # The canary: with a copy that does not compile, the tests must fail. If they pass, they
    # build the repository's own file rather than the mirror's, and every mutant would survive.
    target.write_text(original + "\n}\n", encoding="utf-8")
    canary = subprocess.run(pytest, cwd=where, env=env, capture_output=True, text=True, check=False)
    target.write_text(original, encoding="utf-8")
    if canary.returncode == 0:
        sys.exit(f"mutants: {language}: the tests pass with a {layer.file} that does not compile: "
                 "they do not use the mirror's copy")  # fmt: skip
    rows: list[dict[str, Any]] = []
    made = mutants(original, language)[:limit]
    todo = made
    if earlier is not None:
        rows, todo = survivors(made, earlier, layer.file)
    print(f"mutants: {language}: {len(todo)} mutants of {layer.file}", flush=True)
    for index, mutant in enumerate(todo, 1):
        target.write_text(apply(original, mutant), encoding="utf-8")
        started = time.monotonic()
        built = subprocess.run(layer.build, cwd=where / layer.client, env=env, capture_output=True, check=False)
        status, by = ("does not build", "build") if built.returncode != 0 else judge(layer, where, env)
        # `by`: what judged it: the build, the fast tests run first or the whole suite (decision 148)
        rows.append({"id": mutant.id, "line": mutant.line, "operator": mutant.operator, "status": status,
                     "change": f"{mutant.old.strip()} -> {mutant.new.strip() or '(removed)'}",
                     "seconds": round(time.monotonic() - started, 1), "by": by})  # fmt: skip
        print(f"  {index}/{len(todo)} {status} ({by}): line {mutant.line} {mutant.operator}", flush=True)
    target.write_text(original, encoding="utf-8")
    order = {mutant.id: index for index, mutant in enumerate(made)}  # a second look's rows among the kept
    return sorted(rows, key=lambda row: order[row["id"]])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--only", nargs="*", help="repository paths of layers; the others are not run")
    parser.add_argument("--limit", type=int, help="the first N mutants of each layer only (a smoke run)")
    parser.add_argument("--survivors-of", type=Path, metavar="FILE",
                        help="judge again only the survivors of this earlier output of the tool, once tests were added")
    args = parser.parse_args()
    earlier = json.loads(args.survivors_of.read_text(encoding="utf-8"))["files"] if args.survivors_of else {}
    files = {}
    for name, layer in LAYERS.items():
        if not args.only or layer.file in args.only:
            files[layer.file] = run_layer(name, args.limit, earlier.get(layer.file) if args.survivors_of else None)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"tool": "our operator set", "files": files}, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
