package apiruntime

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Rules is what a host's module tells the transport about its service.
type Rules struct {
	// Codes are the codes its failures carry in msg (a failure's Code is set only for these).
	Codes map[ErrorCode]string
	// NullChecks, per operation, lists the arrays of its success whose items may not be null
	// (a null item would decode as a zero value): checked before decoding, so the error
	// names the index ("data/data" or "data/*/mints").
	NullChecks map[string][]string
}

// NewTransport returns the contract's transport over base (http.DefaultTransport when nil):
// a timeout per attempt and a deadline per call, the failures that pass retried as policy
// says (RetryPolicy; a call's context may carry another, WithRetryPolicy), the whole body read, `success` checked, and anything that is not a usable success returned as
// a typed error. A success's JSON is checked for its shape here (one object that closes, a
// boolean `success`) and in full by the decode that follows it, which reads it all anyway:
// ShapeError makes a decode's syntax error a MalformedJSONError. Each host's NewClient gives it
// to the generated *APIClient.
func NewTransport(base http.RoundTripper, policy RetryPolicy, timeout time.Duration, rules Rules) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return &contractTransport{base: base, policy: policy, timeout: timeout, rules: rules}
}

type contractModeKey struct{}

type contractCall struct {
	raw       bool
	operation string
}

// WithCall marks a request for the transport: which operation it is (for its null checks),
// and whether the operation declares no success body (raw: the body is not decoded, a
// success=false envelope is still a failure). The generated operations call it.
func WithCall(req *http.Request, operation string, raw bool) *http.Request {
	return req.WithContext(context.WithValue(req.Context(), contractModeKey{}, contractCall{raw, operation}))
}

// nullPaths is a set of null-check paths as a tree: each level of the body is read once for
// every path through it. index is the place of the path that ends here in the list (-1: none).
type nullPaths struct {
	index    int
	keys     []string // the members to read at this level ("*": every item of an array)
	children []*nullPaths
}

func nullTree(paths []string) *nullPaths {
	root := &nullPaths{index: -1}
	for i, path := range paths {
		node := root
		for _, segment := range strings.Split(path, "/") {
			found := -1
			for k, key := range node.keys {
				if key == segment {
					found = k
				}
			}
			if found < 0 {
				node.keys = append(node.keys, segment)
				node.children = append(node.children, &nullPaths{index: -1})
				found = len(node.keys) - 1
			}
			node = node.children[found]
		}
		if node.index < 0 {
			node.index = i
		}
	}
	return root
}

// place is one step of a location in a body: a member's key, or an array's index (key "").
type place struct {
	key   string
	index int
}

// location writes places as a path of the body ("data.data[3]").
func location(places []place) string {
	var b strings.Builder
	for _, p := range places {
		switch {
		case p.key == "":
			fmt.Fprintf(&b, "[%d]", p.index)
		case b.Len() == 0:
			b.WriteString(p.key)
		default:
			b.WriteString("." + p.key)
		}
	}
	return b.String()
}

// walk reads the value at data[at:] along the paths through n and records in first, per path,
// the location of its first null item. It reads each byte once (Members, Items, Skip), decodes
// no value and writes a location only for a null it found; it returns the index past the value.
func (n *nullPaths) walk(data []byte, at int, where []place, first []string) (int, error) {
	i := skipSpace(data, at)
	if i < len(data) && data[i] == '{' {
		return Members(data, i, func(key []byte, at int) (int, error) {
			for k, name := range n.keys {
				if name != "*" && name == string(key) {
					return n.children[k].walk(data, at, append(where, place{key: name}), first)
				}
			}
			return Skip(data, at)
		})
	}
	unchecked := n.index >= 0 && first[n.index] == ""
	var star *nullPaths // the child of the array's items, if a path goes through them
	for k, key := range n.keys {
		if key == "*" {
			star = n.children[k]
		}
	}
	if i >= len(data) || data[i] != '[' || (!unchecked && star == nil) {
		return Skip(data, i)
	}
	return Items(data, i, func(index, at int) (int, error) {
		if unchecked && bytes.HasPrefix(data[at:], []byte("null")) {
			first[n.index] = location(append(where, place{index: index}))
			unchecked = false
		}
		if star != nil {
			return star.walk(data, at, append(where, place{index: index}), first)
		}
		return Skip(data, at)
	})
}

