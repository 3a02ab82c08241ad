<?php
// The PHP runtime's retries and page walks (raydium/api-runtime: Contract, Pages), in process,
// through the pool-v3 package's calls on responses scripted by a Guzzle handler: which failures
// are retried and how often, the waits between attempts (Guzzle's delay option, recorded, not
// slept), the attempts an error says, and where a stopped walk resumes. Run by
// tests/clients/test_php_client.py; prints {"ran": [test names], "failures": [what failed]}.
require_once __DIR__ . '/../../scripts/clients/autoload.php';
raydium_autoload(['Raydium\\PoolV3\\' => __DIR__ . '/../../generated/php/pool-v3/lib',
                  'Raydium\\TransactionV1\\' => __DIR__ . '/../../generated/php/transaction-v1/lib',
                  'Raydium\\LaunchAuth\\' => __DIR__ . '/../../generated/php/launch-auth/lib']);

use GuzzleHttp\Client;
use GuzzleHttp\Exception\ConnectException;
use GuzzleHttp\Exception\RequestException;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Psr7\Response;
use Psr\Http\Message\RequestInterface;
use Raydium\PoolV3\ApiException;
use Raydium\PoolV3\Api\PoolsApi;
use Raydium\PoolV3\ConnectionCutError;
use Raydium\PoolV3\ConnectionFailedError;
use Raydium\PoolV3\Contract;
use Raydium\PoolV3\FailureEnvelopeError;
use Raydium\PoolV3\MalformedJsonError;
use Raydium\PoolV3\NotJsonError;
use Raydium\PoolV3\RateLimitedError;
use Raydium\PoolV3\RequestTimeoutError;
use Raydium\PoolV3\RetryPolicy;
use Raydium\PoolV3\UnexpectedShapeError;
use Raydium\TransactionV1\Api\ComputeApi;

const UUID = '5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10';
const EMPTY_PAGE = ['id' => UUID, 'success' => true, 'data' => ['count' => 0, 'hasNextPage' => false, 'data' => []]];
const FAILURE = ['id' => UUID, 'success' => false, 'msg' => 'm'];

/** @var list<array{query: string, delay: float, timeout: ?float}> each request the handler saw, with the wait before it and its timeout (s) */
$seen = [];

/** A reply: a response, or the failure Guzzle's curl handler reports (errno 7: refused, 52: nothing). */
function reply(int $status, array|string $body = EMPTY_PAGE, array $headers = [], ?int $errno = null, ?string $type = null): Closure
{
    return function (RequestInterface $request) use ($status, $body, $headers, $errno, $type) {
        if ($errno !== null) {
            return Create::rejectionFor($errno === 7 ? new ConnectException('refused', $request, null, ['errno' => 7])
                : new RequestException('Empty reply from server', $request, null, null, ['errno' => $errno]));
        }
        $media = $type ?? (is_string($body) ? 'text/html' : 'application/json'); // '': no Content-Type

        return Create::promiseFor(new Response($status, ($media === '' ? [] : ['Content-Type' => $media]) + $headers,
            is_string($body) ? $body : json_encode($body)));
    };
}

/** A Guzzle client whose requests get $replies in order (the last one every later request), each seen. */
function scripted(array $replies): Client
{
    $handler = function (RequestInterface $request, array $options) use (&$replies) {
        global $seen;
        $seen[] = ['query' => $request->getUri()->getQuery(), 'delay' => ($options['delay'] ?? 0) / 1000,
                   'timeout' => $options['timeout'] ?? null];

        return (count($replies) > 1 ? array_shift($replies) : $replies[0])($request);
    };

    return new Client(['handler' => $handler]);
}

/** A PoolsApi whose requests get $replies in order (the last one every later request). */
function api(array $replies, ?RetryPolicy $policy = null): PoolsApi
{
    $config = Contract::configuration('http://127.0.0.1:9');
    if ($policy !== null) {
        $config->setRetryPolicy($policy);
    }

    return new PoolsApi(scripted($replies), $config);
}

