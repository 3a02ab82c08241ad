# A pool page as the pool-v3 gem decodes it, for tests/clients/test_ruby_client.py
# (test_a_success_is_checked_at_every_depth): stdin is a JSON object of named bodies, each
# answered to list_pools by a Typhoeus stub; prints per name what the call gave or raised (JSON).
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/pool-v3/lib', __dir__))
require 'raydium_pool_v3_client'
require 'json'
out = {}
JSON.parse($stdin.read).each do |name, body|
  Typhoeus.stub(/\Ahttp:\/\/127.0.0.1:9/).and_return do |_request|
    Typhoeus::Response.new(code: 200, return_code: :ok, body: body, headers: { 'Content-Type' => 'application/json' })
  end
  api = RaydiumPoolV3Client::PoolsApi.new(
    RaydiumPoolV3Client::ApiClient.new(RaydiumPoolV3Client::Contract.configuration('http://127.0.0.1:9')))
  begin
    page = api.list_pools
    item = page.data.data[0]
    out[name] = { page: page.data.additional_properties.keys, item: item.additional_properties,
                  token: item.mint_a.additional_properties.keys, price: item.price.class.name,
                  apr: item.day.reward_apr, type: item.type, decimals: item.mint_a.decimals, success: page.success,
                  nested_keys: item.additional_properties.values.grep(Hash).flat_map(&:keys).map { |k| k.class.name } }
  rescue StandardError => e
    out[name] = "#{e.class.name.split('::').last}: #{e.message}"
  end
  Typhoeus::Expectation.clear
end
puts JSON.generate(out)
