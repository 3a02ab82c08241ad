//! The shared runtime of the raydium-api-descriptions Rust clients (unofficial), written by
//! hand in scripts/runtime/rust and copied to generated/rust/raydium-api-runtime.
//!
//! Every host's crate re-exports these items from its `contract` module (`pub use`), so
//! `raydium_pool_v3_client::contract::ApiError`, `raydium_transaction_v1_client::contract::ApiError`
//! and [`ApiError`] are one type: an application that calls several services handles one error
//! type, and `?` turns any host's `apis::Error` into it.
//!
//! The client contract (../shared/design.md) lives here once: [`send`] gives each attempt a
//! timeout and the call a deadline, retries the failures that pass ([`RetryPolicy`]), reads the
//! whole body and [`accept`]s it (`success` checked, null items checked where the description
//! admits none); [`decode`] then builds the model ([`call`] does both). Whatever happens, a
//! call returns the typed success or an [`ApiError`]. [`Pages`] and [`Items`] walk a paged
//! operation, page by page or item by item.

use std::fmt;
use std::time::{Duration, Instant};

// The known error codes of every host, written from the descriptions by scripts/clients/runtimes.py
// (one enum, so that `ApiError.code` is one type for every host's crate).
mod codes;
pub use codes::ErrorCode;

/// This runtime's version (its Cargo.toml's), which every host's crate requires exactly.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Each attempt (connecting, the headers and the whole body) times out after this.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(8);

/// How a call retries the failures that pass, and how long it may take.
///
/// A call is sent again when the connection is refused or reset, an attempt times out, the
/// connection is cut mid-body, or the status is one of [`TRANSIENT_STATUSES`] (408, 429, 500,
/// 502-504, Cloudflare's 520-524), whatever the body: none of these services changes state, so
/// every operation may be retried. It waits what `Retry-After` (or `retry-after-ms`) asks for,
/// or else a backoff that starts at `default_wait` and doubles at each retry, jittered
/// ([`RetryPolicy::backoff`]). A wait longer than `max_wait`, or one that would pass the
/// deadline, is not waited: the call ends with the failure it has (a 429 as `RateLimited`,
/// saying why). Any other status ends the call at once: a failure envelope with HTTP 200, a
/// 400 or a 403 is not retried. `RetryPolicy { max_retries: 0, ..DEFAULT_RETRY_POLICY }` turns
/// retrying off.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    /// A failure that passes is retried at most this many times (0: never).
    pub max_retries: u32,
    /// A longer wait is not waited: the call ends with the failure at once.
    pub max_wait: Duration,
    /// The first retry's backoff where the failure names no wait; doubled at each retry.
    pub default_wait: Duration,
    /// A whole call, retries included, ends within this.
    pub deadline: Duration,
}

/// 2 retries, waits up to 10 s, a backoff of 0.5 s then 1 s (jittered) where Retry-After names
/// no wait, 30 s per call.
pub const DEFAULT_RETRY_POLICY: RetryPolicy =
    RetryPolicy { max_retries: 2, max_wait: Duration::from_secs(10), default_wait: Duration::from_millis(500), deadline: Duration::from_secs(30) };

/// The HTTP statuses of the failures that pass, which a call retries: a timeout, the rate
/// limit, the server or the edge (Cloudflare's 520-524: the origin's connection, timeout or
/// response failed).
pub const TRANSIENT_STATUSES: [u16; 11] = [408, 429, 500, 502, 503, 504, 520, 521, 522, 523, 524];

impl Default for RetryPolicy {
    fn default() -> Self {
        DEFAULT_RETRY_POLICY
    }
}

impl RetryPolicy {
    /// The wait before retry number `retry` (0 for the first) where the failure names none:
    /// `default_wait` doubled at each retry, less up to a quarter at random (the jitter keeps
    /// clients that failed together from retrying together).
    pub fn backoff(&self, retry: u32) -> Duration {
        self.default_wait.mul_f64(2f64.powi(retry.min(62) as i32) * (1.0 - 0.25 * jitter()))
    }
}

/// A number in [0, 1) at random: SipHash under a new `RandomState`'s keys (random for each
/// thread, then a new pair for each state).
fn jitter() -> f64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(0);
    (hasher.finish() >> 11) as f64 / (1u64 << 53) as f64
}