// mayHoldNullItem is false where no list in body has a null item, which bytes.Index finds in a
// fraction of the walk's time. In JSON a null item stands after '[' or ',' and before ',' or ']'
// (whitespace aside), and a member's value never does; a match inside a string only costs the
// walk it would have skipped, so this cannot hide a null (docs/decisions/, 114).
func mayHoldNullItem(body []byte) bool {
	for at := 0; ; {
		found := bytes.Index(body[at:], []byte("null"))
		if found < 0 {
			return false
		}
		before, after := at+found-1, skipSpace(body, at+found+4)
		for before >= 0 && (body[before] == ' ' || body[before] == '\t' || body[before] == '\n' || body[before] == '\r') {
			before--
		}
		if before >= 0 && (body[before] == '[' || body[before] == ',') && (after == len(body) || body[after] == ',' || body[after] == ']') {
			return true
		}
		at += found + 4
	}
}

// checkNullItems looks for a null item where the schema admits none in a success envelope
// (valid JSON, as checkEnvelope found it); of several, it names the first path's.
func checkNullItems(paths []string, resp *http.Response, body []byte) error {
	if len(paths) == 0 {
		return nil
	}
	if !mayHoldNullItem(body) {
		return nil
	}
	first := make([]string, len(paths))
	_, _ = nullTree(paths).walk(body, 0, nil, first) // valid JSON (checkEnvelope): nothing to fail
	for _, found := range first {
		if found != "" && !json.Valid(body) { // a null in a body that is not JSON (checkEnvelope left that check)
			return malformed(resp, body)
		}
		if found != "" {
			text := fmt.Sprintf("HTTP %d: the success envelope does not match the schema (%s is null, and the schema admits no null there)", resp.StatusCode, found)
			return &UnexpectedShapeError{details(resp.StatusCode, resp.Header, body, text)}
		}
	}
	return nil
}

type contractTransport struct {
	base    http.RoundTripper
	policy  RetryPolicy
	timeout time.Duration
	rules   Rules
}

func preview(body []byte) string {
	if len(body) > 200 {
		return strconv.Quote(strings.Join(strings.Fields(string(body[:200])), " ") + "...")
	}
	return strconv.Quote(strings.Join(strings.Fields(string(body)), " "))
}

func transportError(err error, req *http.Request) error {
	where := req.Method + " " + req.URL.String()
	var netErr net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &netErr) && netErr.Timeout()) {
		return &RequestTimeoutError{ErrorDetails{Cause: err, message: where + ": timed out (" + err.Error() + ")"}}
	}
	var opErr *net.OpError
	if errors.Is(err, syscall.ECONNREFUSED) || (errors.As(err, &opErr) && opErr.Op == "dial") {
		return &ConnectionFailedError{ErrorDetails{Cause: err, message: where + ": could not connect (" + err.Error() + ")"}}
	}
	return &ConnectionCutError{ErrorDetails{Cause: err, message: where + ": the connection broke before the whole response arrived (" + err.Error() + ")"}}
}

func parseRetryAfter(value string) *float64 {
	value = strings.TrimSpace(value)
	if value == "" {
		return nil
	}
	if seconds, err := strconv.ParseUint(value, 10, 32); err == nil {
		f := float64(seconds)
		return &f
	}
	if when, err := http.ParseTime(value); err == nil {
		f := time.Until(when).Seconds()
		if f < 0 {
			f = 0
		}
		return &f
	}
	return nil
}

func envelopeOf(body []byte) (map[string]interface{}, bool) {
	var payload interface{}
	if err := json.Unmarshal(body, &payload); err != nil {
		return nil, false
	}
	envelope, ok := payload.(map[string]interface{})
	return envelope, ok
}

func failure(codes map[ErrorCode]string, status int, header http.Header, body []byte, envelope map[string]interface{}, reason string) *FailureEnvelopeError {
	msg, _ := envelope["msg"].(string)
	text := fmt.Sprintf("HTTP %d, %s", status, reason)
	if msg != "" {
		text += ", msg=" + strconv.Quote(msg)
	}
	e := &FailureEnvelopeError{ErrorDetails: details(status, header, body, text), Envelope: envelope}
	e.Msg = msg
	if _, known := codes[ErrorCode(msg)]; known {
		e.Code = ErrorCode(msg)
	}
	e.OpenTime, _ = envelope["openTime"].(string)
	if inner, ok := envelope["error"].(map[string]interface{}); ok {
		if code, ok := inner["code"].(float64); ok && code == float64(int64(code)) {
			c := int64(code)
			e.ErrorCode = &c
		}
	}
	return e
}

