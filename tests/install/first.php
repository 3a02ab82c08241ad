<?php
// A user's first program, after the PHP install commands of docs/clients/install.md
// (tests/clients/test_install_from_release.py runs it): $argv is the pool-v3 mock's URL, then a
// pool-v3 and a transaction-v1 URL that answer a failure envelope.
require __DIR__ . '/vendor/autoload.php';

use Raydium\PoolV3\Api\ConfigurationApi;
use Raydium\PoolV3\Contract;
use Raydium\PoolV3\FailureEnvelopeError;
use Raydium\TransactionV1 as Swap;

function tiers(string $url): array
{
    return (new ConfigurationApi(config: Contract::configuration($url)))->listDynamicFeeConfigs()->getData();
}

echo 'first call: ', count(tiers($argv[1])), "\n";
try {
    tiers($argv[2]);
} catch (FailureEnvelopeError $e) {
    echo 'caught: FailureEnvelopeError ', $e->getStatus(), ' ', $e->getErrorCode(), "\n";
}
$swap = fn () => (new Swap\Api\ComputeApi(config: Swap\Contract::configuration($argv[3])))->computeSwapBaseIn(
    input_mint: 'a', output_mint: 'b', amount: '1', slippage_bps: 50, tx_version: Swap\Model\TxVersion::V0);
foreach (['pool' => fn () => tiers($argv[2]), 'swap' => $swap] as $host => $call) {
    try {
        $call();
    } catch (Raydium\ApiRuntime\ApiException $e) { // one base class for both packages
        echo "one base: $host ", (new ReflectionClass($e))->getShortName(), ' ', $e->getStatus(), "\n";
    }
}
echo 'runtime: ', Composer\InstalledVersions::getPrettyVersion('raydium/api-runtime'), "\n";
