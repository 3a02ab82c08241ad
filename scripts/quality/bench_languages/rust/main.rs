//! Times the Rust client's decode of one list-pools success body against serde_json into
//! `serde_json::Value`, each alone and followed by the reads a user's code makes
//! (scripts/quality/bench_languages.py builds and runs it).
//!
//! Not the public call: `apis::pools_api::list_pools` sends through the Configuration's
//! `reqwest::blocking::Client`, and reqwest 0.11 (Debian's) takes no in-memory transport. So
//! this times what `list_pools` runs on the bytes once they arrived: the shared runtime's
//! `accept` (the envelope and the null items checked, with the crate's own `contract::RULES`),
//! as `send` calls it on the body it copied out of the response, then
//! `contract::decode::<PoolPageResponse>` as `list_pools` calls it. Left out: building the
//! request and reqwest's transport.
//!
//! The sides (bench_languages.py names the reads):
//!   parse, client                 the untyped parse, the decode
//!   parse_full, client_full       each followed by the full read: every declared field of each
//!                                 pool, nested objects and lists included (read_pool, read_pool_value)
//!   parse_filter, client_filter   each followed by the filtering read: id, tvl, mintA.address
//! Each read adds what it reads to a sink (a number its value, a string its length, true 1, a
//! `type` of Concentrated 1); the client's sink and the parse's must agree, or the program fails.
//!
//! Usage: bench-decode BODY.json RUNS LOOPS [SIDE,...]
//!                                    prints {"parse": [seconds per call, ...], ..., "sink": N}
//!        bench-decode --peak BODY.json SIDE [WARM.json]
//!                                    prints {"peak_rss_bytes": N, "baseline_rss_bytes": M}

use std::borrow::Cow;
use std::hint::black_box;
use std::time::Instant;

use raydium_pool_v3_client::contract::{self, Mode, RULES};
use raydium_pool_v3_client::models::pool_info_item::Type;
use raydium_pool_v3_client::models::{
    PoolConfig, PoolInfoItem, PoolPageResponse, PoolPeriodStats, Token, TokenExtensions, TransferFee,
};
use serde_json::Value;

const SIDES: [&str; 6] = ["parse", "client", "parse_full", "client_full", "parse_filter", "client_filter"];

fn parse(body: &[u8]) -> Value {
    serde_json::from_slice(body).expect("the body parses")
}

/// What `send` does with the buffer it received (moved in, as `send` moves the response's
/// bytes), then the decode.
fn call_owned(body: Vec<u8>) -> PoolPageResponse {
    let received = raydium_api_runtime::accept(200, "application/json", None, body, Mode::Envelope, "listPools", &RULES)
        .expect("a usable success");
    let page: PoolPageResponse = contract::decode(&received).expect("the page decodes");
    assert!(page.success && page.data.data.as_ref().map_or(false, |d| !d.is_empty()), "the client decoded no pools");
    page
}

// --- the typed reads: struct fields, as a user's code reads them ---

fn text(v: &Option<String>) -> f64 {
    v.as_ref().map_or(0.0, |s| s.len() as f64)
}

fn number(v: Option<f64>) -> f64 {
    v.unwrap_or(0.0)
}

fn integer(v: Option<i32>) -> f64 {
    v.map_or(0.0, f64::from)
}

fn numbers(v: &Option<Vec<f64>>) -> f64 {
    v.as_ref().map_or(0.0, |items| items.iter().fold(0.0, |s, x| s + x))
}

/// openTime: a string or a number (a serde_json::Value in the model, as in the parse)
fn either(v: Option<&Value>) -> f64 {
    match v {
        Some(Value::String(s)) => s.len() as f64,
        Some(Value::Number(n)) => n.as_f64().unwrap_or(0.0),
        _ => 0.0,
    }
}

fn read_fee(f: &Option<TransferFee>) -> f64 {
    f.as_ref().map_or(0.0, |f| text(&f.epoch) + text(&f.maximum_fee) + integer(f.transfer_fee_basis_points))
}

fn read_extensions(e: &Option<TokenExtensions>) -> f64 {
    let Some(e) = e else { return 0.0 };
    let mut s = text(&e.coingecko_id);
    if let Some(c) = &e.fee_config {
        s += text(&c.transfer_fee_config_authority) + text(&c.withdraw_withheld_authority) + text(&c.withheld_amount)
            + read_fee(&c.older_transfer_fee) + read_fee(&c.newer_transfer_fee);
    }
    if let Some(t) = &e.tips {
        s += text(&t.icon) + text(&t.link) + text(&t.text);
    }
    s
}

fn read_token(t: &Option<Token>) -> f64 {
    let Some(t) = t else { return 0.0 };
    let mut s = integer(t.chain_id) + text(&t.address) + text(&t.program_id) + text(&t.logo_uri) + text(&t.symbol)
        + text(&t.name) + integer(t.decimals);
    for tag in t.tags.iter().flatten() {
        s += tag.len() as f64;
    }
    s + read_extensions(&t.extensions) + text(&t.freeze_authority) + text(&t.mint_authority)
}

