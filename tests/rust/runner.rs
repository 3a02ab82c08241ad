//! The runner of one host's crate for tests/clients/test_rust_client.py, which builds a copy per
//! host with CRATE (the crate's name) and the line `// CASES` (one arm per operation, its call
//! with the bundle's examples) filled in. Reads a plan of calls (JSON) on stdin, runs them in
//! threads and prints how each ended (JSON).
use std::io::Read;
use std::time::{Duration, Instant};

use CRATE::apis::Error;
use CRATE::contract::Kind;

fn from_json<T: serde::de::DeserializeOwned>(text: &str) -> T {
    serde_json::from_str(text).expect("an example that fits its type")
}

fn judge<T: serde::Serialize, E>(result: Result<T, Error<E>>, raw: bool, started: Instant) -> serde_json::Value {
    let seconds = started.elapsed().as_secs_f64();
    match result {
        Ok(value) => {
            if raw {
                return serde_json::json!({"kind": "RawBody", "seconds": seconds, "api_error": true});
            }
            let top = serde_json::to_value(&value).unwrap_or_default();
            serde_json::json!({"kind": "success", "seconds": seconds, "api_error": true,
                "success": top.get("success").and_then(|s| s.as_bool()).unwrap_or(false),
                "unknown": top.get("zzUnknownKey")})
        }
        Err(Error::Contract(e)) => serde_json::json!({"kind": format!("{:?}", e.kind), "seconds": seconds,
            "api_error": true, "status": e.status, "msg": e.msg, "cause": e.cause.is_some(), "message": e.to_string()}),
        Err(other) => serde_json::json!({"kind": "other", "seconds": seconds, "api_error": false,
            "message": format!("{}", other)}),
    }
}

fn call(op: &str, c: &CRATE::apis::configuration::Configuration) -> serde_json::Value {
    let started = Instant::now();
    match op {
        // CASES
        _ => serde_json::json!({"kind": "unknown operation"}),
    }
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("a plan on stdin");
    let plan: Vec<serde_json::Value> = serde_json::from_str(&input).expect("a JSON plan");
    // One configuration (one reqwest client, as an application shares it) per base URL and
    // timeout, made before the calls start: made per call, the 300 clients' set-up took longer
    // than the calls
    let mut shared = std::collections::HashMap::new();
    for entry in &plan {
        let base = entry["baseUrl"].as_str().unwrap_or_default().to_owned();
        let timeout = entry["timeoutMs"].as_u64();
        if !shared.contains_key(&(base.clone(), timeout)) {
            if let Ok(c) = CRATE::contract::configuration(Some(&base), timeout.map(Duration::from_millis)) {
                shared.insert((base, timeout), c);
            }
        }
    }
    let threads: Vec<_> = plan
        .into_iter()
        .map(|entry| {
            let base = entry["baseUrl"].as_str().unwrap_or_default().to_owned();
            let made = shared.get(&(base.clone(), entry["timeoutMs"].as_u64())).cloned();
            std::thread::spawn(move || {
                let timeout = entry["timeoutMs"].as_u64().map(Duration::from_millis);
                let started = Instant::now();
                match made.map_or_else(|| CRATE::contract::configuration(Some(&base), timeout), Ok) {
                    Ok(mut c) => {
                        if let Some(ms) = entry["deadlineMs"].as_u64() {
                            c.retry_policy.deadline = Duration::from_millis(ms);
                        }
                        if let Some(retries) = entry["maxRetries"].as_u64() {
                            c.retry_policy.max_retries = retries as u32;
                        }
                        call(entry["op"].as_str().unwrap_or_default(), &c)
                    }
                    Err(e) => judge::<(), ()>(Err(Error::Contract(e)), false, started),
                }
            })
        })
        .collect();
    let results: Vec<serde_json::Value> = threads.into_iter().map(|t| t.join().expect("a call that ends")).collect();
    println!("{}", serde_json::to_string(&results).expect("JSON"));
    let _ = Kind::NotJson;
}
