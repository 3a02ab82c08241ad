<?php
// A pool page as the pool-v3 package decodes it, each body answered to listPools by a Guzzle
// handler (test_a_success_is_checked_at_every_depth); STREAM is the response's body: $body, or
// a stream of it that cannot seek. Prints per name what the call gave or threw (JSON).
// tests/clients/test_php_client.py runs it with `php -r` (run_on_bodies), AUTOLOAD
// (scripts/clients/autoload.php) and LIB (the pool-v3 package's lib folder) filled in as strings;
// stdin is a JSON object of named bodies.
require_once AUTOLOAD;
raydium_autoload(['Raydium\\PoolV3\\' => LIB]);
use GuzzleHttp\Client;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Psr7\Response;
use Raydium\PoolV3\Api\PoolsApi;
use Raydium\PoolV3\Contract;

$out = [];
foreach (json_decode(file_get_contents('php://stdin'), true) as $name => $body) {
    $answer = fn ($request, array $options) =>
        Create::promiseFor(new Response(200, ['Content-Type' => 'application/json'], STREAM));
    $api = new PoolsApi(new Client(['handler' => HandlerStack::create($answer)]), Contract::configuration('http://127.0.0.1:9'));
    try {
        $page = $api->listPools();
        $item = $page->getData()->getData()[0];
        $out[$name] = ['page' => array_keys($page->getData()->getAdditionalProperties()),
            'item' => array_keys($item->getAdditionalProperties()),
            'token' => array_keys($item->getMintA()->getAdditionalProperties()),
            'price' => get_debug_type($item->getPrice()),
            'apr' => array_map('get_debug_type', $item->getDay()->getRewardApr()),
            'type' => $item->getType(), 'decimals' => $item->getMintA()->getDecimals()];
    } catch (Throwable $e) {
        $out[$name] = (new ReflectionClass($e))->getShortName() . ': ' . $e->getMessage();
    }
}
echo json_encode($out);
