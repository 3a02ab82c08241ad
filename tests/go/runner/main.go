// The runner of one host's module for tests/clients/test_go_client.py, which builds a copy per
// host with MODULE (the module's path), PACKAGE (its package name) and the line `// CASES` (one
// case per operation, its call with the bundle's examples) filled in. Reads a plan of calls
// (JSON) on stdin, runs them concurrently (at most inFlight at once) and prints how each ended
// (JSON).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	PACKAGE "MODULE"
)

// inFlight: how many calls run at once. With the whole plan at once (hundreds of calls) a call's
// time measured the hostile server's queue, not the client: on a 2-core machine with every core
// busy, a pool-v3 429 case (2 s of Retry-After) took up to 7 s, and in CI 10.5 s, past its 10 s
// bound; with 32 at once, up to 2.5 s (2.1 s on a quiet machine), and the test 2.5 s longer in
// all (decision 149).
const inFlight = 32

type entry struct {
	Op         string `json:"op"`
	BaseURL    string `json:"baseUrl"`
	TimeoutMs  int    `json:"timeoutMs"`
	DeadlineMs int    `json:"deadlineMs"`
	MaxRetries *int   `json:"maxRetries"`
}

type result struct {
	Kind     string  `json:"kind"`
	Seconds  float64 `json:"seconds"`
	APIError bool    `json:"api_error"`
	Status   *int    `json:"status"`
	Msg      *string `json:"msg"`
	Cause    bool    `json:"cause"`
	Message  string  `json:"message"`
	Unknown  *string `json:"unknown"`
	Success  bool    `json:"success"`
}

func decode[T any](text string) T {
	var value T
	if err := json.Unmarshal([]byte(text), &value); err != nil {
		panic(err)
	}
	return value
}

func judge(value interface{}, raw bool, err error, started time.Time) result {
	r := result{Seconds: time.Since(started).Seconds(), APIError: true}
	if err != nil {
		var api PACKAGE.APIError
		if errors.As(err, &api) {
			name := fmt.Sprintf("%T", api)
			r.Kind = name[strings.LastIndex(name, ".")+1:]
			d := api.Details()
			if d.Status != 0 {
				r.Status = &d.Status
			}
			if d.Msg != "" {
				r.Msg = &d.Msg
			}
			r.Cause = d.Cause != nil
		} else {
			r.Kind = fmt.Sprintf("%T", err)
			r.APIError = false
		}
		r.Message = err.Error()
		return r
	}
	if raw {
		r.Kind = "RawBody"
		return r
	}
	r.Kind = "success"
	text, _ := json.Marshal(value)
	var top map[string]interface{}
	_ = json.Unmarshal(text, &top)
	r.Success, _ = top["success"].(bool)
	if unknown, ok := top["zzUnknownKey"].(string); ok {
		r.Unknown = &unknown
	}
	return r
}

func call(op string, client *PACKAGE.APIClient) (interface{}, bool, error) {
	ctx := context.Background()
	switch op {
	// CASES
	}
	return nil, false, fmt.Errorf("no operation %s", op)
}

func main() {
	var plan []entry
	if err := json.NewDecoder(os.Stdin).Decode(&plan); err != nil {
		panic(err)
	}
	results := make([]result, len(plan))
	var wait sync.WaitGroup
	slots := make(chan struct{}, inFlight)
	for i, e := range plan {
		wait.Add(1)
		go func(i int, e entry) {
			defer wait.Done()
			slots <- struct{}{} // the call's clock starts once it has a slot
			defer func() { <-slots }()
			options := PACKAGE.Options{BaseURL: e.BaseURL}
			if e.TimeoutMs > 0 {
				options.Timeout = time.Duration(e.TimeoutMs) * time.Millisecond
			}
			if e.DeadlineMs > 0 || e.MaxRetries != nil {
				policy := PACKAGE.DefaultRetryPolicy
				if e.DeadlineMs > 0 {
					policy.Deadline = time.Duration(e.DeadlineMs) * time.Millisecond
				}
				if e.MaxRetries != nil {
					policy.MaxRetries = *e.MaxRetries
				}
				options.Retry = &policy
			}
			started := time.Now()
			client, err := PACKAGE.NewClient(options)
			if err != nil {
				results[i] = judge(nil, false, err, started)
				return
			}
			value, raw, err := call(e.Op, client)
			results[i] = judge(value, raw, err, started)
		}(i, e)
	}
	wait.Wait()
	_ = http.StatusOK
	out, _ := json.Marshal(results)
	fmt.Println(string(out))
}
