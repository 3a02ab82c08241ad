# Prints the public names of a generated gem, one per line: its modules and classes, their
# constants, their public class methods (Class.method) and public instance methods
# (Class#method, the ones each class defines itself). Run by scripts/client_surface.py as
# `ruby -I LIB surface.rb GEM_NAME ROOT_MODULE`.
require ARGV[0]

names = []
walk = lambda do |mod, seen|
  next if seen.include?(mod)

  seen << mod
  names << mod.name
  mod.singleton_class.public_instance_methods(false).each { |m| names << "#{mod.name}.#{m}" }
  if mod.is_a?(Class)
    mod.public_instance_methods(false).each { |m| names << "#{mod.name}##{m}" }
  end
  mod.constants(false).sort.each do |c|
    value = mod.const_get(c, false)
    if value.is_a?(Module) && value.name&.start_with?("#{mod.name}::")
      walk.call(value, seen)
    else
      names << "#{mod.name}::#{c}"
    end
  end
end
walk.call(Object.const_get(ARGV[1]), [])
puts names.uniq.sort
