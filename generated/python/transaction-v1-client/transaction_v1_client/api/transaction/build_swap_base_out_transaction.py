from typing import Any

import httpx
import msgspec
from raydium_api_runtime.models import encode

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models import SwapTransactionResponse, TransactionRequest
from ...types import Response


def _get_kwargs(
    *,
    body: TransactionRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/transaction/swap-base-out",
    }

    _kwargs["content"] = encode(body)

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


_DECODER = msgspec.json.Decoder(SwapTransactionResponse)


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> SwapTransactionResponse:
    return errors.decode_typed(response, _DECODER)


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[SwapTransactionResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TransactionRequest,
) -> Response[SwapTransactionResponse]:
    """Build an unsigned transaction for a fixed output

     Builds the transaction for a fixed output from a base-out quote. The client decodes
    the returned base64 transaction, signs it, broadcasts it through any chain RPC and
    waits for confirmation. The base-out referrer field is not implemented.

    Args:
        body (TransactionRequest): The body of both transaction endpoints. Required: `wallet`,
            `swapResponse`,
            `txVersion`, `computeUnitPriceMicroLamports`. Conditional rules (also encoded below
            as JSON Schema: `dependentSchemas` on `wrapSol` holds an `if`/`then`, the second rule
            nested in the first's `then`; generators ignore it, validators apply it):

            - `inputAccount` is required when the input is not wrapped, that is unless
              `wrapSol` is true.
            - When `wrapSol` and `unwrapSol` are both false, explicit token accounts must be
              supplied: `inputAccount` and `outputAccount`.

            Each rule applies where the flags are sent as false. The source does not state what
            an omitted `wrapSol` or `unwrapSol` means, so a body that omits a flag is not held
            to a rule that depends on it (send both flags to be held to both rules).

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
        Response[SwapTransactionResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: TransactionRequest,
) -> SwapTransactionResponse:
    """Build an unsigned transaction for a fixed output

     Builds the transaction for a fixed output from a base-out quote. The client decodes
    the returned base64 transaction, signs it, broadcasts it through any chain RPC and
    waits for confirmation. The base-out referrer field is not implemented.

    Args:
        body (TransactionRequest): The body of both transaction endpoints. Required: `wallet`,
            `swapResponse`,
            `txVersion`, `computeUnitPriceMicroLamports`. Conditional rules (also encoded below
            as JSON Schema: `dependentSchemas` on `wrapSol` holds an `if`/`then`, the second rule
            nested in the first's `then`; generators ignore it, validators apply it):

            - `inputAccount` is required when the input is not wrapped, that is unless
              `wrapSol` is true.
            - When `wrapSol` and `unwrapSol` are both false, explicit token accounts must be
              supplied: `inputAccount` and `outputAccount`.

            Each rule applies where the flags are sent as false. The source does not state what
            an omitted `wrapSol` or `unwrapSol` means, so a body that omits a flag is not held
            to a rule that depends on it (send both flags to be held to both rules).

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
        SwapTransactionResponse
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: TransactionRequest,
) -> Response[SwapTransactionResponse]:
    """Build an unsigned transaction for a fixed output

     Builds the transaction for a fixed output from a base-out quote. The client decodes
    the returned base64 transaction, signs it, broadcasts it through any chain RPC and
    waits for confirmation. The base-out referrer field is not implemented.

    Args:
        body (TransactionRequest): The body of both transaction endpoints. Required: `wallet`,
            `swapResponse`,
            `txVersion`, `computeUnitPriceMicroLamports`. Conditional rules (also encoded below
            as JSON Schema: `dependentSchemas` on `wrapSol` holds an `if`/`then`, the second rule
            nested in the first's `then`; generators ignore it, validators apply it):

            - `inputAccount` is required when the input is not wrapped, that is unless
              `wrapSol` is true.
            - When `wrapSol` and `unwrapSol` are both false, explicit token accounts must be
              supplied: `inputAccount` and `outputAccount`.

            Each rule applies where the flags are sent as false. The source does not state what
            an omitted `wrapSol` or `unwrapSol` means, so a body that omits a flag is not held
            to a rule that depends on it (send both flags to be held to both rules).

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
        Response[SwapTransactionResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: TransactionRequest,
) -> SwapTransactionResponse:
    """Build an unsigned transaction for a fixed output

     Builds the transaction for a fixed output from a base-out quote. The client decodes
    the returned base64 transaction, signs it, broadcasts it through any chain RPC and
    waits for confirmation. The base-out referrer field is not implemented.

    Args:
        body (TransactionRequest): The body of both transaction endpoints. Required: `wallet`,
            `swapResponse`,
            `txVersion`, `computeUnitPriceMicroLamports`. Conditional rules (also encoded below
            as JSON Schema: `dependentSchemas` on `wrapSol` holds an `if`/`then`, the second rule
            nested in the first's `then`; generators ignore it, validators apply it):

            - `inputAccount` is required when the input is not wrapped, that is unless
              `wrapSol` is true.
            - When `wrapSol` and `unwrapSol` are both false, explicit token accounts must be
              supplied: `inputAccount` and `outputAccount`.

            Each rule applies where the flags are sent as false. The source does not state what
            an omitted `wrapSol` or `unwrapSol` means, so a body that omits a flag is not held
            to a rule that depends on it (send both flags to be held to both rules).

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
        SwapTransactionResponse
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)
