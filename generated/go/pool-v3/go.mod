module raydium-api-descriptions.invalid/go/pool-v3/v3

go 1.19

require (
)
