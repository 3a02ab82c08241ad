<?php

namespace Raydium\ApiRuntime;

use GuzzleHttp\Client;
use GuzzleHttp\ClientInterface;
use GuzzleHttp\Exception\TransferException;
use GuzzleHttp\Promise\Create;
use GuzzleHttp\Promise\PromiseInterface;
use GuzzleHttp\Psr7\Utils;
use GuzzleHttp\RequestOptions;
use Psr\Http\Message\RequestInterface;
use Psr\Http\Message\ResponseInterface;

/**
 * Every call of every client goes through that client's Contract, which extends this one (the Api
 * classes' *WithHttpInfo and *AsyncWithHttpInfo call it): a timeout per attempt and one deadline
 * per call, the failures that pass retried (RetryPolicy), the whole body read, `success` checked,
 * null items checked where the description admits none, and the success decoded strictly (no
 * coercion; an integer too large for PHP is an error, never a float).
 * Whatever happens, a call returns the typed success or throws an ApiException, and its promise
 * is fulfilled with the one or rejected with the other.
 *
 * None of these services changes state (every GET is a read; the transaction build computes an
 * unsigned transaction from its body), so every call may be sent again. A call is retried when the
 * connection is refused or reset, an attempt times out, the connection is cut mid-body, or the
 * status is one of TRANSIENT_STATUSES, whatever the body (a JSON failure envelope or an HTML
 * page). Any other status, a success included, ends the call at once: a failure envelope with HTTP
 * 200 is not retried. The error a call finally throws says how many attempts it made
 * (ApiException::getAttempts(), and its message).
 */
abstract class Contract
{
    /** Each attempt (connecting, the headers and the whole body) times out after this many seconds. */
    public const DEFAULT_TIMEOUT = 8.0;

    /** Connecting times out after this many seconds. */
    public const DEFAULT_CONNECT_TIMEOUT = 4.0;

    /**
     * The HTTP statuses that say the failure passes: a timeout, the rate limit, the server or the
     * edge (Cloudflare's 520-524: the origin's connection, timeout or response failed).
     */
    public const TRANSIENT_STATUSES = [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524];

    /**
     * Per operation, the arrays of its success whose items may not be null: checked before
     * decoding, so the error names the index. A client's Contract lists its own.
     *
     * @var array<string, string[]>
     */
    public const NULL_CHECKS = [];

    /**
     * Per operation, the keys its success envelope requires (data among them).
     *
     * @var array<string, string[]>
     */
    public const REQUIRED = [];

    /**
     * The models a request sends back (the quote): they keep the JSON they were decoded from.
     *
     * @var string[]
     */
    public const KEEP_RAW_JSON = [];

    /**
     * The service's known failure codes and what to do about each (its client's ErrorCode::ACTIONS),
     * which a FailureEnvelopeError reads its getMsgCode() and getAction() against.
     *
     * @var array<string, string>
     */
    protected const CODES = [];

    /** The interface of the client's models (its Model\ModelInterface). */
    protected const MODEL_INTERFACE = '';

    /** The client's ObjectSerializer (its checks of a request body's enum values). */
    protected const SERIALIZER = '';

    /** The largest u64, in decimal digits. */
    private const U64_MAX = '18446744073709551615';

    /** @var \WeakMap<object, string>|null */
    private static ?\WeakMap $rawJson = null;

    private static ?ClientInterface $client = null;

    /**
     * The Guzzle client the Api classes share when given none: one curl multi handle, so the
     * *Async calls of any of them run side by side (each call sets its own timeouts).
     */
    public static function client(): ClientInterface
    {
        return self::$client ??= new Client();
    }

    /**
     * A u64 parameter as decimal digits: an int of 0 or more, or a string of digits up to
     * 18446744073709551615 (beyond PHP_INT_MAX pass a string). A float is refused: it cannot hold
     * every u64 exactly.
     */
    public static function u64(mixed $value, string $name): ?string
    {
        if ($value === null) {
            return null;
        }
        if (is_int($value) && $value >= 0) {
            return (string) $value;
        }
        if (is_string($value) && preg_match('/^(0|[1-9][0-9]{0,19})$/', $value) === 1
            && (strlen($value) < 20 || strcmp($value, self::U64_MAX) <= 0)) {
            return $value;
        }
        $shown = is_float($value) ? 'a float (' . var_export($value, true) . ')' : var_export($value, true);
        throw new \InvalidArgumentException("\$$name must be a u64: an int of 0 or more or a string of decimal digits up to " . self::U64_MAX . ", got $shown");
    }

