// Copies the Rust client's generated contract module (src/contract.rs of the crate named by
// BENCH_CONTRACT_RS, which scripts/bench_languages.py sets) into OUT_DIR, with its inner doc
// comments (`//!`) made plain comments: `include!` takes items, not a module's inner
// attributes. Nothing else changes, so main.rs compiles the generated code verbatim.
use std::{env, fs, path::Path};

fn main() {
    println!("cargo:rerun-if-env-changed=BENCH_CONTRACT_RS");
    let source = env::var("BENCH_CONTRACT_RS").expect("BENCH_CONTRACT_RS: the generated crate's src/contract.rs");
    println!("cargo:rerun-if-changed={}", source);
    let text = fs::read_to_string(&source).expect("reading the generated contract.rs");
    let items: String = text
        .lines()
        .map(|line| line.strip_prefix("//!").map_or_else(|| line.to_owned(), |rest| format!("//{}", rest)))
        .collect::<Vec<_>>()
        .join("\n");
    fs::write(Path::new(&env::var("OUT_DIR").unwrap()).join("contract.rs"), items).unwrap();
}
