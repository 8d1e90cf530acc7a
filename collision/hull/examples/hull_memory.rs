//! Builds the hull of a seeded cloud and prints the time; run under
//! `/usr/bin/time -v` to read the peak memory.
//!
//! `cargo run --release -p collision-hull --example hull_memory -- sphere 1000000`

use collision_hull::Hull;
use nalgebra::{Point3, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let kind = args.get(1).map_or("sphere", String::as_str);
    let n: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let points: Vec<Point3<f64>> = (0..n)
        .map(|_| {
            loop {
                let v = Vector3::new(
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                );
                let r = v.norm();
                if r <= 1.0 && r > 1e-3 {
                    break Point3::from(if kind == "sphere" { v / r } else { v });
                }
            }
        })
        .collect();
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