fn read_period(p: &Option<PoolPeriodStats>) -> f64 {
    p.as_ref().map_or(0.0, |p| {
        number(p.volume) + number(p.volume_quote) + number(p.volume_fee) + number(p.apr) + number(p.fee_apr)
            + number(p.price_min) + number(p.price_max) + numbers(&p.reward_apr)
    })
}

fn read_config(c: &Option<PoolConfig>) -> f64 {
    c.as_ref().map_or(0.0, |c| {
        text(&c.id) + integer(c.index) + number(c.protocol_fee_rate) + number(c.trade_fee_rate)
            + number(c.fund_fee_rate) + integer(c.tick_spacing) + text(&c.description) + number(c.default_range)
            + numbers(&c.default_range_point) + text(&c.create_pool_fee)
    })
}

fn read_pool(p: &PoolInfoItem) -> f64 {
    let mut s = 0.0;
    if p.r#type == Some(Type::Concentrated) {
        s += 1.0;
    }
    s += text(&p.program_id) + text(&p.id);
    s += read_token(&p.mint_a);
    s += read_token(&p.mint_b);
    s += number(p.price) + number(p.mint_amount_a) + number(p.mint_amount_b) + number(p.fee_rate)
        + either(p.open_time.as_ref()) + number(p.tvl);
    s += read_period(&p.day);
    s += read_period(&p.week);
    s += read_period(&p.month);
    s += integer(p.farm_upcoming_count) + integer(p.farm_ongoing_count) + integer(p.farm_finished_count)
        + number(p.burn_percent) + if p.has_dynamic_fee == Some(true) { 1.0 } else { 0.0 };
    s += read_token(&p.lp_mint);
    s += number(p.lp_price) + number(p.lp_amount) + text(&p.market_id);
    s + read_config(&p.config)
}

fn filter_pool(p: &PoolInfoItem) -> f64 {
    text(&p.id) + number(p.tvl) + p.mint_a.as_ref().map_or(0.0, |m| text(&m.address))
}

// --- the untyped reads: the same fields from serde_json's Value ---

fn text_of(o: &Value, key: &str) -> f64 {
    o.get(key).and_then(Value::as_str).map_or(0.0, |s| s.len() as f64)
}

fn number_of(o: &Value, key: &str) -> f64 {
    o.get(key).and_then(Value::as_f64).unwrap_or(0.0)
}

fn numbers_of(o: &Value, key: &str) -> f64 {
    o.get(key).and_then(Value::as_array).map_or(0.0, |items| items.iter().filter_map(Value::as_f64).fold(0.0, |s, x| s + x))
}

fn read_fee_value(f: Option<&Value>) -> f64 {
    f.map_or(0.0, |f| text_of(f, "epoch") + text_of(f, "maximumFee") + number_of(f, "transferFeeBasisPoints"))
}

fn read_extensions_value(e: Option<&Value>) -> f64 {
    let Some(e) = e else { return 0.0 };
    let mut s = text_of(e, "coingeckoId");
    if let Some(c) = e.get("feeConfig") {
        s += text_of(c, "transferFeeConfigAuthority") + text_of(c, "withdrawWithheldAuthority")
            + text_of(c, "withheldAmount") + read_fee_value(c.get("olderTransferFee"))
            + read_fee_value(c.get("newerTransferFee"));
    }
    if let Some(t) = e.get("tips") {
        s += text_of(t, "icon") + text_of(t, "link") + text_of(t, "text");
    }
    s
}

fn read_token_value(t: Option<&Value>) -> f64 {
    let Some(t) = t else { return 0.0 };
    let mut s = number_of(t, "chainId") + text_of(t, "address") + text_of(t, "programId") + text_of(t, "logoURI")
        + text_of(t, "symbol") + text_of(t, "name") + number_of(t, "decimals");
    for tag in t.get("tags").and_then(Value::as_array).into_iter().flatten() {
        s += tag.as_str().map_or(0.0, |v| v.len() as f64);
    }
    s + read_extensions_value(t.get("extensions")) + text_of(t, "freezeAuthority") + text_of(t, "mintAuthority")
}

fn read_period_value(p: Option<&Value>) -> f64 {
    p.map_or(0.0, |p| {
        number_of(p, "volume") + number_of(p, "volumeQuote") + number_of(p, "volumeFee") + number_of(p, "apr")
            + number_of(p, "feeApr") + number_of(p, "priceMin") + number_of(p, "priceMax") + numbers_of(p, "rewardApr")
    })
}

fn read_config_value(c: Option<&Value>) -> f64 {
    c.map_or(0.0, |c| {
        text_of(c, "id") + number_of(c, "index") + number_of(c, "protocolFeeRate") + number_of(c, "tradeFeeRate")
            + number_of(c, "fundFeeRate") + number_of(c, "tickSpacing") + text_of(c, "description")
            + number_of(c, "defaultRange") + numbers_of(c, "defaultRangePoint") + text_of(c, "createPoolFee")
    })
}

