// Unit tests of the Go clients' contract layer (scripts/templates/openapi-generator/go/
// contract.mustache), through the transaction-v1 module's public API: what NewClient makes of
// its options, and how a model writes itself for fmt. tests/clients/test_go_client.py runs this
// file with models_test.go, in a module of its own that requires the pool-v3 and
// transaction-v1 modules (TRANSACTION_MODULE below is its path).
package models_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

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

// Every depth is written: nested models and lists of them with their pointers followed, a nil
// pointer as <nil>, the keys of a map sorted; %+v names the fields, %#v writes Go syntax with
// the type's name.
func TestAModelIsWrittenWholeAtEveryDepth(t *testing.T) {
	var value transactionv1.SwapComputeResponse
	body := `{"id": "i", "success": true, "version": "V1", "zz": {"b": [1, "two"], "a": null},
	  "data": {"swapType": "BaseIn", "slippageBps": 50, "priceImpactPct": 0.5,
	           "routePlan": [{"poolId": "p1", "feeRate": 25}, {"poolId": "p2", "aa": true}]}}`
	if err := json.Unmarshal([]byte(body), &value); err != nil {
		t.Fatalf("decode: %v", err)
	}
	for verb, want := range map[string]string{
		"%v":  `{i true <nil> {BaseIn <nil> <nil> <nil> <nil> <nil> 50 0.5 [{p1 <nil> <nil> <nil> 25 <nil> map[]} {p2 <nil> <nil> <nil> <nil> <nil> map[aa:true]}] map[]} V1 map[zz:map[a:<nil> b:[1 two]]]}`,
		"%+v": `{ID:i Success:true Msg:<nil> Data:{SwapType:BaseIn InputMint:<nil> InputAmount:<nil> OutputMint:<nil> OutputAmount:<nil> OtherAmountThreshold:<nil> SlippageBps:50 PriceImpactPct:0.5 RoutePlan:[{PoolID:p1 InputMint:<nil> OutputMint:<nil> FeeMint:<nil> FeeRate:25 FeeAmount:<nil> AdditionalProperties:map[]} {PoolID:p2 InputMint:<nil> OutputMint:<nil> FeeMint:<nil> FeeRate:<nil> FeeAmount:<nil> AdditionalProperties:map[aa:true]}] AdditionalProperties:map[]} Version:V1 AdditionalProperties:map[zz:map[a:<nil> b:[1 two]]]}`,
		"%#v": `transactionv1.SwapComputeResponse{ID:"i", Success:true, Msg:<nil>, Data:transactionv1.SwapQuote{SwapType:"BaseIn", InputMint:<nil>, InputAmount:<nil>, OutputMint:<nil>, OutputAmount:<nil>, OtherAmountThreshold:<nil>, SlippageBps:50, PriceImpactPct:0.5, RoutePlan:[transactionv1.RoutePlanStep{PoolID:"p1", InputMint:<nil>, OutputMint:<nil>, FeeMint:<nil>, FeeRate:25, FeeAmount:<nil>, AdditionalProperties:map[]} transactionv1.RoutePlanStep{PoolID:"p2", InputMint:<nil>, OutputMint:<nil>, FeeMint:<nil>, FeeRate:<nil>, FeeAmount:<nil>, AdditionalProperties:map["aa":true]}], AdditionalProperties:map[]}, Version:"V1", AdditionalProperties:map["zz":map["a":<nil> "b":[1 "two"]]]}`,
	} {
		if got := fmt.Sprintf(verb, value); got != want {
			t.Errorf("%s:\n got %s\nwant %s", verb, got, want)
		}
	}
}

// A value that writes itself (time.Time, a Stringer, an error) is written its own way wherever
// it stands, and any other struct is walked with its pointers followed, never shown as an address.
func TestAValueThatWritesItselfIsAskedToAtEveryDepth(t *testing.T) {
	at := time.Date(2026, 12, 5, 0, 0, 0, 0, time.UTC)
	x := "x"
	value := transactionv1.SwapComputeResponse{AdditionalProperties: map[string]interface{}{
		"at": at, "ptr": &at, "list": []time.Time{at}, "map": map[string]time.Time{"k": at},
		"field": struct {
			At time.Time
			P  *string
		}{at, &x},
	}}
	day := "2026-12-05 00:00:00 +0000 UTC"
	want := "{<nil> false <nil> {<nil> <nil> <nil> <nil> <nil> <nil> <nil> <nil> [] map[]} <nil> map[at:" + day +
		" field:{" + day + " x} list:[" + day + "] map:map[k:" + day + "] ptr:" + day + "]}"
	if got := fmt.Sprintf("%v", value); got != want {
		t.Fatalf("\n got %s\nwant %s", got, want)
	}
}
