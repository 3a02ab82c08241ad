# The Ruby clients' models behave like Ruby values (docs/decisions/, 144), through the pool-v3
# and transaction-v1 gems' calls on bodies answered with Typhoeus stubs: two models decoded from
# the same JSON are ==, eql? and of one hash; inspect and to_h show the values; to_h, to_json and
# JSON.generate give back the body's keys and values, unknown keys included; a quote still goes
# back as it came. Run by tests/clients/test_ruby_client.py from the repository's root, the
# runtime on the load path.
require 'json'
require 'minitest/autorun'
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/pool-v3/lib', __dir__),
                   File.expand_path('../../generated/ruby/transaction-v1/lib', __dir__))
require 'raydium_pool_v3_client'
require 'raydium_transaction_v1_client'

class ModelsTest < Minitest::Test
  POOL = RaydiumPoolV3Client
  TX = RaydiumTransactionV1Client
  URL = 'http://127.0.0.1:9'.freeze
  TOKEN = { chainId: 101, address: 'Mint1', programId: 'Token1', logoURI: '', symbol: 'TK', name: 'Token',
            decimals: 9, tags: ['hasFreeze'], extensions: { zzExt: [1, nil] } }.freeze
  ITEM = { type: 'Concentrated', programId: 'CAMM', id: 'Pool1', price: 1.5, tvl: 2, openTime: '1700000000',
           mintA: TOKEN.merge(zzToken: 't'), mintB: TOKEN, day: { volume: 1.0, apr: 2.5, rewardApr: [1.2, 0] },
           config: { id: 'cfg', index: 1 }, zzItem: { k: [1, 'a', nil, { deep: true }] } }.freeze
  PAGE = JSON.generate(id: '5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10', success: true,
                       data: { count: 2, zzPage: [], data: [ITEM, ITEM.merge(id: 'Pool2', type: 'Standard')] })

  def teardown
    Typhoeus::Expectation.clear
  end

  # An Api of `mod` (a gem's module) whose every request is answered with `body` (HTTP 200, JSON).
  def api(mod, klass, body)
    Typhoeus::Expectation.clear
    Typhoeus.stub(/127\.0\.0\.1:9/).and_return do |_request|
      Typhoeus::Response.new(code: 200, return_code: :ok, body: body, headers: { 'Content-Type' => 'application/json' })
    end
    mod.const_get(klass).new(mod::ApiClient.new(mod::Contract.configuration(URL)))
  end

  def pools(body = PAGE) = api(POOL, :PoolsApi, body)

  def test_two_pages_decoded_from_the_same_json_are_equal
    one = pools.list_pools
    two = pools.list_pools
    refute_same one, two
    assert_equal one, two
    assert one.eql?(two)
    assert_equal one.hash, two.hash
    assert_equal one.data.data[1], two.data.data[1]
    assert_equal 1, { one => 1 }.fetch(two)
    assert_equal 2, (one.data.data + two.data.data).uniq.size
    assert_includes one.data.data, two.data.data[1]
    assert_equal one.data.data[0], one.data.data[0].dup
  end

  def test_models_that_differ_are_not_equal
    listed = pools.list_pools.data.data
    refute_equal listed[0], listed[1]
    other = pools(PAGE.sub('"zzToken":"t"', '"zzToken":"u"')).list_pools.data.data[0]
    refute_equal other, listed[0]
    refute_equal other.hash, listed[0].hash
    set = pools.list_pools.data.data[0]
    set.price = 9.5
    refute_includes listed, set
  end

  def test_a_model_is_built_when_the_call_returns
    pool = pools.list_pools.data.data[0]
    assert_equal %i[@type @program_id @id @mint_a @mint_b @price @open_time @tvl @day @config @additional_properties],
                 pool.instance_variables
    assert_same pool.mint_a, pool.mint_a
    pool.price = 7
    assert_equal [7, 'Concentrated', 2], [pool.price, pool.type, pool.tvl]
  end

  def test_inspect_and_to_h_show_the_values
    pool = pools.list_pools.data.data[0]
    shown = pool.inspect
    assert_includes shown, '@type="Concentrated"'
    assert_includes shown, '@price=1.5'
    assert_includes shown, '@symbol="TK"'
    assert_includes shown, '"zzItem"=>{:k=>[1, "a", nil, {:deep=>true}]}'
    assert_equal 'Concentrated', pool.to_h[:type]
    assert_equal 't', pool.to_h[:mintA][:zzToken]
    assert_equal pool.to_hash, pool.to_h
  end

  def test_to_h_and_to_json_give_back_the_body
    body = JSON.parse(PAGE, symbolize_names: true)
    page = pools.list_pools
    assert_equal body, page.to_h
    assert_equal body, JSON.parse(page.to_json, symbolize_names: true)
    assert_equal body, JSON.parse(JSON.generate(page), symbolize_names: true)
    assert_equal body[:data][:data][0], JSON.parse(JSON.generate([page.data.data[0]]), symbolize_names: true)[0]
    assert_equal [1, 'a', nil, { deep: true }], page.data.data[0].to_h[:zzItem][:k]
  end

  def test_a_quote_encodes_to_its_body_and_is_sent_back_as_it_came
    spec = JSON.parse(File.read(File.expand_path('../../generated/openapi/transaction-v1.json', __dir__)))
    quote = spec.dig('components', 'examples', 'QuoteBaseInSolToUsdc', 'value')
    quote['data']['zzQuote'] = { 'a' => [1.0, nil] }
    body = JSON.generate(quote)
    compute = api(TX, :ComputeApi, body)
    one = compute.compute_swap_base_in('So1', 'EPj', 1000, 50, 'V0')
    two = compute.compute_swap_base_in('So1', 'EPj', 1000, 50, 'V0')
    assert_equal one, two
    assert_equal one.hash, two.hash
    assert_equal JSON.parse(body, symbolize_names: true), one.to_h
    assert_equal body, one.to_json
    assert_equal body, TX::ApiClient.new.object_to_http_body(one)
  end
end
