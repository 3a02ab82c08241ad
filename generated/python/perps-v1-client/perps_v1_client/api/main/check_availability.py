from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.availability_response import AvailabilityResponse
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/main/availability-check",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> AvailabilityResponse:
    payload = errors.decode_envelope(response)
    try:
        if response.status_code == 200:
            response_200 = AvailabilityResponse.from_dict(payload)

            return response_200

    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise errors.UnexpectedShapeError(
            f"HTTP {response.status_code}: the success envelope does not match the schema ({type(exc).__name__}: {exc})",
            response,
        ) from exc
    raise errors.UnexpectedStatus(response.status_code, response.content)


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[AvailabilityResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[AvailabilityResponse]:
    """Check availability per region

     Availability per region. The country is read from the request header
    `cf-ipcountry`, set by an edge proxy; when it is absent, a default configuration is
    used. Restricted regions (for example one large country) are configured server-side
    and updated periodically.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AvailabilityResponse]
    """

    kwargs = _get_kwargs()

    response = errors.send(lambda: client.get_httpx_client().request(**kwargs), client.retry_policy)

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> AvailabilityResponse:
    """Check availability per region

     Availability per region. The country is read from the request header
    `cf-ipcountry`, set by an edge proxy; when it is absent, a default configuration is
    used. Restricted regions (for example one large country) are configured server-side
    and updated periodically.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AvailabilityResponse
    """

    parsed = sync_detailed(
        client=client,
    ).parsed
    if parsed is None:  # _parse_response raises instead; kept for the type checker
        raise errors.UnexpectedShapeError("no parsed response", httpx.Response(500))
    return parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[AvailabilityResponse]:
    """Check availability per region

     Availability per region. The country is read from the request header
    `cf-ipcountry`, set by an edge proxy; when it is absent, a default configuration is
    used. Restricted regions (for example one large country) are configured server-side
    and updated periodically.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AvailabilityResponse]
    """

    kwargs = _get_kwargs()

    response = await errors.send_async(lambda: client.get_async_httpx_client().request(**kwargs), client.retry_policy)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> AvailabilityResponse:
    """Check availability per region

     Availability per region. The country is read from the request header
    `cf-ipcountry`, set by an edge proxy; when it is absent, a default configuration is
    used. Restricted regions (for example one large country) are configured server-side
    and updated periodically.

    Raises:
        errors.FailureEnvelopeError: The service answered success=false (whatever the HTTP status).
        errors.RateLimitedError: HTTP 429, after the client's retry_policy honoured Retry-After.
        errors.NotJsonError: The body is not JSON (for example an HTML page from the edge proxy).
        errors.MalformedJsonError: The body is not valid JSON (for example truncated).
        errors.UnexpectedShapeError: JSON that is not an envelope, or a payload that does not fit the schema.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AvailabilityResponse
    """

    parsed = (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
    if parsed is None:  # _parse_response raises instead; kept for the type checker
        raise errors.UnexpectedShapeError("no parsed response", httpx.Response(500))
    return parsed
