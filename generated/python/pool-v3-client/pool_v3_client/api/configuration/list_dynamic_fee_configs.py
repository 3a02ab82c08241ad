from typing import Any

import httpx
import msgspec

from ... import _fast, errors
from ...client import AuthenticatedClient, Client
from ...models.dynamic_fee_config_list_response import DynamicFeeConfigListResponse
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/main/clmm-dynamic-config",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> DynamicFeeConfigListResponse:
    payload = errors.decode_envelope(response)
    try:
        if response.status_code == 200:
            response_200 = DynamicFeeConfigListResponse.from_dict(payload)

            return response_200

    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise errors.UnexpectedShapeError(
            f"HTTP {response.status_code}: the success envelope does not match the schema ({type(exc).__name__}: {exc})",
            response,
        ) from exc
    raise errors.UnexpectedStatus(response.status_code, response.content, response)


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[DynamicFeeConfigListResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[DynamicFeeConfigListResponse]:
    """List the dynamic-fee tiers for concentrated-liquidity pools

     Returns an array of `DynamicFeeConfig`. Each entry is a calibrated tier that a new
    concentrated-liquidity pool may opt into when the pool is created with
    `enableDynamicFee=true`; the `id` of a tier is passed to the
    `CreateCustomizablePool` flow. Cached 60 seconds.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError.

    Returns:
        Response[DynamicFeeConfigListResponse]
    """

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> DynamicFeeConfigListResponse:
    """List the dynamic-fee tiers for concentrated-liquidity pools

     Returns an array of `DynamicFeeConfig`. Each entry is a calibrated tier that a new
    concentrated-liquidity pool may opt into when the pool is created with
    `enableDynamicFee=true`; the `id` of a tier is passed to the
    `CreateCustomizablePool` flow. Cached 60 seconds.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError.

    Returns:
        DynamicFeeConfigListResponse
    """

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


_FAST_DECODER = msgspec.json.Decoder(_fast.DynamicFeeConfigListResponse)


def _build_fast_response(response: httpx.Response) -> Response[_fast.DynamicFeeConfigListResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=errors.decode_typed(response, _FAST_DECODER),
    )


def sync_fast_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[_fast.DynamicFeeConfigListResponse]:
    """Like :func:`sync`, decoded by msgspec into ``_fast.DynamicFeeConfigListResponse`` (a Struct), with the raw body.

    Every declared field is typed and checked as in :func:`sync`, and failures raise the
    same errors; keys outside the schema are not in the Struct, so read them from
    ``.content`` (the body as it came), without a second request.
    """

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_fast_response(response)


def sync_fast(
    *,
    client: AuthenticatedClient | Client,
) -> _fast.DynamicFeeConfigListResponse:
    """Like :func:`sync`, decoded by msgspec into ``_fast.DynamicFeeConfigListResponse``: the fast path for
    large responses polled often. Keys outside the schema are dropped (see
    :func:`sync_fast_detailed` for the raw body). The Struct is for reading: it cannot be sent
    back in a request (a quote sent as ``swapResponse`` must be the model :func:`sync` returns,
    which goes back as it came)."""

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return errors.decode_typed(response, _FAST_DECODER)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[DynamicFeeConfigListResponse]:
    """List the dynamic-fee tiers for concentrated-liquidity pools

     Returns an array of `DynamicFeeConfig`. Each entry is a calibrated tier that a new
    concentrated-liquidity pool may opt into when the pool is created with
    `enableDynamicFee=true`; the `id` of a tier is passed to the
    `CreateCustomizablePool` flow. Cached 60 seconds.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError.

    Returns:
        Response[DynamicFeeConfigListResponse]
    """

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> DynamicFeeConfigListResponse:
    """List the dynamic-fee tiers for concentrated-liquidity pools

     Returns an array of `DynamicFeeConfig`. Each entry is a calibrated tier that a new
    concentrated-liquidity pool may opt into when the pool is created with
    `enableDynamicFee=true`; the `id` of a tier is passed to the
    `CreateCustomizablePool` flow. Cached 60 seconds.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated or empty).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        errors.TransportError: No complete response: refused (ConnectionFailedError), a timeout or the
            call's deadline (RequestTimeoutError), a connection cut mid-body (ConnectionCutError).
        All of them derive from errors.ApiError.

    Returns:
        DynamicFeeConfigListResponse
    """

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_fast_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[_fast.DynamicFeeConfigListResponse]:
    """Like :func:`sync_fast_detailed`, awaited: a Struct and the raw body (``.content``)."""

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_fast_response(response)


async def asyncio_fast(
    *,
    client: AuthenticatedClient | Client,
) -> _fast.DynamicFeeConfigListResponse:
    """Like :func:`sync_fast`, awaited: decoded by msgspec into ``_fast.DynamicFeeConfigListResponse``."""

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return errors.decode_typed(response, _FAST_DECODER)
