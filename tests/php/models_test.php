<?php
// The PHP clients' models behave like PHP values (docs/decisions/, 144), through the pool-v3 and
// transaction-v1 packages' calls on bodies a Guzzle handler answers: two models decoded from the
// same JSON are equal (==, a loose in_array(), array_unique(), and the recursive comparison of
// PHPUnit's assertEquals(), which is not installed here: assertEqualsLike() below); var_dump(),
// print_r(), var_export() and (array) show the values; json_encode() gives back the body's keys
// and values, unknown keys included, as do (string) and serialize(). And the runtime's own
// decode and encode of them: each kind of type the generator names built as it says (in the
// runtime's scope, built()) and a value of another type refused with its place; a quote sent
// back byte for byte, and only a quote; a request body's nulls sent only where set. Run by
// tests/clients/test_php_client.py; prints {"ran": [test names], "failures": [what failed]}.
require_once __DIR__ . '/../../scripts/clients/autoload.php';
raydium_autoload(['Raydium\\PoolV3\\' => __DIR__ . '/../../generated/php/pool-v3/lib',
                  'Raydium\\TransactionV1\\' => __DIR__ . '/../../generated/php/transaction-v1/lib']);

use GuzzleHttp\Client;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Psr7\Response;
use Raydium\PoolV3\Api\PoolsApi;
use Raydium\PoolV3\Contract;
use Raydium\PoolV3\Model\PoolInfoItem;
use Raydium\TransactionV1\Api\ComputeApi;
use Raydium\TransactionV1\Contract as TransactionContract;
use Raydium\TransactionV1\Model\SwapBaseInTransactionRequest;

// as an application that turns every notice and warning into an exception (docs/decisions/, 121)
set_error_handler(function (int $level, string $message, string $file, int $line): bool {
    throw new ErrorException($message, 0, $level, $file, $line);
});

const UUID = '5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10';
const TOKEN = ['chainId' => 101, 'address' => 'Mint1', 'programId' => 'Token1', 'logoURI' => '', 'symbol' => 'TK',
               'name' => 'Token', 'decimals' => 9, 'tags' => ['hasFreeze'], 'extensions' => ['zzExt' => [1, null]]];

/** A page of pools: unknown keys on the page, on each pool (free-form, nested) and on a token. */
function pageBody(): string
{
    $pool = ['type' => 'Concentrated', 'programId' => 'CAMM', 'id' => 'Pool1', 'price' => 1.5, 'tvl' => 2,
             'openTime' => '1700000000', 'mintA' => TOKEN + ['zzToken' => 't'], 'mintB' => TOKEN,
             'day' => ['volume' => 1.0, 'apr' => 2.5, 'rewardApr' => [1.2, 0]],
             'config' => ['id' => 'cfg', 'index' => 1], 'zzItem' => ['k' => [1, 'a', null, ['deep' => true]]]];

    return json_encode(['id' => UUID, 'success' => true, 'data' => ['count' => 2, 'zzPage' => [],
        'data' => [$pool, ['id' => 'Pool2', 'type' => 'Standard'] + $pool]]], JSON_PRESERVE_ZERO_FRACTION);
}

/** A client whose every request is answered with $body (HTTP 200, JSON). */
function pools(string $body): PoolsApi
{
    $handler = fn ($request, array $options) =>
        Create::promiseFor(new Response(200, ['Content-Type' => 'application/json'], $body));

    return new PoolsApi(new Client(['handler' => $handler]), Contract::configuration('http://127.0.0.1:9'));
}

function check(bool $ok, string $what): void
{
    if (!$ok) {
        throw new RuntimeException($what);
    }
}

/**
 * What PHPUnit's assertEquals() checks of two objects (sebastian/comparator's ObjectComparator):
 * the same class, and each property equal, compared the same way at every depth.
 */
function assertEqualsLike(mixed $expected, mixed $actual, string $where = 'the value'): void
{
    if (is_object($expected) || is_object($actual)) {
        check(is_object($expected) && is_object($actual) && get_class($expected) === get_class($actual), "$where: the class");
        assertEqualsLike((array) $expected, (array) $actual, $where);

        return;
    }
    if (is_array($expected) || is_array($actual)) {
        check(is_array($expected) && is_array($actual) && array_keys($expected) == array_keys($actual), "$where: the keys");
        foreach ($expected as $key => $item) {
            assertEqualsLike($item, $actual[$key], "$where." . trim((string) $key, "\0*"));
        }

        return;
    }
    check($expected == $actual, "$where: " . var_export($expected, true) . ' != ' . var_export($actual, true));
}

