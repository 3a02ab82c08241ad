//! The contract layer of a host's crate (src/contract.rs, from the template rust/contract.mustache),
//! for tests/clients/test_rust_client.py, which builds it against the transaction-v1 crate. Its
//! first argument says what it does; it prints what it found (JSON):
//! * `numbers JSON`: each f64 of the JSON list as a model writes it (a route step's `feeRate`,
//!   contract::number), the whole step's JSON text per value;
//! * `configuration URL`: what `contract::configuration` makes of an empty base URL, of none and of
//!   URL with a trailing slash and a timeout of 7.5 s (its base path and timeout), and how a call
//!   with the latter ends (URL answers the compute call);
//! * `connect URL`: how long a call to URL (where no handshake is answered) takes, with a timeout
//!   of 8 s and no retry, and how it ends.
use std::time::{Duration, Instant};

use raydium_transaction_v1_client::apis::compute_api::{self, ComputeSwapBaseInParams};
use raydium_transaction_v1_client::apis::configuration::Configuration;
use raydium_transaction_v1_client::apis::Error;
use raydium_transaction_v1_client::contract;
use raydium_transaction_v1_client::models::{RoutePlanStep, TxVersion};
use serde_json::{json, Value};

/// How a compute call with `c` ends: "success", or the failure's kind.
fn compute(c: &Configuration) -> Value {
    let params = ComputeSwapBaseInParams::new("So1", "EPj", 1, 50, TxVersion::V0);
    match compute_api::compute_swap_base_in(c, params) {
        Ok(_) => json!("success"),
        Err(Error::Contract(e)) => json!(format!("{:?}", e.kind)),
        Err(other) => json!(other.to_string()),
    }
}

fn made(c: &Configuration) -> Value {
    json!({"basePath": c.base_path, "timeoutMs": c.timeout.as_millis() as u64})
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let found = match args[1].as_str() {
        "numbers" => {
            let values: Vec<f64> = serde_json::from_str(&args[2]).expect("a JSON list of numbers");
            let written: Vec<String> = values
                .into_iter()
                .map(|value| {
                    let mut step = RoutePlanStep::new();
                    step.fee_rate = Some(value);
                    serde_json::to_string(&step).expect("JSON")
                })
                .collect();
            json!(written)
        }
        "configuration" => {
            let empty = match contract::configuration(Some(""), None) {
                Ok(c) => json!({"accepted": made(&c)}),
                Err(e) => json!({"kind": format!("{:?}", e.kind), "message": e.to_string()}),
            };
            let default = contract::configuration(None, None).expect("a configuration");
            let slash = contract::configuration(Some(&format!("{}/", args[2])), Some(Duration::from_millis(7500)))
                .expect("a configuration");
            json!({"empty": empty, "default": made(&default), "slash": made(&slash), "call": compute(&slash),
                   "defaultTimeoutMs": contract::DEFAULT_TIMEOUT.as_millis() as u64})
        }
        "connect" => {
            let mut c = contract::configuration(Some(&args[2]), Some(Duration::from_secs(8))).expect("a configuration");
            c.retry_policy.max_retries = 0;
            let started = Instant::now();
            let ended = compute(&c);
            json!({"ended": ended, "seconds": started.elapsed().as_secs_f64()})
        }
        other => panic!("what to do: numbers, configuration or connect, not {other}"),
    };
    println!("{found}");
}
