"""What the differ says for each kind of change, word for word: the plain words `make diff`
and the gate print, and the sentence the release notes carry (with, for a breaking change,
what a client built from the old description meets). Then the command itself: its --help,
the base it reads from git or a release record, and the report it writes, on a small
repository of its own."""

from __future__ import annotations

import copy
import io
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from test_spec_diff import BASE, FAILURE, document, edited, op_of, schema_of, with_param

from scripts.release import spec_diff

# A change as the report (--json) carries it: operation, breaking, plain words, sentence
Found = tuple[str, bool, str, str]


def found(old: dict[str, Any], new: dict[str, Any]) -> list[Found]:
    differ = spec_diff.Differ("h")
    differ.documents(old, new)
    return [(c.operation, c.breaking, c.what, c.sentence) for c in differ.changes]


def param(d: dict[str, Any]) -> dict[str, Any]:
    return schema_of(op_of(d), "param")


def body(d: dict[str, Any]) -> dict[str, Any]:
    return schema_of(op_of(d), "body")


def response(d: dict[str, Any]) -> dict[str, Any]:
    return schema_of(op_of(d), "response")


def responding(schema: dict[str, Any]) -> dict[str, Any]:
    """A document whose success response is `schema`."""
    return document({"type": "integer"}, {"type": "object"}, schema)


NO_BODY = copy.deepcopy(BASE)
op_of(NO_BODY).pop("requestBody")

STATUSES = copy.deepcopy(BASE)
op_of(STATUSES)["responses"].update({"4XX": FAILURE, "5XX": FAILURE, "404": {"description": "no body"}})

