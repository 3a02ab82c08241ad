//! The main.rs of the code samples' crate for tests/clients/test_code_samples.py, which builds
//! it with the line `// SAMPLES` (every Rust sample as a module, its `fn main` made `pub`) and
//! the line `// CASES` (one arm per sample, by host and operationId) filled in: one binary that
//! runs the sample its argument names.

// SAMPLES

fn main() {
    match std::env::args().nth(1).unwrap_or_default().as_str() {
        // CASES
        other => panic!("no sample {}", other),
    }
}
