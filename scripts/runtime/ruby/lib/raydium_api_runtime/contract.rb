require 'json'
require 'time'

module RaydiumApiRuntime
  # The client contract (raydium-api-descriptions, ../shared/design.md), written once for every
  # host. Each client's Contract module `extend`s this one and defines what is its own:
  # NULL_CHECKS (per operation, the arrays of its success whose items may not be null),
  # REQUIRED (per operation, the keys its success envelope requires) and CODES (its known
  # failure codes, each with its action). Every call goes through `call` (the client's
  # ApiClient#call_api): a timeout per attempt and one deadline per call, HTTP 429 retried as
  # Retry-After says, the whole body read, `success` checked, null items checked where the
  # description admits none, and the success decoded strictly. Whatever happens, a call returns
  # the typed success or raises an ApiError.
  module Contract
    # Each attempt (connecting, the headers and the whole body) times out after this many seconds.
    DEFAULT_TIMEOUT = 8.0
    # Connecting times out after this many seconds.
    DEFAULT_CONNECT_TIMEOUT = 4.0

    # How HTTP 429 is retried and how long a call may take: a 429 is retried at most
    # `max_retries` times after the wait Retry-After asks for (`default_wait` without one); a
    # wait above `max_wait` is not waited (RateLimitedError at once, with retry_after); a whole
    # call, retries included, ends within `deadline` seconds.
    RetryPolicy = Struct.new(:max_retries, :max_wait, :default_wait, :deadline, keyword_init: true)
    DEFAULT_RETRY_POLICY = RetryPolicy.new(max_retries: 2, max_wait: 10.0, default_wait: 1.0, deadline: 30.0).freeze

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

    # One call (the client's ApiClient#call_api): [data, status, headers], or an ApiError.
    def call(api_client, http_method, path, opts)
      config = api_client.config
      policy = config.retry_policy
      timeout = config.timeout.to_f.positive? ? config.timeout.to_f : DEFAULT_TIMEOUT
      ends = now + policy.deadline
      attempt = 0
      loop do
        remaining = ends - now
        where = "#{http_method.to_s.upcase} #{api_client.build_request_url(path, opts)}"
        fail RequestTimeoutError, "#{where}: the call's deadline of #{policy.deadline}s passed" if remaining <= 0

        request = api_client.build_request(http_method, path, opts)
        request.options[:timeout] = [timeout, remaining].min
        request.options[:connecttimeout] = [config.connect_timeout || DEFAULT_CONNECT_TIMEOUT, timeout, remaining].min
        response = request.run
        # a body cut short arrives with its status and a curl error (partial_file): no complete response
        transport_failure(response, where) if response.code.zero? || response.return_code != :ok
        wait = retry_wait(response, policy, attempt, ends)
        return decode(api_client, response, opts) if wait.nil?

        sleep(wait)
        attempt += 1
      end
    end

    def transport_failure(response, where)
      cause = CurlError.new(response.return_code, response.return_message)
      error = if response.timed_out? || response.return_code == :operation_timedout
                RequestTimeoutError.new("#{where}: timed out (#{cause.message})")
              elsif %i[couldnt_connect couldnt_resolve_host couldnt_resolve_proxy].include?(response.return_code)
                ConnectionFailedError.new("#{where}: could not connect (#{cause.message})")
              else
                ConnectionCutError.new("#{where}: the connection broke before the whole response arrived (#{cause.message})")
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

    # The seconds to wait before retrying a 429, nil to decode the response (a 429 that is not
    # retried raises RateLimitedError there, or here with the reason).
    def retry_wait(response, policy, attempt, ends)
      return nil unless response.code == 429 && attempt < policy.max_retries

      wait = parse_retry_after(response.headers['Retry-After']) || policy.default_wait
      if wait > policy.max_wait
        fail rate_limited(response, "; the wait exceeds the retry policy's max_wait of #{policy.max_wait}s")
      end
      fail rate_limited(response, "; waiting would pass the call's deadline of #{policy.deadline}s") if now + wait >= ends

      wait
    end

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
