//! Models are values, for tests/clients/test_rust_client.py: the generated Rust pool-v3 crate
//! fetches one list page twice from its first argument (a base URL) and checks the decoded
//! models against the body it serves, its second argument (JSON). Two decodes of the same JSON
//! are equal (`PartialEq`, `assert_eq!`), and a change to a price or to an unknown key makes them
//! unequal; `{:?}` shows the values (the pool id, a price); `serde_json::to_value` of a decoded
//! page is the body as serde_json reads it (`==` of two `serde_json::Value`s), unknown keys and
//! amount strings included, a whole number an integer (`0`, not `0.0`). It prints what it
//! checked (JSON) and panics on a failed check.
//! tests/clients/test_rust_client.py builds it as the main of a crate that depends on the
//! pool-v3 crate by path (as tests/rust/walk.rs).

use raydium_pool_v3_client::apis::pools_api::{self, ListPoolsParams};
use raydium_pool_v3_client::contract;
use raydium_pool_v3_client::models::PoolPageResponse;
use serde_json::{json, Value};

fn main() {
    let base_url = std::env::args().nth(1).expect("a base URL");
    let body: Value = serde_json::from_str(&std::env::args().nth(2).expect("the body")).expect("JSON");
    let configuration = contract::configuration(Some(&base_url), None).expect("a configuration");
    let fetch = || -> PoolPageResponse { pools_api::list_pools(&configuration, ListPoolsParams::new()).expect("a page") };
    let (first, second) = (fetch(), fetch());
    let pools = first.data.data.as_ref().expect("pools");
    assert_eq!(pools.len(), 2);

    // Equality: two decodes of the same JSON are equal, at every level; one changed value is not.
    assert_eq!(first, second);
    assert_eq!(first.data.data.as_ref().unwrap()[1], second.data.data.as_ref().unwrap()[1]);
    assert_eq!(pools[0].mint_a, second.data.data.as_ref().unwrap()[0].mint_a);
    let mut repriced = fetch();
    repriced.data.data.as_mut().unwrap()[1].price = Some(pools[1].price.unwrap() + 1.0);
    assert_ne!(first, repriced);
    let mut unknown = fetch();
    let token = unknown.data.data.as_mut().unwrap()[0].mint_a.as_mut().unwrap();
    token.additional_properties.insert("zzToken".into(), json!("another"));
    assert_ne!(first, unknown);

    // Debug output: the values.
    let pool = &pools[0];
    let item = format!("{:?}", pool);
    let page = format!("{:?}", first);
    let id = format!("id: Some({:?})", pool.id.as_deref().unwrap());
    let price = format!("price: Some({:?})", pool.price.unwrap());
    for want in [&id, &price, "zzItem", "zzToken"] {
        assert!(item.contains(want), "{{:?}} of a pool has no {want}: {item}");
    }
    assert!(page.contains(&id) && page.contains("zzPage") && page.contains("zzEnvelope"), "{{:?}} of the page: {page}");

    // Serialisation: the body back, unknown keys and amount strings included.
    // serde_json::Value's == tells 0 from 0.0: a whole number must come back an integer.
    let sent = serde_json::to_value(&first).expect("serialised");
    assert!(sent == body, "the page serialises to\n{sent}\nnot the body\n{body}");
    println!("{}", json!({"debug": item, "page": page, "serialised": sent}));
}
