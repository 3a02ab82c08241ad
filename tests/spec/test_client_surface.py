"""The clients' public surface (scripts/clients/client_surface.py), which `make release` records and
compares: a public name that goes needs a major bump (tests/spec/test_releases.py runs that
end to end)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

from project import HOSTS, REPO, executable
from scripts.clients import client_surface
from scripts.clients.client_surface import (
    LISTS,
    SurfaceError,
    go_surface,
    helper,
    main,
    package_surface,
    python_surface,
    removed,
    rust_signatures,
    rust_surface,
    surface,
)
from scripts.clients.generate import Host
from scripts.clients.openapi_generator import Names
from scripts.release.packages import named

PYTHON = '''
"""A module."""
LIMIT = 3
_hidden = 1


def call(client, amount, *, timeout=None):
    pass


def _private():
    pass


class Error(Exception):
    status: int
    kind = "x"
    _secret = 2

    @classmethod
    def build(cls, x):
        pass

    def __init__(self, status):
        self.status = status

    def describe(self, verbose):
        pass

    def _internal(self):
        pass


class _Private:
    pass
'''


def test_python_names_modules_functions_parameters_classes_and_attributes(tmp_path: Path) -> None:
    package = tmp_path / "demo_client"
    (package / "_private").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "errors.py").write_text(PYTHON, encoding="utf-8")
    (package / "_fast.py").write_text("def decode(): pass\n", encoding="utf-8")
    (package / "_private" / "inner.py").write_text("def hidden(): pass\n", encoding="utf-8")
    assert python_surface(package) == sorted([
        "demo_client", "demo_client.errors", "demo_client.errors.LIMIT",
        "demo_client.errors.call", "demo_client.errors.call(client)", "demo_client.errors.call(amount)",
        "demo_client.errors.call(timeout)", "demo_client.errors.Error", "demo_client.errors.Error.status",
        "demo_client.errors.Error.kind", "demo_client.errors.Error.__init__",
        "demo_client.errors.Error.__init__(status)",
        "demo_client.errors.Error.describe", "demo_client.errors.Error.describe(verbose)",
        "demo_client.errors.Error.build", "demo_client.errors.Error.build(x)",
    ])  # fmt: skip


def test_python_counts_what_a_module_re_exports_from_the_shared_runtime_as_its_own(tmp_path: Path) -> None:
    """A client's errors module re-exports the runtime's classes: callers use them by the
    client's name, so they are in the client's surface, and a name the client stops
    re-exporting is gone for its callers. Names the runtime has but the client does not
    import, and private aliases, are not the client's."""
    shared = tmp_path / "shared_runtime"
    shared.mkdir()
    (shared / "__init__.py").write_text("from .errors import Error\n", encoding="utf-8")
    (shared / "errors.py").write_text(PYTHON + "\nclass Other:\n    pass\n", encoding="utf-8")
    package = tmp_path / "demo_client"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "errors.py").write_text(
        "from shared_runtime import errors as _runtime\nfrom shared_runtime.errors import LIMIT, Error as Failure\n"
        "from shared_runtime.errors import call, _hidden, Error as _Aliased\nfrom elsewhere import Thing\n\n"
        "def send(request):\n    return _runtime.call(request, 1)\n", encoding="utf-8")  # fmt: skip
    assert python_surface(package, shared) == sorted([
        "demo_client", "demo_client.errors", "demo_client.errors.LIMIT", "demo_client.errors.send",
        "demo_client.errors.send(request)", "demo_client.errors.call", "demo_client.errors.call(client)",
        "demo_client.errors.call(amount)", "demo_client.errors.call(timeout)",
        "demo_client.errors.Failure", "demo_client.errors.Failure.status", "demo_client.errors.Failure.kind",
        "demo_client.errors.Failure.__init__", "demo_client.errors.Failure.__init__(status)",
        "demo_client.errors.Failure.describe", "demo_client.errors.Failure.describe(verbose)",
        "demo_client.errors.Failure.build", "demo_client.errors.Failure.build(x)",
    ])  # fmt: skip


RUST = """use std::fmt;

pub const DEFAULT_TIMEOUT: u64 = 8;

#[derive(Debug)]
pub struct RetryPolicy {\x20\x20
    pub max_retries: u32,
    pub kind: KindX,
    wait: f64,
}

pub enum Kind {
    FailureEnvelope,
    RateLimited { after: u64 },
    #[serde(rename = "x")]
    NotJson(String),
}

impl RetryPolicy {\x20\x20
    pub fn new() -> Self {
        todo!()
    }
    fn private(&self) {}
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        todo!()
    }
}

pub fn send() {}
fn hidden() {}
"""


