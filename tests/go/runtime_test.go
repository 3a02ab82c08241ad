// Unit tests of the Go shared runtime's contract transport (scripts/runtime/go, copied to
// generated/go/raydium-api-runtime), through its public API only: NewTransport over a
// RoundTripper of the test's own, no server. They read exact messages, types, retry counts
// and times, so that our operator set's mutants of transport.go (make mutation) are caught
// in a second; tests/clients/test_go_client.py proves the same contract end to end against
// the hostile server. tests/clients/test_go_client.py runs this file in a module of its own
// whose go.mod requires the runtime from its folder.
package runtime_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	apiruntime "raydium-api-descriptions.invalid/go/apiruntime/v2"
)

const target = "http://runtime.test.invalid/main/info"

type answer struct {
	status int
	body   string
	header map[string]string
	err    error
	stall  bool
	broken bool // the body breaks while it is read
}

// scripted answers each attempt with the next answer (the last one repeats) and records the
// requests it was sent, with their bodies.
type scripted struct {
	answers  []answer
	requests []*http.Request
	bodies   []string
	closed   int // response bodies closed
}

// tracked counts the Close of a response body: the transport closes every body it reads.
type tracked struct {
	io.Reader
	s *scripted
}

func (b tracked) Close() error {
	b.s.closed++
	return nil
}

type brokenBody struct{}

func (brokenBody) Read([]byte) (int, error) { return 0, io.ErrUnexpectedEOF }
func (brokenBody) Close() error             { return nil }

func (s *scripted) RoundTrip(req *http.Request) (*http.Response, error) {
	s.requests = append(s.requests, req)
	if req.Body != nil {
		b, _ := io.ReadAll(req.Body)
		s.bodies = append(s.bodies, string(b))
	}
	a := s.answers[len(s.answers)-1]
	if len(s.requests) <= len(s.answers) {
		a = s.answers[len(s.requests)-1]
	}
	if a.stall {
		<-req.Context().Done()
		return nil, req.Context().Err()
	}
	if a.err != nil {
		return nil, a.err
	}
	header := http.Header{}
	if a.header == nil {
		header.Set("Content-Type", "application/json")
	}
	for k, v := range a.header {
		header.Set(k, v)
	}
	var body io.ReadCloser = tracked{strings.NewReader(a.body), s}
	if a.broken {
		body = brokenBody{}
	}
	return &http.Response{StatusCode: a.status, Header: header, Body: body, Request: req}, nil
}

var fast = apiruntime.RetryPolicy{MaxRetries: 2, MaxWait: 10 * time.Second, DefaultWait: 10 * time.Millisecond, Deadline: 30 * time.Second}

// once sends each call once: the tests of how one response is read.
var once = apiruntime.RetryPolicy{MaxRetries: 0, MaxWait: 10 * time.Second, DefaultWait: 10 * time.Millisecond, Deadline: 30 * time.Second}

func okBody(data string) string { return `{"id":"1","success":true,"data":` + data + `}` }

func roundTrip(t *testing.T, policy apiruntime.RetryPolicy, timeout time.Duration, rules apiruntime.Rules, req *http.Request, answers ...answer) (*http.Response, error, *scripted) {
	t.Helper()
	base := &scripted{answers: answers}
	resp, err := apiruntime.NewTransport(base, policy, timeout, rules).RoundTrip(req)
	return resp, err, base
}

func get(operation string, raw bool) *http.Request {
	req, _ := http.NewRequest(http.MethodGet, target, nil)
	return apiruntime.WithCall(req, operation, raw)
}

func call(t *testing.T, answers ...answer) (*http.Response, error, *scripted) {
	t.Helper()
	return roundTrip(t, once, 8*time.Second, apiruntime.Rules{}, get("op", false), answers...)
}

func wantMessage(t *testing.T, err error, want string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error; want %q", want)
	}
	if err.Error() != want {
		t.Fatalf("message\n got: %s\nwant: %s", err.Error(), want)
	}
}

func details(t *testing.T, err error) *apiruntime.ErrorDetails {
	t.Helper()
	var api apiruntime.APIError
	if !errors.As(err, &api) {
		t.Fatalf("%T is not an APIError: %v", err, err)
	}
	return api.Details()
}

func TestSuccessPassesThroughWithItsBody(t *testing.T) {
	body := okBody(`{"n":1}`)
	resp, err, base := call(t, answer{status: 200, body: body})
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	if string(got) != body || resp.ContentLength != int64(len(body)) || resp.StatusCode != 200 {
		t.Fatalf("got %q (%d bytes declared, status %d)", got, resp.ContentLength, resp.StatusCode)
	}
	if resp.Header.Get("Content-Type") != "application/json" || len(base.requests) != 1 || base.closed != 1 {
		t.Fatalf("content type %q, %d requests, %d bodies closed", resp.Header.Get("Content-Type"), len(base.requests), base.closed)
	}
	for _, status := range []int{200, 299} {
		if _, err, _ := call(t, answer{status: status, body: body}); err != nil {
			t.Fatalf("%d: %v", status, err)
		}
	}
}

func TestJSONUnderTextPlainIsRelabelled(t *testing.T) {
	for _, tc := range []struct{ sent, want string }{
		{"text/plain", "application/json"},
		{"", "application/json"},
		{"application/json; charset=utf-8", "application/json; charset=utf-8"},
		{"Application/Problem+JSON", "Application/Problem+JSON"},
		{"application/json ; charset=utf-8", "application/json ; charset=utf-8"},
	} {
		header := map[string]string{}
		if tc.sent != "" {
			header["Content-Type"] = tc.sent
		}
		resp, err, _ := call(t, answer{status: 200, body: okBody("{}"), header: header})
		if err != nil {
			t.Fatalf("%q: %v", tc.sent, err)
		}
		if got := resp.Header.Get("Content-Type"); got != tc.want {
			t.Fatalf("%q: content type %q, want %q", tc.sent, got, tc.want)
		}
	}
}