/// The kind of outcome that is no usable success.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The service answered success=false (whatever the HTTP status).
    FailureEnvelope,
    /// HTTP 429 after the retries, or at once when Retry-After asks for more than max_wait.
    RateLimited,
    /// The body is not JSON (an HTML page from the edge proxy).
    NotJson,
    /// The body claims to be JSON but does not parse (truncated or empty).
    MalformedJson,
    /// JSON that is not an envelope, or a success that does not fit the schema.
    UnexpectedShape,
    /// A status with no declared success and no failure envelope.
    UnexpectedStatus,
    /// The connection could not be made.
    ConnectionFailed,
    /// The per-attempt timeout or the call's deadline passed.
    RequestTimeout,
    /// The connection broke before the whole response arrived.
    ConnectionCut,
}

/// A value decoded from JSON that serializes back to exactly that JSON, and reads as `T`: the
/// compute response, which the transaction call sends back unchanged (the service rejects a
/// quote that was re-encoded). A value built with [`Verbatim::new`] serializes from its fields.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Verbatim<T> {
    value: T,
    raw: Option<std::sync::Arc<str>>,
}

impl<T> Verbatim<T> {
    /// A value of your own: it serializes from its fields.
    pub fn new(value: T) -> Self {
        Verbatim { value, raw: None }
    }

    /// The JSON this value was decoded from, where it was.
    pub fn raw_json(&self) -> Option<&str> {
        self.raw.as_deref()
    }

    /// The fields, without the JSON they came from.
    pub fn into_inner(self) -> T {
        self.value
    }
}

impl<T> std::ops::Deref for Verbatim<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> From<T> for Verbatim<T> {
    fn from(value: T) -> Self {
        Verbatim::new(value)
    }
}

impl<'de, T: serde::de::DeserializeOwned> serde::Deserialize<'de> for Verbatim<T> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = <Box<serde_json::value::RawValue> as serde::Deserialize>::deserialize(deserializer)?;
        let value = serde_json::from_str(raw.get()).map_err(serde::de::Error::custom)?;
        Ok(Verbatim { value, raw: Some(raw.get().into()) })
    }
}

impl<T: serde::Serialize> serde::Serialize for Verbatim<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.raw {
            Some(raw) => serde_json::value::RawValue::from_string(raw.to_string())
                .map_err(serde::ser::Error::custom)?
                .serialize(serializer),
            None => self.value.serialize(serializer),
        }
    }
}

/// Every outcome of a call that is no usable success, from any host's crate.
#[derive(Debug)]
pub struct ApiError {
    pub kind: Kind,
    /// The HTTP status; None when no response arrived.
    pub status: Option<u16>,
    /// The envelope's msg, where the body had one.
    pub msg: Option<String>,
    /// msg, where it is a known code of the service that answered.
    pub code: Option<ErrorCode>,
    /// When the pool opens (Unix seconds, as sent), with a failure for a pool not open yet.
    pub open_time: Option<String>,
    /// The pool data service's error.code.
    pub error_code: Option<i64>,
    /// Retry-After in seconds (rate limited).
    pub retry_after: Option<f64>,
    /// The response body, where one arrived.
    pub body: Vec<u8>,
    /// The underlying error of a transport failure or a decoding failure.
    pub cause: Option<Box<dyn std::error::Error + Send + Sync>>,
    /// How many times the call was sent (its message says so when more than once).
    pub attempts: u32,
    /// Set on the error of a page walk's page: where the walk starts again (no item of that
    /// page was given); None on the error of a single call.
    pub resume: Option<Resume>,
    message: String,
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.kind, self.message)
    }
}

impl std::error::Error for ApiError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.cause.as_ref().map(|c| &**c as &(dyn std::error::Error + 'static))
    }
}

impl ApiError {
    /// An error of `kind` with the response's status and body (where one arrived) and a message.
    pub fn new(kind: Kind, status: Option<u16>, body: &[u8], message: String) -> Self {
        ApiError { kind, status, msg: None, code: None, open_time: None, error_code: None, retry_after: None, body: body.to_vec(), cause: None, attempts: 1, resume: None, message }
    }

    /// This error, counting the attempts its call made (said in its message when more than one).
    pub fn counted(mut self, attempts: u32) -> Self {
        if attempts > 1 && attempts != self.attempts {
            let said = format!(" (after {} attempts)", self.attempts);
            if self.message.ends_with(&said) {
                self.message.truncate(self.message.len() - said.len());
            }
            self.message += &format!(" (after {} attempts)", attempts);
        }
        self.attempts = attempts;
        self
    }