func rateLimited(codes map[ErrorCode]string, resp *http.Response, body []byte, extra string) *RateLimitedError {
	envelope, _ := envelopeOf(body)
	retryAfter := parseRetryAfter(resp.Header.Get("Retry-After"))
	wait := "no Retry-After"
	if retryAfter != nil {
		wait = fmt.Sprintf("Retry-After %gs", *retryAfter)
	}
	inner := failure(codes, resp.StatusCode, resp.Header, body, envelope, "rate limited ("+wait+extra+")")
	return &RateLimitedError{FailureEnvelopeError: *inner, RetryAfter: retryAfter}
}

func isJSON(mediaType string) bool {
	return mediaType == "application/json" || (strings.HasPrefix(mediaType, "application/") && strings.HasSuffix(mediaType, "+json"))
}

// checkEnvelope returns nil for a usable success, else the typed error (decode_envelope). A
// success is checked without being decoded (its `success`, successFlag; the generated code
// decodes it once, into its type, and that decode checks its JSON: ShapeError); anything else
// is checked in full (json.Valid), and a failure's envelope is decoded for its details.
func checkEnvelope(codes map[ErrorCode]string, resp *http.Response, body []byte) error {
	status, header := resp.StatusCode, resp.Header
	contentType := header.Get("Content-Type")
	mediaType := strings.ToLower(strings.TrimSpace(strings.SplitN(contentType, ";", 2)[0]))
	lenient := mediaType == "" || mediaType == "text/plain"
	if status == 429 {
		return rateLimited(codes, resp, body, "")
	}
	notJSON := fmt.Sprintf("HTTP %d: expected a JSON envelope, got %q (%d bytes: %s)", status, contentType, len(body), preview(body))
	if !isJSON(mediaType) && !lenient {
		return &NotJSONError{details(status, header, body, notJSON)}
	}
	flag := successFlag(body)
	if !lenient && status >= 200 && status <= 299 && flag == "true" {
		// A success: the operation's decode reads all of it (encoding/json checks it as it
		// goes, and ShapeError calls a failure malformed JSON where the body is not JSON), so it
		// is not read once more here to be checked first.
		return nil
	}
	if !json.Valid(body) {
		if lenient {
			return &NotJSONError{details(status, header, body, notJSON)}
		}
		return malformed(resp, body)
	}
	if flag != "true" && flag != "false" { // the body is valid JSON: successFlag read it whole
		return &UnexpectedShapeError{details(status, header, body, fmt.Sprintf("HTTP %d: the body is JSON but not an envelope (no boolean 'success'): %s", status, preview(body)))}
	}
	if flag == "true" && status >= 200 && status <= 299 {
		return nil
	}
	reason := "success=false"
	if flag == "true" {
		reason = "error status with success=true"
	}
	envelope, _ := envelopeOf(body)
	return failure(codes, status, header, body, envelope, reason)
}

// malformed is the error of a body that is not valid JSON, in encoding/json's own words.
func malformed(resp *http.Response, body []byte) error {
	var probe json.RawMessage
	err := json.Unmarshal(body, &probe)
	what := "the body is not valid JSON (" + err.Error() + "); it may be truncated"
	if len(body) == 0 {
		what = "the body is empty"
	}
	text := fmt.Sprintf("HTTP %d: %s (%d bytes: %s)", resp.StatusCode, what, len(body), preview(body))
	return &MalformedJSONError{details(resp.StatusCode, resp.Header, body, text)}
}

// successFlag is the raw JSON of the body's last `success` member, read with Members: "" where
// the body is not one object that closes (a cut body, or more after it) or has no such member.
func successFlag(body []byte) string {
	var flag []byte
	end, err := Members(body, 0, func(key []byte, at int) (int, error) {
		end, err := Skip(body, at)
		if err == nil && string(key) == "success" {
			flag = body[at:end]
		}
		return end, err
	})
	if err != nil || skipSpace(body, end) != len(body) { // cut, or more after the object
		return ""
	}
	return string(flag)
}

