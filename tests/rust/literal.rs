//! A struct literal of a #[non_exhaustive] struct outside its crate, which must not compile
//! (E0639), for tests/clients/test_rust_client.py
//! (test_parameters_are_built_with_setters_and_pool_items_are_typed).
fn main() {
    let _ = raydium_pool_v3_client::apis::pools_api::ListPoolsParams {
        pool_type: None, pool_sort_field: None, page_size: None, sort_type: None, page: None,
    };
}
