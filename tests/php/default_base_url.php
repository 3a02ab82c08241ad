<?php
// Contract::configuration() without a URL, for tests/clients/test_php_client.py
// (test_the_default_base_url_is_the_cited_host): its argument is a JSON object of each host's
// namespace prefix and lib folder; prints per host, in order, the host it defaults to, or `refused`.
require_once __DIR__ . '/../../scripts/clients/autoload.php';
raydium_autoload(json_decode($argv[1], true));
foreach (array_keys(json_decode($argv[1], true)) as $namespace) {
    try {
        echo ($namespace . 'Contract')::configuration()->getHost(), "\n";
    } catch (InvalidArgumentException $e) {
        echo "refused\n";
    }
}
