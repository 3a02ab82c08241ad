# One rescue of the shared runtime's base class catches a failure of either gem, for
# tests/clients/test_ruby_client.py: ARGV is the pool-v3 and the transaction-v1 lib folders,
# then a pool-v3 URL that answers HTML and a transaction-v1 URL that answers a failure envelope.
require 'json'
$LOAD_PATH.unshift(*ARGV[0, 2])
require 'raydium_pool_v3_client'
require 'raydium_transaction_v1_client'

pool = RaydiumPoolV3Client
swap = RaydiumTransactionV1Client
same = pool::ApiError.equal?(swap::ApiError) && pool::ApiError.equal?(RaydiumApiRuntime::ApiError) &&
       pool::FailureEnvelopeError.equal?(swap::FailureEnvelopeError)
caught = []
[
  -> { pool::ConfigurationApi.new(pool::ApiClient.new(pool::Contract.configuration(ARGV[2])))
                             .list_dynamic_fee_configs },
  -> { swap::ComputeApi.new(swap::ApiClient.new(swap::Contract.configuration(ARGV[3])))
                       .compute_swap_base_in('a', 'b', 1, 50, 'V0') },
].each do |call|
  call.call
rescue RaydiumApiRuntime::ApiError => e # the one base class
  caught << [e.class.name, e.status, e.is_a?(pool::NotJsonError), e.is_a?(swap::FailureEnvelopeError)]
end
puts JSON.generate({ same: same, caught: caught })
