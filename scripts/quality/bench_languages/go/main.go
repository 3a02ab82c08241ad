// Times the Go client's decode of one list-pools success body against encoding/json into
// `any` (scripts/quality/bench_languages.py builds and runs it). The client is called as users call it,
// PoolsAPI.ListPools(ctx).Execute() on a NewClient, through a transport that answers
// from memory, so the figure is the client's whole decode: the contract transport's envelope and
// null-item checks and the generated typed decode.
//
// Usage: main BODY.json RUNS LOOPS      prints {"parse": [seconds per decode, ...], "client": [...]}
//        main --peak BODY.json client|parse [WARM.json]
//                                             prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}
// WARM is a small page the same side decodes once first (the client's one-time set-up, as a
// long-running client has done it).
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	poolv3 "MODULE"
)

// memory answers every request with the body: HTTP 200, application/json.
type memory struct{ body []byte }

func (m memory) RoundTrip(req *http.Request) (*http.Response, error) {
	return &http.Response{
		Status: "200 OK", StatusCode: 200, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header:        http.Header{"Content-Type": {"application/json"}},
		Body:          io.NopCloser(bytes.NewReader(m.body)),
		ContentLength: int64(len(m.body)),
		Request:       req,
	}, nil
}

func must(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func decoders(body []byte) (func(), func()) {
	client, err := poolv3.NewClient(poolv3.Options{BaseURL: "http://127.0.0.1:9", Transport: memory{body}})
	must(err)
	ctx := context.Background()
	parse := func() {
		var value any
		must(json.Unmarshal(body, &value))
	}
	call := func() {
		page, _, err := client.PoolsAPI.ListPools(ctx).Execute()
		must(err)
		if !page.Success || len(page.Data.Data) == 0 {
			must(fmt.Errorf("the client decoded no pools"))
		}
	}
	return parse, call
}

// status is a field of /proc/self/status in bytes (VmRSS, VmHWM).
func status(field string) int64 {
	text, err := os.ReadFile("/proc/self/status")
	must(err)
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, field+":") {
			kb, err := strconv.ParseInt(strings.Fields(line)[1], 10, 64)
			must(err)
			return kb * 1024
		}
	}
	must(fmt.Errorf("no %s in /proc/self/status", field))
	return 0
}

// resetPeak makes VmHWM the current RSS (Linux: 5 to /proc/self/clear_refs), so the peak
// read after the decode is the decode's own.
func resetPeak() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

func timeOne(decode func(), loops int) float64 {
	start := time.Now()
	for i := 0; i < loops; i++ {
		decode()
	}
	return time.Since(start).Seconds() / float64(loops)
}

func main() {
	if (len(os.Args) == 4 || len(os.Args) == 5) && os.Args[1] == "--peak" {
		if len(os.Args) == 5 {
			warm, err := os.ReadFile(os.Args[4])
			must(err)
			parse, call := decoders(warm)
			map[string]func(){"parse": parse, "client": call}[os.Args[3]]()
		}
		body, err := os.ReadFile(os.Args[2])
		must(err)
		parse, call := decoders(body)
		decode := map[string]func(){"parse": parse, "client": call}[os.Args[3]]
		resetPeak()
		baseline := status("VmRSS")
		decode()
		out, _ := json.Marshal(map[string]int64{"peak_rss_bytes": status("VmHWM"), "baseline_rss_bytes": baseline})
		fmt.Println(string(out))
		return
	}
	body, err := os.ReadFile(os.Args[1])
	must(err)
	runs, err := strconv.Atoi(os.Args[2])
	must(err)
	loops, err := strconv.Atoi(os.Args[3])
	must(err)
	parse, call := decoders(body)
	parse()
	call() // warm-up
	// The floor and the client take turns, run by run, each going first every other run.
	floor, client := []float64{}, []float64{}
	for run := 0; run < runs; run++ {
		if run%2 == 0 {
			floor = append(floor, timeOne(parse, loops))
			client = append(client, timeOne(call, loops))
		} else {
			client = append(client, timeOne(call, loops))
			floor = append(floor, timeOne(parse, loops))
		}
	}
	out, _ := json.Marshal(map[string][]float64{"parse": floor, "client": client})
	fmt.Println(string(out))
}
