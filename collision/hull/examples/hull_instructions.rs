//! Builds the hull of one of the bench's seeded clouds (seed 42) `count` times with
//! ours, parry3d-f64's `convex_hull` (`parry`: vertices and triangles) or its
//! `ConvexPolyhedron::from_convex_hull` (`parry-shape`: also merged faces and
//! adjacency, as ours), for instruction counts under callgrind: the
//! difference between two counts, divided by the difference in `count`, is the cost of
//! one build, free of the machine's noise.
//!
//! `valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//!   target/release/examples/hull_instructions ours ball 32 100`

use collision_hull::Hull;
use parry3d_f64::math::Vector3 as PVec;
use parry3d_f64::shape::ConvexPolyhedron;
use std::hint::black_box;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("ours", String::as_str);
    let kind = args.get(2).map_or("ball", String::as_str);
    let n: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(32);
    let count: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(100);
    let points = test_support::clouds::of_kind(kind, n, 42);
    let mut total = 0;
    if which == "parry-shape" {
        let ppts: Vec<PVec> = points.iter().map(|p| PVec::new(p.x, p.y, p.z)).collect();
        for _ in 0..count {
            total += ConvexPolyhedron::from_convex_hull(black_box(&ppts))
                .map_or(0, |h| h.points().len());
        }
    } else if which == "parry" {
        let ppts: Vec<PVec> = points.iter().map(|p| PVec::new(p.x, p.y, p.z)).collect();
        for _ in 0..count {
            total += parry3d_f64::transformation::convex_hull(black_box(&ppts))
                .0
                .len();
        }
    } else {
        for _ in 0..count {
            total += Hull::build(black_box(&points)).map_or(0, |h| h.vertices().len());
        }
    }
    println!("{which} {kind} n={n} x{count}: {total} vertices in total");
}
