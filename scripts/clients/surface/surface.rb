# Prints the public names of a generated gem, one per line: its modules and classes, their
# constants, their public class methods (Class.method) and public instance methods
# (Class#method, the ones each class defines itself). Run by scripts/clients/client_surface.py as
# `ruby -I RUNTIME_LIB -I LIB surface.rb GEM_NAME ROOT_MODULE`.
#
# A class or module of the shared runtime (RaydiumApiRuntime) that the gem names as its own
# (`ApiError = RaydiumApiRuntime::ApiError`) is listed under the gem's name, with its members,
# and so are the runtime's methods a module of the gem extends itself with: callers use them by
# the gem's names.
require ARGV[0]

RUNTIME = 'RaydiumApiRuntime'

def runtime?(mod)
  mod.name == RUNTIME || mod.name&.start_with?("#{RUNTIME}::")
end

names = []
walk = lambda do |mod, path, seen|
  next if seen.include?(path)

  seen << path
  names << path
  extended = mod.singleton_class.included_modules.select { |m| runtime?(m) }
  methods = mod.singleton_class.public_instance_methods(false) + extended.flat_map { |m| m.public_instance_methods(false) }
  methods.each { |m| names << "#{path}.#{m}" }
  if mod.is_a?(Class) || runtime?(mod) # a runtime module's methods are what a gem's module extends itself with
    mod.public_instance_methods(false).each { |m| names << "#{path}##{m}" }
  end
  mod.constants(false).sort.each do |c|
    value = mod.const_get(c, false)
    if value.is_a?(Module) && (value.name&.start_with?("#{mod.name}::") || runtime?(value))
      walk.call(value, "#{path}::#{c}", seen)
    else
      names << "#{path}::#{c}"
    end
  end
end
walk.call(Object.const_get(ARGV[1]), ARGV[1], [])
puts names.uniq.sort
