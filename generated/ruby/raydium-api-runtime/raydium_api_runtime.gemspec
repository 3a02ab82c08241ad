# The shared runtime of every host's Ruby client (scripts/runtime/ruby, copied into
# generated/ruby/raydium-api-runtime by scripts/clients/runtimes.py). Its version moves whenever its
# code does (make release refuses to reuse one); the clients pin it exactly.
require_relative 'lib/raydium_api_runtime/version'

Gem::Specification.new do |s|
  s.name = 'raydium_api_runtime'
  s.version = RaydiumApiRuntime::VERSION
  s.platform = Gem::Platform::RUBY
  s.authors = ['raydium-api-descriptions']
  s.summary = 'The shared runtime of the Raydium API clients: one error hierarchy for every host, ' \
              'timeouts, deadline, retries and page walks (unofficial)'
  s.description = 'Every host client of raydium-api-descriptions (raydium_pool_v3_client, ' \
                  'raydium_transaction_v1_client, ...) depends on this gem at one exact version: ' \
                  'its ApiError is the base of every client error.'
  s.license = 'MIT'
  s.required_ruby_version = '>= 3.1'
  s.files = Dir['lib/**/*.rb'] + %w[README.md LICENSE]
  s.require_paths = ['lib']
end
