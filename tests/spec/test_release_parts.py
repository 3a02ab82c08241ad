"""The parts of `make release` (scripts/release.py) one at a time, in process, on small
inputs written here: archives, the Postman collection, the package indexes and the checksums,
byte for byte where the bytes are the point. The end-to-end release tests build in a clone, in
a subprocess, where no mutant can be traced; these reach each function directly."""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import tarfile
import time
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

import client_surface
import oas
import release
import runtimes
import spec_diff
from openapi_generator import go_module_path

STAMP = 1_700_000_000  # 2023-11-14T22:13:20Z


def tree(root: Path, files: dict[str, bytes] | dict[str, str]) -> Path:
    """Files under root, by relative name (text is written as UTF-8); returns root."""
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data if isinstance(data, bytes) else data.encode())
    return root


def test_the_release_time_is_source_date_epoch_or_the_commits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "123")
    assert release.epoch() == 123
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "")
    committed = release.run(["git", "log", "-1", "--format=%ct"], "git log")
    assert release.epoch() == int(committed.strip())
    assert release.build_env(7) == {"SOURCE_DATE_EPOCH": "7", "PYTHONHASHSEED": "0"}


def test_a_failed_step_names_itself_its_exit_and_its_output(tmp_path: Path) -> None:
    with pytest.raises(release.ReleaseError) as caught:
        release.run(["sh", "-c", "echo out; echo err >&2; exit 3"], "the step", cwd=tmp_path)
    assert str(caught.value) == "the step failed (exit 3):\nout\nerr"
    assert release.run(["sh", "-c", "echo $X"], "env", cwd=tmp_path, env={"X": "y"}) == "y\n"


def test_files_are_listed_sorted_without_folders_or_bytecode(tmp_path: Path) -> None:
    tree(tmp_path, {"b.txt": b"", "a/z.py": b"", "a/__pycache__/z.pyc": b"", "c/d/e": b""})
    assert [p.relative_to(tmp_path).as_posix() for p in release.files_of(tmp_path)] == ["a/z.py", "b.txt", "c/d/e"]


def test_a_zip_has_sorted_entries_one_time_and_fixed_permissions(tmp_path: Path) -> None:
    source = tree(tmp_path / "src", {"b": b"bee", "a/c": b"sea"})
    (source / "b").touch()  # a later modification time must not show
    out = tmp_path / "out.zip"
    release.zip_folder(source, "pkg", out, STAMP)
    with zipfile.ZipFile(out) as archive:
        infos = archive.infolist()
        assert [(i.filename, i.date_time, i.external_attr >> 16, i.compress_type) for i in infos] == [
            ("pkg/a/c", (2023, 11, 14, 22, 13, 20), 0o644, zipfile.ZIP_DEFLATED),
            ("pkg/b", (2023, 11, 14, 22, 13, 20), 0o644, zipfile.ZIP_DEFLATED)]  # fmt: skip
        assert archive.read("pkg/b") == b"bee"
    first = out.read_bytes()
    time.sleep(0.01)
    (source / "a" / "c").touch()
    release.zip_folder(source, "pkg", out, STAMP)
    assert out.read_bytes() == first


def test_a_zip_before_1980_takes_1980(tmp_path: Path) -> None:
    out = tmp_path / "out.zip"
    release.zip_folder(tree(tmp_path / "src", {"a": b"1"}), "p", out, 0)
    with zipfile.ZipFile(out) as archive:
        assert archive.infolist()[0].date_time == (1980, 1, 1, 0, 0, 0)


def test_a_tarball_has_sorted_entries_no_owner_one_time_and_a_fixed_gzip_header(tmp_path: Path) -> None:
    source = tree(tmp_path / "src", {"b": b"bee", "a/c": b"sea"})
    out = tmp_path / "out.tar.gz"
    release.tar_folder(source, "pkg", out, STAMP)
    raw = out.read_bytes()
    assert raw[:4] == b"\x1f\x8b\x08\x00"  # gzip, deflate, no flags: no file name in the header
    assert int.from_bytes(raw[4:8], "little") == STAMP
    assert gzip.decompress(raw)[257:265] == b"ustar\x0000"  # POSIX (ustar/pax) headers, not GNU's
    with tarfile.open(fileobj=io.BytesIO(gzip.decompress(raw))) as archive:
        members = archive.getmembers()
        assert [(m.name, m.size, m.mtime, m.mode, m.uid, m.gid, m.uname, m.gname) for m in members] == [
            ("pkg/a/c", 3, STAMP, 0o644, 0, 0, "", ""), ("pkg/b", 3, STAMP, 0o644, 0, 0, "", "")]  # fmt: skip
        assert archive.extractfile("pkg/b").read() == b"bee"  # type: ignore[union-attr]
    time.sleep(0.01)
    (source / "b").touch()
    release.tar_folder(source, "pkg", out, STAMP)
    assert out.read_bytes() == raw


