module raydium-api-descriptions.invalid/go/apiruntime/v2

go 1.19