func TestHTMLFromTheEdgeIsNotJSONError(t *testing.T) {
	html := "<html>\n  <body>  Bad   gateway </body></html>"
	_, err, _ := call(t, answer{status: 520, body: html, header: map[string]string{"Content-Type": "text/html; charset=UTF-8"}})
	var notJSON *apiruntime.NotJSONError
	if !errors.As(err, &notJSON) {
		t.Fatalf("%T: %v", err, err)
	}
	wantMessage(t, err, fmt.Sprintf(`HTTP 520: expected a JSON envelope, got "text/html; charset=UTF-8" (%d bytes: "<html> <body> Bad gateway </body></html>")`, len(html)))
	d := details(t, err)
	if d.Status != 520 || string(d.Body) != html || d.Header.Get("Content-Type") != "text/html; charset=UTF-8" {
		t.Fatalf("details %+v", d)
	}
	exactly := strings.Repeat("y", 200)
	_, err, _ = call(t, answer{status: 403, body: exactly, header: map[string]string{"Content-Type": "text/html"}})
	wantMessage(t, err, `HTTP 403: expected a JSON envelope, got "text/html" (200 bytes: "`+exactly+`")`)
	long := strings.Repeat("x", 201)
	_, err, _ = call(t, answer{status: 403, body: long, header: map[string]string{"Content-Type": "text/html"}})
	wantMessage(t, err, `HTTP 403: expected a JSON envelope, got "text/html" (201 bytes: "`+strings.Repeat("x", 200)+`...")`)
	for _, contentType := range []string{"text/plain", ""} {
		header := map[string]string{}
		if contentType != "" {
			header["Content-Type"] = contentType
		}
		_, err, _ = call(t, answer{status: 200, body: "<p>hi</p>", header: header})
		wantMessage(t, err, fmt.Sprintf(`HTTP 200: expected a JSON envelope, got %q (9 bytes: "<p>hi</p>")`, contentType))
	}
	for _, contentType := range []string{"application/xml", "text/x+json"} {
		_, err, _ = call(t, answer{status: 200, body: okBody("{}"), header: map[string]string{"Content-Type": contentType}})
		if !errors.As(err, &notJSON) {
			t.Fatalf("%s: %T %v", contentType, err, err)
		}
	}
}

func TestJSONThatDoesNotParseIsMalformedJSONError(t *testing.T) {
	_, err, _ := call(t, answer{status: 200, body: `{"success": tr`})
	var malformed *apiruntime.MalformedJSONError
	if !errors.As(err, &malformed) {
		t.Fatalf("%T: %v", err, err)
	}
	wantMessage(t, err, `HTTP 200: the body is not valid JSON (invalid character ' ' in literal true (expecting 'u')); it may be truncated (14 bytes: "{\"success\": tr")`)
	_, err, _ = call(t, answer{status: 200, body: ""})
	wantMessage(t, err, `HTTP 200: the body is empty (0 bytes: "")`)
}

// A success whose JSON closes but does not parse inside is handed on (the decode that follows
// reads all of it): that decode's failure, given to ShapeError, is a MalformedJSONError in
// encoding/json's words. A null item in such a body is the same; more after the object is
// malformed at the transport.
func TestASuccessThatClosesButDoesNotParseIsMalformedAtItsDecode(t *testing.T) {
	body := okBody(`[tru]`)
	resp, err, _ := call(t, answer{status: 200, body: body})
	if err != nil {
		t.Fatalf("the transport: %T %v", err, err)
	}
	var value interface{}
	decodeErr := json.Unmarshal([]byte(body), &value)
	err = apiruntime.ShapeError(resp, []byte(body), decodeErr)
	var malformed *apiruntime.MalformedJSONError
	if !errors.As(err, &malformed) {
		t.Fatalf("%T: %v", err, err)
	}
	wantMessage(t, err, `HTTP 200: the body is not valid JSON (invalid character ']' in literal true (expecting 'e')); it may be truncated (38 bytes: "{\"id\":\"1\",\"success\":true,\"data\":[tru]}")`)
	err = apiruntime.ShapeError(resp, []byte(okBody(`[]`)), errors.New("json: cannot unmarshal"))
	if errors.As(err, &malformed) {
		t.Fatalf("valid JSON that does not fit: %T %v", err, err)
	}
	rules := apiruntime.Rules{NullChecks: map[string][]string{"op": {"data"}}}
	_, err, _ = roundTrip(t, fast, time.Second, rules, get("op", false), answer{status: 200, body: okBody(`[null, tru]`)})
	if !errors.As(err, &malformed) {
		t.Fatalf("a null item in a body that does not parse: %T %v", err, err)
	}
	_, err, _ = call(t, answer{status: 200, body: okBody(`[]`) + ` {}`})
	if !errors.As(err, &malformed) {
		t.Fatalf("more after the envelope: %T %v", err, err)
	}
}

func TestJSONThatIsNotAnEnvelopeIsUnexpectedShapeError(t *testing.T) {
	for _, body := range []string{"[]", "null", "3", `{"data":{}}`, `{"success":"true"}`} {
		_, err, _ := call(t, answer{status: 200, body: body})
		var shape *apiruntime.UnexpectedShapeError
		if !errors.As(err, &shape) {
			t.Fatalf("%s: %T %v", body, err, err)
		}
		wantMessage(t, err, fmt.Sprintf("HTTP 200: the body is JSON but not an envelope (no boolean 'success'): %q", body))
	}
}

