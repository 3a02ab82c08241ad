<?php
// The contract layer of every host's package (Contract.php and ContractConfiguration.php, from the
// templates php/Contract.mustache and php/ContractConfiguration.mustache), through each package's
// Contract::send on responses a Guzzle handler scripts: a ContractConfiguration starts with every
// setting of a plain Configuration, its timeout and connect timeout, the defaults or set, read as
// the ones a call uses, and a base URL is required. Run by tests/clients/test_php_client.py: its
// argument is a JSON object of each host's namespace prefix and lib folder; prints
// {"ran": [test names], "failures": [what failed]}.
require_once __DIR__ . '/../../scripts/clients/autoload.php';
$packages = json_decode($argv[1], true);
raydium_autoload($packages);

use GuzzleHttp\Client;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Psr7\Request;
use GuzzleHttp\Psr7\Response;
use Psr\Http\Message\RequestInterface;
use Raydium\ApiRuntime\FailureEnvelopeError;

const URL = 'http://127.0.0.1:9';
const FAILURE = ['id' => '5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10', 'success' => false, 'msg' => 'm'];

function check(bool $ok, string $what): void
{
    if (!$ok) {
        throw new RuntimeException($what);
    }
}

/** @return Throwable what $call throws (a RuntimeException when it throws nothing) */
function thrown(callable $call): Throwable
{
    try {
        $call();
    } catch (Throwable $e) {
        return $e;
    }
    throw new RuntimeException('nothing was thrown');
}

/**
 * The timeout and connect timeout (s) of the one request a call through $namespace's
 * Contract::send made with $config, answered with a failure envelope (HTTP 400).
 *
 * @return array{float, float}
 */
function sentTimeouts(string $namespace, object $config): array
{
    $seen = [];
    $handler = function (RequestInterface $request, array $options) use (&$seen) {
        $seen[] = [$options['timeout'] ?? null, $options['connect_timeout'] ?? null];

        return Create::promiseFor(new Response(400, ['Content-Type' => 'application/json'], json_encode(FAILURE)));
    };
    $e = thrown(fn () => ($namespace . 'Contract')::send(new Client(['handler' => $handler]),
        new Request('GET', URL . '/probe'), [], $config, 'probe', null));
    check($e instanceof FailureEnvelopeError && count($seen) === 1, "$namespace: $e");

    return array_map(fn ($seconds) => round($seconds, 3), $seen[0]);
}

$tests = [
    'a ContractConfiguration starts with every setting of a plain Configuration' => function () use ($packages) {
        foreach (array_keys($packages) as $namespace) {
            $plain = new ($namespace . 'Configuration')();
            $contract = new ($namespace . 'ContractConfiguration')();
            $getters = array_filter((new ReflectionClass($plain))->getMethods(ReflectionMethod::IS_PUBLIC),
                fn ($m) => !$m->isStatic() && $m->getNumberOfRequiredParameters() === 0
                    && preg_match('/^(get|is)[A-Z]/', $m->getName()));
            check(count($getters) >= 10, "$namespace: the getters of a Configuration");
            foreach ($getters as $getter) {
                $name = $getter->getName();
                check($plain->$name() === $contract->$name(), "$namespace: $name() of a ContractConfiguration: "
                    . var_export($contract->$name(), true) . ', of a Configuration: ' . var_export($plain->$name(), true));
            }
            check(($namespace . 'Contract')::configuration(URL)->getTempFolderPath() === sys_get_temp_dir(),
                "$namespace: the temporary folder of Contract::configuration()");
        }
    },
    'a configuration\'s timeouts read as the ones a call uses' => function () use ($packages) {
        foreach (array_keys($packages) as $namespace) {
            $contract = $namespace . 'Contract';
            $config = $contract::configuration(URL);
            $defaults = [$config->getTimeout(), $config->getConnectTimeout()];
            check($defaults === [8.0, 4.0] && $defaults === [$contract::DEFAULT_TIMEOUT, $contract::DEFAULT_CONNECT_TIMEOUT],
                "$namespace: the defaults " . json_encode($defaults));
            check(sentTimeouts($namespace, $config) === [8.0, 4.0], "$namespace: the defaults sent");
            check($config->setTimeout(7.0)->setConnectTimeout(2.5) === $config, "$namespace: the setters chain");
            check([$config->getTimeout(), $config->getConnectTimeout()] === [7.0, 2.5],
                "$namespace: read back " . json_encode([$config->getTimeout(), $config->getConnectTimeout()]));
            check(sentTimeouts($namespace, $config) === [7.0, 2.5],
                "$namespace: sent " . json_encode(sentTimeouts($namespace, $config)));
        }
    },
    'a base URL is required' => function () use ($packages) {
        foreach (array_keys($packages) as $namespace) {
            $e = thrown(fn () => ($namespace . 'Contract')::configuration(''));
            check($e instanceof InvalidArgumentException
                && $e->getMessage() === 'a base URL is required: the source document shows no host for this service', "$namespace: $e");
        }
    },
];

$failures = [];
foreach ($tests as $name => $test) {
    try {
        $test();
    } catch (Throwable $e) {
        $failures[] = "$name: " . get_class($e) . ': ' . $e->getMessage();
    }
}
echo json_encode(['ran' => array_keys($tests), 'failures' => $failures], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
