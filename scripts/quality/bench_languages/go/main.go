// Times the Go client's call on one list-pools success body against encoding/json into `any`,
// each alone and followed by the reads a user's code makes (scripts/quality/bench_languages.py
// builds and runs it). The client is called as users call it, PoolsAPI.ListPools(ctx).Execute()
// on a NewClient, through a transport that answers from memory, so the figure is the client's
// whole decode: the contract transport's envelope and null-item checks and the generated typed
// decode.
//
// The sides (bench_languages.py names the reads):
//
//	parse, client                 the untyped parse, the call
//	parse_full, client_full       each followed by the full read: every declared field of each
//	                              pool, nested objects and lists included (readPool, readAny)
//	parse_filter, client_filter   each followed by the filtering read: id, tvl, mintA.address
//
// Each read adds what it reads to a sink (a number its value, a string its length, true 1, a
// `type` of Concentrated 1); the client's sink and the parse's must agree, or the program fails.
//
// Usage: main BODY.json RUNS LOOPS [SIDE,...]   prints {"parse": [seconds per call, ...], ..., "sink": N}
//
//	main --peak BODY.json SIDE [WARM.json]   prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}
//
// WARM is a small page the same side runs on once first (the client's one-time set-up, as a
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

// --- the typed reads: struct fields, as a user's code reads them ---

func text(v *string) float64 {
	if v != nil {
		return float64(len(*v))
	}
	return 0
}

func number(v *float64) float64 {
	if v != nil {
		return *v
	}
	return 0
}

func integer(v *int32) float64 {
	if v != nil {
		return float64(*v)
	}
	return 0
}

func flag(v *bool) float64 {
	if v != nil && *v {
		return 1
	}
	return 0
}

func numbers(v []float64) (s float64) {
	for _, x := range v {
		s += x
	}
	return s
}

func either(v interface{}) float64 { // openTime: a string or a number
	switch x := v.(type) {
	case string:
		return float64(len(x))
	case float64:
		return x
	}
	return 0
}

func readFee(f *poolv3.TransferFee) float64 {
	if f == nil {
		return 0
	}
	return text(f.Epoch) + text(f.MaximumFee) + integer(f.TransferFeeBasisPoints)
}

func readExtensions(e *poolv3.TokenExtensions) float64 {
	if e == nil {
		return 0
	}
	s := text(e.CoingeckoID)
	if c := e.FeeConfig; c != nil {
		s += text(c.TransferFeeConfigAuthority) + text(c.WithdrawWithheldAuthority) + text(c.WithheldAmount) +
			readFee(c.OlderTransferFee) + readFee(c.NewerTransferFee)
	}
	if t := e.Tips; t != nil {
		s += text(t.Icon) + text(t.Link) + text(t.Text)
	}
	return s
}

func readToken(t *poolv3.Token) float64 {
	if t == nil {
		return 0
	}
	s := integer(t.ChainID) + text(t.Address) + text(t.ProgramID) + text(t.LogoURI) + text(t.Symbol) +
		text(t.Name) + integer(t.Decimals)
	for _, tag := range t.Tags {
		s += float64(len(tag))
	}
	return s + readExtensions(t.Extensions) + text(t.FreezeAuthority) + text(t.MintAuthority)
}

func readPeriod(p *poolv3.PoolPeriodStats) float64 {
	if p == nil {
		return 0
	}
	return number(p.Volume) + number(p.VolumeQuote) + number(p.VolumeFee) + number(p.Apr) + number(p.FeeApr) +
		number(p.PriceMin) + number(p.PriceMax) + numbers(p.RewardApr)
}

func readConfig(c *poolv3.PoolConfig) float64 {
	if c == nil {
		return 0
	}
	return text(c.ID) + integer(c.Index) + number(c.ProtocolFeeRate) + number(c.TradeFeeRate) +
		number(c.FundFeeRate) + integer(c.TickSpacing) + text(c.Description) + number(c.DefaultRange) +
		numbers(c.DefaultRangePoint) + text(c.CreatePoolFee)
}

func readPool(p *poolv3.PoolInfoItem) float64 {
	s := 0.0
	if p.Type != nil && *p.Type == "Concentrated" {
		s++
	}
	s += text(p.ProgramID) + text(p.ID)
	s += readToken(p.MintA)
	s += readToken(p.MintB)
	s += number(p.Price) + number(p.MintAmountA) + number(p.MintAmountB) + number(p.FeeRate) + either(p.OpenTime) +
		number(p.Tvl)
	s += readPeriod(p.Day)
	s += readPeriod(p.Week)
	s += readPeriod(p.Month)
	s += integer(p.FarmUpcomingCount) + integer(p.FarmOngoingCount) + integer(p.FarmFinishedCount) +
		number(p.BurnPercent) + flag(p.HasDynamicFee)
	s += readToken(p.LpMint)
	s += number(p.LpPrice) + number(p.LpAmount) + text(p.MarketID)
	return s + readConfig(p.Config)
}

