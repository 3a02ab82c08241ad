module raydium-api-descriptions.invalid/go/apiruntime

go 1.19
