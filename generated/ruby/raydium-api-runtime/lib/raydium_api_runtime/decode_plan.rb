module RaydiumApiRuntime
  # How a model class of a client gem decodes a Hash (the gem's ApiModelBase.build_from_hash),
  # worked out once per class: per JSON key (as the parser gives it: a Symbol, or a String), the
  # attribute's writer and a lambda that checks the value as the gem's `_deserialize` does; and
  # each key `new` sets when it is absent (a default, or nil for a required attribute, which its
  # writer refuses; the class's `absent_attributes`). A model is `allocate`d and its writers
  # called, so every rule they check (enums, patterns, lengths, required) is checked, with the
  # same messages, without upstream's per-call copies of the key maps, type names matched per
  # value and intermediate Hashes (docs/decisions.md, 84).
  class DecodePlan
    # klass: the model class; base: the gem's ApiModelBase (its `_deserialize` and `_wrong_type`);
    # namespace: the gem's module, where its model classes are; keep_raw_json: whether a model of
    # this class keeps the Hash it was built from (a quote, sent back unchanged).
    def initialize(klass, base, namespace, keep_raw_json)
      @klass = klass
      @keep_raw_json = keep_raw_json
      types = klass.acceptable_openapi_types
      absent = klass.absent_attributes
      @fields = {}
      @absent = []
      klass.acceptable_attribute_map.each do |attribute, key|
        field = [:"#{attribute}=", DecodePlan.converter(types[attribute].to_s, base, namespace)].freeze
        @fields[key.to_sym] = field
        @fields[key.to_s] = field
        @absent << [key.to_sym, key.to_s, field[0], absent[attribute]].freeze if absent.key?(attribute)
      end
    end

    # A new model from attributes (a Hash): the keys the class does not list kept as its
    # additional properties (String keys), the Hash itself kept where the class sends it back.
    def build(attributes)
      model = @klass.allocate
      extra = {}
      attributes.each do |key, value|
        writer, convert = @fields[key]
        if writer.nil?
          extra[key.to_s] = value
          next
        end
        model.public_send(writer, value.nil? ? nil : convert.call(value))
      end
      @absent.each do |symbol, string, writer, default| # what `new` sets where a key is absent
        model.public_send(writer, default.call) unless attributes.key?(symbol) || attributes.key?(string)
      end
      model.instance_variable_set(:@additional_properties, extra)
      model.instance_variable_set(:@raw_json_hash, attributes) if @keep_raw_json
      model
    end

    # A value's check and conversion as base._deserialize does it, for the type named `type`, as
    # a lambda given a value that is not nil: the scalars and lists of scalars checked in place, a
    # model's Hash built by its class, anything else by base._deserialize.
    def self.converter(type, base, namespace)
      case type
      when 'String' then ->(v) { v.is_a?(String) ? v : base._wrong_type('a string', v) }
      when 'Integer' then ->(v) { v.is_a?(Integer) ? v : base._wrong_type('an integer', v) }
      when 'Float' then ->(v) { v.is_a?(Numeric) ? v : base._wrong_type('a number', v) }
      when 'Boolean' then ->(v) { v == true || v == false ? v : base._wrong_type('a boolean', v) }
      when 'Object' then ->(v) { v }
      when /\AArray<(?<inner_type>.+)>\z/
        inner = converter(Regexp.last_match[:inner_type], base, namespace)
        ->(v) { v.is_a?(Array) ? v.map { |item| item.nil? ? nil : inner.call(item) } : base._wrong_type('an array', v) }
      else
        klass = type.match?(/\A[A-Z]\w*\z/) && namespace.const_defined?(type) ? namespace.const_get(type) : nil
        if klass.is_a?(Class) && klass < base && klass.respond_to?(:absent_attributes)
          ->(v) { v.is_a?(Hash) ? klass.build_from_hash(v) : base._wrong_type("an object (#{type})", v) }
        else
          ->(v) { base._deserialize(type, v) }
        end
      end
    end
  end
end
