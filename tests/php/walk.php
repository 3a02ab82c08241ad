<?php
// One page walk of the generated PHP pool-v3 client, for tests/clients/paging_walks.py: its one
// argument is the walk's request (JSON), and it prints how the walk ended (JSON).
require_once __DIR__ . '/../../scripts/clients/autoload.php';
raydium_autoload(['Raydium\\PoolV3\\' => __DIR__ . '/../../generated/php/pool-v3/lib']);

use Raydium\PoolV3\Api\PoolsApi;
use Raydium\PoolV3\ApiException;
use Raydium\PoolV3\Contract;
use Raydium\PoolV3\RetryPolicy;

$request = json_decode($argv[1], true, 512, JSON_THROW_ON_ERROR);
$api = new PoolsApi(null, Contract::configuration($request['baseUrl']));
if (isset($request['maxRetries'])) { // a policy for this walk's calls alone (the configuration keeps its own)
    $api = $api->withRetryPolicy(new RetryPolicy(maxRetries: $request['maxRetries']));
}
$cursor = $request['style'] === 'cursor';
$pages = !empty($request['pages']);
$arguments = ($cursor ? ['size' => $request['perPage'], 'next_page_id' => $request['start'] ?? null]
    : ['page_size' => $request['perPage'], 'page' => $request['start'] ?? null]) + ['maxPages' => $request['maxPages'] ?? null];
$ids = [];
$seen = [];
$error = null;
try {
    if ($pages) {
        $walk = $cursor ? $api->iterateListPoolsByCursorPages(...$arguments) : $api->iterateListPoolsPages(...$arguments);
        foreach ($walk as $page) {
            $these = array_map(fn ($pool) => $pool->getId(), $page->getData()->getData());
            $seen[] = $these;
            array_push($ids, ...$these);
        }
    } else {
        $walk = $cursor ? $api->iterateListPoolsByCursor(...$arguments) : $api->iterateListPools(...$arguments);
        foreach ($walk as $pool) {
            $ids[] = $pool->getId();
        }
    }
} catch (ApiException $e) {
    // the walk protocol names the query parameter; a PHP walk resumes from its named argument (next_page_id)
    $names = ['next_page_id' => 'nextPageId', 'page' => 'page'];
    $resume = $e->getResume() === null ? null
        : (object) array_combine(array_map(fn ($name) => $names[$name], array_keys($e->getResume())), $e->getResume());
    $error = ['kind' => (new ReflectionClass($e))->getShortName(), 'attempts' => $e->getAttempts(),
              'resume' => $resume, 'message' => $e->getMessage()];
}
echo json_encode(['ids' => $ids, 'error' => $error] + ($pages ? ['pages' => $seen] : []), JSON_THROW_ON_ERROR);
