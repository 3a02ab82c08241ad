"""The transaction body's conditional rules, as JSON Schema in the bundle, accept bodies
that keep them and reject bodies that break them (validated with jsonschema 2020-12,
with the bundle as the reference registry)."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from project import bundle
from project import validator as schema_validator

HOST = "transaction-v1"
A_IN, A_OUT = "9yHcvnkSpqTtjvbdKuuLRhWbvWEyeDsBVeTKnDvdWq5H", "3nS8nmFh4tPHNSQ5PjzN8XqBvH7oGfQh9YgcwA2mJqzK"


def validator(schema_name: str) -> jsonschema.Draft202012Validator:
    return schema_validator(bundle(HOST), f"/components/schemas/{schema_name}", HOST)


def body(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "wallet": "8XqBvH7oGfQh9Ygcw3RUbvzD2Cg3uHnXGvPdWn6fvSmx",
        "swapResponse": {"id": "q-1", "success": True, "data": {}},
        "txVersion": "V0",
        "computeUnitPriceMicroLamports": 0,
    }
    base.update(fields)
    return {k: v for k, v in base.items() if v is not None}


# (case, body, broken rule or None when the body keeps every rule)
CASES: list[tuple[str, dict[str, Any], str | None]] = [
    ("wrapSol in, output account", body(wrapSol=True, unwrapSol=False, outputAccount=A_OUT), None),
    ("wrapSol and unwrapSol, no accounts", body(wrapSol=True, unwrapSol=True), None),
    ("unwrapSol out, input account", body(wrapSol=False, unwrapSol=True, inputAccount=A_IN), None),
    ("wrapSol omitted, unwrapSol, input account", body(unwrapSol=True, inputAccount=A_IN), None),
    ("both false, both accounts", body(wrapSol=False, unwrapSol=False, inputAccount=A_IN, outputAccount=A_OUT), None),
    ("not wrapped, no input account", body(wrapSol=False, unwrapSol=True), "inputAccount"),
    ("both false, input account only", body(wrapSol=False, unwrapSol=False, inputAccount=A_IN), "outputAccount"),
    ("both false, output account only", body(wrapSol=False, unwrapSol=False, outputAccount=A_OUT), "inputAccount"),
    # the defaults of wrapSol and unwrapSol are not shown: an omitted flag triggers no rule
    ("both omitted, no accounts", body(), None),
    ("wrapSol false, unwrapSol omitted, no accounts", body(wrapSol=False), "inputAccount"),
    ("wrapSol false, unwrapSol omitted, input account", body(wrapSol=False, inputAccount=A_IN), None),
    ("wrapSol omitted, unwrapSol false, no accounts", body(unwrapSol=False), None),
    ("no wallet", body(wallet=None, wrapSol=True, unwrapSol=True), "wallet"),
    (
        "no priority fee",
        body(computeUnitPriceMicroLamports=None, wrapSol=True, unwrapSol=True),
        "computeUnitPriceMicroLamports",
    ),
    (
        "negative priority fee",
        body(computeUnitPriceMicroLamports=-1, wrapSol=True, unwrapSol=True),
        "computeUnitPriceMicroLamports",
    ),
    # the string form the SDK demo sends (x-evidence): digits only
    (
        "priority fee as a decimal string",
        body(computeUnitPriceMicroLamports="3000000", wrapSol=True, unwrapSol=True),
        None,
    ),
    (
        "priority fee as a word",
        body(computeUnitPriceMicroLamports="fast", wrapSol=True, unwrapSol=True),
        "computeUnitPriceMicroLamports",
    ),
    (
        "negative priority fee as a string",
        body(computeUnitPriceMicroLamports="-1", wrapSol=True, unwrapSol=True),
        "computeUnitPriceMicroLamports",
    ),
    ("unknown txVersion", body(txVersion="V2", wrapSol=True, unwrapSol=True), "enum"),
    (
        "a failed compute response as swapResponse",
        body(swapResponse={"id": "q-1", "success": False, "msg": "REQ_WALLET_ERROR"}, wrapSol=True, unwrapSol=True),
        "swapResponse",
    ),
]


@pytest.mark.parametrize("schema_name", ["SwapBaseInTransactionRequest", "SwapBaseOutTransactionRequest"])
@pytest.mark.parametrize(("case", "payload", "broken"), CASES, ids=[c[0] for c in CASES])
def test_conditional_rules(schema_name: str, case: str, payload: dict[str, Any], broken: str | None) -> None:
    errors = list(validator(schema_name).iter_errors(payload))
    if broken is None:
        assert errors == [], f"{case}: {[e.message for e in errors]}"
    else:
        assert errors, f"{case}: accepted, but it breaks the rule on {broken}"
        text = " ".join(f"{e.message} {list(e.absolute_path)} {e.validator}" for e in errors)
        assert broken in text, text


def test_request_examples_exercise_every_branch() -> None:
    """The named request examples cover wrapSol, unwrapSol and explicit accounts."""
    for path in ("/transaction/swap-base-in", "/transaction/swap-base-out"):
        examples = bundle(HOST)["paths"][path]["post"]["requestBody"]["content"]["application/json"]["examples"]
        values = [
            bundle(HOST)["components"]["examples"][e["$ref"].rsplit("/", 1)[1]]["value"] for e in examples.values()
        ]
        branches = {(v.get("wrapSol", False), v.get("unwrapSol", False)) for v in values}
        assert branches == {(True, False), (False, True), (False, False)}
        for value in values:
            assert list(validator("TransactionRequest").iter_errors(value)) == []


def test_referrer_wallet_is_base_in_only() -> None:
    """"referrerWallet: base-in only (the base-out referrer field is not implemented)"."""
    payload = body(referrerWallet="7vW5scKR9Ubq3ojAFNF2MS8kV3brBP8idkiFMk55ZN8y", wrapSol=True)
    assert list(validator("SwapBaseInTransactionRequest").iter_errors(payload)) == []
    errors = list(validator("SwapBaseOutTransactionRequest").iter_errors(payload))
    assert [e.validator for e in errors] == ["not"], [e.message for e in errors]
    control = body(wrapSol=True)
    assert list(validator("SwapBaseOutTransactionRequest").iter_errors(control)) == []


@pytest.mark.parametrize(
    ("amount", "accepted"),
    [(0, True), (2**64 - 1, True), (2**64, False), (2**64 + 5, False), (-1, False), (1.5, False),
     ("0", True), ("1000000", True), (str(2**53 + 1), True), (str(2**63), True), (str(2**64 - 1), True),
     ("18446744073709551609", True), ("18446744073709551610", True), ("10000000000000000000", True),
     (str(2**64), False), ("18446744073709551620", False), ("99999999999999999999", False),
     ("100000000000000000000", False), ("007", False), ("", False), ("-1", False), ("1.5", False), ("1e6", False),
     (" 1", False)],
)  # fmt: skip
def test_amounts_are_u64(amount: float | str, accepted: bool) -> None:
    """AmountU64 holds exactly the u64 range, as an integer or as decimal digits: the bundle
    keeps the integer maximum exact, and the digits pattern admits 0 to 2^64 - 1, no more."""
    errors = list(validator("AmountU64").iter_errors(amount))
    assert (errors == []) is accepted, [e.message for e in errors]


def test_the_digits_pattern_is_exactly_the_u64_range() -> None:
    """Every length and every prefix of the maximum: the pattern and the integer bound agree."""
    schema = validator("AmountU64")
    boundary = [2**64 - 1 - d for d in range(0, 10**4, 7)] + [2**64 + d for d in range(0, 10**4, 7)]
    powers = [10**k + d for k in range(21) for d in (-1, 0, 1) if 10**k + d >= 0]
    prefixes = [int(str(2**64 - 1)[:k] + "9" * (20 - k)) for k in range(1, 20)]
    for number in boundary + powers + prefixes:
        digits_ok = not list(schema.iter_errors(str(number)))
        assert digits_ok is (number < 2**64), number
        assert digits_ok is (not list(schema.iter_errors(number))), number
