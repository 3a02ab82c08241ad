module RaydiumApiRuntime
  # This runtime's version; every client gem pins it exactly.
  VERSION = '2.2.0'.freeze
end
