require 'json'
require 'time'

module RaydiumApiRuntime
  # The client contract (raydium-api-descriptions, ../shared/design.md), written once for every
  # host. Each client's Contract module `extend`s this one and defines what is its own:
  # NULL_CHECKS (per operation, the arrays of its success whose items may not be null),
  # REQUIRED (per operation, the keys its success envelope requires) and CODES (its known
  # failure codes, each with its action). Every call goes through `call` (the client's
  # ApiClient#call_api): a timeout per attempt and one deadline per call, the failures that pass
  # retried (RetryPolicy), the whole body read, `success` checked, null items checked where the
  # description admits none, and the success decoded strictly. Whatever happens, a call returns
  # the typed success or raises an ApiError.
  #
  # None of these services changes state (every GET is a read; the transaction build computes an
  # unsigned transaction from its body), so every call may be sent again. A call is retried when
  # the connection is refused or reset, an attempt times out, the connection is cut mid-body, or
  # the status is one of TRANSIENT_STATUSES, whatever the body (a JSON failure envelope or an HTML
  # page). Any other status, a success included, ends the call at once: a failure envelope with
  # HTTP 200 is not retried. The error a call finally raises says how many attempts it made.
  module Contract
    # Each attempt (connecting, the headers and the whole body) times out after this many seconds.
    DEFAULT_TIMEOUT = 8.0
    # Connecting times out after this many seconds.
    DEFAULT_CONNECT_TIMEOUT = 4.0
    # HTTP statuses that say the failure passes: a timeout, the rate limit, the server or the edge
    # (Cloudflare's 520-524: the origin's connection, timeout or response failed).
    TRANSIENT_STATUSES = [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524].freeze

    # How a call retries the failures that pass, and how long it may take: at most `max_retries`
    # retries (0 turns retrying off), each after the wait Retry-After (or retry-after-ms) asks
    # for or, where the failure names none, after a backoff that starts at `default_wait` seconds
    # and doubles, jittered (each wait up to a quarter shorter, at random). A wait longer than
    # `max_wait` is not waited: the call raises at once (a 429 as RateLimitedError, with
    # retry_after). A whole call, retries included, ends within `deadline` seconds: no wait goes
    # past it. `DEFAULT_RETRY_POLICY.with(max_retries: 0)` is the default without retries.
    RetryPolicy = Struct.new(:max_retries, :max_wait, :default_wait, :deadline, keyword_init: true) do
      # The wait before retry number `number` (0 for the first) where the failure names none.
      def backoff(number)
        default_wait * (2**number) * (1 - (0.25 * rand))
      end

      # A copy with some values changed: `policy.with(max_retries: 0)`.
      def with(**changes)
        self.class.new(**to_h, **changes)
      end
    end
    DEFAULT_RETRY_POLICY = RetryPolicy.new(max_retries: 2, max_wait: 10.0, default_wait: 0.5, deadline: 30.0).freeze

    # What the HTTP library reported when no complete response arrived (the cause of a TransportError).
    class CurlError < StandardError
      attr_reader :return_code

      def initialize(return_code, message)
        super("#{return_code}: #{message}")
        @return_code = return_code
      end
    end

    def now
      Process.clock_gettime(Process::CLOCK_MONOTONIC)
    end

    # One call (the client's ApiClient#call_api): [data, status, headers], or an ApiError. The
    # retry policy is `opts[:retry_policy]` where the call was given one (any operation takes it
    # among its options), else the configuration's.
    def call(api_client, http_method, path, opts)
      config = api_client.config
      policy = opts[:retry_policy] || config.retry_policy
      timeout = config.timeout.to_f.positive? ? config.timeout.to_f : DEFAULT_TIMEOUT
      ends = now + policy.deadline
      attempt = 0 # retries made so far
      loop do
        remaining = ends - now
        where = "#{http_method.to_s.upcase} #{api_client.build_request_url(path, opts)}"
        fail deadline_error(where, policy, attempt + 1) if remaining <= 0

        request = api_client.build_request(http_method, path, opts)
        request.options[:timeout] = [timeout, remaining].min
        request.options[:connecttimeout] = [config.connect_timeout || DEFAULT_CONNECT_TIMEOUT, timeout, remaining].min
        response = request.run
        wait = if response.code.zero? || response.return_code != :ok
                 # a body cut short arrives with its status and a curl error (partial_file): no complete response
                 transport_wait(response, where, policy, attempt, ends)
               elsif TRANSIENT_STATUSES.include?(response.code)
                 retry_wait(response, policy, attempt, ends)
               end
        return counted(attempt + 1) { decode(api_client, response, opts) } if wait.nil?

        sleep(wait)
        attempt += 1
      end
    end

    # The error a call raises, counting the attempts it made.
    def counted(attempts)
      yield
    rescue ApiError => e
      e.attempts = attempts if attempts > e.attempts
      raise
    end

    def deadline_error(where, policy, attempts)
      RequestTimeoutError.new("#{where}: the call's deadline of #{policy.deadline}s passed", attempts: attempts)
    end

    # The seconds to wait before retrying a transport failure; its typed error when it is the
    # last (a timeout at the call's deadline is the deadline's).
    def transport_wait(response, where, policy, attempt, ends)
      timed_out = response.timed_out? || response.return_code == :operation_timedout
      if timed_out && now >= ends - 0.05
        transport_failure(response, where, attempt + 1, deadline_error(where, policy, attempt + 1))
      end
      next_wait(nil, policy, attempt, ends) || transport_failure(response, where, attempt + 1)
    end

    def transport_failure(response, where, attempts = 1, error = nil)
      cause = CurlError.new(response.return_code, response.return_message)
      error ||= if response.timed_out? || response.return_code == :operation_timedout
                  RequestTimeoutError.new("#{where}: timed out (#{cause.message})", attempts: attempts)
                elsif %i[couldnt_connect couldnt_resolve_host couldnt_resolve_proxy].include?(response.return_code)
                  ConnectionFailedError.new("#{where}: could not connect (#{cause.message})", attempts: attempts)
                else
                  ConnectionCutError.new("#{where}: the connection broke before the whole response arrived " \
                                         "(#{cause.message})", attempts: attempts)
                end
      begin
        raise cause
      rescue CurlError
        raise error # Ruby keeps the CurlError as the error's cause
      end
    end

    def parse_retry_after(value)
      text = value.to_s.strip
      return nil if text.empty?
      return text.to_f if text.match?(/\A\d+\z/)

      [Time.httpdate(text) - Time.now, 0.0].max
    rescue ArgumentError
      nil
    end

    # The wait a response asks for (retry-after-ms, or Retry-After: seconds or a date), else the backoff.
    def wait_for(response, policy, attempt)
      unless response.nil?
        milliseconds = response.headers['retry-after-ms'].to_s.strip
        return milliseconds.to_f / 1000 if milliseconds.match?(/\A\d+(\.\d+)?\z/)

        asked = parse_retry_after(response.headers['Retry-After'])
        return asked unless asked.nil?
      end
      policy.backoff(attempt)
    end

    # The seconds to wait before the next attempt, or nil to stop here: no retry left, or a wait
    # above max_wait or past the deadline.
    def next_wait(response, policy, attempt, ends)
      return nil if attempt >= policy.max_retries

      wait = wait_for(response, policy, attempt)
      wait > policy.max_wait || now + wait >= ends ? nil : wait
    end

    # The seconds to wait before retrying a response of a transient status, nil to decode it (a
    # 429 whose wait the policy refuses raises RateLimitedError here, with the reason).
    def retry_wait(response, policy, attempt, ends)
      wait = next_wait(response, policy, attempt, ends)
      return wait unless wait.nil? && response.code == 429 && attempt < policy.max_retries

      asked = wait_for(response, policy, attempt)
      why = if asked > policy.max_wait
              "; the wait exceeds the retry policy's max_wait of #{policy.max_wait}s"
            else
              "; waiting would pass the call's deadline of #{policy.deadline}s"
            end
      fail rate_limited(response, why).tap { |e| e.attempts = attempt + 1 }
    end

    private :counted, :deadline_error, :transport_wait, :wait_for, :next_wait

    def details(response)
      { status: response.code, headers: response.headers.to_h, body: response.body.to_s }
    end

    def preview(body)
      text = body.to_s[0, 200].encode('UTF-8', invalid: :replace, undef: :replace).split.join(' ')
      (body.to_s.bytesize > 200 ? "#{text}..." : text).inspect
    end

    def envelope_or_empty(body)
      payload = JSON.parse(body.to_s)
      payload.is_a?(Hash) ? payload : {}
    rescue JSON::ParserError
      {}
    end

    def failure(response, envelope, reason = 'success=false')
      msg = envelope['msg'].is_a?(String) ? envelope['msg'] : nil
      text = "HTTP #{response.code}, #{reason}"
      text += ", msg=#{msg.inspect}" if msg
      FailureEnvelopeError.new(text, envelope: envelope, codes: self::CODES, msg: msg, **details(response))
    end

    def rate_limited(response, extra = '')
      envelope = envelope_or_empty(response.body)
      retry_after = parse_retry_after(response.headers['Retry-After'])
      wait = retry_after.nil? ? 'no Retry-After' : "Retry-After #{retry_after}s"
      msg = envelope['msg'].is_a?(String) ? envelope['msg'] : nil
      RateLimitedError.new("HTTP #{response.code}, rate limited (#{wait}#{extra})", envelope: envelope, codes: self::CODES,
                                                                                msg: msg, retry_after: retry_after,
                                                                                **details(response))
    end

    def json_media?(media)
      media == 'application/json' || (media.start_with?('application/') && media.end_with?('+json'))
    end

    # The decoded envelope of a success (a Hash with String keys); a typed error for anything else.
    def check_envelope(response)
      status = response.code
      body = response.body.to_s
      content_type = response.headers['Content-Type'].to_s
      media = content_type.split(';', 2).first.to_s.strip.downcase
      lenient = media.empty? || media == 'text/plain'
      fail rate_limited(response) if status == 429

      not_json = "HTTP #{status}: expected a JSON envelope, got #{content_type.empty? ? 'no content type' : content_type} " \
                 "(#{body.bytesize} bytes: #{preview(body)})"
      fail NotJsonError.new(not_json, **details(response)) unless json_media?(media) || lenient

      begin
        payload = JSON.parse(body) # String keys, which the models are built from (DecodePlan)
      rescue JSON::ParserError => e
        fail NotJsonError.new(not_json, **details(response)) if lenient

        what = body.empty? ? 'the body is empty' : "the body is not valid JSON (#{e.message[0, 120]}); it may be truncated"
        raise MalformedJsonError.new("HTTP #{status}: #{what} (#{body.bytesize} bytes: #{preview(body)})", **details(response))
      end
      unless payload.is_a?(Hash) && [true, false].include?(payload['success'])
        fail UnexpectedShapeError.new("HTTP #{status}: the body is JSON but not an envelope (no boolean 'success'): " \
                                      "#{preview(body)}", **details(response))
      end
      fail failure(response, payload) if payload['success'] == false
      fail failure(response, payload, 'error status with success=true') unless (200..299).cover?(status)

      payload
    end

    # A null that is an item of a list: after '[' or ',' and before ',' or ']', where a member's
    # value never stands (or in a string, where a match only costs the walk it would skip).
    NULL_ITEM = /[\[,]\s*null\s*[,\]]/

    # The location of a null item at one of the paths ("data.data[3]"), or nil.
    def null_item(value, segments, where)
      if segments.empty?
        return nil unless value.is_a?(Array)

        index = value.index(nil)
        return index.nil? ? nil : "#{where}[#{index}]"
      end
      head, *rest = segments
      if value.is_a?(Hash) && head != '*'
        null_item(value[head], rest, where.empty? ? head : "#{where}.#{head}")
      elsif value.is_a?(Array) && head == '*'
        value.each_with_index do |item, i|
          found = null_item(item, rest, "#{where}[#{i}]")
          return found if found
        end
        nil
      end
    end

    def check_null_items(operation, response, payload)
      missing = self::REQUIRED.fetch(operation, []).reject { |key| payload.key?(key) }
      unless missing.empty?
        fail UnexpectedShapeError.new("HTTP #{response.code}: the success envelope does not match the schema " \
                                      "(#{missing.join(', ')} missing)", **details(response))
      end
      paths = self::NULL_CHECKS.fetch(operation, [])
      body = response.body.to_s
      # no list in the body has a null item (a body without "null" at all is told in a tenth of the time)
      return if paths.empty? || !body.include?('null') || !NULL_ITEM.match?(body)

      paths.each do |path|
        found = null_item(payload, path.split('/'), '')
        next unless found

        fail UnexpectedShapeError.new("HTTP #{response.code}: the success envelope does not match the schema " \
                                      "(#{found} is null, and the schema admits no null there)", **details(response))
      end
    end

    def decode(api_client, response, opts)
      operation = opts[:operation].to_s.split('.').last.to_s
      if opts[:return_type].nil? # the source shows no response body: a 2xx comes back as it came
        if (200..299).cover?(response.code)
          envelope = envelope_or_empty(response.body)
          fail failure(response, envelope) if envelope['success'] == false

          return [nil, response.code, response.headers]
        end
        check_envelope(response)
        fail UnexpectedStatusError.new("HTTP #{response.code}: unexpected status", **details(response))
      end
      payload = check_envelope(response) # parsed once, for the checks and the model
      check_null_items(operation, response, payload)
      # The models' attribute writers check each rule (a required field missing, a pattern not met)
      # as the model is built, and raise ArgumentError; the generator's `valid?` repeats those checks
      # and prints a deprecation warning on every call, so it is not called.
      begin
        data = RaydiumApiRuntime.from_own_parse { api_client.convert_to_type(payload, opts[:return_type]) }
      rescue StandardError => e
        raise UnexpectedShapeError.new("HTTP #{response.code}: the success envelope does not match the schema " \
                                       "(#{e.class}: #{e.message[0, 300]})", **details(response))
      end
      [data, response.code, response.headers]
    end
  end
end