func filterPool(p *poolv3.PoolInfoItem) float64 {
	s := text(p.ID) + number(p.Tvl)
	if p.MintA != nil {
		s += text(p.MintA.Address)
	}
	return s
}

// --- the untyped reads: the same fields from encoding/json's maps, slices and values ---

type object = map[string]any

func textOf(o object, key string) float64 {
	if v, ok := o[key].(string); ok {
		return float64(len(v))
	}
	return 0
}

func numberOf(o object, key string) float64 { // every JSON number, integers included
	if v, ok := o[key].(float64); ok {
		return v
	}
	return 0
}

func flagOf(o object, key string) float64 {
	if v, ok := o[key].(bool); ok && v {
		return 1
	}
	return 0
}

func numbersOf(o object, key string) (s float64) {
	items, _ := o[key].([]any)
	for _, item := range items {
		if v, ok := item.(float64); ok {
			s += v
		}
	}
	return s
}

func objectOf(o object, key string) object {
	v, _ := o[key].(object)
	return v
}

func readFeeAny(f object) float64 {
	if f == nil {
		return 0
	}
	return textOf(f, "epoch") + textOf(f, "maximumFee") + numberOf(f, "transferFeeBasisPoints")
}

func readExtensionsAny(e object) float64 {
	if e == nil {
		return 0
	}
	s := textOf(e, "coingeckoId")
	if c := objectOf(e, "feeConfig"); c != nil {
		s += textOf(c, "transferFeeConfigAuthority") + textOf(c, "withdrawWithheldAuthority") +
			textOf(c, "withheldAmount") + readFeeAny(objectOf(c, "olderTransferFee")) +
			readFeeAny(objectOf(c, "newerTransferFee"))
	}
	if t := objectOf(e, "tips"); t != nil {
		s += textOf(t, "icon") + textOf(t, "link") + textOf(t, "text")
	}
	return s
}

func readTokenAny(t object) float64 {
	if t == nil {
		return 0
	}
	s := numberOf(t, "chainId") + textOf(t, "address") + textOf(t, "programId") + textOf(t, "logoURI") +
		textOf(t, "symbol") + textOf(t, "name") + numberOf(t, "decimals")
	tags, _ := t["tags"].([]any)
	for _, tag := range tags {
		if v, ok := tag.(string); ok {
			s += float64(len(v))
		}
	}
	return s + readExtensionsAny(objectOf(t, "extensions")) + textOf(t, "freezeAuthority") + textOf(t, "mintAuthority")
}

func readPeriodAny(p object) float64 {
	if p == nil {
		return 0
	}
	return numberOf(p, "volume") + numberOf(p, "volumeQuote") + numberOf(p, "volumeFee") + numberOf(p, "apr") +
		numberOf(p, "feeApr") + numberOf(p, "priceMin") + numberOf(p, "priceMax") + numbersOf(p, "rewardApr")
}

func readConfigAny(c object) float64 {
	if c == nil {
		return 0
	}
	return textOf(c, "id") + numberOf(c, "index") + numberOf(c, "protocolFeeRate") + numberOf(c, "tradeFeeRate") +
		numberOf(c, "fundFeeRate") + numberOf(c, "tickSpacing") + textOf(c, "description") +
		numberOf(c, "defaultRange") + numbersOf(c, "defaultRangePoint") + textOf(c, "createPoolFee")
}

func readPoolAny(p object) float64 {
	s := 0.0
	if v, ok := p["type"].(string); ok && v == "Concentrated" {
		s++
	}
	s += textOf(p, "programId") + textOf(p, "id")
	s += readTokenAny(objectOf(p, "mintA"))
	s += readTokenAny(objectOf(p, "mintB"))
	s += numberOf(p, "price") + numberOf(p, "mintAmountA") + numberOf(p, "mintAmountB") + numberOf(p, "feeRate") +
		either(p["openTime"]) + numberOf(p, "tvl")
	s += readPeriodAny(objectOf(p, "day"))
	s += readPeriodAny(objectOf(p, "week"))
	s += readPeriodAny(objectOf(p, "month"))
	s += numberOf(p, "farmUpcomingCount") + numberOf(p, "farmOngoingCount") + numberOf(p, "farmFinishedCount") +
		numberOf(p, "burnPercent") + flagOf(p, "hasDynamicFee")
	s += readTokenAny(objectOf(p, "lpMint"))
	s += numberOf(p, "lpPrice") + numberOf(p, "lpAmount") + textOf(p, "marketId")
	return s + readConfigAny(objectOf(p, "config"))
}

