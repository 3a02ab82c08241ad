# frozen_string_literal: true

# Times the Ruby client's call on one list-pools success body against JSON.parse of the same
# bytes, each alone and followed by the reads a user's code makes (scripts/quality/bench_languages.py
# runs it). The client is called as users call it, PoolsApi#list_pools on an ApiClient of
# Contract.configuration, through Typhoeus's own stubbing (Typhoeus.stub: the request's `run`
# answers from memory, nothing is sent), so the figure is the client's whole decode: the
# envelope check, the null-item checks and the typed models.
#
# The sides (bench_languages.py names the reads):
#   parse, client                 the untyped parse, the call
#   parse_full, client_full       each followed by the full read: every declared field of each
#                                 pool, nested objects and lists included (Typed, Untyped)
#   parse_filter, client_filter   each followed by the filtering read: id, tvl, mint_a.address
# Each read adds what it reads to a sink (a number its value, a string its length, true 1, a
# `type` of Concentrated 1); the client's sink and the parse's must agree, or the program fails.
#
# Usage: ruby bench_decode.rb LIB BODY.json RUNS LOOPS [SIDE,...]
#          prints {"parse": [seconds per call, ...], ..., "sink": N}
#        ruby bench_decode.rb LIB --peak BODY.json SIDE [WARM.json]
#          prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}
# LIB is the client's lib folder (generated/ruby/pool-v3/lib). WARM is a small page the same side
# runs on once first (the client's one-time set-up, as a long-running client has done it).

require 'json'

lib, *args = ARGV
$LOAD_PATH.unshift(lib)
require 'raydium_pool_v3_client'

BASE_URL = 'http://127.0.0.1:9'
SIDES = %w[parse client parse_full client_full parse_filter client_filter].freeze

# The reads of a pool model: its getters, as a user's code calls them.
module Typed
  module_function

  def fee(fee)
    s = 0.0
    return s unless fee

    v = fee.epoch
    s += v.length if v
    v = fee.maximum_fee
    s += v.length if v
    v = fee.transfer_fee_basis_points
    s += v if v
    s
  end

  def extensions(ext)
    s = 0.0
    return s unless ext

    v = ext.coingecko_id
    s += v.length if v
    if (c = ext.fee_config)
      v = c.transfer_fee_config_authority
      s += v.length if v
      v = c.withdraw_withheld_authority
      s += v.length if v
      v = c.withheld_amount
      s += v.length if v
      s += fee(c.older_transfer_fee) + fee(c.newer_transfer_fee)
    end
    if (t = ext.tips)
      v = t.icon
      s += v.length if v
      v = t.link
      s += v.length if v
      v = t.text
      s += v.length if v
    end
    s
  end

  def token(token)
    s = 0.0
    return s unless token

    v = token.chain_id
    s += v if v
    v = token.address
    s += v.length if v
    v = token.program_id
    s += v.length if v
    v = token.logo_uri
    s += v.length if v
    v = token.symbol
    s += v.length if v
    v = token.name
    s += v.length if v
    v = token.decimals
    s += v if v
    token.tags&.each { |tag| s += tag.length }
    s += extensions(token.extensions)
    v = token.freeze_authority
    s += v.length if v
    v = token.mint_authority
    s += v.length if v
    s
  end

  def period(stats)
    s = 0.0
    return s unless stats

    v = stats.volume
    s += v if v
    v = stats.volume_quote
    s += v if v
    v = stats.volume_fee
    s += v if v
    v = stats.apr
    s += v if v
    v = stats.fee_apr
    s += v if v
    v = stats.price_min
    s += v if v
    v = stats.price_max
    s += v if v
    stats.reward_apr&.each { |x| s += x }
    s
  end

  def config(config)
    s = 0.0
    return s unless config

    v = config.id
    s += v.length if v
    v = config.index
    s += v if v
    v = config.protocol_fee_rate
    s += v if v
    v = config.trade_fee_rate
    s += v if v
    v = config.fund_fee_rate
    s += v if v
    v = config.tick_spacing
    s += v if v
    v = config.description
    s += v.length if v
    v = config.default_range
    s += v if v
    config.default_range_point&.each { |x| s += x }
    v = config.create_pool_fee
    s += v.length if v
    s
  end

  def pool(pool)
    s = 0.0
    s += 1 if pool.type == 'Concentrated'
    v = pool.program_id
    s += v.length if v
    v = pool.id
    s += v.length if v
    s += token(pool.mint_a)
    s += token(pool.mint_b)
    v = pool.price
    s += v if v
    v = pool.mint_amount_a
    s += v if v
    v = pool.mint_amount_b
    s += v if v
    v = pool.fee_rate
    s += v if v
    v = pool.open_time
    s += v.is_a?(String) ? v.length : v if v
    v = pool.tvl
    s += v if v
    s += period(pool.day)
    s += period(pool.week)
    s += period(pool.month)
    v = pool.farm_upcoming_count
    s += v if v
    v = pool.farm_ongoing_count
    s += v if v
    v = pool.farm_finished_count
    s += v if v
    v = pool.burn_percent
    s += v if v
    s += 1 if pool.has_dynamic_fee == true
    s += token(pool.lp_mint)
    v = pool.lp_price
    s += v if v
    v = pool.lp_amount
    s += v if v
    v = pool.market_id
    s += v.length if v
    s + config(pool.config)
  end

  def filter(pool)
    s = 0.0
    v = pool.id
    s += v.length if v
    v = pool.tvl
    s += v if v
    v = pool.mint_a&.address
    s += v.length if v
    s
  end
