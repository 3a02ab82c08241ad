//! Times the Rust client's decode of one list-pools success body against serde_json into
//! `serde_json::Value` (scripts/quality/bench_languages.py builds and runs it).
//!
//! Not the public call: `apis::pools_api::list_pools` sends through the Configuration's
//! `reqwest::blocking::Client`, and reqwest 0.11 (Debian's) takes no in-memory transport. So
//! this times what `list_pools` runs on the bytes once they arrived: the shared runtime's
//! `accept` (the envelope and the null items checked, with the crate's own `contract::RULES`),
//! as `send` calls it on the body it copied out of the response, then
//! `contract::decode::<PoolPageResponse>` as `list_pools` calls it. Left out: building the
//! request and reqwest's transport.
//!
//! Usage: bench-decode BODY.json RUNS LOOPS   prints {"parse": [seconds per decode, ...], "client": [...]}
//!        bench-decode --peak BODY.json client|parse [WARM.json]
//!                                            prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}

use std::hint::black_box;
use std::time::Instant;

use raydium_pool_v3_client::contract::{self, Mode, RULES};
use raydium_pool_v3_client::models::PoolPageResponse;

fn parse(body: &[u8]) {
    let value: serde_json::Value = serde_json::from_slice(body).expect("the body parses");
    black_box(value);
}

fn call(body: &[u8]) {
    call_owned(body.to_vec());
}

/// What `send` does with the buffer it received (moved in, as `send` moves the response's
/// bytes), then the decode.
fn call_owned(body: Vec<u8>) {
    let received = raydium_api_runtime::accept(200, "application/json", None, body, Mode::Envelope, "listPools", &RULES)
        .expect("a usable success");
    let page: PoolPageResponse = contract::decode(&received).expect("the page decodes");
    assert!(page.success && page.data.data.as_ref().map_or(false, |d| !d.is_empty()), "the client decoded no pools");
    black_box(page);
}

/// A field of /proc/self/status in bytes (VmRSS, VmHWM).
fn status(field: &str) -> u64 {
    let text = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = text.lines().find(|l| l.starts_with(&format!("{}:", field))).expect("the field");
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 1024
}

fn time_one(decode: fn(&[u8]), body: &[u8], loops: u32) -> f64 {
    let start = Instant::now();
    for _ in 0..loops {
        decode(body);
    }
    start.elapsed().as_secs_f64() / f64::from(loops)
}

fn list(values: &[f64]) -> String {
    values.iter().map(|v| format!("{:e}", v)).collect::<Vec<_>>().join(", ")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if (args.len() == 4 || args.len() == 5) && args[1] == "--peak" {
        // WARM, a small page the same side decodes once first (the one-time set-up a
        // long-running client has done)
        if let Some(warm) = args.get(4) {
            let warm = std::fs::read(warm).unwrap();
            if args[3] == "client" { call(&warm) } else { parse(&warm) }
        }
        let body = std::fs::read(&args[2]).unwrap();
        // VmHWM back to the current RSS (Linux: 5 to clear_refs): the peak read after is the decode's own
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let baseline = status("VmRSS");
        // the client takes the received buffer as `send` hands it on, without a copy
        if args[3] == "client" { call_owned(body) } else { parse(&body) }
        println!("{{\"peak_rss_bytes\": {}, \"baseline_rss_bytes\": {}}}", status("VmHWM"), baseline);
        return;
    }
    let body = std::fs::read(&args[1]).unwrap();
    let runs: usize = args[2].parse().unwrap();
    let loops: u32 = args[3].parse().unwrap();
    parse(&body);
    call(&body); // warm-up
    // The floor and the client take turns, run by run, each going first every other run.
    let (mut floor, mut client) = (Vec::new(), Vec::new());
    for run in 0..runs {
        if run % 2 == 0 {
            floor.push(time_one(parse, &body, loops));
            client.push(time_one(call, &body, loops));
        } else {
            client.push(time_one(call, &body, loops));
            floor.push(time_one(parse, &body, loops));
        }
    }
    println!("{{\"parse\": [{}], \"client\": [{}]}}", list(&floor), list(&client));
}
