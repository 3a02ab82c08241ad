# Contract.configuration without a URL, for tests/clients/test_ruby_client.py
# (test_the_default_base_url_is_the_cited_host): ARGV is the hosts; prints per host, in order,
# the base URL its gem defaults to, or `refused`.
ARGV.each do |host|
  $LOAD_PATH.unshift(File.expand_path("../../generated/ruby/#{host}/lib", __dir__))
  require "raydium_#{host.tr('-', '_')}_client"
  client = Object.const_get("Raydium#{host.split('-').map(&:capitalize).join}Client")
  begin; puts client::Contract.configuration.base_url; rescue ArgumentError; puts 'refused'; end
end