func filterPoolAny(p object) float64 {
	return textOf(p, "id") + numberOf(p, "tvl") + textOf(objectOf(p, "mintA"), "address")
}

// sides is each side by name: what it does once, and the sink of its reads (0 without reads).
func sides(body []byte) map[string]func() float64 {
	client, err := poolv3.NewClient(poolv3.Options{BaseURL: "http://127.0.0.1:9", Transport: memory{body}})
	must(err)
	ctx := context.Background()
	parse := func() []any {
		var value any
		must(json.Unmarshal(body, &value))
		pools, _ := objectOf(value.(object), "data")["data"].([]any)
		return pools
	}
	call := func() []poolv3.PoolInfoItem {
		page, _, err := client.PoolsAPI.ListPools(ctx).Execute()
		must(err)
		if !page.Success || len(page.Data.Data) == 0 {
			must(fmt.Errorf("the client decoded no pools"))
		}
		return page.Data.Data
	}
	untyped := func(read func(object) float64) func() float64 {
		return func() (s float64) {
			for _, pool := range parse() {
				s += read(pool.(object))
			}
			return s
		}
	}
	typed := func(read func(*poolv3.PoolInfoItem) float64) func() float64 {
		return func() (s float64) {
			pools := call()
			for i := range pools {
				s += read(&pools[i])
			}
			return s
		}
	}
	return map[string]func() float64{
		"parse":         func() float64 { parse(); return 0 },
		"client":        func() float64 { call(); return 0 },
		"parse_full":    untyped(readPoolAny),
		"client_full":   typed(readPool),
		"parse_filter":  untyped(filterPoolAny),
		"client_filter": typed(filterPool),
	}
}

var order = []string{"parse", "client", "parse_full", "client_full", "parse_filter", "client_filter"}

// agree fails the program unless the client's reads and the parse's read the same values.
func agree(run map[string]func() float64) {
	for _, read := range []string{"full", "filter"} {
		if typed, untyped := run["client_"+read](), run["parse_"+read](); typed != untyped || typed == 0 {
			must(fmt.Errorf("the client's %s read gives %v, the parse's %v", read, typed, untyped))
		}
	}
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
// read after the side ran is the side's own.
func resetPeak() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

var sink float64 // every side's result, printed: the reads cannot be optimised away

func timeOne(side func() float64, loops int) float64 {
	start := time.Now()
	for i := 0; i < loops; i++ {
		sink += side()
	}
	return time.Since(start).Seconds() / float64(loops)
}

func side(run map[string]func() float64, name string) func() float64 {
	f, ok := run[name]
	if !ok {
		must(fmt.Errorf("no side %q", name))
	}
	return f
}

func main() {
	if (len(os.Args) == 4 || len(os.Args) == 5) && os.Args[1] == "--peak" {
		if len(os.Args) == 5 {
			warm, err := os.ReadFile(os.Args[4])
			must(err)
			sink += side(sides(warm), os.Args[3])()
		}
		body, err := os.ReadFile(os.Args[2])
		must(err)
		run := side(sides(body), os.Args[3])
		resetPeak()
		baseline := status("VmRSS")
		sink += run()
		out, _ := json.Marshal(map[string]any{"peak_rss_bytes": status("VmHWM"), "baseline_rss_bytes": baseline,
			"sink": sink})
		fmt.Println(string(out))
		return
	}
	body, err := os.ReadFile(os.Args[1])
	must(err)
	runs, err := strconv.Atoi(os.Args[2])
	must(err)
	loops, err := strconv.Atoi(os.Args[3])
	must(err)
	names := order
	if len(os.Args) > 4 {
		names = strings.Split(os.Args[4], ",")
	}
	run := sides(body)
	agree(run)
	for _, name := range names {
		sink += side(run, name)() // warm-up
	}
	// The sides take turns, run by run, each going first in turn: a burst of load then falls on
	// every side of a ratio, not on one.
	samples := map[string][]float64{}
	for r := 0; r < runs; r++ {
		for i := range names {
			name := names[(r+i)%len(names)]
			samples[name] = append(samples[name], timeOne(run[name], loops))
		}
	}
	out := map[string]any{"sink": sink}
	for name, values := range samples {
		out[name] = values
	}
	text, _ := json.Marshal(out)
	fmt.Println(string(text))
}