fn read_pool_value(p: &Value) -> f64 {
    let mut s = 0.0;
    if p.get("type").and_then(Value::as_str) == Some("Concentrated") {
        s += 1.0;
    }
    s += text_of(p, "programId") + text_of(p, "id");
    s += read_token_value(p.get("mintA"));
    s += read_token_value(p.get("mintB"));
    s += number_of(p, "price") + number_of(p, "mintAmountA") + number_of(p, "mintAmountB") + number_of(p, "feeRate")
        + either(p.get("openTime")) + number_of(p, "tvl");
    s += read_period_value(p.get("day"));
    s += read_period_value(p.get("week"));
    s += read_period_value(p.get("month"));
    s += number_of(p, "farmUpcomingCount") + number_of(p, "farmOngoingCount") + number_of(p, "farmFinishedCount")
        + number_of(p, "burnPercent") + if p.get("hasDynamicFee").and_then(Value::as_bool) == Some(true) { 1.0 } else { 0.0 };
    s += read_token_value(p.get("lpMint"));
    s += number_of(p, "lpPrice") + number_of(p, "lpAmount") + text_of(p, "marketId");
    s + read_config_value(p.get("config"))
}

fn filter_pool_value(p: &Value) -> f64 {
    text_of(p, "id") + number_of(p, "tvl") + p.get("mintA").map_or(0.0, |m| text_of(m, "address"))
}

/// One side, run once; the sink of its reads (0 without reads). The client takes the body as
/// `send` hands on the buffer it received: a copy of a borrowed body (`send` copies the
/// response's bytes), an owned one moved in without a copy.
fn run(side: &str, body: Cow<[u8]>) -> f64 {
    let untyped = |read: fn(&Value) -> f64| {
        let value = parse(&body);
        let pools = value["data"]["data"].as_array().expect("a list of pools");
        pools.iter().map(read).fold(0.0, |s, x| s + x)
    };
    match side {
        "parse" => {
            black_box(parse(&body));
            0.0
        }
        "client" => {
            black_box(call_owned(body.into_owned()));
            0.0
        }
        "parse_full" => untyped(read_pool_value),
        "parse_filter" => untyped(filter_pool_value),
        "client_full" | "client_filter" => {
            let read: fn(&PoolInfoItem) -> f64 = if side == "client_full" { read_pool } else { filter_pool };
            let page = call_owned(body.into_owned());
            page.data.data.iter().flatten().map(read).fold(0.0, |s, x| s + x)
        }
        other => panic!("no side {other}"),
    }
}

/// A field of /proc/self/status in bytes (VmRSS, VmHWM).
fn status(field: &str) -> u64 {
    let text = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = text.lines().find(|l| l.starts_with(&format!("{}:", field))).expect("the field");
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 1024
}

fn time_one(side: &str, body: &[u8], loops: u32, sink: &mut f64) -> f64 {
    let start = Instant::now();
    for _ in 0..loops {
        *sink += run(side, Cow::Borrowed(black_box(body)));
    }
    start.elapsed().as_secs_f64() / f64::from(loops)
}

fn list(values: &[f64]) -> String {
    values.iter().map(|v| format!("{:e}", v)).collect::<Vec<_>>().join(", ")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut sink = 0.0; // every side's result, printed: the reads cannot be optimised away
    if (args.len() == 4 || args.len() == 5) && args[1] == "--peak" {
        // WARM, a small page the same side runs on once first (the one-time set-up a
        // long-running client has done)
        if let Some(warm) = args.get(4) {
            sink += run(&args[3], Cow::Owned(std::fs::read(warm).unwrap()));
        }
        let body = std::fs::read(&args[2]).unwrap();
        // VmHWM back to the current RSS (Linux: 5 to clear_refs): the peak read after is the side's own
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let baseline = status("VmRSS");
        sink += run(&args[3], Cow::Owned(body));
        println!("{{\"peak_rss_bytes\": {}, \"baseline_rss_bytes\": {}, \"sink\": {}}}", status("VmHWM"), baseline, sink);
        return;
    }
    let body = std::fs::read(&args[1]).unwrap();
    let runs: usize = args[2].parse().unwrap();
    let loops: u32 = args[3].parse().unwrap();
    let names: Vec<&str> = args.get(4).map_or(SIDES.to_vec(), |given| given.split(',').collect());
    for read in ["full", "filter"] {
        let typed = run(&format!("client_{read}"), Cow::Borrowed(&body));
        let untyped = run(&format!("parse_{read}"), Cow::Borrowed(&body));
        assert!(typed == untyped && typed != 0.0, "the client's {read} read gives {typed}, the parse's {untyped}");
    }
    for name in &names {
        sink += run(name, Cow::Borrowed(&body)); // warm-up
    }
    // The sides take turns, run by run, each going first in turn: a burst of load then falls on
    // every side of a ratio, not on one.
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    for r in 0..runs {
        for i in 0..names.len() {
            let k = (r + i) % names.len();
            samples[k].push(time_one(names[k], &body, loops, &mut sink));
        }
    }
    let fields: Vec<String> = names.iter().zip(&samples).map(|(n, s)| format!("\"{}\": [{}]", n, list(s))).collect();
    println!("{{{}, \"sink\": {}}}", fields.join(", "), sink);
}