    /// This error, from the page of a walk that stopped there: where the walk starts again.
    pub fn resuming(mut self, resume: Resume) -> Self {
        self.message += &format!("; the walk stopped at this page: start it again with {} to resume", resume);
        self.resume = Some(resume);
        self
    }

    /// A failure of reqwest, `where_` the request or the step: a timeout, a refused connection
    /// or a connection cut, the reqwest error as the cause.
    pub fn from_reqwest(error: reqwest::Error, where_: &str) -> Self {
        let text = format!("{}: {}", where_, error);
        let kind = if error.is_timeout() {
            Kind::RequestTimeout
        } else if error.is_connect() {
            Kind::ConnectionFailed
        } else {
            Kind::ConnectionCut
        };
        let mut e = ApiError::new(kind, None, b"", text);
        e.cause = Some(Box::new(error));
        e
    }
}

/// The HTTP client a configuration starts with: connecting gives up after 4 s (or `timeout`,
/// if shorter). The per-attempt timeout is [`send`]'s, applied to every request.
pub fn http_client(timeout: Duration) -> Result<reqwest::blocking::Client, ApiError> {
    reqwest::blocking::Client::builder()
        .connect_timeout(timeout.min(Duration::from_secs(4)))
        .build()
        .map_err(|e| ApiError::from_reqwest(e, "building the HTTP client"))
}

/// Whether an operation's response is an envelope, or a body the source does not show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Envelope,
    Raw,
}

/// What is a host's own: its error codes, and where its successes admit no null item.
#[derive(Clone, Copy)]
pub struct Rules {
    /// The known code a failure's msg holds, if it is one of this host's.
    pub code: fn(&str) -> Option<ErrorCode>,
    /// The slash-separated paths (`*` for every item of a list) of an operation's success whose
    /// items must not be null.
    pub null_checks: fn(&str) -> &'static [&'static str],
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Rules")
    }
}

fn preview(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(&body[..body.len().min(200)]).split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{:?}{}", text, if body.len() > 200 { "..." } else { "" })
}

fn parse_retry_after(value: Option<&str>) -> Option<f64> {
    let value = value?.trim();
    value.parse::<u32>().ok().map(f64::from)
}

/// The wait a response asks for: `retry-after-ms` (milliseconds, a fraction allowed), or
/// `Retry-After` (whole seconds); None where it names none.
fn asked_wait(retry_after: Option<f64>, retry_after_ms: Option<&str>) -> Option<Duration> {
    let ms = retry_after_ms.map(str::trim).unwrap_or("");
    let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    let readable = match ms.split_once('.') {
        Some((whole, fraction)) => digits(whole) && digits(fraction),
        None => digits(ms),
    };
    if readable {
        if let Ok(value) = ms.parse::<f64>() {
            return Some(Duration::from_secs_f64(value / 1000.0));
        }
    }
    retry_after.map(Duration::from_secs_f64)
}

fn failure(status: u16, body: &[u8], envelope: &serde_json::Map<String, serde_json::Value>, kind: Kind, reason: &str, rules: &Rules) -> ApiError {
    let msg = envelope.get("msg").and_then(|m| m.as_str()).map(str::to_owned);
    let mut text = format!("HTTP {}, {}", status, reason);
    if let Some(m) = &msg {
        text += &format!(", msg={:?}", m);
    }
    let mut e = ApiError::new(kind, Some(status), body, text);
    e.code = msg.as_deref().and_then(rules.code);
    e.msg = msg;
    e.open_time = envelope.get("openTime").and_then(|v| v.as_str()).map(str::to_owned);
    e.error_code = envelope.get("error").and_then(|v| v.get("code")).and_then(|c| c.as_i64());
    e
}

fn rate_limited(status: u16, retry_after: Option<f64>, body: &[u8], extra: &str, rules: &Rules) -> ApiError {
    let envelope = match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    let wait = retry_after.map(|s| format!("Retry-After {}s", s)).unwrap_or_else(|| "no Retry-After".to_owned());
    let mut e = failure(status, body, &envelope, Kind::RateLimited, &format!("rate limited ({}{})", wait, extra), rules);
    e.retry_after = retry_after;
    e
}

fn is_json(media: &str) -> bool {
    media == "application/json" || (media.starts_with("application/") && media.ends_with("+json"))
}

/// The media type of a Content-Type header, lower case, without parameters.
fn media_type(content_type: &str) -> String {
    content_type.split(';').next().unwrap_or("").trim().to_lowercase()
}

