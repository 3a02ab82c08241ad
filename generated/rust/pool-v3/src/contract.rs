//! The client contract (raydium-api-descriptions, ../shared/design.md): generated from
//! scripts/templates/openapi-generator/rust/contract.mustache; do not edit.
//!
//! Every operation sends its request through [`send`]: a timeout per attempt and a deadline
//! per call, HTTP 429 retried as Retry-After says, the whole body read, `success` checked,
//! null items checked where the description admits none; [`decode`] then builds the model.
//! Whatever happens, a call returns the typed success or an `Error::Contract(ApiError)`.

use std::fmt;
use std::time::{Duration, Instant};

use crate::apis::configuration::Configuration;

/// An amount in a token's smallest unit: the whole u64 range, never a float.
pub type AmountU64 = u64;

/// The public host the description cites ("" where the source shows none).
pub const DEFAULT_BASE_URL: &str = "https://api-v3.raydium.io";
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

/// A code that a failure of this service carries in `msg`: the known ones (none where msg holds
/// no code). A failure with another code keeps it in [`ApiError::msg`], with `code` None.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorCode {
}

impl ErrorCode {
    /// The code as the service sends it.
    pub fn as_str(self) -> &'static str {
        match self {
        }
    }

    /// What a client does next: "fix-request", "re-quote", "wait" (until the failure's
    /// open_time) or "back-off".
    pub fn action(self) -> &'static str {
        match self {
        }
    }

    /// The known code a failure's msg holds, if it is one.
    pub fn from_msg(msg: &str) -> Option<ErrorCode> {
        match msg {
            _ => None,
        }
    }
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

/// Every outcome of a call that is no usable success.
#[derive(Debug)]
pub struct ApiError {
    pub kind: Kind,
    /// The HTTP status; None when no response arrived.
    pub status: Option<u16>,
    /// The envelope's msg, where the body had one.
    pub msg: Option<String>,
    /// msg, where it is a known code of this service.
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
    fn new(kind: Kind, status: Option<u16>, body: &[u8], message: String) -> Self {
        ApiError { kind, status, msg: None, code: None, open_time: None, error_code: None, retry_after: None, body: body.to_vec(), cause: None, message }
    }
}

/// The configuration of a client that keeps the contract: `base_url` (None: the cited
/// public host) and the per-attempt timeout (None: DEFAULT_TIMEOUT).
pub fn configuration(base_url: Option<&str>, timeout: Option<Duration>) -> Result<Configuration, ApiError> {
    let base = base_url.unwrap_or(DEFAULT_BASE_URL);
    if base.is_empty() {
        return Err(ApiError::new(Kind::UnexpectedStatus, None, b"", "a base URL is required: the source document shows no host for this service".to_owned()));
    }
    let timeout = timeout.unwrap_or(DEFAULT_TIMEOUT);
    let client = reqwest::blocking::Client::builder()
        .connect_timeout(timeout.min(Duration::from_secs(4)))
        .build()
        .map_err(|e| transport(e, "building the HTTP client"))?;
    let mut configuration = Configuration::new();
    configuration.base_path = base.trim_end_matches('/').to_owned();
    configuration.client = client;
    configuration.timeout = timeout;
    Ok(configuration)
}

/// Whether an operation's response is an envelope, or a body the source does not show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Envelope,
    Raw,
}

