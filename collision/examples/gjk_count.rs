//! Runs one GJK benchmark case `count` times, for instruction counts under callgrind
//! (deterministic, unlike wall-clock time on a shared machine):
//!
//! ```text
//! cargo build --release -p collision --example gjk_count
//! valgrind --tool=callgrind target/release/examples/gjk_count hull16 ours 0
//! valgrind --tool=callgrind target/release/examples/gjk_count hull16 ours 3200
//! ```
//!
//! The difference of the two totals divided by 3200 is the cost of one query. Cases:
//! `hull16`, `hull64`, `hull1000` (32 seeded hull pairs, as `benches/gjk.rs`; add
//! `:apart` or `:overlapping` to keep only the pairs of one class),
//! `sphere1000` (32 pairs of hulls of 1000 points on a sphere),
//! `sphere_box`, `capsule_hull`, and `warm64` / `cold64`, `warm1000` / `cold1000` (the coherent sequence of
//! `benches/gjk.rs`, through `gjk` with one cache kept across frames or a fresh one per
//! frame; `ours` only); library `ours` or `parry` (or `iterations`, for hull cases:
//! prints the total GJK iteration count instead of the distances). For the hull cases,
//! `REPEAT`, `PAIRS`, `EVICT_KIB` and `EVICT_ONLY` in the environment change the order of
//! the queries (see `Order`).

use test_support::bench as common;

use collision::QueryOptions;
use collision::distance;
use collision::gjk::{GjkCache, GjkConfig, gjk};
use common::{Coherent, Primitives, hull_pairs, sphere_pairs};
use parry3d_f64::query as pq;
use std::hint::black_box;

/// Runs `count` queries of `case` with `lib` and returns the sum of the distances.
fn run(case: &str, lib: &str, count: usize) -> f64 {
    let parry = lib == "parry";
    let mut sum = 0.0;
    // `hull1000:apart` keeps the pairs that are apart, `hull1000:overlapping` the others.
    let (case, class) = case.split_once(':').unwrap_or((case, "all"));
    let hull_case = |prefix: &str| case.strip_prefix(prefix).and_then(|n| n.parse().ok());
    let pairs = match (hull_case("hull"), hull_case("sphere")) {
        (Some(n), _) => Some(hull_pairs(n)),
        (_, Some(n)) => Some(sphere_pairs(n)),
        _ => None,
    };
    if let Some(pairs) = pairs {
        let pairs: Vec<_> = pairs
            .into_iter()
            .filter(|p| {
                let apart = distance(&p.a, &p.pa, &p.b, &p.pb).expect("converged") > 0.0;
                match class {
                    "apart" => apart,
                    "overlapping" => !apart,
                    _ => true,
                }
            })
            .map(|p| {
                let q = parry.then(|| p.parry());
                (p, q)
            })
            .collect();
        let order = Order::from_env(pairs.len());
        let mut pairs = pairs;
        pairs.truncate(order.pairs);
        // Reading a buffer larger than L1 between queries evicts the last pair's data.
        let evict = vec![1.0f64; order.evict_kib * 1024 / 8];
        for k in 0..count {
            if !evict.is_empty() {
                sum += black_box(evict.iter().step_by(8).sum::<f64>()) * 0.0;
            }
            if order.evict_only {
                continue;
            }
            let (p, q) = &pairs[(k / order.repeat) % pairs.len()];
            sum += match q {
                Some(q) => {
                    pq::distance(&q.ppa, &q.qa, &q.ppb, &q.qb)
                        .expect("parry")
                        .distance
                }
                None if lib == "iterations" => {
                    f64::from(gjk(&p.a, &p.pa, &p.b, &p.pb, QueryOptions::default()).iterations)
                }
                None => distance(&p.a, &p.pa, &p.b, &p.pb).expect("converged"),
            };
        }
        return sum;
    }
    let coherent_case = |prefix: &str| case.strip_prefix(prefix).and_then(|n| n.parse().ok());
    match (coherent_case("warm"), coherent_case("cold")) {
        (Some(n), _) => return coherent(n, true, count),
        (_, Some(n)) => return coherent(n, false, count),
        _ => {}
    }
    let s = Primitives::new();
    for k in 0..count {
        let (pa, pb) = &s.poses[k % 32];
        let (qa, qb) = &s.pposes[k % 32];
        sum += match (case, parry) {
            ("sphere_box", false) => distance(&s.ball, pa, &s.cube, pb).expect("converged"),
            ("sphere_box", true) => {
                pq::distance(qa, &s.qball, qb, &s.qcube)
                    .expect("parry")
                    .distance
            }
            ("capsule_hull", false) => distance(&s.capsule, pa, &s.hull, pb).expect("converged"),
            ("capsule_hull", true) => {
                pq::distance(qa, &s.qcapsule, qb, &s.qhull)
                    .expect("parry")
                    .distance
            }
            _ => panic!("unknown case {case}"),
        };
    }
    sum
}

/// The coherent sequence of `benches/gjk.rs` (B on an arc round A, both turning slowly),
/// `n`-point hulls, warm-started from one cache or cold.
fn coherent(n: usize, warm: bool, count: usize) -> f64 {
    let Coherent { a, b, frames } = Coherent::new(n);
    let config = GjkConfig::default();
    let mut cache = GjkCache::default();
    let mut sum = 0.0;
    for k in 0..count {
        let (pa, pb) = &frames[k % frames.len()];
        if !warm {
            cache = GjkCache::default();
        }
        sum += gjk(
            &a,
            pa,
            &b,
            pb,
            QueryOptions::default().config(config).cache(&mut cache),
        )
        .distance;
    }
    sum
}

/// The order of the hull cases' queries, from the environment (to tell the cost of a
/// cold L1 cache from that of branches the predictor has not learnt):
/// - `REPEAT=n`: each pair `n` times in a row before the next (default 1: cycling
///   through the pairs, as the bench does);
/// - `PAIRS=n`: only the first `n` pairs of the case;
/// - `EVICT_KIB=n`: read an `n` KiB buffer before each query;
/// - `EVICT_ONLY` set (to any value): only that read, no query (its cost, to subtract).
struct Order {
    repeat: usize,
    pairs: usize,
    evict_kib: usize,
    evict_only: bool,
}

impl Order {
    fn from_env(pairs: usize) -> Order {
        let number = |name: &str| std::env::var(name).ok().and_then(|n| n.parse().ok());
        Order {
            repeat: number("REPEAT").unwrap_or(1).max(1),
            pairs: number("PAIRS").unwrap_or(pairs).clamp(1, pairs.max(1)),
            evict_kib: number("EVICT_KIB").unwrap_or(0),
            evict_only: std::env::var_os("EVICT_ONLY").is_some(),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let case = args.get(1).map_or("hull16", String::as_str);
    let lib = args.get(2).map_or("ours", String::as_str);
    let count = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(3200);
    println!(
        "{case} {lib} {count}: sum {}",
        black_box(run(case, lib, count))
    );
}
