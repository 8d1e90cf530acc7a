//! Builds the hull of a seeded cloud (`ball`, `sphere`, `slab` or `box`, the hull bench's
//! kinds, seed 7) and prints the time; run under `/usr/bin/time -v` to read the peak
//! memory.
//!
//! `cargo run --release -p collision-hull --example hull_memory -- sphere 1000000`

use collision_hull::Hull;
use std::time::Instant;
use test_support::clouds::of_kind as cloud;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map_or("sphere", String::as_str);
    let n: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let points = cloud(kind, n, 7);
    let start = Instant::now();
    match Hull::build(&points) {
        Ok(hull) => println!(
            "{kind} n={n}: {} vertices, {} faces, volume {:.6}, {:.3} s",
            hull.vertices().len(),
            hull.face_count(),
            hull.volume(),
            start.elapsed().as_secs_f64()
        ),
        Err(e) => println!("{kind} n={n}: error {e}"),
    }
}
