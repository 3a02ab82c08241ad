# The contract layer of every host's gem (contract.rb, from the template ruby/contract.mustache),
# in process, through each gem's ApiClient on responses scripted with Typhoeus stubs: the
# runtime's names a gem's Contract gives as its own are the runtime's and work as such (a policy
# built with its RetryPolicy, each of its TRANSIENT_STATUSES retried, a transport failure's cause
# one of its CurlError), a base URL is required, and a configuration's timeouts read as the ones
# its calls use. Run by tests/clients/test_ruby_client.py from the repository's root, the runtime
# on the load path; its arguments are the hosts.
require 'json'
require 'minitest/autorun'

HOSTS = ARGV.dup.freeze
ARGV.clear # minitest reads its own options from ARGV
GEMS = HOSTS.to_h do |host|
  $LOAD_PATH.unshift(File.expand_path("../../generated/ruby/#{host}/lib", __dir__))
  require "raydium_#{host.tr('-', '_')}_client"
  [host, Object.const_get("Raydium#{host.split('-').map(&:capitalize).join}Client")]
end.freeze

class ContractLayerTest < Minitest::Test
  RUNTIME = RaydiumApiRuntime::Contract
  URL = 'http://127.0.0.1:9'.freeze
  FAILURE = JSON.generate(id: '5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10', success: false, msg: 'm')

  def setup
    @seen = [] # the options of each request sent
  end

  def teardown
    Typhoeus::Expectation.clear
  end

  def reply(code, body = FAILURE, return_code: :ok)
    media = body.start_with?('{') ? 'application/json' : 'text/html'
    -> { Typhoeus::Response.new(code: code, return_code: return_code, body: body, headers: { 'Content-Type' => media }) }
  end

  # The replies to the requests, in order (the last one to every later request).
  def script(*replies)
    Typhoeus::Expectation.clear
    seen = @seen
    Typhoeus.stub(/\A#{Regexp.escape(URL)}/).and_return do |request|
      seen << request.options.slice(:timeout, :connecttimeout)
      (replies.length > 1 ? replies.shift : replies.first).call
    end
  end

  # One call through the gem's ApiClient (every operation's path): the error it raises.
  def failed_call(mod, config = mod::Contract.configuration(URL), **opts)
    assert_raises(RaydiumApiRuntime::ApiError) do
      mod::ApiClient.new(config).call_api(:GET, '/probe', operation: :probe, **opts)
    end
  end

  def test_the_runtime_names_a_gem_gives_as_its_own_are_the_runtime_own
    GEMS.each do |host, mod|
      %i[DEFAULT_TIMEOUT DEFAULT_CONNECT_TIMEOUT TRANSIENT_STATUSES RetryPolicy DEFAULT_RETRY_POLICY
         CurlError].each do |name|
        assert mod::Contract.const_defined?(name, false), "#{host}: #{mod}::Contract::#{name} is missing"
        assert_same RUNTIME.const_get(name), mod::Contract.const_get(name, false), "#{host}: #{name}"
      end
    end
  end

  def test_a_policy_of_a_gem_retry_policy_retries_each_of_its_transient_statuses
    GEMS.each do |host, mod|
      once = mod::Contract::RetryPolicy.new(max_retries: 1, max_wait: 1.0, default_wait: 0.0, deadline: 10.0)
      assert_equal [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524], mod::Contract::TRANSIENT_STATUSES, host
      mod::Contract::TRANSIENT_STATUSES.each do |status|
        @seen.clear
        script(reply(status, '<html>edge</html>'), reply(400))
        error = failed_call(mod, retry_policy: once)
        assert_equal [RaydiumApiRuntime::FailureEnvelopeError, 400, 2, 2],
                     [error.class, error.status, error.attempts, @seen.size], "#{host}: #{status}"
      end
    end
  end

  def test_a_transport_failure_has_one_of_the_gem_curl_errors_as_its_cause
    GEMS.each do |host, mod|
      script(reply(0, '', return_code: :couldnt_connect))
      off = mod::Contract::DEFAULT_RETRY_POLICY.with(max_retries: 0)
      error = failed_call(mod, retry_policy: off)
      assert_kind_of RaydiumApiRuntime::ConnectionFailedError, error, host
      assert_kind_of mod::Contract::CurlError, error.cause, host
      assert_equal :couldnt_connect, error.cause.return_code, host
    end
  end

  def test_a_base_url_is_required
    GEMS.each do |host, mod|
      ['', nil].each do |empty|
        error = assert_raises(ArgumentError, "#{host}: #{empty.inspect}") { mod::Contract.configuration(empty) }
        assert_equal 'a base URL is required: the source document shows no host for this service', error.message
      end
    end
  end

  def test_a_configuration_timeouts_read_as_the_ones_its_calls_use
    GEMS.each do |host, mod|
      @seen.clear
      script(reply(400))
      config = mod::Contract.configuration(URL)
      assert_equal [8.0, 4.0], [config.timeout, config.connect_timeout], "#{host}: the defaults"
      assert_equal [RUNTIME::DEFAULT_TIMEOUT, RUNTIME::DEFAULT_CONNECT_TIMEOUT], [config.timeout, config.connect_timeout]
      assert_equal RUNTIME::DEFAULT_CONNECT_TIMEOUT, mod::Configuration.new.connect_timeout, "#{host}: a plain Configuration"
      failed_call(mod, config)
      config.timeout = 7
      config.connect_timeout = 2.5
      assert_equal [7, 2.5], [config.timeout, config.connect_timeout], host
      failed_call(mod, config)
      sent = @seen.map { |options| [options[:timeout], options[:connecttimeout]] }
      assert_equal [[8.0, 4.0], [7.0, 2.5]], sent.map { |pair| pair.map { |seconds| seconds.round(3) } }, host
    end
  end
end