/** $value's JSON decoded again as arrays: what json_encode() said, to compare with the body's. */
function reread(mixed $value): mixed
{
    return json_decode(json_encode($value, JSON_THROW_ON_ERROR), true);
}

/**
 * The runtime's build() of $json (decoded as a call decodes a body) as the generator's type
 * $type at the place $where: [the value, what is left of the decoded JSON after].
 */
function built(string $json, string $type, string $where = ''): array
{
    $build = \Closure::bind(function (string $json) use ($type, $where): array {
        $value = json_decode($json, false, 512, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
        $built = self::build($value, $type, $where);

        return [$built, $value];
    }, new Contract(), \Raydium\ApiRuntime\Contract::class);

    return $build($json);
}

/** The message build() throws for $json as $type (a RuntimeException where it throws none). */
function refused(string $json, string $type, string $where = ''): string
{
    try {
        built($json, $type, $where);
    } catch (UnexpectedValueException $e) {
        return $e->getMessage() . ($e->getCode() === 0 ? '' : " (code {$e->getCode()})");
    }
    throw new RuntimeException("$json as $type: nothing was thrown");
}

/** A quote of transaction-v1's example, laid out as $flags say, with an unknown key; and its API. */
function quoteApi(int $flags = 0): array
{
    $spec = json_decode((string) file_get_contents(__DIR__ . '/../../generated/openapi/transaction-v1.json'));
    $body = json_encode($spec->components->examples->QuoteBaseInSolToUsdc->value, $flags);
    $body = preg_replace('/"slippageBps": ?50/', '$0,"zzQuote":{"a":[1.0,null]}', $body, 1);
    $handler = fn ($request, array $options) =>
        Create::promiseFor(new Response(200, ['Content-Type' => 'application/json'], $body));

    return [$body, new ComputeApi(new Client(['handler' => $handler]), TransactionContract::configuration('http://127.0.0.1:9'))];
}

$tests = [
    'two pages decoded from the same JSON are equal' => function () {
        $api = pools(pageBody());
        [$one, $two] = [$api->listPools(), $api->listPools()];
        check($one !== $two && $one == $two, 'the pages ==');
        check($one->getData()->getData()[1] == $two->getData()->getData()[1], 'a pool ==');
        assertEqualsLike($one, $two, 'the page');
        $pool = $two->getData()->getData()[1];
        check(in_array($pool, $one->getData()->getData()), 'in_array() finds the pool');
        check(array_search($pool, $one->getData()->getData()) === 1, 'array_search() finds it where it is');
        $all = [...$one->getData()->getData(), ...$two->getData()->getData()];
        check(array_keys(array_unique($all, SORT_REGULAR)) === [0, 1], 'array_unique() keeps one of each');
        check(array_keys(array_unique($all)) === [0, 1], 'array_unique() by string keeps one of each');
        check(clone $pool == $pool, 'a clone ==');
    },
    'models that differ are not equal' => function () {
        $api = pools(pageBody());
        $pools = $api->listPools()->getData()->getData();
        check($pools[0] != $pools[1], 'two pools');
        $other = pools(str_replace('"zzToken":"t"', '"zzToken":"u"', pageBody()))->listPools()->getData()->getData()[0];
        check($other != $pools[0], 'an unknown key of a token');
        $set = $api->listPools()->getData()->getData()[0]->setPrice(9.5);
        check($set != $pools[0] && !in_array($set, $pools), 'a value set');
    },
    'debug output shows the values' => function () {
        $pool = pools(pageBody())->listPools()->getData()->getData()[0];
        ob_start();
        var_dump($pool);
        $dumped = (string) ob_get_clean();
        check(str_contains($dumped, "[\"price\":protected]=>\n  float(1.5)"), "var_dump: $dumped");
        check(str_contains($dumped, '["zzItem"]=>') && str_contains($dumped, 'string(4) "CAMM"'), "var_dump: $dumped");
        $printed = print_r($pool, true);
        check(str_contains($printed, '[price:protected] => 1.5') && str_contains($printed, '[symbol:protected] => TK'), $printed);
        check(str_contains($printed, '[zzToken] => t'), $printed);
        $exported = var_export($pool, true);
        check(str_contains($exported, "'price' => 1.5") && str_contains($exported, "'zzItem' =>"), $exported);
        $cast = (array) $pool;
        check($cast["\0*\0price"] === 1.5 && $cast["\0*\0type"] === 'Concentrated', json_encode(array_keys($cast)));
        check($cast["\0*\0mint_a"]->getSymbol() === 'TK' && isset($cast["\0*\0additionalProperties"]['zzItem']), 'the cast');
    },
    'json_encode gives back the body' => function () {
        $body = pageBody();
        $page = pools($body)->listPools();
        check(reread($page) == json_decode($body, true), json_encode($page));
        check(reread($page->getData()->getData()[0]) == json_decode($body, true)['data']['data'][0], 'a pool');
        check(json_decode((string) $page, true) == json_decode($body, true), '(string) $page');
        check(array_key_exists('zzExt', reread($page)['data']['data'][0]['mintA']['extensions']), 'a nested unknown key');
        check(reread($page)['data']['data'][0]['zzItem']['k'] === [1, 'a', null, ['deep' => true]], 'nulls in an unknown list');
    },
    'serialize gives back an equal model' => function () {
        $page = pools(pageBody())->listPools();
        $again = unserialize(serialize($page));
        check($again == $page && reread($again) == reread($page), 'serialize()');
        // runtime 1.3 wrote its models' properties by name, the closure that built them among them
        $pool = $page->getData()->getData()[0];
        $class = get_class($pool);
        $fields = ['openAPIUnread' => null];
        foreach ((array) $pool as $name => $value) {
            $fields[substr($name, strrpos($name, "\0") + 1)] = $value;
        }
        $old = preg_replace('/^a:/', 'O:' . strlen($class) . ':"' . $class . '":', serialize($fields));
        check(unserialize($old) == $pool, 'a model runtime 1.3 serialized');
    },
    'a quote encodes to its body and is sent back as it came' => function () {
        [$body, $api] = quoteApi();
        $call = fn () => $api->computeSwapBaseIn('So1', 'EPj', '1000', 50, 'V0');
        [$one, $two] = [$call(), $call()];
        check($one == $two, 'two quotes ==');
        assertEqualsLike($one, $two, 'the quote');
        check(reread($one) == json_decode($body, true), json_encode($one));
        check(TransactionContract::jsonBody($one) === $body, 'the quote sent back');
    },
    'a quote goes back byte for byte however its body is laid out' => function () {
        [$body, $api] = quoteApi(JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES);
        $quote = $api->computeSwapBaseIn('So1', 'EPj', '1000', 50, 'V0');
        check(TransactionContract::rawJson($quote) === $body, 'rawJson() is the body');
        $request = new SwapBaseInTransactionRequest(['wallet' => 'W', 'swap_response' => $quote, 'tx_version' => 'V0']);
        check(TransactionContract::jsonBody($request) === '{"wallet":"W","swapResponse":' . $body . ',"txVersion":"V0"}',
            TransactionContract::jsonBody($request));
        $request->setAdditionalProperties(['zzQuotes' => ['best' => $quote]]);
        check(str_ends_with(TransactionContract::jsonBody($request), ',"zzQuotes":{"best":' . $body . '}}'), 'a quote in a map');
    },
    'only a quote keeps the JSON it came from' => function () {
        $page = pools(pageBody())->listPools();
        check(Contract::rawJson($page) === null && Contract::rawJson($page->getData()) === null, 'a pool page');
        check(json_decode(Contract::jsonBody($page), true) == json_decode(pageBody(), true), Contract::jsonBody($page));
        $page->getData()->getData()[0]->setPrice(9.5);
        check(json_decode(Contract::jsonBody($page), true)['data']['data'][0]['price'] === 9.5, 'a value set is sent');
    },
    'a request body sends the nulls set, not the values never set' => function () {
        $request = new SwapBaseInTransactionRequest(['wallet' => 'W', 'tx_version' => 'V0']);
        check(TransactionContract::jsonBody($request) === '{"wallet":"W","txVersion":"V0"}', TransactionContract::jsonBody($request));
        $request->setComputeUnitPriceMicroLamports(null);
        check(TransactionContract::jsonBody($request) === '{"wallet":"W","txVersion":"V0","computeUnitPriceMicroLamports":null}',
            TransactionContract::jsonBody($request));
        check(TransactionContract::jsonBody(new SwapBaseInTransactionRequest()) === '{}', 'a request with nothing set');
        $request->setAdditionalProperties(['zzList' => [1, 'a'], 'zzMap' => ['k' => ['n' => 1.0]], 'zzEmpty' => []]);
        check(str_ends_with(TransactionContract::jsonBody($request), ',"zzList":[1,"a"],"zzMap":{"k":{"n":1.0}},"zzEmpty":[]}'),
            TransactionContract::jsonBody($request));
    },
    'each kind of type is built as the generator names it' => function () {
        check(built('[1,2]', 'int[]')[0] === [1, 2], 'a list of integers stays integers');
        check(built('[1,"a",null,true]', 'mixed[]')[0] === [1, 'a', null, true], 'a list of anything stays as it came');
        check(built('[1,0.5]', 'float[]')[0] === [1.0, 0.5], 'a list of numbers is floats');
        check(built('{}', 'array<string,int>')[0] === [], 'an empty map');
        [$map, $left] = built('{"a":1,"b":2}', 'array<string,int>');
        check($map === ['a' => 1, 'b' => 2], 'a map of integers: ' . json_encode($map));
        check($left == (object) ['a' => null, 'b' => null], 'a map lets go of its entries: ' . json_encode($left));
        [$tokens, $left] = built('[{"symbol":"A"},{"symbol":"B"}]', '\Raydium\PoolV3\Model\Token[]');
        check(array_map(fn ($token) => $token->getSymbol(), $tokens) === ['A', 'B'], 'a list of models');
        check($left === [null, null], 'a list of models lets go of its items: ' . json_encode($left));
        [$byName, $left] = built('{"x":{"symbol":"X"}}', 'array<string,\Raydium\PoolV3\Model\Token>');
        check($byName['x']->getSymbol() === 'X' && $left->x === null, 'a map of models');
        check(built('"2026-12-05T10:00:00Z"', '\DateTime')[0] == new DateTime('2026-12-05T10:00:00Z'), 'a date-time');
        check(built('"concentrated"', '\Raydium\PoolV3\Model\PoolType')[0] === 'concentrated', 'an enum value');
        check(built('"7"', 'string')[0] === '7' && built('5', 'mixed')[0] === 5, 'a string, anything');
    },
    'a value that is not its type is refused with its place' => function () {
        $refusals = [
            ['"x"', 'int', 'the body: expected an integer, got a string'],
            ['18446744073709551616', 'int', 'the body: expected an integer, got a string (an integer too large for PHP is not narrowed)'],
            ['"12a"', 'int', 'the body: expected an integer, got a string'],
            ['1', 'bool', 'the body: expected a boolean, got a number'],
            ['[1]', 'object', 'the body: expected an object, got a list'],
            ['[1]', 'array<string,int>', 'the body: expected an object, got a list'],
            ['{"a":"x"}', 'array<string,int>', 'a: expected an integer, got a string'],
            ['[1,"x"]', 'int[]', '[1]: expected an integer, got a string'],
            ['5', '\DateTime', 'the body: expected a date-time string, got a number'],
            ['"soon"', '\DateTime', 'the body: expected a date-time string, got a string'],
            ['true', '\Raydium\PoolV3\Model\PoolType', 'the body: true is not one of all, concentrated, standard, allFarm, concentratedFarm, standardFarm'],
            ['{}', 'Nope', 'the body: no decoder for the type Nope'],
        ];
        foreach ($refusals as [$json, $type, $message]) {
            check(refused($json, $type) === $message, "$json as $type: " . refused($json, $type));
        }
        check(refused('"x"', 'int', 'data.count') === 'data.count: expected an integer, got a string', 'a place');
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
