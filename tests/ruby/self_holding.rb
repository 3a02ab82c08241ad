# A model that holds itself, built at every depth, for tests/clients/test_ruby_client.py
# (test_a_model_that_holds_itself_is_built_at_every_depth): prints what it built (JSON).
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/pool-v3/lib', __dir__))
require 'raydium_pool_v3_client'
require 'json'
module RaydiumPoolV3Client
  # a model that holds itself, as a generated one would be: a name and a list of its own kind
  class TestNode < ApiModelBase
    attr_accessor :name, :children
    def self.attribute_map = { name: :name, children: :children }
    def self.acceptable_attribute_map = attribute_map
    def self.openapi_types = { name: :String, children: :'Array<TestNode>' }
    def self.acceptable_openapi_types = openapi_types
    def self.absent_attributes = {}
  end
end
node = RaydiumPoolV3Client::TestNode
tree = JSON.parse('{"name": "a", "children": [{"name": "b", "children": [{"name": "c", "zz": 1}]}]}',
                  symbolize_names: true)
built = node.build_from_hash(tree)
out = { names: [built.name, built.children[0].name, built.children[0].children[0].name],
        kinds: [built.children[0].class.name, built.children[0].children[0].class.name],
        extra: built.children[0].children[0].additional_properties }
begin
  node.build_from_hash({ name: 'a', children: [{ name: 'b', children: [{ name: 5 }] }] })
rescue TypeError => e
  out[:wrong] = e.message
end
puts JSON.generate(out)
