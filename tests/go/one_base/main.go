// One errors.As of the shared runtime's types catches a failure of either module, for
// tests/clients/test_go_client.py, which builds it with POOL, SWAP and RUNTIME (the pool-v3,
// transaction-v1 and runtime modules' paths) filled in: its arguments are a pool-v3 URL that
// answers HTML and a transaction-v1 URL that answers a failure envelope.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	apiruntime "RUNTIME"
	poolv3 "POOL"
	transactionv1 "SWAP"
)

// Each client's error types are the runtime's (type aliases): these compile only if so.
var _ *apiruntime.FailureEnvelopeError = (*poolv3.FailureEnvelopeError)(nil)
var _ *transactionv1.FailureEnvelopeError = (*poolv3.FailureEnvelopeError)(nil)
var _ *transactionv1.NotJSONError = (*poolv3.NotJSONError)(nil)
var _ poolv3.ErrorCode = transactionv1.ErrorCodeReqPoolNotOpen

func caught(err error) []interface{} {
	var api apiruntime.APIError
	var failure *apiruntime.FailureEnvelopeError
	var html *poolv3.NotJSONError // by a client's own name
	status := -1
	if errors.As(err, &api) {
		status = api.Details().Status
	}
	return []interface{}{fmt.Sprintf("%T", api), status, errors.As(err, &failure), errors.As(err, &html)}
}

func main() {
	pool, _ := poolv3.NewClient(poolv3.Options{BaseURL: os.Args[1]})
	swap, _ := transactionv1.NewClient(transactionv1.Options{BaseURL: os.Args[2]})
	_, _, poolErr := pool.ConfigurationAPI.ListDynamicFeeConfigs(context.Background()).Execute()
	_, _, swapErr := swap.ComputeAPI.ComputeSwapBaseIn(context.Background()).InputMint("a").OutputMint("b").
		Amount(1).SlippageBps(50).TxVersion(transactionv1.TxVersionV0).Execute()
	action := transactionv1.ErrorCodeReqPoolNotOpen.Action()
	out, _ := json.Marshal(map[string]interface{}{"caught": [][]interface{}{caught(poolErr), caught(swapErr)},
		"action": action})
	fmt.Println(string(out))
}
