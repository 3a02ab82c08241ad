<?php

namespace Raydium\ApiRuntime;

/**
 * The service answered success=false (whatever the HTTP status, 200 included). getMsgCode() is
 * msg where it is a known code of the service that answered (compare with the constants of that
 * client's ErrorCode), getAction() what to do next about it, getOpenTime() when the pool opens
 * (Unix seconds, as sent) on a failure for a pool not open yet, getErrorCode() the pool data
 * service's error.code, getEnvelope() the decoded body.
 */
class FailureEnvelopeError extends ApiException
{
    private \stdClass $envelope;

    /** @var array<string, string> */
    private array $codes;

    /**
     * @param array<string, string[]> $responseHeaders
     * @param array<string, string> $codes the answering service's known codes and their actions (its ErrorCode::ACTIONS)
     */
    public function __construct(
        string $message,
        int $status,
        array $responseHeaders,
        string $responseBody,
        \stdClass $envelope,
        ?\Throwable $previous = null,
        array $codes = []
    ) {
        $msg = isset($envelope->msg) && is_string($envelope->msg) ? $envelope->msg : null;
        parent::__construct($message, $status, $responseHeaders, $responseBody, $msg, $previous);
        $this->envelope = $envelope;
        $this->codes = $codes;
    }

    /** The decoded body (an empty object when it was not a JSON object). */
    public function getEnvelope(): \stdClass
    {
        return $this->envelope;
    }

    /** msg where it is a known code of the service that answered (its client's ErrorCode constants), else null. */
    public function getMsgCode(): ?string
    {
        return $this->msg !== null && isset($this->codes[$this->msg]) ? $this->msg : null;
    }

    /** What a client does next about this failure's code: fix-request, re-quote, wait or back-off (null for an unknown code). */
    public function getAction(): ?string
    {
        $code = $this->getMsgCode();

        return $code === null ? null : $this->codes[$code];
    }

    /** When the pool opens (Unix seconds, as sent), on a failure for a pool not open yet. */
    public function getOpenTime(): ?string
    {
        return isset($this->envelope->openTime) && is_string($this->envelope->openTime) ? $this->envelope->openTime : null;
    }

    /** The pool data service's error.code, where the body carries one. */
    public function getErrorCode(): ?int
    {
        $error = $this->envelope->error ?? null;

        return $error instanceof \stdClass && isset($error->code) && is_int($error->code) ? $error->code : null;
    }
}
