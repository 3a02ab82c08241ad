# A model built from a user's own Hash, for tests/clients/test_ruby_client.py
# (test_a_hash_a_user_built_is_handed_on_as_built): stdin is the Hash (JSON); prints the
# model's free-form value and additional properties (inspect).
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/pool-v3/lib', __dir__))
require 'raydium_pool_v3_client'
require 'json'
c = RaydiumPoolV3Client::LimitOrderConfig.build_from_hash(JSON.parse($stdin.read))
puts [c.limit_order_admin, c.additional_properties].inspect
