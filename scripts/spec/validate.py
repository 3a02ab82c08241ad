"""Validate OpenAPI 3.1 documents structurally with openapi-spec-validator.

Usage: python -m scripts.spec.validate FILE [FILE ...]
Each file is validated on its own (the validator does not look inside referenced files
or examples: scripts/spec/house_rules.py does that). Problems are printed as
`file: pointer: message`; the exit status is 1 if any file is invalid.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

from openapi_spec_validator import OpenAPIV31SpecValidator
from openapi_spec_validator.readers import read_from_filename

from . import oas


def problems(path: Path) -> list[str]:
    try:
        oas.load_document(path)  # strict parse first: duplicate keys, bad YAML
        spec, base_uri = read_from_filename(str(path))
    except oas.SpecError as exc:
        return [str(exc)]
    except Exception as exc:  # noqa: BLE001 - the reader raises various types; report them all
        return [f"{path}: /: cannot read: {exc}"]
    return document_problems(spec, str(path), base_uri)


def document_problems(spec: Any, label: str, base_uri: str = "") -> list[str]:
    """Problems of a document already in memory, each as `label: pointer: message`."""
    found = []
    try:
        for error in OpenAPIV31SpecValidator(spec, base_uri=base_uri).iter_errors():
            pointer = "/" + "/".join(oas.escape_token(str(p)) for p in error.absolute_path)
            found.append(f"{label}: {pointer}: {error.message}")
    except Exception as exc:  # noqa: BLE001 - e.g. an unresolvable $ref raised by the validator
        found.append(f"{label}: /: {type(exc).__name__}: {_short(exc)}")
    return found


def _short(exc: Exception) -> str:
    """The exception text without the dump of the whole target document."""
    text = re.sub(r" within \{.*", "", str(exc), flags=re.S)
    return text if len(text) <= 300 else text[:300] + "..."


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__, file=sys.stderr)
        return 2
    failed = False
    for name in argv:
        found = problems(Path(name))
        for line in found:
            print(line, file=sys.stderr)
        failed |= bool(found)
    if not failed:
        print(f"openapi-spec-validator: ok ({len(argv)} files)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