BUNDLE: dict[str, Any] = {
    "info": {"title": "Pools", "summary": "pool data"},
    "servers": [{"url": "https://plain.example"},
                {"url": "https://{region}.example/{stage}", "variables": {"region": {"default": "eu"}, "stage": {}}}],
    "tags": [{"name": "b"}],
    "paths": {
        "/pools/info/list": {
            "parameters": [{"name": "ignored", "in": "query"}],
            "get": {"operationId": "listPools", "tags": ["pools"], "summary": "list", "parameters": [
                {"name": "page", "in": "query", "required": True, "example": 1},
                {"name": "size", "in": "query"},
                {"name": "id", "in": "header", "example": "h"}]},
            "trace": {"operationId": "notAMethodWeSend", "tags": ["pools"]},
        },
        "/swap": {"post": {"operationId": "swap", "tags": ["swap"], "description": "build it", "summary": "s",
                           "requestBody": {"content": {"application/json": {"examples": {
                               "first": {"value": {"a": 1}}, "second": {"value": {"b": 2}}}}}}},
                  "put": {"operationId": "noExample", "tags": ["swap"],
                          "requestBody": {"content": {"application/json": {}}}}},
    },
}  # fmt: skip


def test_the_postman_collection_has_one_request_per_operation_with_its_examples() -> None:
    collection = release.postman(BUNDLE, "pool-v3", "3.0.0")
    base = "https://{{region}}.example/{{stage}}"
    assert collection["info"] == {
        "_postman_id": hashlib.sha256(b"pool-v3@3.0.0").hexdigest()[:32], "name": "Pools 3.0.0",
        "description": "pool data", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"}
    assert collection["variable"] == [{"key": "region", "value": "eu"}, {"key": "stage", "value": ""}]
    accept = {"key": "Accept", "value": "application/json"}
    json_body = {"key": "Content-Type", "value": "application/json"}
    assert collection["item"] == [
        {"name": "pools", "item": [{"name": "listPools", "request": {
            "method": "GET", "header": [accept], "description": "list",
            "url": {"raw": base + "/pools/info/list", "host": [base], "path": ["pools", "info", "list"],
                    "query": [{"key": "page", "value": "1", "disabled": False},
                              {"key": "size", "value": "", "disabled": True}]}}}]},
        {"name": "swap", "item": [
            {"name": "swap", "request": {
                "method": "POST", "header": [accept, json_body], "description": "build it",
                "url": {"raw": base + "/swap", "host": [base], "path": ["swap"], "query": []},
                "body": {"mode": "raw", "raw": '{\n  "a": 1\n}', "options": {"raw": {"language": "json"}}}}},
            {"name": "noExample", "request": {
                "method": "PUT", "header": [accept, json_body], "description": "",
                "url": {"raw": base + "/swap", "host": [base], "path": ["swap"], "query": []},
                "body": {"mode": "raw", "raw": "{}", "options": {"raw": {"language": "json"}}}}}]},
    ]  # fmt: skip


def test_a_bundle_without_server_variables_uses_its_first_server() -> None:
    bundle = {**BUNDLE, "servers": [{"url": "https://one.example"}, {"url": "https://two.example"}]}
    collection = release.postman(bundle, "h", "1")
    assert collection["variable"] == []
    assert collection["item"][0]["item"][0]["request"]["url"]["raw"] == "https://one.example/pools/info/list"


def test_the_simple_index_lists_each_project_with_relative_links_and_hashes(tmp_path: Path) -> None:
    dist = tree(tmp_path, {"pool-v3/3.0.0/python/raydium_pool_v3_client-3.0.0-py3-none-any.whl": b"w",
                           "pool-v3/3.0.0/python/raydium_pool_v3_client-3.0.0.tar.gz": b"s",
                           "tools/gate/python/raydium_api.gate-1.1.0-py3-none-any.whl": b"g",
                           "pool-v3/3.0.0/other/x.whl": b"not python"})  # fmt: skip
    release.simple_index(dist)
    simple = dist / "python" / "simple"
    assert sorted(p.relative_to(simple).as_posix() for p in simple.rglob("*.html")) == [
        "index.html", "raydium-api-gate/index.html", "raydium-pool-v3-client/index.html"]  # fmt: skip
    assert (simple / "index.html").read_text(encoding="utf-8") == release.page(
        "Simple index", ['<a href="raydium-api-gate/">raydium-api-gate</a><br>',
                         '<a href="raydium-pool-v3-client/">raydium-pool-v3-client</a><br>'])  # fmt: skip
    sha = {data: hashlib.sha256(data).hexdigest() for data in (b"w", b"s")}
    assert (simple / "raydium-pool-v3-client" / "index.html").read_text(encoding="utf-8") == release.page(
        "raydium-pool-v3-client",
        [f'<a href="../../../pool-v3/3.0.0/python/raydium_pool_v3_client-3.0.0-py3-none-any.whl#sha256={sha[b"w"]}">'
         "raydium_pool_v3_client-3.0.0-py3-none-any.whl</a><br>",
         f'<a href="../../../pool-v3/3.0.0/python/raydium_pool_v3_client-3.0.0.tar.gz#sha256={sha[b"s"]}">'
         "raydium_pool_v3_client-3.0.0.tar.gz</a><br>"])  # fmt: skip


def test_an_index_page_is_pep_503_html() -> None:
    assert release.page("T", ["<a>1</a>", "<a>2</a>"]) == (
        '<!DOCTYPE html>\n<html><head><meta name="pypi:repository-version" content="1.0"><title>T</title></head>\n'
        "<body>\n<a>1</a>\n<a>2</a>\n</body></html>\n")  # fmt: skip


def test_sha256sums_lists_every_file_but_itself_sorted(tmp_path: Path) -> None:
    dist = tree(tmp_path, {"b": b"2", "a/c": b"1", "SHA256SUMS": b"old"})
    release.sha256sums(dist)
    digest = {data: hashlib.sha256(data).hexdigest() for data in (b"1", b"2")}
    assert (dist / "SHA256SUMS").read_text(encoding="utf-8") == f"{digest[b'1']}  a/c\n{digest[b'2']}  b\n"


def test_the_composer_repository_holds_each_php_zip(tmp_path: Path) -> None:
    dist = tree(tmp_path, {"pool-v3/3.0.0/php/raydium-pool-v3-client-3.0.0.zip": b"z",
                           "pool-v3/3.0.0/php/notes.txt": b"n",
                           "perps-v1/1.0.0/php/raydium-perps-v1-client-1.0.0.zip": b"y",
                           "runtime/php/raydium-api-runtime-1.0.0.zip": b"r"})  # fmt: skip
    release.composer_repository(dist)
    assert sorted(p.name for p in (dist / "php").iterdir()) == [
        "raydium-api-runtime-1.0.0.zip", "raydium-perps-v1-client-1.0.0.zip", "raydium-pool-v3-client-3.0.0.zip"]
    assert (dist / "php" / "raydium-pool-v3-client-3.0.0.zip").read_bytes() == b"z"


def test_the_go_proxy_serves_each_module_version(tmp_path: Path) -> None:
    runtime = runtimes.go_version()
    dist = tree(tmp_path, {"pool-v3/3.1.0/go/v3.1.0.zip": b"zip", f"runtime/go/v{runtime}.zip": b"runtime zip"})
    release.go_proxy(dist, {"pool-v3": "3.1.0"}, STAMP)
    folder = dist / "goproxy" / go_module_path("pool-v3", "3.1.0") / "@v"
    assert sorted(p.name for p in folder.iterdir()) == ["list", "v3.1.0.info", "v3.1.0.mod", "v3.1.0.zip"]
    assert (folder / "list").read_text(encoding="utf-8") == "v3.1.0\n"
    assert json.loads((folder / "v3.1.0.info").read_text(encoding="utf-8")) == {"Version": "v3.1.0",
                                                                               "Time": "2023-11-14T22:13:20Z"}
    assert (folder / "v3.1.0.zip").read_bytes() == b"zip"
    assert (folder / "v3.1.0.mod").read_bytes() == (release.GENERATED / "go" / "pool-v3" / "go.mod").read_bytes()
    # the shared runtime, which every host's go.mod requires, is served beside the hosts
    served = dist / "goproxy" / runtimes.go_module() / "@v"
    kinds = ("info", "mod", "zip")
    assert sorted(p.name for p in served.iterdir()) == ["list", *(f"v{runtime}.{kind}" for kind in kinds)]
    assert (served / f"v{runtime}.zip").read_bytes() == b"runtime zip"
    assert (served / f"v{runtime}.mod").read_bytes() == (runtimes.SOURCES / "go" / "go.mod").read_bytes()


def change(operation: str, breaking: bool, what: str) -> spec_diff.Change:
    return spec_diff.Change("pool-v3", operation, breaking, what)


def test_the_notes_count_and_list_each_kind_of_change(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(release, "removed_names", lambda host, previous: {("pool-v3", "1.0.0"): []}[(host, previous)])
    changes = [change("listPools", True, "parameter page removed"), change("", False, "info.version 1.0.0 -> 2.0.0"),
               change("getPool", False, "response field added")]  # fmt: skip
    assert release.notes("pool-v3", "2.0.0", "1.0.0", changes, STAMP) == (
        "## pool-v3 2.0.0 (2023-11-14)\n\nChanges since 1.0.0: 1 breaking, 2 other.\n\nBreaking:\n\n"
        "- listPools: parameter page removed\n\nOther:\n\n- info.version 1.0.0 -> 2.0.0\n"
        "- getPool: response field added\n")  # fmt: skip
    assert release.notes("pool-v3", "1.0.0", None, [], STAMP) == "## pool-v3 1.0.0 (2023-11-14)\n\nFirst release.\n"
    assert release.notes("pool-v3", "1.0.1", "1.0.0", [], STAMP).endswith("Changes since 1.0.0: 0 breaking, 0 other.\n")


def test_the_notes_of_a_major_release_name_the_public_names_it_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    names = {51: [f"go: Name{i}" for i in range(51)]}
    monkeypatch.setattr(release, "removed_names", lambda host, previous: {("pool-v3", "1.0.0"): names[51]}[
        (host, previous)])  # fmt: skip
    text = release.notes("pool-v3", "2.0.0", "1.0.0", [], STAMP)
    assert text == ("## pool-v3 2.0.0 (2023-11-14)\n\nChanges since 1.0.0: 0 breaking, 0 other.\n\n"
                    "Public names of the clients removed (51):\n\n"
                    + "".join(f"- go: Name{i}\n" for i in range(50)) + "- and 1 more\n")  # fmt: skip
    names[51] = names[51][:50]  # as many as are listed: no "and 0 more"
    assert release.notes("pool-v3", "2.0.0", "1.0.0", [], STAMP).endswith(
        "Public names of the clients removed (50):\n\n" + "".join(f"- go: Name{i}\n" for i in range(50)))


def test_a_client_digest_covers_each_files_path_and_bytes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folders = {"python": tree(tmp_path / "py", {"a.py": b"1", "b/c.py": b"2"}),
               "models": tree(tmp_path, {"models.py": b"m"}) / "models.py"}  # fmt: skip
    monkeypatch.setattr(release, "client_folders", lambda host: {"h": folders}[host])
    first = release.client_digests("h")
    expected = hashlib.sha256(b"py/a.py\n1" + b"py/b/c.py\n2").hexdigest()
    assert first == {"python": expected, "models": hashlib.sha256(b"models.py\nm").hexdigest()}
    (folders["python"] / "b" / "c.py").rename(folders["python"] / "b" / "d.py")  # same bytes, another name
    assert release.client_digests("h")["python"] != expected


def test_each_client_folder_is_the_generated_code_of_its_language() -> None:
    folders = release.client_folders("pool-v3")
    assert {name: path.relative_to(release.GENERATED).as_posix() for name, path in folders.items()} == {
        "python": "python/pool-v3-client", "typescript": "typescript/pool-v3-client", "go": "go/pool-v3",
        "rust": "rust/pool-v3", "ruby": "ruby/pool-v3", "php": "php/pool-v3",
        "models": "models/pool_v3.py"}  # fmt: skip


def description(version: str, *params: str, required: bool = False) -> dict[str, Any]:
    """A one-operation description whose list operation takes `params` as query parameters."""
    parameters = [{"name": p, "in": "query", "required": required, "schema": {"type": "string"}} for p in params]
    op = {"operationId": "listPools", "parameters": parameters, "responses": {"200": {"description": "ok"}}}
    return {"openapi": "3.1.0", "info": {"title": "T", "version": version}, "paths": {"/pools": {"get": op}}}


class Layout:
    """A scratch repository for check_policy and record: releases/h/<V>/ and generated/openapi/."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.root = root
        self.releases = root / "releases"
        self.generated = root / "generated"
        (self.generated / "openapi").mkdir(parents=True)
        self.releases.mkdir()
        for module, name, value in ((release, "RELEASES", self.releases), (release, "GENERATED", self.generated),
                                    (spec_diff, "RELEASES", self.releases), (spec_diff, "REPO", root),
                                    (release, "REPO", root)):  # fmt: skip
            monkeypatch.setattr(module, name, value)
        self.digests = {"python": "p1", "go": "g1"}
        self.gone: list[str] = []
        self.asked: list[tuple[str, str]] = []  # removed_names(host, previous)
        monkeypatch.setattr(release, "client_digests", lambda host: {"h": dict(self.digests)}[host])
        monkeypatch.setattr(release, "removed_names", self.removed_names)
        monkeypatch.setattr(release, "surface", lambda host: {"h": {"go": ["Name"]}}[host])

    def removed_names(self, host: str, previous: str) -> list[str]:
        self.asked.append((host, previous))
        return list(self.gone)

    def current(self, doc: dict[str, Any]) -> None:
        for suffix in (".json", ".deref.json"):
            (self.generated / "openapi" / f"h{suffix}").write_text(json.dumps(doc), encoding="utf-8")
        (self.generated / "openapi" / "h.yaml").write_text(f"version: {doc['info']['version']}\n", encoding="utf-8")

    def released(self, doc: dict[str, Any], clients: dict[str, str] | None = None) -> None:
        version = doc["info"]["version"]
        folder = self.releases / "h" / version
        folder.mkdir(parents=True)
        (folder / f"h-{version}.deref.json").write_text(json.dumps(doc), encoding="utf-8")
        if clients is not None:
            (folder / "clients.json").write_text(json.dumps(clients), encoding="utf-8")


@pytest.fixture
def layout(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Layout:
    return Layout(tmp_path, monkeypatch)


def test_a_first_release_has_no_changes_and_no_previous(layout: Layout) -> None:
    layout.current(description("1.0.0"))
    assert release.check_policy("h", "1.0.0") == ([], None)


def test_a_patch_with_no_api_change_passes_and_lists_the_version_change(layout: Layout) -> None:
    layout.released(description("1.0.0"))
    layout.current(description("1.0.1"))
    changes, previous = release.check_policy("h", "1.0.1")
    assert (previous, [c.what for c in changes]) == ("1.0.0", ["info.version 1.0.0 -> 1.0.1"])


def test_an_api_change_needs_at_least_a_minor_bump(layout: Layout) -> None:
    layout.released(description("1.0.0"))
    layout.current(description("1.0.1", "page"))
    with pytest.raises(release.ReleaseError, match=r"^h: 1 change\(s\) to the API since 1\.0\.0 need at least a minor "
                                                   r"bump \(info\.version is 1\.0\.1\)$"):  # fmt: skip
        release.check_policy("h", "1.0.1")
    layout.current(description("1.1.0", "page"))
    assert release.check_policy("h", "1.1.0")[1] == "1.0.0"


def test_a_breaking_change_needs_a_major_bump(layout: Layout) -> None:
    layout.released(description("1.0.0"))
    layout.current(description("1.1.0", "page", required=True))
    with pytest.raises(release.ReleaseError, match=r"^h: 1 breaking change\(s\) since 1\.0\.0 need a major version"):
        release.check_policy("h", "1.1.0")
    layout.current(description("2.0.0", "page", required=True))
    assert release.check_policy("h", "2.0.0")[1] == "1.0.0"


def test_a_removed_public_name_needs_a_major_bump(layout: Layout) -> None:
    layout.released(description("1.0.0"))
    layout.current(description("1.0.1"))
    layout.gone = [f"go: N{i}" for i in range(21)]
    with pytest.raises(release.ReleaseError) as caught:
        release.check_policy("h", "1.0.1")
    assert layout.asked == [("h", "1.0.0")]
    assert str(caught.value) == ("h: 21 public name(s) of the clients since 1.0.0 are gone, which breaks their "
                                 "callers: need a major version bump (info.version is 1.0.1)\n"
                                 + "\n".join(f"  go: N{i}" for i in range(20)) + "\n  ...")  # fmt: skip
    layout.gone = layout.gone[:20]
    with pytest.raises(release.ReleaseError, match=r"is 1\.0\.1\)\n  go: N0\n(.|\n)*  go: N19$"):  # no "..."
        release.check_policy("h", "1.0.1")
    layout.current(description("2.0.0"))
    assert release.check_policy("h", "2.0.0")[1] == "1.0.0"


def test_a_version_older_than_the_last_release_is_refused(layout: Layout) -> None:
    layout.released(description("1.0.0"))
    layout.released(description("1.1.0"))
    layout.released(description("1.2.0"))
    layout.current(description("1.1.5"))
    older = r"^h: info\.version 1\.1\.5 is not newer than the last release 1\.2\.0$"
    with pytest.raises(release.ReleaseError, match=older):
        release.check_policy("h", "1.1.5")


def test_a_released_version_may_be_released_again_only_unchanged(layout: Layout) -> None:
    layout.released(description("1.0.0"))
    layout.released(description("1.0.1"), clients={"python": "p1", "go": "g1"})
    layout.current(description("1.0.1"))
    layout.gone = ["go: X"]  # the notes of a re-release are the first release's: no gate runs again
    changes, previous = release.check_policy("h", "1.0.1")
    assert (previous, [c.what for c in changes]) == ("1.0.0", ["info.version 1.0.0 -> 1.0.1"])
    layout.digests = {"python": "p2", "go": "g2", "ruby": "r"}
    with pytest.raises(release.ReleaseError) as caught:
        release.check_policy("h", "1.0.1")
    assert str(caught.value) == ("h 1.0.1 is released and its clients have changed since (go, python, ruby): bump "
                                 "info.version, so that a pinned client version names one code")  # fmt: skip
    layout.current(description("1.0.1", "page"))
    with pytest.raises(release.ReleaseError, match=r"^h 1\.0\.1 is released and the description has changed since: "
                                                   r"bump info\.version$"):  # fmt: skip
        release.check_policy("h", "1.0.1")


def test_recording_a_release_keeps_the_description_the_clients_and_a_changelog_section(layout: Layout) -> None:
    layout.current(description("1.0.0"))
    (layout.releases / "h").mkdir()
    (layout.releases / "h" / "NOTES.md").write_text("  Why this release.  \n", encoding="utf-8")
    release.record("h", "1.0.0", "## h 1.0.0 (day)\n\nFirst release.\n")
    folder = layout.releases / "h" / "1.0.0"
    assert sorted(p.name for p in folder.iterdir()) == ["clients.json", "h-1.0.0.deref.json", "h-1.0.0.json",
                                                       "h-1.0.0.yaml", "surface.json"]  # fmt: skip
    assert (folder / "h-1.0.0.yaml").read_text(encoding="utf-8") == "version: 1.0.0\n"
    assert json.loads((folder / "clients.json").read_text(encoding="utf-8")) == {"go": "g1", "python": "p1"}
    assert (folder / "clients.json").read_text(encoding="utf-8").startswith('{\n  "go": "g1"')
    assert (folder / "surface.json").read_text(encoding="utf-8") == '{\n "go": [\n  "Name"\n ]\n}\n'
    head = "# Changelog of the h description\n\nNewest first. Written by `make release`.\n\n"
    changelog = layout.releases / "h" / "CHANGELOG.md"
    first = "## h 1.0.0 (day)\n\nFirst release.\n\nNotes:\n\nWhy this release.\n"
    assert changelog.read_text(encoding="utf-8") == head + first
    assert (layout.releases / "h" / "NOTES.md").read_text(encoding="utf-8") == ""
    layout.current(description("1.0.1"))
    release.record("h", "1.0.1", "## h 1.0.1 (day)\n\nChanges.\n")
    assert changelog.read_text(encoding="utf-8") == (head + "## h 1.0.1 (day)\n\nChanges.\n\n## h 1.0.0 (day)\n\n"
                                                     "First release.\n\nNotes:\n\nWhy this release.\n")  # fmt: skip


def test_recording_a_released_version_again_only_adds_what_it_lacks(layout: Layout) -> None:
    layout.current(description("1.0.0"))
    layout.released(description("1.0.0"))
    (layout.releases / "h" / "CHANGELOG.md").write_text("kept\n", encoding="utf-8")
    release.record("h", "1.0.0", "## h 1.0.0 (day)\n")
    folder = layout.releases / "h" / "1.0.0"
    assert sorted(p.name for p in folder.iterdir()) == ["clients.json", "h-1.0.0.deref.json", "surface.json"]
    assert (layout.releases / "h" / "CHANGELOG.md").read_text(encoding="utf-8") == "kept\n"
    (folder / "clients.json").write_text("{}", encoding="utf-8")
    release.record_clients("h", "1.0.0")
    assert (folder / "clients.json").read_text(encoding="utf-8") == "{}"  # a recorded digest is never rewritten


def test_the_workflows_point_at_this_releases_bundles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    generated = tree(tmp_path / "generated", {
        "openapi/swap.arazzo.yaml": b"arazzo: 1.0.1\nsourceDescriptions:\n- name: tx\n  url: ./transaction-v1.yaml\n"
                                    b"- name: pools\n  url: ./pool-v3.yaml\n",
        "openapi/pools.arazzo.yaml": b"arazzo: 1.0.1\nsourceDescriptions:\n- name: pools\n  url: ./pool-v3.yaml\n",
        "openapi/pool-v3.yaml": b"not a workflow\n"})  # fmt: skip
    monkeypatch.setattr(release, "GENERATED", generated)
    out = tmp_path / "out" / "workflows"
    release.workflows(out, {"transaction-v1": "2.0.0", "pool-v3": "3.1.0"})
    assert sorted(p.name for p in out.iterdir()) == ["pools.arazzo.yaml", "swap.arazzo.yaml"]
    doc = oas.load_document(out / "swap.arazzo.yaml")
    assert [d["url"] for d in doc["sourceDescriptions"]] == ["../transaction-v1/2.0.0/transaction-v1-2.0.0.yaml",
                                                             "../pool-v3/3.1.0/pool-v3-3.1.0.yaml"]  # fmt: skip
    with pytest.raises(release.ReleaseError, match=r"^pools\.arazzo\.yaml: its source \./pool-v3\.yaml is not released "
                                                   r"with it$"):  # fmt: skip
        release.workflows(tmp_path / "again", {"transaction-v1": "2.0.0"})


def test_the_cargo_registry_holds_an_index_line_and_the_crate_of_each_host_and_the_runtime(tmp_path: Path) -> None:
    runtime = f"raydium-api-runtime-{runtimes.rust_version()}.crate"
    dist = tree(tmp_path, {"pool-v3/3.1.0/rust/raydium-pool-v3-client-3.1.0.crate": b"crate bytes",
                           f"runtime/rust/{runtime}": b"runtime bytes"})  # fmt: skip
    release.cargo_registry(dist, {"pool-v3": "3.1.0"})
    manifest = tomllib.loads((release.GENERATED / "rust" / "pool-v3" / "Cargo.toml").read_text(encoding="utf-8"))
    crate = dist / "pool-v3" / "3.1.0" / "rust" / "raydium-pool-v3-client-3.1.0.crate"
    line = (dist / "cargo" / "index" / "ra" / "yd" / "raydium-pool-v3-client").read_text(encoding="utf-8")
    assert line == json.dumps(release.index_entry(manifest, crate), separators=(",", ":")) + "\n"
    assert json.loads(line)["cksum"] == hashlib.sha256(b"crate bytes").hexdigest()
    assert (dist / "cargo" / "raydium-pool-v3-client-3.1.0.crate").read_bytes() == b"crate bytes"
    # the client's dependency on the runtime is in the same registry (null), the others on crates.io
    deps = {d["name"]: d for d in json.loads(line)["deps"]}
    assert deps["raydium-api-runtime"]["registry"] is None
    # the version the generated crate pins (the spec-test gate runs before generation, so a
    # runtime version just bumped is not in generated/ yet; the drift test holds them together)
    assert deps["raydium-api-runtime"]["req"] == manifest["dependencies"]["raydium-api-runtime"]["version"]
    assert {d["registry"] for name, d in deps.items() if name != "raydium-api-runtime"} == {release.CRATES_IO}
    entry = json.loads((dist / "cargo" / "index" / "ra" / "yd" / "raydium-api-runtime").read_text(encoding="utf-8"))
    assert (entry["name"], entry["vers"]) == ("raydium-api-runtime", runtimes.rust_version())
    assert entry["cksum"] == hashlib.sha256(b"runtime bytes").hexdigest()
    assert (dist / "cargo" / runtime).read_bytes() == b"runtime bytes"


def test_a_published_crate_takes_the_runtime_from_the_registry_not_a_folder(tmp_path: Path) -> None:
    """As `cargo package` would write the manifest for the `raydium` registry: a crate from the
    registry has no folder beside it."""
    generated = release.GENERATED / "rust" / "pool-v3"
    dependencies = tomllib.loads((generated / "Cargo.toml").read_text(encoding="utf-8"))["dependencies"]
    pinned = dependencies["raydium-api-runtime"]
    published = release.published_crate(generated, tmp_path)
    manifest = tomllib.loads((published / "Cargo.toml").read_text(encoding="utf-8"))
    assert manifest["dependencies"]["raydium-api-runtime"] == {
        "version": pinned["version"], "registry-index": release.RAYDIUM_INDEX}  # fmt: skip
    assert "path" in pinned  # generated/ takes it from the folder beside it
    assert (published / "src" / "contract.rs").read_bytes() == (
        release.GENERATED / "rust" / "pool-v3" / "src" / "contract.rs").read_bytes()  # fmt: skip
    (published / "Cargo.toml").write_text('[package]\nname = "x"\n', encoding="utf-8")
    with pytest.raises(release.ReleaseError, match=r"no dependency on the shared runtime by path"):
        release.published_crate(published, tmp_path / "again")


def runtime_at(layout: Layout, version: str, code: str) -> release.Runtime:
    """The Python runtime in the scratch layout at `version`, its errors module being `code`."""
    tree(layout.generated / "python" / "raydium-api-runtime",
         {"raydium_api_runtime/__init__.py": b"", "raydium_api_runtime/errors.py": code.encode()})  # fmt: skip
    return release.Runtime("python", version)


def test_the_runtime_is_released_at_its_own_version_under_the_clients_rules(layout: Layout) -> None:
    """The shared runtime keeps the clients' version policy (decision 66): a released version
    names one code, a new version is newer, and a public name that is gone needs a major bump."""
    first = runtime_at(layout, "1.0.0", "class ApiError(Exception):\n    pass\n\n\ndef send(client):\n    pass\n")
    release.check_runtime(first)  # nothing released yet
    release.record_runtime(first)
    recorded = json.loads((layout.releases / "runtime" / "python.json").read_text(encoding="utf-8"))
    assert recorded == {"1.0.0": {"digest": first.digest(), "surface": [
        "raydium_api_runtime", "raydium_api_runtime.errors", "raydium_api_runtime.errors.ApiError",
        "raydium_api_runtime.errors.send", "raydium_api_runtime.errors.send(client)"]}}  # fmt: skip
    release.check_runtime(first)  # the same code again: a re-release
    changed = runtime_at(layout, "1.0.0", "class ApiError(Exception):\n    pass\n\n\ndef send(client, policy):\n    pass\n")  # noqa: E501
    with pytest.raises(release.ReleaseError, match=r"raydium-api-runtime \(python\) 1.0.0 is released and its code"):
        release.check_runtime(changed)
    release.check_runtime(release.Runtime("python", "1.0.1"))  # bumped: a name added is fine
    release.record_runtime(release.Runtime("python", "1.0.1"))
    with pytest.raises(release.ReleaseError, match=r"not newer than the last release 1\.0\.1"):
        release.check_runtime(release.Runtime("python", "0.9.0"))
    runtime_at(layout, "1.1.0", "def send(client, policy):\n    pass\n")
    with pytest.raises(release.ReleaseError, match=r"1 public name\(s\) since 1.0.1 are gone.*\n  raydium_api_runtime"
                                                   r"\.errors\.ApiError"):  # fmt: skip
        release.check_runtime(release.Runtime("python", "1.1.0"))
    release.check_runtime(release.Runtime("python", "2.0.0"))
    assert list(json.loads((layout.releases / "runtime" / "python.json").read_text(encoding="utf-8"))) == [
        "1.0.0", "1.0.1"]


def test_the_simple_index_lists_the_runtime_beside_the_clients(tmp_path: Path) -> None:
    dist = tree(tmp_path, {"pool-v3/3.0.0/python/raydium_pool_v3_client-3.0.0-py3-none-any.whl": b"w",
                           "runtime/python/raydium_api_runtime-1.0.0-py3-none-any.whl": b"r",
                           "runtime/python/raydium_api_runtime-1.0.0.tar.gz": b"s"})  # fmt: skip
    release.simple_index(dist)
    page = (dist / "python" / "simple" / "raydium-api-runtime" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../../../runtime/python/raydium_api_runtime-1.0.0-py3-none-any.whl#sha256=' in page
    assert "raydium_api_runtime-1.0.0.tar.gz</a>" in page
    assert '<a href="raydium-api-runtime/">' in (dist / "python" / "simple" / "index.html").read_text(encoding="utf-8")


def test_a_recorded_surface_is_read_back_for_each_client_that_is_still_that_code(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    """Decisions 92 and 115: the names a release recorded stand for each client whose digest is
    the one recorded with them (the host's version's record, else the newest release's); only
    the other clients are read by the tools, and the lists keep surface.json's order."""
    releases, generated = tmp_path / "releases", tmp_path / "generated"
    (generated / "openapi").mkdir(parents=True)
    monkeypatch.setattr(release, "RELEASES", releases)
    monkeypatch.setattr(spec_diff, "RELEASES", releases)
    monkeypatch.setattr(release, "GENERATED", generated)
    clients = [key for key in client_surface.LISTS if " " not in key]
    digests = {client: f"{client}1" for client in clients} | {"models": "m1"}
    monkeypatch.setattr(release, "client_digests", lambda host: dict(digests))

    def current(version: str) -> None:
        (generated / "openapi" / "h.json").write_text(json.dumps(description(version)), encoding="utf-8")

    def recorded(version: str, names: str, digest: str = "1") -> None:
        folder = releases / "h" / version
        folder.mkdir(parents=True)
        (folder / "clients.json").write_text(json.dumps({c: f"{c}{digest}" for c in clients}), encoding="utf-8")
        (folder / "surface.json").write_text(json.dumps({key: [names] for key in reversed(client_surface.LISTS)}),
                                             encoding="utf-8")  # fmt: skip

    asked: list[set[str]] = []

    def read_by_the_tools(host: str, only: set[str]) -> dict[str, list[str]]:
        asked.append(set(only))
        return {key: ["Read"] for key in client_surface.LISTS if key.split(" ")[0] in only}

    monkeypatch.setattr(client_surface, "surface", read_by_the_tools)
    surface = release.surface.__wrapped__  # without the per-process cache
    current("1.0.0")
    assert surface("h") == {key: ["Read"] for key in client_surface.LISTS}  # nothing recorded: all read
    assert asked == [set(clients)]
    recorded("0.9.0", "Older")
    recorded("1.0.0", "Recorded")
    recorded("0.9.1", "Newer than 0.9.0", digest="9")
    asked.clear()
    whole = surface("h")
    assert (whole, asked) == ({key: ["Recorded"] for key in client_surface.LISTS}, [])
    assert list(whole) == list(client_surface.LISTS)  # surface.json's order, whatever the record's
    digests["go"] = "go2"  # the Go client changed since 1.0.0 was recorded: only Go is read again
    assert surface("h") == {key: ["Read" if key.startswith("go") else "Recorded"] for key in client_surface.LISTS}
    assert asked == [{"go"}]
    current("1.0.1")  # a version not recorded yet: the newest record stands for the clients it recorded
    asked.clear()
    assert surface("h") == {key: ["Read" if key.startswith("go") else "Recorded"] for key in client_surface.LISTS}
    assert asked == [{"go"}]
    current("0.9.1")  # the version's own record, though an older one: none of its digests match
    asked.clear()
    assert surface("h") == {key: ["Read"] for key in client_surface.LISTS}
    assert asked == [set(clients)]
