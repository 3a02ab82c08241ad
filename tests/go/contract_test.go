// Unit tests of the Go clients' contract layer (scripts/templates/openapi-generator/go/
// contract.mustache), through the transaction-v1 module's public API: what NewClient makes of
// its options, and how a model writes itself for fmt. tests/clients/test_go_client.py runs this
// file with models_test.go, in a module of its own that requires the pool-v3 and
// transaction-v1 modules (TRANSACTION_MODULE below is its path).
package models_test

import (
	"fmt"
	"strings"
	"testing"

	transactionv1 "TRANSACTION_MODULE"
)

func TestAClientWithoutABaseURLCallsTheCitedHost(t *testing.T) {
	client, err := transactionv1.NewClient(transactionv1.Options{})
	if err != nil {
		t.Fatalf("NewClient: %v", err)
	}
	url, err := client.GetConfig().ServerURL(0, nil)
	if err != nil || url != transactionv1.DefaultBaseURL {
		t.Fatalf("base URL %q (%v), want %q", url, err, transactionv1.DefaultBaseURL)
	}
	client, _ = transactionv1.NewClient(transactionv1.Options{BaseURL: "http://127.0.0.1:9/"})
	if url, _ = client.GetConfig().ServerURL(0, nil); url != "http://127.0.0.1:9" {
		t.Fatalf("a trailing slash kept: %q", url)
	}
}

// A model writes itself as fmt writes a struct, pointers followed, given as a value or a
// pointer; %s is %v; any other verb is fmt's notice of a bad verb, naming the type.
func TestAModelFormatsItselfForVAndSOnly(t *testing.T) {
	id, version := "id-1", "V1"
	value := transactionv1.SwapComputeResponse{ID: &id, Success: true, Version: &version}
	for _, model := range []interface{}{value, &value} {
		shown := fmt.Sprintf("%v", model)
		if !strings.Contains(shown, "id-1") || !strings.Contains(shown, "V1") || strings.Contains(shown, "0x") {
			t.Fatalf("%%v: %s", shown)
		}
		if got := fmt.Sprintf("%s", model); got != shown {
			t.Fatalf("%%s gave %s, %%v %s", got, shown)
		}
		if got := fmt.Sprintf("%+v", model); !strings.Contains(got, "ID:id-1") {
			t.Fatalf("%%+v: %s", got)
		}
	}
	if got := fmt.Sprintf("%d", value); got != "%!d(transactionv1.SwapComputeResponse)" {
		t.Fatalf("%%d: %s", got)
	}
	if got := fmt.Sprintf("%x", &value); got != "%!x(transactionv1.SwapComputeResponse)" {
		t.Fatalf("%%x: %s", got)
	}
}