// ShapeError is the error of a success whose body does not decode into the operation's
// type (the generated operations return it for a decode failure); of one that is not valid
// JSON (checkEnvelope left that to the decode), a MalformedJSONError.
func ShapeError(resp *http.Response, body []byte, err error) error {
	if !json.Valid(body) {
		return counted(malformed(resp, body), attemptsOf(resp))
	}
	text := fmt.Sprintf("HTTP %d: the success envelope does not match the schema (%s)", resp.StatusCode, err.Error())
	return counted(&UnexpectedShapeError{ErrorDetails{Status: resp.StatusCode, Header: resp.Header, Body: body, Cause: err, message: text}}, attemptsOf(resp))
}

// askedWait is the wait a response asks for: retry-after-ms, or Retry-After (seconds or a
// date); false where it names none.
func askedWait(header http.Header) (time.Duration, bool) {
	if ms := strings.TrimSpace(header.Get("Retry-After-Ms")); ms != "" && strings.Trim(ms, "0123456789.") == "" && strings.Count(ms, ".") <= 1 && ms[0] != '.' && ms[len(ms)-1] != '.' {
		if value, err := strconv.ParseFloat(ms, 64); err == nil {
			return time.Duration(value * float64(time.Millisecond)), true
		}
	}
	if seconds := parseRetryAfter(header.Get("Retry-After")); seconds != nil {
		return time.Duration(*seconds * float64(time.Second)), true
	}
	return 0, false
}

// waitBefore is the wait before retry number retry, or -1 and why the call ends now with the
// failure it has ("" where no retry is left).
func waitBefore(policy RetryPolicy, retry int, ends time.Time, header http.Header) (time.Duration, string) {
	if retry >= policy.MaxRetries {
		return -1, ""
	}
	wait, asked := askedWait(header)
	if !asked {
		wait = policy.Backoff(retry)
	}
	if wait > policy.MaxWait {
		return -1, fmt.Sprintf("; the wait exceeds the retry policy's MaxWait of %s", policy.MaxWait)
	}
	if !time.Now().Add(wait).Before(ends) {
		return -1, fmt.Sprintf("; waiting would pass the call's deadline of %s", policy.Deadline)
	}
	return wait, ""
}

