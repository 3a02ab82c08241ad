"""Each host's four committed bundle files are what scripts/spec/bundle.py writes, run here in
process on the host's spec as `make` runs it: the YAML with its code samples and its exact large
integers, the same document as JSON, the dereferenced JSON and the source-only view, byte for
byte. tests/spec/test_generated_current.py holds the files to the bundle step's record; this
holds the step's code to the files, so a change to it that moves a byte fails here (decision 151).
The command's stamp, messages and exit codes, and the exact large bounds on a description made
here (none of the hosts has a large integer that is not a bound, or a shared file's component it
does not use), are checked too."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from project import GENERATED, HOSTS, NODE_BIN, REPO, SPEC, executable
from project import bundle as host_bundle
from scripts.common import stamps
from scripts.spec import bundle, code_samples

pytestmark = pytest.mark.pipeline  # repeats make's bundle step


@pytest.mark.parametrize("host", HOSTS)
def test_the_bundle_step_writes_the_committed_bundles(host: str, tmp_path: Path) -> None:
    spec = (SPEC / host / "openapi.yaml").relative_to(REPO)  # the path make gives, which messages name
    targets = bundle.bundle(str(NODE_BIN / "redocly"), spec, tmp_path, host)
    names = [f"{host}.yaml", f"{host}.json", f"{host}.deref.json", f"{host}.source-only.yaml"]
    assert targets == [tmp_path / name for name in names]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names), "a temporary file was left behind"
    for name in names:
        assert (tmp_path / name).read_bytes() == (GENERATED / name).read_bytes(), name


def test_the_command_writes_the_bundles_and_their_stamp(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What make runs: the four files, their sha256 in the stamp, and a line naming them."""
    host, out, stamp = "perps-v1", tmp_path / "out", tmp_path / "perps-v1.bundled"
    spec = str((SPEC / host / "openapi.yaml").relative_to(REPO))
    assert bundle.main(["--redocly", str(NODE_BIN / "redocly"), "--manifest", str(stamp), spec, str(out), host]) == 0
    targets = [out / f"{host}{suffix}" for suffix in (".yaml", ".json", ".deref.json", ".source-only.yaml")]
    assert capsys.readouterr().out == "bundle: wrote " + ", ".join(str(t) for t in targets) + "\n"
    assert json.loads(stamp.read_text(encoding="utf-8")) == stamps.manifest(out, targets)
    assert sorted(json.loads(stamp.read_text(encoding="utf-8"))) == sorted(t.name for t in targets)


def test_the_command_says_why_it_failed_and_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = "tests/broken/colliding-component/openapi.yaml"
    stamp = tmp_path / "x.bundled"
    status = bundle.main(["--redocly", str(NODE_BIN / "redocly"), "--manifest", str(stamp), spec, str(tmp_path), "x"])
    said = capsys.readouterr()
    assert (status, said.out) == (1, "")
    assert said.err.startswith(f"bundle: {spec}: component name collision: ")
    assert not stamp.exists()


