<?php
// The runner of one host's package for tests/clients/test_php_client.py, which writes a copy per
// host with AUTOLOAD (scripts/clients/autoload.php), LIB (the package's lib folder),
// NAMESPACE_PREFIX (its namespace and a backslash, strings), NS\ (its namespace) and the line
// `// CASES` (one case per operation) filled in. Arguments: sync or async, then a plan's file.
require_once AUTOLOAD;
raydium_autoload([NAMESPACE_PREFIX => LIB]);
use GuzzleHttp\Promise\PromiseInterface;
use GuzzleHttp\Promise\Utils;

function call(string $op, $config, bool $async)
{
    switch ($op) {
        // CASES
    }
    throw new LogicException("no operation $op");
}

function outcome(float $started, $value, ?Throwable $e): array
{
    $seconds = hrtime(true) / 1e9 - $started;
    if ($e === null) {
        if ($value === null) {
            return ['kind' => 'RawBody', 'seconds' => $seconds, 'api_error' => true];
        }
        $extra = $value->getAdditionalProperties()['zzUnknownKey'] ?? null;
        return ['kind' => 'success', 'seconds' => $seconds, 'api_error' => true, 'success' => $value->getSuccess(),
                'unknown' => $extra, 'model' => (new ReflectionClass($value))->getShortName()];
    }
    $api = $e instanceof NS\ApiException;
    return ['kind' => (new ReflectionClass($e))->getShortName(), 'seconds' => $seconds, 'api_error' => $api,
            'status' => $api ? $e->getStatus() : null, 'msg' => $api ? $e->getMsg() : null,
            'cause' => $e->getPrevious() !== null, 'message' => substr($e->getMessage(), 0, 400)];
}

function configuration(array $entry)
{
    $config = NS\Contract::configuration($entry['baseUrl']);
    if (isset($entry['timeoutMs'])) {
        $config->setTimeout($entry['timeoutMs'] / 1000);
    }
    $changes = array_filter(['maxRetries' => $entry['maxRetries'] ?? null,
                             'deadline' => isset($entry['deadlineMs']) ? $entry['deadlineMs'] / 1000 : null],
                            fn ($value) => $value !== null);
    if ($changes !== []) {
        $config->setRetryPolicy(new NS\RetryPolicy(...$changes));
    }
    return $config;
}

$async = ($argv[1] ?? 'sync') === 'async';
$plan = json_decode(file_get_contents($argv[2]), true);
$results = [];
if (!$async) {
    foreach ($plan as $entry) {
        $started = hrtime(true) / 1e9;
        try {
            $results[] = outcome($started, call($entry['op'], configuration($entry), false), null);
        } catch (Throwable $e) {
            $results[] = outcome($started, null, $e);
        }
    }
} else {
    $promises = [];
    foreach ($plan as $i => $entry) {
        $started = hrtime(true) / 1e9;
        $promises[$i] = call($entry['op'], configuration($entry), true)->then(
            function ($value) use ($started) { return outcome($started, $value, null); },
            function ($reason) use ($started) { return outcome($started, null, $reason); }
        );
    }
    $results = Utils::all($promises)->wait();
    ksort($results);
    $results = array_values($results);
}
echo json_encode($results, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE);
