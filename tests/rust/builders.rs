//! Parameters built with setters and pool items typed, for tests/clients/test_rust_client.py
//! (test_parameters_are_built_with_setters_and_pool_items_are_typed): its argument is the
//! scripted server's URL; prints what the calls gave (JSON).
use raydium_pool_v3_client::apis::pools_api::{self, GetPoolsByIdsParams, ListPoolsParams};
use raydium_pool_v3_client::contract;
use raydium_pool_v3_client::models::{PoolInfoItem, PoolSortField};

fn main() {
    let c = contract::configuration(std::env::args().nth(1).as_deref(), None).expect("a client");
    let unset = ListPoolsParams::default(); // every parameter optional: Default is `new()`
    assert!(unset.page_size.is_none() && ListPoolsParams::new().page.is_none());
    let params = ListPoolsParams::new().pool_sort_field(PoolSortField::Liquidity).page_size(100).page(1);
    let page = pools_api::list_pools(&c, params.clone()).expect("a page");
    let pools = pools_api::get_pools_by_ids(&c, GetPoolsByIdsParams::new(String::from("a,b"))).expect("the pools");
    let items: Vec<Option<&PoolInfoItem>> = pools.data.iter().map(Option::as_ref).collect();
    println!("{}", serde_json::json!({
        "page": page.success, "debug": format!("{:?}", params.page_size),
        "ids": items.iter().map(|p| p.map(|p| p.id.clone())).collect::<Vec<_>>(),
        "tvl": items[0].and_then(|p| p.tvl), "lpPrice": items[0].and_then(|p| p.lp_price),
    }));
}
