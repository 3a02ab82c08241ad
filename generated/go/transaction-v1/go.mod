module raydium-api-descriptions.invalid/go/transaction-v1/v4

// 1.19, Debian's: a newer directive makes Go 1.21+ toolchains fetch another (decision 52).
go 1.19

// the shared runtime: this version or a newer one of the same major version (Go takes the
// highest version any module requires)
require raydium-api-descriptions.invalid/go/apiruntime/v2 v2.2.0

// From a clone of raydium-api-descriptions the shared runtime is the folder beside this one.
// Go ignores a replace in a module that is a dependency: from a release, the runtime comes
// from the same module proxy tree as this module.
replace raydium-api-descriptions.invalid/go/apiruntime/v2 => ../raydium-api-runtime
