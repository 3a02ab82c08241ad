# The Ruby runtime's retries and page walks (raydium_api_runtime: contract.rb, paging.rb), in
# process, through the pool-v3 gem's calls on responses scripted with Typhoeus stubs: which
# failures are retried and how often, the waits between attempts (recorded, not slept), the
# attempts an error says, and where a stopped walk resumes. Run by
# tests/clients/test_ruby_client.py from the repository's root, the runtime on the load path.
require 'json'
require 'minitest/autorun'
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/pool-v3/lib', __dir__))
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/launch-auth/lib', __dir__))
require 'raydium_pool_v3_client'
require 'raydium_launch_auth_client'

class RuntimeTest < Minitest::Test
  POOL = RaydiumPoolV3Client
  URL = 'http://127.0.0.1:9'.freeze
  UUID = '5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10'.freeze
  EMPTY_PAGE = { id: UUID, success: true, data: { count: 0, hasNextPage: false, data: [] } }.freeze
  FAILURE = { id: UUID, success: false, msg: 'm' }.freeze

  def setup
    @waits = []
    @seen = []
    waits = @waits
    POOL::Contract.define_singleton_method(:sleep) { |seconds| waits << seconds }
  end

  def teardown
    POOL::Contract.singleton_class.remove_method(:sleep)
    Typhoeus::Expectation.clear
  end

  # A reply of `code` with `body`, under the Content-Type `type` (by default HTML for a String,
  # else JSON).
  def reply(code, body = EMPTY_PAGE, headers = {}, return_code: :ok, type: nil)
    text = body.is_a?(String) ? body : JSON.generate(body)
    media = type || (body.is_a?(String) ? 'text/html' : 'application/json')
    -> { Typhoeus::Response.new(code: code, return_code: return_code, body: text, headers: { 'Content-Type' => media, **headers }) }
  end

  def cut = reply(0, '', return_code: :got_nothing)

  # The replies to the calls' requests, in order (the last one to every later request).
  def script(*replies)
    seen = @seen
    Typhoeus.stub(/\A#{Regexp.escape(URL)}/).and_return do |request|
      seen << request.url
      (replies.length > 1 ? replies.shift : replies.first).call
    end
  end

  def api(policy = nil)
    config = POOL::Contract.configuration(URL)
    config.retry_policy = policy unless policy.nil?
    POOL::PoolsApi.new(POOL::ApiClient.new(config))
  end

  def test_each_transient_status_is_retried_then_the_success_comes_back
    POOL::Contract::TRANSIENT_STATUSES.each do |status|
      @seen.clear
      @waits.clear
      script(reply(status, '<html>edge</html>'), reply(200))
      assert_equal [], api.list_pools.data.data, status
      assert_equal [2, 1], [@seen.size, @waits.size], status
    end
    assert_equal [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524], POOL::Contract::TRANSIENT_STATUSES
  end

  def test_any_other_status_ends_the_call_at_once
    [400, 401, 403, 404, 409, 501].each do |status|
      @seen.clear
      script(reply(status, FAILURE))
      error = assert_raises(POOL::FailureEnvelopeError) { api.list_pools }
      assert_equal [status, 1, 1, []], [error.status, error.attempts, @seen.size, @waits], status
      refute_includes error.message, 'attempts'
    end
  end

  def test_a_failure_envelope_with_http_200_is_not_retried
    script(reply(200, FAILURE))
    error = assert_raises(POOL::FailureEnvelopeError) { api.list_pools }
    assert_equal [200, 1, 1, []], [error.status, error.attempts, @seen.size, @waits]
  end

  def test_a_failure_envelope_s_message_quotes_its_msg
    script(reply(400, { id: UUID, success: false, msg: 'bad mint' }))
    error = assert_raises(POOL::FailureEnvelopeError) { api.list_pools }
    assert_equal 'HTTP 400, success=false, msg="bad mint"', error.message.sub(/ \(after .*\z/, '')
  end

  # A body that is not JSON is shown in the error: its first 200 bytes, "..." when there is more.
  def test_a_body_that_is_not_json_is_previewed_to_200_bytes
    off = POOL::Contract::DEFAULT_RETRY_POLICY.with(max_retries: 0)
    [['A' + ('b' * 199) + 'Z', "\"A#{'b' * 199}...\""], ['A' + ('b' * 199), "\"A#{'b' * 199}\""]].each do |body, shown|
      script(reply(404, body))
      error = assert_raises(POOL::NotJsonError) { api(off).list_pools }
      assert error.message.end_with?("(#{body.bytesize} bytes: #{shown})"), error.message
    end
  end

  # JSON is application/json or application/*+json; another application/ type is not JSON.
  def test_only_a_json_media_type_is_read_as_json
    off = POOL::Contract::DEFAULT_RETRY_POLICY.with(max_retries: 0)
    script(reply(200, EMPTY_PAGE, type: 'application/problem+json; charset=utf-8'))
    assert_equal [], api(off).list_pools.data.data
    %w[application/octet-stream application/xml].each do |type|
      script(reply(200, EMPTY_PAGE, type: type))
      assert_raises(POOL::NotJsonError, type) { api(off).list_pools }
    end
    # text/plain or no type at all is read as JSON when it is JSON, and is not JSON otherwise
    ['text/plain', ''].each do |type|
      script(reply(502, 'Bad gateway', type: type))
      error = assert_raises(POOL::NotJsonError, type) { api(off).list_pools }
      assert_instance_of POOL::NotJsonError, error
    end
  end

  # A 429 whose body is JSON but not an object still raises RateLimitedError, with no envelope;
  # refused after a retry, it says that it was the second attempt.
  def test_a_429_is_rate_limited_whatever_its_body_and_counts_its_attempt
    script(reply(429, [1, 2], { 'Retry-After' => '60' }))
    limited = assert_raises(POOL::RateLimitedError) { api.list_pools }
    assert_equal [{}, 1], [limited.envelope, limited.attempts]
    @seen.clear
    script(reply(503, FAILURE, { 'Retry-After' => '0' }), reply(429, FAILURE, { 'Retry-After' => '60' }))
    limited = assert_raises(POOL::RateLimitedError) { api.list_pools }
    assert_equal [2, 2, 'm'], [limited.attempts, @seen.size, limited.envelope['msg']]
  end

  def test_json_without_a_boolean_success_is_not_an_envelope
    [{ id: UUID, data: EMPTY_PAGE[:data] }, { id: UUID, success: 'true', data: EMPTY_PAGE[:data] }, [1, 2]].each do |body|
      script(reply(200, body))
      error = assert_raises(POOL::UnexpectedShapeError, body.inspect) { api.list_pools }
      assert_includes error.message, "the body is JSON but not an envelope (no boolean 'success')"
    end
  end

  def page_of(data) = reply(200, { id: UUID, success: true, data: data })

  # A null item in a list the schema says has none is found where it is, however deep.
  def test_a_null_item_is_refused_with_its_location
    tagged = ->(*tags) { { mintA: { tags: tags } } }
    { [tagged.call('a'), nil] => 'data.data[1]',
      [tagged.call('a'), tagged.call('b', nil)] => 'data.data[1].mintA.tags[1]',
      [{ mintA: nil }, tagged.call(nil)] => 'data.data[1].mintA.tags[0]' }.each do |items, where|
      script(page_of({ count: 2, hasNextPage: false, data: items }))
      error = assert_raises(POOL::UnexpectedShapeError, where) { api.list_pools }
      assert_includes error.message, "(#{where} is null, and the schema admits no null there)"
    end
  end

  # Where the body has another shape than the schema's, the null check does not fail on it: the
  # decoding that follows raises its typed error, which is not about a null.
  def test_a_body_of_another_shape_gets_a_typed_error_not_a_null_s
    [{ count: 1, hasNextPage: false, data: 'abc', other: [nil] }, [[nil]], { data: { x: [nil] } }].each do |data|
      script(page_of(data))
      error = assert_raises(POOL::ApiError, data.inspect) { api.list_pools }
      refute_includes error.message, 'is null', data.inspect
    end
  end

  # An operation the source shows no response body for (launch-auth's request_token): a 2xx
  # comes back as it came unless its body is a failure envelope; any other status is a failure.
  def test_an_operation_without_a_response_body_returns_nothing_or_a_typed_failure
    auth = RaydiumLaunchAuthClient
    handshake = auth::HandshakeApi.new(auth::ApiClient.new(auth::Contract.configuration(URL)))
    [reply(200, { id: UUID, success: true }), reply(204, ''), reply(299, 'ok')].each do |answer|
      script(answer)
      assert_equal [nil, answer.call.code], handshake.request_token_with_http_info({ wallet: 'w' })[0, 2]
    end
    script(reply(200, FAILURE))
    error = assert_raises(auth::FailureEnvelopeError) { handshake.request_token({ wallet: 'w' }) }
    assert_equal [200, 'm'], [error.status, error.msg]
    script(reply(404, { id: UUID, success: true }))
    error = assert_raises(auth::FailureEnvelopeError) { handshake.request_token({ wallet: 'w' }) }
    assert_includes error.message, 'HTTP 404, error status with success=true'
    script(reply(404, '<html>not found</html>'))
    assert_raises(auth::NotJsonError) { handshake.request_token({ wallet: 'w' }) }
  end

  def test_a_call_with_http_info_gives_the_status_and_headers_too
    script(reply(200, EMPTY_PAGE, { 'X-Request-Id' => 'r1' }))
    data, status, headers = api.list_pools_with_http_info
    assert_equal [[], 200, 'r1'], [data.data.data, status, headers['X-Request-Id']]
  end

  def test_a_failure_that_stays_ends_after_the_retries_and_says_how_many_attempts
    script(reply(502, '<html>edge</html>'))
    error = assert_raises(POOL::NotJsonError) { api.list_pools }
    assert_equal [3, 3], [error.attempts, @seen.size]
    assert error.message.end_with?('(after 3 attempts)'), error.message
    assert @waits[0].between?(0.375, 0.5), @waits # about 0.5 s, then 1 s, jittered down
    assert @waits[1].between?(0.75, 1.0), @waits
  end

  def test_a_429_that_stays_is_sent_exactly_max_retries_plus_one_times
    script(reply(429, FAILURE, { 'Retry-After' => '0' }))
    error = assert_raises(POOL::RateLimitedError) { api.list_pools }
    assert_equal [3, 3, 2], [error.attempts, @seen.size, @waits.size]
    script(reply(429, FAILURE, { 'Retry-After' => '0' }))
    @seen.clear
    assert_raises(POOL::RateLimitedError) { api(POOL::Contract::DEFAULT_RETRY_POLICY.with(max_retries: 4)).list_pools }
    assert_equal 5, @seen.size
  end

  def test_a_success_body_under_a_status_outside_2xx_is_a_typed_failure
    [301, 304, 399, 100].each do |status|
      @seen.clear
      script(reply(status, EMPTY_PAGE))
      error = assert_raises(POOL::FailureEnvelopeError) { api.list_pools }
      assert_equal [status, 1], [error.status, @seen.size], status
      assert_includes error.message, 'error status with success=true'
    end
  end

  def test_the_configured_timeouts_are_the_attempts_own
    options = []
    Typhoeus.stub(/\A#{Regexp.escape(URL)}/).and_return do |request|
      options << request.options.slice(:timeout, :connecttimeout)
      reply(200).call
    end
    config = POOL::Contract.configuration(URL)
    config.timeout = 7
    config.connect_timeout = 2.5
    POOL::PoolsApi.new(POOL::ApiClient.new(config)).list_pools
    assert_equal 1, options.size
    assert_in_delta 7.0, options[0][:timeout], 0.001
    assert_in_delta 2.5, options[0][:connecttimeout], 0.001
    config.connect_timeout = 30 # never longer than the attempt's own timeout
    POOL::PoolsApi.new(POOL::ApiClient.new(config)).list_pools
    assert_in_delta 7.0, options[1][:connecttimeout], 0.001
  end

  def test_a_transport_failure_is_retried_and_the_last_one_raised_with_its_cause
    script(reply(0, '', return_code: :couldnt_connect))
    error = assert_raises(POOL::ConnectionFailedError) { api.list_pools }
    assert_equal [3, 3, 2], [error.attempts, @seen.size, @waits.size]
    assert error.message.end_with?('(after 3 attempts)'), error.message
    assert_kind_of POOL::Contract::CurlError, error.cause
    assert_equal :couldnt_connect, error.cause.return_code
    assert_match(/\Acouldnt_connect: /, error.cause.message)
    assert_includes error.message, '(couldnt_connect: ', 'the message names what curl reported'
  end

  def test_a_deadline_under_a_second_still_gets_its_attempt
    script(reply(200))
    assert_equal [], api(POOL::Contract::DEFAULT_RETRY_POLICY.with(deadline: 0.5)).list_pools.data.data
    assert_equal 1, @seen.size
  end

  # A wait that overruns (the machine slept longer than asked) leaves nothing of the deadline:
  # the call ends with the deadline's error before another attempt, and the error numbers the
  # attempt the deadline stopped, as every runtime does (the next one, here the second).
  def test_a_wait_that_overruns_the_deadline_ends_the_call_before_the_next_attempt
    with_clock(overrun: 1.0) do
      script(reply(503, FAILURE, { 'Retry-After' => '1' }))
      error = assert_raises(POOL::RequestTimeoutError) { api(POOL::Contract::DEFAULT_RETRY_POLICY.with(deadline: 1.5)).list_pools }
      assert_includes error.message, "the call's deadline of 1.5s passed"
      assert_equal [2, 1], [error.attempts, @seen.size]
    end
  end

  # A clock of our own for the runtime: `now` reads it and `sleep` moves it on by the wait, and
  # by `overrun` more (a machine that slept longer than asked).
  def with_clock(overrun: 0.0)
    clock = [100.0]
    waits = @waits
    POOL::Contract.define_singleton_method(:now) { clock[0] }
    POOL::Contract.define_singleton_method(:sleep) { |seconds| waits << seconds; clock[0] += seconds + overrun }
    yield clock
  ensure
    POOL::Contract.singleton_class.remove_method(:now)
  end

  def timed_out = reply(0, '', return_code: :operation_timedout)

  def test_an_attempt_that_times_out_with_time_left_is_retried
    script(timed_out, reply(200))
    assert_equal [], api.list_pools.data.data
    assert_equal [2, 1], [@seen.size, @waits.size]
  end

  # An attempt that times out within 50 ms of the deadline ends the call with the deadline's
  # error, numbering that attempt; its cause is what curl reported.
  def test_a_timeout_at_the_deadline_is_the_deadline_s_error
    with_clock do |clock|
      script(timed_out, -> { clock[0] = 101.46; timed_out.call })
      error = assert_raises(POOL::RequestTimeoutError) { api(POOL::Contract::DEFAULT_RETRY_POLICY.with(deadline: 1.5)).list_pools }
      assert_includes error.message, "the call's deadline of 1.5s passed"
      assert_equal [2, 2, 1], [error.attempts, @seen.size, @waits.size]
      assert_equal :operation_timedout, error.cause.return_code
    end
  end

  # Only a timeout is the deadline's: a refused connection at the deadline stays what it is.
  def test_a_refused_connection_at_the_deadline_is_a_connection_failure
    with_clock do |clock|
      script(-> { clock[0] = 101.46; reply(0, '', return_code: :couldnt_connect).call })
      error = assert_raises(POOL::ConnectionFailedError) { api(POOL::Contract::DEFAULT_RETRY_POLICY.with(deadline: 1.5)).list_pools }
      assert_equal [1, 1, []], [error.attempts, @seen.size, @waits]
    end
  end

  def test_a_retry_after_date_is_waited_until_then_and_a_past_one_not_at_all
    script(reply(503, FAILURE, { 'Retry-After' => (Time.now + 3).httpdate }),
           reply(503, FAILURE, { 'Retry-After' => (Time.now - 60).httpdate }), reply(200))
    api.list_pools
    assert_in_delta 2.5, @waits[0], 0.55 # an HTTP date has whole seconds: 2 to 3 s from now
    assert_equal [0.0, 3], [@waits[1], @seen.size]
  end

  def test_a_cut_connection_then_a_success_comes_back
    script(cut, reply(200))
    assert_equal [], api.list_pools.data.data
    assert_equal 2, @seen.size
  end

  def test_retry_after_and_retry_after_ms_are_waited_where_sent
    script(reply(503, FAILURE, { 'Retry-After' => '2' }), reply(500, FAILURE, { 'retry-after-ms' => '250' }), reply(200))
    api.list_pools
    assert_equal [2.0, 0.25], @waits
  end

  def test_a_wait_beyond_max_wait_is_not_waited
    script(reply(503, FAILURE, { 'Retry-After' => '60' }))
    error = assert_raises(POOL::FailureEnvelopeError) { api.list_pools }
    assert_equal [1, 1, []], [error.attempts, @seen.size, @waits]
    script(reply(429, FAILURE, { 'Retry-After' => '60' }))
    limited = assert_raises(POOL::RateLimitedError) { api.list_pools }
    assert_includes limited.message, "the wait exceeds the retry policy's max_wait of 10.0s"
    assert_equal 60.0, limited.retry_after
  end

  def test_no_wait_passes_the_deadline
    script(reply(429, FAILURE, { 'Retry-After' => '2' }))
    limited = assert_raises(POOL::RateLimitedError) { api(POOL::Contract::DEFAULT_RETRY_POLICY.with(deadline: 1.5)).list_pools }
    assert_includes limited.message, "waiting would pass the call's deadline of 1.5s"
    assert_equal [1, []], [@seen.size, @waits]
  end

  def test_retries_off_is_one_attempt_per_client_or_per_call
    off = POOL::Contract::DEFAULT_RETRY_POLICY.with(max_retries: 0)
    script(reply(503, FAILURE))
    assert_raises(POOL::FailureEnvelopeError) { api(off).list_pools }
    assert_equal [1, []], [@seen.size, @waits]
    error = assert_raises(POOL::FailureEnvelopeError) { api.list_pools(retry_policy: off) }
    assert_equal [2, [], 1], [@seen.size, @waits, error.attempts]
    assert_raises(POOL::FailureEnvelopeError) { api(off).list_pools(retry_policy: POOL::Contract::DEFAULT_RETRY_POLICY) }
    assert_equal [5, 2], [@seen.size, @waits.size] # the call's policy over the client's
  end

  def test_the_backoff_doubles_from_default_wait_with_up_to_a_quarter_of_jitter
    policy = POOL::Contract::DEFAULT_RETRY_POLICY.with(default_wait: 2.0)
    [[0, 2.0], [1, 4.0], [2, 8.0]].each do |number, full|
      samples = Array.new(200) { policy.backoff(number) }
      assert(samples.all? { |s| s.between?(0.75 * full, full) }, [number, samples.minmax].inspect)
      assert_operator samples.max - samples.min, :>, 0.05 * full # jittered, not fixed
    end
    assert_equal [2, 10.0, 0.5, 30.0], POOL::Contract::DEFAULT_RETRY_POLICY.to_h.values
  end

  def cursor_page(number, cursor)
    pools = [{ type: 'Standard', id: "pool-#{number}" }]
    reply(200, { id: UUID, success: true, data: { data: pools, **(cursor ? { nextPageId: cursor } : {}) } })
  end

  def test_a_walk_passes_each_cursor_back_unchanged_and_ends_on_the_page_without_one
    script(cursor_page(0, 'c0+/='), cursor_page(1, 'c1'), cursor_page(2, nil))
    assert_equal %w[pool-0 pool-1 pool-2], api.each_list_pools_by_cursor(size: 1).map(&:id)
    assert_equal [nil, 'c0+/=', 'c1'], @seen.map { |url| URI.decode_www_form(URI(url).query.to_s).to_h['nextPageId'] }
  end

  def test_a_walk_requests_a_page_only_when_the_iteration_reaches_it
    script(cursor_page(0, 'c0'), cursor_page(1, 'c1'))
    walk = api.each_list_pools_by_cursor
    assert_equal 0, @seen.size
    assert_equal ['pool-0'], walk.first(1).map(&:id)
    assert_equal 1, @seen.size
    assert_equal 2, api.each_list_pools_by_cursor_page(max_pages: 2).count
    assert_raises(ArgumentError) { api.each_list_pools_by_cursor(max_pages: 0) } # at once, not when iterated
  end

  def test_a_failed_page_says_where_to_resume_and_the_walk_starts_again_there
    script(cursor_page(0, 'c0'), reply(502, '<html>edge</html>'))
    ids = []
    off = POOL::Contract::DEFAULT_RETRY_POLICY.with(max_retries: 0)
    error = assert_raises(POOL::NotJsonError) { api.each_list_pools_by_cursor(retry_policy: off) { |pool| ids << pool.id } }
    assert_equal [['pool-0'], { next_page_id: 'c0' }, 1], [ids, error.resume, error.attempts]
    assert error.message.end_with?('; the walk stopped at this page: start it again with next_page_id: "c0" to resume'),
           error.message
    script(cursor_page(1, nil))
    assert_equal ['pool-1'], api.each_list_pools_by_cursor({ retry_policy: off }.merge(error.resume)).map(&:id)
    assert_equal 'c0', URI.decode_www_form(URI(@seen.last).query).to_h['nextPageId']
  end

  def test_a_numbered_walk_ends_on_has_next_page_false_or_an_empty_page
    page = lambda do |n, more, count|
      said = more.nil? ? {} : { hasNextPage: more } # absent: the page does not say
      reply(200, { id: UUID, success: true, data: { **said, data: Array.new(count) { { type: 'Standard', id: "p#{n}" } } } })
    end
    script(page.call(1, true, 1), page.call(2, false, 1))
    assert_equal %w[p1 p2], api.each_list_pools.map(&:id)
    script(page.call(3, nil, 1), page.call(4, nil, 0))
    assert_equal ['p3'], api.each_list_pools(page: 3).map(&:id)
    assert_equal %w[3 4], @seen.last(2).map { |url| URI.decode_www_form(URI(url).query).to_h['page'] }
    script(reply(429, FAILURE, { 'Retry-After' => '60' }))
    error = assert_raises(POOL::RateLimitedError) { api.each_list_pools(page: 7).first }
    assert_equal({ page: 7 }, error.resume)
  end
end