func TestAFailureEnvelopeIsTyped(t *testing.T) {
	rules := apiruntime.Rules{Codes: map[apiruntime.ErrorCode]string{"REQ_POOL_NOT_OPEN": "wait"}}
	body := `{"id":"1","success":false,"msg":"REQ_POOL_NOT_OPEN","openTime":"17","error":{"code":1001}}`
	for _, status := range []int{200, 400, 500} {
		_, err, _ := roundTrip(t, once, time.Second, rules, get("op", false), answer{status: status, body: body})
		var failure *apiruntime.FailureEnvelopeError
		if !errors.As(err, &failure) {
			t.Fatalf("%d: %T %v", status, err, err)
		}
		wantMessage(t, err, fmt.Sprintf(`HTTP %d, success=false, msg="REQ_POOL_NOT_OPEN"`, status))
		if failure.Code != "REQ_POOL_NOT_OPEN" || failure.Msg != "REQ_POOL_NOT_OPEN" || failure.OpenTime != "17" ||
			failure.ErrorCode == nil || *failure.ErrorCode != 1001 || failure.Status != status || failure.Envelope["id"] != "1" {
			t.Fatalf("%d: %+v", status, failure)
		}
	}
	_, err, _ := roundTrip(t, fast, time.Second, rules, get("op", false), answer{status: 400, body: `{"success":false,"msg":"OTHER","openTime":17,"error":{"code":1.5}}`})
	var failure *apiruntime.FailureEnvelopeError
	if !errors.As(err, &failure) || failure.Code != "" || failure.Msg != "OTHER" || failure.OpenTime != "" || failure.ErrorCode != nil {
		t.Fatalf("%T %+v", err, err)
	}
	_, err, _ = call(t, answer{status: 400, body: `{"success":false,"msg":7,"error":"x"}`})
	wantMessage(t, err, "HTTP 400, success=false")
	for _, status := range []int{199, 300, 404, 503} {
		_, err, _ = call(t, answer{status: status, body: okBody("{}")})
		if !errors.As(err, &failure) {
			t.Fatalf("%d: %T %v", status, err, err)
		}
		wantMessage(t, err, fmt.Sprintf("HTTP %d, error status with success=true", status))
	}
}

func TestTooManyRequestsIsRetriedThenRateLimitedError(t *testing.T) {
	limited := answer{status: 429, body: `{"success":false,"msg":"slow"}`, header: map[string]string{"Content-Type": "application/json", "Retry-After": "0"}}
	resp, err, base := roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), limited, limited, answer{status: 200, body: okBody("{}")})
	if err != nil || resp.StatusCode != 200 || len(base.requests) != 3 {
		t.Fatalf("%v, %d requests", err, len(base.requests))
	}
	one := fast
	one.MaxRetries = 1
	_, err, base = roundTrip(t, one, time.Second, apiruntime.Rules{}, get("op", false), limited)
	var rate *apiruntime.RateLimitedError
	if !errors.As(err, &rate) || len(base.requests) != 2 {
		t.Fatalf("%T %v, %d requests", err, err, len(base.requests))
	}
	wantMessage(t, err, `HTTP 429, rate limited (Retry-After 0s), msg="slow" (after 2 attempts)`)
	if rate.RetryAfter == nil || *rate.RetryAfter != 0 || rate.Msg != "slow" || rate.Status != 429 || rate.Attempts != 2 {
		t.Fatalf("%+v", rate)
	}
	none := fast
	none.MaxRetries = 0
	_, err, base = roundTrip(t, none, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 429, body: "<html>", header: map[string]string{"Retry-After": " 3 "}})
	wantMessage(t, err, "HTTP 429, rate limited (Retry-After 3s)")
	if len(base.requests) != 1 {
		t.Fatalf("%d requests", len(base.requests))
	}
	readable := map[string]string{"": "no Retry-After", "soon": "no Retry-After", "a": "no Retry-After", "-1": "no Retry-After",
		"4294967295": "Retry-After 4.294967295e+09s", "4294967296": "no Retry-After", "Wed, 21 Oct 2015 07:28:00 GMT": "Retry-After 0s"}
	for value, words := range readable {
		_, err, _ = roundTrip(t, none, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 429, body: "", header: map[string]string{"Retry-After": value}})
		wantMessage(t, err, "HTTP 429, rate limited ("+words+")")
	}
	ahead := time.Now().Add(30 * time.Second).UTC().Format(http.TimeFormat)
	_, err, _ = roundTrip(t, none, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 429, header: map[string]string{"Retry-After": ahead}})
	if !errors.As(err, &rate) || rate.RetryAfter == nil || *rate.RetryAfter < 25 || *rate.RetryAfter > 30 {
		t.Fatalf("%v", err)
	}
}

func TestTheWaitIsRetryAftersOrTheBackoff(t *testing.T) {
	slow := fast
	slow.DefaultWait = 200 * time.Millisecond
	started := time.Now()
	_, _, base := roundTrip(t, slow, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 429}, answer{status: 200, body: okBody("{}")})
	if waited := time.Since(started); waited < 145*time.Millisecond || waited > 2*time.Second || len(base.requests) != 2 {
		t.Fatalf("waited %s, %d requests", waited, len(base.requests))
	}
	// retry-after-ms before Retry-After; a wait in milliseconds past MaxWait is not waited
	started = time.Now()
	ms := map[string]string{"Retry-After-Ms": "300", "Retry-After": "5"}
	_, _, base = roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 503, header: ms}, answer{status: 200, body: okBody("{}")})
	if waited := time.Since(started); waited < 290*time.Millisecond || waited > 2*time.Second || len(base.requests) != 2 {
		t.Fatalf("retry-after-ms: waited %s, %d requests", waited, len(base.requests))
	}
	short := fast
	short.MaxWait = 100 * time.Millisecond
	_, err, base := roundTrip(t, short, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 429, header: map[string]string{"Retry-After-Ms": "150.5"}})
	wantMessage(t, err, "HTTP 429, rate limited (no Retry-After; the wait exceeds the retry policy's MaxWait of 100ms)")
	if len(base.requests) != 1 {
		t.Fatalf("%d requests", len(base.requests))
	}
	for _, unreadable := range []string{"soon", "-1", "1e3", ".5", "5.", "1.2.3"} {
		started = time.Now()
		_, _, base = roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 503, header: map[string]string{"Retry-After-Ms": unreadable}}, answer{status: 200, body: okBody("{}")})
		if waited := time.Since(started); waited > time.Second || len(base.requests) != 2 {
			t.Fatalf("retry-after-ms %q: waited %s (the backoff is 10 ms), %d requests", unreadable, waited, len(base.requests))
		}
	}
	// a wait of exactly MaxWait is waited
	edge := fast
	edge.DefaultWait = 0
	edge.MaxWait = time.Second
	started = time.Now()
	resp, err, _ := roundTrip(t, edge, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 429, header: map[string]string{"Retry-After": "1"}}, answer{status: 200, body: okBody("{}")})
	if waited := time.Since(started); err != nil || resp.StatusCode != 200 || waited < 950*time.Millisecond || waited > 3*time.Second {
		t.Fatalf("%v after %s", err, waited)
	}
}

