//! Runs one of the bench's batches (same seed, same order) many times, for instruction
//! counts under callgrind (deterministic on a shared machine, unlike the timings):
//!
//! ```text
//! cargo build --release -p collision-simplex --example profile
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*run_ours*' \
//!     --toggle-collect='*run_parry*' target/release/examples/profile \
//!     tetrahedron outside ours        # or: triangle inside parry, ...
//! ```
//!
//! The program prints the number of projections; divide the collected total by it.
//! parry's shapes are built before the collected function, as in the bench.
//! `ONLY=1` (2, 3) keeps the simplices whose answer has that many vertices.
//!
//! `TIME=1` times instead: 2,000 passes over the batch, ours and parry's alternating, and
//! prints the fastest and the median pass (ns per projection). On a shared machine the
//! fastest pass is the figure least disturbed by other jobs (criterion's mean includes
//! the time the process waits for a core). `BIG=1` (with `TIME=1`) uses 64 distinct
//! batches instead of one, a sequence too long for the branch predictor to learn.
#![allow(missing_docs)]

#[path = "../benches/simplex_common/mod.rs"]
mod common;

use std::hint::black_box;

use collision_simplex::{project_segment, project_tetrahedron, project_triangle};
use common::{BATCH, batch, segments, tetrahedra, triangles};
use nalgebra::Point3;
use parry3d_f64::math::Vector;
use parry3d_f64::query::PointQueryWithLocation;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const REPEAT: usize = 100;

#[inline(never)]
fn run_ours(k: usize, simplices: &[[Point3<f64>; 4]]) {
    for _ in 0..REPEAT {
        for p in black_box(simplices) {
            match k {
                4 => black_box(project_tetrahedron(&p[0], &p[1], &p[2], &p[3])),
                3 => black_box(project_triangle(&p[0], &p[1], &p[2])),
                _ => black_box(project_segment(&p[0], &p[1])),
            };
        }
    }
}

/// parry on shapes built beforehand (as in the bench), `REPEAT` passes.
#[inline(never)]
fn run_parry<S: PointQueryWithLocation>(shapes: &[S]) {
    for _ in 0..REPEAT {
        run_parry_shapes(shapes);
    }
}

/// Builds parry's shapes, then collects [`run_parry`].
fn parry_counts(k: usize, simplices: &[[Point3<f64>; 4]]) {
    match k {
        4 => run_parry(&tetrahedra(simplices)),
        3 => run_parry(&triangles(simplices)),
        _ => run_parry(&segments(simplices)),
    }
}

/// `TIME=1`: the fastest of many timed passes over the batch (ns per projection), ours
/// and parry's interleaved; the minimum is the figure least disturbed by other jobs.
fn timing(k: usize, simplices: &[[Point3<f64>; 4]]) {
    let passes = if simplices.len() > 10_000 { 40 } else { 2_000 };
    // parry's shapes are built beforehand, as in the bench.
    let (tetrahedra, triangles, segments) = (
        tetrahedra(simplices),
        triangles(simplices),
        segments(simplices),
    );
    let mut times = [Vec::new(), Vec::new()];
    for _ in 0..passes {
        let start = std::time::Instant::now();
        run_ours_once(k, simplices);
        times[0].push(start.elapsed().as_nanos() as f64 / simplices.len() as f64);
        let start = std::time::Instant::now();
        match k {
            4 => run_parry_shapes(&tetrahedra),
            3 => run_parry_shapes(&triangles),
            _ => run_parry_shapes(&segments),
        }
        times[1].push(start.elapsed().as_nanos() as f64 / simplices.len() as f64);
    }
    for t in &mut times {
        t.sort_by(f64::total_cmp);
    }
    let (min, med) = (
        [times[0][0], times[1][0]],
        [times[0][passes / 2], times[1][passes / 2]],
    );
    println!(
        "min ours {:5.2} parry {:5.2} ratio {:.2} | median ours {:5.2} parry {:5.2} ratio {:.2}",
        min[0],
        min[1],
        min[1] / min[0],
        med[0],
        med[1],
        med[1] / med[0]
    );
}

/// One pass of parry over pre-built shapes.
#[inline(never)]
fn run_parry_shapes<S: PointQueryWithLocation>(shapes: &[S]) {
    for s in black_box(shapes) {
        black_box(s.project_local_point_and_get_location(Vector::ZERO, true));
    }
}

/// One pass of ours over the batch, one loop per kind of simplex as in the bench (so the
/// projection is inlined or not as it is there).
#[inline(never)]
fn run_ours_once(k: usize, simplices: &[[Point3<f64>; 4]]) {
    match k {
        4 => run_tetrahedra_once(simplices),
        3 => run_triangles_once(simplices),
        _ => run_segments_once(simplices),
    }
}

/// Only tetrahedra, as in the bench.
#[inline(never)]
fn run_tetrahedra_once(simplices: &[[Point3<f64>; 4]]) {
    for p in black_box(simplices) {
        black_box(project_tetrahedron(&p[0], &p[1], &p[2], &p[3]));
    }
}

/// Only triangles, as in the bench.
#[inline(never)]
fn run_triangles_once(simplices: &[[Point3<f64>; 4]]) {
    for p in black_box(simplices) {
        black_box(project_triangle(&p[0], &p[1], &p[2]));
    }
}

/// Only segments, as in the bench.
#[inline(never)]
fn run_segments_once(simplices: &[[Point3<f64>; 4]]) {
    for p in black_box(simplices) {
        black_box(project_segment(&p[0], &p[1]));
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("tetrahedron", String::as_str);
    let inside = args.get(2).is_some_and(|s| s == "inside");
    let parry = args.get(3).is_some_and(|s| s == "parry");
    let mut rng = ChaCha8Rng::seed_from_u64(2017);
    for (case, k) in [("tetrahedron", 4), ("triangle", 3), ("segment", 2)] {
        for is_inside in [true, false] {
            let simplices = batch(&mut rng, k, is_inside);
            let only: Option<u32> = std::env::var("ONLY").ok().and_then(|s| s.parse().ok());
            let simplices: Vec<_> = simplices
                .into_iter()
                .filter(|p| {
                    only.is_none_or(|n| {
                        project_tetrahedron(&p[0], &p[1], &p[2], &p[3])
                            .support
                            .count_ones()
                            == n
                    })
                })
                .collect();
            if case == name && is_inside == inside {
                if std::env::var("TIME").is_ok() {
                    if std::env::var("BIG").is_ok() {
                        // 64 distinct batches: too long a sequence for the branch
                        // predictor to learn, unlike one batch repeated.
                        let mut all = simplices.clone();
                        let mut big_rng = ChaCha8Rng::seed_from_u64(99);
                        while all.len() < 64 * BATCH {
                            all.extend(batch(&mut big_rng, k, inside));
                        }
                        timing(k, &all);
                    } else {
                        timing(k, &simplices);
                    }
                    return;
                }
                if parry {
                    parry_counts(k, &simplices);
                } else {
                    run_ours(k, &simplices);
                }
                println!("{}", REPEAT * simplices.len());
            }
        }
    }
}
