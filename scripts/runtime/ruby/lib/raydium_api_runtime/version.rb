module RaydiumApiRuntime
  # This runtime's version; every client gem pins it exactly.
  VERSION = '1.1.1'.freeze
end