end

# The same reads of JSON.parse's Hashes.
module Untyped
  module_function

  def fee(fee)
    s = 0.0
    return s unless fee

    v = fee['epoch']
    s += v.length if v
    v = fee['maximumFee']
    s += v.length if v
    v = fee['transferFeeBasisPoints']
    s += v if v
    s
  end

  def extensions(ext)
    s = 0.0
    return s unless ext

    v = ext['coingeckoId']
    s += v.length if v
    if (c = ext['feeConfig'])
      v = c['transferFeeConfigAuthority']
      s += v.length if v
      v = c['withdrawWithheldAuthority']
      s += v.length if v
      v = c['withheldAmount']
      s += v.length if v
      s += fee(c['olderTransferFee']) + fee(c['newerTransferFee'])
    end
    if (t = ext['tips'])
      v = t['icon']
      s += v.length if v
      v = t['link']
      s += v.length if v
      v = t['text']
      s += v.length if v
    end
    s
  end

  def token(token)
    s = 0.0
    return s unless token

    v = token['chainId']
    s += v if v
    v = token['address']
    s += v.length if v
    v = token['programId']
    s += v.length if v
    v = token['logoURI']
    s += v.length if v
    v = token['symbol']
    s += v.length if v
    v = token['name']
    s += v.length if v
    v = token['decimals']
    s += v if v
    token['tags']&.each { |tag| s += tag.length }
    s += extensions(token['extensions'])
    v = token['freezeAuthority']
    s += v.length if v
    v = token['mintAuthority']
    s += v.length if v
    s
  end

  def period(stats)
    s = 0.0
    return s unless stats

    v = stats['volume']
    s += v if v
    v = stats['volumeQuote']
    s += v if v
    v = stats['volumeFee']
    s += v if v
    v = stats['apr']
    s += v if v
    v = stats['feeApr']
    s += v if v
    v = stats['priceMin']
    s += v if v
    v = stats['priceMax']
    s += v if v
    stats['rewardApr']&.each { |x| s += x }
    s
  end

  def config(config)
    s = 0.0
    return s unless config

    v = config['id']
    s += v.length if v
    v = config['index']
    s += v if v
    v = config['protocolFeeRate']
    s += v if v
    v = config['tradeFeeRate']
    s += v if v
    v = config['fundFeeRate']
    s += v if v
    v = config['tickSpacing']
    s += v if v
    v = config['description']
    s += v.length if v
    v = config['defaultRange']
    s += v if v
    config['defaultRangePoint']&.each { |x| s += x }
    v = config['createPoolFee']
    s += v.length if v
    s
  end

  def pool(pool)
    s = 0.0
    s += 1 if pool['type'] == 'Concentrated'
    v = pool['programId']
    s += v.length if v
    v = pool['id']
    s += v.length if v
    s += token(pool['mintA'])
    s += token(pool['mintB'])
    v = pool['price']
    s += v if v
    v = pool['mintAmountA']
    s += v if v
    v = pool['mintAmountB']
    s += v if v
    v = pool['feeRate']
    s += v if v
    v = pool['openTime']
    s += v.is_a?(String) ? v.length : v if v
    v = pool['tvl']
    s += v if v
    s += period(pool['day'])
    s += period(pool['week'])
    s += period(pool['month'])
    v = pool['farmUpcomingCount']
    s += v if v
    v = pool['farmOngoingCount']
    s += v if v
    v = pool['farmFinishedCount']
    s += v if v
    v = pool['burnPercent']
    s += v if v
    s += 1 if pool['hasDynamicFee'] == true
    s += token(pool['lpMint'])
    v = pool['lpPrice']
    s += v if v
    v = pool['lpAmount']
    s += v if v
    v = pool['marketId']
    s += v.length if v
    s + config(pool['config'])
  end

  def filter(pool)
    s = 0.0
    v = pool['id']
    s += v.length if v
    v = pool['tvl']
    s += v if v
    v = pool['mintA']&.[]('address')
    s += v.length if v
    s
  end
