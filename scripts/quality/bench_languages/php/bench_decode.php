<?php
// Times the PHP client's decode of one list-pools success body against json_decode of the same
// bytes (scripts/quality/bench_languages.py runs it). The client is called as users call it,
// PoolsApi::listPools() with a Contract::configuration, given a Guzzle client whose handler
// answers from memory (the default HandlerStack's middleware over a handler that returns the
// response; nothing is sent), so the figure is the client's whole decode: the envelope check,
// the null-item checks and the typed models.
//
// Usage: php bench_decode.php LIB BODY.json RUNS LOOPS
//          prints {"parse": [seconds per decode, ...], "client": [...], "read": [...]}; read: the call, then
//          each pool's id read (a pool is built on its first read, docs/decisions/, 137)
//        php bench_decode.php LIB --peak BODY.json client|parse [WARM.json]
//                                                   prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}
// LIB is the client's lib folder (generated/php/pool-v3/lib); scripts/clients/autoload.php loads it, the shared
// runtime and Debian's Guzzle (php-guzzlehttp-*). WARM is a small page the same side decodes once
// first (the client's one-time set-up, as a long-running client has done it).

require_once dirname(__DIR__, 3) . '/clients/autoload.php';

use GuzzleHttp\Client;
use GuzzleHttp\HandlerStack;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Psr7\Response;
use Psr\Http\Message\RequestInterface;
use Raydium\PoolV3\Api\PoolsApi;
use Raydium\PoolV3\Contract;

$args = array_slice($argv, 1);
$lib = array_shift($args);
raydium_autoload(['Raydium\\PoolV3\\' => $lib]);

/** @return array{0: callable, 1: callable, 2: callable} the floor, the client's call, the call and each pool read */
function decoders(string $body): array
{
    // a new response per request, as a transport gives: HTTP 200, application/json, the body
    $answer = fn (RequestInterface $request, array $options) =>
        Create::promiseFor(new Response(200, ['Content-Type' => 'application/json'], $body));
    $api = new PoolsApi(new Client(['handler' => HandlerStack::create($answer)]), Contract::configuration('http://127.0.0.1:9'));
    $parse = fn () => json_decode($body);
    $call = function () use ($api): void {
        $page = $api->listPools();
        if ($page->getSuccess() !== true || count($page->getData()->getData()) === 0) {
            throw new RuntimeException('the client decoded no pools');
        }
    };

    $read = function () use ($api): void {
        foreach ($api->listPools()->getData()->getData() as $pool) {
            if ($pool->getId() === null) {
                throw new RuntimeException('a pool with no id');
            }
        }
    };

    return [$parse, $call, $read];
}

/** A field of /proc/self/status in bytes (VmRSS, VmHWM). */
function status(string $field): int
{
    preg_match('/^' . $field . ':\s+(\d+) kB/m', (string) file_get_contents('/proc/self/status'), $m);

    return (int) $m[1] * 1024;
}

function timeOne(callable $decode, int $loops): float
{
    $start = hrtime(true);
    for ($i = 0; $i < $loops; $i++) {
        $decode();
    }

    return (hrtime(true) - $start) / 1e9 / $loops;
}

if ($args[0] === '--peak') {
    if (isset($args[3])) {
        $warm = decoders((string) file_get_contents($args[3]));
        ($args[2] === 'client' ? $warm[1] : $warm[0])();
        unset($warm);
    }
    $body = (string) file_get_contents($args[1]);
    [$parse, $call] = decoders($body);
    $decode = $args[2] === 'client' ? $call : $parse;
    @file_put_contents('/proc/self/clear_refs', '5'); // VmHWM back to the current RSS: the peak after is the decode's own
    $baseline = status('VmRSS');
    $decode();
    echo json_encode(['peak_rss_bytes' => status('VmHWM'), 'baseline_rss_bytes' => $baseline]), "\n";
    exit(0);
}

$body = (string) file_get_contents($args[0]);
$runs = (int) $args[1];
$loops = (int) $args[2];
[$parse, $call, $read] = decoders($body);
$parse();
$call(); // warm-up
$read();
// The floor and the client take turns, run by run, each going first every other run.
$floor = [];
$client = [];
$reads = [];
for ($run = 0; $run < $runs; $run++) {
    if ($run % 2 === 0) {
        $floor[] = timeOne($parse, $loops);
        $client[] = timeOne($call, $loops);
    } else {
        $client[] = timeOne($call, $loops);
        $floor[] = timeOne($parse, $loops);
    }
    $reads[] = timeOne($read, $loops);
}
echo json_encode(['parse' => $floor, 'client' => $client, 'read' => $reads]), "\n";