/// `text/plain` or no content type: what edges send JSON as; the body decides.
fn mislabelled(media: &str) -> bool {
    media.is_empty() || media == "text/plain"
}

/// None for a usable success, else the typed error.
fn check_envelope(status: u16, content_type: &str, body: &[u8], retry_after: Option<f64>, rules: &Rules) -> Option<ApiError> {
    let media = media_type(content_type);
    let lenient = mislabelled(&media);
    if status == 429 {
        return Some(rate_limited(status, retry_after, body, "", rules));
    }
    let not_json = format!("HTTP {}: expected a JSON envelope, got {:?} ({} bytes: {})", status, content_type, body.len(), preview(body));
    if !is_json(&media) && !lenient {
        return Some(ApiError::new(Kind::NotJson, Some(status), body, not_json));
    }
    let payload: serde_json::Value = match serde_json::from_slice(body) {
        Ok(value) => value,
        Err(error) => {
            if lenient {
                return Some(ApiError::new(Kind::NotJson, Some(status), body, not_json));
            }
            let what = if body.is_empty() { "the body is empty".to_owned() } else { format!("the body is not valid JSON ({}); it may be truncated", error) };
            return Some(ApiError::new(Kind::MalformedJson, Some(status), body, format!("HTTP {}: {} ({} bytes: {})", status, what, body.len(), preview(body))));
        }
    };
    let envelope = match payload {
        serde_json::Value::Object(map) if map.get("success").map_or(false, |s| s.is_boolean()) => map,
        _ => return Some(ApiError::new(Kind::UnexpectedShape, Some(status), body, format!("HTTP {}: the body is JSON but not an envelope (no boolean 'success'): {}", status, preview(body)))),
    };
    if envelope.get("success") == Some(&serde_json::Value::Bool(false)) {
        return Some(failure(status, body, &envelope, Kind::FailureEnvelope, "success=false", rules));
    }
    if !(200..=299).contains(&status) {
        return Some(failure(status, body, &envelope, Kind::FailureEnvelope, "error status with success=true", rules));
    }
    None
}

fn null_item(value: &serde_json::Value, segments: &[&str], at: &str) -> Option<String> {
    match (segments.first(), value) {
        (None, serde_json::Value::Array(items)) => items.iter().position(|i| i.is_null()).map(|i| format!("{}[{}]", at, i)),
        (Some(&"*"), serde_json::Value::Array(items)) => {
            items.iter().enumerate().find_map(|(i, item)| null_item(item, &segments[1..], &format!("{}[{}]", at, i)))
        }
        (Some(name), serde_json::Value::Object(map)) if *name != "*" => {
            let next = if at.is_empty() { (*name).to_owned() } else { format!("{}.{}", at, name) };
            map.get(*name).and_then(|v| null_item(v, &segments[1..], &next))
        }
        _ => None,
    }
}

fn check_null_items(operation: &str, status: u16, body: &[u8], rules: &Rules) -> Option<ApiError> {
    let payload: serde_json::Value = serde_json::from_slice(body).ok()?;
    (rules.null_checks)(operation).iter().find_map(|path| {
        let segments: Vec<&str> = path.split('/').collect();
        null_item(&payload, &segments, "").map(|found| {
            ApiError::new(Kind::UnexpectedShape, Some(status), body, format!("HTTP {}: the success envelope does not match the schema ({} is null, and the schema admits no null there)", status, found))
        })
    })
}

/// The body of a usable success, or the typed error, for a response that arrived whole and is
/// not retried: what [`send`] does once the last attempt's body is read.
pub fn accept(status: u16, content_type: &str, retry_after: Option<f64>, body: Vec<u8>, mode: Mode, operation: &str, rules: &Rules) -> Result<Vec<u8>, ApiError> {
    if mode == Mode::Raw && (200..=299).contains(&status) {
        if let Ok(serde_json::Value::Object(envelope)) = serde_json::from_slice::<serde_json::Value>(&body) {
            if envelope.get("success") == Some(&serde_json::Value::Bool(false)) {
                return Err(failure(status, &body, &envelope, Kind::FailureEnvelope, "success=false", rules));
            }
        }
        return Ok(body);
    }
    if mode == Mode::Envelope && (200..=299).contains(&status) {
        let media = media_type(content_type);
        if (is_json(&media) || mislabelled(&media)) && light_success(&body, (rules.null_checks)(operation)) {
            return Ok(body);
        }
    }
    if let Some(error) = check_envelope(status, content_type, &body, retry_after, rules) {
        return Err(error);
    }
    if mode == Mode::Raw {
        return Err(ApiError::new(Kind::UnexpectedStatus, Some(status), &body, format!("HTTP {}: unexpected status", status)));
    }
    if let Some(error) = check_null_items(operation, status, &body, rules) {
        return Err(error);
    }
    Ok(body)
}

