//! Unit tests of the Rust shared runtime (scripts/runtime/rust, copied to
//! generated/rust/raydium-api-runtime), through its public API only: `accept` on bodies of the
//! test's own, and `send` against a small server on 127.0.0.1 that answers each connection as
//! the test scripts it. They read exact messages, kinds, retry counts and times, so that our
//! operator set's mutants of lib.rs (make mutation) are caught in seconds;
//! tests/clients/test_rust_client.py proves the same contract end to end against the hostile
//! server. tests/clients/test_rust_client.py runs this file as the integration test of a crate
//! of its own that depends on the runtime by path.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use raydium_api_runtime::{accept, call as call_and_decode, decode, http_client, send, ApiError, ErrorCode, Items, Kind, Mode, Pages, Resume, RetryPolicy, Rules, Verbatim, DEFAULT_RETRY_POLICY, DEFAULT_TIMEOUT, TRANSIENT_STATUSES};

fn known(msg: &str) -> Option<ErrorCode> {
    if msg == "REQ_POOL_NOT_OPEN" {
        Some(ErrorCode::ReqPoolNotOpen)
    } else {
        None
    }
}

fn checks(operation: &str) -> &'static [&'static str] {
    match operation {
        "list" => &["data/data"],
        "deep" => &["data", "data/*/tags"],
        "other" => &["data/rpcs"],
        _ => &[],
    }
}

const RULES: Rules = Rules { code: known, null_checks: checks };

