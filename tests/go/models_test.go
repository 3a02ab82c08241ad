// Unit tests of the Go clients' generated models (scripts/templates/openapi-generator/go/
// model_simple.mustache), through their public API only: json.Unmarshal into a model, as users
// and the generated operations decode. A model's UnmarshalJSON decodes the whole value in one
// encoding/json pass into its wire type, then scans the JSON once for what a struct cannot
// hold; these tests pin what that scan must give at every depth: the keys the schema does not
// name, the required keys, the quote's own bytes. tests/clients/test_go_client.py runs this
// file in a module of its own that requires the pool-v3 and transaction-v1 modules
// (POOL_MODULE and TRANSACTION_MODULE below are their paths).
package models_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	poolv3 "POOL_MODULE"
	transactionv1 "TRANSACTION_MODULE"
)

const page = `{"id": "5b0e1c7a-2f4d-4e8b-9a61-3c7d2e8f4a10", "success": true, "zzEnvelope": 1,
 "data": {"count": 2, "hasNextPage": false, "zzPage": [1, 2],
  "data": [
   {"id": "pool-1", "type": "Concentrated", "zzItem": {"nested": true},
    "mintA": {"address": "So11", "decimals": 9, "zzToken": "a",
              "extensions": {"coingeckoId": "solana", "zzExtensions": null}},
    "mintB": null,
    "day": {"volume": 1.5, "zzStats": "d"},
    "config": {"id": "cfg", "tickSpacing": 60, "zz\u0041": "escaped"}},
   {"id": "pool-2"}
  ]}}`

func decodePage(t *testing.T, text string) poolv3.PoolPageResponse {
	t.Helper()
	var value poolv3.PoolPageResponse
	if err := json.Unmarshal([]byte(text), &value); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return value
}

// only says that extra holds exactly one key, key, with the value want (as JSON).
func only(t *testing.T, where string, extra map[string]interface{}, key string, want string) {
	t.Helper()
	got, err := json.Marshal(extra[key])
	if err != nil || len(extra) != 1 || string(got) != want {
		t.Errorf("%s: AdditionalProperties = %v, want only %s: %s", where, extra, key, want)
	}
}

func TestTheKeysNoSchemaNamesAreKeptAtEveryDepth(t *testing.T) {
	value := decodePage(t, page)
	only(t, "envelope", value.AdditionalProperties, "zzEnvelope", `1`)
	only(t, "page", value.Data.AdditionalProperties, "zzPage", `[1,2]`)
	item := value.Data.Data[0]
	only(t, "item", item.AdditionalProperties, "zzItem", `{"nested":true}`)
	only(t, "token", item.MintA.AdditionalProperties, "zzToken", `"a"`)
	only(t, "token extensions", item.MintA.Extensions.AdditionalProperties, "zzExtensions", `null`)
	only(t, "period stats", item.Day.AdditionalProperties, "zzStats", `"d"`)
	only(t, "config (an escaped key)", item.Config.AdditionalProperties, "zzA", `"escaped"`)
	if extra := value.Data.Data[1].AdditionalProperties; extra == nil || len(extra) != 0 {
		t.Errorf("an item with no unknown key: AdditionalProperties = %#v, want an empty map", extra)
	}
}

func TestTheNamedFieldsAreDecodedAtEveryDepth(t *testing.T) {
	value := decodePage(t, page)
	item := value.Data.Data[0]
	switch {
	case !value.Success || value.Data.GetCount() != 2 || len(value.Data.Data) != 2:
		t.Errorf("envelope or page: %+v", value)
	case item.GetID() != "pool-1" || item.MintA.GetAddress() != "So11" || item.MintA.GetDecimals() != 9:
		t.Errorf("item or token: %+v %+v", item, item.MintA)
	case item.MintA.Extensions.GetCoingeckoID() != "solana" || item.Day.GetVolume() != 1.5:
		t.Errorf("extensions or stats: %+v %+v", item.MintA.Extensions, item.Day)
	case item.Config.GetTickSpacing() != 60 || item.MintB != nil || item.Week != nil:
		t.Errorf("config, a null model, an absent model: %+v %v %v", item.Config, item.MintB, item.Week)
	case value.Data.Data[1].GetID() != "pool-2" || value.Data.Data[1].MintA != nil:
		t.Errorf("second item: %+v", value.Data.Data[1])
	}
}

func TestAMissingRequiredKeyFailsAtAnyDepth(t *testing.T) {
	var value poolv3.PoolPageResponse
	err := json.Unmarshal([]byte(`{"data": {"data": []}}`), &value)
	if err == nil || err.Error() != "no value given for required property success" {
		t.Errorf("envelope without success: %v", err)
	}
	request := `{"wallet": "W", "txVersion": "V0", "computeUnitPriceMicroLamports": "15000",
	  "swapResponse": {"success": true}}`
	var swap transactionv1.SwapBaseInTransactionRequest
	err = json.Unmarshal([]byte(request), &swap)
	if err == nil || err.Error() != "no value given for required property data" {
		t.Errorf("a nested quote without data: %v", err)
	}
}

func TestAValueOfTheWrongTypeFails(t *testing.T) {
	var value poolv3.PoolPageResponse
	text := strings.Replace(page, `"mintB": null`, `"mintB": 5`, 1)
	if err := json.Unmarshal([]byte(text), &value); err == nil {
		t.Errorf("a number where a token is: no error")
	}
}

// A quote, at the top and nested in a transaction request, marshals to the bytes it was
// decoded from: its key order, number spelling and unknown keys (json.Marshal drops the spaces
// between tokens, as it does of every MarshalJSON's output).
func TestAQuoteMarshalsToTheBytesItCameAs(t *testing.T) {
	quote := `{ "version":"V1", "success" : true, "id":"q-1", "zzQuote": 1.0e3,
	  "data": {"swapType": "BaseIn", "slippageBps": 50, "otherAmountThreshold": "18446744073709551615",
	           "routePlan": [{"poolId": "P", "zzHop": [ ]}]} }`
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(quote)); err != nil {
		t.Fatal(err)
	}
	want := compact.String()
	var top transactionv1.SwapComputeResponse
	if err := json.Unmarshal([]byte(quote), &top); err != nil {
		t.Fatalf("decode the quote: %v", err)
	}
	if sent, err := json.Marshal(top); err != nil || string(sent) != want {
		t.Errorf("the quote marshals to %s (%v), want the bytes it came as", sent, err)
	}
	request := `{"wallet": "W", "txVersion": "V0", "computeUnitPriceMicroLamports": "15000", "swapResponse": ` +
		quote + `}`
	var swap transactionv1.SwapBaseInTransactionRequest
	if err := json.Unmarshal([]byte(request), &swap); err != nil {
		t.Fatalf("decode the request: %v", err)
	}
	if sent, err := json.Marshal(swap.SwapResponse); err != nil || string(sent) != want {
		t.Errorf("the nested quote marshals to %s (%v), want the bytes it came as", sent, err)
	}
	if got := swap.SwapResponse.Data.RoutePlan[0].AdditionalProperties["zzHop"]; got == nil {
		t.Errorf("the hop's unknown key: %v", swap.SwapResponse.Data.RoutePlan[0].AdditionalProperties)
	}
}