func TestAWaitPastMaxWaitOrTheDeadlineIsNotWaited(t *testing.T) {
	started := time.Now()
	_, err, base := roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 429, body: `{"success":false}`, header: map[string]string{"Content-Type": "application/json", "Retry-After": "15"}})
	wantMessage(t, err, "HTTP 429, rate limited (Retry-After 15s; the wait exceeds the retry policy's MaxWait of 10s)")
	if time.Since(started) > time.Second || len(base.requests) != 1 {
		t.Fatalf("%s, %d requests", time.Since(started), len(base.requests))
	}
	short := fast
	short.Deadline = 3 * time.Second
	_, err, _ = roundTrip(t, short, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 429, header: map[string]string{"Retry-After": "5"}})
	wantMessage(t, err, "HTTP 429, rate limited (Retry-After 5s; waiting would pass the call's deadline of 3s)")
	if time.Since(started) > 2*time.Second {
		t.Fatalf("waited %s", time.Since(started))
	}
}

func TestTheTimeoutAndTheDeadlineEndAStalledCallNearTheirValues(t *testing.T) {
	for _, tc := range []struct {
		timeout  time.Duration
		deadline time.Duration
	}{{150 * time.Millisecond, 30 * time.Second}, {8 * time.Second, 150 * time.Millisecond}} {
		policy := fast
		policy.Deadline = tc.deadline
		started := time.Now()
		_, err, _ := roundTrip(t, policy, tc.timeout, apiruntime.Rules{}, get("op", false), answer{stall: true})
		took := time.Since(started)
		var timeout *apiruntime.RequestTimeoutError
		if !errors.As(err, &timeout) || took < 140*time.Millisecond || took > 1500*time.Millisecond {
			t.Fatalf("%T %v after %s", err, err, took)
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("%v", err)
		}
		if tc.deadline < tc.timeout { // the deadline ended the only attempt: not retried
			wantMessage(t, err, "GET "+target+": the call's deadline of 150ms passed (context deadline exceeded)")
		} else if !strings.HasPrefix(err.Error(), "GET "+target+": timed out (") || !strings.HasSuffix(err.Error(), ") (after 3 attempts)") || timeout.Attempts != 3 {
			t.Fatalf("each of 3 attempts timed out: %v", err)
		}
	}
	policy := fast
	policy.Deadline = 0
	_, err, base := roundTrip(t, policy, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 200, body: okBody("{}")})
	wantMessage(t, err, "GET "+target+": the call's deadline of 0s passed")
	if len(base.requests) != 0 {
		t.Fatalf("%d requests", len(base.requests))
	}
}

type netTimeout struct{}

func (netTimeout) Error() string   { return "i/o timeout" }
func (netTimeout) Timeout() bool   { return true }
func (netTimeout) Temporary() bool { return true }

type netOther struct{}

func (netOther) Error() string   { return "other" }
func (netOther) Timeout() bool   { return false }
func (netOther) Temporary() bool { return false }

func TestTransportFailuresAreTyped(t *testing.T) {
	for _, tc := range []struct {
		err   error
		kind  string
		words string
	}{
		{context.DeadlineExceeded, "*apiruntime.RequestTimeoutError", "timed out"},
		{netTimeout{}, "*apiruntime.RequestTimeoutError", "timed out"},
		{netOther{}, "*apiruntime.ConnectionCutError", "the connection broke before the whole response arrived"},
		{fmt.Errorf("dial: %w", syscall.ECONNREFUSED), "*apiruntime.ConnectionFailedError", "could not connect"},
		{&net.OpError{Op: "dial", Net: "tcp", Err: errors.New("no route")}, "*apiruntime.ConnectionFailedError", "could not connect"},
		{&net.OpError{Op: "read", Net: "tcp", Err: errors.New("reset")}, "*apiruntime.ConnectionCutError", "the connection broke before the whole response arrived"},
		{io.ErrUnexpectedEOF, "*apiruntime.ConnectionCutError", "the connection broke before the whole response arrived"},
	} {
		_, err, _ := call(t, answer{err: tc.err})
		if got := fmt.Sprintf("%T", err); got != tc.kind {
			t.Fatalf("%v: %s, want %s", tc.err, got, tc.kind)
		}
		wantMessage(t, err, "GET "+target+": "+tc.words+" ("+tc.err.Error()+")")
		if d := details(t, err); d.Cause != tc.err || d.Status != 0 {
			t.Fatalf("%+v", d)
		}
	}
	_, err, _ := call(t, answer{status: 200, broken: true})
	var cut *apiruntime.ConnectionCutError
	if !errors.As(err, &cut) || !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("%T %v", err, err)
	}
}

