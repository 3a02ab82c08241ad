module raydium-api-descriptions/go/launch-auth

go 1.23

require (
)
