"""Source coverage of the forum's wallet-signed handshake (Authentication section).

The launch auth service is outside the three described services; the source states the
handshake and little else. Each statement, and each "not shown", is found in
generated/openapi/launch-auth.deref.json.
"""

from __future__ import annotations

import pytest

from project import HOSTS, deref, source_view
from source_coverage import Endpoints, Expectation, NotShown, Text, Value, op_pointer

HOST = "launch-auth"
REQUEST_TOKEN = op_pointer("post", "/request-token")

EXPECTATIONS: list[Expectation] = [
    Endpoints({("post", "/request-token")}, statement="the launch auth service's /request-token"),
    Text(
        REQUEST_TOKEN,
        ["Ed25519", "time:<unix-seconds>", "signature", "wallet address", "JWT", "svc-token"],
        "the handshake steps",
    ),
    NotShown(REQUEST_TOKEN, ["Method details", "request field names"], "request field names and method not shown"),
    NotShown(REQUEST_TOKEN + "/responses/200", ["response field names"], "response field names not shown"),
    Value("/components/securitySchemes/svcToken/type", "apiKey", "svc-token security scheme"),
    Value("/components/securitySchemes/svcToken/in", "header", "svc-token is a request header"),
    Value("/components/securitySchemes/svcToken/name", "svc-token", "header name svc-token"),
    NotShown("/components/securitySchemes/svcToken", ["token lifetime"], "token lifetime not shown"),
    Value("/x-flow/0/byClient", True, "step 1: the client signs time:<unix-seconds>"),
    Value("/x-flow/1/operations", ["requestToken"], "step 2: /request-token"),
    Text("/x-flow/2", ["svc-token", "each later forum call"], "step 3: svc-token on each later forum call"),
    Value("/security", [], "the handshake itself needs no credentials"),
    NotShown("", ["base URL of the launch auth service"], "host not shown"),
]


@pytest.mark.parametrize("expectation", EXPECTATIONS, ids=str)
def test_source_statement_is_in_the_spec(expectation: Expectation) -> None:
    assert expectation.check(source_view(HOST)) == []


@pytest.mark.parametrize("host", [h for h in HOSTS if h != HOST])
def test_main_hosts_stay_anonymous(host: str) -> None:
    """Authentication: the three services need no authentication."""
    doc = deref(host)
    assert doc["security"] == []
    assert not doc.get("components", {}).get("securitySchemes")
    assert all("security" not in op for item in doc["paths"].values() for op in item.values() if isinstance(op, dict))