func TestARawOperationTakesA2xxAsItCame(t *testing.T) {
	raw := func(answers ...answer) (*http.Response, error) {
		resp, err, _ := roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", true), answers...)
		return resp, err
	}
	for _, status := range []int{200, 299} {
		resp, err := raw(answer{status: status, body: "\x01binary", header: map[string]string{"Content-Type": "application/octet-stream"}})
		if err != nil {
			t.Fatalf("%d: %v", status, err)
		}
		got, _ := io.ReadAll(resp.Body)
		if string(got) != "\x01binary" || resp.Header.Get("Content-Type") != "application/octet-stream" {
			t.Fatalf("%q %q", got, resp.Header.Get("Content-Type"))
		}
		_, err = raw(answer{status: status, body: `{"success":false,"msg":"X"}`})
		wantMessage(t, err, fmt.Sprintf(`HTTP %d, success=false, msg="X"`, status))
	}
	if _, err := raw(answer{status: 200, body: `{"success":true}`}); err != nil {
		t.Fatal(err)
	}
	_, err := raw(answer{status: 404, body: "<html>", header: map[string]string{"Content-Type": "text/html"}})
	var notJSON *apiruntime.NotJSONError
	if !errors.As(err, &notJSON) {
		t.Fatalf("%T %v", err, err)
	}
	_, err = raw(answer{status: 300, body: okBody("{}")})
	wantMessage(t, err, "HTTP 300, error status with success=true")
}

func TestANullItemWhereTheSchemaAdmitsNoneIsUnexpectedShapeError(t *testing.T) {
	rules := apiruntime.Rules{NullChecks: map[string][]string{
		"list":  {"data/data"},
		"deep":  {"data", "data/*/tags"},
		"other": {"data/rpcs"},
		"pair":  {"data", "meta"},
		"items": {"data/*/tags"}, // through an array whose own items may be null
	}}
	for _, tc := range []struct {
		op, body, where string
	}{
		{"list", okBody(`{"data":[1,null]}`), "data.data[1]"},
		{"deep", `{"success":true,"data":[{"tags":["a"]},{"tags":["b",null]}]}`, "data[1].tags[1]"},
		{"deep", `{"success":true,"data":[{"tags":[]},null]}`, "data[1]"},
		// the first path's null, whatever the order in the body; within a path, the first item's
		{"deep", `{"success":true,"data":[{"tags":[null]},{"tags":[null]},null]}`, "data[2]"},
		{"deep", `{"success":true,"data":[{"tags":[1]},{"tags":[null, null]},{"tags":[null]}]}`, "data[1].tags[0]"},
		{"deep", " {\n \"success\" : true ,\t\"data\" : [ { \"tags\" : [ \"a\" , null ] } ] }\r\n", "data[0].tags[1]"},
		{"list", `{"success":true,"d\u0061ta":{"data":[null]}}`, "data.data[0]"},
		{"list", `{"success":true,"\u0064ata":{"":"","data":[null]}}`, "data.data[0]"},
		{"pair", `{"success":true,"data":[1],"meta":[null]}`, "meta[0]"}, // each path of its own
		{"items", `{"success":true,"data":[null,{"tags":["a",null]}]}`, "data[1].tags[1]"},
		// nulls that are no list's items (a member's value, a string's text) before the one that is
		{"list", okBody("{\"x\":null,\"s\":\"[null\",\"t\":\"null]\",\"data\":[1,\n null\t]}"), "data.data[1]"},
		{"list", okBody(`{"data":[null]}`), "data.data[0]"},
	} {
		_, err, _ := roundTrip(t, fast, time.Second, rules, get(tc.op, false), answer{status: 200, body: tc.body})
		var shape *apiruntime.UnexpectedShapeError
		if !errors.As(err, &shape) {
			t.Fatalf("%s: %T %v", tc.body, err, err)
		}
		wantMessage(t, err, "HTTP 200: the success envelope does not match the schema ("+tc.where+" is null, and the schema admits no null there)")
	}
	for _, tc := range []struct{ op, body string }{
		{"list", okBody(`{"data":[1,2]}`)},
		{"list", okBody(`{"data":{"0":null}}`)},
		{"list", okBody(`[null]`)},
		{"deep", `{"success":true,"data":{"tags":[null]}}`},
		{"deep", `{"success":true,"data":[{"tags":{"x":null}}]}`},
		{"deep", `{"success":true,"data":{"*":{"tags":[null]}}}`},   // "*" is an array's items, not a key
		{"list", okBody(`{"data":"null]"}`)},                        // a string is no list, whatever it holds
		{"list", okBody(`{"data":[1],"x":null,"y":{"z" : null }}`)}, // members' nulls
		{"list", okBody(`{"data":[1],"s":"[null,"}`)},               // no list holds it, though the text looks like one
		{"other", okBody(`{"data":[null]}`)},
		{"op", okBody(`{"data":[null]}`)},
	} {
		if _, err, _ := roundTrip(t, fast, time.Second, rules, get(tc.op, false), answer{status: 200, body: tc.body}); err != nil {
			t.Fatalf("%s %s: %v", tc.op, tc.body, err)
		}
	}
}

func TestEachAttemptIsAFreshRequestWithItsBody(t *testing.T) {
	req, _ := http.NewRequest(http.MethodPost, target, strings.NewReader(`{"k":1}`))
	req = apiruntime.WithCall(req, "op", false)
	limited := answer{status: 429, header: map[string]string{"Retry-After": "0"}}
	_, err, base := roundTrip(t, fast, time.Second, apiruntime.Rules{}, req, limited, answer{status: 200, body: okBody("{}")})
	if err != nil || len(base.requests) != 2 {
		t.Fatalf("%v, %d requests", err, len(base.requests))
	}
	if base.bodies[0] != `{"k":1}` || base.bodies[1] != `{"k":1}` || base.requests[0] == base.requests[1] {
		t.Fatalf("%q", base.bodies)
	}
	if _, ok := base.requests[0].Context().Deadline(); !ok {
		t.Fatal("an attempt has no deadline")
	}
	failing, _ := http.NewRequest(http.MethodPost, target, strings.NewReader("x"))
	failing.GetBody = func() (io.ReadCloser, error) { return nil, errors.New("cannot rewind") }
	_, err, base = roundTrip(t, fast, time.Second, apiruntime.Rules{}, failing, answer{status: 200, body: okBody("{}")})
	if err == nil || err.Error() != "cannot rewind" || len(base.requests) != 0 {
		t.Fatalf("%v, %d requests", err, len(base.requests))
	}
}

