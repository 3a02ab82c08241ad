module raydium-api-descriptions.invalid/go/transaction-v1/v2

go 1.19

require (
)
