module RaydiumApiRuntime
  # Base class of every error a call raises instead of returning a usable success, whichever
  # host's client made the call: one `rescue RaydiumApiRuntime::ApiError` (or the same class
  # under a client's name, RaydiumPoolV3Client::ApiError) catches them all.
  # `status` is the HTTP status (nil when no response arrived), `msg` the envelope's msg where
  # the body had one, `headers` and `body` what came back. `attempts` is how many times the call
  # was sent (its message ends "(after 3 attempts)" when more than once); `resume`, set by a page
  # walk whose page failed, is the option that starts the walk again at that page
  # (`{ next_page_id: '...' }`, `{ page: 3 }`: merge it into the walk's options).
  class ApiError < StandardError
    attr_reader :status, :msg, :headers, :body
    attr_accessor :attempts, :resume

    def initialize(message = nil, status: nil, msg: nil, headers: nil, body: nil, attempts: 1)
      super(message)
      @status = status
      @msg = msg
      @headers = headers || {}
      @body = body || ''
      @attempts = attempts
      @resume = nil
    end

    # The message, with the attempts the call made (more than one) and where a stopped walk resumes.
    def to_s
      text = super
      text += " (after #{attempts} attempts)" if attempts > 1
      return text if resume.nil?

      start = resume.empty? ? 'the first page' : resume.map { |name, value| "#{name}: #{value.inspect}" }.join(', ')
      "#{text}; the walk stopped at this page: start it again with #{start} to resume"
    end
  end

  # The service answered success=false (whatever the HTTP status). `code` is `msg` where it is
  # a known code of the service that answered (its client's ErrorCode constants, passed in as
  # `codes`, each with its action), `action` what to do next about it, `open_time` when the
  # pool opens (Unix seconds, as sent) on a failure for a pool not open yet, `error_code` the
  # pool data service's error.code, `envelope` the decoded body.
  class FailureEnvelopeError < ApiError
    attr_reader :code, :action, :open_time, :error_code, :envelope

    def initialize(message = nil, envelope: {}, codes: {}, **details)
      super(message, **details)
      @envelope = envelope
      @code = codes.key?(msg) ? msg : nil
      @action = codes[@code]
      open_time = envelope['openTime']
      @open_time = open_time.is_a?(String) ? open_time : nil
      inner = envelope['error']
      code = inner.is_a?(Hash) ? inner['code'] : nil
      @error_code = code.is_a?(Integer) ? code : nil
    end
  end

  # HTTP 429 after the retries, or at once when Retry-After asks for more than the retry policy
  # waits (`retry_after` in seconds, nil when absent or unreadable).
  class RateLimitedError < FailureEnvelopeError
    attr_reader :retry_after

    def initialize(message = nil, retry_after: nil, **details)
      super(message, **details)
      @retry_after = retry_after
    end
  end

  # The body is not JSON: for example an HTML page from the edge proxy.
  class NotJsonError < ApiError; end
  # The body claims to be JSON but does not parse (truncated or empty).
  class MalformedJsonError < ApiError; end
  # JSON that is not an envelope, or a success that does not fit the schema (the message names where).
  class UnexpectedShapeError < ApiError; end
  # A status with no declared success and no failure envelope.
  class UnexpectedStatusError < ApiError; end
  # No complete response arrived; `cause` is what the HTTP library reported.
  class TransportError < ApiError; end
  # The connection could not be made (refused, unreachable, name not resolved).
  class ConnectionFailedError < TransportError; end
  # The per-attempt timeout or the call's deadline passed.
  class RequestTimeoutError < TransportError; end
  # The connection broke before the whole response arrived.
  class ConnectionCutError < TransportError; end
end