func TestANilBaseIsTheDefaultTransport(t *testing.T) {
	transport := apiruntime.NewTransport(nil, fast, 200*time.Millisecond, apiruntime.Rules{})
	req := get("op", false)
	req.URL.Host = "127.0.0.1:1" // nothing listens on port 1: refused at once
	_, err := transport.RoundTrip(req)
	var failed *apiruntime.ConnectionFailedError
	if !errors.As(err, &failed) {
		t.Fatalf("%T %v", err, err)
	}
}

func TestErrorCodesRegisterTheirActions(t *testing.T) {
	codes := apiruntime.RegisterErrorCodes(map[apiruntime.ErrorCode]string{"UNIT_TEST_CODE": "wait"})
	if codes["UNIT_TEST_CODE"] != "wait" || apiruntime.ErrorCode("UNIT_TEST_CODE").Action() != "wait" || apiruntime.ErrorCode("NEVER").Action() != "" {
		t.Fatal("actions")
	}
	apiruntime.RegisterErrorCodes(map[apiruntime.ErrorCode]string{"UNIT_TEST_CODE": "wait"}) // the same action again is fine
	defer func() {
		if recover() == nil {
			t.Fatal("a second action for a code did not panic")
		}
	}()
	apiruntime.RegisterErrorCodes(map[apiruntime.ErrorCode]string{"UNIT_TEST_CODE": "back-off"})
}

func TestPropertiesReadsEachMemberAsItsRawJSON(t *testing.T) {
	members, err := apiruntime.Properties([]byte(` { "a" : 1, "b":{"c":[1,"x\"}]"]} ,"\u00e9":null,"s":"}","":"","a":-2.5e3 } `))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": "-2.5e3", "b": `{"c":[1,"x\"}]"]}`, "é": "null", "s": `"}"`, "": `""`}
	if len(members) != len(want) {
		t.Fatalf("%d members: %q", len(members), members)
	}
	for key, raw := range want {
		if string(members[key]) != raw {
			t.Fatalf("%s: %q, want %q", key, members[key], raw)
		}
	}
	if empty, err := apiruntime.Properties([]byte("{ }")); err != nil || len(empty) != 0 {
		t.Fatalf("{ }: %v %v", empty, err)
	}
	for _, bad := range []string{"", "[1]", "1", `"a"`, `{"a"}`, `{"a":1`, `{"a":1 "b":2}`, `{"a":}`, `{a:1}`, `{"a":"1}`,
		`{`, `{"a"`, `{"a":1,`, `{"a":1, `, `{"a":[1,2}`, `{"a` + "\t"} {
		if _, err := apiruntime.Properties([]byte(bad)); err == nil {
			t.Fatalf("%q: no error", bad)
		}
	}
}

// --- retries of the failures that pass ---------------------------------------------------

func TestEachTransientStatusIsRetriedIntoTheSuccess(t *testing.T) {
	html := map[string]string{"Content-Type": "text/html"}
	for _, status := range []int{408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524} {
		for _, first := range []answer{{status: status, body: "<html>edge</html>", header: html}, {status: status, body: `{"success":false,"msg":"busy"}`}} {
			resp, err, base := roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), first, answer{status: 200, body: okBody("{}")})
			if err != nil || resp.StatusCode != 200 || len(base.requests) != 2 {
				t.Fatalf("%d: %v, %d requests", status, err, len(base.requests))
			}
		}
		_, err, base := roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), answer{status: status, body: `{"success":false,"msg":"busy"}`})
		if d := details(t, err); d.Attempts != 3 || d.Status != status || len(base.requests) != 3 || !strings.HasSuffix(err.Error(), " (after 3 attempts)") {
			t.Fatalf("%d: %v, %d requests, %d attempts", status, err, len(base.requests), d.Attempts)
		}
	}
}

func TestOtherStatusesAndAFailureEnvelopeWithHTTP200AreNotRetried(t *testing.T) {
	for _, status := range []int{200, 400, 401, 403, 404, 409, 501} {
		_, err, base := roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), answer{status: status, body: `{"success":false,"msg":"no"}`}, answer{status: 200, body: okBody("{}")})
		var failure *apiruntime.FailureEnvelopeError
		if !errors.As(err, &failure) || len(base.requests) != 1 || failure.Attempts != 1 {
			t.Fatalf("%d: %T %v, %d requests", status, err, err, len(base.requests))
		}
		wantMessage(t, err, fmt.Sprintf(`HTTP %d, success=false, msg="no"`, status))
	}
	_, err, base := roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 403, body: "<html>challenge</html>", header: map[string]string{"Content-Type": "text/html"}})
	var notJSON *apiruntime.NotJSONError
	if !errors.As(err, &notJSON) || len(base.requests) != 1 {
		t.Fatalf("%T %v, %d requests", err, err, len(base.requests))
	}
}

