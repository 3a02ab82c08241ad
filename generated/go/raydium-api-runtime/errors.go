// Package apiruntime is the shared runtime of the Go clients of raydium-api-descriptions
// (unofficial: not published by the services' operators). Every host's module requires it
// and names its types as its own (type aliases), so one errors.As into one of these types
// catches the failures of every host: the error hierarchy, the retry policy and the
// contract's transport live here once.
//
// Written by hand in scripts/runtime/go and copied by scripts/clients/runtimes.py; the client
// contract is ../shared/design.md.
package apiruntime

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"net/http"
	"strings"
	"sync"
	"time"
)

// RetryPolicy says how a call retries the failures that pass, and how long it may take.
//
// A call is sent again when the connection is refused or reset, an attempt times out, the
// connection is cut mid-body, or the status is one of TransientStatuses (408, 429, 500,
// 502-504, Cloudflare's 520-524), whatever the body: none of these services changes state, so
// every operation may be retried. It waits what Retry-After (or retry-after-ms) asks for, or
// else a backoff that starts at DefaultWait and doubles at each retry, jittered (Backoff). A
// wait longer than MaxWait, or one that would pass the deadline, is not waited: the call ends
// with the failure it has (a 429 as a RateLimitedError that says why). Any other status ends
// the call at once: a failure envelope with HTTP 200, a 400 or a 403 is not retried.
//
// A client's policy is Options.Retry; one call takes another with WithRetryPolicy. MaxRetries
// 0 turns retrying off.
type RetryPolicy struct {
	MaxRetries  int           // a failure that passes is retried at most this many times (0: never)
	MaxWait     time.Duration // a longer wait is not waited: the call ends with the failure at once
	DefaultWait time.Duration // the first retry's backoff where the failure names no wait; doubled at each retry
	Deadline    time.Duration // a whole call, retries included, ends within this
}

// DefaultRetryPolicy: 2 retries, waits up to 10 s, a backoff of 0.5 s then 1 s (jittered)
// where Retry-After names no wait, 30 s per call.
var DefaultRetryPolicy = RetryPolicy{MaxRetries: 2, MaxWait: 10 * time.Second, DefaultWait: 500 * time.Millisecond, Deadline: 30 * time.Second}

// TransientStatuses are the HTTP statuses of the failures that pass, which a call retries: a
// timeout, the rate limit, the server or the edge (Cloudflare's 520-524: the origin's
// connection, timeout or response failed).
var TransientStatuses = map[int]bool{408: true, 429: true, 500: true, 502: true, 503: true, 504: true,
	520: true, 521: true, 522: true, 523: true, 524: true}

// Backoff is the wait before retry number retry (0 for the first) where the failure names
// none: DefaultWait doubled at each retry, less up to a quarter at random (the jitter keeps
// clients that failed together from retrying together).
func (p RetryPolicy) Backoff(retry int) time.Duration {
	jitterLock.Lock()
	share := jitter.Float64()
	jitterLock.Unlock()
	return time.Duration(float64(p.DefaultWait) * math.Pow(2, float64(retry)) * (1 - 0.25*share))
}

var (
	jitterLock sync.Mutex
	// seeded here: before Go 1.20 the package's own source starts from the same seed in
	// every process, which would make every client's jitter the same
	jitter = rand.New(rand.NewSource(time.Now().UnixNano()))
)

type retryPolicyKey struct{}

// WithRetryPolicy returns a context whose calls retry as policy says, in place of the
// client's policy: one call without retries is
//
//	policy := apiruntime.DefaultRetryPolicy
//	policy.MaxRetries = 0
//	client.PoolsAPI.ListPools(apiruntime.WithRetryPolicy(ctx, policy)).Execute()
func WithRetryPolicy(ctx context.Context, policy RetryPolicy) context.Context {
	return context.WithValue(ctx, retryPolicyKey{}, policy)
}

// DefaultTimeout bounds each attempt: connecting, the headers and the whole body.
const DefaultTimeout = 8 * time.Second

// ErrorDetails is what every contract error carries.
type ErrorDetails struct {
	Status   int         // the HTTP status; 0 when no response arrived
	Msg      string      // the envelope's msg, where the body had one
	Header   http.Header // the response headers, where a response arrived
	Body     []byte      // the response body, where one arrived
	Cause    error       // the underlying error of a transport failure
	Attempts int         // how many times the call was sent (its message says so when more than once)
	// Resume is set on the error of a page walk's page: where the walk starts again (no item
	// of that page was given); nil on the error of a single call.
	Resume  *Resume
	message string
}

