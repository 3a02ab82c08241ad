"""A user's first program, after the Python install commands of docs/clients/install.md
(tests/clients/test_install_from_release.py runs it in a fresh venv): argv is the pool-v3
mock's URL, then a pool-v3 and a transaction-v1 URL that answer a failure envelope."""

import sys

from pool_v3_client import Client, errors
from pool_v3_client.api.configuration import list_dynamic_fee_configs
from raydium_api_runtime import ApiError
from transaction_v1_client import Client as TransactionClient
from transaction_v1_client.api.compute import compute_swap_base_in
from transaction_v1_client.models import TxVersion

tiers = list_dynamic_fee_configs.sync(client=Client(base_url=sys.argv[1]))
print("first call:", len(tiers.data))
try:
    list_dynamic_fee_configs.sync(client=Client(base_url=sys.argv[2]))
except errors.FailureEnvelopeError as error:
    print("caught:", type(error).__name__, error.status_code, error.error_code)
TransactionClient()

# one base class for both hosts: the shared runtime pip brought with the clients

for host, call in (("pool", lambda: list_dynamic_fee_configs.sync(client=Client(base_url=sys.argv[2]))),
                   ("swap", lambda: compute_swap_base_in.sync(client=TransactionClient(base_url=sys.argv[3]),
                                                             input_mint="a", output_mint="b", amount=1,
                                                             slippage_bps=50, tx_version=TxVersion.V0))):
    try:
        call()
    except ApiError as error:
        print("one base:", host, type(error).__name__, error.status_code)
