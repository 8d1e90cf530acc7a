//! Runs the ray bench's 64 casts of one shape `count` times, for instruction counts under
//! callgrind (deterministic, unlike wall-clock time on a shared machine):
//!
//! ```text
//! cargo build --release -p collision --example ray_count
//! valgrind --tool=callgrind target/release/examples/ray_count ball ours 0
//! valgrind --tool=callgrind target/release/examples/ray_count ball ours 100
//! ```
//!
//! The difference of the two totals divided by 6400 is the cost of one cast. Shapes as in
//! `benches/ray.rs` (`ball`, `cuboid`, `capsule`, `cylinder`, `cone`, `hull16`, `hull64`,
//! `hull1000`); forms `ours` (`cast_ray`, time and normal), `ours-toi` (`cast_ray_toi`),
//! `parry` (`cast_ray_and_get_normal`) and `parry-toi` (parry's `cast_ray`).

use collision::{Ray, RayError, RayHit, Shape, cast_ray, cast_ray_toi};
use nalgebra::Isometry3;
use std::hint::black_box;

/// [`cast_ray`] out of line, so that its code can be read in the disassembly.
#[inline(never)]
fn ours(shape: &Shape, pose: &Isometry3<f64>, ray: &Ray) -> Result<Option<RayHit>, RayError> {
    cast_ray(shape, pose, ray, 10.0)
}

/// [`cast_ray_toi`] out of line.
#[inline(never)]
fn ours_toi(shape: &Shape, pose: &Isometry3<f64>, ray: &Ray) -> Result<Option<f64>, RayError> {
    cast_ray_toi(shape, pose, ray, 10.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("ball", String::as_str);
    let form = args.get(2).map_or("ours", String::as_str);
    let count: usize = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(100);
    let (shapes, rays, prays) = test_support::rays::cases();
    let (_, shape, theirs) = shapes
        .iter()
        .find(|(n, ..)| *n == name)
        .expect("a shape of the bench");
    let mut sum = 0.0;
    for _ in 0..count {
        match form {
            "ours" => {
                for (ray, p) in &rays {
                    let hit = black_box(ours(black_box(shape), p, ray)).unwrap();
                    sum += hit.map_or(0.0, |h| h.toi + h.normal.x);
                }
            }
            "ours-toi" => {
                for (ray, p) in &rays {
                    sum += black_box(ours_toi(black_box(shape), p, ray))
                        .unwrap()
                        .unwrap_or(0.0);
                }
            }
            "parry" => {
                for (ray, p) in &prays {
                    let hit = black_box(theirs.cast_ray_and_get_normal(p, ray, 10.0, true));
                    sum += hit.map_or(0.0, |h| h.time_of_impact + h.normal.x);
                }
            }
            "parry-toi" => {
                for (ray, p) in &prays {
                    sum += black_box(theirs.cast_ray(p, ray, 10.0, true)).unwrap_or(0.0);
                }
            }
            _ => panic!("form: ours, ours-toi, parry or parry-toi"),
        }
    }
    println!("{name} {form} {count}: sum {sum}");
}
