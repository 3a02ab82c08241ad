from typing import Any

import httpx
import msgspec

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models import CampaignConfigurationResponse
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/campaign/configs",
    }

    return _kwargs


_DECODER = msgspec.json.Decoder(CampaignConfigurationResponse)


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> CampaignConfigurationResponse:
    return errors.decode_typed(response, _DECODER)


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[CampaignConfigurationResponse]:
    return Response(
        status_code=response.status_code,
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[CampaignConfigurationResponse]:
    """Get the campaign configuration

     Campaign parameters and rules.

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
        Response[CampaignConfigurationResponse]
    """

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> CampaignConfigurationResponse:
    """Get the campaign configuration

     Campaign parameters and rules.

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
        CampaignConfigurationResponse
    """

    kwargs = _get_kwargs()

    response = errors.send(client.get_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[CampaignConfigurationResponse]:
    """Get the campaign configuration

     Campaign parameters and rules.

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
        Response[CampaignConfigurationResponse]
    """

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> CampaignConfigurationResponse:
    """Get the campaign configuration

     Campaign parameters and rules.

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
        CampaignConfigurationResponse
    """

    kwargs = _get_kwargs()

    response = await errors.send_async(client.get_async_httpx_client(), kwargs, client.retry_policy)

    return _parse_response(client=client, response=response)
