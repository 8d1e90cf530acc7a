//! Builds the hull of one seeded cloud `count` times, for profiling small builds:
//! `cargo build --release -p collision-hull --example hull_repeat` then
//! `perf record target/release/examples/hull_repeat ball 1000 20000`.

use collision_hull::Hull;
use std::hint::black_box;
use test_support::clouds::of_kind as cloud;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map_or("ball", String::as_str);
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let count: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10_000);
    let points = cloud(kind, n, 7);
    let mut faces = 0;
    for _ in 0..count {
        faces += Hull::build(black_box(&points)).map_or(0, |h| h.face_count());
    }
    println!("{kind} n={n} x{count}: {faces} faces in total");
}