    /**
     * The JSON text of a request body: a model decoded from a response that a request sends back
     * (the quote) is sent as the JSON it was decoded from; keys a model keeps in
     * getAdditionalProperties() are sent again; integers stay integers.
     */
    public static function jsonBody(mixed $body): string
    {
        (static::SERIALIZER)::sanitizeForSerialization($body); // the generator's own checks (enum values)

        return self::encode($body);
    }

    /** The JSON a model was decoded from, where it is one that a request sends back (else null). */
    public static function rawJson(object $model): ?string
    {
        return self::raw()[$model] ?? null;
    }

    /**
     * Sends $request under the contract; [the success model (null where the source shows no
     * body), HTTP status, headers]. Throws an ApiException subclass otherwise. The call retries as
     * $retryPolicy says, where given (an Api's withRetryPolicy()), else as $config does.
     *
     * @param array<string, mixed> $options the Api class's own Guzzle options (debug, certificates)
     *
     * @return array{0: mixed, 1: int, 2: array<string, string[]>}
     */
    public static function send(
        ClientInterface $client,
        RequestInterface $request,
        array $options,
        object $config,
        string $operation,
        ?string $returnType,
        ?RetryPolicy $retryPolicy = null
    ): array {
        return self::sendAsync($client, $request, $options, $config, $operation, $returnType, $retryPolicy)->wait();
    }

    /**
     * As send(), as a promise: fulfilled with what send() returns, rejected with what it throws.
     *
     * @param array<string, mixed> $options
     */
    public static function sendAsync(
        ClientInterface $client,
        RequestInterface $request,
        array $options,
        object $config,
        string $operation,
        ?string $returnType,
        ?RetryPolicy $retryPolicy = null
    ): PromiseInterface {
        $settings = $config instanceof CallSettings ? $config : null;
        $policy = $retryPolicy ?? $settings?->getRetryPolicy() ?? new RetryPolicy();
        $call = [
            'client' => $client, 'request' => $request, 'options' => $options, 'operation' => $operation,
            'returnType' => $returnType, 'timeout' => $settings?->getTimeout() ?? self::DEFAULT_TIMEOUT,
            'connectTimeout' => $settings?->getConnectTimeout() ?? self::DEFAULT_CONNECT_TIMEOUT, 'policy' => $policy,
            'ends' => self::now() + $policy->deadline,
        ];

        return self::attempt($call, 0, 0.0);
    }

    /**
     * Attempt number $retry + 1 of a call, after waiting $delay seconds.
     *
     * @param array<string, mixed> $call
     */
    private static function attempt(array $call, int $retry, float $delay): PromiseInterface
    {
        /** @var RequestInterface $request */
        $request = $call['request'];
        /** @var RetryPolicy $policy */
        $policy = $call['policy'];
        $where = $request->getMethod() . ' ' . $request->getUri();
        $remaining = $call['ends'] - self::now() - $delay;
        if ($remaining <= 0) {
            return Create::rejectionFor(self::deadlineError($where, $policy, $retry + 1));
        }
        $options = [
            RequestOptions::HTTP_ERRORS => false,
            RequestOptions::TIMEOUT => min($call['timeout'], $remaining),
            RequestOptions::CONNECT_TIMEOUT => min($call['connectTimeout'], $call['timeout'], $remaining),
        ] + ($delay > 0 ? [RequestOptions::DELAY => $delay * 1000] : []) + $call['options'];
        try {
            $sent = $call['client']->sendAsync($request, $options);
        } catch (TransferException $e) {
            return self::failed($call, $retry, $e, $where);
        }

        return $sent->then(
            function (ResponseInterface $response) use ($call, $retry, $policy) {
                $transient = in_array($response->getStatusCode(), self::TRANSIENT_STATUSES, true);
                $wait = $transient ? self::retryWait($response, $policy, $retry, $call['ends']) : null;
                if ($wait !== null) {
                    return self::attempt($call, $retry + 1, $wait);
                }
                try {
                    return self::decode($response, $call['operation'], $call['returnType']);
                } catch (ApiException $e) {
                    throw $e->counted($retry + 1);
                }
            },
            function ($reason) use ($call, $retry, $where) {
                if (!$reason instanceof TransferException) {
                    throw $reason;
                }

                return self::failed($call, $retry, $reason, $where);
            }
        );
    }