def test_rust_names_items_fields_variants_and_methods(tmp_path: Path) -> None:
    (tmp_path / "src" / "apis").mkdir(parents=True)
    (tmp_path / "src" / "contract.rs").write_text(RUST, encoding="utf-8")
    (tmp_path / "src" / "apis" / "mod.rs").write_text("pub mod pools_api;\npub enum Error {\n    Io,\n}\n")
    assert rust_surface(tmp_path) == sorted([
        "contract::DEFAULT_TIMEOUT", "contract::RetryPolicy", "contract::RetryPolicy.max_retries",
        "contract::RetryPolicy.kind",
        "contract::Kind", "contract::Kind::FailureEnvelope", "contract::Kind::RateLimited", "contract::Kind::NotJson",
        "contract::RetryPolicy::new", "contract::send", "apis::pools_api", "apis::Error", "apis::Error::Io",
    ])  # fmt: skip


def test_rust_names_what_a_module_re_exports_under_its_own_name(tmp_path: Path) -> None:
    """`pub use` of the shared runtime's crate, or of a private module of the crate, names the
    items with their fields, variants and methods under the re-exporting module; a private
    module's own names are not public."""
    runtime, crate = tmp_path / "runtime", tmp_path / "crate"
    (runtime / "src").mkdir(parents=True)
    (runtime / "src" / "lib.rs").write_text("mod codes;\npub use codes::ErrorCode;\n" + RUST, encoding="utf-8")
    (runtime / "src" / "codes.rs").write_text("pub enum ErrorCode {\n    RouteNotFound,\n}\n\nimpl ErrorCode {\n"
                                              "    pub fn action(self) {}\n}\n", encoding="utf-8")  # fmt: skip
    (crate / "src").mkdir(parents=True)
    uses = "pub use raydium_api_runtime::{ErrorCode, Kind};\npub use raydium_api_runtime::RetryPolicy;\n"
    (crate / "src" / "contract.rs").write_text(uses + "pub fn send() {}\n", encoding="utf-8")
    assert "codes::ErrorCode" not in rust_surface(runtime)
    assert rust_surface(crate, runtime) == sorted([
        "contract::send", "contract::ErrorCode", "contract::ErrorCode::RouteNotFound", "contract::ErrorCode::action",
        "contract::Kind", "contract::Kind::FailureEnvelope", "contract::Kind::RateLimited", "contract::Kind::NotJson",
        "contract::RetryPolicy", "contract::RetryPolicy.max_retries", "contract::RetryPolicy.kind",
        "contract::RetryPolicy::new",
    ])  # fmt: skip
    assert rust_surface(crate) == ["contract::send"]  # without the runtime's folder: nothing to follow


def test_rust_signatures_are_the_types_callers_compile_against(tmp_path: Path) -> None:
    """Each public function's parameter and result types (not the parameters' names, which no
    caller writes) and each public field's type; a private module's are not public."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "lib.rs").write_text("pub mod contract;\nmod hidden;\n", encoding="utf-8")
    (tmp_path / "src" / "contract.rs").write_text(RUST + "pub fn call(c: &Config, mut params: Params<'_, u8>) "
                                                  "-> Result<Vec<Option<Pool>>, Error> {\n}\n", encoding="utf-8")
    (tmp_path / "src" / "hidden.rs").write_text("pub fn inner(x: u8) {}\n", encoding="utf-8")
    assert rust_signatures(tmp_path) == [
        "contract::RetryPolicy.kind KindX", "contract::RetryPolicy.max_retries u32",
        "contract::RetryPolicy::new () -> Self",
        "contract::call (&Config, Params<'_, u8>) -> Result<Vec<Option<Pool>>, Error>", "contract::send ()",
    ]  # fmt: skip


GO = """package p

type T struct {
	Field *string
	Many, More []int
	hidden int
}

func New(a, b int, name string) (t *T, err error) { return nil, nil }

func (t *T) Get() string { return "" }

