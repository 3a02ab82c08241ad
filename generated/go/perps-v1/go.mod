module raydium-api-descriptions.invalid/go/perps-v1

go 1.19

require (
)
