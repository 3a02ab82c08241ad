module raydium-api-descriptions.invalid/go/launch-auth

go 1.23

require (
)
