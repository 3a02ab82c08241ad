# The runner of one host's gem for tests/clients/test_ruby_client.py, which writes a copy per
# host with LIB (the gem's lib folder, a string), GEM (its name), MODULE (its module) and the
# line `when CASES` (one `when` per operation, its call with the bundle's examples) filled in.
# Reads a plan of calls (JSON) on stdin and prints how each ended (JSON).
require 'json'
$LOAD_PATH.unshift(LIB)
require 'GEM'

def call(op, client)
  case op
  when CASES
  else
    raise "no operation #{op}"
  end
end

def judge(started)
  value = yield
  seconds = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
  return { kind: 'RawBody', seconds: seconds, api_error: true } if value.nil?

  extra = value.respond_to?(:additional_properties) ? value.additional_properties['zzUnknownKey'] : nil
  { kind: 'success', seconds: seconds, api_error: true, success: value.success, unknown: extra,
    model: value.class.name.split('::').last }
rescue StandardError => e
  seconds = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started
  api = e.is_a?(MODULE::ApiError)
  { kind: e.class.name.split('::').last, seconds: seconds, api_error: api, status: api ? e.status : nil,
    msg: api ? e.msg : nil, cause: !e.cause.nil?, message: e.message.to_s[0, 400] }
end

plan = JSON.parse($stdin.read)
results = plan.map do |entry|
  Thread.new do
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    begin
      config = MODULE::Contract.configuration(entry['baseUrl'])
      config.timeout = entry['timeoutMs'] / 1000.0 if entry['timeoutMs']
      changes = { deadline: entry['deadlineMs'] && entry['deadlineMs'] / 1000.0, max_retries: entry['maxRetries'] }
      config.retry_policy = MODULE::Contract::DEFAULT_RETRY_POLICY.with(**changes.compact) unless changes.compact.empty?
      client = MODULE::ApiClient.new(config)
      judge(started) { call(entry['op'], client) }
    rescue StandardError => e
      { kind: e.class.name, seconds: 0, api_error: false, message: e.message }
    end
  end
end.map(&:value)
$stdout.write(JSON.generate(results), "
")
$stdout.flush
# Ends without tearing the VM down: on Ruby before 3.3 a finished thread's native exit can
# free ffi's per-thread data after the VM is gone and crash the process at exit (ruby/ruby#7663,
# Bug #19580; decision 70). Every result is written above; nothing is skipped but teardown.
exit!(0)
