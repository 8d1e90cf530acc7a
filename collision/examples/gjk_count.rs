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
//! `hull16`, `hull64`, `hull1000` (32 seeded hull pairs, as `benches/gjk.rs`),
//! `sphere_box`, `capsule_hull`, and `warm64` / `cold64` (the coherent sequence of
//! `benches/gjk.rs`, through `gjk` with one cache kept across frames or a fresh one per
//! frame; `ours` only); library `ours` or `parry` (or `iterations`, for hull cases:
//! prints the total GJK iteration count instead of the distances).

use collision::gjk::{GjkCache, GjkConfig, gjk};
use collision::{Ball, Capsule, ConvexHull, Cuboid, distance};
use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use parry3d_f64::math::{Pose, Rotation, Vector};
use parry3d_f64::query as pq;
use parry3d_f64::shape as ps;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn v3(rng: &mut ChaCha8Rng, r: f64) -> Vector3<f64> {
    Vector3::new(
        rng.random_range(-r..r),
        rng.random_range(-r..r),
        rng.random_range(-r..r),
    )
}

fn pose(rng: &mut ChaCha8Rng, r: f64) -> Isometry3<f64> {
    Isometry3::from_parts(
        v3(rng, r).into(),
        UnitQuaternion::from_scaled_axis(v3(rng, 3.0)),
    )
}

fn to_parry(p: &Isometry3<f64>) -> Pose {
    let (t, q) = (p.translation.vector, p.rotation.coords);
    Pose::from_parts(
        Vector::new(t.x, t.y, t.z),
        Rotation::from_xyzw(q[0], q[1], q[2], q[3]),
    )
}

fn cloud(rng: &mut ChaCha8Rng, n: usize) -> Vec<Point3<f64>> {
    (0..n)
        .map(|_| {
            loop {
                let p = v3(rng, 1.0);
                if p.norm_squared() <= 1.0 {
                    break Point3::from(p);
                }
            }
        })
        .collect()
}

fn parry_hull(h: &ConvexHull) -> ps::ConvexPolyhedron {
    let pts: Vec<Vector> = h
        .vertices()
        .iter()
        .map(|p| Vector::new(p.x, p.y, p.z))
        .collect();
    ps::ConvexPolyhedron::from_convex_hull(&pts).expect("valid hull")
}

/// Runs `count` queries of `case` with `lib` and returns the sum of the distances.
fn run(case: &str, lib: &str, count: usize) -> f64 {
    let parry = lib == "parry";
    let mut sum = 0.0;
    if let Some(n) = case
        .strip_prefix("hull")
        .and_then(|n| n.parse::<usize>().ok())
    {
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
        let pairs: Vec<_> = (0..32)
            .map(|_| {
                let a = ConvexHull::new(&cloud(&mut rng, n)).expect("hull");
                let b = ConvexHull::new(&cloud(&mut rng, n)).expect("hull");
                let (pa, pb) = (pose(&mut rng, 1.2), pose(&mut rng, 1.2));
                let q =
                    parry.then(|| (parry_hull(&a), parry_hull(&b), to_parry(&pa), to_parry(&pb)));
                (a, b, pa, pb, q)
            })
            .collect();
        for k in 0..count {
            let (a, b, pa, pb, q) = &pairs[k % 32];
            sum += match q {
                Some((qa, qb, ppa, ppb)) => pq::distance(ppa, qa, ppb, qb).expect("parry").distance,
                None if lib == "iterations" => f64::from(
                    gjk(
                        a,
                        pa,
                        b,
                        pb,
                        &GjkConfig::default(),
                        &mut GjkCache::default(),
                        &mut (),
                    )
                    .iterations,
                ),
                None => distance(a, pa, b, pb).expect("converged"),
            };
        }
        return sum;
    }
    if let Some(warm) = match case {
        "warm64" => Some(true),
        "cold64" => Some(false),
        _ => None,
    } {
        return coherent(warm, count);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let poses: Vec<_> = (0..32)
        .map(|_| (pose(&mut rng, 2.0), pose(&mut rng, 2.0)))
        .collect();
    let pposes: Vec<_> = poses
        .iter()
        .map(|(a, b)| (to_parry(a), to_parry(b)))
        .collect();
    let ball = Ball::new(0.5).expect("ball");
    let cube = Cuboid::new(Vector3::new(0.5, 0.7, 0.9)).expect("cuboid");
    let capsule = Capsule::new(0.6, 0.3).expect("capsule");
    let hull = ConvexHull::new(&cloud(&mut rng, 64)).expect("hull");
    let qhull = parry_hull(&hull);
    let (qball, qcube) = (
        ps::Ball::new(0.5),
        ps::Cuboid::new(Vector::new(0.5, 0.7, 0.9)),
    );
    let qcapsule = ps::Capsule::new_y(0.6, 0.3);
    for k in 0..count {
        let (pa, pb) = &poses[k % 32];
        let (qa, qb) = &pposes[k % 32];
        sum += match (case, parry) {
            ("sphere_box", false) => distance(&ball, pa, &cube, pb).expect("converged"),
            ("sphere_box", true) => {
                pq::distance(qa, &qball, qb, &qcube)
                    .expect("parry")
                    .distance
            }
            ("capsule_hull", false) => distance(&capsule, pa, &hull, pb).expect("converged"),
            ("capsule_hull", true) => {
                pq::distance(qa, &qcapsule, qb, &qhull)
                    .expect("parry")
                    .distance
            }
            _ => panic!("unknown case {case}"),
        };
    }
    sum
}

/// The coherent sequence of `benches/gjk.rs` (B circles A and spins slowly), 64-point
/// hulls, warm-started from one cache or cold.
fn coherent(warm: bool, count: usize) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(99 + 64);
    let a = ConvexHull::new(&cloud(&mut rng, 64)).expect("hull");
    let b = ConvexHull::new(&cloud(&mut rng, 64)).expect("hull");
    let frames: Vec<(Isometry3<f64>, Isometry3<f64>)> = (0..200)
        .map(|s| {
            let t = f64::from(s) * 0.01;
            (
                Isometry3::new(Vector3::zeros(), Vector3::new(0.0, 0.3 * t, 0.0)),
                Isometry3::new(
                    Vector3::new(2.5 * t.cos(), 0.3 * (2.0 * t).sin(), 2.5 * t.sin()),
                    Vector3::new(t, 0.5 * t, 0.0),
                ),
            )
        })
        .collect();
    let config = GjkConfig::default();
    let mut cache = GjkCache::default();
    let mut sum = 0.0;
    for k in 0..count {
        let (pa, pb) = &frames[k % frames.len()];
        if !warm {
            cache = GjkCache::default();
        }
        sum += gjk(&a, pa, &b, pb, &config, &mut cache, &mut ()).distance;
    }
    sum
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
