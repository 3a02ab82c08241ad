<?php
// The decode lets go of each decoded object once its model is made
// (test_a_decode_lets_go_of_the_decoded_body), in the runtime's scope; the body named "page" is
// decoded. Prints the memory figures and what is left of the decoded page (JSON).
// tests/clients/test_php_client.py runs it with `php -r` (run_on_bodies), AUTOLOAD
// (scripts/clients/autoload.php) and LIB (the pool-v3 package's lib folder) filled in as strings;
// stdin is a JSON object of named bodies.
require_once AUTOLOAD;
raydium_autoload(['Raydium\\PoolV3\\' => LIB]);

$decode = \Closure::bind(function (string $body): array {
    $start = memory_get_usage();
    $value = json_decode($body);
    $decoded = memory_get_usage() - $start;
    $decodedPage = $value->data;
    $pool = WeakReference::create($decodedPage->data[0]);
    $second = $decodedPage->data[1];
    $mint = $second->mintA;
    memory_reset_peak_usage();
    $before = memory_get_usage();
    $page = self::build($value, '\Raydium\PoolV3\Model\PoolPageResponse', '');
    return ['rise' => (memory_get_peak_usage() - $before) / $decoded, 'pool freed' => $pool->get() === null,
            'page' => $value->data, 'list' => $decodedPage->data, 'mintA' => $second->mintA, 'type' => $second->type,
            'extra' => $second->zzItem, 'decimals' => $mint->decimals, 'pools' => count($page->getData()->getData()),
            'kept' => $page->getData()->getData()[1]->getAdditionalProperties()];

}, new \Raydium\PoolV3\Contract(), \Raydium\ApiRuntime\Contract::class);
echo json_encode($decode(json_decode(file_get_contents('php://stdin'), true)['page']));
