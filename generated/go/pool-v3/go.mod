module raydium-api-descriptions/go/pool-v3

go 1.23

require (
)
