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
	"fmt"
	"net/http"
	"sync"
	"time"
)

// RetryPolicy says how HTTP 429 is retried and how long a call may take.
type RetryPolicy struct {
	MaxRetries  int           // a 429 is retried at most this many times
	MaxWait     time.Duration // a longer Retry-After is not waited: RateLimitedError at once
	DefaultWait time.Duration // the wait when a 429 has no readable Retry-After
	Deadline    time.Duration // a whole call, retries included, ends within this
}

// DefaultRetryPolicy: 2 retries, waits up to 10 s, 1 s without Retry-After, 30 s per call.
var DefaultRetryPolicy = RetryPolicy{MaxRetries: 2, MaxWait: 10 * time.Second, DefaultWait: time.Second, Deadline: 30 * time.Second}

// DefaultTimeout bounds each attempt: connecting, the headers and the whole body.
const DefaultTimeout = 8 * time.Second

// ErrorDetails is what every contract error carries.
type ErrorDetails struct {
	Status  int         // the HTTP status; 0 when no response arrived
	Msg     string      // the envelope's msg, where the body had one
	Header  http.Header // the response headers, where a response arrived
	Body    []byte      // the response body, where one arrived
	Cause   error       // the underlying error of a transport failure
	message string
}

func (d *ErrorDetails) Error() string          { return d.message }
func (d *ErrorDetails) Unwrap() error          { return d.Cause }
func (d *ErrorDetails) Details() *ErrorDetails { return d }

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

// RateLimitedError: HTTP 429 after the retries, or at once when Retry-After asks for more than MaxWait.
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
