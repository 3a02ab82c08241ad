//! One error type of the shared runtime takes a failure of either crate, for
//! tests/clients/test_rust_client.py: its arguments are a pool-v3 URL that answers HTML and a
//! transaction-v1 URL that answers a failure envelope; prints what it caught (JSON).
use raydium_api_runtime::ApiError;
use raydium_pool_v3_client::{apis::configuration_api, contract as pool};
use raydium_transaction_v1_client::contract as swap;
use raydium_transaction_v1_client::apis::compute_api;
use raydium_transaction_v1_client::models::TxVersion;

fn tiers(url: &str) -> Result<usize, ApiError> {
    let configuration = pool::configuration(Some(url), None)?;
    Ok(configuration_api::list_dynamic_fee_configs(&configuration)?.data.len())
}

fn quote(url: &str) -> Result<(), ApiError> {
    let configuration = swap::configuration(Some(url), None)?;
    let params = compute_api::ComputeSwapBaseInParams::new("a", "b", 1, 50, TxVersion::V0);
    compute_api::compute_swap_base_in(&configuration, params)?;
    Ok(())
}

// One crate's names for the error types are the other's: this compiles only if they are one type.
fn same(e: swap::ApiError) -> pool::ApiError {
    e
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let caught: Vec<ApiError> = vec![tiers(&args[1]).expect_err("the pool call fails"),
                                     same(quote(&args[2]).expect_err("the quote fails"))];
    let code: pool::ErrorCode = swap::ErrorCode::ReqPoolNotOpen;
    let own = |rules: raydium_api_runtime::Rules| (rules.code)("REQ_POOL_NOT_OPEN").map(|c| c.as_str());
    println!("{}", serde_json::json!({
        "caught": caught.iter().map(|e| serde_json::json!([format!("{:?}", e.kind), e.status])).collect::<Vec<_>>(),
        "action": code.action(),
        "own codes": [own(pool::RULES), own(swap::RULES)],
    }));
}
