module RaydiumApiRuntime
  # This runtime's version; every client gem pins it exactly.
  VERSION = '2.3.1'.freeze
end
