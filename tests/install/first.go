// A user's first program, after the Go install commands of docs/clients/install.md
// (tests/clients/test_install_from_release.py builds it): POOL, TRANSACTION and RUNTIME are
// replaced by the module paths; os.Args is the pool-v3 mock's URL, then a pool-v3 and a
// transaction-v1 URL that answer a failure envelope.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	apiruntime "RUNTIME"
	poolv3 "POOL"
	transactionv1 "TRANSACTION"
)

func tiers(url string) (int, error) {
	client, err := poolv3.NewClient(poolv3.Options{BaseURL: url})
	if err != nil {
		return 0, err
	}
	result, _, err := client.ConfigurationAPI.ListDynamicFeeConfigs(context.Background()).Execute()
	if err != nil {
		return 0, err
	}
	return len(result.Data), nil
}

func main() {
	count, err := tiers(os.Args[1])
	if err != nil {
		panic(err)
	}
	fmt.Printf("first call: %d\n", count)
	_, err = tiers(os.Args[2])
	var failure *poolv3.FailureEnvelopeError
	if errors.As(err, &failure) {
		fmt.Printf("caught: FailureEnvelopeError %d %d\n", failure.Status, *failure.ErrorCode)
	}
	// one type for both hosts: the shared runtime go get brought with the modules
	swap, _ := transactionv1.NewClient(transactionv1.Options{BaseURL: os.Args[3]})
	_, _, swapErr := swap.ComputeAPI.ComputeSwapBaseIn(context.Background()).InputMint("a").OutputMint("b").
		Amount(1).SlippageBps(50).TxVersion(transactionv1.TxVersionV0).Execute()
	for _, caught := range []struct{ host string; err error }{{"pool", err}, {"swap", swapErr}} {
		var api apiruntime.APIError
		if errors.As(caught.err, &api) {
			fmt.Printf("one base: %s %T %d\n", caught.host, api, api.Details().Status)
		}
	}
	fmt.Printf("runtime: %s\n", apiruntime.Version)
}