def test_the_command_needs_redocly_and_says_what_each_option_is(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        bundle.main(["spec.yaml", "out", "name"])
    assert stopped.value.code == 2
    assert "the following arguments are required: --redocly" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bundle.main(["--help"])
    shown = " ".join(capsys.readouterr().out.split())
    for said in ("Bundle one host description into generated/openapi/, atomically.",
                 "--redocly REDOCLY path of the redocly executable",
                 "--manifest MANIFEST write the sha256 of every file written here (JSON)"):  # fmt: skip
        assert said in shown


BIG = 18446744073709551615  # 2^64 - 1, which redocly writes as the double 18446744073709552000
SOURCES = {
    "openapi.yaml": "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n"
                    f"    Amount:\n      example: {BIG}\n      maximum: {BIG}\n"
                    "    Wrapper:\n      $ref: shared.yaml#/components/schemas/Used\n",
    "shared.yaml": f"components:\n  schemas:\n    Unused: {{maximum: {BIG}}}\n    Used: {{maximum: {BIG - 1}}}\n",
}


def test_each_large_bound_is_put_back_exact_and_nothing_else(tmp_path: Path) -> None:
    """keep_exact_integers: a bound of a named component gets its exact value back, after a
    large integer that is no bound (left as redocly wrote it) and after a component of a
    shared file that the bundle does not hold; a bound the bundle changed is refused."""
    for name, text in SOURCES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    spec = tmp_path / "openapi.yaml"
    doc: dict[str, Any] = {"components": {"schemas": {"Amount": {"example": float(BIG), "maximum": float(BIG)},
                                                      "Used": {"maximum": float(BIG)}}}}  # fmt: skip
    bundle.keep_exact_integers(doc, spec)
    assert doc == {"components": {"schemas": {"Amount": {"example": float(BIG), "maximum": BIG},
                                              "Used": {"maximum": BIG - 1}}}}  # fmt: skip
    assert type(doc["components"]["schemas"]["Amount"]["maximum"]) is int
    for changed in (1.0, "18446744073709551615"):
        doc["components"]["schemas"]["Amount"]["maximum"] = changed
        with pytest.raises(bundle.BundleError) as refused:
            bundle.keep_exact_integers(doc, spec)
        said = f"{spec}: /components/schemas/Amount/maximum: the bundle has {changed!r}, not {BIG}"
        assert str(refused.value) == said


def stand_in(folder: Path, script: str) -> str:
    """A redocly stand-in: a shell script given `bundle SPEC --output OUT`."""
    return str(executable(folder / "redocly", "#!/bin/sh\n" + script))


def test_redocly_runs_quietly_and_offline_and_what_it_says_is_kept(tmp_path: Path) -> None:
    """redocly_bundle: redocly without telemetry, update notice or colour; its failure, or a
    success that wrote nothing, names the spec and gives what it said but its boxed notices."""
    said = ('echo "╔══ update available ══╗" >&2\necho >&2\n'
            'echo "telemetry=$REDOCLY_TELEMETRY notice=$REDOCLY_SUPPRESS_UPDATE_NOTICE" >&2\n'
            'echo "colour=$NO_COLOR/$FORCE_COLOR" >&2\n'
            'echo "[1] spec.yaml:3:1" >&2\n')  # fmt: skip
    spec, out = tmp_path / "spec.yaml", tmp_path / "out.yaml"
    for script in (said + "exit 1\n", said + "exit 0\n"):
        with pytest.raises(bundle.BundleError) as failed:
            bundle.redocly_bundle(stand_in(tmp_path, script), spec, out)
        lines = ["redocly bundle failed:", "telemetry=off notice=true", "colour=1/0", "[1] spec.yaml:3:1"]
        assert str(failed.value) == f"{spec}: " + "\n".join(lines)


def test_a_renamed_component_is_refused_with_where_redocly_found_it(tmp_path: Path) -> None:
    script = ('echo "Renamed Envelope to Envelope-2" >&2\necho "[1] shared.yaml:4:5" >&2\n'
              'echo "Renamed Pool to Pool-2" >&2\ntouch "$4"\n')  # fmt: skip
    spec = tmp_path / "spec.yaml"
    with pytest.raises(bundle.BundleError) as refused:
        bundle.redocly_bundle(stand_in(tmp_path, script), spec, tmp_path / "out.yaml")
    assert str(refused.value) == (
        f"{spec}: component name collision: Renamed Envelope to Envelope-2 ([1] shared.yaml:4:5); Renamed Pool to "
        "Pool-2 (). Give the components distinct names (generated class names must stay stable).")  # fmt: skip


def test_an_invalid_bundle_names_each_file_it_would_have_written(tmp_path: Path) -> None:
    """A redocly that writes a bundle without info.version: the YAML and the dereferenced JSON
    are each validated, and the problems name the file in OUT_DIR (made with its parents)."""
    good = (GENERATED / "perps-v1.yaml").read_text(encoding="utf-8")
    invalid = tmp_path / "invalid.yaml"
    invalid.write_text(re.sub(r"^  version: .*\n", "", good, count=1, flags=re.M), encoding="utf-8")
    out = tmp_path / "a" / "out"
    with pytest.raises(bundle.BundleError) as refused:
        bundle.bundle(stand_in(tmp_path, f'cp {invalid} "$4"\n'), SPEC / "perps-v1" / "openapi.yaml", out, "perps-v1")
    head, _, rest = str(refused.value).partition("\n")
    assert head == "bundle is not valid OpenAPI 3.1:"
    named = {line.split(": ", 1)[0] for line in rest.splitlines() if line.startswith(str(out))}
    assert named == {str(out / "perps-v1.yaml"), str(out / "perps-v1.deref.json")}
    assert list(out.iterdir()) == []


@pytest.mark.parametrize("host", HOSTS)
def test_every_operation_s_code_samples_are_written_again(host: str) -> None:
    """code_samples.add_samples on the committed bundle without its samples gives it back: the
    samples of every operation in every language, in a fraction of a second, without redocly (the
    bundle step's test above runs the whole step)."""
    committed = host_bundle(host)
    doc = copy.deepcopy(committed)
    for item in doc["paths"].values():
        for op in item.values():
            if isinstance(op, dict):
                op.pop("x-codeSamples", None)
    code_samples.add_samples(doc, host)
    assert doc == committed


def _header_parameter(doc: dict[str, Any]) -> None:
    doc["paths"]["/pools/info/list-v2"]["get"]["parameters"].append(
        {"name": "X-Key", "in": "header", "schema": {"type": "string"}})  # fmt: skip


def _required_without_example(doc: dict[str, Any]) -> None:
    doc["paths"]["/pools/info/list-v2"]["get"]["parameters"].append(
        {"name": "must", "in": "query", "required": True, "schema": {"type": "string"}})  # fmt: skip


SWAP = "/transaction/swap-base-in"


def _no_body_example(doc: dict[str, Any]) -> None:
    doc["paths"][SWAP]["post"]["requestBody"]["content"]["application/json"]["examples"] = {}


def _inline_body(doc: dict[str, Any]) -> None:
    doc["paths"][SWAP]["post"]["requestBody"]["content"]["application/json"]["schema"] = {"type": "object"}


def _backtick(doc: dict[str, Any]) -> None:
    doc["components"]["examples"]["WrapSolInputWithReferrer"]["value"]["note"] = "a `quoted` word"


@pytest.mark.parametrize(
    ("host", "edit", "said"),
    [
        ("pool-v3", _header_parameter, "pool-v3: GET /pools/info/list-v2: parameter 'X-Key' in header: "
         "only query is sampled"),
        ("pool-v3", _required_without_example, "pool-v3: GET /pools/info/list-v2: required parameter 'must' has no "
         "example to sample"),
        ("transaction-v1", _no_body_example, f"transaction-v1: POST {SWAP}: the request body has no named example "
         "to sample"),
        ("transaction-v1", _inline_body, f"transaction-v1: POST {SWAP}: the request body's schema is not a component "
         "(no type name to sample)"),
        ("transaction-v1", _backtick, "transaction-v1: buildSwapBaseInTransaction: a backtick in the body example "
         "(Go raw string)"),
    ],
)  # fmt: skip
def test_an_operation_the_samples_cannot_show_is_refused_by_name(host: str, edit: Any, said: str) -> None:
    doc = copy.deepcopy(host_bundle(host))
    edit(doc)
    with pytest.raises(code_samples.SampleError) as failed:
        code_samples.add_samples(doc, host)
    assert str(failed.value) == said


def test_an_optional_parameter_without_an_example_is_left_out_of_the_samples() -> None:
    doc = copy.deepcopy(host_bundle("pool-v3"))
    op = doc["paths"]["/pools/info/list-v2"]["get"]
    op["parameters"].append({"name": "maybe", "in": "query", "schema": {"type": "string"}})
    code_samples.add_samples(doc, "pool-v3")
    assert op["x-codeSamples"] == host_bundle("pool-v3")["paths"]["/pools/info/list-v2"]["get"]["x-codeSamples"]
