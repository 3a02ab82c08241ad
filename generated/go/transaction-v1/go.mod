module raydium-api-descriptions/go/transaction-v1

go 1.23

require (
)
