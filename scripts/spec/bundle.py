"""Bundle one host description into generated/openapi/, atomically.

Usage: python -m scripts.spec.bundle --redocly PATH [--manifest STAMP] SPEC OUT_DIR NAME

Writes OUT_DIR/NAME.yaml (redocly bundle, with `x-codeSamples` on every operation from
scripts/spec/code_samples.py, and every large integer bound exact again), OUT_DIR/NAME.json (the same document as JSON),
OUT_DIR/NAME.deref.json (fully dereferenced by prance) and OUT_DIR/NAME.source-only.yaml
(every x-evidence element stripped, scripts/spec/source_only.py; no code samples).
Everything is written to a temporary directory first, the bundle and its dereferenced
form are validated with openapi-spec-validator, and the files in OUT_DIR are replaced only
when every step succeeded, so a failure leaves them as they were. The bundle fails when
redocly renames a component (two different components with the same name), because
generated class names must stay stable. --manifest writes the sha256 of the four files to
STAMP (make's build/NAME.bundled), which the tests hold generated/openapi/ to.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ..common import stamps
from . import code_samples, deref, oas, source_only
from . import validate as validate_spec

_BOX = re.compile(r"^\s*[║╔╚]")
REDOCLY_ENV = {
    "REDOCLY_TELEMETRY": "off",
    "REDOCLY_SUPPRESS_UPDATE_NOTICE": "true",
    "NO_COLOR": "1",
    "FORCE_COLOR": "0",
}


class BundleError(Exception):
    pass


def write_json(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def redocly_bundle(redocly: str, spec: Path, out: Path) -> None:
    env = {**os.environ, **REDOCLY_ENV}
    proc = subprocess.run(
        [redocly, "bundle", str(spec), "--output", str(out)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    messages = [line for line in proc.stderr.splitlines() if line.strip() and not _BOX.match(line)]
    if proc.returncode != 0 or not out.is_file():
        raise BundleError(f"{spec}: redocly bundle failed:\n" + "\n".join(messages))
    renames = [line for line in messages if "Renamed" in line]
    if renames:
        where = [line.strip() for line in messages if re.match(r"^\[\d+\] ", line)]
        detail = "; ".join(f"{r.strip()} ({w})" for r, w in zip(renames, where + [""] * len(renames), strict=False))
        raise BundleError(
            f"{spec}: component name collision: {detail}. Give the components distinct names "
            "(generated class names must stay stable)."
        )


def keep_exact_integers(doc: Any, spec: Path) -> None:
    """Put back the exact value of every integer beyond 2^53 that the sources give as a named
    component's bound (oas.EXACT_BOUND): `redocly bundle` reads numbers as IEEE doubles and
    writes 2^64 - 1 as 18446744073709552000. Component names and their pointers survive
    bundling, so the value goes back to the same pointer."""
    docs = oas.reachable_files(spec)
    for file in docs.files:
        for pointer, number in oas.unsafe_integers(docs.load(file)):
            if not oas.EXACT_BOUND.match(pointer):
                continue  # the house rules reject it
            try:
                bundled = oas.resolve_pointer(doc, pointer)
            except KeyError:
                continue  # a component of a shared file this host does not use
            if not isinstance(bundled, (int, float)) or abs(float(bundled) - number) > abs(number) * 1e-12:
                raise BundleError(f"{docs.display(file)}: {pointer}: the bundle has {bundled!r}, not {number}")
            parent, _, key = pointer.rpartition("/")
            oas.resolve_pointer(doc, parent)[key] = number


def bundle(redocly: str, spec: Path, out_dir: Path, name: str) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f".tmp-{name}-", dir=out_dir) as tmp_name:
        tmp = Path(tmp_name)
        files = [
            tmp / f"{name}.yaml",
            tmp / f"{name}.json",
            tmp / f"{name}.deref.json",
            tmp / f"{name}.source-only.yaml",
        ]
        redocly_bundle(redocly, spec, files[0])
        doc = oas.load_document(files[0])
        keep_exact_integers(doc, spec)
        try:
            code_samples.add_samples(doc, name)
        except code_samples.SampleError as exc:
            raise BundleError(f"{spec}: code samples: {exc}") from exc
        files[0].write_text(oas.dump_yaml(doc), encoding="utf-8")
        dereferenced = deref.dereference(files[0])
        # The JSON bundle is the same document as the YAML one: validated once, as YAML.
        # The source-only view is validated by the spec-test gate (tests/spec/test_source_only.py).
        problems = validate_spec.document_problems(doc, str(out_dir / files[0].name))
        problems += validate_spec.document_problems(dereferenced, str(out_dir / files[2].name))
        if problems:
            raise BundleError("bundle is not valid OpenAPI 3.1:\n" + "\n".join(problems))
        write_json(files[1], doc)
        write_json(files[2], dereferenced)
        files[3].write_text(source_only.dump(source_only.source_only(doc)), encoding="utf-8")
        targets = [out_dir / f.name for f in files]
        for source, target in zip(files, targets, strict=True):
            os.replace(source, target)
    return targets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--redocly", required=True, help="path of the redocly executable")
    parser.add_argument("spec", type=Path)
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("name")
    parser.add_argument("--manifest", type=Path, help="write the sha256 of every file written here (JSON)")
    args = parser.parse_args(argv)
    try:
        targets = bundle(args.redocly, args.spec, args.out_dir, args.name)
    except (BundleError, oas.SpecError) as exc:
        print(f"bundle: {exc}", file=sys.stderr)
        return 1
    if args.manifest:
        stamps.write(args.manifest, args.out_dir, targets)
    print("bundle: wrote " + ", ".join(str(t) for t in targets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