func (d *ErrorDetails) Error() string          { return d.message }
func (d *ErrorDetails) Unwrap() error          { return d.Cause }
func (d *ErrorDetails) Details() *ErrorDetails { return d }

// counted records on err, an APIError, the attempts its call made, and says them in its
// message when more than one; any other error is returned as it is.
func counted(err error, attempts int) error {
	if api, ok := err.(APIError); ok {
		d := api.Details()
		if attempts > 1 && d.Attempts != attempts {
			d.message = strings.TrimSuffix(d.message, fmt.Sprintf(" (after %d attempts)", d.Attempts))
			d.message += fmt.Sprintf(" (after %d attempts)", attempts)
		}
		d.Attempts = attempts
	}
	return err
}

// APIError is satisfied by every error of the contract, of every host: errors.As(err, &apiErr).
type APIError interface {
	error
	Details() *ErrorDetails
}

// ErrorCode is a code that a failure carries in msg. Each host's module declares its known
// codes as constants of this type and registers what a client does next about each
// (RegisterErrorCodes). A failure with a code its service does not list keeps it in Msg,
// with Code "".
type ErrorCode string

var (
	actionsLock sync.RWMutex
	actions     = map[ErrorCode]string{}
)

// RegisterErrorCodes records what a client does next about each of a host's codes
// (fix-request, re-quote, wait or back-off), for ErrorCode.Action, and returns the codes.
// Each host's module calls it once, as its package is initialised. A code that two hosts
// register with different actions panics: Action could not answer for both.
func RegisterErrorCodes(codes map[ErrorCode]string) map[ErrorCode]string {
	actionsLock.Lock()
	defer actionsLock.Unlock()
	for code, action := range codes {
		if known, ok := actions[code]; ok && known != action {
			panic(fmt.Sprintf("apiruntime: error code %q registered with two actions (%q, %q)", code, known, action))
		}
		actions[code] = action
	}
	return codes
}

// Action is what a client does next about a known code ("" for an unknown one): fix-request,
// re-quote, wait (until the failure's OpenTime) or back-off.
func (c ErrorCode) Action() string {
	actionsLock.RLock()
	defer actionsLock.RUnlock()
	return actions[c]
}

// FailureEnvelopeError: the service answered success=false (whatever the HTTP status).
type FailureEnvelopeError struct {
	ErrorDetails
	ErrorCode *int64                 // the pool data service's error.code
	Code      ErrorCode              // msg, where it is a known code of the answering service ("" otherwise)
	OpenTime  string                 // openTime, when the pool opens (Unix seconds), sent with a pool that is not open yet
	Envelope  map[string]interface{} // the whole decoded body
}

// RateLimitedError: HTTP 429 after the retries, or at once when its wait is longer than MaxWait or
// would pass the call's deadline.
type RateLimitedError struct {
	FailureEnvelopeError
	RetryAfter *float64 // seconds; nil when absent or unreadable
}

// NotJSONError: the body is not JSON (an HTML page from the edge proxy).
type NotJSONError struct{ ErrorDetails }

// MalformedJSONError: the body claims to be JSON but does not parse (truncated or empty).
type MalformedJSONError struct{ ErrorDetails }

// UnexpectedShapeError: JSON that is not an envelope, or a success that does not fit the schema.
type UnexpectedShapeError struct{ ErrorDetails }

// UnexpectedStatusError: a status with no declared success and no failure envelope.
type UnexpectedStatusError struct{ ErrorDetails }

// ConnectionFailedError: the connection could not be made (refused, unreachable).
type ConnectionFailedError struct{ ErrorDetails }

// RequestTimeoutError: the per-attempt timeout or the call's deadline passed.
type RequestTimeoutError struct{ ErrorDetails }

// ConnectionCutError: the connection broke before the whole response arrived.
type ConnectionCutError struct{ ErrorDetails }

func details(status int, header http.Header, body []byte, message string) ErrorDetails {
	return ErrorDetails{Status: status, Header: header, Body: body, message: message}
}
