from typing import Any

import httpx
import msgspec

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models import SwapComputeResponse, TxVersion
from ...types import UNSET, Response


def _get_kwargs(
    *,
    input_mint: str,
    output_mint: str,
    amount: int,
    slippage_bps: int,
    tx_version: TxVersion,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["inputMint"] = input_mint

    params["outputMint"] = output_mint

    params["amount"] = amount

    params["slippageBps"] = slippage_bps

    json_tx_version = tx_version.value
    params["txVersion"] = json_tx_version

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/compute/swap-base-out",
        "params": params,
    }

    return _kwargs


_DECODER = msgspec.json.Decoder(SwapComputeResponse)


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> SwapComputeResponse:
    return errors.decode_typed(response, _DECODER)


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[SwapComputeResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    input_mint: str,
    output_mint: str,
    amount: int,
    slippage_bps: int,
    tx_version: TxVersion,
) -> Response[SwapComputeResponse]:
    """Compute a swap quote for a fixed output amount

     Fixed output amount: computes the required input. Read-only, no signing. Pass the
    entire response, unchanged, as `swapResponse` to `POST /transaction/swap-base-out`
    within about 30 seconds. There is no `referrerBps` on base-out.

    Args:
        input_mint (str):
        output_mint (str):
        amount (int): An amount in the token's smallest unit: a non-negative integer in the u64
            range, 0
            to 2^64 - 1 (18446744073709551615). Either form goes into the query string as the same
            decimal digits: a string of digits (what generators for JavaScript and TypeScript
            should send), or an integer where the language has exact 64-bit integers. Never
            round-trip it through a floating-point number (JavaScript numbers are exact only up to
            2^53 - 1, and JSON tools written in JavaScript read this maximum as 2^64).
        slippage_bps (int): Basis points, 0 to 10000 (100 = 1%).
        tx_version (TxVersion): Transaction format, chosen per request. `V0` uses address lookup
            tables (smaller,
            cheaper); `LEGACY` works with every RPC endpoint and wallet.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy's retries (Retry-After honoured).
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError. A failure that passes (a refused or cut connection,
        a timeout, HTTP 408, 429, 500, 502-504 or 520-524) is first retried as the client's
        retry_policy says; the error's ``attempts`` counts the sends.

    Returns:
        Response[SwapComputeResponse]
    """

    kwargs = _get_kwargs(
        input_mint=input_mint,
        output_mint=output_mint,
        amount=amount,
        slippage_bps=slippage_bps,
        tx_version=tx_version,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    input_mint: str,
    output_mint: str,
    amount: int,
    slippage_bps: int,
    tx_version: TxVersion,
) -> SwapComputeResponse:
    """Compute a swap quote for a fixed output amount

     Fixed output amount: computes the required input. Read-only, no signing. Pass the
    entire response, unchanged, as `swapResponse` to `POST /transaction/swap-base-out`
    within about 30 seconds. There is no `referrerBps` on base-out.

    Args:
        input_mint (str):
        output_mint (str):
        amount (int): An amount in the token's smallest unit: a non-negative integer in the u64
            range, 0
            to 2^64 - 1 (18446744073709551615). Either form goes into the query string as the same
            decimal digits: a string of digits (what generators for JavaScript and TypeScript
            should send), or an integer where the language has exact 64-bit integers. Never
            round-trip it through a floating-point number (JavaScript numbers are exact only up to
            2^53 - 1, and JSON tools written in JavaScript read this maximum as 2^64).
        slippage_bps (int): Basis points, 0 to 10000 (100 = 1%).
        tx_version (TxVersion): Transaction format, chosen per request. `V0` uses address lookup
            tables (smaller,
            cheaper); `LEGACY` works with every RPC endpoint and wallet.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy's retries (Retry-After honoured).
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError. A failure that passes (a refused or cut connection,
        a timeout, HTTP 408, 429, 500, 502-504 or 520-524) is first retried as the client's
        retry_policy says; the error's ``attempts`` counts the sends.

    Returns:
        SwapComputeResponse
    """

    kwargs = _get_kwargs(
        input_mint=input_mint,
        output_mint=output_mint,
        amount=amount,
        slippage_bps=slippage_bps,
        tx_version=tx_version,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    input_mint: str,
    output_mint: str,
    amount: int,
    slippage_bps: int,
    tx_version: TxVersion,
) -> Response[SwapComputeResponse]:
    """Compute a swap quote for a fixed output amount

     Fixed output amount: computes the required input. Read-only, no signing. Pass the
    entire response, unchanged, as `swapResponse` to `POST /transaction/swap-base-out`
    within about 30 seconds. There is no `referrerBps` on base-out.

    Args:
        input_mint (str):
        output_mint (str):
        amount (int): An amount in the token's smallest unit: a non-negative integer in the u64
            range, 0
            to 2^64 - 1 (18446744073709551615). Either form goes into the query string as the same
            decimal digits: a string of digits (what generators for JavaScript and TypeScript
            should send), or an integer where the language has exact 64-bit integers. Never
            round-trip it through a floating-point number (JavaScript numbers are exact only up to
            2^53 - 1, and JSON tools written in JavaScript read this maximum as 2^64).
        slippage_bps (int): Basis points, 0 to 10000 (100 = 1%).
        tx_version (TxVersion): Transaction format, chosen per request. `V0` uses address lookup
            tables (smaller,
            cheaper); `LEGACY` works with every RPC endpoint and wallet.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy's retries (Retry-After honoured).
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError. A failure that passes (a refused or cut connection,
        a timeout, HTTP 408, 429, 500, 502-504 or 520-524) is first retried as the client's
        retry_policy says; the error's ``attempts`` counts the sends.

    Returns:
        Response[SwapComputeResponse]
    """

    kwargs = _get_kwargs(
        input_mint=input_mint,
        output_mint=output_mint,
        amount=amount,
        slippage_bps=slippage_bps,
        tx_version=tx_version,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    input_mint: str,
    output_mint: str,
    amount: int,
    slippage_bps: int,
    tx_version: TxVersion,
) -> SwapComputeResponse:
    """Compute a swap quote for a fixed output amount

     Fixed output amount: computes the required input. Read-only, no signing. Pass the
    entire response, unchanged, as `swapResponse` to `POST /transaction/swap-base-out`
    within about 30 seconds. There is no `referrerBps` on base-out.

    Args:
        input_mint (str):
        output_mint (str):
        amount (int): An amount in the token's smallest unit: a non-negative integer in the u64
            range, 0
            to 2^64 - 1 (18446744073709551615). Either form goes into the query string as the same
            decimal digits: a string of digits (what generators for JavaScript and TypeScript
            should send), or an integer where the language has exact 64-bit integers. Never
            round-trip it through a floating-point number (JavaScript numbers are exact only up to
            2^53 - 1, and JSON tools written in JavaScript read this maximum as 2^64).
        slippage_bps (int): Basis points, 0 to 10000 (100 = 1%).
        tx_version (TxVersion): Transaction format, chosen per request. `V0` uses address lookup
            tables (smaller,
            cheaper); `LEGACY` works with every RPC endpoint and wallet.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy's retries (Retry-After honoured).
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError. A failure that passes (a refused or cut connection,
        a timeout, HTTP 408, 429, 500, 502-504 or 520-524) is first retried as the client's
        retry_policy says; the error's ``attempts`` counts the sends.

    Returns:
        SwapComputeResponse
    """

    kwargs = _get_kwargs(
        input_mint=input_mint,
        output_mint=output_mint,
        amount=amount,
        slippage_bps=slippage_bps,
        tx_version=tx_version,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)