const Typed int = 1
const Untyped = 2
"""


@pytest.mark.tooling  # runs go, which the in-front gate must not need (tests/gate_guard.py)
def test_go_signatures_are_the_types_callers_compile_against(tmp_path: Path) -> None:
    """Each function's and method's type without its parameters' names (a caller never names
    them), each field's and typed constant's type."""
    if shutil.which("go") is None:
        pytest.skip("go is not installed (make toolchains)")
    (tmp_path / "p.go").write_text(GO, encoding="utf-8")
    assert go_surface(tmp_path, signatures=True) == [
        "New func(int, int, string) (*T, error)", "T.Field *string", "T.Get func() string", "T.Many []int",
        "T.More []int", "Typed int",
    ]  # fmt: skip
    assert go_surface(tmp_path) == ["New", "T", "T.Field", "T.Get", "T.Many", "T.More", "Typed", "Untyped"]


def test_a_changed_signature_is_gone_as_a_removed_name_is() -> None:
    before = {"go": ["F"], "go signatures": ["F func(int) error"], "rust signatures": ["m::f (u8) -> u8"]}
    after = {"go": ["F"], "go signatures": ["F func(string) error"], "rust signatures": ["m::f (u8) -> u8"]}
    assert removed(before, after) == ["go signatures: F func(int) error"]
    assert removed({"go": ["F"]}, after) == []  # a release that recorded no signatures: not compared
    renamed = {"go": ["G"], "go signatures": ["G func(int) error"], "rust signatures": []}
    assert removed(before, renamed) == ["go: F", "rust signatures: m::f (u8) -> u8"]  # F is gone: once


def test_removed_lists_what_is_gone_per_language() -> None:
    before = {"go": ["A", "B.C"], "python": ["m", "m.f"], "rust": ["x"]}
    after = {"go": ["A", "B.D"], "python": ["m", "m.f", "m.g"]}
    assert removed(before, after) == ["go: B.C", "rust: x"]
    assert removed(before, before) == []


KEY_NAMES = {
    "python": "{py}.errors.FailureEnvelopeError", "typescript": "FailureEnvelopeError",
    "go": "FailureEnvelopeError", "rust": "contract::Kind::FailureEnvelope",
    "ruby": "{rb}::FailureEnvelopeError", "php": "{php}\\FailureEnvelopeError",
}  # fmt: skip


@pytest.mark.tooling  # after `make release`, as the other release-record tests
@pytest.mark.parametrize("host", HOSTS)
def test_each_release_records_the_names_callers_use(host: str) -> None:
    """releases/<host>-<language>/release.json names the language's failure error, the type a
    caller's `except`/`catch` uses: an extractor that finds nothing cannot pass."""
    for language, name in key_names(host).items():
        recorded = named(f"{host}-{language}").baseline()
        assert recorded is not None, (host, language)
        lists = {key for key in LISTS if key.split(" ")[0] == language}
        assert set(recorded["surface"]) == lists, (host, language)
        assert name in recorded["surface"][language], (host, language)
        assert len(recorded["surface"][language]) > 50, (host, language)
        if language == "go":
            assert "NewClient func(Options) (*APIClient, error)" in recorded["surface"]["go signatures"], host


def key_names(host: str) -> dict[str, str]:
    """KEY_NAMES, per language, as the host's clients spell them."""
    of = Names(host, version="", default_base_url="")  # only the names that derive from the host are read
    names = {"py": Host(host).package, "rb": of.ruby_module, "php": of.php_namespace}
    return {language: name.format(**names) for language, name in KEY_NAMES.items()}


@pytest.mark.tooling  # after `make release`, as the other release-record tests
def test_the_tools_read_the_surface_the_current_release_recorded() -> None:
    """Every reader runs on one host's clients: each finds the names callers use, in LISTS's
    order, and for each client whose code is what its last release recorded, exactly the lists
    recorded (the lists `make release` compares the next release's with)."""
    host = "launch-auth"  # the smallest host: the TypeScript compiler's start is most of the time
    read = surface(host)
    assert list(read) == list(LISTS)
    for language, name in key_names(host).items():
        assert name in read[language], (language, read[language][:20])
    differ = {}
    for language in KEY_NAMES:
        package = named(f"{host}-{language}")
        recorded = package.baseline()
        assert recorded is not None
        if recorded["digest"] != package.digest():
            continue  # changed since its release: the next release compares
        differ.update({key: sorted(set(read[key]) ^ set(names)) for key, names in recorded["surface"].items()
                       if read[key] != names})  # fmt: skip
    assert differ == {}, f"the tools read other names than the last releases recorded for the same code: {differ}"