// sleep waits d, or less if ctx ends first (its error then).
func sleep(ctx context.Context, d time.Duration) error {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// onceOnly is the body of a request sent once: net/http resends a GET whose reused keep-alive
// connection the server closed before answering, unless its body cannot be sent again, as this
// empty one cannot (net/http sends no body for it). With retries off, the one attempt is the
// only request.
type onceOnly struct{}

func (onceOnly) Read([]byte) (int, error) { return 0, io.EOF }
func (onceOnly) Close() error             { return nil }

type attemptsKey struct{}

// attemptsOf is how many attempts the call that returned resp made (1 where it did not say).
func attemptsOf(resp *http.Response) int {
	if resp != nil && resp.Request != nil {
		if n, ok := resp.Request.Context().Value(attemptsKey{}).(int); ok {
			return n
		}
	}
	return 1
}

func (t *contractTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	call, _ := req.Context().Value(contractModeKey{}).(contractCall)
	policy := t.policy
	if asked, ok := req.Context().Value(retryPolicyKey{}).(RetryPolicy); ok {
		policy = asked
	}
	ends := time.Now().Add(policy.Deadline)
	for retry := 0; ; retry++ {
		attempts := retry + 1
		remaining := time.Until(ends)
		if remaining <= 0 {
			return nil, counted(&RequestTimeoutError{ErrorDetails{message: fmt.Sprintf("%s %s: the call's deadline of %s passed", req.Method, req.URL, policy.Deadline)}}, attempts)
		}
		limit := t.timeout
		lastChance := remaining <= limit // this attempt's timeout is what is left of the deadline
		if lastChance {
			limit = remaining
		}
		ctx, cancel := context.WithTimeout(req.Context(), limit)
		sent := req.Clone(ctx)
		if req.GetBody != nil {
			fresh, err := req.GetBody()
			if err != nil {
				cancel()
				return nil, err
			}
			sent.Body = fresh
		} else if policy.MaxRetries == 0 && (sent.Body == nil || sent.Body == http.NoBody) {
			sent.Body = onceOnly{}
		}
		resp, err := t.base.RoundTrip(sent)
		var body []byte
		if err == nil {
			body, err = readAll(resp.Body, resp.ContentLength)
			resp.Body.Close()
		}
		cancel()
		if err != nil {
			failed := transportError(err, req)
			var timedOut *RequestTimeoutError
			if errors.As(failed, &timedOut) && lastChance && req.Context().Err() == nil {
				return nil, counted(&RequestTimeoutError{ErrorDetails{Cause: err, message: fmt.Sprintf("%s %s: the call's deadline of %s passed (%s)", req.Method, req.URL, policy.Deadline, err)}}, attempts)
			}
			wait, _ := waitBefore(policy, retry, ends, nil)
			if wait < 0 || req.Context().Err() != nil || sleep(req.Context(), wait) != nil {
				return nil, counted(failed, attempts)
			}
			continue
		}
		if TransientStatuses[resp.StatusCode] {
			wait, why := waitBefore(policy, retry, ends, resp.Header)
			if wait >= 0 {
				if sleep(req.Context(), wait) != nil {
					return nil, counted(transportError(req.Context().Err(), req), attempts)
				}
				continue
			}
			if resp.StatusCode == 429 && why != "" {
				return nil, counted(rateLimited(t.rules.Codes, resp, body, why), attempts)
			}
		}
		if err := t.outcome(call, resp, body); err != nil {
			return nil, counted(err, attempts)
		}
		if attempts > 1 { // for ShapeError, should the success not decode
			resp.Request = req.WithContext(context.WithValue(req.Context(), attemptsKey{}, attempts))
		}
		return resp, nil
	}
}

// outcome checks a response that is not retried: nil for a usable success (its body then
// ready to read again), else the typed error.
func (t *contractTransport) outcome(call contractCall, resp *http.Response, body []byte) error {
	if call.raw && resp.StatusCode >= 200 && resp.StatusCode <= 299 {
		if envelope, ok := envelopeOf(body); ok && envelope["success"] == false {
			return failure(t.rules.Codes, resp.StatusCode, resp.Header, body, envelope, "success=false")
		}
	} else if err := checkEnvelope(t.rules.Codes, resp, body); err != nil {
		return err
	} else if call.raw {
		return &UnexpectedStatusError{details(resp.StatusCode, resp.Header, body, fmt.Sprintf("HTTP %d: unexpected status", resp.StatusCode))}
	} else if err := checkNullItems(t.rules.NullChecks[call.operation], resp, body); err != nil {
		return err
	}
	if !call.raw && !isJSON(strings.ToLower(strings.TrimSpace(strings.SplitN(resp.Header.Get("Content-Type"), ";", 2)[0]))) {
		resp.Header.Set("Content-Type", "application/json") // mislabelled JSON (text/plain): the body decided
	}
	resp.Body = &readBody{bytes.NewReader(body), body}
	resp.ContentLength = int64(len(body))
	return nil
}

// presizeLimit bounds the buffer readAll sets aside on a response's word (Content-Length).
const presizeLimit = 64 << 20

// readAll reads r to its end, as io.ReadAll does, into a buffer of the announced size where the
// response announced one (within presizeLimit): a body of that size is read without the
// buffer growing and being copied on the way.
func readAll(r io.Reader, size int64) ([]byte, error) {
	if size <= 0 || size > presizeLimit {
		return io.ReadAll(r)
	}
	data := make([]byte, 0, size)
	for {
		if len(data) == cap(data) { // all that was announced: is there more?
			var probe [512]byte
			n, err := r.Read(probe[:])
			data = append(data, probe[:n]...)
			if err == io.EOF {
				return data, nil
			}
			if err != nil {
				return data, err
			}
			continue
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return data, err
		}
	}
}

// readBody is the body of a response the transport read whole: a reader of its bytes, which
// ReadBody hands on without copying them.
type readBody struct {
	*bytes.Reader
	data []byte
}

func (*readBody) Close() error { return nil }

// ReadBody reads r to its end (the generated operations read a response body with it). A body
// the contract transport returned, not yet read, gives its bytes as they are, not a copy.
func ReadBody(r io.Reader) ([]byte, error) {
	if whole, ok := r.(*readBody); ok && whole.Len() == len(whole.data) {
		_, _ = whole.Seek(0, io.SeekEnd) // read to its end, as io.ReadAll leaves it
		return whole.data, nil
	}
	return io.ReadAll(r)
}
