module raydium-api-descriptions/go/perps-v1

go 1.23

require (
)
