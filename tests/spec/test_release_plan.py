"""The parts of `make release` that decide, in process: the packages and where their versions
live (scripts/release/packages.py), the changelogs (scripts/release/changelog.py), the records
(scripts/release/records.py), what a release finds and the level it picks (scripts/release/release.py), and
the tags (scripts/release/tags.py). tests/spec/test_releases.py runs whole releases in a clone."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

import pytest

from project import HOSTS, REPO
from scripts.clients import runtimes
from scripts.common import paths, versions
from scripts.release import changelog, packages, records, release
from scripts.release import tags as release_tags
from scripts.release.packages import LANGUAGES, Package, catalogue, named


# -- the packages --------------------------------------------------------------------------------
@pytest.mark.tooling  # not in `make`'s gate: a release writes the new versions before their records
def test_every_package_has_a_changelog_and_a_last_release() -> None:
    names = [p.name for p in catalogue()]
    assert len(names) == len(set(names)) == len(HOSTS) * (1 + len(LANGUAGES)) + len(LANGUAGES) + len(packages.TOOLS)
    for package in catalogue():
        text = package.changelog.read_text(encoding="utf-8")
        assert changelog.UNRELEASED.search(text), package.name
        base = package.baseline()
        if base is None:  # never released: the next release takes its version as its first, with its notes
            assert changelog.read(package.changelog).notes, f"{package.name}: a first release needs its notes"
            assert "\n## " not in text.split("## Unreleased", 1)[1], f"{package.name}: released, but no release.json"
            continue
        assert base["version"] == package.version(), f"{package.name}: its version is not its last release's"
        assert records.path_of(base["release"]).exists(), package.name
    assert sorted(p.name for p in paths.RELEASES.iterdir() if p.is_dir() and p.name != "records") == sorted(names)


def test_each_kind_reads_its_version_where_it_lives() -> None:
    described = json.loads((REPO / "generated" / "openapi" / "pool-v3.json").read_text(encoding="utf-8"))
    assert named("pool-v3").version() == described["info"]["version"]
    assert named("runtime-go").version() == runtimes.go_version()
    assert named("runtime-python").version() == runtimes.python_version()
    assert named("pool-v3-rust").version() == versions.client_versions()["pool-v3-rust"]["version"]
    assert named("ruleset").version() == json.loads((REPO / "lint" / "package.json").read_text())["version"]


@pytest.mark.parametrize(("kind", "relative", "text", "version"), [
    ("description", "spec/h/openapi.yaml",
     "openapi: 3.1.0\ninfo:\n  title: T\n  version: 1.2.3\npaths:\n  version: 9\n", "1.2.3"),
    ("runtime", "python/pyproject.toml", '[project]\nname = "r"\nversion = "2.0.1"\n', "2.0.1"),
    ("runtime", "ruby/lib/raydium_api_runtime/version.rb", "module M\n  VERSION = '2.4.0'.freeze\nend\n", "2.4.0"),
])  # fmt: skip
def test_a_version_line_is_read_and_written_in_place(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str,
                                                     relative: str, text: str, version: str) -> None:  # fmt: skip
    monkeypatch.setattr(packages, "REPO", tmp_path)
    monkeypatch.setattr(versions, "SOURCES", tmp_path)
    path = tmp_path / relative
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    package = Package("h", "description", host="h") if kind == "description" else \
        Package("r", "runtime", language=relative.split("/")[0])  # fmt: skip
    assert package.version() == version
    package.set_version("10.0.0")
    assert path.read_text(encoding="utf-8") == text.replace(version, "10.0.0", 1)
    assert package.version() == "10.0.0"
    path.write_text("nothing here\n", encoding="utf-8")
    with pytest.raises(packages.PackageError, match="no version where"):
        package.version()


def test_a_new_major_version_of_the_go_runtime_moves_its_module_path(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(versions, "SOURCES", tmp_path)
    (tmp_path / "go").mkdir()
    (tmp_path / "go" / "go.mod").write_text("module x.invalid/go/apiruntime/v2\n\ngo 1.19\n", encoding="utf-8")
    (tmp_path / "go" / "version.go").write_text('package a\n\nconst Version = "2.1.2"\n', encoding="utf-8")
    go = Package("runtime-go", "runtime", language="go")
    go.set_version("2.2.0")
    assert runtimes.go_module() == "x.invalid/go/apiruntime/v2"
    go.set_version("3.0.0")
    assert (runtimes.go_module(), go.version()) == ("x.invalid/go/apiruntime/v3", "3.0.0")
    go.set_version("1.0.0")
    assert runtimes.go_module() == "x.invalid/go/apiruntime"  # no /vN below 2, as Go requires


def test_a_clients_version_and_runtime_live_in_client_versions_json(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(versions, "CLIENT_VERSIONS", tmp_path / "client-versions.json")
    assert versions.client_versions() == {}
    versions.set_client_version("h-go", version="1.0.0", runtime="2.1.0")
    versions.set_client_version("a-go", version="0.1.0", runtime="2.0.0")
    versions.set_client_version("h-go", version="1.0.1")
    written = json.loads((tmp_path / "client-versions.json").read_text(encoding="utf-8"))
    assert written["about"] == versions.CLIENT_VERSIONS_ABOUT
    assert list(written["clients"]) == ["a-go", "h-go"]  # sorted
    assert versions.client_version("h", "go") == "1.0.1"
    assert versions.runtime_floor("h", "go") == "2.1.0"
    # a client never released (a host just added) is generated at its first version, on the runtime as it is
    assert versions.client_version("x", "go") == versions.FIRST_CLIENT_VERSION == "0.1.0"
    assert versions.runtime_floor("x", "go") == versions.go_version()
    versions.set_client_version("y-go", version="1.0.0")
    with pytest.raises(versions.VersionError, match="no runtime version of y-go"):
        versions.runtime_floor("y", "go")


@pytest.mark.parametrize(("language", "requirement"), [
    ("python", "raydium-api-runtime>=2.1.0,<3"), ("ruby", "'>= 2.1.0', '< 3'"), ("go", "v2.1.0"),
    ("typescript", "^2.1.0"), ("php", "^2.1.0"), ("rust", "^2.1.0")])  # fmt: skip
def test_a_client_requires_its_runtime_from_its_floor_within_that_major(language: str, requirement: str) -> None:
    assert versions.runtime_requirement(language, "2.1.0") == requirement


def test_a_descriptions_digest_is_its_text_without_its_version(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(packages, "GENERATED", tmp_path)
    bundle = tmp_path / "openapi" / "h.yaml"
    bundle.parent.mkdir()
    text = "openapi: 3.1.0\ninfo:\n  title: T\n  version: 1.0.0\npaths: {}\n"
    bundle.write_text(text, encoding="utf-8")
    description = Package("h", "description", host="h")
    first = description.digest()
    assert first == hashlib.sha256(text.replace("1.0.0", "_").encode()).hexdigest()
    bundle.write_text(text.replace("1.0.0", "2.0.0"), encoding="utf-8")
    assert description.digest() == first  # only the version moved
    bundle.write_text(text.replace("title: T", "title: U"), encoding="utf-8")
    assert description.digest() != first


def test_a_code_digest_covers_each_files_path_and_bytes(tmp_path: Path) -> None:
    folder = tmp_path / "py"
    (folder / "b").mkdir(parents=True)
    (folder / "a.py").write_bytes(b"1")
    (folder / "b" / "c.py").write_bytes(b"2")
    (folder / "b" / "__pycache__").mkdir()
    (folder / "b" / "__pycache__" / "c.pyc").write_bytes(b"bytecode")
    expected = hashlib.sha256(b"py/a.py\n1" + b"py/b/c.py\n2").hexdigest()
    assert packages.code_digest([folder], tmp_path) == expected
    (folder / "b" / "c.py").rename(folder / "b" / "d.py")  # same bytes, another name
    assert packages.code_digest([folder], tmp_path) != expected


def test_each_client_is_the_generated_code_of_its_language() -> None:
    assert {language: packages.client_folder("pool-v3", language).relative_to(REPO).as_posix()
            for language in LANGUAGES} == {
        "python": "generated/python/pool-v3-client", "typescript": "generated/typescript/pool-v3-client",
        "go": "generated/go/pool-v3", "rust": "generated/rust/pool-v3", "ruby": "generated/ruby/pool-v3",
        "php": "generated/php/pool-v3"}  # fmt: skip
    with pytest.raises(packages.PackageError, match="no package named 'nope'"):
        named("nope")


# -- the changelogs ------------------------------------------------------------------------------
def test_a_changelog_keeps_its_unreleased_notes_and_the_level_they_ask_for(tmp_path: Path) -> None:
    path = tmp_path / "CHANGELOG.md"
    assert changelog.read(path) == changelog.Unreleased("", None)
    changelog.start(path, "Changelog: p", "About it.", "## 1.0.0 (2026-01-01)\n\nFirst.\n")
    assert path.read_text(encoding="utf-8") == (
        "# Changelog: p\n\nAbout it.\n\n## Unreleased\n\n## 1.0.0 (2026-01-01)\n\nFirst.\n")
    assert changelog.read(path) == changelog.Unreleased("", None)
    path.write_text(path.read_text().replace("## Unreleased\n", "## Unreleased (minor)\n\nA new call.\n"))
    assert changelog.read(path) == changelog.Unreleased("A new call.", "minor")
    changelog.close(path, "1.1.0", "2026-02-02", "A new call.\n\n- found")
    assert path.read_text(encoding="utf-8") == (
        "# Changelog: p\n\nAbout it.\n\n## Unreleased\n\n## 1.1.0 (2026-02-02)\n\nA new call.\n\n- found\n\n"
        "## 1.0.0 (2026-01-01)\n\nFirst.\n")  # fmt: skip
    assert changelog.read(path) == changelog.Unreleased("", None)
    path.write_text("# no heading\n", encoding="utf-8")
    assert changelog.read(path) == changelog.Unreleased("", None)
    with pytest.raises(changelog.ChangelogError, match="no '## Unreleased' heading"):
        changelog.close(path, "1.0.0", "d", "n")


def test_the_higher_level_wins() -> None:
    assert changelog.higher(None, None) is None
    assert changelog.higher("minor", None) == changelog.higher(None, "minor") == "minor"
    assert changelog.higher("patch", "major") == changelog.higher("major", "minor") == "major"


# -- what a release finds ------------------------------------------------------------------------
def step(name: str = "pool-v3-go", previous: str | None = "1.2.3", **fields: object) -> release.Step:
    return release.Step(named(name), previous, "1.2.3", "patch", **fields)  # type: ignore[arg-type]


def test_the_names_a_release_finds_gone_and_new() -> None:
    before = {"go": ["A", "B"], "go signatures": ["A func()", "B func()"]}
    after = {"go": ["B", "C"], "go signatures": ["B func(int)", "C func()"]}
    gone, new = release.names_found(before, after)
    assert gone == ["go: A", "go signatures: B func()"]
    assert new == ["go: C"]  # a changed signature is gone, not new
    assert release.names_found(None, after) == ([], [])


def test_the_level_the_public_names_ask_for_is_noted() -> None:
    first = step(surface={"go": ["A", "C"]})
    assert release.surface_level(first, {"go": ["A", "B"]}) == "major"
    assert first.found == ["Public names removed, which breaks code that uses them (1): `B`.",
                           "New public names (1): `C`."]  # fmt: skip
    added = step(surface={"go": [f"N{i:02}" for i in range(25)]})
    assert release.surface_level(added, {"go": []}) == "minor"
    assert added.found == ["New public names (25): " + ", ".join(f"`N{i:02}`" for i in range(20)) + " and 5 more."]
    same = step(surface={"go": ["A"]})
    assert (release.surface_level(same, {"go": ["A"]}), same.found) == ("patch", [])


def test_a_level_is_raised_to_what_the_changelog_asks_and_gives_the_version() -> None:
    bumped = step()
    release.finish(bumped, "minor")
    assert (bumped.level, bumped.version) == ("minor", "1.3.0")
    first = step(previous=None)
    release.finish(first, None)
    assert (first.level, first.version) == ("patch", "1.2.3")  # a first release keeps the version it names


def test_a_section_is_the_notes_then_what_the_release_found() -> None:
    assert step(notes="Why.", found=["a", "b"]).section() == "Why.\n\n- a\n- b"
    assert step(found=["a"]).section() == "- a"
    assert step().section() == ""
    assert str(step()) == "pool-v3-go: 1.2.3 -> 1.2.3 (patch)"
    assert str(step(previous=None)) == "pool-v3-go: first release, 1.2.3 (patch)"


def test_a_hand_written_package_needs_notes() -> None:
    with pytest.raises(release.ReleaseError, match=r"runtime-go: why: say what changed for its users under "
                                                   r"'## Unreleased' in releases/runtime-go/CHANGELOG.md"):
        release.needs_notes(step("runtime-go"), "why")
    release.needs_notes(step("runtime-go", notes="A fix."), "why")


def test_a_runtime_major_moves_the_clients_that_no_longer_admit_it() -> None:
    runtime = named("runtime-go")
    current = runtime.version()
    major = release.Step(runtime, current, f"{int(current.split('.')[0]) + 1}.0.0", "major")
    moved = release.floors_to_move({"runtime-go": major})
    assert moved == {f"{host}-go": major.version for host in HOSTS}
    minor = release.Step(runtime, current, f"{current.split('.')[0]}.99.0", "minor")
    assert release.floors_to_move({"runtime-go": minor}) == {}


def test_the_commit_subject_fits_72_characters() -> None:
    short = [step("pool-v3"), step("perps-v1")]
    assert release.subject(7, short) == "Release 7: pool-v3 1.2.3, perps-v1 1.2.3"
    many = [step(p.name) for p in catalogue()]
    assert release.subject(52, many) == f"Release 52: {catalogue()[0].name} 1.2.3 and {len(many) - 1} more"
    assert len(release.subject(52, many)) <= 72


def test_a_hand_edited_version_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    package = named("perps-v1")
    base = package.baseline()
    assert base is not None
    monkeypatch.setattr(Package, "version", lambda self: "99.0.0")
    with pytest.raises(release.ReleaseError, match=f"perps-v1: its version is 99.0.0, its last release "
                                                   f"{base['version']}: versions are written by `make release` alone"):
        release.unchanged_version(package)


def test_the_version_table_says_what_each_client_is_generated_from() -> None:
    table = release.version_table()
    assert set(table) == {p.name for p in catalogue()}
    entry = table["pool-v3-python"]
    assert entry["description"] == named("pool-v3").version()
    floor = versions.runtime_floor("pool-v3", "python")
    assert entry["runtime"] == versions.runtime_requirement("python", floor)
    assert table["runtime-go"] == {"version": runtimes.go_version()}


# -- the records and the tags --------------------------------------------------------------------
def test_a_tag_names_a_package_and_its_version() -> None:
    assert records.tag_name("pool-v3-python", "5.1.3") == "pool-v3-python@5.1.3"
    assert records.parse_tag("pool-v3-python@5.1.3") == ("pool-v3-python", "5.1.3")
    for bad in ("pool-v3", "@1.0.0", "pool-v3@"):
        with pytest.raises(ValueError, match="is not <package>@<version>"):
            records.parse_tag(bad)


def test_the_records_are_numbered_and_found_by_package_version() -> None:
    every = records.all_records()
    assert [r["release"] for r in every] == list(range(1, len(every) + 1))
    assert records.next_number() == len(every) + 1
    last = every[-1]
    name, released = next(iter(last["packages"].items()))
    assert records.find(name, released["version"]) == last
    assert records.find(name, "0.0.0-never") is None


def git(root: Path, *args: str) -> str:
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t.invalid", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t.invalid", "PATH": "/usr/bin:/bin"}  # fmt: skip
    return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True, env=env).stdout.strip()


def test_tags_name_each_records_commit_and_never_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    git(tmp_path, "init", "--quiet")
    git(tmp_path, "commit", "--quiet", "--allow-empty", "-m", "one")
    first = git(tmp_path, "rev-parse", "HEAD")
    git(tmp_path, "commit", "--quiet", "--allow-empty", "-m", "two")
    second = git(tmp_path, "rev-parse", "HEAD")
    folder = tmp_path / "records"
    folder.mkdir()
    for number, commit, released in ((1, first, {"h": {"version": "1.0.0"}, "h-go": {"version": "1.0.0"}}),
                                     (2, second, {"h": {"version": "1.1.0"}})):  # fmt: skip
        (folder / f"{number:04d}.json").write_text(json.dumps(
            {"release": number, "date": "2026-12-05", "commit": commit, "packages": released}), encoding="utf-8")
    monkeypatch.setattr(records, "RECORDS", folder)
    monkeypatch.setattr(release_tags, "REPO", tmp_path)
    monkeypatch.setenv("GIT_COMMITTER_NAME", "t")
    monkeypatch.setenv("GIT_COMMITTER_EMAIL", "t@t.invalid")
    assert release_tags.main(["--dry-run"]) == 0
    assert capsys.readouterr().out == "tags: would write 3 tag(s); 0 already in place\n"
    assert git(tmp_path, "tag") == ""
    assert release_tags.main([]) == 0
    assert git(tmp_path, "rev-parse", "h@1.0.0^{commit}") == git(tmp_path, "rev-parse", "h-go@1.0.0^{commit}") == first
    assert git(tmp_path, "rev-parse", "h@1.1.0^{commit}") == second
    assert git(tmp_path, "cat-file", "-t", "h@1.1.0") == "tag"  # annotated
    assert "h 1.1.0: release 2 (2026-12-05)" in git(tmp_path, "cat-file", "-p", "h@1.1.0")
    assert release_tags.main([]) == 0
    assert capsys.readouterr().out.endswith("tags: wrote 0 tag(s); 3 already in place\n")
    git(tmp_path, "tag", "--force", "h@1.0.0", second)  # a tag moved by hand
    git(tmp_path, "tag", "--delete", "h@1.1.0")
    assert release_tags.main([]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tags: a tag is never moved; these name another commit than their release's record:\n")
    assert f"h@1.0.0 names {second[:12]}, the record says {first[:12]}" in err
    assert "h@1.1.0" not in git(tmp_path, "tag")  # nothing written when one would move
