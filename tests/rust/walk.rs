//! One page walk of the generated Rust pool-v3 crate, for tests/clients/paging_walks.py: its one
//! argument is the walk's request (JSON), and it prints how the walk ended (JSON).
//! tests/clients/test_rust_client.py builds it as the main of a crate that depends on the
//! pool-v3 crate by path.

use raydium_pool_v3_client::apis::pools_api::{self, ListPoolsByCursorParams, ListPoolsParams};
use raydium_pool_v3_client::contract::{self, ApiError, Items, Pages, Resume, RetryPolicy};
use raydium_pool_v3_client::models::PoolInfoItem;
use serde_json::{json, Value};

/// The walk's error as paging_walks reads it: its kind as the other languages name the error's
/// class, its attempts, where to resume ({parameter: cursor or page}; {} for the first page) and
/// its message.
fn described(error: &ApiError) -> Value {
    let resume = match &error.resume {
        None => Value::Null,
        Some(Resume::Cursor { cursor: None, .. }) => json!({}),
        Some(Resume::Cursor { parameter, cursor: Some(cursor) }) => json!({ *parameter: cursor }),
        Some(Resume::Page { parameter, page }) => json!({ *parameter: page }),
    };
    json!({"kind": format!("{:?}Error", error.kind), "attempts": error.attempts, "resume": resume,
           "message": error.to_string()})
}

/// The walk of pages (`"pages": true`, `of` reading a page's pools) or of items the request
/// asks for, as the ids of each page or of each pool it yields; neither requests a page before
/// it is iterated.
fn walked<'a, P: 'a>(request: &Value, pages: Pages<'a, P>, items: Items<'a, P, PoolInfoItem>, of: fn(P) -> Vec<PoolInfoItem>) -> Box<dyn Iterator<Item = Result<Vec<String>, ApiError>> + 'a> {
    let ids = |pools: Vec<PoolInfoItem>| pools.into_iter().map(|pool| pool.id.unwrap_or_default()).collect::<Vec<_>>();
    match (request["pages"] == true, request["maxPages"].as_u64().map(|n| n as usize)) {
        (true, Some(n)) => Box::new(pages.max_pages(n).map(move |page| page.map(|page| ids(of(page))))),
        (true, None) => Box::new(pages.map(move |page| page.map(|page| ids(of(page))))),
        (false, Some(n)) => Box::new(items.max_pages(n).map(move |pool| pool.map(|pool| ids(vec![pool])))),
        (false, None) => Box::new(items.map(move |pool| pool.map(|pool| ids(vec![pool])))),
    }
}

fn main() {
    let request: Value = serde_json::from_str(&std::env::args().nth(1).expect("a walk request")).expect("JSON");
    let mut configuration = contract::configuration(request["baseUrl"].as_str(), None).expect("a configuration");
    if let Some(retries) = request["maxRetries"].as_u64() {
        configuration = configuration.with_retry_policy(RetryPolicy { max_retries: retries as u32, ..configuration.retry_policy });
    }
    let per_page = request["perPage"].as_i64().expect("perPage") as i32;
    let walk = if request["style"] == "cursor" {
        let mut params = ListPoolsByCursorParams::new().size(per_page);
        if let Some(cursor) = request["start"].as_str() {
            params = params.next_page_id(cursor);
        }
        walked(&request, pools_api::list_pools_by_cursor_pages(&configuration, params.clone()),
               pools_api::list_pools_by_cursor_items(&configuration, params), |page| page.data.data.unwrap_or_default())
    } else {
        let mut params = ListPoolsParams::new().page_size(per_page);
        if let Some(page) = request["start"].as_i64() {
            params = params.page(page as i32);
        }
        walked(&request, pools_api::list_pools_pages(&configuration, params.clone()),
               pools_api::list_pools_items(&configuration, params), |page| page.data.data.unwrap_or_default())
    };
    let (mut ids, mut pages, mut error) = (Vec::new(), Vec::new(), Value::Null);
    for step in walk {
        match step {
            Ok(these) => {
                ids.extend(these.iter().cloned());
                pages.push(these);
            }
            Err(e) => error = described(&e),
        }
    }
    let mut out = json!({"ids": ids, "error": error});
    if request["pages"] == true {
        out["pages"] = json!(pages);
    }
    println!("{}", out);
}
