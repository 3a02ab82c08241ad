# frozen_string_literal: true

# Times the Ruby client's decode of one list-pools success body against JSON.parse of the same
# bytes (scripts/quality/bench_languages.py runs it). The client is called as users call it,
# PoolsApi#list_pools on an ApiClient of Contract.configuration, through Typhoeus's own stubbing
# (Typhoeus.stub: the request's `run` answers from memory, nothing is sent), so the figure is
# the client's whole decode: the envelope check, the null-item checks and the typed models.
#
# Usage: ruby bench_decode.rb LIB BODY.json RUNS LOOPS
#          prints {"parse": [seconds per decode, ...], "client": [...], "read": [...]}; read: the call, then
#          each pool's id read (a model is built on its first read, docs/decisions/, 131)
#        ruby bench_decode.rb LIB --peak BODY.json client|parse [WARM.json]
#                                                   prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}
# LIB is the client's lib folder (generated/ruby/pool-v3/lib). WARM is a small page the same side
# decodes once first (the client's one-time set-up, as a long-running client has done it).

require 'json'

lib, *args = ARGV
$LOAD_PATH.unshift(lib)
require 'raydium_pool_v3_client'

BASE_URL = 'http://127.0.0.1:9'

def decoders(body)
  # a new response per request, as a transport gives: HTTP 200, application/json, the body
  Typhoeus.stub(/\A#{Regexp.escape(BASE_URL)}/).and_return do |_request|
    Typhoeus::Response.new(code: 200, return_code: :ok, body: body, headers: { 'Content-Type' => 'application/json' })
  end
  client = RaydiumPoolV3Client::ApiClient.new(RaydiumPoolV3Client::Contract.configuration(BASE_URL))
  api = RaydiumPoolV3Client::PoolsApi.new(client)
  parse = -> { JSON.parse(body) }
  call = lambda do
    page = api.list_pools
    raise 'the client decoded no pools' unless page.success && !page.data.data.empty?
  end
  read = lambda do
    api.list_pools.data.data.each { |pool| raise 'a pool with no id' if pool.id.nil? }
  end
  [parse, call, read]
end

# A field of /proc/self/status in bytes (VmRSS, VmHWM).
def status(field)
  line = File.readlines('/proc/self/status').find { |l| l.start_with?("#{field}:") }
  Integer(line.split[1]) * 1024
end

def time_one(decode, loops)
  start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  loops.times { decode.call }
  (Process.clock_gettime(Process::CLOCK_MONOTONIC) - start) / loops
end

if args[0] == '--peak'
  if args[3]
    warm = decoders(File.binread(args[3]))
    (args[2] == 'client' ? warm[1] : warm[0]).call
    Typhoeus::Expectation.clear # the next stub answers with the body
  end
  body = File.binread(args[1])
  parse, call = decoders(body)
  decode = args[2] == 'client' ? call : parse
  begin
    File.write('/proc/self/clear_refs', '5') # VmHWM back to the current RSS: the peak after is the decode's own
  rescue SystemCallError
    nil
  end
  baseline = status('VmRSS')
  decode.call
  puts JSON.generate(peak_rss_bytes: status('VmHWM'), baseline_rss_bytes: baseline)
  exit
end

body = File.binread(args[0])
runs = Integer(args[1])
loops = Integer(args[2])
parse, call, read = decoders(body)
parse.call
call.call # warm-up
read.call
# The floor and the client take turns, run by run, each going first every other run.
floor = []
client = []
reads = []
runs.times do |run|
  if run.even?
    floor << time_one(parse, loops)
    client << time_one(call, loops)
  else
    client << time_one(call, loops)
    floor << time_one(parse, loops)
  end
  reads << time_one(read, loops)
end
puts JSON.generate(parse: floor, client: client, read: reads)