func TestATransportFailureIsRetriedAndTheLastErrorCountsTheAttempts(t *testing.T) {
	cut := answer{err: io.ErrUnexpectedEOF}
	resp, err, base := roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), cut, answer{status: 200, broken: true}, answer{status: 200, body: okBody("{}")})
	if err != nil || resp.StatusCode != 200 || len(base.requests) != 3 {
		t.Fatalf("%v, %d requests", err, len(base.requests))
	}
	_, err, base = roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), cut)
	var cutErr *apiruntime.ConnectionCutError
	if !errors.As(err, &cutErr) || cutErr.Attempts != 3 || len(base.requests) != 3 || cutErr.Cause != io.ErrUnexpectedEOF {
		t.Fatalf("%T %v, %d requests", err, err, len(base.requests))
	}
	wantMessage(t, err, "GET "+target+": the connection broke before the whole response arrived (unexpected EOF) (after 3 attempts)")
	refused := answer{err: fmt.Errorf("dial: %w", syscall.ECONNREFUSED)}
	_, err, base = roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), refused, answer{status: 200, body: okBody("{}")})
	if err != nil || len(base.requests) != 2 {
		t.Fatalf("refused once: %v, %d requests", err, len(base.requests))
	}
	_, err, base = roundTrip(t, once, time.Second, apiruntime.Rules{}, get("op", false), cut)
	if !errors.As(err, &cutErr) || cutErr.Attempts != 1 || len(base.requests) != 1 || strings.Contains(err.Error(), "attempts") {
		t.Fatalf("retries off: %v, %d requests", err, len(base.requests))
	}
	// a call whose own context ends is not retried
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	_, err, base = roundTrip(t, fast, time.Second, apiruntime.Rules{}, apiruntime.WithCall(req, "op", false), answer{err: context.Canceled})
	if err == nil || len(base.requests) != 1 {
		t.Fatalf("a cancelled call: %v, %d requests", err, len(base.requests))
	}
}

func TestTheBackoffDoublesAndIsJittered(t *testing.T) {
	policy := apiruntime.DefaultRetryPolicy
	if policy.MaxRetries != 2 || policy.DefaultWait != 500*time.Millisecond || policy.MaxWait != 10*time.Second || policy.Deadline != 30*time.Second {
		t.Fatalf("the default policy: %+v", policy)
	}
	seen := map[time.Duration]bool{}
	for i := 0; i < 200; i++ {
		for retry, top := range []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second} {
			wait := policy.Backoff(retry)
			if wait > top || wait < top*3/4 {
				t.Fatalf("retry %d: %s, not within [%s, %s]", retry, wait, top*3/4, top)
			}
			seen[wait] = true
		}
	}
	if len(seen) < 100 {
		t.Fatalf("%d different waits in 600: no jitter", len(seen))
	}
	statuses := []int{}
	for status := 100; status < 600; status++ {
		if apiruntime.TransientStatuses[status] {
			statuses = append(statuses, status)
		}
	}
	if fmt.Sprint(statuses) != "[408 429 500 502 503 504 520 521 522 523 524]" {
		t.Fatalf("transient statuses %v", statuses)
	}
}

func TestTheBackoffWaitsBetweenAttempts(t *testing.T) {
	slow := fast
	slow.DefaultWait = 100 * time.Millisecond
	started := time.Now()
	_, err, base := roundTrip(t, slow, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 502, body: "<html>", header: map[string]string{"Content-Type": "text/html"}})
	took := time.Since(started)
	if len(base.requests) != 3 || took < 75*time.Millisecond+150*time.Millisecond || took > 2*time.Second {
		t.Fatalf("%v: %d requests in %s (waits of 75-100 ms, then 150-200 ms)", err, len(base.requests), took)
	}
	// a backoff that would pass the deadline is not waited: the call ends with what it has
	tight := slow
	tight.Deadline = 50 * time.Millisecond
	started = time.Now()
	_, err, base = roundTrip(t, tight, time.Second, apiruntime.Rules{}, get("op", false), answer{err: io.ErrUnexpectedEOF})
	var cutErr *apiruntime.ConnectionCutError
	if !errors.As(err, &cutErr) || len(base.requests) != 1 || time.Since(started) > 40*time.Millisecond {
		t.Fatalf("%v, %d requests after %s", err, len(base.requests), time.Since(started))
	}
}

func TestAPolicyInTheContextTakesThePlaceOfTheClients(t *testing.T) {
	req, _ := http.NewRequestWithContext(apiruntime.WithRetryPolicy(context.Background(), once), http.MethodGet, target, nil)
	busy := answer{status: 503, body: `{"success":false}`}
	_, err, base := roundTrip(t, fast, time.Second, apiruntime.Rules{}, apiruntime.WithCall(req, "op", false), busy, answer{status: 200, body: okBody("{}")})
	if err == nil || len(base.requests) != 1 {
		t.Fatalf("%v, %d requests", err, len(base.requests))
	}
	// with retries off, the one attempt is the only request: its body cannot be sent again,
	// so net/http does not resend it on a fresh connection (with retries on it has none)
	if base.requests[0].Body == nil || base.requests[0].GetBody != nil {
		t.Fatal("retries off: net/http may resend the request")
	}
	_, _, base = roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), busy, answer{status: 200, body: okBody("{}")})
	if len(base.requests) != 2 || base.requests[0].Body != nil {
		t.Fatalf("%d requests", len(base.requests))
	}
}

func TestAShapeErrorAfterRetriesCountsThem(t *testing.T) {
	resp, err, _ := roundTrip(t, fast, time.Second, apiruntime.Rules{}, get("op", false), answer{status: 502}, answer{status: 200, body: okBody("{}")})
	if err != nil {
		t.Fatal(err)
	}
	err = apiruntime.ShapeError(resp, []byte(okBody("{}")), errors.New("json: cannot unmarshal"))
	if d := details(t, err); d.Attempts != 2 || !strings.HasSuffix(err.Error(), " (after 2 attempts)") {
		t.Fatalf("%v", err)
	}
	resp, _, _ = call(t, answer{status: 200, body: okBody("{}")})
	err = apiruntime.ShapeError(resp, []byte("{"), errors.New("unexpected end"))
	if d := details(t, err); d.Attempts != 1 || strings.Contains(err.Error(), "attempts") {
		t.Fatalf("%v", err)
	}
}

// --- page walks --------------------------------------------------------------------------

