# Hashes of one class built in turn, each keeping its own unlisted keys, for
# tests/clients/test_ruby_client.py (test_each_hash_keeps_its_own_unlisted_keys): prints each
# model's price and additional properties (JSON).
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/pool-v3/lib', __dir__))
require 'raydium_pool_v3_client'
require 'json'
# one class's Hashes in turn, as a list's items come: the unlisted keys of the one before are
# tried first, and must give way to each Hash's own
hashes = JSON.parse(<<~JSON)
  [{"type": "Standard", "price": 1, "zzA": 1},
   {"type": "Standard", "price": 1, "zzB": 2},
   {"type": "Standard", "price": 1, "zzA": 3},
   {"type": "Standard", "price": 1, "zzA": 4, "zzB": 5},
   {"type": "Standard", "zzA": 6, "zzB": 7},
   {"type": "Standard", "price": 1, "zzA": 8},
   {"type": "Standard", "price": 1},
   {"type": "Standard", "price": 1, "zzA": {"deep": [{"er": 1}]}}]
JSON
hashes.insert(6, { type: 'Standard', price: 2, zzC: 9 }) # a Hash a user built, with Symbol keys
out = hashes.map do |hash|
  model = RaydiumPoolV3Client::PoolInfoItem.build_from_hash(hash)
  [model.price, model.additional_properties]
end
puts JSON.generate(out)
