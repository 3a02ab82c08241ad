// One page walk of the generated Go pool-v3 client, for tests/clients/paging_walks.py: its one
// argument is the walk's request (JSON), and it prints how the walk ended (JSON). The test builds
// it in a module whose go.mod requires the pool-v3 module from its folder, MODULE replaced by
// the module's path (tests/clients/test_go_client.py).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	poolv3 "MODULE"
	"raydium-api-descriptions.invalid/go/apiruntime/v2"
)

type walkRequest struct {
	BaseURL    string          `json:"baseUrl"`
	Style      string          `json:"style"`
	PerPage    int32           `json:"perPage"`
	MaxRetries *int            `json:"maxRetries"`
	Start      json.RawMessage `json:"start"`
	MaxPages   int             `json:"maxPages"`
	Pages      bool            `json:"pages"`
}

type walkError struct {
	Kind     string                 `json:"kind"`
	Attempts int                    `json:"attempts"`
	Resume   map[string]interface{} `json:"resume"`
	Message  string                 `json:"message"`
}

type walked struct {
	IDs   []string   `json:"ids"`
	Pages [][]string `json:"pages,omitempty"`
	Error *walkError `json:"error"`
}

func main() {
	var request walkRequest
	if err := json.Unmarshal([]byte(os.Args[1]), &request); err != nil {
		panic(err)
	}
	options := poolv3.Options{BaseURL: request.BaseURL}
	if request.MaxRetries != nil {
		policy := poolv3.DefaultRetryPolicy
		policy.MaxRetries = *request.MaxRetries
		options.Retry = &policy
	}
	client, err := poolv3.NewClient(options)
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	var out walked
	if request.Style == "cursor" {
		call := client.PoolsAPI.ListPoolsByCursor(ctx).Size(request.PerPage)
		if len(request.Start) > 0 {
			var cursor string
			started(request.Start, &cursor)
			call = call.NextPageID(cursor)
		}
		out = walk(request, call.Pages, call.Items, func(page *poolv3.PoolCursorPageResponse) []poolv3.PoolInfoItem { return page.Data.Data })
	} else {
		call := client.PoolsAPI.ListPools(ctx).PageSize(request.PerPage)
		if len(request.Start) > 0 {
			var number int32
			started(request.Start, &number)
			call = call.Page(number)
		}
		out = walk(request, call.Pages, call.Items, func(page *poolv3.PoolPageResponse) []poolv3.PoolInfoItem { return page.Data.Data })
	}
	text, _ := json.Marshal(out)
	fmt.Println(string(text))
}

func started(start json.RawMessage, value interface{}) {
	if err := json.Unmarshal(start, value); err != nil {
		panic(err)
	}
}

// walk runs the walk of pages (request.Pages) or of items of an operation's request, which of
// reads a page's pools from.
func walk[P any](request walkRequest, pages func() *apiruntime.Pages[P], items func() *apiruntime.PageItems[P, poolv3.PoolInfoItem], of func(P) []poolv3.PoolInfoItem) walked {
	out := walked{IDs: []string{}}
	var err error
	if request.Pages {
		walk := pages()
		if request.MaxPages != 0 {
			walk.MaxPages(request.MaxPages)
		}
		for walk.Next() {
			these := ids(of(walk.Page()))
			out.Pages = append(out.Pages, these)
			out.IDs = append(out.IDs, these...)
		}
		err = walk.Err()
	} else {
		walk := items()
		if request.MaxPages != 0 {
			walk.MaxPages(request.MaxPages)
		}
		for walk.Next() {
			pool := walk.Item()
			out.IDs = append(out.IDs, pool.GetID())
		}
		err = walk.Err()
	}
	if err != nil {
		out.Error = described(err, request.Style)
	}
	return out
}

func ids(pools []poolv3.PoolInfoItem) []string {
	found := make([]string, 0, len(pools))
	for i := range pools {
		found = append(found, pools[i].GetID())
	}
	return found
}

// described is the walk's error as paging_walks reads it: the error's type, its attempts,
// where to resume ({parameter: cursor or page}; {} for the first page) and its message.
func described(err error, style string) *walkError {
	var api poolv3.APIError
	if !errors.As(err, &api) {
		return &walkError{Kind: fmt.Sprintf("%T", err), Message: err.Error()}
	}
	name := fmt.Sprintf("%T", api)
	d := api.Details()
	found := &walkError{Kind: name[strings.LastIndex(name, ".")+1:], Attempts: d.Attempts, Message: err.Error()}
	if d.Resume != nil {
		found.Resume = map[string]interface{}{}
		if style == "page" {
			found.Resume[d.Resume.Parameter] = d.Resume.Page
		} else if d.Resume.Cursor != "" {
			found.Resume[d.Resume.Parameter] = d.Resume.Cursor
		}
	}
	return found
}
