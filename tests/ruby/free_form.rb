# A free-form (Object-typed) value as the perps-v1 gem's call decodes it, for
# tests/clients/test_ruby_client.py (test_a_free_form_value_has_symbol_keys): stdin is the body a
# Typhoeus stub answers; prints the value's inspect.
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/perps-v1/lib', __dir__))
require 'raydium_perps_v1_client'
require 'json'
m = RaydiumPerpsV1Client
body = $stdin.read
Typhoeus.stub(/127.0.0.1:9/).and_return(Typhoeus::Response.new(code: 200, return_code: :ok, body: body,
                                                               headers: { 'Content-Type' => 'application/json' }))
api = m::MainApi.new(m::ApiClient.new(m::Contract.configuration('http://127.0.0.1:9')))
puts api.check_availability.data.inspect