type page struct {
	ids  []string
	next string
	more *bool
}

func yes(b bool) *bool { return &b }

// failing is an APIError as a page's call returns it.
func failing(t *testing.T) error {
	t.Helper()
	_, err, _ := call(t, answer{status: 502, body: "<html>", header: map[string]string{"Content-Type": "text/html"}})
	return err
}

func TestACursorWalkPassesEachCursorBackAndEndsOnThePageWithoutOne(t *testing.T) {
	book := map[string]page{"": {ids: []string{"a", "b"}, next: "c1/x+y"}, "c1/x+y": {ids: []string{}, next: "c2"}, "c2": {ids: []string{"c"}}}
	asked := []string{}
	fetch := func(cursor string) (page, error) {
		asked = append(asked, cursor)
		return book[cursor], nil
	}
	items := apiruntime.ItemsOf(apiruntime.CursorPages("nextPageId", "", fetch, func(p page) string { return p.next }), func(p page) []string { return p.ids })
	got := []string{}
	for items.Next() {
		got = append(got, items.Item())
	}
	if items.Err() != nil || fmt.Sprint(got) != "[a b c]" || fmt.Sprint(asked) != "[ c1/x+y c2]" || items.Next() {
		t.Fatalf("%v %v %v", got, asked, items.Err())
	}
	asked = nil
	pages := apiruntime.CursorPages("nextPageId", "c1/x+y", fetch, func(p page) string { return p.next })
	count := 0
	for pages.Next() {
		count++
	}
	if count != 2 || fmt.Sprint(asked) != "[c1/x+y c2]" {
		t.Fatalf("from a cursor: %d pages, %v", count, asked)
	}
}

func TestANumberedWalkEndsOnHasNextPageFalseOrAnEmptyPage(t *testing.T) {
	for _, tc := range []struct {
		name  string
		book  map[int32]page
		pages int
	}{
		{"hasNextPage false", map[int32]page{1: {ids: []string{"a"}, more: yes(true)}, 2: {ids: []string{"b"}, more: yes(false)}, 3: {ids: []string{"c"}}}, 2},
		{"an empty page", map[int32]page{1: {ids: []string{"a"}}, 2: {ids: []string{"b"}}, 3: {}}, 3},
	} {
		asked := []int32{}
		pages := apiruntime.NumberedPages("page", 1, func(n int32) (page, error) {
			asked = append(asked, n)
			return tc.book[n], nil
		}, func(p page) *bool { return p.more }, func(p page) int { return len(p.ids) })
		count := 0
		for pages.Next() {
			count++
		}
		if pages.Err() != nil || count != tc.pages || len(asked) != tc.pages {
			t.Fatalf("%s: %d pages, asked %v, %v", tc.name, count, asked, pages.Err())
		}
	}
}

func TestMaxPagesBoundsAWalk(t *testing.T) {
	asked := 0
	endless := func(n int32) (page, error) {
		asked++
		return page{ids: []string{"x", "y"}}, nil
	}
	items := apiruntime.ItemsOf(apiruntime.NumberedPages("page", 1, endless, nil, func(p page) int { return len(p.ids) }), func(p page) []string { return p.ids }).MaxPages(3)
	got := 0
	for items.Next() {
		got++
	}
	if got != 6 || asked != 3 || items.Err() != nil {
		t.Fatalf("%d items, %d pages", got, asked)
	}
	for _, bad := range []int{0, -1} {
		pages := apiruntime.NumberedPages("page", 1, endless, nil, func(p page) int { return 1 }).MaxPages(bad)
		if pages.Next() || pages.Err() == nil || pages.Err().Error() != fmt.Sprintf("MaxPages must be at least 1, not %d", bad) {
			t.Fatalf("MaxPages(%d): %v", bad, pages.Err())
		}
	}
}

func TestAFailedPageSaysWhereToResume(t *testing.T) {
	fails := failing(t)
	pages := apiruntime.CursorPages("nextPageId", "", func(cursor string) (page, error) {
		if cursor == "c1" {
			return page{}, fails
		}
		return page{ids: []string{"a"}, next: "c1"}, nil
	}, func(p page) string { return p.next })
	count := 0
	for pages.Next() {
		count++
	}
	var notJSON *apiruntime.NotJSONError
	if count != 1 || !errors.As(pages.Err(), &notJSON) || pages.Next() {
		t.Fatalf("%d pages, %v", count, pages.Err())
	}
	resume := notJSON.Resume
	if resume == nil || resume.Parameter != "nextPageId" || resume.Cursor != "c1" || resume.Page != 0 {
		t.Fatalf("%+v", resume)
	}
	if !strings.HasSuffix(pages.Err().Error(), `; the walk stopped at this page: start it again with nextPageId "c1" to resume`) {
		t.Fatal(pages.Err())
	}
	numbered := apiruntime.NumberedPages("page", 1, func(n int32) (page, error) {
		if n == 3 {
			return page{}, failing(t)
		}
		return page{ids: []string{"a"}}, nil
	}, nil, func(p page) int { return len(p.ids) })
	for numbered.Next() {
	}
	if d := details(t, numbered.Err()); d.Resume == nil || d.Resume.Parameter != "page" || d.Resume.Page != 3 || d.Resume.String() != "page 3" {
		t.Fatalf("%v", numbered.Err())
	}
	first := apiruntime.CursorPages("nextPageId", "", func(string) (page, error) { return page{}, failing(t) }, func(p page) string { return p.next })
	if first.Next() || details(t, first.Err()).Resume.String() != "the first page" {
		t.Fatalf("%v", first.Err())
	}
	plain := errors.New("not a call's error")
	other := apiruntime.CursorPages("nextPageId", "", func(string) (page, error) { return page{}, plain }, func(p page) string { return p.next })
	if other.Next() || other.Err() != plain {
		t.Fatalf("%v", other.Err())
	}
}
