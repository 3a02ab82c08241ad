<?php
// The swap's part of the client contract in PHP, for tests/clients/test_swap_contract.py, which
// writes a copy with AUTOLOAD (scripts/clients/autoload.php), LIB (the transaction-v1 package's
// lib folder, strings) and the quote's SOL, USDC, AMOUNT and WALLET filled in: its argument is
// the quote server's URL; prints the report (JSON).
require_once AUTOLOAD;
raydium_autoload(['Raydium\\TransactionV1\\' => LIB]);
use Raydium\TransactionV1\{Api\ComputeApi, Api\TransactionApi, ApiException, Contract, ErrorCode};
use Raydium\TransactionV1\{FailureEnvelopeError, Model\SwapBaseInTransactionRequest, Model\TxVersion};

function compute(string $base)
{
    return (new ComputeApi(config: Contract::configuration($base)))->computeSwapBaseIn(
        input_mint: 'SOL', output_mint: 'USDC', amount: 'AMOUNT', slippage_bps: 50, tx_version: TxVersion::V0);
}

$base = $argv[1];
$report = [];
$quote = compute("$base/quote");
$body = new SwapBaseInTransactionRequest(['wallet' => 'WALLET', 'swap_response' => $quote,
    'tx_version' => TxVersion::V0, 'compute_unit_price_micro_lamports' => 0, 'wrap_sol' => true, 'unwrap_sol' => true]);
try {
    $built = (new TransactionApi(config: Contract::configuration("$base/quote")))->buildSwapBaseInTransaction($body);
    $report['built'] = $built->getSuccess();
} catch (ApiException $e) {
    $report['built'] = false;
    $report['buildError'] = $e->getMessage();
}
foreach (['known', 'unknown'] as $scenario) {
    try {
        compute("$base/$scenario");
        $report[$scenario] = ['kind' => 'success'];
    } catch (FailureEnvelopeError $e) {
        $report[$scenario] = ['kind' => 'FailureEnvelopeError', 'code' => $e->getMsgCode(), 'msg' => $e->getMsg(),
            'action' => $e->getAction(), 'openTime' => $e->getOpenTime(),
            'typed' => $e->getMsgCode() === ErrorCode::REQ_POOL_NOT_OPEN];
    }
}
echo json_encode($report), "\n";
