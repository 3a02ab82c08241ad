# The shared runtime of the Raydium API clients (raydium-api-descriptions, unofficial): one
# error hierarchy for every host, and the client contract's transport (timeouts, the call's
# deadline, retries of the failures that pass, the envelope's decoding) and page walks, written
# once for every host's gem.
require 'raydium_api_runtime/version'
require 'raydium_api_runtime/errors'
require 'raydium_api_runtime/contract'
require 'raydium_api_runtime/decode_plan'
require 'raydium_api_runtime/paging'
