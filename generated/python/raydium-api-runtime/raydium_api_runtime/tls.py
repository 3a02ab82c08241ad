"""One TLS context for the clients of a process that verify as httpx does by default.

httpx builds a new ``ssl.SSLContext`` for every ``httpx.Client`` and ``httpx.AsyncClient``
it makes with ``verify=True``, and loading certifi's CA bundle into it costs about 40 ms of
CPU each time (encode/httpx#838). A host's ``Client`` makes one of each on first use, so an
application that makes a client per task, per host or per request paid that on each. The
clients hand httpx the context :func:`verify_argument` returns instead: for the default, one
context made once per process by httpx itself (``httpx.create_ssl_context()``: certifi's
bundle, or ``SSL_CERT_FILE`` / ``SSL_CERT_DIR`` as they were when it was made); anything
else passes through unchanged.

The shared context is never given out to be changed. It is not used where httpx or httpcore
would change a context: a client certificate (``cert`` in ``httpx_args``, loaded into the
context), ``trust_env=False`` (the context would differ) or ``http2=True`` (httpcore sets the
context's ALPN protocols for each connection, and the shared one stays HTTP/1.1's).
"""

from __future__ import annotations

import functools
import ssl
from collections.abc import Mapping
from typing import Any

import httpx


@functools.cache
def _default_context() -> ssl.SSLContext:
    return httpx.create_ssl_context()


def verify_argument(verify: str | bool | ssl.SSLContext, httpx_args: Mapping[str, Any]) -> str | bool | ssl.SSLContext:
    """What a client passes httpx as ``verify``: the process's shared default context where
    the client verifies as httpx does by default, else ``verify`` itself."""
    changes_it = httpx_args.get("cert") is not None or httpx_args.get("http2") or not httpx_args.get("trust_env", True)
    return _default_context() if verify is True and not changes_it else verify
