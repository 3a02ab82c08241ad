# The swap's part of the client contract in Ruby, for tests/clients/test_swap_contract.py, which
# writes a copy with LIB (the transaction-v1 gem's lib folder, a string) and the quote's SOL,
# USDC, AMOUNT and WALLET filled in: ARGV[0] is the quote server's URL; prints the report (JSON).
require 'json'
$LOAD_PATH.unshift(LIB)
require 'raydium_transaction_v1_client'
M = RaydiumTransactionV1Client

def compute(base)
  client = M::ApiClient.new(M::Contract.configuration(base))
  M::ComputeApi.new(client).compute_swap_base_in('SOL', 'USDC', AMOUNT, 50, M::TxVersion::V0)
end

base = ARGV[0]
report = {}
quote = compute("#{base}/quote")
# the JSON the quote sends back, as its to_hash gives it: Symbol keys at every depth, as before
# the client parsed with String keys (docs/decisions/, 107)
key_classes = lambda do |value|
  case value
  when Hash then value.keys.map { |k| k.class.name } + value.values.flat_map { |v| key_classes.call(v) }
  when Array then value.flat_map { |v| key_classes.call(v) }
  else []
  end
end
report['keyClasses'] = key_classes.call(quote.to_hash).uniq
# a quote a user rebuilds from saved JSON: its own keys Symbols, the rest as the user's Hash has them
rebuilt = M::SwapComputeResponse.build_from_hash(JSON.parse(JSON.generate(quote.to_hash))).to_hash
report['rebuiltKeyClasses'] = [rebuilt.keys.map { |k| k.class.name }.uniq, key_classes.call(rebuilt.values).uniq]
client = M::ApiClient.new(M::Contract.configuration("#{base}/quote"))
body = M::SwapBaseInTransactionRequest.new(wallet: 'WALLET', swap_response: quote, tx_version: M::TxVersion::V0,
                                           compute_unit_price_micro_lamports: 0, wrap_sol: true, unwrap_sol: true)
begin
  report['built'] = M::TransactionApi.new(client).build_swap_base_in_transaction(body).success
rescue M::ApiError => e
  report['built'] = false
  report['buildError'] = e.message
end
%w[known unknown].each do |scenario|
  compute("#{base}/#{scenario}")
  report[scenario] = { kind: 'success' }
rescue M::FailureEnvelopeError => e
  report[scenario] = { kind: 'FailureEnvelopeError', code: e.code, msg: e.msg, action: e.action, openTime: e.open_time,
                       typed: e.code == M::ErrorCode::REQ_POOL_NOT_OPEN }
end
puts JSON.generate(report)
