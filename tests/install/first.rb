# A user's first program, after the Ruby install commands of docs/clients/install.md
# (tests/clients/test_install_from_release.py runs it): ARGV is the pool-v3 mock's URL, then a
# pool-v3 and a transaction-v1 URL that answer a failure envelope.
require 'raydium_pool_v3_client'
require 'raydium_transaction_v1_client'

def tiers(url)
  config = RaydiumPoolV3Client::Contract.configuration(url)
  RaydiumPoolV3Client::ConfigurationApi.new(RaydiumPoolV3Client::ApiClient.new(config)).list_dynamic_fee_configs
end

puts "first call: #{tiers(ARGV[0]).data.length}"
begin
  tiers(ARGV[1])
rescue RaydiumPoolV3Client::FailureEnvelopeError => e
  puts "caught: #{e.class.name.split('::').last} #{e.status} #{e.error_code}"
end
swap = RaydiumTransactionV1Client
[-> { tiers(ARGV[1]) },
 -> { swap::ComputeApi.new(swap::ApiClient.new(swap::Contract.configuration(ARGV[2])))
                      .compute_swap_base_in('a', 'b', 1, 50, 'V0') }]
  .zip(%w[pool swap]).each do |call, host|
  call.call
rescue RaydiumApiRuntime::ApiError => e # one base class for both gems
  puts "one base: #{host} #{e.class.name.split('::').last} #{e.status}"
end
puts "runtime: #{Gem.loaded_specs['raydium_api_runtime'].version}"
