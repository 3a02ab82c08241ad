"""Every operation of every host, called through its generated Python client against Prism
serving the committed bundle: the typed result is the declared success model."""

from __future__ import annotations

from typing import Any

import pytest

from calls import call_arguments, endpoint_module, operations, package, success_type
from mock_servers import Prism
from project import HOSTS, bundle

pytestmark = pytest.mark.e2e


OPERATIONS = operations()


@pytest.mark.parametrize(
    ("host", "method", "path", "op"), OPERATIONS, ids=[f"{h} {m.upper()} {p}" for h, m, p, _ in OPERATIONS]
)
def test_operation_returns_its_typed_success(
    host: str, method: str, path: str, op: dict[str, Any], prism_servers: dict[str, Prism]
) -> None:
    client = package(host).Client(base_url=prism_servers[host].url)
    module = endpoint_module(host, op["operationId"])
    kwargs = call_arguments(host, module, op)
    result = module.sync(client=client, **kwargs)
    assert type(result).__name__ == success_type(op)
    if success_type(op) == "RawBody":  # the launch auth service shows no response body
        assert result.status_code == 200
    else:
        assert result.success is True


def test_every_operation_is_exercised() -> None:
    assert len(OPERATIONS) == sum(
        1 for h in HOSTS for item in bundle(h)["paths"].values() for op in item.values() if isinstance(op, dict)
    )
    assert {h for h, *_ in OPERATIONS} == set(HOSTS)


def test_typed_fields_reach_the_caller(prism_servers: dict[str, Prism]) -> None:
    """Shapes the source shows come back as typed attributes, not dictionaries."""
    from perps_v1_client import Client as PerpsClient
    from perps_v1_client.api.pools import list_default_pools
    from pool_v3_client import Client as PoolClient
    from pool_v3_client.api.configuration import list_dynamic_fee_configs

    tiers = list_dynamic_fee_configs.sync(client=PoolClient(base_url=prism_servers["pool-v3"].url))
    assert [t.filter_period for t in tiers.data] == [30, 60]
    assert isinstance(tiers.data[0].max_fee_rate_numerator, int)
    pools = list_default_pools.sync(client=PerpsClient(base_url=prism_servers["perps-v1"].url))
    assert [p.symbol for p in pools.data] == ["SOL/USDC", "BTC/USDC"]
    assert pools.data[0].volume24h == "1250000.50"


def test_prism_serves_declared_failures_as_typed_errors(prism_servers: dict[str, Prism]) -> None:
    from pool_v3_client import Client, errors
    from pool_v3_client.api.pools import list_pools
    from transaction_v1_client import Client as TxClient
    from transaction_v1_client import errors as tx_errors
    from transaction_v1_client.api.compute import compute_swap_base_in
    from transaction_v1_client.models import TxVersion

    url = prism_servers["pool-v3"].url
    limited = Client(base_url=url, headers={"Prefer": "code=429"}, retry_policy=errors.RetryPolicy(max_retries=0))
    with pytest.raises(errors.RateLimitedError) as rate:
        list_pools.sync(client=limited)
    assert rate.value.retry_after == 30
    assert rate.value.error_code == 1
    with pytest.raises(errors.FailureEnvelopeError) as failure:
        list_pools.sync(client=Client(base_url=url, headers={"Prefer": "code=400"}))
    assert failure.value.status_code == 400
    assert failure.value.error_code == 1
    tx = TxClient(base_url=prism_servers["transaction-v1"].url, headers={"Prefer": "code=400"})
    with pytest.raises(tx_errors.FailureEnvelopeError) as tx_failure:
        compute_swap_base_in.sync(
            client=tx, input_mint="a", output_mint="b", amount=1, slippage_bps=50, tx_version=TxVersion.V0
        )
    assert tx_failure.value.msg == "REQ_WALLET_ERROR"


def test_evidence_typed_fields_reach_the_caller(prism_servers: dict[str, Prism]) -> None:
    """Shapes typed from public evidence (x-evidence) come back typed: a pool item with its
    token symbols, tvl and config, a farm with its token extensions and rewards, a quote's
    outputAmount and routePlan, the transaction array built from a body with the priority fee
    as a string."""
    from pool_v3_client import Client as PoolClient
    from pool_v3_client.api.farms import list_farms
    from pool_v3_client.api.pools import list_pools
    from transaction_v1_client import Client as TxClient
    from transaction_v1_client.api.compute import compute_swap_base_in
    from transaction_v1_client.api.transaction import build_swap_base_in_transaction
    from transaction_v1_client.models import SwapBaseInTransactionRequest, TxVersion

    page = list_pools.sync(client=PoolClient(base_url=prism_servers["pool-v3"].url))
    pool = page.data.data[0]  # type: ignore[index]
    assert (pool.mint_a.symbol, pool.mint_b.symbol) == ("WSOL", "USDC")  # type: ignore[union-attr]
    assert pool.tvl == 36050000.75
    assert pool.config.tick_spacing == 1  # type: ignore[union-attr]
    assert page.data.has_next_page is False

    farms = list_farms.sync(client=PoolClient(base_url=prism_servers["pool-v3"].url))
    farm = farms.data.data[0]  # type: ignore[index]
    assert farm.symbol_mints[0].extensions.coingecko_id == "raydium"  # type: ignore[index,union-attr]
    reward = farm.reward_infos[0]  # type: ignore[index]
    assert (reward.mint.symbol, reward.per_second, reward.end_time) == ("RAY", "5000", "1730813622")  # type: ignore[union-attr]

    tx = TxClient(base_url=prism_servers["transaction-v1"].url)
    quote = compute_swap_base_in.sync(client=tx, input_mint="a", output_mint="b", amount=1, slippage_bps=50,
                                      tx_version=TxVersion.V0)  # fmt: skip
    assert quote.data.output_amount == "150000000"
    assert [step.pool_id for step in quote.data.route_plan] == [  # type: ignore[union-attr]
        "58oQChx4yWmvKdwLLZzBi4ChoCc2fqCUWBkwMihLYQo2",
        "6UmmUiYoBjSrhakAobJw8BvkmJtDVxaeBtbt7rxWo1mg",
    ]
    assert quote.version == "V1"
    body = SwapBaseInTransactionRequest.from_dict(
        {
            "wallet": "w",
            "swapResponse": quote.to_dict(),
            "txVersion": "V0",
            "computeUnitPriceMicroLamports": "3000000",  # the string form the SDK demo sends
            "wrapSol": True,
            "unwrapSol": True,
        }
    )
    assert body.compute_unit_price_micro_lamports == "3000000"
    built = build_swap_base_in_transaction.sync(client=tx, body=body)
    assert isinstance(built.data, list)  # the array form the SDK reads (the docs' object form is admitted too)
    assert built.data[0].transaction.startswith("AQ")  # type: ignore[union-attr]