fn transport(error: reqwest::Error, where_: &str) -> ApiError {
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

fn preview(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(&body[..body.len().min(200)]).split_whitespace().collect::<Vec<_>>().join(" ");
    format!("{:?}{}", text, if body.len() > 200 { "..." } else { "" })
}

fn parse_retry_after(value: Option<&str>) -> Option<f64> {
    let value = value?.trim();
    value.parse::<u32>().ok().map(f64::from)
}

fn failure(status: u16, body: &[u8], envelope: &serde_json::Map<String, serde_json::Value>, kind: Kind, reason: &str) -> ApiError {
    let msg = envelope.get("msg").and_then(|m| m.as_str()).map(str::to_owned);
    let mut text = format!("HTTP {}, {}", status, reason);
    if let Some(m) = &msg {
        text += &format!(", msg={:?}", m);
    }
    let mut e = ApiError::new(kind, Some(status), body, text);
    e.code = msg.as_deref().and_then(ErrorCode::from_msg);
    e.msg = msg;
    e.open_time = envelope.get("openTime").and_then(|v| v.as_str()).map(str::to_owned);
    e.error_code = envelope.get("error").and_then(|v| v.get("code")).and_then(|c| c.as_i64());
    e
}

fn rate_limited(status: u16, retry_after: Option<f64>, body: &[u8], extra: &str) -> ApiError {
    let envelope = match serde_json::from_slice::<serde_json::Value>(body) {
        Ok(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    let wait = retry_after.map(|s| format!("Retry-After {}s", s)).unwrap_or_else(|| "no Retry-After".to_owned());
    let mut e = failure(status, body, &envelope, Kind::RateLimited, &format!("rate limited ({}{})", wait, extra));
    e.retry_after = retry_after;
    e
}

fn is_json(media: &str) -> bool {
    media == "application/json" || (media.starts_with("application/") && media.ends_with("+json"))
}

/// None for a usable success, else the typed error.
fn check_envelope(status: u16, content_type: &str, body: &[u8], retry_after: Option<f64>) -> Option<ApiError> {
    let media = content_type.split(';').next().unwrap_or("").trim().to_lowercase();
    let lenient = media.is_empty() || media == "text/plain";
    if status == 429 {
        return Some(rate_limited(status, retry_after, body, ""));
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
        return Some(failure(status, body, &envelope, Kind::FailureEnvelope, "success=false"));
    }
    if !(200..=299).contains(&status) {
        return Some(failure(status, body, &envelope, Kind::FailureEnvelope, "error status with success=true"));
    }
    None
}

fn null_checks(operation: &str) -> &'static [&'static str] {
    match operation {
        "listDynamicFeeConfigs" => &["data", "data/*/recommendConfigId", ],
        "getLimitOrderConfig" => &["data", ],
        "getChainStatistics" => &[],
        "getVersion" => &[],
        "getPriorityFees" => &[],
        "getRpcList" => &["data/rpcs", ],
        "listMints" => &["data/blacklist", "data/mintList", "data/mintList/*/tags", "data/whiteList", ],
        "getMintPrices" => &[],
        "getPoolsByIds" => &[],
        "listPoolsByMint" => &["data/data", "data/data/*/config/defaultRangePoint", "data/data/*/day/rewardApr", "data/data/*/lpMint/tags", "data/data/*/mintA/tags", "data/data/*/mintB/tags", "data/data/*/month/rewardApr", "data/data/*/week/rewardApr", ],
        "listPools" => &["data/data", "data/data/*/config/defaultRangePoint", "data/data/*/day/rewardApr", "data/data/*/lpMint/tags", "data/data/*/mintA/tags", "data/data/*/mintB/tags", "data/data/*/month/rewardApr", "data/data/*/week/rewardApr", ],
        "listPoolsByCursor" => &["data/data", "data/data/*/config/defaultRangePoint", "data/data/*/day/rewardApr", "data/data/*/lpMint/tags", "data/data/*/mintA/tags", "data/data/*/mintB/tags", "data/data/*/month/rewardApr", "data/data/*/week/rewardApr", ],
        "listFarms" => &["data/data", "data/data/*/lpMint/tags", "data/data/*/rewardInfos", "data/data/*/rewardInfos/*/mint/tags", "data/data/*/symbolMints", "data/data/*/symbolMints/*/tags", "data/data/*/tags", ],
        _ => &[],
    }
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

fn check_null_items(operation: &str, status: u16, body: &[u8]) -> Option<ApiError> {
    let payload: serde_json::Value = serde_json::from_slice(body).ok()?;
    null_checks(operation).iter().find_map(|path| {
        let segments: Vec<&str> = path.split('/').collect();
        null_item(&payload, &segments, "").map(|found| {
            ApiError::new(Kind::UnexpectedShape, Some(status), body, format!("HTTP {}: the success envelope does not match the schema ({} is null, and the schema admits no null there)", status, found))
        })
    })
}

/// Sends a request as the contract says and returns the body of a usable success.
pub fn send(configuration: &Configuration, request: reqwest::blocking::Request, mode: Mode, operation: &str) -> Result<Vec<u8>, ApiError> {
    let policy = configuration.retry_policy;
    let where_ = format!("{} {}", request.method(), request.url());
    let ends = Instant::now() + policy.deadline;
    let mut attempt = 0;
    loop {
        let remaining = ends.saturating_duration_since(Instant::now());
        if remaining.is_zero() {
            return Err(ApiError::new(Kind::RequestTimeout, None, b"", format!("{}: the call's deadline of {:?} passed", where_, policy.deadline)));
        }
        let mut sent = request.try_clone().ok_or_else(|| ApiError::new(Kind::UnexpectedStatus, None, b"", format!("{}: the request body cannot be sent twice", where_)))?;
        // the configured timeout (whatever `configuration.client` is), capped by what is left of the deadline
        let per_attempt = configuration.timeout.min(remaining);
        *sent.timeout_mut() = Some(per_attempt);
        let response = configuration.client.execute(sent).map_err(|e| transport(e, &where_))?;
        let status = response.status().as_u16();
        let content_type = response.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        let retry_after = parse_retry_after(response.headers().get("retry-after").and_then(|v| v.to_str().ok()));
        let body = response.bytes().map_err(|e| transport(e, &where_))?.to_vec();
        if status == 429 && attempt < policy.max_retries {
            let wait = retry_after.map(Duration::from_secs_f64).unwrap_or(policy.default_wait);
            if wait > policy.max_wait {
                return Err(rate_limited(status, retry_after, &body, &format!("; the wait exceeds the retry policy's max_wait of {:?}", policy.max_wait)));
            }
            if Instant::now() + wait >= ends {
                return Err(rate_limited(status, retry_after, &body, &format!("; waiting would pass the call's deadline of {:?}", policy.deadline)));
            }
            std::thread::sleep(wait);
            attempt += 1;
            continue;
        }
        if mode == Mode::Raw && (200..=299).contains(&status) {
            if let Ok(serde_json::Value::Object(envelope)) = serde_json::from_slice::<serde_json::Value>(&body) {
                if envelope.get("success") == Some(&serde_json::Value::Bool(false)) {
                    return Err(failure(status, &body, &envelope, Kind::FailureEnvelope, "success=false"));
                }
            }
            return Ok(body);
        }
        if let Some(error) = check_envelope(status, &content_type, &body, retry_after) {
            return Err(error);
        }
        if mode == Mode::Raw {
            return Err(ApiError::new(Kind::UnexpectedStatus, Some(status), &body, format!("HTTP {}: unexpected status", status)));
        }
        if let Some(error) = check_null_items(operation, status, &body) {
            return Err(error);
        }
        return Ok(body);
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