/// The wait before retry number `retry`, or why the call ends now with the failure it has
/// ("" where no retry is left).
fn wait_before(policy: &RetryPolicy, retry: u32, ends: Instant, asked: Option<Duration>) -> Result<Duration, String> {
    if retry >= policy.max_retries {
        return Err(String::new());
    }
    let wait = asked.unwrap_or_else(|| policy.backoff(retry));
    if wait > policy.max_wait {
        return Err(format!("; the wait exceeds the retry policy's max_wait of {:?}", policy.max_wait));
    }
    if Instant::now() + wait >= ends {
        return Err(format!("; waiting would pass the call's deadline of {:?}", policy.deadline));
    }
    Ok(wait)
}

/// Sends a request as the contract says and returns the body of a usable success, with the
/// number of attempts the call made.
fn exchange(client: &reqwest::blocking::Client, timeout: Duration, policy: RetryPolicy, request: reqwest::blocking::Request, mode: Mode, operation: &str, rules: &Rules) -> Result<(Vec<u8>, u32), ApiError> {
    let where_ = format!("{} {}", request.method(), request.url());
    let ends = Instant::now() + policy.deadline;
    let mut retry = 0;
    loop {
        let attempts = retry + 1;
        let remaining = ends.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Err(ApiError::new(Kind::RequestTimeout, None, b"", format!("{}: the call's deadline of {:?} passed", where_, policy.deadline)).counted(attempts));
        }
        let last_chance = remaining <= timeout; // this attempt's timeout is what is left of the deadline
        let mut sent = request.try_clone().ok_or_else(|| ApiError::new(Kind::UnexpectedStatus, None, b"", format!("{}: the request body cannot be sent twice", where_)))?;
        *sent.timeout_mut() = Some(timeout.min(remaining));
        let received = client.execute(sent).and_then(|response| {
            let header = |name: &str| response.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned);
            let (content_type, retry_after, retry_after_ms) = (header("content-type").unwrap_or_default(), header("retry-after"), header("retry-after-ms"));
            let status = response.status().as_u16();
            // the received buffer itself, not a copy: bytes gives its Vec back when nothing else holds it
            Ok((status, content_type, retry_after, retry_after_ms, Vec::from(response.bytes()?)))
        });
        let (status, content_type, retry_after, retry_after_ms, body) = match received {
            Ok(received) => received,
            Err(error) => {
                let failed = ApiError::from_reqwest(error, &where_);
                if failed.kind == Kind::RequestTimeout && last_chance {
                    let mut ended = ApiError::new(Kind::RequestTimeout, None, b"", format!("{}: the call's deadline of {:?} passed", where_, policy.deadline));
                    ended.cause = failed.cause;
                    return Err(ended.counted(attempts));
                }
                match wait_before(&policy, retry, ends, None) {
                    Ok(wait) => std::thread::sleep(wait),
                    Err(_) => return Err(failed.counted(attempts)),
                }
                retry += 1;
                continue;
            }
        };
        let retry_after = parse_retry_after(retry_after.as_deref());
        if TRANSIENT_STATUSES.contains(&status) {
            match wait_before(&policy, retry, ends, asked_wait(retry_after, retry_after_ms.as_deref())) {
                Ok(wait) => {
                    std::thread::sleep(wait);
                    retry += 1;
                    continue;
                }
                Err(why) if status == 429 && !why.is_empty() => return Err(rate_limited(status, retry_after, &body, &why, rules).counted(attempts)),
                Err(_) => {}
            }
        }
        return accept(status, &content_type, retry_after, body, mode, operation, rules).map(|body| (body, attempts)).map_err(|e| e.counted(attempts));
    }
}

/// Sends a request as the contract says and returns the body of a usable success: each
/// attempt times out after `timeout` (whatever `client` is), capped by what is left of the
/// policy's deadline, and the failures that pass are retried as `policy` says.
pub fn send(client: &reqwest::blocking::Client, timeout: Duration, policy: RetryPolicy, request: reqwest::blocking::Request, mode: Mode, operation: &str, rules: &Rules) -> Result<Vec<u8>, ApiError> {
    exchange(client, timeout, policy, request, mode, operation, rules).map(|(body, _)| body)
}

