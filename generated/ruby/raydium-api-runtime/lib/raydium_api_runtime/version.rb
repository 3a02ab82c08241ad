module RaydiumApiRuntime
  # This runtime's version; every client gem pins it exactly.
  VERSION = '3.0.0'.freeze
end