/** A pool-v3 page envelope around $data. */
function page(mixed $data): Closure
{
    return reply(200, ['id' => UUID, 'success' => true, 'data' => $data]);
}

/** The waits before each retry so far. */
function waits(): array
{
    global $seen;

    return array_values(array_filter(array_column($seen, 'delay'), fn ($d) => $d > 0));
}

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

$tests = [
    'each transient status is retried then the success comes back' => function () {
        global $seen;
        check(Contract::TRANSIENT_STATUSES === [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524], 'the statuses');
        foreach (Contract::TRANSIENT_STATUSES as $status) {
            $seen = [];
            $page = api([reply($status, '<html>edge</html>'), reply(200)])->listPools();
            check($page->getData()->getData() === [] && count($seen) === 2 && count(waits()) === 1, "status $status");
        }
    },
    'any other status ends the call at once' => function () {
        global $seen;
        foreach ([400, 401, 403, 404, 409, 501] as $status) {
            $seen = [];
            $e = thrown(fn () => api([reply($status, FAILURE)])->listPools());
            check($e instanceof FailureEnvelopeError && $e->getStatus() === $status && $e->getAttempts() === 1, "status $status: $e");
            check(count($seen) === 1 && waits() === [] && !str_contains($e->getMessage(), 'attempts'), "status $status retried");
        }
    },
    'a failure envelope with HTTP 200 is not retried' => function () {
        global $seen;
        $e = thrown(fn () => api([reply(200, FAILURE)])->listPools());
        check($e instanceof FailureEnvelopeError && $e->getStatus() === 200 && count($seen) === 1, "$e");
    },
    'a failure that stays ends after the retries and says how many attempts' => function () {
        global $seen;
        $e = thrown(fn () => api([reply(502, '<html>edge</html>')])->listPools());
        check($e instanceof NotJsonError && $e->getAttempts() === 3 && count($seen) === 3, "$e");
        check(str_ends_with($e->getMessage(), '(after 3 attempts)'), $e->getMessage());
        [$first, $second] = waits(); // about 0.5 s, then 1 s, jittered down
        check($first >= 0.375 && $first <= 0.5 && $second >= 0.75 && $second <= 1.0, json_encode(waits()));
    },
    'a transport failure is retried and the last one thrown with its cause' => function () {
        global $seen;
        $e = thrown(fn () => api([reply(0, errno: 7)])->listPools());
        check($e instanceof ConnectionFailedError && $e->getAttempts() === 3 && count($seen) === 3 && count(waits()) === 2, "$e");
        check(str_ends_with($e->getMessage(), '(after 3 attempts)') && $e->getPrevious() instanceof ConnectException, "$e");
    },
    'a cut connection then a success comes back' => function () {
        global $seen;
        $page = api([reply(0, errno: 52), reply(200)])->listPools();
        check($page->getData()->getData() === [] && count($seen) === 2, 'not retried');
    },
    'Retry-After and retry-after-ms are waited where sent' => function () {
        api([reply(503, FAILURE, ['Retry-After' => '2']), reply(500, FAILURE, ['retry-after-ms' => '250']), reply(200)])->listPools();
        check(waits() === [2.0, 0.25], json_encode(waits()));
    },
    'a wait beyond maxWait is not waited' => function () {
        global $seen;
        $e = thrown(fn () => api([reply(503, FAILURE, ['Retry-After' => '60'])])->listPools());
        check($e instanceof FailureEnvelopeError && $e->getAttempts() === 1 && count($seen) === 1 && waits() === [], "$e");
        $e = thrown(fn () => api([reply(429, FAILURE, ['Retry-After' => '60'])])->listPools());
        check($e instanceof RateLimitedError && $e->getRetryAfter() === 60.0
            && str_contains($e->getMessage(), "the wait exceeds the retry policy's maxWait of 10s"), "$e");
    },
    'no wait passes the deadline' => function () {
        global $seen;
        $e = thrown(fn () => api([reply(429, FAILURE, ['Retry-After' => '2'])], new RetryPolicy(deadline: 1.5))->listPools());
        check($e instanceof RateLimitedError && str_contains($e->getMessage(), "waiting would pass the call's deadline of 1.5s"), "$e");
        check(count($seen) === 1 && waits() === [], 'waited');
    },
    'a retry\'s wait is charged to the call\'s deadline' => function () {
        global $seen;
        api([reply(429, FAILURE, ['Retry-After' => '1']), reply(200)], new RetryPolicy(deadline: 1.5))->listPools();
        check(count($seen) === 2 && waits() === [1.0], json_encode($seen));
        // the second attempt may take what the deadline leaves after the wait: about 0.5 s, not 1.5 s
        check($seen[1]['timeout'] > 0.3 && $seen[1]['timeout'] <= 0.5, json_encode($seen));
    },
    'a timeout of zero or less is refused, not taken as no timeout' => function () {
        foreach ([0.0, -1.0] as $seconds) {
            $config = Contract::configuration('http://127.0.0.1:9');
            check(thrown(fn () => $config->setTimeout($seconds)) instanceof InvalidArgumentException, "setTimeout($seconds)");
            check(thrown(fn () => $config->setConnectTimeout($seconds)) instanceof InvalidArgumentException, "setConnectTimeout($seconds)");
            check($config->getTimeout() > 0 && $config->getConnectTimeout() > 0, 'a refused value was kept');
        }
    },
    'a float for a u64 amount is refused before anything is sent' => function () {
        global $seen;
        $handler = function (RequestInterface $request) {
            global $seen;
            $seen[] = ['query' => $request->getUri()->getQuery(), 'delay' => 0, 'timeout' => null];

            return reply(200)($request);
        };
        $compute = new ComputeApi(new Client(['handler' => $handler]),
            \Raydium\TransactionV1\Contract::configuration('http://127.0.0.1:9'));
        foreach ([18446744073709551616.0, 1000.0] as $amount) {
            $e = thrown(fn () => $compute->computeSwapBaseIn('So1', 'EPj', $amount, 50, 'V0'));
            check($e instanceof InvalidArgumentException && str_contains($e->getMessage(), 'got a float'), "$amount: $e");
        }
        check($seen === [], 'a request was sent');
    },
    'a u64 amount is taken from 0 up to 2^64 - 1, as an int or a string of digits, and nothing past it' => function () {
        $u64 = fn (mixed $value) => \Raydium\ApiRuntime\Contract::u64($value, 'amount');
        $max = '18446744073709551615';
        foreach ([[0, '0'], ['0', '0'], [1, '1'], [PHP_INT_MAX, (string) PHP_INT_MAX], ['9999999999999999999', '9999999999999999999'],
                  ['10000000000000000000', '10000000000000000000'], [$max, $max], [null, null]] as [$value, $sent]) {
            $got = $u64($value);
            check($got === $sent, var_export($value, true) . ' gave ' . var_export($got, true));
        }
        foreach ([-1, '-1', '01', '', ' 1', '1.5', '18446744073709551616', '18446744073709551625', '99999999999999999999',
                  '100000000000000000000', '184467440737095516150', true, [1]] as $value) {
            $e = thrown(fn () => $u64($value));
            check($e instanceof InvalidArgumentException && str_contains($e->getMessage(), '$amount must be a u64'),
                var_export($value, true) . ": $e");
        }
    },
    'a deadline spent before the first attempt ends the call with the deadline error, sending nothing' => function () {
        global $seen;
        $e = thrown(fn () => api([reply(200)], new RetryPolicy(deadline: 1e-9))->listPools());
        check($e instanceof RequestTimeoutError && str_contains($e->getMessage(), "the call's deadline of"), "$e");
        check($e->getAttempts() === 1 && $seen === [], 'attempts ' . $e->getAttempts() . ', sent ' . count($seen));
    },
    'a timeout with time left is retried' => function () {
        global $seen;
        check(api([reply(0, errno: 28), reply(200)])->listPools()->getData()->getData() === [] && count($seen) === 2, 'not retried');
    },
    'a timeout at the deadline is the deadline error, numbering its attempt; a refused connection stays one' => function () {
        global $seen;
        $late = fn (int $errno) => function (RequestInterface $request) use ($errno) {
            usleep(290000); // 0.29 s of a 0.3 s deadline: within the last 50 ms

            return reply(0, errno: $errno)($request);
        };
        $policy = new RetryPolicy(defaultWait: 0.01, deadline: 0.3);
        $e = thrown(fn () => api([reply(0, errno: 28), $late(28)], $policy)->listPools());
        check($e instanceof RequestTimeoutError && str_contains($e->getMessage(), "the call's deadline of 0.3s passed"), "$e");
        check([$e->getAttempts(), count($seen), $e->getCode()] === [2, 2, 0], 'attempts ' . $e->getAttempts() . ', code ' . $e->getCode());
        check($e->getPrevious() instanceof RequestException, 'the cause is not what Guzzle reported');
        $seen = [];
        $e = thrown(fn () => api([reply(0, errno: 28), $late(7)], $policy)->listPools());
        check($e instanceof ConnectionFailedError && $e->getAttempts() === 2, "$e");
    },
    'an errno that is not a number is no errno: the failure is a cut connection' => function () {
        $odd = fn (RequestInterface $request) => Create::rejectionFor(
            new RequestException('odd', $request, null, null, ['errno' => '28']));
        $e = thrown(fn () => api([$odd], new RetryPolicy(maxRetries: 0))->listPools());
        check($e instanceof ConnectionCutError, "$e");
    },
    'a Retry-After date is waited until then, and a past one not at all' => function () {
        global $seen;
        $soon = gmdate('D, d M Y H:i:s \G\M\T', time() + 3);
        $past = gmdate('D, d M Y H:i:s \G\M\T', time() - 60);
        api([reply(503, FAILURE, ['Retry-After' => $soon]), reply(503, FAILURE, ['Retry-After' => $past]), reply(200)])->listPools();
        $delays = array_column($seen, 'delay');
        check(count($delays) === 3 && $delays[1] >= 2.0 && $delays[1] <= 3.0 && $delays[2] == 0, json_encode($delays));
        $seen = [];
        api([reply(503, FAILURE, ['Retry-After' => 'soon']), reply(200)])->listPools();
        $delays = array_column($seen, 'delay');
        check(count($delays) === 2 && $delays[1] >= 0.375 && $delays[1] <= 0.5, 'unreadable: not the backoff ' . json_encode($delays));
    },
    'each curl error number is its own failure, with what curl said and no status' => function () {
        $off = new RetryPolicy(maxRetries: 0);
        foreach ([5 => ConnectionFailedError::class, 6 => ConnectionFailedError::class, 7 => ConnectionFailedError::class,
                  28 => RequestTimeoutError::class, 52 => ConnectionCutError::class, 56 => ConnectionCutError::class] as $errno => $class) {
            $e = thrown(fn () => api([reply(0, errno: $errno)], $off)->listPools());
            check(get_class($e) === (new ReflectionClass($class))->getName() && $e->getCode() === 0, "$errno: $e");
            $said = $errno === 7 ? 'refused' : 'Empty reply from server'; // what reply() has curl say
            check(str_contains($e->getMessage(), "($said)"), "$errno: the message lacks curl's: {$e->getMessage()}");
        }
    },
    "a failure envelope's message quotes its msg and carries its status" => function () {
        $e = thrown(fn () => api([reply(400, ['id' => UUID, 'success' => false, 'msg' => 'bad mint'])])->listPools());
        check($e instanceof FailureEnvelopeError && $e->getCode() === 400, "$e");
        check(str_starts_with($e->getMessage(), 'HTTP 400, success=false, msg="bad mint"'), $e->getMessage());
        $e = thrown(fn () => api([reply(400, ['id' => UUID, 'success' => false, 'msg' => 7])])->listPools());
        check($e->getMessage() === 'HTTP 400, success=false', 'a msg that is not a string: ' . $e->getMessage());
    },
    'a body that is not JSON is previewed to 200 bytes, its white space folded' => function () {
        $off = new RetryPolicy(maxRetries: 0);
        $long = 'A' . str_repeat('b', 199) . 'Z';
        foreach ([[$long, '"A' . str_repeat('b', 199) . '"...'], [substr($long, 0, 200), '"A' . str_repeat('b', 199) . '"'],
                  ["  <p>\n\n not  found</p> ", '"<p> not found</p>"']] as [$body, $shown]) {
            $e = thrown(fn () => api([reply(404, $body)], $off)->listPools());
            $tail = '(' . strlen($body) . " bytes: $shown)";
            check($e instanceof NotJsonError && str_contains($e->getMessage(), $tail), "wanted $tail in {$e->getMessage()}");
        }
    },
    'only a JSON media type is read as JSON; none or text/plain is read where it parses' => function () {
        $off = new RetryPolicy(maxRetries: 0);
        $envelope = json_encode(EMPTY_PAGE);
        foreach (['application/problem+json; charset=utf-8', 'Application/JSON', 'text/plain', ''] as $type) {
            $got = api([reply(200, $envelope, type: $type)], $off)->listPools()->getData()->getData();
            check($got === [], "$type: not read");
        }
        foreach (['application/octet-stream', 'application/xml', 'text/html'] as $type) {
            $e = thrown(fn () => api([reply(200, $envelope, type: $type)], $off)->listPools());
            check($e instanceof NotJsonError && str_contains($e->getMessage(), "expected a JSON envelope, got $type ("), "$type: $e");
        }
        $e = thrown(fn () => api([reply(502, 'Bad gateway', type: '')], $off)->listPools());
        check(str_contains($e->getMessage(), 'expected a JSON envelope, got no content type ('), $e->getMessage());
        foreach (['text/plain', ''] as $type) {
            $e = thrown(fn () => api([reply(502, 'Bad gateway', type: $type)], $off)->listPools());
            check(get_class($e) === (new ReflectionClass(NotJsonError::class))->getName(), "$type: $e");
        }
        $e = thrown(fn () => api([reply(200, '{"id": "x", "succ', type: 'application/json')], $off)->listPools());
        check($e instanceof MalformedJsonError && str_contains($e->getMessage(), 'it may be truncated'), "$e");
    },
    'a 429 is rate limited whatever its body, and says which attempt it was' => function () {
        global $seen;
        $e = thrown(fn () => api([reply(429, [1, 2], ['Retry-After' => '60'])])->listPools());
        check($e instanceof RateLimitedError && $e->getAttempts() === 1 && get_object_vars($e->getEnvelope()) === [], "$e");
        check(str_starts_with($e->getMessage(), 'HTTP 429, rate limited (Retry-After 60s; the wait exceeds'), $e->getMessage());
        $e = thrown(fn () => api([reply(429, FAILURE)], new RetryPolicy(maxRetries: 0))->listPools());
        check($e instanceof RateLimitedError && $e->getMessage() === 'HTTP 429, rate limited (no Retry-After)', "retries off: $e");
        $seen = [];
        $e = thrown(fn () => api([reply(503, FAILURE, ['Retry-After' => '0']), reply(429, FAILURE, ['Retry-After' => '60'])])->listPools());
        check($e instanceof RateLimitedError && $e->getAttempts() === 2 && count($seen) === 2, "$e");
        $seen = [];
        $e = thrown(fn () => api([reply(503, FAILURE, ['Retry-After' => '60'])])->listPools());
        check($e instanceof FailureEnvelopeError && !$e instanceof RateLimitedError && count($seen) === 1,
            'a 503 whose wait is refused is its failure, not a rate limit: ' . $e);
    },
    "JSON without a boolean success is not an envelope" => function () {
        foreach ([['id' => UUID, 'data' => EMPTY_PAGE['data']], ['id' => UUID, 'success' => 'true'], [1, 2]] as $body) {
            $e = thrown(fn () => api([reply(200, $body)])->listPools());
            check($e instanceof UnexpectedShapeError && str_contains($e->getMessage(), "no boolean 'success'"), "$e");
        }
    },
    'a success body under any status outside 200-299 is a typed failure' => function () {
        foreach ([300, 199, 301] as $status) {
            $e = thrown(fn () => api([reply($status)], new RetryPolicy(maxRetries: 0))->listPools());
            check($e instanceof FailureEnvelopeError && str_contains($e->getMessage(), 'error status with success=true'), "$status: $e");
        }
        check(api([reply(299)])->listPools()->getData()->getData() === [], '299 is a success');
    },
    'a success without the keys its schema requires is refused' => function () {
        $e = thrown(fn () => api([reply(200, ['id' => UUID, 'success' => true])])->listPools());
        check($e instanceof UnexpectedShapeError && str_contains($e->getMessage(), '(data missing)'), "$e");
    },
    'a null item is refused with its location, however deep' => function () {
        $tagged = fn (...$tags) => ['mintA' => ['tags' => $tags]];
        foreach ([['data.data[1]', [$tagged('a'), null]], ['data.data[1].mintA.tags[1]', [$tagged('a'), $tagged('b', null)]],
                  ['data.data[1].mintA.tags[0]', [['mintA' => null], $tagged(null)]],
                  ['data.data[2].mintA.tags[0]', [['other' => [null]], $tagged(), $tagged(null)]],
                  ['data.data[0].mintA.tags[2]', [$tagged('', 0, null)]]] as [$where, $items]) {
            $e = thrown(fn () => api([page(['count' => 2, 'hasNextPage' => false, 'data' => $items])])->listPools());
            check($e instanceof UnexpectedShapeError && $e->getMessage() ===
                "HTTP 200: the success envelope does not match the schema ($where is null, and the schema admits no null there)",
                "$where: $e");
        }
    },
    "a body of another shape gets a typed error, not a null's" => function () {
        foreach ([['count' => 1, 'hasNextPage' => false, 'data' => 'abc', 'other' => [null]], [[null]], ['data' => ['x' => [null]]]] as $data) {
            $e = thrown(fn () => api([page($data)])->listPools());
            check($e instanceof ApiException && !str_contains($e->getMessage(), 'is null'), json_encode($data) . ": $e");
        }
    },
    'an operation without a response body returns nothing, or a typed failure' => function () {
        $auth = fn (array $replies) => new \Raydium\LaunchAuth\Api\HandshakeApi(scripted($replies),
            \Raydium\LaunchAuth\Contract::configuration('http://127.0.0.1:9'));
        foreach ([[reply(200, ['id' => UUID, 'success' => true]), 200], [reply(204, ''), 204], [reply(299, 'ok'), 299]] as [$answer, $status]) {
            [$data, $code] = $auth([$answer])->requestTokenWithHttpInfo(['wallet' => 'w']);
            check($data === null && $code === $status, "$status gave $code");
        }
        $e = thrown(fn () => $auth([reply(200, FAILURE)])->requestToken(['wallet' => 'w']));
        check($e instanceof FailureEnvelopeError && $e->getCode() === 200, "$e");
        foreach ([404, 300] as $status) {
            $e = thrown(fn () => $auth([reply($status, ['id' => UUID, 'success' => true])])->requestToken(['wallet' => 'w']));
            check($e instanceof FailureEnvelopeError && str_contains($e->getMessage(), "HTTP $status, error status with success=true"), "$e");
        }
        check(thrown(fn () => $auth([reply(404, '<html>not found</html>')])->requestToken(['wallet' => 'w'])) instanceof NotJsonError, '404 html');
    },
    "a handler's streamed body, which cannot seek, meets every check" => function () {
        $streamed = fn (array $body) => fn () => Create::promiseFor(new Response(200, ['Content-Type' => 'application/json'],
            new \GuzzleHttp\Psr7\NoSeekStream(\GuzzleHttp\Psr7\Utils::streamFor(json_encode($body)))));
        check(api([$streamed(EMPTY_PAGE)])->listPools()->getData()->getData() === [], 'not read');
        $nullItem = ['id' => UUID, 'success' => true, 'data' => ['count' => 1, 'hasNextPage' => false, 'data' => [null]]];
        $e = thrown(fn () => api([$streamed($nullItem)])->listPools());
        check($e instanceof UnexpectedShapeError && str_contains($e->getMessage(), '(data.data[0] is null'), "the null check read nothing: $e");
    },
    "a body nested past json_decode's depth of 512 is malformed, and a 429's is no envelope" => function () {
        $deep = str_repeat('[', 511) . str_repeat(']', 511); // 512 levels inside the envelope object
        $off = new RetryPolicy(maxRetries: 0);
        $e = thrown(fn () => api([reply(200, '{"id": "' . UUID . '", "success": true, "data": ' . $deep . '}', type: 'application/json')], $off)->listPools());
        check($e instanceof MalformedJsonError && str_contains($e->getMessage(), 'Maximum stack depth exceeded'), "$e");
        $e = thrown(fn () => api([reply(429, '{"msg": "m", "data": ' . $deep . '}', type: 'application/json')], $off)->listPools());
        check($e instanceof RateLimitedError && get_object_vars($e->getEnvelope()) === [], "$e");
    },
    "through Guzzle's default middleware an error status is still the envelope's failure" => function () {
        $stack = \GuzzleHttp\HandlerStack::create(fn (RequestInterface $request) => reply(404, FAILURE)($request));
        $e = thrown(fn () => (new PoolsApi(new Client(['handler' => $stack]), Contract::configuration('http://127.0.0.1:9')))->listPools());
        check($e instanceof FailureEnvelopeError && $e->getCode() === 404, "Guzzle's http_errors took the response: $e");
    },
    'a call with http info gives the status and headers too' => function () {
        [$data, $status, $headers] = api([reply(200, EMPTY_PAGE, ['X-Request-Id' => 'r1'])])->listPoolsWithHttpInfo();
        check($data->getData()->getData() === [] && $status === 200 && $headers['X-Request-Id'] === ['r1'], json_encode($headers));
    },
    'retries off is one attempt, per client or per call' => function () {
        global $seen;
        $off = new RetryPolicy(maxRetries: 0);
        check(thrown(fn () => api([reply(503, FAILURE)], $off)->listPools()) instanceof FailureEnvelopeError, 'client');
        check(count($seen) === 1 && waits() === [], 'retried with the client off');
        $e = thrown(fn () => api([reply(503, FAILURE)])->withRetryPolicy($off)->listPools());
        check($e instanceof FailureEnvelopeError && $e->getAttempts() === 1 && count($seen) === 2 && waits() === [], 'per call');
        $api = api([reply(503, FAILURE)], $off);
        thrown(fn () => $api->withRetryPolicy(new RetryPolicy())->listPools());
        check(count($seen) === 5 && count(waits()) === 2, 'the call\'s policy over the client\'s');
        thrown(fn () => $api->listPools());
        check(count($seen) === 6, 'withRetryPolicy changed the Api it was called on');
    },
    'the backoff doubles from defaultWait with up to a quarter of jitter' => function () {
        $policy = new RetryPolicy(defaultWait: 2.0);
        foreach ([[0, 2.0], [1, 4.0], [2, 8.0]] as [$retry, $full]) {
            $samples = array_map(fn () => $policy->backoff($retry), range(1, 200));
            check(min($samples) >= 0.75 * $full && max($samples) <= $full, "retry $retry");
            check(max($samples) - min($samples) > 0.05 * $full, "retry $retry: not jittered");
        }
        $default = new RetryPolicy();
        check([$default->maxRetries, $default->maxWait, $default->defaultWait, $default->deadline] === [2, 10.0, 0.5, 30.0], 'defaults');
    },
    'a walk passes each cursor back unchanged and ends on the page without one' => function () {
        global $seen;
        $ids = [];
        foreach (api([cursorPage(0, 'c0+/='), cursorPage(1, 'c1'), cursorPage(2, null)])->iterateListPoolsByCursor(size: 1) as $pool) {
            $ids[] = $pool->getId();
        }
        check($ids === ['pool-0', 'pool-1', 'pool-2'], json_encode($ids));
        check(array_map(fn ($r) => query($r)['nextPageId'] ?? null, $seen) === [null, 'c0+/=', 'c1'], json_encode($seen));
    },
    'a walk requests a page only when the iteration reaches it' => function () {
        global $seen;
        $walk = api([cursorPage(0, 'c0'), cursorPage(1, 'c1')])->iterateListPoolsByCursor();
        check(count($seen) === 0, 'a page requested before the iteration');
        check($walk->current()->getId() === 'pool-0' && count($seen) === 1, 'the first page');
        check(iterator_count(api([cursorPage(0, 'c0')])->iterateListPoolsByCursorPages(maxPages: 2)) === 2, 'maxPages');
        check(thrown(fn () => api([cursorPage(0, 'c0')])->iterateListPoolsByCursor(maxPages: 0)) instanceof InvalidArgumentException,
            'maxPages 0 is refused at once');
    },
    'a failed page says where to resume and the walk starts again there' => function () {
        global $seen;
        $api = api([cursorPage(0, 'c0'), reply(502, '<html>edge</html>')])->withRetryPolicy(new RetryPolicy(maxRetries: 0));
        $ids = [];
        $e = thrown(function () use ($api, &$ids) {
            foreach ($api->iterateListPoolsByCursor(size: 1) as $pool) {
                $ids[] = $pool->getId();
            }
        });
        check($e instanceof NotJsonError && $ids === ['pool-0'] && $e->getResume() === ['next_page_id' => 'c0'] && $e->getAttempts() === 1, "$e");
        check(str_ends_with($e->getMessage(), "; the walk stopped at this page: start it again with next_page_id: 'c0' to resume"), $e->getMessage());
        $rest = iterator_to_array(api([cursorPage(1, null)])->iterateListPoolsByCursor(...$e->getResume(), size: 1));
        check(array_map(fn ($pool) => $pool->getId(), $rest) === ['pool-1'] && query(end($seen))['nextPageId'] === 'c0', 'resumed');
    },
    'a numbered walk ends on hasNextPage false or an empty page' => function () {
        global $seen;
        $page = fn (int $n, ?bool $more, int $count) => reply(200, ['id' => UUID, 'success' => true,
            'data' => ($more === null ? [] : ['hasNextPage' => $more]) // absent: the page does not say
                + ['data' => array_fill(0, $count, ['type' => 'Standard', 'id' => "p$n"])]]);
        $ids = fn (iterable $walk) => array_map(fn ($pool) => $pool->getId(), iterator_to_array($walk, false));
        check($ids(api([$page(1, true, 1), $page(2, false, 1)])->iterateListPools()) === ['p1', 'p2'], 'hasNextPage false');
        check($ids(api([$page(3, null, 1), $page(4, null, 0)])->iterateListPools(page: 3)) === ['p3'], 'an empty page');
        check(array_map(fn ($r) => query($r)['page'], array_slice($seen, -2)) === ['3', '4'], json_encode($seen));
        $e = thrown(fn () => api([reply(429, FAILURE, ['Retry-After' => '60'])])->iterateListPools(page: 7)->current());
        check($e instanceof RateLimitedError && $e->getResume() === ['page' => 7], "$e");
    },
];

function cursorPage(int $number, ?string $cursor): Closure
{
    $data = ['data' => [['type' => 'Standard', 'id' => "pool-$number"]]] + ($cursor === null ? [] : ['nextPageId' => $cursor]);

    return reply(200, ['id' => UUID, 'success' => true, 'data' => $data]);
}

/** @param array{query: string} $request */
function query(array $request): array
{
    parse_str($request['query'], $found);

    return $found;
}

$failures = [];
foreach ($tests as $name => $test) {
    $seen = [];
    try {
        $test();
    } catch (Throwable $e) {
        $failures[] = "$name: " . get_class($e) . ': ' . $e->getMessage();
    }
}
echo json_encode(['ran' => array_keys($tests), 'failures' => $failures], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), "\n";