fn ok_body(data: &str) -> Vec<u8> {
    format!(r#"{{"id":"1","success":true,"data":{}}}"#, data).into_bytes()
}

fn envelope(status: u16, content_type: &str, body: &[u8]) -> Result<Vec<u8>, ApiError> {
    accept(status, content_type, None, body.to_vec(), Mode::Envelope, "op", &RULES)
}

fn message(error: &ApiError) -> String {
    error.to_string()
}

#[test]
fn the_defaults_are_the_contracts() {
    let parts: Vec<&str> = raydium_api_runtime::VERSION.split('.').collect();
    assert!(parts.len() == 3 && parts.iter().all(|p| p.parse::<u32>().is_ok()), "VERSION {:?}", raydium_api_runtime::VERSION);
    assert_eq!(DEFAULT_TIMEOUT, Duration::from_secs(8));
    assert_eq!(
        DEFAULT_RETRY_POLICY,
        RetryPolicy { max_retries: 2, max_wait: Duration::from_secs(10), default_wait: Duration::from_millis(500), deadline: Duration::from_secs(30) }
    );
    assert_eq!(RetryPolicy::default(), DEFAULT_RETRY_POLICY);
    assert_eq!(TRANSIENT_STATUSES, [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524]);
}

#[test]
fn a_success_is_accepted_as_it_came() {
    for status in [200, 299] {
        for content_type in ["application/json", "application/json; charset=utf-8", "application/json ; charset=utf-8", "Application/Problem+JSON", "text/plain", ""] {
            assert_eq!(envelope(status, content_type, &ok_body("{}")).unwrap(), ok_body("{}"), "{} {}", status, content_type);
        }
    }
}

#[test]
fn html_from_the_edge_is_not_json() {
    let html = b"<html>\n  <body>  Bad   gateway </body></html>";
    let error = envelope(520, "text/html; charset=UTF-8", html).unwrap_err();
    assert_eq!(error.kind, Kind::NotJson);
    assert_eq!(message(&error), format!(r#"NotJson: HTTP 520: expected a JSON envelope, got "text/html; charset=UTF-8" ({} bytes: "<html> <body> Bad gateway </body></html>")"#, html.len()));
    assert_eq!(error.status, Some(520));
    assert_eq!(error.body, html.to_vec());
    let exactly = "y".repeat(200);
    let error = envelope(403, "text/html", exactly.as_bytes()).unwrap_err();
    assert_eq!(message(&error), format!(r#"NotJson: HTTP 403: expected a JSON envelope, got "text/html" (200 bytes: "{}")"#, exactly));
    let error = envelope(403, "text/html", "x".repeat(201).as_bytes()).unwrap_err();
    assert_eq!(message(&error), format!(r#"NotJson: HTTP 403: expected a JSON envelope, got "text/html" (201 bytes: "{}"...)"#, "x".repeat(200)));
    for content_type in ["text/plain", ""] {
        let error = envelope(200, content_type, b"<p>hi</p>").unwrap_err();
        assert_eq!(message(&error), format!(r#"NotJson: HTTP 200: expected a JSON envelope, got {:?} (9 bytes: "<p>hi</p>")"#, content_type));
    }
    for content_type in ["application/xml", "text/x+json"] {
        assert_eq!(envelope(200, content_type, &ok_body("{}")).unwrap_err().kind, Kind::NotJson, "{}", content_type);
    }
}

#[test]
fn json_that_does_not_parse_is_malformed() {
    let error = envelope(200, "application/json", br#"{"success": tr"#).unwrap_err();
    assert_eq!(error.kind, Kind::MalformedJson);
    assert_eq!(message(&error), r#"MalformedJson: HTTP 200: the body is not valid JSON (EOF while parsing a value at line 1 column 14); it may be truncated (14 bytes: "{\"success\": tr")"#);
    let error = envelope(200, "application/json", b"").unwrap_err();
    assert_eq!(message(&error), r#"MalformedJson: HTTP 200: the body is empty (0 bytes: "")"#);
}

#[test]
fn json_that_is_not_an_envelope_has_an_unexpected_shape() {
    for body in ["[]", "null", "3", r#"{"data":{}}"#, r#"{"success":"true"}"#] {
        let error = envelope(200, "application/json", body.as_bytes()).unwrap_err();
        assert_eq!(error.kind, Kind::UnexpectedShape, "{}", body);
        assert_eq!(message(&error), format!("UnexpectedShape: HTTP 200: the body is JSON but not an envelope (no boolean 'success'): {:?}", body));
    }
}

#[test]
fn a_failure_envelope_is_typed() {
    let body = br#"{"id":"1","success":false,"msg":"REQ_POOL_NOT_OPEN","openTime":"17","error":{"code":1001}}"#;
    for status in [200, 400, 500] {
        let error = envelope(status, "application/json", body).unwrap_err();
        assert_eq!(error.kind, Kind::FailureEnvelope);
        assert_eq!(message(&error), format!(r#"FailureEnvelope: HTTP {}, success=false, msg="REQ_POOL_NOT_OPEN""#, status));
        assert_eq!(error.code, Some(ErrorCode::ReqPoolNotOpen));
        assert_eq!(error.msg.as_deref(), Some("REQ_POOL_NOT_OPEN"));
        assert_eq!(error.open_time.as_deref(), Some("17"));
        assert_eq!(error.error_code, Some(1001));
        assert_eq!(error.status, Some(status));
        assert_eq!(error.body, body.to_vec());
    }
    let error = envelope(400, "application/json", br#"{"success":false,"msg":"OTHER","openTime":17,"error":{"code":1.5}}"#).unwrap_err();
    assert_eq!((error.code, error.msg.as_deref(), error.open_time, error.error_code), (None, Some("OTHER"), None, None));
    let error = envelope(400, "application/json", br#"{"success":false,"msg":7}"#).unwrap_err();
    assert_eq!(message(&error), "FailureEnvelope: HTTP 400, success=false");
    for status in [199, 300, 404, 503] {
        let error = envelope(status, "application/json", &ok_body("{}")).unwrap_err();
        assert_eq!(message(&error), format!("FailureEnvelope: HTTP {}, error status with success=true", status));
    }
}

#[test]
fn a_429_that_is_not_retried_is_rate_limited() {
    let error = accept(429, "text/html", Some(3.0), b"<html>".to_vec(), Mode::Envelope, "op", &RULES).unwrap_err();
    assert_eq!(error.kind, Kind::RateLimited);
    assert_eq!(message(&error), "RateLimited: HTTP 429, rate limited (Retry-After 3s)");
    assert_eq!(error.retry_after, Some(3.0));
    let error = accept(429, "application/json", None, br#"{"success":false,"msg":"REQ_POOL_NOT_OPEN"}"#.to_vec(), Mode::Envelope, "op", &RULES).unwrap_err();
    assert_eq!(message(&error), r#"RateLimited: HTTP 429, rate limited (no Retry-After), msg="REQ_POOL_NOT_OPEN""#);
    assert_eq!((error.retry_after, error.code), (None, Some(ErrorCode::ReqPoolNotOpen)));
    let error = accept(429, "application/json", None, b"[1]".to_vec(), Mode::Envelope, "op", &RULES).unwrap_err();
    assert_eq!(error.msg, None);
}

#[test]
fn a_raw_operation_takes_a_2xx_as_it_came() {
    let raw = |status: u16, content_type: &str, body: &[u8]| accept(status, content_type, None, body.to_vec(), Mode::Raw, "op", &RULES);
    for status in [200, 299] {
        assert_eq!(raw(status, "application/octet-stream", b"\x01binary").unwrap(), b"\x01binary".to_vec());
        let error = raw(status, "application/json", br#"{"success":false,"msg":"X"}"#).unwrap_err();
        assert_eq!(message(&error), format!(r#"FailureEnvelope: HTTP {}, success=false, msg="X""#, status));
    }
    assert!(raw(200, "application/json", br#"{"success":true}"#).is_ok());
    assert_eq!(raw(404, "text/html", b"<html>").unwrap_err().kind, Kind::NotJson);
    assert_eq!(message(&raw(300, "application/json", &ok_body("{}")).unwrap_err()), "FailureEnvelope: HTTP 300, error status with success=true");
}

#[test]
fn a_null_item_where_the_schema_admits_none_has_an_unexpected_shape() {
    let cases = [
        ("list", r#"{"success":true,"data":{"data":[1,null]}}"#, "data.data[1]"),
        ("deep", r#"{"success":true,"data":[{"tags":["a"]},{"tags":["b",null]}]}"#, "data[1].tags[1]"),
        ("deep", r#"{"success":true,"data":[{"tags":[]},null]}"#, "data[1]"),
    ];
    for (operation, body, at) in cases {
        let error = accept(200, "application/json", None, body.as_bytes().to_vec(), Mode::Envelope, operation, &RULES).unwrap_err();
        assert_eq!(error.kind, Kind::UnexpectedShape, "{}", body);
        assert_eq!(message(&error), format!("UnexpectedShape: HTTP 200: the success envelope does not match the schema ({} is null, and the schema admits no null there)", at));
    }
    let fine = [
        ("list", r#"{"success":true,"data":{"data":[1,2]}}"#),
        ("list", r#"{"success":true,"data":{"data":{"0":null}}}"#),
        ("list", r#"{"success":true,"data":[null]}"#),
        ("deep", r#"{"success":true,"data":{"tags":[null]}}"#),
        ("deep", r#"{"success":true,"data":[{"tags":{"x":null}}]}"#),
        ("other", r#"{"success":true,"data":{"data":[null]}}"#),
        ("op", r#"{"success":true,"data":{"data":[null]}}"#),
    ];
    for (operation, body) in fine {
        assert!(accept(200, "application/json", None, body.as_bytes().to_vec(), Mode::Envelope, operation, &RULES).is_ok(), "{} {}", operation, body);
    }
}

#[test]
fn decode_and_verbatim() {
    #[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
    struct Quote {
        amount: u64,
    }
    let quote: Verbatim<Quote> = decode(br#"{"amount":18446744073709551615,  "extra":1.50}"#).unwrap();
    assert_eq!(quote.amount, u64::MAX);
    assert_eq!(quote.raw_json(), Some(r#"{"amount":18446744073709551615,  "extra":1.50}"#));
    assert_eq!(serde_json::to_string(&quote).unwrap(), r#"{"amount":18446744073709551615,  "extra":1.50}"#, "sent back byte for byte");
    let mine = Verbatim::new(Quote { amount: 5 });
    assert_eq!(mine.raw_json(), None);
    assert_eq!(serde_json::to_string(&mine).unwrap(), r#"{"amount":5}"#);
    assert_eq!(Verbatim::from(Quote { amount: 6 }).into_inner(), Quote { amount: 6 });
    let error = decode::<Quote>(br#"{"amount":"x"}"#).unwrap_err();
    assert_eq!(error.kind, Kind::UnexpectedShape);
    assert_eq!(error.status, Some(200));
    assert_eq!(message(&error), "UnexpectedShape: the success envelope does not match the schema (invalid type: string \"x\", expected u64 at line 1 column 13)");
    assert!(std::error::Error::source(&error).is_some());
    assert!(std::error::Error::source(&ApiError::new(Kind::NotJson, None, b"", "m".to_owned())).is_none());
}

/// How the server answers one connection.
#[derive(Clone)]
enum Reply {
    /// A whole response: status, headers, body.
    Whole(u16, Vec<(&'static str, String)>, Vec<u8>),
    /// Headers that promise more body than arrives, then the connection closes.
    Cut,
    /// Nothing, until the client gives up.
    Stall,
}

/// A server on 127.0.0.1 that answers the n-th connection with replies[n] (the last repeats),
/// and counts the connections.
fn serve(replies: Vec<Reply>) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/main/info", listener.local_addr().unwrap());
    let count = Arc::new(AtomicUsize::new(0));
    let counter = count.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let n = counter.fetch_add(1, Ordering::SeqCst);
            let reply = replies[n.min(replies.len() - 1)].clone();
            std::thread::spawn(move || {
                let mut buffer = [0u8; 8192];
                let _ = stream.set_read_timeout(Some(Duration::from_millis(500)));
                let _ = stream.read(&mut buffer);
                match reply {
                    Reply::Whole(status, headers, body) => {
                        let mut head = format!("HTTP/1.1 {} X\r\nContent-Length: {}\r\nConnection: close\r\n", status, body.len());
                        for (name, value) in headers {
                            head += &format!("{}: {}\r\n", name, value);
                        }
                        let _ = stream.write_all(head.as_bytes());
                        let _ = stream.write_all(b"\r\n");
                        let _ = stream.write_all(&body);
                    }
                    Reply::Cut => {
                        let _ = stream.write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{\"success\":");
                    }
                    Reply::Stall => std::thread::sleep(Duration::from_secs(5)),
                }
            });
        }
    });
    (url, count)
}

fn json(status: u16, body: &[u8]) -> Reply {
    Reply::Whole(status, vec![("Content-Type", "application/json".to_owned())], body.to_vec())
}

fn limited(retry_after: Option<&str>) -> Reply {
    let mut headers = vec![("Content-Type", "application/json".to_owned())];
    if let Some(value) = retry_after {
        headers.push(("Retry-After", value.to_owned()));
    }
    Reply::Whole(429, headers, br#"{"success":false,"msg":"slow"}"#.to_vec())
}

const FAST: RetryPolicy = RetryPolicy { max_retries: 2, max_wait: Duration::from_secs(10), default_wait: Duration::from_millis(10), deadline: Duration::from_secs(30) };

fn call(url: &str, timeout: Duration, policy: RetryPolicy) -> Result<Vec<u8>, ApiError> {
    let client = http_client(timeout).unwrap();
    let request = client.get(url).build().unwrap();
    send(&client, timeout, policy, request, Mode::Envelope, "op", &RULES)
}

#[test]
fn send_returns_a_success_and_types_a_failure() {
    let (url, count) = serve(vec![json(200, &ok_body("{}"))]);
    assert_eq!(call(&url, Duration::from_secs(2), FAST).unwrap(), ok_body("{}"));
    assert_eq!(count.load(Ordering::SeqCst), 1);
    let (url, count) = serve(vec![Reply::Whole(520, vec![("Content-Type", "text/html".to_owned())], b"<html>".to_vec())]);
    let error = call(&url, Duration::from_secs(2), FAST).unwrap_err();
    assert_eq!(message(&error), r#"NotJson: HTTP 520: expected a JSON envelope, got "text/html" (6 bytes: "<html>") (after 3 attempts)"#);
    assert_eq!((error.attempts, count.load(Ordering::SeqCst)), (3, 3));
}

#[test]
fn send_retries_429_as_retry_after_says_then_is_rate_limited() {
    let (url, count) = serve(vec![limited(Some("0")), limited(Some("0")), json(200, &ok_body("{}"))]);
    assert!(call(&url, Duration::from_secs(2), FAST).is_ok());
    assert_eq!(count.load(Ordering::SeqCst), 3);
    let (url, count) = serve(vec![limited(Some(" 0 "))]);
    let error = call(&url, Duration::from_secs(2), RetryPolicy { max_retries: 1, ..FAST }).unwrap_err();
    assert_eq!(message(&error), r#"RateLimited: HTTP 429, rate limited (Retry-After 0s), msg="slow" (after 2 attempts)"#);
    assert_eq!((error.attempts, count.load(Ordering::SeqCst)), (2, 2));
    let (url, count) = serve(vec![limited(Some("soon"))]);
    let error = call(&url, Duration::from_secs(2), RetryPolicy { max_retries: 0, ..FAST }).unwrap_err();
    assert_eq!(message(&error), r#"RateLimited: HTTP 429, rate limited (no Retry-After), msg="slow""#);
    assert_eq!(count.load(Ordering::SeqCst), 1);
}

#[test]
fn send_waits_retry_after_or_the_backoff() {
    let (url, _) = serve(vec![limited(None), json(200, &ok_body("{}"))]);
    let started = Instant::now();
    assert!(call(&url, Duration::from_secs(2), RetryPolicy { default_wait: Duration::from_millis(300), ..FAST }).is_ok());
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(220) && waited < Duration::from_secs(3), "{:?}", waited);
    // retry-after-ms before Retry-After; one past max_wait is not waited
    let ms = |value: &str| Reply::Whole(503, vec![("Retry-After-Ms", value.to_owned()), ("Retry-After", "5".to_owned())], b"".to_vec());
    let (url, _) = serve(vec![ms("300"), json(200, &ok_body("{}"))]);
    let started = Instant::now();
    assert!(call(&url, Duration::from_secs(2), FAST).is_ok());
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(290) && waited < Duration::from_secs(3), "{:?}", waited);
    let (url, count) = serve(vec![Reply::Whole(429, vec![("Retry-After-Ms", "150.5".to_owned())], b"".to_vec())]);
    let error = call(&url, Duration::from_secs(2), RetryPolicy { max_wait: Duration::from_millis(100), ..FAST }).unwrap_err();
    assert_eq!(message(&error), "RateLimited: HTTP 429, rate limited (no Retry-After; the wait exceeds the retry policy's max_wait of 100ms)");
    assert_eq!(count.load(Ordering::SeqCst), 1);
    for unreadable in ["soon", "-1", "1e3", ".5", "5.", "1.2.3"] {
        let (url, count) = serve(vec![Reply::Whole(503, vec![("Retry-After-Ms", unreadable.to_owned())], b"".to_vec()), json(200, &ok_body("{}"))]);
        let started = Instant::now();
        assert!(call(&url, Duration::from_secs(2), FAST).is_ok());
        assert!(started.elapsed() < Duration::from_secs(1) && count.load(Ordering::SeqCst) == 2, "{}: the backoff is 10 ms", unreadable);
    }
    // a wait of exactly max_wait is waited
    let (url, _) = serve(vec![limited(Some("1")), json(200, &ok_body("{}"))]);
    let started = Instant::now();
    assert!(call(&url, Duration::from_secs(2), RetryPolicy { default_wait: Duration::ZERO, max_wait: Duration::from_secs(1), ..FAST }).is_ok());
    let waited = started.elapsed();
    assert!(waited >= Duration::from_millis(950) && waited < Duration::from_secs(4), "{:?}", waited);
}

#[test]
fn send_does_not_wait_past_max_wait_or_the_deadline() {
    let (url, count) = serve(vec![limited(Some("15"))]);
    let started = Instant::now();
    let error = call(&url, Duration::from_secs(2), FAST).unwrap_err();
    assert_eq!(message(&error), r#"RateLimited: HTTP 429, rate limited (Retry-After 15s; the wait exceeds the retry policy's max_wait of 10s), msg="slow""#);
    assert_eq!((error.retry_after, count.load(Ordering::SeqCst)), (Some(15.0), 1));
    let (url, _) = serve(vec![limited(Some("5"))]);
    let error = call(&url, Duration::from_secs(2), RetryPolicy { deadline: Duration::from_secs(3), ..FAST }).unwrap_err();
    assert_eq!(message(&error), r#"RateLimited: HTTP 429, rate limited (Retry-After 5s; waiting would pass the call's deadline of 3s), msg="slow""#);
    assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
}

#[test]
fn the_timeout_and_the_deadline_end_a_stalled_call_near_their_values() {
    for (timeout, deadline) in [(Duration::from_millis(300), Duration::from_secs(30)), (Duration::from_secs(8), Duration::from_millis(300))] {
        let (url, _) = serve(vec![Reply::Stall]);
        let started = Instant::now();
        let error = call(&url, timeout, RetryPolicy { deadline, ..FAST }).unwrap_err();
        let took = started.elapsed();
        assert_eq!(error.kind, Kind::RequestTimeout, "{}", error);
        assert!(took >= Duration::from_millis(290) && took < Duration::from_millis(2500), "{:?}", took);
        assert!(message(&error).starts_with(&format!("RequestTimeout: GET {}: ", url)), "{}", error);
        assert!(std::error::Error::source(&error).is_some());
    }
    let (url, count) = serve(vec![json(200, &ok_body("{}"))]);
    let error = call(&url, Duration::from_secs(1), RetryPolicy { deadline: Duration::ZERO, ..FAST }).unwrap_err();
    assert_eq!(message(&error), format!("RequestTimeout: GET {}: the call's deadline of 0ns passed", url));
    assert_eq!(count.load(Ordering::SeqCst), 0);
}

#[test]
fn a_refused_or_a_cut_connection_is_typed() {
    let free = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/main/info", free.local_addr().unwrap());
    drop(free);
    let error = call(&url, Duration::from_secs(2), FAST).unwrap_err();
    assert_eq!(error.kind, Kind::ConnectionFailed, "{}", error);
    assert_eq!(error.status, None);
    let (url, _) = serve(vec![Reply::Cut]);
    let error = call(&url, Duration::from_secs(2), FAST).unwrap_err();
    assert_eq!(error.kind, Kind::ConnectionCut, "{}", error);
    assert!(message(&error).starts_with(&format!("ConnectionCut: GET {}: ", url)), "{}", error);
}

#[test]
fn each_attempt_sends_the_body_again() {
    let (url, count) = serve(vec![limited(Some("0")), json(200, &ok_body("{}"))]);
    let client = http_client(Duration::from_secs(2)).unwrap();
    let request = client.post(&url).body(r#"{"k":1}"#).build().unwrap();
    assert!(send(&client, Duration::from_secs(2), FAST, request, Mode::Envelope, "op", &RULES).is_ok());
    assert_eq!(count.load(Ordering::SeqCst), 2);
}

// --- retries of the failures that pass ---------------------------------------------------------

#[test]
fn each_transient_status_is_retried_into_the_success() {
    for status in TRANSIENT_STATUSES {
        for first in [Reply::Whole(status, vec![("Content-Type", "text/html".to_owned())], b"<html>edge</html>".to_vec()), json(status, br#"{"success":false,"msg":"busy"}"#)] {
            let (url, count) = serve(vec![first, json(200, &ok_body("{}"))]);
            assert_eq!(call(&url, Duration::from_secs(2), FAST).unwrap(), ok_body("{}"), "{}", status);
            assert_eq!(count.load(Ordering::SeqCst), 2, "{}", status);
        }
    }
    let (url, count) = serve(vec![json(503, br#"{"success":false,"msg":"busy"}"#)]);
    let error = call(&url, Duration::from_secs(2), FAST).unwrap_err();
    assert_eq!(message(&error), r#"FailureEnvelope: HTTP 503, success=false, msg="busy" (after 3 attempts)"#);
    assert_eq!((error.attempts, error.status, count.load(Ordering::SeqCst)), (3, Some(503), 3));
}

#[test]
fn other_statuses_and_a_failure_envelope_with_http_200_are_not_retried() {
    for status in [200, 400, 401, 403, 404, 409, 501] {
        let (url, count) = serve(vec![json(status, br#"{"success":false,"msg":"no"}"#), json(200, &ok_body("{}"))]);
        let error = call(&url, Duration::from_secs(2), FAST).unwrap_err();
        assert_eq!(message(&error), format!(r#"FailureEnvelope: HTTP {}, success=false, msg="no""#, status));
        assert_eq!((error.attempts, count.load(Ordering::SeqCst)), (1, 1), "{}", status);
    }
}

#[test]
fn a_transport_failure_is_retried_and_the_last_error_counts_the_attempts() {
    let (url, count) = serve(vec![Reply::Cut, Reply::Cut, json(200, &ok_body("{}"))]);
    assert!(call(&url, Duration::from_secs(2), FAST).is_ok());
    assert_eq!(count.load(Ordering::SeqCst), 3);
    let (url, count) = serve(vec![Reply::Cut]);
    let error = call(&url, Duration::from_secs(2), FAST).unwrap_err();
    assert_eq!((error.kind, error.attempts, count.load(Ordering::SeqCst)), (Kind::ConnectionCut, 3, 3));
    assert!(message(&error).ends_with(") (after 3 attempts)") || message(&error).ends_with(" (after 3 attempts)"), "{}", error);
    assert!(std::error::Error::source(&error).is_some());
    let (url, count) = serve(vec![Reply::Cut]);
    let error = call(&url, Duration::from_secs(2), RetryPolicy { max_retries: 0, ..FAST }).unwrap_err();
    assert_eq!((error.kind, error.attempts, count.load(Ordering::SeqCst)), (Kind::ConnectionCut, 1, 1));
    assert!(!message(&error).contains("attempts"), "{}", error);
}

#[test]
fn the_backoff_doubles_and_is_jittered() {
    let mut seen = std::collections::HashSet::new();
    for _ in 0..200 {
        for (retry, top) in [(0, 500), (1, 1000), (2, 2000)] {
            let wait = DEFAULT_RETRY_POLICY.backoff(retry);
            let top = Duration::from_millis(top);
            assert!(wait <= top && wait >= top * 3 / 4, "retry {}: {:?}", retry, wait);
            seen.insert(wait);
        }
    }
    assert!(seen.len() > 100, "{} different waits in 600: no jitter", seen.len());
    let (url, count) = serve(vec![Reply::Whole(502, vec![], b"".to_vec())]);
    let started = Instant::now();
    let _ = call(&url, Duration::from_secs(2), RetryPolicy { default_wait: Duration::from_millis(100), ..FAST });
    let took = started.elapsed();
    assert_eq!(count.load(Ordering::SeqCst), 3);
    assert!(took >= Duration::from_millis(225) && took < Duration::from_secs(3), "waits of 75-100 ms then 150-200 ms: {:?}", took);
    // a backoff that would pass the deadline is not waited
    let (url, count) = serve(vec![Reply::Cut]);
    let started = Instant::now();
    let error = call(&url, Duration::from_secs(2), RetryPolicy { default_wait: Duration::from_secs(1), deadline: Duration::from_millis(500), ..FAST }).unwrap_err();
    assert_eq!((error.kind, count.load(Ordering::SeqCst)), (Kind::ConnectionCut, 1));
    assert!(started.elapsed() < Duration::from_millis(450), "{:?}", started.elapsed());
}

#[test]
fn a_success_that_does_not_fit_after_retries_counts_them() {
    let (url, _) = serve(vec![Reply::Whole(502, vec![], b"".to_vec()), json(200, &ok_body(r#""not a number""#))]);
    let client = http_client(Duration::from_secs(2)).unwrap();
    let request = client.get(&url).build().unwrap();
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Numbered {
        data: u64,
    }
    let error = call_and_decode::<Numbered>(&client, Duration::from_secs(2), FAST, request, "op", &RULES).unwrap_err();
    assert_eq!((error.kind, error.attempts), (Kind::UnexpectedShape, 2));
    assert!(message(&error).ends_with(" (after 2 attempts)"), "{}", error);
}

// --- page walks --------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
struct Page {
    ids: Vec<&'static str>,
    next: Option<String>,
    more: Option<bool>,
}

fn page(ids: &[&'static str], next: Option<&str>, more: Option<bool>) -> Page {
    Page { ids: ids.to_vec(), next: next.map(str::to_owned), more }
}

fn failed() -> ApiError {
    accept(502, "text/html", None, b"<html>".to_vec(), Mode::Envelope, "op", &RULES).unwrap_err()
}

#[test]
fn a_cursor_walk_passes_each_cursor_back_and_ends_on_the_page_without_one() {
    let book = |cursor: Option<&str>| match cursor {
        None => page(&["a", "b"], Some("c1/x+y"), None),
        Some("c1/x+y") => page(&[], Some("c2"), None),
        Some("c2") => page(&["c"], Some(""), None),
        Some(other) => panic!("a cursor the walk built: {}", other),
    };
    let asked = std::sync::Mutex::new(vec![]);
    let items: Vec<&str> = Pages::cursor("nextPageId", None, |cursor| {
        asked.lock().unwrap().push(cursor.clone());
        Ok(book(cursor.as_deref()))
    }, |p: &Page| p.next.clone())
    .items(|p| p.ids)
    .collect::<Result<_, _>>()
    .unwrap();
    assert_eq!(items, ["a", "b", "c"]);
    assert_eq!(*asked.lock().unwrap(), [None, Some("c1/x+y".to_owned()), Some("c2".to_owned())]);
    let pages: Vec<Page> = Pages::cursor("nextPageId", Some("c2".to_owned()), |cursor| Ok(book(cursor.as_deref())), |p: &Page| p.next.clone()).map(Result::unwrap).collect();
    assert_eq!(pages, [page(&["c"], Some(""), None)]);
    let from_empty = Pages::cursor("nextPageId", Some(String::new()), |cursor| Ok(book(cursor.as_deref())), |p: &Page| p.next.clone()).count();
    assert_eq!(from_empty, 3);
}

#[test]
fn a_numbered_walk_ends_on_has_next_page_false_or_an_empty_page() {
    let said = |n: i32| match n {
        1 => page(&["a"], None, Some(true)),
        2 => page(&["b"], None, Some(false)),
        _ => page(&["c"], None, None),
    };
    let asked = std::sync::Mutex::new(vec![]);
    let ids: Vec<&str> = Pages::numbered("page", 1, |n| {
        asked.lock().unwrap().push(n);
        Ok(said(n))
    }, |p: &Page| p.more, |p: &Page| p.ids.len())
    .items(|p| p.ids)
    .map(Result::unwrap)
    .collect();
    assert_eq!((ids, asked.lock().unwrap().clone()), (vec!["a", "b"], vec![1, 2]));
    let empty = |n: i32| if n < 3 { page(&["x"], None, None) } else { page(&[], None, None) };
    assert_eq!(Pages::numbered("page", 1, |n| Ok(empty(n)), |p: &Page| p.more, |p: &Page| p.ids.len()).count(), 3);
    assert_eq!(Pages::numbered("page", 2, |n| Ok(empty(n)), |p: &Page| p.more, |p: &Page| p.ids.len()).count(), 2);
}

#[test]
fn max_pages_bounds_a_walk() {
    let endless = |_: i32| Ok(page(&["x", "y"], None, None));
    let asked = AtomicUsize::new(0);
    let items: Items<'_, Page, &str> = Pages::numbered("page", 1, |n| {
        asked.fetch_add(1, Ordering::SeqCst);
        endless(n)
    }, |p: &Page| p.more, |p: &Page| p.ids.len())
    .items(|p| p.ids)
    .max_pages(3);
    assert_eq!(items.count(), 6);
    assert_eq!(asked.load(Ordering::SeqCst), 3);
    let refused = std::panic::catch_unwind(|| Pages::numbered("page", 1, endless, |p: &Page| p.more, |p: &Page| p.ids.len()).max_pages(0));
    let text = *refused.unwrap_err().downcast::<String>().unwrap();
    assert_eq!(text, "max_pages must be at least 1, not 0");
}

#[test]
fn a_failed_page_says_where_to_resume() {
    let mut walk = Pages::cursor("nextPageId", None, |cursor| match cursor.as_deref() {
        Some("c1") => Err(failed()),
        _ => Ok(page(&["a"], Some("c1"), None)),
    }, |p: &Page| p.next.clone());
    assert!(walk.next().unwrap().is_ok());
    let error = walk.next().unwrap().unwrap_err();
    assert!(walk.next().is_none(), "a walk ends with its failed page");
    assert_eq!(error.resume, Some(Resume::Cursor { parameter: "nextPageId", cursor: Some("c1".to_owned()) }));
    assert!(message(&error).ends_with(r#"; the walk stopped at this page: start it again with nextPageId "c1" to resume"#), "{}", error);
    let error = Pages::numbered("page", 1, |n| if n == 3 { Err(failed()) } else { Ok(page(&["a"], None, None)) }, |p: &Page| p.more, |p: &Page| p.ids.len())
        .items(|p| p.ids)
        .find_map(Result::err)
        .unwrap();
    assert_eq!(error.resume, Some(Resume::Page { parameter: "page", page: 3 }));
    assert_eq!(error.resume.as_ref().unwrap().to_string(), "page 3");
    let first = Pages::cursor("nextPageId", None, |_| Err::<Page, _>(failed()), |p: &Page| p.next.clone()).next().unwrap().unwrap_err();
    assert_eq!(first.resume.as_ref().unwrap().to_string(), "the first page");
}
