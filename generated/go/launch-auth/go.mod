module raydium-api-descriptions.invalid/go/launch-auth

go 1.19

require (
)