/// [`send`]s a request whose success is an envelope and [`decode`]s it: a success that does not
/// fit says how many attempts the call made, as every other error of the call does.
pub fn call<T: serde::de::DeserializeOwned>(client: &reqwest::blocking::Client, timeout: Duration, policy: RetryPolicy, request: reqwest::blocking::Request, operation: &str, rules: &Rules) -> Result<T, ApiError> {
    let (body, attempts) = exchange(client, timeout, policy, request, Mode::Envelope, operation, rules)?;
    decode(&body).map_err(|e| e.counted(attempts))
}

/// The typed success of a body `send` accepted.
pub fn decode<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|error| {
        let mut e = ApiError::new(Kind::UnexpectedShape, Some(200), body, format!("the success envelope does not match the schema ({})", error));
        e.cause = Some(Box::new(error));
        e
    })
}

// --- the light check: `success` and the null items in one pass, nothing built ------------------
// A usable success is the common case, and the typed decode reads the body anyway: so the
// envelope's `success` and the null items the description forbids are checked in one pass
// that builds nothing (serde's IgnoredAny everywhere off the checked paths). Only a body that
// fails it is parsed into a `serde_json::Value`, by the slow path, to name its error.

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

/// What the light pass found: `success` at the top level, and whether a checked list holds a null.
#[derive(Default)]
struct Light {
    success: Option<bool>,
    null_item: bool,
}

/// The remaining segments of every checked path at one point of the document (an empty
/// suffix: the list here must hold no null item), borrowed from the level above.
struct Paths<'b, 'p> {
    suffixes: &'b [&'p [&'p str]],
    top: bool,
}

impl<'b, 'p> Paths<'b, 'p> {
    fn under(&self, segment: &str) -> Vec<&'p [&'p str]> {
        self.suffixes.iter().filter(|s| s.first() == Some(&segment)).map(|s| &s[1..]).collect()
    }
}

struct Key<'a, 'b, 'p>(&'a Paths<'b, 'p>);

impl<'de, 'a, 'b, 'p> DeserializeSeed<'de> for Key<'a, 'b, 'p> {
    type Value = (bool, Vec<&'p [&'p str]>); // (is `success` at the top, the paths below this key)

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de, 'a, 'b, 'p> Visitor<'de> for Key<'a, 'b, 'p> {
    type Value = (bool, Vec<&'p [&'p str]>);

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: serde::de::Error>(self, key: &str) -> Result<Self::Value, E> {
        Ok((self.0.top && key == "success", self.0.under(key)))
    }
}

struct Walk<'a, 'b, 'p> {
    paths: Paths<'b, 'p>,
    found: &'a mut Light,
}

impl<'de, 'a, 'b, 'p> DeserializeSeed<'de> for Walk<'a, 'b, 'p> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        if self.paths.suffixes.is_empty() && !self.paths.top {
            <IgnoredAny as serde::Deserialize>::deserialize(deserializer)?;
            return Ok(());
        }
        deserializer.deserialize_any(self)
    }
}

impl<'de, 'a, 'b, 'p> Visitor<'de> for Walk<'a, 'b, 'p> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some((success, below)) = map.next_key_seed(Key(&self.paths))? {
            if success {
                self.found.success = Some(map.next_value::<bool>()?);
            } else {
                map.next_value_seed(Walk { paths: Paths { suffixes: &below, top: false }, found: &mut *self.found })?;
            }
        }
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let no_null = self.paths.suffixes.iter().any(|s| s.is_empty());
        let items: Vec<&'p [&'p str]> = self.paths.under("*");
        loop {
            if no_null {
                // a null here is the finding; anything else is walked for the paths below `*`
                match seq.next_element_seed(Item { paths: &items, found: &mut *self.found })? {
                    None => return Ok(()),
                    Some(true) => self.found.null_item = true,
                    Some(false) => {}
                }
            } else if seq.next_element_seed(Walk { paths: Paths { suffixes: &items, top: false }, found: &mut *self.found })?.is_none() {
                return Ok(());
            }
        }
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> { Ok(()) }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> { Ok(()) }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> { Ok(()) }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> { Ok(()) }
    fn visit_str<E>(self, _: &str) -> Result<(), E> { Ok(()) }
    fn visit_unit<E>(self) -> Result<(), E> { Ok(()) }
}

