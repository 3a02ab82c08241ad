//! The shared runtime of the raydium-api-descriptions Rust clients (unofficial), written by
//! hand in scripts/runtime/rust and copied to generated/rust/raydium-api-runtime.
//!
//! Every host's crate re-exports these items from its `contract` module (`pub use`), so
//! `raydium_pool_v3_client::contract::ApiError`, `raydium_transaction_v1_client::contract::ApiError`
//! and [`ApiError`] are one type: an application that calls several services handles one error
//! type, and `?` turns any host's `apis::Error` into it.
//!
//! The client contract (../shared/design.md) lives here once: [`send`] gives each attempt a
//! timeout and the call a deadline, retries HTTP 429 as Retry-After says, reads the whole
//! body and [`accept`]s it (`success` checked, null items checked where the description
//! admits none); [`decode`] then builds the model. Whatever happens, a call returns the typed
//! success or an [`ApiError`].

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

/// How HTTP 429 is retried and how long a call may take.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RetryPolicy {
    /// A 429 is retried at most this many times.
    pub max_retries: u32,
    /// A longer Retry-After is not waited: a RateLimited error at once.
    pub max_wait: Duration,
    /// The wait when a 429 has no readable Retry-After.
    pub default_wait: Duration,
    /// A whole call, retries included, ends within this.
    pub deadline: Duration,
}

/// 2 retries, waits up to 10 s, 1 s without Retry-After, 30 s per call.
pub const DEFAULT_RETRY_POLICY: RetryPolicy =
    RetryPolicy { max_retries: 2, max_wait: Duration::from_secs(10), default_wait: Duration::from_secs(1), deadline: Duration::from_secs(30) };

impl Default for RetryPolicy {
    fn default() -> Self {
        DEFAULT_RETRY_POLICY
    }
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
        ApiError { kind, status, msg: None, code: None, open_time: None, error_code: None, retry_after: None, body: body.to_vec(), cause: None, message }
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

/// Sends a request as the contract says and returns the body of a usable success: each
/// attempt times out after `timeout` (whatever `client` is), capped by what is left of the
/// policy's deadline.
pub fn send(client: &reqwest::blocking::Client, timeout: Duration, policy: RetryPolicy, request: reqwest::blocking::Request, mode: Mode, operation: &str, rules: &Rules) -> Result<Vec<u8>, ApiError> {
    let where_ = format!("{} {}", request.method(), request.url());
    let ends = Instant::now() + policy.deadline;
    let mut attempt = 0;
    loop {
        let remaining = ends.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Err(ApiError::new(Kind::RequestTimeout, None, b"", format!("{}: the call's deadline of {:?} passed", where_, policy.deadline)));
        }
        let mut sent = request.try_clone().ok_or_else(|| ApiError::new(Kind::UnexpectedStatus, None, b"", format!("{}: the request body cannot be sent twice", where_)))?;
        *sent.timeout_mut() = Some(timeout.min(remaining));
        let response = client.execute(sent).map_err(|e| ApiError::from_reqwest(e, &where_))?;
        let status = response.status().as_u16();
        let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        let retry_after = parse_retry_after(response.headers().get("retry-after").and_then(|v| v.to_str().ok()));
        // the received buffer itself, not a copy: bytes gives its Vec back when nothing else holds it
        let body: Vec<u8> = response.bytes().map_err(|e| ApiError::from_reqwest(e, &where_))?.into();
        if status == 429 && attempt < policy.max_retries {
            let wait = retry_after.map(Duration::from_secs_f64).unwrap_or(policy.default_wait);
            if wait > policy.max_wait {
                return Err(rate_limited(status, retry_after, &body, &format!("; the wait exceeds the retry policy's max_wait of {:?}", policy.max_wait), rules));
            }
            if Instant::now() + wait >= ends {
                return Err(rate_limited(status, retry_after, &body, &format!("; waiting would pass the call's deadline of {:?}", policy.deadline), rules));
            }
            std::thread::sleep(wait);
            attempt += 1;
            continue;
        }
        return accept(status, &content_type, retry_after, body, mode, operation, rules);
    }
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
