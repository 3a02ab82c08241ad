module RaydiumApiRuntime
  # The fiber-local flag `from_own_parse` sets.
  OWN_PARSE = :raydium_api_runtime_own_parse

  # Runs the block, a decode of the client's own parse (String keys), with what the models hand
  # on as it came given Symbol keys at every depth, as the parse with `symbolize_names` before
  # 2.2.0 gave them (docs/decisions/, 107). A Hash a user builds a model from is handed on as
  # the user built it, as before.
  def self.from_own_parse
    before = Thread.current[OWN_PARSE]
    Thread.current[OWN_PARSE] = true
    yield
  ensure
    Thread.current[OWN_PARSE] = before
  end

  # A value a model hands on as it came (an Object-typed value, an additional property's value).
  def self.handed_on(value)
    Thread.current[OWN_PARSE] ? symbol_keys(value) : value
  end

  # The JSON a model sends back (a quote), from the Hash it was built from; a user's Hash with
  # its own keys as Symbols, as the model read it before 2.2.0.
  def self.sent_back(attributes)
    return symbol_keys(attributes) if Thread.current[OWN_PARSE]

    attributes.transform_keys { |key| symbol_key(key) }
  end

  # A Hash key as a Symbol where it is a String; any other key as it is.
  def self.symbol_key(key)
    key.is_a?(String) ? key.to_sym : key
  end

  # `value` with the keys of its Hashes, at every depth, as Symbols (what JSON.parse with
  # `symbolize_names` gives). A scalar, and a list with no Hash or Array in it, is itself (of
  # the parsed values, only Hashes and Arrays are Enumerable).
  def self.symbol_keys(value)
    case value
    when Hash then value.to_h { |key, item| [symbol_key(key), symbol_keys(item)] }
    when Array then value.any?(Enumerable) ? value.map { |item| symbol_keys(item) } : value
    else value
    end
  end

  # How a model class of a client gem decodes a Hash (the gem's ApiModelBase.build_from_hash),
  # worked out once per class: per JSON key (a String, as the client parses the body), the
  # attribute's writer and the check `_deserialize` makes of the value; and each key `new` sets
  # when it is absent (a default, or nil for a required attribute, which its writer refuses; the
  # class's `absent_attributes`). A model is `allocate`d and its writers called, so every rule
  # they check (enums, patterns, lengths, required) is checked, with the same messages, without
  # upstream's per-call copies of the key maps, type names matched per value and intermediate
  # Hashes (docs/decisions/, 84).
  #
  # The plan is compiled into one lambda per class, which `build` calls (docs/decisions/, 87):
  # each key the class lists read in turn, its writer called by name and its value checked in
  # line, where a loop over the Hash with a table lookup, `public_send` and a lambda per value
  # cost twice as much; the listed keys a Hash does not have are counted, and only a Hash with
  # keys besides the listed ones it has is walked for those (`rest`).
  # The keys are read as Strings, as JSON.parse gives them: with `symbolize_names` the parse
  # of the 1000-pool page took 1.1x to 1.25x as long, and a String key read costs less than
  # that (docs/decisions/, 107). What is handed on as it came (an Object-typed value, the
  # values of additional properties, the JSON a model sends back) has the keys it had before
  # (`handed_on`, `sent_back`).
  # The source is built from the class's attribute names (a writer whose name is not an
  # identifier is called with `public_send`), its JSON keys and type names (written with
  # `inspect`), and the model classes it holds (by index).
  class DecodePlan
    IDENTIFIER = /\A[a-z_][a-zA-Z0-9_]*\z/.freeze
    # Each scalar type's check, as Ruby source over a value (%<v>s) that is not nil, and what
    # the message says was expected.
    SCALARS = {
      'String' => ['%<v>s.is_a?(String)', 'a string'],
      'Integer' => ['%<v>s.is_a?(Integer)', 'an integer'],
      'Float' => ['%<v>s.is_a?(Numeric)', 'a number'],
      'Boolean' => ['%<v>s == true || %<v>s == false', 'a boolean']
    }.freeze

    # klass: the model class; base: the gem's ApiModelBase (its `_deserialize` and `_wrong_type`);
    # namespace: the gem's module, where its model classes are; keep_raw_json: whether a model of
    # this class keeps the Hash it was built from (a quote, sent back unchanged).
    def initialize(klass, base, namespace, keep_raw_json)
      @klass = klass
      @base = base
      @namespace = namespace
      @keep_raw_json = keep_raw_json
      @classes = [] # the model classes the values are built as, by index in the source
      @builders = [] # their plans' compiled builds, by the same index, taken on first use
      absent = klass.absent_attributes
      types = klass.acceptable_openapi_types
      @known = {} # the JSON keys the class lists, as frozen Strings
      @defaults = [] # what `new` sets where a key is absent, by index in the source
      columns = []
      defaults = []
      klass.acceptable_attribute_map.each do |attribute, key|
        key = key.to_s.freeze
        @known[key] = true
        columns << column(attribute, key, check(types[attribute].to_s, 'value', 1))
        next unless absent.key?(attribute)

        @defaults << absent[attribute]
        defaults << "#{assign(attribute, "@defaults[#{@defaults.size - 1}].call")} unless attributes.key?(#{key.inspect})"
      end
      @build = compile(columns, defaults)
    end

    # A new model from attributes (a Hash): each key the class lists read in turn; the keys it
    # does not list kept as its additional properties (String keys); what `new` sets where a key
    # is absent; the Hash itself kept where the class sends it back.
    def build(attributes)
      @build.call(attributes)
    end

    # The compiled build, a lambda of one Hash: what the plan of a class holding this one calls
    # (one call where `build_from_hash` and `build` were three).
    def to_proc
      @build
    end

    private

    # The keys of attributes the class does not list, as Strings, with their values handed on
    # (its additional properties); or, for a Hash with Symbol keys where the class's keys
    # are (a Hash a user built, or parsed with `symbolize_names`), the Hash with String keys, to
    # read again. `seen` is how many of the class's keys it has.
    # The unlisted keys of the last Hash that was walked are kept (@unlisted, each with its
    # String): a Hash with `seen` listed keys and every one of those, and no other key, is read by
    # them, without a walk and new Strings (the items of a list come with the same keys;
    # docs/decisions/, 107).
    def rest(attributes, seen)
      unlisted = @unlisted
      if unlisted && seen + unlisted.size == attributes.size
        extra = {}
        unlisted.each do |key, name|
          break unless attributes.key?(key)

          extra[name] = RaydiumApiRuntime.handed_on(attributes[key])
        end
        return [nil, extra] if extra.size == unlisted.size
      end
      extra = {}
      keys = []
      attributes.each do |key, value|
        next if @known.key?(key)
        return [attributes.transform_keys { |k| k.is_a?(Symbol) ? k.name : k }, nil] if key.is_a?(Symbol) && @known.key?(key.name)

        name = key.to_s.freeze
        extra[name] = RaydiumApiRuntime.handed_on(value)
        keys << [key, name]
      end
      @unlisted = keys.freeze
      [nil, extra]
    end

    # Ruby source that calls the attribute's writer on `model` with `value` (source).
    def assign(attribute, value)
      name = attribute.to_s
      name.match?(IDENTIFIER) ? "model.#{name} = #{value}" : "model.public_send(#{:"#{name}=".inspect}, #{value})"
    end

    # Ruby source for a value of the type named `type` (held in the variable `var`, not nil) as
    # base._deserialize checks and converts it: the scalars and lists checked in line, a model's
    # Hash built by its class, anything else by base._deserialize. `depth` names the variables
    # of nested lists.
    def check(type, var, depth)
      return "RaydiumApiRuntime.handed_on(#{var})" if type == 'Object'

      test, expected = SCALARS[type]
      return "(#{format(test, v: var)} ? #{var} : @base._wrong_type(#{expected.inspect}, #{var}))" if test

      inner = type[/\AArray<(.+)>\z/, 1]
      if inner
        item = "item#{depth}"
        return "(#{var}.is_a?(Array) ? #{var}.map { |#{item}| #{item}.nil? ? nil : #{check(inner, item, depth + 1)} } " \
               ": @base._wrong_type('an array', #{var}))"
      end
      model = model_class(type)
      return "@base._deserialize(#{type.inspect}, #{var})" unless model

      @classes << model
      index = @classes.size - 1
      # the class's compiled build, taken on first use (a class may hold itself); a gem made
      # before ApiModelBase had `decode_plan` builds through build_from_hash
      build = if model.respond_to?(:decode_plan)
                "(@builders[#{index}] ||= @classes[#{index}].decode_plan.to_proc).call(#{var})"
              else
                "@classes[#{index}].build_from_hash(#{var})"
              end
      "(#{var}.is_a?(Hash) ? #{build} : @base._wrong_type(#{"an object (#{type})".inspect}, #{var}))"
    end

    # The gem's model class named `type` (one with a plan), or nil.
    def model_class(type)
      return nil unless type.match?(/\A[A-Z]\w*\z/) && @namespace.const_defined?(type)

      klass = @namespace.const_get(type)
      klass.is_a?(Class) && klass < @base && klass.respond_to?(:absent_attributes) ? klass : nil
    end

    # Ruby source that reads one key (a String) and calls its attribute's writer with the value
    # checked (`converted`, source over `value`), or with nil for a null; `absent` counts the
    # keys the Hash does not have (fewer than those it has, so fewer additions).
    def column(attribute, key, converted)
      <<~RUBY
        value = attributes[#{key.inspect}]
        if !value.nil?
          #{assign(attribute, converted)}
        elsif attributes.key?(#{key.inspect})
          #{assign(attribute, 'nil')}
        else
          absent += 1
        end
      RUBY
    end

    # The compiled `build`: a lambda run with the plan as self (its ivars in reach).
    def compile(columns, defaults)
      source = <<~RUBY
        # frozen_string_literal: true
        lambda do |attributes|
          model = @klass.allocate
          absent = 0
          #{columns.join}
          if attributes.size != #{columns.size} - absent
            again, extra = rest(attributes, #{columns.size} - absent)
            next build(again) if again

            model.instance_variable_set(:@additional_properties, extra)
          end
          #{defaults.join("\n")}
          #{'model.instance_variable_set(:@raw_json_hash, RaydiumApiRuntime.sent_back(attributes))' if @keep_raw_json}
          model
        end
      RUBY
      instance_eval(source, __FILE__, __LINE__)
    end
  end
end
