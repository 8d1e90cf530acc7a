//! Runs `count` contact queries, cycling through the contact benchmark's 32 overlapping
//! hull pairs, for instruction
//! counts under callgrind (deterministic, unlike wall-clock time on a shared machine):
//!
//! ```text
//! cargo build --release -p collision --example contact_count
//! valgrind --tool=callgrind target/release/examples/contact_count 64 0
//! valgrind --tool=callgrind target/release/examples/contact_count 64 3200
//! ```
//!
//! The difference of the two totals divided by 3200 is the cost of one contact query.
//! Hull sizes as `benches/contact.rs`: 16, 64 or 1000 points per hull (32 seeded
//! overlapping pairs, the same seeds).

use test_support::bench as common;

use collision::{contact, intersects};
use common::{hull, pose, rng};
use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(64);
    let count: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut r = rng(100 + n as u64);
    let mut pairs = Vec::new();
    while pairs.len() < 32 {
        let (a, _) = hull(&mut r, n);
        let (b, _) = hull(&mut r, n);
        let (pa, pb) = (pose(&mut r, 0.6), pose(&mut r, 0.6));
        if intersects(&a, &pa, &b, &pb).unwrap() {
            pairs.push((a, b, pa, pb));
        }
    }
    let mut sum = 0.0;
    for k in 0..count {
        let (a, b, pa, pb) = &pairs[k % pairs.len()];
        sum += black_box(contact(a, pa, b, pb, 0.0).unwrap().unwrap().separation);
    }
    println!("hull{n}: {count} contacts, separation sum {sum}");
}
