//! The client contract (raydium-api-descriptions, ../shared/design.md): generated from
//! scripts/templates/openapi-generator/rust/contract.mustache; do not edit.
//!
//! Every operation sends its request through [`send`] (or [`call`], which decodes the success
//! too), the shared runtime's (`raydium_api_runtime`, which every host's crate uses): a timeout
//! per attempt and a deadline per call, the failures that pass retried ([`RetryPolicy`]), the
//! whole body read, `success` checked, null items checked where this description admits none
//! ([`RULES`]); [`decode`] then builds the model. Whatever happens, a call returns the typed
//! success or an `Error::Contract(ApiError)`. [`ApiError`] and the other types named here are
//! the runtime's (`pub use`): one type for every host's crate. A paged operation's `_pages` and
//! `_items` functions walk it ([`Pages`], [`Items`]).

use std::time::Duration;

use crate::apis::configuration::Configuration;

pub use raydium_api_runtime::{decode, ApiError, ErrorCode, Items, Kind, Mode, Pages, Resume, RetryPolicy, Rules, Verbatim, DEFAULT_RETRY_POLICY, DEFAULT_TIMEOUT, TRANSIENT_STATUSES};

/// An amount in a token's smallest unit: the whole u64 range, never a float.
pub type AmountU64 = u64;

/// The public host the description cites ("" where the source shows none).
pub const DEFAULT_BASE_URL: &str = "https://api-v3.raydium.io";

/// The known code a failure of this service holds in `msg`: the runtime's [`ErrorCode`] lists
/// every host's codes, and a failure's [`ApiError::code`] is set only for this service's own.
fn code(msg: &str) -> Option<ErrorCode> {
    match msg {
        _ => None,
    }
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
        "listPoolsByMint" => &["data/data", "data/data/*/config/defaultRangePoint", "data/data/*/day/rewardApr", "data/data/*/lpMint/tags", "data/data/*/mintA/tags", "data/data/*/mintB/tags", "data/data/*/month/rewardApr", "data/data/*/tips", "data/data/*/week/rewardApr", ],
        "listPools" => &["data/data", "data/data/*/config/defaultRangePoint", "data/data/*/day/rewardApr", "data/data/*/lpMint/tags", "data/data/*/mintA/tags", "data/data/*/mintB/tags", "data/data/*/month/rewardApr", "data/data/*/tips", "data/data/*/week/rewardApr", ],
        "listPoolsByCursor" => &["data/data", "data/data/*/config/defaultRangePoint", "data/data/*/day/rewardApr", "data/data/*/lpMint/tags", "data/data/*/mintA/tags", "data/data/*/mintB/tags", "data/data/*/month/rewardApr", "data/data/*/tips", "data/data/*/week/rewardApr", ],
        "listFarms" => &["data/data", "data/data/*/lpMint/tags", "data/data/*/rewardInfos", "data/data/*/rewardInfos/*/mint/tags", "data/data/*/symbolMints", "data/data/*/symbolMints/*/tags", "data/data/*/tags", ],
        _ => &[],
    }
}

/// This service's own rules, which [`send`] gives the runtime: its error codes, and where its
/// successes admit no null item.
pub const RULES: Rules = Rules { code, null_checks };

/// The configuration of a client that keeps the contract: `base_url` (None: the cited
/// public host) and the per-attempt timeout (None: DEFAULT_TIMEOUT).
pub fn configuration(base_url: Option<&str>, timeout: Option<Duration>) -> Result<Configuration, ApiError> {
    let base = base_url.unwrap_or(DEFAULT_BASE_URL);
    if base.is_empty() {
        return Err(ApiError::new(Kind::UnexpectedStatus, None, b"", "a base URL is required: the source document shows no host for this service".to_owned()));
    }
    let timeout = timeout.unwrap_or(DEFAULT_TIMEOUT);
    let mut configuration = Configuration::new();
    configuration.base_path = base.trim_end_matches('/').to_owned();
    configuration.client = raydium_api_runtime::http_client(timeout)?;
    configuration.timeout = timeout;
    Ok(configuration)
}

/// Sends a request as the contract says and returns the body of a usable success: the
/// runtime's `send` with the configuration's client, timeout and retry policy and [`RULES`].
pub fn send(configuration: &Configuration, request: reqwest::blocking::Request, mode: Mode, operation: &str) -> Result<Vec<u8>, ApiError> {
    raydium_api_runtime::send(&configuration.client, configuration.timeout, configuration.retry_policy, request, mode, operation, &RULES)
}

/// Sends a request whose success is an envelope and decodes it into its model: [`send`], then
/// [`decode`], whose error (a success that does not fit) counts the attempts the call made.
pub fn call<T: serde::de::DeserializeOwned>(configuration: &Configuration, request: reqwest::blocking::Request, operation: &str) -> Result<T, ApiError> {
    raydium_api_runtime::call(&configuration.client, configuration.timeout, configuration.retry_policy, request, operation, &RULES)
}
