<?php

namespace Raydium\ApiRuntime;

/**
 * Base class of every error a call throws instead of returning a usable success (a promise of an
 * *Async call is rejected with one). getStatus() is the HTTP status (null when no response
 * arrived; getCode() gives the same, 0 then), getMsg() the envelope's msg where the body had one,
 * getResponseHeaders() and getResponseBody() what came back. A transport error keeps the HTTP
 * library's exception as getPrevious(). getAttempts() is how many times the call was sent (the
 * message ends "(after 3 attempts)" when more than once); getResume(), set by a page walk whose
 * page failed, is the named argument that starts the walk again at that page.
 */
class ApiException extends \Exception
{
    /** @var array<string, string[]> */
    protected array $responseHeaders;

    protected string $responseBody;

    protected ?string $msg;

    private int $attempts = 1;

    /** @var array<string, string|int>|null */
    private ?array $resume = null;

    /**
     * @param array<string, string[]>|null $responseHeaders
     */
    public function __construct(
        string $message = '',
        int $status = 0,
        ?array $responseHeaders = [],
        ?string $responseBody = null,
        ?string $msg = null,
        ?\Throwable $previous = null
    ) {
        parent::__construct($message, $status, $previous);
        $this->responseHeaders = $responseHeaders ?? [];
        $this->responseBody = $responseBody ?? '';
        $this->msg = $msg;
    }

    /** The HTTP status, null when no response arrived. */
    public function getStatus(): ?int
    {
        return $this->getCode() === 0 ? null : $this->getCode();
    }

    /** The envelope's msg, where the body had one. */
    public function getMsg(): ?string
    {
        return $this->msg;
    }

    /**
     * The response's headers (empty when no response arrived).
     *
     * @return array<string, string[]>
     */
    public function getResponseHeaders(): array
    {
        return $this->responseHeaders;
    }

    /** The response's body, as it came ("" when no response arrived). */
    public function getResponseBody(): string
    {
        return $this->responseBody;
    }

    /** How many times the call was sent, retries included. */
    public function getAttempts(): int
    {
        return $this->attempts;
    }

    /**
     * Where a page walk that stopped at this error starts again: the walk's named argument and its
     * value (['next_page_id' => '...'], ['page' => 3]; [] for the first page), to pass to the walk
     * again (`$api->iterateListPools(...$e->getResume())`); null for an error of no walk.
     *
     * @return array<string, string|int>|null
     */
    public function getResume(): ?array
    {
        return $this->resume;
    }

    /**
     * This error, counting the $attempts its call made (said in its message when more than one).
     *
     * @internal the transport's (Contract)
     */
    public function counted(int $attempts): static
    {
        if ($attempts > $this->attempts) {
            $this->message = preg_replace('/ \(after \d+ attempts\)$/', '', $this->message) . " (after $attempts attempts)";
            $this->attempts = $attempts;
        }

        return $this;
    }

    /**
     * This error, saying where the page walk it stopped starts again.
     *
     * @param array<string, string|int> $resume
     *
     * @internal the page walks' (Pages)
     */
    public function resuming(array $resume): static
    {
        $this->resume = $resume;
        $start = $resume === [] ? 'the first page' : implode(', ', array_map(
            fn (string $name, string|int $value): string => "$name: " . var_export($value, true), array_keys($resume), $resume));
        $this->message .= "; the walk stopped at this page: start it again with $start to resume";

        return $this;
    }
}
