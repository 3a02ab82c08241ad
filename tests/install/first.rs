// A user's first program, after the Rust install commands of docs/clients/install.md
// (tests/clients/test_install_from_release.py runs it with cargo): the arguments are the pool-v3
// mock's URL, then a pool-v3 and a transaction-v1 URL that answer a failure envelope.
use raydium_api_runtime::ApiError;
use raydium_pool_v3_client::apis::{configuration_api, Error};
use raydium_pool_v3_client::contract::{self, Kind};
use raydium_transaction_v1_client::{apis::compute_api, contract as swap, models::TxVersion};

fn tiers(url: &str) -> Result<usize, Error<configuration_api::ListDynamicFeeConfigsError>> {
    let configuration = contract::configuration(Some(url), None).expect("a client");
    Ok(configuration_api::list_dynamic_fee_configs(&configuration)?.data.len())
}

fn quote(url: &str) -> Result<(), ApiError> {
    let quote = compute_api::ComputeSwapBaseInParams::new("a", "b", 1, 50, TxVersion::V0);
    compute_api::compute_swap_base_in(&swap::configuration(Some(url), None)?, quote)?;
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    println!("first call: {}", tiers(&args[1]).expect("the first call"));
    match tiers(&args[2]) {
        Err(Error::Contract(e)) if e.kind == Kind::FailureEnvelope => {
            println!("caught: FailureEnvelopeError {} {}", e.status.unwrap_or(0), e.error_code.unwrap_or(0))
        }
        other => panic!("expected a failure envelope, got {:?}", other.map_err(|e| e.to_string())),
    }
    // one error type for both crates: `?` makes either crate's error the runtime's ApiError
    let pool: Result<usize, ApiError> = tiers(&args[2]).map_err(ApiError::from);
    for (host, failed) in [("pool", pool.map(|_| ())), ("swap", quote(&args[3]))] {
        let e = failed.expect_err("a failure");
        println!("one base: {} {:?} {}", host, e.kind, e.status.unwrap_or(0));
    }
    println!("runtime: {}", raydium_api_runtime::VERSION);
}