WORDS: list[tuple[str, Any, dict[str, Any] | None, list[Found]]] = [
    ("version", lambda d: d["info"].update(version="2.0.0"), None,
     [("", False, "info.version 1.0.0 -> 2.0.0", "The description is now version 2.0.0.")]),
    ("operation replaced", lambda d: d["paths"].update({"/y": {"get": {"responses": {}}}}) or d["paths"].pop("/x"),
     None, [("doX", True, "operation POST /x removed",
             "`POST /x` is gone: a call to it fails, and the clients lose its method."),
            ("GET /y", False, "operation GET /y added", "New operation `GET /y`.")]),
    ("operationId renamed", lambda d: op_of(d).update(operationId="doZ"), None,
     [("doZ", True, "operationId 'doX' renamed to 'doZ' (POST /x)",
       "`POST /x` is renamed from `doX` to `doZ`: the clients' method for it changes its name.")]),
    ("parameter removed", lambda d: op_of(d).update(parameters=[]), None,
     [("doX", True, "query parameter 'q' removed",
       "The query parameter `q` is gone: a client that sends it may be refused.")]),
    ("parameters added", lambda d: op_of(d)["parameters"].extend([{"name": "k", "in": "header"},
                                                                  {"name": "p", "in": "path", "required": True}]),
     None, [("doX", False, "optional header parameter 'k' added", "New header parameter `k`, optional."),
            ("doX", True, "required path parameter 'p' added",
             "New path parameter `p`, required: a call without it is refused.")]),
    ("parameter made optional", lambda d: op_of(d)["parameters"][0].update(required=False), with_param(required=True),
     [("doX", False, "query parameter 'q' made optional", "The query parameter `q` is now optional.")]),
    ("request body removed", lambda d: op_of(d).pop("requestBody"), None,
     [("doX", True, "request body removed", "The request body is gone: a client that sends one may be refused.")]),
    ("optional request body added", lambda d: op_of(d).update(requestBody={"content": {}}), NO_BODY,
     [("doX", False, "request body added", "New request body, optional.")]),
    ("required request body added", lambda d: op_of(d).update(requestBody={"required": True, "content": {}}), NO_BODY,
     [("doX", True, "request body added", "New request body, required: a call without it is refused.")]),
    ("request body made required", lambda d: op_of(d)["requestBody"].update(required=True), None,
     [("doX", True, "request body made required",
       "The request body is now required: a call without it is refused.")]),
    ("statuses", lambda d: op_of(d).update(responses={"200": op_of(d)["responses"]["200"], "201": {},
                                                      "default": FAILURE}), STATUSES,
     [("doX", True, "response 404 removed", "Response 404 is no longer declared: a client's branch for it goes."),
      ("doX", False, "response 4XX now declared by default (same body)",
       "Response 4XX is now declared by `default`, with the same body: nothing changes on the wire."),
      ("doX", False, "response 5XX now declared by default (same body)",
       "Response 5XX is now declared by `default`, with the same body: nothing changes on the wire."),
      ("doX", False, "response 201 added", "Response 201 is newly declared."),
      ("doX", False, "response default added", "Response default is newly declared.")]),
    ("a parameter given a type", lambda d: param(d).update(type="string"), with_param(schema={}),
     [("doX", True, "query parameter 'q': type ['string'] added",
       "The query parameter `q` is now a string: a value of another type is refused.")]),
    ("the response given a type", lambda d: response(d).update(type="object"), responding({}),
     [("doX", False, "response: type ['object'] added", "The response is now an object.")]),
    ("a parameter's type changed", lambda d: param(d).update(type="string"), None,
     [("doX", True, "query parameter 'q': type ['integer'] -> ['string']",
       "The query parameter `q` is now a string, not an integer: a value the old description allowed may be "
       "refused.")]),
    ("the response's type changed", lambda d: response(d).update(type="integer"), responding({"type": "string"}),
     [("doX", True, "response: type ['string'] -> ['integer']",
       "The response is now an integer, not a string: a client that decodes the old type may fail.")]),
    ("a parameter's enum changed", lambda d: param(d).update(enum=[1, 3]),
     with_param(schema={"type": "integer", "enum": [1, 2]}),
     [("doX", True, "query parameter 'q': enum value 2 removed",
       "The query parameter `q` can no longer be `2`: a client that sends it may be refused."),
      ("doX", False, "query parameter 'q': enum value 3 added", "The query parameter `q` can now be `3`.")]),
    ("a response enum value removed", lambda d: response(d)["allOf"][1]["properties"]["kind"]["enum"].remove("q"),
     None, [("doX", True, "response.kind: enum value 'q' removed",
             "`kind` in the response can no longer be `q`: a client's branch for it goes.")]),
    ("a response enum value added", lambda d: response(d)["enum"].append("b"),
     responding({"type": "string", "enum": ["a"]}),
     [("doX", True, "response: enum value 'b' added",
       "The response can now be `b`: a client that knows a closed list of values fails on it.")]),
    ("a parameter given a format", lambda d: param(d).update(format="int32"), with_param(schema={"type": "integer"}),
     [("doX", True, "query parameter 'q': format 'int32' added",
       "The query parameter `q` now has the format `int32`: a value that does not match it is refused.")]),
    ("the response given a format", lambda d: response(d).update(format="uuid"), responding({"type": "string"}),
     [("doX", False, "response: format 'uuid' added", "The response now has the format `uuid`.")]),
    ("a parameter's format dropped", lambda d: param(d).pop("format"),
     with_param(schema={"type": "integer", "format": "int32"}),
     [("doX", False, "query parameter 'q': format 'int32' removed",
       "The query parameter `q` no longer has the format `int32`.")]),
    ("the response's format dropped", lambda d: response(d).pop("format"),
     responding({"type": "string", "format": "uuid"}),
     [("doX", True, "response: format 'uuid' removed",
       "The response no longer has the format `uuid`: a client that decodes it as one may fail.")]),
    ("a parameter's integer format narrowed", lambda d: param(d).update(format="int32"),
     with_param(schema={"type": "integer", "format": "int64"}),
     [("doX", True, "query parameter 'q': format 'int64' -> 'int32'",
       "The query parameter `q` now has the format `int32`, not `int64`: a client built for `int64` may fail.")]),
    # uint32 and uint64 share their minimum: the range only grows
    ("a parameter's unsigned format widened", lambda d: param(d).update(format="uint64"),
     with_param(schema={"type": "integer", "format": "uint32"}),
     [("doX", False, "query parameter 'q': format 'uint32' -> 'uint64'",
       "The query parameter `q` now has the format `uint64`, not `uint32`.")]),
    # int32 reaches below uint32's 0, but not up to its maximum: a request value it held is refused
    ("a parameter's unsigned format made signed", lambda d: param(d).update(format="int32"),
     with_param(schema={"type": "integer", "format": "uint32"}),
     [("doX", True, "query parameter 'q': format 'uint32' -> 'int32'",
       "The query parameter `q` now has the format `int32`, not `uint32`: a client built for `uint32` may fail.")]),
    # ... and a response value below 0 is one a uint32 client cannot hold
    ("the response's unsigned format made signed", lambda d: response(d).update(format="int32"),
     responding({"type": "integer", "format": "uint32"}),
     [("doX", True, "response: format 'uint32' -> 'int32'",
       "The response now has the format `int32`, not `uint32`: a client built for `uint32` may fail.")]),
    ("the response's unsigned format narrowed", lambda d: response(d).update(format="uint32"),
     responding({"type": "integer", "format": "uint64"}),
     [("doX", False, "response: format 'uint64' -> 'uint32'",
       "The response now has the format `uint32`, not `uint64`.")]),
    ("an integer format to one of another kind", lambda d: param(d).update(format="timestamp"),
     with_param(schema={"type": "integer", "format": "int64"}),
     [("doX", True, "query parameter 'q': format 'int64' -> 'timestamp'",
       "The query parameter `q` now has the format `timestamp`, not `int64`: a client built for `int64` may "
       "fail.")]),
    ("a format of another kind to an integer one", lambda d: param(d).update(format="int64"),
     with_param(schema={"type": "integer", "format": "timestamp"}),
     [("doX", True, "query parameter 'q': format 'timestamp' -> 'int64'",
       "The query parameter `q` now has the format `int64`, not `timestamp`: a client built for `timestamp` may "
       "fail.")]),
    ("a parameter given a maximum", lambda d: param(d).update(maximum=40), with_param(schema={"type": "integer"}),
     [("doX", True, "query parameter 'q': maximum 40 added",
       "The query parameter `q` now has a maximum of 40: a value it admitted before may be refused.")]),
    ("a parameter given the maximum its format held", lambda d: param(d).update(maximum=2**64 - 1),
     with_param(schema={"type": "integer", "format": "uint64"}),
     [("doX", False, "query parameter 'q': maximum 18446744073709551615 added",
       "The query parameter `q` now has a maximum of 18446744073709551615.")]),
    ("a parameter given a pattern", lambda d: param(d).update(pattern="^[0-9]+$"),
     with_param(schema={"type": "string"}),
     [("doX", True, "query parameter 'q': pattern None -> '^[0-9]+$'",
       "The query parameter `q` must now match `^[0-9]+$`: a value it admitted before may be refused.")]),
    ("the fields of an object parameter", lambda d: param(d)["properties"].pop("a") and param(d).update(
        required=["b"]), with_param(schema={"type": "object", "properties": {"a": {"type": "string"},
                                                                            "b": {"type": "string"}}}),
     [("doX", True, "query parameter 'q': field 'a' removed",
       "The query parameter `q.a` is gone: a client that sends it may be refused."),
      ("doX", True, "query parameter 'q'.b made required",
       "The query parameter `q.b` is now required: a call without it is refused.")]),
    ("request fields added", lambda d: body(d)["properties"].update(n={"type": "string"}, r={"type": "string"})
     or body(d).update(required=["r"]), None,
     [("doX", False, "request body: optional field 'n' added", "New optional field `n` in the request body."),
      ("doX", True, "request body: required field 'r' added",
       "New required field `r` in the request body: a call without it is refused.")]),
    ("response fields added", lambda d: response(d)["allOf"][0]["properties"].update(m={"type": "string"},
                                                                                     n={"type": "string"})
     or response(d)["allOf"][0]["required"].append("n"), None,
     [("doX", False, "response: optional field 'm' added", "New optional field `m` in the response."),
      ("doX", False, "response: required field 'n' added", "New required field `n` in the response.")]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "base", "expected"), WORDS, ids=[c[0] for c in WORDS])