    /**
     * The next attempt after a transport failure, or its typed error where it is the last (a
     * timeout at the call's deadline is the deadline's).
     *
     * @param array<string, mixed> $call
     */
    private static function failed(array $call, int $retry, TransferException $e, string $where): PromiseInterface
    {
        /** @var RetryPolicy $policy */
        $policy = $call['policy'];
        $error = self::transportError($e, $where);
        if ($error instanceof RequestTimeoutError && self::now() >= $call['ends'] - 0.05) {
            return Create::rejectionFor(self::deadlineError($where, $policy, $retry + 1, $e));
        }
        $wait = self::nextWait(null, $policy, $retry, $call['ends']);

        return $wait === null ? Create::rejectionFor($error->counted($retry + 1)) : self::attempt($call, $retry + 1, $wait);
    }

    private static function deadlineError(string $where, RetryPolicy $policy, int $attempts, ?\Throwable $previous = null): RequestTimeoutError
    {
        $error = new RequestTimeoutError("$where: the call's deadline of {$policy->deadline}s passed", 0, [], '', null, $previous);

        return $error->counted($attempts);
    }

    private static function now(): float
    {
        return hrtime(true) / 1e9;
    }

    /** curl's error number, where the HTTP library reported one. */
    private static function errno(TransferException $e): ?int
    {
        $context = method_exists($e, 'getHandlerContext') ? $e->getHandlerContext() : [];

        return isset($context['errno']) && is_int($context['errno']) ? $context['errno'] : null;
    }

    private static function transportError(TransferException $e, string $where): TransportError
    {
        $errno = self::errno($e);
        $cause = $e->getMessage();
        if ($errno === 28) { // CURLE_OPERATION_TIMEDOUT
            return new RequestTimeoutError("$where: timed out ($cause)", 0, [], '', null, $e);
        }
        if (in_array($errno, [5, 6, 7], true)) { // could not resolve the proxy or the host, could not connect
            return new ConnectionFailedError("$where: could not connect ($cause)", 0, [], '', null, $e);
        }

        return new ConnectionCutError("$where: the connection broke before the whole response arrived ($cause)", 0, [], '', null, $e);
    }

    /** Retry-After in seconds (delay-seconds or an HTTP date), null when absent or unreadable. */
    private static function parseRetryAfter(string $value): ?float
    {
        $text = trim($value);
        if ($text === '') {
            return null;
        }
        if (preg_match('/^\d+$/', $text) === 1) {
            return (float) $text;
        }
        $date = \DateTimeImmutable::createFromFormat(DATE_RFC7231, $text, new \DateTimeZone('UTC'));

        return $date === false ? null : max((float) ($date->getTimestamp() - time()), 0.0);
    }

    /** The wait a response asks for (retry-after-ms, or Retry-After: seconds or a date), else the backoff. */
    private static function waitFor(?ResponseInterface $response, RetryPolicy $policy, int $retry): float
    {
        if ($response !== null) {
            $milliseconds = trim($response->getHeaderLine('retry-after-ms'));
            if (preg_match('/^\d+(\.\d+)?$/', $milliseconds) === 1) {
                return (float) $milliseconds / 1000;
            }
            $asked = self::parseRetryAfter($response->getHeaderLine('Retry-After'));
            if ($asked !== null) {
                return $asked;
            }
        }

        return $policy->backoff($retry);
    }

    /**
     * The seconds to wait before the next attempt, or null to stop here: no retry left, or a wait
     * above maxWait or past the deadline.
     */
    private static function nextWait(?ResponseInterface $response, RetryPolicy $policy, int $retry, float $ends): ?float
    {
        if ($retry >= $policy->maxRetries) {
            return null;
        }
        $wait = self::waitFor($response, $policy, $retry);

        return $wait > $policy->maxWait || self::now() + $wait >= $ends ? null : $wait;
    }

    /**
     * The seconds to wait before retrying a response of a transient status, null to decode it (a
     * 429 whose wait the policy refuses throws RateLimitedError here, with the reason).
     */
    private static function retryWait(ResponseInterface $response, RetryPolicy $policy, int $retry, float $ends): ?float
    {
        $wait = self::nextWait($response, $policy, $retry, $ends);
        if ($wait !== null || $response->getStatusCode() !== 429 || $retry >= $policy->maxRetries) {
            return $wait;
        }
        $why = self::waitFor($response, $policy, $retry) > $policy->maxWait
            ? "; the wait exceeds the retry policy's maxWait of {$policy->maxWait}s"
            : "; waiting would pass the call's deadline of {$policy->deadline}s";

        throw self::rateLimited($response, $why)->counted($retry + 1);
    }

