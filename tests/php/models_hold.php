<?php
// The models hold less than the decoded body (test_the_models_hold_less_than_the_decoded_body),
// in the runtime's scope; the body named "page" is decoded. Prints the memory held and what
// ArrayAccess reads and writes on a pool (JSON).
// tests/clients/test_php_client.py runs it with `php -r` (run_on_bodies), AUTOLOAD
// (scripts/clients/autoload.php) and LIB (the pool-v3 package's lib folder) filled in as strings;
// stdin is a JSON object of named bodies.
require_once AUTOLOAD;
raydium_autoload(['Raydium\\PoolV3\\' => LIB]);

$decode = \Closure::bind(function (string $body): array {
    $start = memory_get_usage();
    $value = json_decode($body);
    $decoded = memory_get_usage() - $start;
    $page = self::build($value, '\Raydium\PoolV3\Model\PoolPageResponse', '');
    unset($value);
    $held = memory_get_usage() - $start;
    $pool = $page->getData()->getData()[1];
    $probe = [isset($pool['type']), $pool['type'], isset($pool['zz']), $pool['zz']];
    $pool['zz'] = 'set';
    $pool['price'] = 3.5;
    $pool[] = 'appended';
    $probe = [...$probe, $pool['zz'], $pool->getPrice(), $pool[0], isset($pool['zz'])];
    unset($pool['zz'], $pool['type']);
    $probe = [...$probe, isset($pool['zz']), $pool->getType(), $pool->getAdditionalProperties(),
              property_exists($pool, 'container')];
    return ['held' => $held / $decoded, 'probe' => $probe];

}, new \Raydium\PoolV3\Contract(), \Raydium\ApiRuntime\Contract::class);
echo json_encode($decode(json_decode(file_get_contents('php://stdin'), true)['page']));
