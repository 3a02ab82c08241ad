module RaydiumApiRuntime
  # This runtime's version; every client gem pins it exactly.
  VERSION = '2.4.0'.freeze
end