def test_each_change_in_plain_words_and_as_a_sentence(name: str, edit: Any, base: dict[str, Any] | None,
                                                      expected: list[Found]) -> None:  # fmt: skip
    assert found(*edited(edit, base)) == expected


def test_a_change_added_without_a_sentence_is_said_in_its_plain_words() -> None:
    differ = spec_diff.Differ("h")
    differ.add("doX", False, "something changed")
    differ.add("doX", True, "something broke")
    assert differ.changes == [spec_diff.Change("h", "doX", False, "something changed", ""),
                              spec_diff.Change("h", "doX", True, "something broke", "")]  # fmt: skip
    assert [c.said for c in differ.changes] == ["something changed", "something broke"]


def test_a_breaking_change_without_a_reason_ends_at_its_sentence() -> None:
    differ = spec_diff.Differ("h")
    differ.add("doX", True, "something broke", "Something breaks")
    differ.add("doX", False, "something changed", "Something changes", "no client minds")
    assert [c.said for c in differ.changes] == ["Something breaks.", "Something changes."]


def test_a_field_name_keeps_its_own_first_letters() -> None:
    assert spec_diff._where("response.Xid") == "`Xid` in the response"
    assert spec_diff._where("request body.XRate", True) == "`XRate` in the request body"


def test_a_parameter_without_a_location_or_a_name_is_still_compared() -> None:
    """A parameter missing `in` or `name` (a description mid-edit) is indexed with that part
    empty, next to complete ones, and reported like any other."""
    old = with_param()
    op_of(old)["parameters"] += [{"in": "query", "schema": {}}, {"name": "r", "schema": {}}]
    new = with_param()
    op_of(new)["parameters"] = []
    assert [(breaking, what) for _, breaking, what, _ in found(old, new)] == [
        (True, " parameter 'r' removed"),
        (True, "query parameter '' removed"),
        (True, "query parameter 'q' removed"),
    ]