/// One item of a list that must hold no null: true when it is null; otherwise walked for the
/// paths below `*`.
struct Item<'a, 'b, 'p> {
    paths: &'b [&'p [&'p str]],
    found: &'a mut Light,
}

impl<'de, 'a, 'b, 'p> DeserializeSeed<'de> for Item<'a, 'b, 'p> {
    type Value = bool;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        deserializer.deserialize_option(self)
    }
}

impl<'de, 'a, 'b, 'p> Visitor<'de> for Item<'a, 'b, 'p> {
    type Value = bool;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list item")
    }

    fn visit_none<E>(self) -> Result<bool, E> { Ok(true) }
    fn visit_unit<E>(self) -> Result<bool, E> { Ok(true) }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<bool, D::Error> {
        Walk { paths: Paths { suffixes: self.paths, top: false }, found: self.found }.deserialize(deserializer)?;
        Ok(false)
    }
}

/// Whether `body` is, in one pass that builds nothing, a JSON document with `success: true`
/// at the top and no null item where the paths forbid one: a usable success whose checks are
/// done. Anything else (false) goes to the slow path, which names the error.
fn light_success(body: &[u8], paths: &[&str]) -> bool {
    let split: Vec<Vec<&str>> = paths.iter().map(|p| p.split('/').collect()).collect();
    let mut found = Light::default();
    let suffixes: Vec<&[&str]> = split.iter().map(Vec::as_slice).collect();
    let walk = Walk { paths: Paths { suffixes: &suffixes, top: true }, found: &mut found };
    let mut deserializer = serde_json::Deserializer::from_slice(body);
    walk.deserialize(&mut deserializer).and_then(|()| deserializer.end()).is_ok() && found.success == Some(true) && !found.null_item
}

// --- page walks -------------------------------------------------------------------------------

/// Where a page walk starts again: the error of the page that stopped it carries it
/// ([`ApiError::resume`]). Set the operation's parameter to it and walk again: no item of that
/// page was given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resume {
    /// A cursor walk: the cursor of the page that failed, as the service sent it (None: the
    /// first page), for the query parameter `parameter` (`nextPageId`).
    Cursor { parameter: &'static str, cursor: Option<String> },
    /// A numbered walk: the number of the page that failed, for `parameter` (`page`).
    Page { parameter: &'static str, page: i32 },
}

impl fmt::Display for Resume {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Resume::Cursor { cursor: None, .. } => f.write_str("the first page"),
            Resume::Cursor { parameter, cursor: Some(cursor) } => write!(f, "{} {:?}", parameter, cursor),
            Resume::Page { parameter, page } => write!(f, "{} {}", parameter, page),
        }
    }
}

type Fetch<'a, A, P> = Box<dyn FnMut(A) -> Result<P, ApiError> + Send + 'a>;

enum PageWalk<'a, P> {
    Cursor { fetch: Fetch<'a, Option<String>, P>, next: fn(&P) -> Option<String>, cursor: Option<String> },
    Numbered { fetch: Fetch<'a, i32, P>, more: fn(&P) -> Option<bool>, count: fn(&P) -> usize, page: i32 },
}

/// Every page of a paged operation, in order: an `Iterator` of `Result`s, each page requested
/// with the operation's own call (its timeouts, deadline, retries and typed errors). Each
/// host's crate makes one for each paged operation (`pools_api::list_pools_by_cursor_pages`).
///
/// A cursor walk passes each page's cursor back unchanged and ends on the page without one; a
/// numbered walk counts pages from the first and ends on the page that says there is no next
/// one, or that holds no item. [`Pages::max_pages`] bounds the pages requested. A page that
/// fails is the walk's last item: its error's [`ApiError::resume`] says where to start again.
pub struct Pages<'a, P> {
    walk: PageWalk<'a, P>,
    parameter: &'static str,
    max_pages: Option<usize>,
    fetched: usize,
    done: bool,
}

impl<'a, P> Pages<'a, P> {
    /// The pages of a cursor-paged operation from the cursor `first` (None: the first page):
    /// `fetch` requests the page at a cursor and `next` reads a page's cursor to the next one
    /// (None or "": it is the last); `parameter` names the cursor's query parameter.
    pub fn cursor(parameter: &'static str, first: Option<String>, fetch: impl FnMut(Option<String>) -> Result<P, ApiError> + Send + 'a, next: fn(&P) -> Option<String>) -> Self {
        let cursor = first.filter(|c| !c.is_empty());
        Pages { walk: PageWalk::Cursor { fetch: Box::new(fetch), next, cursor }, parameter, max_pages: None, fetched: 0, done: false }
    }

