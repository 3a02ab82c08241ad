<?php
// A perps pool with a required value missing, decoded under an error handler that throws on
// every notice of the clients' own code (test_a_required_value_missing_is_reported_once_without_a_notice).
// tests/clients/test_php_client.py runs it with `php -r` (run_on_bodies), AUTOLOAD
// (scripts/clients/autoload.php) and LIB (the perps-v1 package's lib folder) filled in as strings;
// stdin is a JSON object of named bodies.
require_once AUTOLOAD;
raydium_autoload(['Raydium\\PerpsV1\\' => LIB]);
use GuzzleHttp\Client;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Psr7\Response;
use Raydium\PerpsV1\Api\PoolsApi;
use Raydium\PerpsV1\Contract;

set_error_handler(function (int $level, string $message, string $file, int $line): bool {
    if (!str_contains($file, '/generated/php/')) {
        return false;
    }
    throw new ErrorException($message, 0, $level, $file, $line);
});
$out = [];
foreach (json_decode(file_get_contents('php://stdin'), true) as $name => $body) {
    $answer = fn ($request, array $options) =>
        Create::promiseFor(new Response(200, ['Content-Type' => 'application/json'], $body));
    $api = new PoolsApi(new Client(['handler' => HandlerStack::create($answer)]), Contract::configuration('http://127.0.0.1:9'));
    try {
        $out[$name] = $api->listDefaultPools()->getData()[0]->getSymbol();
    } catch (Throwable $e) {
        $out[$name] = (new ReflectionClass($e))->getShortName() . ': ' . $e->getMessage();
    }
}
echo json_encode($out);
