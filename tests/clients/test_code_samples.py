"""Every code sample in the bundles (`x-codeSamples`, scripts/spec/code_samples.py; the docs
show them as tabs) runs against the mock server: curl, Python, TypeScript (type-checked
with tsc --strict, then run with Node), Go (built), Ruby, PHP and Rust (built). Only the base URL is
changed, to the mock's. A sample that prints `failed:` caught an ApiError: that fails too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from toolchains import BUILD, cargo, go, require, rust_crate, write_go_mod

from mock_servers import Prism
from project import HOSTS, NODE_BIN, PHP_AUTOLOAD, PYTHON_PACKAGES, PYTHONPATH, REPO, RUBY_COMMAND, bundle, default_url

pytestmark = pytest.mark.e2e
LABELS = ["curl", "Python", "TypeScript", "Go", "Ruby", "PHP", "Rust"]
# the programs that gather the samples: Go's and Rust's main, PHP's autoload (their headers say how)
GO_MAIN = (REPO / "tests" / "go" / "samples" / "main.go").read_text(encoding="utf-8")
RUST_MAIN = (REPO / "tests" / "rust" / "samples.rs").read_text(encoding="utf-8")
VENDOR_AUTOLOAD = (REPO / "tests" / "php" / "samples_autoload.php").read_text(encoding="utf-8")


def samples(label: str) -> list[tuple[str, str, str]]:
    """(host, operationId, source) of every operation's sample in one language."""
    found = []
    for host in HOSTS:
        for item in bundle(host)["paths"].values():
            for op in item.values():
                if isinstance(op, dict) and "operationId" in op:
                    found += [
                        (host, op["operationId"], s["source"]) for s in op["x-codeSamples"] if s["label"] == label
                    ]
    return found


def pointed(host: str, source: str, servers: dict[str, Prism]) -> str:
    """The sample with the public base URL replaced by the mock's (Ruby sets scheme and host)."""
    public, mock = urlsplit(default_url(host)), urlsplit(servers[host].url)
    assert default_url(host) in source or public.netloc in source, f"{host}: the sample does not name its host"
    return (source.replace(default_url(host), servers[host].url)
            .replace(f"config.scheme = '{public.scheme}'", f"config.scheme = '{mock.scheme}'")
            .replace(f"config.host = '{public.netloc}'", f"config.host = '{mock.netloc}'"))  # fmt: skip


def check(name: str, proc: subprocess.CompletedProcess[str]) -> None:
    assert proc.returncode == 0, f"{name}:\n{proc.stdout}{proc.stderr}"
    assert proc.stdout.strip(), f"{name} printed nothing"
    assert not proc.stdout.startswith("failed:"), f"{name}: the call failed:\n{proc.stdout}"


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess[str]:  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False, cwd=cwd,
                          env={**os.environ, **(env or {})})  # fmt: skip


def test_every_operation_has_a_sample_in_every_language() -> None:
    for host in HOSTS:
        for path, item in bundle(host)["paths"].items():
            for method, op in item.items():
                if isinstance(op, dict) and "operationId" in op:
                    labels = [s["label"] for s in op.get("x-codeSamples", [])]
                    assert labels == LABELS, f"{host} {method.upper()} {path}: {labels}"


def test_samples_use_the_examples_not_placeholders() -> None:
    """Each required parameter's example, and the body example's values, stand in every sample."""
    for host in HOSTS:
        doc = bundle(host)
        for item in doc["paths"].values():
            for op in (o for o in item.values() if isinstance(o, dict) and "operationId" in o):
                for holder in op.get("parameters", []):
                    ref = holder.get("$ref", "")
                    param = doc["components"]["parameters"][ref.rsplit("/", 1)[1]] if ref else holder
                    if param.get("required"):
                        for s in op["x-codeSamples"]:
                            assert str(param["example"]) in s["source"], (op["operationId"], s["label"], param["name"])


def test_no_sample_prints_a_secret() -> None:
    """An operation whose success is a secret (x-sensitive) has samples that never print,
    log or store the response: curl shows the status only, the others say what arrived
    (the temp-key samples used to print the key under the page's own "do not log")."""
    printing = ["print(result", "console.log(result", "json.Marshal(result)", "p result", "print_r($result",
                'println!("{:?}", result']  # fmt: skip
    checked = set()
    for host in HOSTS:
        for item in bundle(host)["paths"].values():
            for op in item.values():
                if not isinstance(op, dict) or "x-sensitive" not in op:
                    continue
                for sample in op["x-codeSamples"]:
                    source, where = sample["source"], f"{host} {op['operationId']} {sample['label']}"
                    assert not [p for p in printing if p in source], where
                    assert "-o /dev/null" in source if sample["label"] == "curl" else "never print" in source, where
                    checked.add((host, op["operationId"], sample["label"]))
    assert {label for *_, label in checked} == set(LABELS)
    assert len(checked) >= len(LABELS)