# -- the command on a repository of its own ----------------------------------------

OLD = copy.deepcopy(BASE)
OLD["info"]["title"] = "Münzen"  # not ASCII: the descriptions are UTF-8
NEW = copy.deepcopy(OLD)
NEW["info"]["version"] = "1.1.0"
op_of(NEW)["parameters"] = []
BUNDLE = {"info": {"title": "Münzen", "version": "1.1.0"}}

GIT_ENV = {"GIT_AUTHOR_NAME": "Spec Diff", "GIT_AUTHOR_EMAIL": "spec-diff@example.com",
           "GIT_AUTHOR_DATE": "2024-01-01T00:00:00+00:00", "GIT_COMMITTER_NAME": "Spec Diff",
           "GIT_COMMITTER_EMAIL": "spec-diff@example.com", "GIT_COMMITTER_DATE": "2024-01-01T00:00:00+00:00",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "LC_ALL": "C"}  # fmt: skip


def git(repo: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """git's output in a scratch repository: a fixed identity and time (GIT_ENV, then env), no user config."""
    merged = {**os.environ, **GIT_ENV, **(env or {})}
    return subprocess.run(["git", *args], cwd=repo, env=merged, capture_output=True, text=True,
                          check=True).stdout.strip()  # fmt: skip


def write_json(path: Path, doc: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class Repo:
    path: Path
    first: str  # the root commit: no description in it
    described: str  # the commit that adds host h's description (OLD)
    releases: Path  # a last release of h, at 1.0.0 (OLD)


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Repo:
    """A repository whose first commit has no description, whose second adds host h's (OLD),
    and whose working tree has h at 1.1.0 with its query parameter removed (NEW)."""
    path = tmp_path_factory.mktemp("spec-diff-repo")
    git(path, "init", "-q")
    (path / "README").write_text("spec_diff's test repository\n", encoding="utf-8")
    git(path, "add", "README")
    git(path, "commit", "-q", "-m", "first")
    first = git(path, "rev-parse", "HEAD")
    write_json(path / "generated" / "openapi" / "h.deref.json", OLD)
    git(path, "add", "generated")
    git(path, "commit", "-q", "-m", "describe h")
    described = git(path, "rev-parse", "HEAD")
    write_json(path / "generated" / "openapi" / "h.deref.json", NEW)
    write_json(path / "generated" / "openapi" / "h.json", BUNDLE)
    releases = tmp_path_factory.mktemp("spec-diff-releases")
    write_json(releases / "h" / "h.yaml", OLD)  # the bundle of the last release (JSON is YAML)
    return Repo(path, first, described, releases)


@pytest.fixture
def in_repo(repo: Repo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Repo:
    """spec_diff pointed at the repository, run from a folder outside any repository, with no
    release of h, and git speaking English."""
    monkeypatch.setattr(spec_diff, "REPO", repo.path)
    monkeypatch.setattr(spec_diff, "RELEASES", tmp_path / "no-releases")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LC_ALL", "C")
    return repo


def test_the_first_commit_is_the_repositorys_root(in_repo: Repo) -> None:
    assert spec_diff.first_commit() == in_repo.first


def test_a_repository_without_a_commit_has_no_first_commit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """git's own error, naming the command, rather than an empty answer."""
    (tmp_path / "empty").mkdir()
    git(tmp_path / "empty", "init", "-q")
    monkeypatch.setattr(spec_diff, "REPO", tmp_path / "empty")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(subprocess.CalledProcessError) as failed:
        spec_diff.first_commit()
    assert failed.value.cmd == ["git", "rev-list", "--max-parents=0", "HEAD"]


def test_the_description_at_a_git_ref(in_repo: Repo) -> None:
    assert spec_diff.base_document("h", in_repo.described) == (OLD, in_repo.described)


@pytest.mark.parametrize("host", ["h", "k"], ids=["in-the-working-tree", "nowhere"])
def test_a_host_not_described_at_the_ref_has_no_document_there(in_repo: Repo, host: str) -> None:
    assert spec_diff.base_document(host, in_repo.first) == (None, in_repo.first)


def test_without_a_release_the_base_is_the_first_commit(in_repo: Repo) -> None:
    assert spec_diff.base_document("h", None) == (None, in_repo.first)


def test_the_base_is_the_last_release_when_there_is_one(in_repo: Repo, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spec_diff, "RELEASES", in_repo.releases)
    assert spec_diff.base_document("h", None) == (OLD, "release h 1.0.0")


def test_a_ref_git_does_not_know_stops_the_command_with_gits_words(in_repo: Repo) -> None:
    with pytest.raises(SystemExit) as stopped:
        spec_diff.base_document("h", "no-such-ref")
    assert stopped.value.code == "spec_diff: cannot read h at no-such-ref: fatal: invalid object name 'no-such-ref'."


GATE = ("spec_diff: h: info.version is 1.1.0, its last release 1.0.0: versions are written by `make release` alone "
        "(it picks the next one from the changes); set it back to 1.0.0 and say what changed under '## Unreleased' in "
        "releases/h/CHANGELOG.md\n")  # fmt: skip


def test_main_against_a_git_ref_writes_the_report(in_repo: Repo, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """The report goes where --json says, its folders made as needed, and again over the last
    one; it is indented JSON. Against a git ref, the gate has no version to hold: it passes."""
    out = tmp_path / "reports" / "diff" / "h.json"
    assert spec_diff.main(["h", "--base", in_repo.described, "--json", str(out)]) == 0
    assert spec_diff.main(["h", "--base", in_repo.described, "--json", str(out), "--gate"]) == 0
    written = f"""{{
  "h": {{
    "base": "{in_repo.described}",
    "base_version": "1.0.0",
    "changes": [
      {{
        "host": "h",
        "operation": "",
        "breaking": false,
        "what": "info.version 1.0.0 -> 1.1.0",
        "sentence": "The description is now version 1.1.0."
      }},
      {{
        "host": "h",
        "operation": "doX",
        "breaking": true,
        "what": "query parameter 'q' removed",
        "sentence": "The query parameter `q` is gone: a client that sends it may be refused."
      }}
    ]
  }}
}}
"""
    assert out.read_text(encoding="utf-8") == written
    printed = (f"h (since {in_repo.described}): 2 change(s), 1 breaking\n  change: h: info.version 1.0.0 -> 1.1.0\n"
               "  BREAKING: h: doX: query parameter 'q' removed\n")  # fmt: skip
    assert capsys.readouterr() == (printed * 2, "")


def test_main_reports_a_new_host_since_the_first_commit(in_repo: Repo, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    out = tmp_path / "diff.json"
    assert spec_diff.main(["h", "--json", str(out), "--gate"]) == 0
    first = in_repo.first
    assert json.loads(out.read_text(encoding="utf-8")) == {"h": {"base": first, "base_version": None, "changes": [
        {"host": "h", "operation": "", "breaking": False, "what": f"new host (not at {first})",
         "sentence": f"A new host: it was not described at {first}."}]}}  # fmt: skip
    printed = f"h (since {first}): 1 change(s), 0 breaking\n  change: h: new host (not at {first})\n"
    assert capsys.readouterr() == (printed, "")


@pytest.fixture
def ascii_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file opened without an encoding is read and written in the locale's: here ASCII, as
    under LANG=C without Python's UTF-8 mode."""
    default = io.text_encoding

    def text_encoding(encoding: str | None, stacklevel: int = 2) -> str:
        return "ascii" if encoding is None else default(encoding, stacklevel)

    monkeypatch.setattr(io, "text_encoding", text_encoding)


@pytest.mark.usefixtures("ascii_locale")
def test_descriptions_are_read_as_utf8_whatever_the_locale(in_repo: Repo, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    """The last release's bundle, the working tree's description and its bundle all hold
    non-ASCII text. Against the last release, a version that is not its own fails the gate."""
    with pytest.raises(UnicodeDecodeError):
        (in_repo.path / "generated" / "openapi" / "h.json").read_text()  # what the locale alone would do
    monkeypatch.setattr(spec_diff, "RELEASES", in_repo.releases)
    assert spec_diff.main(["h", "--gate"]) == 1
    assert capsys.readouterr() == (
        "h (since release h 1.0.0): 2 change(s), 1 breaking\n  change: h: info.version 1.0.0 -> 1.1.0\n"
        "  BREAKING: h: doX: query parameter 'q' removed\n", GATE)  # fmt: skip


def test_help_says_what_the_command_and_each_option_do(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.setattr(sys, "argv", ["spec_diff.py"])
    monkeypatch.setenv("COLUMNS", "200")
    with pytest.raises(SystemExit) as stopped:
        spec_diff.main(["--help"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == (
        "usage: spec_diff.py [-h] [--base BASE] [--json JSON] [--gate] hosts [hosts ...]\n"
        "\n"
        "What changed in each host's description since a base, and whether it breaks a client.\n"
        "\n"
        "positional arguments:\n"
        "  hosts\n"
        "\n"
        "options:\n"
        "  -h, --help   show this help message and exit\n"
        "  --base BASE  git ref to compare with (default: each host's last release)\n"
        "  --json JSON  write the changes here as JSON\n"
        "  --gate       exit 1 where an info.version is not its last release's\n"
    )
