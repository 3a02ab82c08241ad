<?php

namespace Raydium\ApiRuntime;

/**
 * Base class of every error a call throws instead of returning a usable success (a promise of an
 * *Async call is rejected with one). getStatus() is the HTTP status (null when no response
 * arrived; getCode() gives the same, 0 then), getMsg() the envelope's msg where the body had one,
 * getResponseHeaders() and getResponseBody() what came back. A transport error keeps the HTTP
 * library's exception as getPrevious().
 */
class ApiException extends \Exception
{
    /** @var array<string, string[]> */
    protected array $responseHeaders;

    protected string $responseBody;

    protected ?string $msg;

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
}