RUNTIME_NAMES = {
    "python": "raydium_api_runtime.errors.FailureEnvelopeError", "typescript": "FailureEnvelopeError",
    "go": "FailureEnvelopeError", "rust": "crate::Kind::FailureEnvelope",
    "ruby": "RaydiumApiRuntime::FailureEnvelopeError", "php": "Raydium\\ApiRuntime\\FailureEnvelopeError",
}  # fmt: skip


@pytest.mark.tooling  # runs each language's reader
@pytest.mark.parametrize("language", sorted(RUNTIME_NAMES))
def test_a_package_s_surface_is_its_client_s_lists_or_its_runtime_s(language: str) -> None:
    """package_surface, which `make release` records per package: a host's client in one
    language (Go and Rust with their signatures), or with no host the language's shared runtime."""
    host = "launch-auth"
    client = package_surface(host, language)
    assert list(client) == [key for key in LISTS if key.split(" ")[0] == language]
    assert key_names(host)[language] in client[language]
    if language == "go":
        assert "NewClient func(Options) (*APIClient, error)" in client["go signatures"]
    runtime = package_surface("", language)
    assert list(runtime) == [language]
    assert RUNTIME_NAMES[language] in runtime[language]


def test_the_command_prints_a_host_s_surface_or_says_what_failed(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    assert main([]) == 2
    assert "Usage: python -m scripts.clients.client_surface HOST" in capsys.readouterr().err
    assert main(["pool-v3", "perps-v1"]) == 2
    capsys.readouterr()
    monkeypatch.setattr(client_surface, "surface", lambda host: {"python": [f"{host}.x"]})
    assert main(["pool-v3"]) == 0
    assert capsys.readouterr().out == '{\n "python": [\n  "pool-v3.x"\n ]\n}\n'
    monkeypatch.setattr(sys, "argv", ["client_surface.py", "perps-v1"])  # as `python -m` runs it
    assert main() == 0
    assert capsys.readouterr().out == '{\n "python": [\n  "perps-v1.x"\n ]\n}\n'

    def failing(host: str) -> dict[str, list[str]]:
        raise SurfaceError(f"go run failed for {host}")

    monkeypatch.setattr(client_surface, "surface", failing)
    assert main(["pool-v3"]) == 1
    assert capsys.readouterr().err == "client_surface: go run failed for pool-v3\n"


def test_a_reader_runs_in_the_repository_with_its_environment_and_fails_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """helper, which runs each language's reader: in the repository (whatever the caller's
    directory), with the reader's own variables over this process's, its blank lines dropped; a
    failure names the command and gives what it wrote to stderr."""
    monkeypatch.chdir(tmp_path)
    assert helper(["sh", "-c", 'pwd; echo; echo "$SURFACE_X $HOME"'], {"SURFACE_X": "1"}) == [
        str(REPO), f"1 {os.environ['HOME']}"]  # fmt: skip
    with pytest.raises(SurfaceError) as failed:
        helper(["sh", "-c", "echo out; echo 'no such package' >&2; exit 3", "ignored"])
    assert str(failed.value) == "sh -c failed (exit 3):\nno such package"


@pytest.mark.tooling  # starts a program named go, which the in-front gate refuses
def test_the_go_reader_runs_offline_with_the_build_s_own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """go_surface runs `go run surface.go` with the build's Go cache (build/go-cache), this Go
    alone (no toolchain download) and no module proxy, whatever the caller's environment says:
    a `go` first on PATH prints what it was given."""
    executable(tmp_path / "go", '#!/bin/sh\necho "$@"\nfor v in GOCACHE GOPATH GOTOOLCHAIN GOFLAGS GO111MODULE '
               'GOPROXY; do\n  eval echo "$v=\\${$v-unset}"\ndone\n')  # fmt: skip
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("GOFLAGS", "-mod=mod")
    monkeypatch.setenv("GOPROXY", "https://proxy.golang.org")
    cache = REPO / "build" / "go-cache"
    assert go_surface(Path("pkg"), Path("rt"), signatures=True) == [
        f"run {client_surface.HELPERS / 'surface.go'} -signatures pkg rt", f"GOCACHE={cache / 'build'}",
        f"GOPATH={cache / 'path'}", "GOTOOLCHAIN=local", "GOFLAGS=", "GO111MODULE=on", "GOPROXY=off",
    ]  # fmt: skip