def test_curl_samples(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    """Each answers 200; where the description shows a body, it is JSON and no failure."""
    for host, op, source in samples("curl"):
        proc = run(["bash", "-c", pointed(host, source, prism_servers) + " -w '\\nHTTP %{http_code}'"], tmp_path)
        check(f"{host} {op} curl", proc)
        body, _, status = proc.stdout.rpartition("\n")
        assert status == "HTTP 200", f"{host} {op}: {proc.stdout}"
        if body.strip():
            value = json.loads(body)
            assert not isinstance(value, dict) or value.get("success") is not False, (op, value)


def test_python_samples(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    """Each sample in its own process, forked from one that has imported httpx (and httpcore,
    which httpx imports on its first client: 0.2 s) and the clients
    (forked_samples.py, decision 95); the first also as `python SAMPLE`, which must pass alike."""
    scripts = {}
    for host, op, source in samples("Python"):
        script = tmp_path / f"{host}_{op}.py"
        script.write_text(pointed(host, source, prism_servers), encoding="utf-8")
        scripts[str(script)] = f"{host} {op} Python"
    packages = sorted(p.parent.name for folder in PYTHON_PACKAGES for p in folder.glob("*/__init__.py"))
    modules = ",".join(["httpx", "httpcore", *packages])
    runner = [sys.executable, str(Path(__file__).with_name("forked_samples.py")), modules]
    check_batch(runner, scripts, tmp_path, {"PYTHONPATH": PYTHONPATH})
    first = next(iter(scripts))
    check(scripts[first] + " (as a command)", run([sys.executable, first], tmp_path, {"PYTHONPATH": PYTHONPATH}))


def check_batch(runner: list[str], scripts: dict[str, str], cwd: Path, env: dict[str, str] | None = None) -> None:
    """Each script (its path: the name a failure gives) run by a runner of many scripts in one
    start (tests/clients/forked_samples.py and .rb, tests/typescript/imported_samples.mjs), and
    checked as `check` checks a command's run."""
    # each script is bounded by the runner (its SCRIPT_SECONDS, 60); this bounds them all
    proc = run([*runner, *scripts], cwd, env, timeout=60 * len(scripts) + 30)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    statuses = json.loads(proc.stdout)
    assert list(statuses) == list(scripts)
    for written, name in scripts.items():
        output = [Path(written + suffix).read_text(encoding="utf-8") for suffix in (".out", ".err")]
        check(name, subprocess.CompletedProcess([written], statuses[written], *output))


def test_typescript_samples(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    """Type-checked as users would write them (tsc --strict, the packages by name), then run."""
    (tmp_path / "node_modules").mkdir()
    for host in HOSTS:
        (tmp_path / "node_modules" / f"raydium-{host}-client").symlink_to(REPO / "generated" / "typescript" /
                                                                          f"{host}-client")  # fmt: skip
    (tmp_path / "package.json").write_text('{"type": "module"}\n', encoding="utf-8")
    options = {
        "strict": True, "noEmit": True, "module": "nodenext", "moduleResolution": "nodenext", "target": "es2022",
        "types": [], "lib": ["es2022", "dom"], "skipLibCheck": True,
    }  # fmt: skip
    config = {"compilerOptions": options, "include": ["*.ts"]}
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    found = samples("TypeScript")
    for host, op, source in found:
        (tmp_path / f"{host}_{op}.ts").write_text(source, encoding="utf-8")
        (tmp_path / f"{host}_{op}.mjs").write_text(pointed(host, source, prism_servers), encoding="utf-8")
    proc = run([str(NODE_BIN / "tsc"), "-p", str(tmp_path)], tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # one Node for them all (imported_samples.mjs, decision 102); the first also as `node SAMPLE`
    scripts = {str(tmp_path / f"{host}_{op}.mjs"): f"{host} {op} TypeScript" for host, op, _ in found}
    check_batch(["node", str(REPO / "tests" / "typescript" / "imported_samples.mjs")], scripts, tmp_path)
    first = next(iter(scripts))
    check(scripts[first] + " (as a command)", run(["node", first], tmp_path))


def test_go_samples(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    """One main package: each sample is a file of it (its `func main` renamed), run by its name
    through tests/go/samples/main.go, so that one `go build` links one binary, not one a sample."""
    require("go")
    write_go_mod(tmp_path, "samples", HOSTS)
    found = samples("Go")
    arms = []
    for i, (host, op, source) in enumerate(found):
        program = pointed(host, source, prism_servers)
        assert program.count("\nfunc main() {\n") == 1, f"{host} {op}: no main"
        program = program.replace("\nfunc main() {\n", f"\nfunc sample{i}() {{\n")
        (tmp_path / f"sample_{i}.go").write_text(program, encoding="utf-8")
        arms.append(f'\tcase "{host}/{op}":\n\t\tsample{i}()\n')
    (tmp_path / "main.go").write_text(GO_MAIN.replace("\t// CASES\n", "".join(arms)), encoding="utf-8")
    built = go(["build", "-o", str(tmp_path / "samples"), "."], tmp_path, tmp_path)
    assert built.returncode == 0, built.stdout + built.stderr
    for host, op, _ in found:
        check(f"{host} {op} Go", run([str(tmp_path / "samples"), f"{host}/{op}"], tmp_path))


def test_ruby_samples(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    """Each sample in its own process, forked from one that has required the gems and Typhoeus
    (forked_samples.rb, decision 102); the first also as `ruby -I LIB SAMPLE`, which must pass alike."""
    require("ruby")
    scripts = {}
    found = samples("Ruby")
    for host, op, source in found:
        script = tmp_path / f"{host}_{op}.rb"
        script.write_text(pointed(host, source, prism_servers), encoding="utf-8")
        scripts[str(script)] = f"{host} {op} Ruby"
    libs = {host: str(REPO / "generated" / "ruby" / host / "lib") for host in HOSTS}
    gems = [f"raydium_{host.replace('-', '_')}_client" for host in HOSTS]
    runner = [*RUBY_COMMAND, *(f"-I{lib}" for lib in libs.values()),
              str(Path(__file__).with_name("forked_samples.rb")), ",".join(["json", "typhoeus", *gems])]  # fmt: skip
    check_batch(runner, scripts, tmp_path)
    first = next(iter(scripts))
    check(scripts[first] + " (as a command)", run([*RUBY_COMMAND, "-I", libs[found[0][0]], first], tmp_path))


def test_php_samples(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    """`vendor/autoload.php` (tests/php/samples_autoload.php) is what composer would write:
    Debian's Guzzle, the shared runtime and each client's classes by namespace."""
    require("php")
    (tmp_path / "vendor").mkdir()
    namespaces = {h: "Raydium\\" + "".join(p.capitalize() for p in h.split("-")) + "\\" for h in HOSTS}
    prefixes = {namespaces[h]: str(REPO / "generated" / "php" / h / "lib") for h in HOSTS}
    autoload = VENDOR_AUTOLOAD.replace("AUTOLOAD", json.dumps(str(PHP_AUTOLOAD)))
    autoload = autoload.replace("PREFIXES", json.dumps(json.dumps(prefixes)))
    (tmp_path / "vendor" / "autoload.php").write_text(autoload, encoding="utf-8")
    for host, op, source in samples("PHP"):
        script = tmp_path / f"{host}_{op}.php"
        script.write_text(pointed(host, source, prism_servers), encoding="utf-8")
        check(f"{host} {op} PHP", run(["php", str(script)], tmp_path))


def test_rust_samples(prism_servers: dict[str, Prism], tmp_path: Path) -> None:
    """One crate: each sample is a module of its main.rs (tests/rust/samples.rs; its `fn main`
    made `pub`), run by its name, so that one `cargo build` links one binary."""
    require("cargo")
    found = samples("Rust")
    modules, arms = [], []
    for i, (host, op, source) in enumerate(found):
        program = pointed(host, source, prism_servers)
        assert "\nfn main() {\n" in program, f"{host} {op}: no main"
        program = program.replace("\nfn main() {\n", "\npub fn main() {\n")
        modules.append(f"mod sample_{i} {{\n{program}\n}}\n")
        arms.append(f'        "{host}/{op}" => sample_{i}::main(),\n')
    main = RUST_MAIN.replace("        // CASES\n", "".join(arms)).replace("// SAMPLES\n", "".join(modules))
    folder = rust_crate(tmp_path, "code-samples", list(HOSTS), main)
    built = cargo(["build"], folder)
    assert built.returncode == 0, built.stdout + built.stderr[-4000:]
    binary = BUILD / "cargo-target" / "debug" / "code-samples"
    for host, op, _ in found:
        check(f"{host} {op} Rust", run([str(binary), f"{host}/{op}"], tmp_path))