end

# Each side by name: a lambda that runs it once and answers the sink of its reads (0 without reads).
def sides(body)
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

    page
  end
  untyped = ->(read) { -> { parse.call['data']['data'].sum(0.0) { |pool| Untyped.public_send(read, pool) } } }
  typed = ->(read) { -> { call.call.data.data.sum(0.0) { |pool| Typed.public_send(read, pool) } } }
  {
    'parse' => -> { parse.call && 0.0 }, 'client' => -> { call.call && 0.0 },
    'parse_full' => untyped.call(:pool), 'client_full' => typed.call(:pool),
    'parse_filter' => untyped.call(:filter), 'client_filter' => typed.call(:filter)
  }
end

# A field of /proc/self/status in bytes (VmRSS, VmHWM).
def status(field)
  line = File.readlines('/proc/self/status').find { |l| l.start_with?("#{field}:") }
  Integer(line.split[1]) * 1024
end

$sink = 0.0 # every side's result, printed

def time_one(side, loops)
  start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
  loops.times { $sink += side.call }
  (Process.clock_gettime(Process::CLOCK_MONOTONIC) - start) / loops
end

def side(run, name)
  run.fetch(name) { abort "no side #{name}" }
end

if args[0] == '--peak'
  if args[3]
    $sink += side(sides(File.binread(args[3])), args[2]).call
    Typhoeus::Expectation.clear # the next stub answers with the body
  end
  run = side(sides(File.binread(args[1])), args[2])
  begin
    File.write('/proc/self/clear_refs', '5') # VmHWM back to the current RSS: the peak after is the side's own
  rescue SystemCallError
    nil
  end
  baseline = status('VmRSS')
  $sink += run.call
  puts JSON.generate(peak_rss_bytes: status('VmHWM'), baseline_rss_bytes: baseline, sink: $sink)
  exit
end

body = File.binread(args[0])
runs = Integer(args[1])
loops = Integer(args[2])
names = args[3] ? args[3].split(',') : SIDES
run = sides(body)
%w[full filter].each do |read|
  typed = run["client_#{read}"].call
  untyped = run["parse_#{read}"].call
  abort "the client's #{read} read gives #{typed}, the parse's #{untyped}" unless typed == untyped && typed != 0
end
names.each { |name| $sink += side(run, name).call } # warm-up
# The sides take turns, run by run, each going first in turn: a burst of load then falls on every
# side of a ratio, not on one.
samples = names.to_h { |name| [name, []] }
runs.times do |r|
  names.each_index do |i|
    name = names[(r + i) % names.size]
    samples[name] << time_one(run[name], loops)
  end
end
puts JSON.generate(samples.merge(sink: $sink))
