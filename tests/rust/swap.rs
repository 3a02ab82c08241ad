//! The swap's part of the client contract in Rust, for tests/clients/test_swap_contract.py, which
//! builds it with the quote's SOL, USDC, AMOUNT and WALLET filled in: its argument is the quote
//! server's URL; prints the report (JSON).
use raydium_transaction_v1_client::apis::{compute_api, configuration::Configuration};
use raydium_transaction_v1_client::apis::{transaction_api, Error};
use raydium_transaction_v1_client::contract::{self, ErrorCode};
use raydium_transaction_v1_client::models;

fn compute(base: &str) -> Result<models::SwapComputeResponse, Error<compute_api::ComputeSwapBaseInError>> {
    let c: Configuration = contract::configuration(Some(base), None).expect("a configuration");
    let params = compute_api::ComputeSwapBaseInParams::new("SOL", "USDC", AMOUNT, 50, models::TxVersion::V0);
    compute_api::compute_swap_base_in(&c, params)
}

fn main() {
    let base = std::env::args().nth(1).expect("the server's URL");
    let mut report = serde_json::Map::new();
    let quote = compute(&format!("{}/quote", base)).expect("a quote");
    let c = contract::configuration(Some(&format!("{}/quote", base)), None).expect("a configuration");
    let mut body = models::SwapBaseInTransactionRequest::new("WALLET".to_owned(), quote, models::TxVersion::V0,
        Some(serde_json::json!(0)));
    body.wrap_sol = Some(true);
    body.unwrap_sol = Some(true);
    let params = transaction_api::BuildSwapBaseInTransactionParams::new(body);
    match transaction_api::build_swap_base_in_transaction(&c, params) {
        Ok(built) => { report.insert("built".into(), serde_json::json!(built.success)); }
        Err(e) => {
            report.insert("built".into(), serde_json::json!(false));
            report.insert("buildError".into(), serde_json::json!(e.to_string()));
        }
    }
    for scenario in ["known", "unknown"] {
        let entry = match compute(&format!("{}/{}", base, scenario)) {
            Err(Error::Contract(e)) => serde_json::json!({
                "kind": if e.kind == contract::Kind::FailureEnvelope { "FailureEnvelopeError" } else { "other" },
                "code": e.code.map(ErrorCode::as_str), "msg": e.msg, "action": e.code.map(ErrorCode::action),
                "openTime": e.open_time, "typed": e.code == Some(ErrorCode::ReqPoolNotOpen)}),
            Err(other) => serde_json::json!({"kind": other.to_string()}),
            Ok(_) => serde_json::json!({"kind": "success"}),
        };
        report.insert(scenario.into(), entry);
    }
    println!("{}", serde_json::Value::Object(report));
}
