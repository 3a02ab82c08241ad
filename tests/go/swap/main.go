// The swap's part of the client contract in Go, for tests/clients/test_swap_contract.py, which
// builds it with MODULE (the transaction-v1 module's path) and the quote's SOL, USDC, AMOUNT and
// WALLET filled in: its argument is the quote server's URL; prints the report (JSON).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	tx "MODULE"
)

func compute(base string) (*tx.SwapComputeResponse, error) {
	client, err := tx.NewClient(tx.Options{BaseURL: base})
	if err != nil {
		return nil, err
	}
	quote, _, err := client.ComputeAPI.ComputeSwapBaseIn(context.Background()).InputMint("SOL").
		OutputMint("USDC").Amount(AMOUNT).SlippageBps(50).TxVersion(tx.TxVersionV0).Execute()
	return quote, err
}

func main() {
	base := os.Args[1]
	report := map[string]interface{}{}
	quote, err := compute(base + "/quote")
	if err != nil {
		panic(err)
	}
	client, _ := tx.NewClient(tx.Options{BaseURL: base + "/quote"})
	body := tx.NewSwapBaseInTransactionRequest("WALLET", *quote, tx.TxVersionV0,
		tx.TransactionRequestComputeUnitPriceMicroLamports{Int32: new(int32)})
	body.SetWrapSol(true)
	body.SetUnwrapSol(true)
	built, _, err := client.TransactionAPI.BuildSwapBaseInTransaction(context.Background()).
		SwapBaseInTransactionRequest(*body).Execute()
	report["built"] = err == nil && built.Success
	if err != nil {
		report["buildError"] = err.Error()
	}
	for _, scenario := range []string{"known", "unknown"} {
		_, err := compute(base + "/" + scenario)
		var failure *tx.FailureEnvelopeError
		if !errors.As(err, &failure) {
			report[scenario] = map[string]interface{}{"kind": fmt.Sprintf("%T", err)}
			continue
		}
		report[scenario] = map[string]interface{}{"kind": "FailureEnvelopeError", "code": string(failure.Code),
			"msg": failure.Msg, "action": failure.Code.Action(), "openTime": failure.OpenTime,
			"typed": failure.Code == tx.ErrorCodeReqPoolNotOpen}
	}
	out, _ := json.Marshal(report)
	fmt.Println(string(out))
}
