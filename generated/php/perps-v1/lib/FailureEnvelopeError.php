<?php
/**
 * Perps metadata service (v1) 1.1.7: the client contract (raydium-api-descriptions,
 * ../shared/design.md). Generated from scripts/templates/openapi-generator/php/; do not edit.
 */

namespace Raydium\PerpsV1;


/**
 * The service answered success=false (whatever the HTTP status, 200 included). getMsgCode() is
 * msg where it is a known code of this service (an ErrorCode constant), getAction() what to do
 * next about it, getOpenTime() when the pool opens (Unix seconds, as sent) on a failure for a
 * pool not open yet, getErrorCode() the pool data service's error.code, getEnvelope() the decoded
 * body.
 */
class FailureEnvelopeError extends ApiException
{
    private \stdClass $envelope;

    /**
     * @param array<string, string[]> $responseHeaders
     */
    public function __construct(
        string $message,
        int $status,
        array $responseHeaders,
        string $responseBody,
        \stdClass $envelope,
        ?\Throwable $previous = null
    ) {
        $msg = isset($envelope->msg) && is_string($envelope->msg) ? $envelope->msg : null;
        parent::__construct($message, $status, $responseHeaders, $responseBody, $msg, $previous);
        $this->envelope = $envelope;
    }

    /** The decoded body (an empty object when it was not a JSON object). */
    public function getEnvelope(): \stdClass
    {
        return $this->envelope;
    }

    /** msg where it is a known code of this service (compare with the ErrorCode constants), else null. */
    public function getMsgCode(): ?string
    {
        return $this->msg !== null && isset(ErrorCode::ACTIONS[$this->msg]) ? $this->msg : null;
    }

    /** What a client does next about this failure's code: fix-request, re-quote, wait or back-off (null for an unknown code). */
    public function getAction(): ?string
    {
        $code = $this->getMsgCode();

        return $code === null ? null : ErrorCode::ACTIONS[$code];
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