    /// The pages of a page-numbered operation from page `first`: `fetch` requests a page by its
    /// number, `more` reads whether a page says there is a next one (None: it does not say) and
    /// `count` how many items it holds; `parameter` names the page number's query parameter.
    pub fn numbered(parameter: &'static str, first: i32, fetch: impl FnMut(i32) -> Result<P, ApiError> + Send + 'a, more: fn(&P) -> Option<bool>, count: fn(&P) -> usize) -> Self {
        Pages { walk: PageWalk::Numbered { fetch: Box::new(fetch), more, count, page: first }, parameter, max_pages: None, fetched: 0, done: false }
    }

    /// At most `pages` pages are requested.
    ///
    /// # Panics
    /// When `pages` is 0.
    pub fn max_pages(mut self, pages: usize) -> Self {
        assert!(pages >= 1, "max_pages must be at least 1, not {}", pages);
        self.max_pages = Some(pages);
        self
    }

    /// Every item of every page, in order, each once: `of` takes a page's items.
    pub fn items<I>(self, of: fn(P) -> Vec<I>) -> Items<'a, P, I> {
        Items { pages: self, of, current: Vec::new().into_iter() }
    }
}

impl<'a, P> Iterator for Pages<'a, P> {
    type Item = Result<P, ApiError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.max_pages.map_or(false, |most| self.fetched >= most) {
            self.done = true;
            return None;
        }
        let parameter = self.parameter;
        let fetched = match &mut self.walk {
            PageWalk::Cursor { fetch, next, cursor } => fetch(cursor.clone()).map(|page| {
                *cursor = next(&page).filter(|c| !c.is_empty());
                (cursor.is_none(), page)
            }).map_err(|e| e.resuming(Resume::Cursor { parameter, cursor: cursor.clone() })),
            PageWalk::Numbered { fetch, more, count, page: number } => fetch(*number).map(|page| {
                let last = more(&page) == Some(false) || count(&page) == 0;
                *number += 1;
                (last, page)
            }).map_err(|e| e.resuming(Resume::Page { parameter, page: *number })),
        };
        self.fetched += 1;
        Some(match fetched {
            Ok((last, page)) => {
                self.done = last;
                Ok(page)
            }
            Err(error) => {
                self.done = true;
                Err(error)
            }
        })
    }
}

impl<'a, P> std::iter::FusedIterator for Pages<'a, P> {}

impl<'a, P> fmt::Debug for Pages<'a, P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = match &self.walk {
            PageWalk::Cursor { cursor, .. } => Resume::Cursor { parameter: self.parameter, cursor: cursor.clone() },
            PageWalk::Numbered { page, .. } => Resume::Page { parameter: self.parameter, page: *page },
        };
        f.debug_struct("Pages").field("next", &at).field("fetched", &self.fetched).field("max_pages", &self.max_pages).field("done", &self.done).finish()
    }
}

/// Every item of every page of a paged operation, in order, each once: an `Iterator` of
/// `Result`s ([`Pages::items`]). A page that fails is the walk's last item (its error says
/// where to start again); an item the schema lets be null is an `Option`.
pub struct Items<'a, P, I> {
    pages: Pages<'a, P>,
    of: fn(P) -> Vec<I>,
    current: std::vec::IntoIter<I>,
}

impl<'a, P, I> Items<'a, P, I> {
    /// At most `pages` pages are requested ([`Pages::max_pages`]).
    ///
    /// # Panics
    /// When `pages` is 0.
    pub fn max_pages(mut self, pages: usize) -> Self {
        self.pages = self.pages.max_pages(pages);
        self
    }
}

impl<'a, P, I> Iterator for Items<'a, P, I> {
    type Item = Result<I, ApiError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.current.next() {
                return Some(Ok(item));
            }
            match self.pages.next()? {
                Ok(page) => self.current = (self.of)(page).into_iter(),
                Err(error) => return Some(Err(error)),
            }
        }
    }
}

impl<'a, P, I> std::iter::FusedIterator for Items<'a, P, I> {}

impl<'a, P, I> fmt::Debug for Items<'a, P, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Items").field("pages", &self.pages).field("left_on_this_page", &self.current.len()).finish()
    }
}