    private static function preview(string $body): string
    {
        $text = trim((string) preg_replace('/\s+/', ' ', substr($body, 0, 200)));
        $quoted = json_encode($text, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE);

        return strlen($body) > 200 ? "$quoted..." : (string) $quoted;
    }

    private static function envelopeOrEmpty(string $body): \stdClass
    {
        try {
            $payload = json_decode($body, false, 512, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
        } catch (\JsonException) {
            return new \stdClass();
        }

        return $payload instanceof \stdClass ? $payload : new \stdClass();
    }

    private static function failure(ResponseInterface $response, \stdClass $envelope, string $reason = 'success=false'): FailureEnvelopeError
    {
        $msg = isset($envelope->msg) && is_string($envelope->msg) ? $envelope->msg : null;
        $text = "HTTP {$response->getStatusCode()}, $reason" . ($msg === null ? '' : ', msg=' . json_encode($msg, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE));

        return new FailureEnvelopeError($text, $response->getStatusCode(), $response->getHeaders(), (string) $response->getBody(), $envelope,
            null, static::CODES);
    }

    private static function rateLimited(ResponseInterface $response, string $extra = ''): RateLimitedError
    {
        $body = (string) $response->getBody();
        $retryAfter = self::parseRetryAfter($response->getHeaderLine('Retry-After'));
        $wait = $retryAfter === null ? 'no Retry-After' : "Retry-After {$retryAfter}s";

        return new RateLimitedError("HTTP {$response->getStatusCode()}, rate limited ($wait$extra)", $response->getStatusCode(),
            $response->getHeaders(), $body, self::envelopeOrEmpty($body), $retryAfter, static::CODES);
    }

    /** @param class-string<ApiException> $class */
    private static function error(string $class, ResponseInterface $response, string $message, ?\Throwable $previous = null): ApiException
    {
        return new $class($message, $response->getStatusCode(), $response->getHeaders(), (string) $response->getBody(), null, $previous);
    }

    /** The media type of the response's Content-Type, lower case, without parameters ('' where it has none). */
    private static function media(ResponseInterface $response): string
    {
        return strtolower(trim(explode(';', $response->getHeaderLine('Content-Type'), 2)[0]));
    }

    /** Whether a body of the media type $media is read as JSON where it parses (none given, or text/plain). */
    private static function lenient(string $media): bool
    {
        return $media === '' || $media === 'text/plain';
    }

    private static function jsonMedia(string $media): bool
    {
        return $media === 'application/json' || (str_starts_with($media, 'application/') && str_ends_with($media, '+json'));
    }

    /** The decoded envelope of a success; a typed error for anything else. */
    private static function checkEnvelope(ResponseInterface $response): \stdClass
    {
        $status = $response->getStatusCode();
        $body = (string) $response->getBody();
        $contentType = $response->getHeaderLine('Content-Type');
        $media = self::media($response);
        $lenient = self::lenient($media);
        if ($status === 429) {
            throw self::rateLimited($response);
        }
        $notJson = sprintf('HTTP %d: expected a JSON envelope, got %s (%d bytes: %s)', $status,
            $contentType === '' ? 'no content type' : $contentType, strlen($body), self::preview($body));
        if (!self::jsonMedia($media) && !$lenient) {
            throw self::error(NotJsonError::class, $response, $notJson);
        }
        try {
            $payload = json_decode($body, false, 512, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
        } catch (\JsonException $e) {
            if ($lenient) {
                throw self::error(NotJsonError::class, $response, $notJson, $e);
            }
            $what = $body === '' ? 'the body is empty' : "the body is not valid JSON ({$e->getMessage()}); it may be truncated";
            throw self::error(MalformedJsonError::class, $response, sprintf('HTTP %d: %s (%d bytes: %s)', $status, $what, strlen($body), self::preview($body)), $e);
        }
        if (!$payload instanceof \stdClass || !isset($payload->success) || !is_bool($payload->success)) {
            throw self::error(UnexpectedShapeError::class, $response,
                "HTTP $status: the body is JSON but not an envelope (no boolean 'success'): " . self::preview($body));
        }
        if ($payload->success === false) {
            throw self::failure($response, $payload);
        }
        if ($status < 200 || $status > 299) {
            throw self::failure($response, $payload, 'error status with success=true');
        }

        return $payload;
    }

    /**
     * The location of a null item at one of the paths, from segment $at on (".data[3]", the
     * caller drops the leading dot), or null. The location is written only for a null found.
     *
     * @param string[] $segments
     */
    private static function nullItem(mixed $value, array $segments, int $at = 0): ?string
    {
        if ($at === count($segments)) {
            $index = is_array($value) ? array_search(null, $value, true) : false;

            return $index === false ? null : "[$index]";
        }
        $head = $segments[$at];
        if ($value instanceof \stdClass && $head !== '*') {
            $found = property_exists($value, $head) ? self::nullItem($value->$head, $segments, $at + 1) : null;

            return $found === null ? null : ".$head$found";
        }
        if (is_array($value) && $head === '*') {
            foreach ($value as $i => $item) {
                $found = self::nullItem($item, $segments, $at + 1);
                if ($found !== null) {
                    return "[$i]$found";
                }
            }
        }

        return null;
    }

    /**
     * A null that is an item of a list: after '[' or ',' and before ',' or ']', where a member's
     * value never stands (or in a string, where a match only costs the walk it would skip).
     */
    private const NULL_ITEM = '/[\[,]\s*null\s*[,\]]/';

    private static function checkSuccess(string $operation, ResponseInterface $response, \stdClass $payload): void
    {
        $shape = "HTTP {$response->getStatusCode()}: the success envelope does not match the schema";
        $missing = self::missing($operation, $payload);
        if ($missing !== []) {
            throw self::error(UnexpectedShapeError::class, $response, "$shape (" . implode(', ', $missing) . ' missing)');
        }
        $paths = static::NULL_CHECKS[$operation] ?? [];
        if ($paths === [] || preg_match(self::NULL_ITEM, (string) $response->getBody()) !== 1) {
            return; // no list in the body has a null item
        }
        $found = self::firstNull($payload, $paths);
        if ($found !== null) {
            throw self::error(UnexpectedShapeError::class, $response, "$shape ($found is null, and the schema admits no null there)");
        }
    }

    /**
     * The keys the success envelope of $operation requires (REQUIRED) that $payload lacks.
     *
     * @return string[]
     */
    private static function missing(string $operation, \stdClass $payload): array
    {
        return array_values(array_filter(static::REQUIRED[$operation] ?? [], fn (string $key) => !property_exists($payload, $key)));
    }

    /**
     * The place of the first null item in $value at one of $paths, written as NULL_CHECKS writes
     * them ("data/data", with '*' for each item of a list on the way), or null: "data.data[3]".
     *
     * @param string[] $paths
     */
    private static function firstNull(mixed $value, array $paths): ?string
    {
        foreach ($paths as $path) {
            $found = self::nullItem($value, explode('/', $path));
            if ($found !== null) {
                return ltrim($found, '.');
            }
        }

        return null;
    }

    /** @return array{0: mixed, 1: int, 2: array<string, string[]>} */
    private static function decode(ResponseInterface $response, string $operation, ?string $returnType): array
    {
        if (!$response->getBody()->isSeekable()) { // a handler's streamed body: every check below reads it again
            $response = $response->withBody(Utils::streamFor((string) $response->getBody()));
        }
        $status = $response->getStatusCode();
        if ($returnType === null) { // the source shows no response body: a 2xx comes back as it came
            if ($status >= 200 && $status <= 299) {
                $envelope = self::envelopeOrEmpty((string) $response->getBody());
                if (isset($envelope->success) && $envelope->success === false) {
                    throw self::failure($response, $envelope);
                }

                return [null, $status, $response->getHeaders()];
            }
            self::checkEnvelope($response);
            throw self::error(UnexpectedStatusError::class, $response, "HTTP $status: unexpected status");
        }
        $payload = self::checkEnvelope($response);
        self::checkSuccess($operation, $response, $payload);
        try {
            $model = self::build($payload, $returnType, '');
        } catch (\InvalidArgumentException | \UnexpectedValueException | \TypeError $e) {
            throw self::error(UnexpectedShapeError::class, $response,
                "HTTP $status: the success envelope does not match the schema ({$e->getMessage()})", $e);
        }
        $short = substr((string) strrchr('\\' . $returnType, '\\'), 1);
        if (is_object($model) && in_array($short, static::KEEP_RAW_JSON, true)) {
            self::raw()[$model] = (string) $response->getBody();
        }

        return [$model, $status, $response->getHeaders()];
    }

    /**
     * $value (decoded JSON) as the generator's type $type, checked, never coerced; $where names
     * the place in the body for the error.
     *
     * $value is taken by reference, and the decoded body is let go part by part as the models are
     * made, not after the last one. Each is set to null before it is built: the items of a list
     * whose items are not scalars, the entries of a map, and the properties of a model whose
     * declared type is a model, a list or a map (a list of scalars is kept as it came, except
     * that a list of numbers has its integers made floats in place). A decode peaked at the decoded
     * body and every model together: 214 MB over a 20 MB page, 153 MB now (docs/decisions/,
     * 120). The decoded body is the call's own: nothing reads a part after it is let go, and
     * `object` and `mixed` values, which the models keep as they came, are never changed.
     */
    private static function build(mixed &$value, string $type, string $where): mixed
    {
        if ($value === null) {
            return null; // where a null may stand is checked by the caller
        }
        [$kind, $inner] = self::$kinds[$type] ??= self::kind($type);
        switch ($kind) {
            case 'list':
                if (!is_array($value)) {
                    throw new \UnexpectedValueException(self::place($where) . ': expected a list, got ' . self::jsonType($value));
                }
                if (isset(self::SCALAR[$inner])) { // checked in place: the list itself, unless an integer becomes a float
                    foreach ($value as $i => $item) {
                        if ($item !== null && !self::fits($item, $inner)) {
                            self::build($item, $inner, "{$where}[$i]"); // throws, naming the item
                        }
                        if ($inner === 'float' && is_int($item)) {
                            $value[$i] = (float) $item;
                        }
                    }

                    return $value;
                }
                $items = [];
                foreach (array_keys($value) as $i) { // not over $value itself, which would hold every item
                    $item = $value[$i];
                    $value[$i] = null;
                    $items[] = self::build($item, $inner, "{$where}[$i]");
                }

                return $items;
            case 'map':
                if (!$value instanceof \stdClass) {
                    throw new \UnexpectedValueException(self::place($where) . ': expected an object, got ' . self::jsonType($value));
                }
                $entries = [];
                foreach ($value as $key => $item) {
                    $value->$key = null;
                    $entries[$key] = self::build($item, $inner, self::at($where, $key));
                }

                return $entries;
            case 'scalar':
                if (!self::fits($value, $type)) {
                    $wanted = ['string' => 'a string', 'int' => 'an integer', 'float' => 'a number', 'bool' => 'a boolean', 'object' => 'an object'][$type];
                    $also = is_string($value) && $type !== 'string' && preg_match('/^-?\d+$/', $value) === 1 ? ' (an integer too large for PHP is not narrowed)' : '';
                    throw new \UnexpectedValueException(self::place($where) . ": expected $wanted, got " . self::jsonType($value) . $also);
                }

                return $type === 'float' ? (float) $value : $value;
            case 'date':
                try {
                    return new \DateTime(is_string($value) ? $value : throw new \UnexpectedValueException('not a string'));
                } catch (\Exception $e) {
                    throw new \UnexpectedValueException(self::place($where) . ': expected a date-time string, got ' . self::jsonType($value), 0, $e);
                }
            case 'enum':
                if (!in_array($value, $inner::getAllowableEnumValues(), true)) {
                    throw new \UnexpectedValueException(self::place($where) . ': ' . json_encode($value) . ' is not one of ' . implode(', ', $inner::getAllowableEnumValues()));
                }

                return $value;
            case 'model':
                if (!$value instanceof \stdClass) {
                    throw new \UnexpectedValueException(self::place($where) . ': expected an object, got ' . self::jsonType($value));
                }

                return self::model($value, $inner, $where);
            default:
                throw new \UnexpectedValueException(self::place($where) . ": no decoder for the type $type");
        }
    }

    /**
     * What each of the generator's types is, worked out once (build()): [kind, the item type of a
     * list or map, or the class of an enum or model].
     *
     * @var array<string, array{0: string, 1: string}>
     */
    private static array $kinds = [];

    /** @return array{0: string, 1: string} */
    private static function kind(string $type): array
    {
        if (str_ends_with($type, '[]')) {
            return ['list', substr($type, 0, -2)];
        }
        if (str_starts_with($type, 'array<')) {
            return ['map', substr($type, (int) strpos($type, ',') + 1, -1)];
        }
        if (isset(self::SCALAR[$type])) {
            return ['scalar', $type];
        }
        if ($type === '\DateTime') {
            return ['date', $type];
        }
        $class = ltrim($type, '\\');
        if (method_exists($class, 'getAllowableEnumValues')) {
            return ['enum', $class];
        }

        return [is_subclass_of($class, static::MODEL_INTERFACE) ? 'model' : 'none', $class];
    }

    /** The generator's scalar types (fits() checks each). */
    private const SCALAR = ['string' => true, 'int' => true, 'float' => true, 'bool' => true, 'object' => true, 'mixed' => true];

    /** Whether $value is already what the scalar type $type asks for (false for any other type). */
    private static function fits(mixed $value, string $type): bool
    {
        return match ($type) {
            'string' => is_string($value),
            'int' => is_int($value),
            'float' => is_int($value) || is_float($value),
            'bool' => is_bool($value),
            'object' => $value instanceof \stdClass,
            'mixed' => true,
            default => false,
        };
    }

    /** $where for a message: "the body" at the top. */
    private static function place(string $where): string
    {
        return $where === '' ? 'the body' : $where;
    }

    /**
     * What compile() writes the decoder of $class from: a fresh instance to clone, and each
     * property by its JSON key (an int where PHP reads the key as a number).
     *
     * @param class-string $class
     *
     * @return array{0: object, 1: array<int|string, array{0: string, 1: string, 2: bool, 3: string, 4: bool}>}
     */
    private static function plan(string $class): array
    {
        $names = $class::attributeMap();
        $setters = $class::setters();
        $checked = defined("$class::SETTER_CHECKS") ? $class::SETTER_CHECKS : null;
        $fields = [];
        foreach ($class::openAPITypes() as $property => $type) {
            // [property, type, nullable, setter, whether a decode calls the setter]
            $fields[$names[$property]] = [$property, $type, $class::isNullable($property), $setters[$property],
                $checked === null || isset($checked[$property])];
        }

        return [new $class(), $fields];
    }

    /**
     * $value as a new $class: its keys in the order they came, each value checked (build()), a
     * setter called where it checks more than null (SETTER_CHECKS), the keys the class does not
     * list kept as its additional properties, and the model's own rules checked last, by the
     * class's decoder, compiled on first use (compile()). $value's properties of a model, list or
     * map type are null after (build()).
     *
     * @param class-string $class
     */
    private static function model(\stdClass $value, string $class, string $where): object
    {
        return (self::$decoders[$class] ??= self::compile($class))($value, $where);
    }

    /**
     * Per model class, its compiled decoder (model()).
     *
     * @var array<class-string, \Closure(\stdClass, string): object>
     */
    private static array $decoders = [];

    /**
     * The decoder of $class, a closure of (the decoded object, its place): PHP source written from
     * the class's plan, one `case` per JSON key it lists, with each scalar checked in line
     * and anything else, and every value that does not fit, handed to build() (which throws with
     * the place). A loop over the plan, a table lookup and a `match` per key, took about half as
     * long again on the 1000-pool page (docs/decisions/, 108). The source holds only the plan's
     * keys, properties, setters and types, each written with var_export. The decoder sets the
     * object's properties of a model, list or map type to null as it builds them (build()). It
     * loops over the object itself, which is safe while only existing properties are written:
     * nothing in the loop may share the object's property table (get_object_vars(), an array
     * cast), since PHP's foreach over an object then starts again from its first key.
     *
     * The decoder runs in the scope of $class, so that it sets each value on the model's own
     * property, as a setter would on a fresh instance where it only checks for null (each value
     * is a declared property of its own, docs/decisions/, 135); it calls this class's helpers
     * through the closures it is given.
     *
     * @param class-string $class
     *
     * @return \Closure(\stdClass, string): object
     */
    private static function compile(string $class): \Closure
    {
        [$prototype, $fields] = self::plan($class);
        // `switch` compares with ==, which compares two numeric strings as numbers ('5' == '5.0'):
        // where the class lists a key PHP reads as a number, every key is matched with a letter
        // before it, so that none is numeric
        $prefix = array_filter(array_keys($fields), fn (int|string $key): bool => is_numeric($key)) === [] ? '' : 'k';
        $cases = '';
        foreach ($fields as $key => [$property, $type, $nullable, $setter, $viaSetter]) {
            $at = '$at($where, ' . var_export((string) $key, true) . ')';
            $null = $nullable ? self::setterCall($setter, 'null', $at)
                : "throw new \\UnexpectedValueException($at . ' is null, and the schema admits no null there');";
            $other = '$build($item, ' . var_export($type, true) . ", $at)";
            [$kind, $inner] = self::$kinds[$type] ??= self::kind($type);
            $built = match (true) {
                $type === 'string' => "is_string(\$item) ? \$item : $other",
                $type === 'int' => "is_int(\$item) ? \$item : $other",
                $type === 'bool' => "is_bool(\$item) ? \$item : $other",
                $type === 'float' => "is_float(\$item) ? \$item : (is_int(\$item) ? (float) \$item : $other)",
                $kind === 'model' => '$item instanceof \stdClass ? $model($item, ' . var_export($inner, true) . ", $at) : $other",
                default => $other,
            };
            $store = $viaSetter ? self::setterCall($setter, '$built', $at) : self::member($property) . ' = $built;';
            // an object or a list is let go by the decoded object before it is built (build())
            $take = in_array($kind, ['model', 'list', 'map'], true) ? "    \$value->\$key = null;\n" : '';
            $cases .= 'case ' . var_export($prefix . $key, true) . ":\n"
                . "    if (\$item === null) {\n        $null\n" . ($nullable ? "        break;\n" : '') . "    }\n"
                . "$take    \$built = $built;\n    $store\n    break;\n";
        }
        $subject = $prefix === '' ? '$key' : '"k$key"';
        $source = <<<PHP
            return static function (\\stdClass \$value, string \$where) use (\$prototype, \$build, \$model, \$at, \$place): object {
                \$instance = clone \$prototype;
                \$extra = [];
                foreach (\$value as \$key => \$item) {
                    switch ($subject) {
            $cases
                    default:
                        \$extra[\$key] = \$item;
                    }
                }
                if (\$extra !== []) {
                    \$instance->setAdditionalProperties(\$extra);
                }
                \$invalid = \$instance->listInvalidProperties();
                if (\$invalid !== []) {
                    throw new \\UnexpectedValueException(\$place(\$where) . ': ' . implode('; ', \$invalid));
                }

                return \$instance;
            };
            PHP;

        [$build, $model, $at, $place] = [self::build(...), self::model(...), self::at(...), self::place(...)];

        return \Closure::bind(eval($source), null, $class);
    }

    /**
     * PHP source that calls the setter named $setter on $instance with $value (source), a setter's
     * own check (an enum, a length) thrown with the place ($at, source).
     */
    private static function setterCall(string $setter, string $value, string $at): string
    {
        $call = self::member($setter) . "($value)";

        return "try {\n        $call;\n    } catch (\\InvalidArgumentException \$e) {\n"
            . "        throw new \\UnexpectedValueException($at . \": {\$e->getMessage()}\", 0, \$e);\n    }";
    }

    /** PHP source for $instance's property or method $name, by its name where that is not an identifier. */
    private static function member(string $name): string
    {
        return preg_match('/\A[A-Za-z_][A-Za-z0-9_]*\z/', $name) === 1 ? "\$instance->$name" : '$instance->{' . var_export($name, true) . '}';
    }

    /** The place of member $key of the value at $where ("data.data[3].mintA"). */
    private static function at(string $where, int|string $key): string
    {
        return $where === '' ? (string) $key : "$where.$key";
    }

    private static function jsonType(mixed $value): string
    {
        return match (true) {
            $value === null => 'null',
            is_bool($value) => 'a boolean',
            is_int($value), is_float($value) => 'a number',
            is_string($value) => 'a string',
            is_array($value) => 'a list',
            default => 'an object',
        };
    }

    private static function encode(mixed $value): string
    {
        if (is_object($value) && is_a($value, static::MODEL_INTERFACE)) {
            $raw = self::raw()[$value] ?? null;
            if ($raw !== null) {
                return $raw;
            }
            $parts = [];
            $getters = $value::getters();
            foreach ($value::attributeMap() as $property => $key) {
                $item = $value->{$getters[$property]}();
                if ($item === null && !($value::isNullable($property) && $value->isNullableSetToNull($property))) {
                    continue;
                }
                $parts[] = self::scalar($key) . ':' . self::encode($item);
            }
            foreach ($value->getAdditionalProperties() as $key => $item) {
                $parts[] = self::scalar((string) $key) . ':' . self::encode($item);
            }

            return '{' . implode(',', $parts) . '}';
        }
        if (is_array($value) && array_is_list($value)) {
            return '[' . implode(',', array_map(fn (mixed $item): string => self::encode($item), $value)) . ']';
        }
        if (is_array($value) || $value instanceof \stdClass) {
            $parts = [];
            foreach ((array) $value as $key => $item) {
                $parts[] = self::scalar((string) $key) . ':' . self::encode($item);
            }

            return '{' . implode(',', $parts) . '}';
        }

        return self::scalar((static::SERIALIZER)::sanitizeForSerialization($value));
    }

    private static function scalar(mixed $value): string
    {
        return json_encode($value, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION);
    }

    /** @return \WeakMap<object, string> */
    private static function raw(): \WeakMap
    {
        return self::$rawJson ??= new \WeakMap();
    }
}
