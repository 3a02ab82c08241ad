// Models are values, for tests/clients/test_go_client.py: the generated Go pool-v3 client
// fetches one list page twice from its first argument (a base URL) and checks the decoded models
// against the body it serves, its second argument (JSON). Two decodes of the same JSON are
// reflect.DeepEqual, and a change to a price or to an unknown key makes them unequal; %+v and %v
// show the values (the pool id, a price), not addresses; json.Marshal of a decoded page gives
// back the body, unknown keys and amount strings included (numbers compared by their spelling).
// It prints what it checked (JSON) and exits 1 on the first failed check. The test builds it in
// a module whose go.mod requires the pool-v3 module from its folder, MODULE replaced by the
// module's path (as tests/go/walk/main.go).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"strings"

	poolv3 "MODULE"
)

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
	os.Exit(1)
}

// parsed is JSON as encoding/json reads it into interface{}, each number as its spelling
// (json.Number): a float where an amount string was, or a number spelt otherwise, differs.
func parsed(text []byte) interface{} {
	decoder := json.NewDecoder(bytes.NewReader(text))
	decoder.UseNumber()
	var value interface{}
	if err := decoder.Decode(&value); err != nil {
		fail("not JSON: %v: %s", err, text)
	}
	return value
}

func main() {
	baseURL, body := os.Args[1], []byte(os.Args[2])
	client, err := poolv3.NewClient(poolv3.Options{BaseURL: baseURL})
	if err != nil {
		fail("client: %v", err)
	}
	fetch := func() *poolv3.PoolPageResponse {
		page, _, err := client.PoolsAPI.ListPools(context.Background()).Execute()
		if err != nil {
			fail("list pools: %v", err)
		}
		return page
	}
	first, second := fetch(), fetch()
	if len(first.Data.Data) != 2 {
		fail("want two pools, got %+v", first.Data.Data)
	}

	// Equality: two decodes of the same JSON are equal, at every level; one changed value is not.
	if !reflect.DeepEqual(first, second) || !reflect.DeepEqual(first.Data.Data[1], second.Data.Data[1]) {
		fail("two decodes of the same page differ:\n%+v\n%+v", first, second)
	}
	if !reflect.DeepEqual(*first.Data.Data[0].MintA, *second.Data.Data[0].MintA) {
		fail("two decodes of the same token differ")
	}
	repriced := fetch()
	repriced.Data.Data[1].SetPrice(repriced.Data.Data[1].GetPrice() + 1)
	if reflect.DeepEqual(first, repriced) {
		fail("a page with another price is equal")
	}
	unknown := fetch()
	unknown.Data.Data[0].MintA.AdditionalProperties["zzToken"] = "another"
	if reflect.DeepEqual(first, unknown) {
		fail("a page with another unknown key's value is equal")
	}

	// Debug output: the values, not the addresses of the pointers that hold them.
	pool := first.Data.Data[0]
	item := fmt.Sprintf("%+v", pool)
	page := fmt.Sprintf("%+v", first)
	plain := fmt.Sprintf("%v", pool)
	id := "ID:" + pool.GetID()
	price := fmt.Sprintf("Price:%v", pool.GetPrice())
	address := "Address:" + pool.MintA.GetAddress()
	for _, want := range []string{id, price, address, "zzItem"} {
		if !strings.Contains(item, want) {
			fail("%%+v of a pool has no %s: %s", want, item)
		}
	}
	if !strings.Contains(page, id) || !strings.Contains(page, "zzPage") || !strings.Contains(plain, pool.GetID()) {
		fail("%%+v of the page or %%v of a pool has no pool id: %s\n%s", page, plain)
	}
	if strings.Contains(page, "0xc") {
		fail("%%+v of the page shows an address: %s", page)
	}

	// Serialisation: the body back, unknown keys and amount strings included.
	sent, err := json.Marshal(first)
	if err != nil {
		fail("marshal: %v", err)
	}
	if !reflect.DeepEqual(parsed(sent), parsed(body)) {
		fail("the page marshals to\n%s\nnot the body\n%s", sent, body)
	}
	out, _ := json.Marshal(map[string]interface{}{"debug": item, "page": page, "serialised": json.RawMessage(sent)})
	fmt.Println(string(out))
}
