# build_from_hash with String and with Symbol keys, for tests/clients/test_ruby_client.py
# (test_a_model_is_built_alike_from_symbol_and_string_keys): prints the models it built (JSON).
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/pool-v3/lib', __dir__))
require 'raydium_pool_v3_client'
require 'json'
m = RaydiumPoolV3Client
item = { 'type' => 'Standard', 'price' => nil, 'zzItem' => 1, 'mintA' => { 'decimals' => 9, 'zzToken' => 't' } }
symbols = m::PoolInfoItem.build_from_hash(JSON.parse(JSON.generate(item), symbolize_names: true))
strings = m::PoolInfoItem.build_from_hash(item)
def shown(model)
  { type: model.type, price_set: model.instance_variable_defined?(:@price),
    tvl_set: model.instance_variable_defined?(:@tvl), extra: model.additional_properties,
    token: model.mint_a.decimals, token_extra: model.mint_a.additional_properties }
end
out = { symbols: shown(symbols), strings: shown(strings), same: symbols == strings }
out[:page] = m::PoolPageResponse.build_from_hash({ 'success' => true, 'data' => { 'data' => [] } }).data.data
begin
  m::PoolPageResponse.build_from_hash({ 'success' => true })
rescue ArgumentError => e
  out[:missing] = e.message
end
puts JSON.generate(out)
