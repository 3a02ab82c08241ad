<?php
// One catch of the shared runtime's base class catches a failure of either package, for
// tests/clients/test_php_client.py: its arguments are a pool-v3 URL that answers HTML and a
// transaction-v1 URL that answers a failure envelope; prints what it caught (JSON).
require_once __DIR__ . '/../../scripts/clients/autoload.php';
raydium_autoload(['Raydium\\PoolV3\\' => __DIR__ . '/../../generated/php/pool-v3/lib',
                  'Raydium\\TransactionV1\\' => __DIR__ . '/../../generated/php/transaction-v1/lib']);

use Raydium\PoolV3 as Pool;
use Raydium\TransactionV1 as Swap;

$pool = fn () => (new Pool\Api\ConfigurationApi(config: Pool\Contract::configuration($argv[1])))
    ->listDynamicFeeConfigs();
$swap = fn () => (new Swap\Api\ComputeApi(config: Swap\Contract::configuration($argv[2])))->computeSwapBaseIn(
    input_mint: 'a', output_mint: 'b', amount: '1', slippage_bps: 50, tx_version: Swap\Model\TxVersion::V0);
$caught = [];
try { // a catch by the client's own name, which nothing named before (a catch does not autoload)
    $pool();
} catch (Pool\NotJsonError $e) {
    $caught[] = ['own name', get_class($e), $e->getStatus()];
}
foreach ([$pool, $swap] as $call) {
    try {
        $call();
    } catch (Raydium\ApiRuntime\ApiException $e) { // the one base class
        $caught[] = [get_class($e), $e->getStatus(), $e instanceof Pool\NotJsonError,
                     $e instanceof Swap\FailureEnvelopeError];
    }
}
$same = [];
foreach (['ApiException', 'FailureEnvelopeError', 'RateLimitedError', 'RetryPolicy'] as $name) {
    $same[] = (new ReflectionClass("Raydium\\PoolV3\\$name"))->getName() === "Raydium\\ApiRuntime\\$name"
        && (new ReflectionClass("Raydium\\TransactionV1\\$name"))->getName() === "Raydium\\ApiRuntime\\$name";
}
echo json_encode(['same' => $same, 'caught' => $caught]);
