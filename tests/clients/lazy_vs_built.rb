# frozen_string_literal: true

# The Ruby client's decode (DecodePlan#lazy: every value checked, each model built as it is read)
# against the build it replaced (DecodePlan#build: each model built at once), on pages changed at
# random: a value replaced by one of another JSON type, an enum's outside value, a null, or a key
# removed. Both must end alike: the same error class and message, or the same model (to_hash, and
# each pool's additional properties). Run by tests/clients/test_ruby_client.py.
#
# Usage: ruby -I RUNTIME_LIB lazy_vs_built.rb LIB GEM CLASS SEED COUNT < BODY.json
#   (CLASS: the model's full name, RaydiumPoolV3Client::PoolPageResponse)
#   prints {"compared": N, "refused": N, "differences": N, "first": [...]}
require 'json'
$LOAD_PATH.unshift(ARGV[0])
require ARGV[1]

PAGE = Object.const_get(ARGV[2])
BASE = Object.const_get(ARGV[2].split('::').first)::ApiModelBase
BODY = $stdin.read
VALUES = [nil, 'x', 'Bogus', 5, -1, 2.5, true, [], [1], ['a', nil], {}, { 'k' => 1 }, 'Concentrated', ''].freeze

# Every path (keys and indexes) in a parsed value.
def paths(value, path = [], out = [])
  out << path
  case value
  when Hash then value.each { |key, item| paths(item, path + [key], out) }
  when Array then value.each_with_index { |item, index| paths(item, path + [index], out) }
  end
  out
end

# The value at `path`'s parent where the path still fits the changed page, else nil.
def parent_of(doc, path)
  path[0..-2].reduce(doc) do |node, step|
    fits = (node.is_a?(Hash) && step.is_a?(String)) || (node.is_a?(Array) && step.is_a?(Integer))
    fits ? node[step] : nil
  end
end

# The additional properties of a model and of every model it holds, depth first.
def extras(model, out = [])
  out << model.additional_properties.to_s
  model.class.acceptable_attribute_map.each_key do |name|
    [model.public_send(name)].flatten.each { |value| extras(value, out) if value.is_a?(BASE) }
  end
  out
end

def outcome
  model = yield
  [:ok, model.to_hash.to_s, extras(model)]
rescue StandardError => e
  [e.class.name, e.message]
end

rng = Random.new(Integer(ARGV[3]))
all = paths(JSON.parse(BODY)).reject(&:empty?)
compared = refused = differences = 0
first = nil
Integer(ARGV[4]).times do
  doc = JSON.parse(BODY)
  rng.rand(1..2).times do
    path = all.sample(random: rng)
    parent = parent_of(doc, path)
    next unless (parent.is_a?(Hash) && path[-1].is_a?(String)) || (parent.is_a?(Array) && path[-1].is_a?(Integer))

    parent.is_a?(Hash) && rng.rand < 0.2 ? parent.delete(path[-1]) : parent[path[-1]] = VALUES.sample(random: rng)
  end
  built = outcome { RaydiumApiRuntime.from_own_parse { PAGE.decode_plan.build(doc) } }
  lazy = outcome { RaydiumApiRuntime.from_own_parse { PAGE.build_from_hash(doc) } }
  compared += 1
  refused += 1 unless built[0] == :ok
  next if built == lazy

  differences += 1
  first ||= [built, lazy].map { |side| side.map { |part| part.to_s[0, 300] } }
end
puts JSON.generate(compared: compared, refused: refused, differences: differences, first: first)
