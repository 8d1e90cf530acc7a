//! Hull building: ours vs parry3d-f64 on the same seeded clouds, uniform in
//! a ball, on a sphere, on the surface of a cube (8 points to 1e6), and in a disc
//! 2e-12 thick (the ball squashed: a thin solid, a third of whose points lie exactly
//! above a face by less than its tolerance, each shown to be within it of the hull or
//! rechecked against the finished hull; 1e3 to 1e6 points). Games build hulls of 8 to
//! 200 points
//! (convex decompositions), so the small sizes are where fixed costs show.
//!
//! Two parry references: `parry` is `transformation::convex_hull` (vertices and
//! triangles only), `parry-shape` is `ConvexPolyhedron::from_convex_hull` (up to 10,000
//! points), which also merges coplanar triangles into faces and links their adjacency,
//! as `Hull::build` does (ours also computes volume, area and centroid).
//!
//! `cargo bench -p collision-hull --bench hull -- --warm-up-time 1 --measurement-time 3`
//!
//! parry on a 1e6-point sphere takes minutes: it is timed once, outside
//! criterion, only when `HULL_BENCH_PARRY_1E6=1`, and given up after
//! `HULL_BENCH_PARRY_TIMEOUT` seconds (default 300).

use collision_hull::Hull;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nalgebra::Point3;
use parry3d_f64::math::Vector3 as PVec;
use parry3d_f64::shape::ConvexPolyhedron;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The bench's clouds (seed 42).
fn cloud(kind: &str, n: usize) -> Vec<Point3<f64>> {
    test_support::clouds::of_kind(kind, n, 42)
}

fn to_parry(pts: &[Point3<f64>]) -> Vec<PVec> {
    pts.iter().map(|p| PVec::new(p.x, p.y, p.z)).collect()
}

fn bench(c: &mut Criterion) {
    for kind in ["ball", "sphere", "box", "slab"] {
        let mut group = c.benchmark_group(format!("hull/{kind}"));
        let small: &[usize] = if kind == "slab" { &[] } else { &[8, 32, 200] };
        let large = [1_000usize, 10_000, 100_000, 1_000_000];
        for &n in small.iter().chain(&large) {
            let pts = cloud(kind, n);
            let ppts = to_parry(&pts);
            if n >= 100_000 {
                group.sample_size(10);
            }
            group.bench_with_input(BenchmarkId::new("ours", n), &pts, |b, pts| {
                b.iter(|| Hull::build(black_box(pts)).expect("hull"));
            });
            if !(kind == "sphere" && n == 1_000_000) {
                group.bench_with_input(BenchmarkId::new("parry", n), &ppts, |b, pts| {
                    b.iter(|| parry3d_f64::transformation::convex_hull(black_box(pts)));
                });
            }
            if n <= 10_000 {
                group.bench_with_input(BenchmarkId::new("parry-shape", n), &ppts, |b, pts| {
                    b.iter(|| ConvexPolyhedron::from_convex_hull(black_box(pts)).expect("hull"));
                });
            }
        }
        group.finish();
    }
    if std::env::var("HULL_BENCH_PARRY_1E6").is_ok_and(|v| v == "1") {
        parry_sphere_once();
    }
}

/// One timed parry run on the 1e6-point sphere, in a thread we stop waiting
/// for after the timeout.
fn parry_sphere_once() {
    let timeout: u64 = std::env::var("HULL_BENCH_PARRY_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let ppts = to_parry(&cloud("sphere", 1_000_000));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let start = Instant::now();
        let hull = parry3d_f64::transformation::convex_hull(&ppts);
        let _ = tx.send((start.elapsed(), hull.0.len()));
    });
    match rx.recv_timeout(Duration::from_secs(timeout)) {
        Ok((t, v)) => println!(
            "hull/sphere/parry/1000000 (single run): {:.3} s, {v} vertices",
            t.as_secs_f64()
        ),
        Err(_) => {
            println!("hull/sphere/parry/1000000 (single run): not finished after {timeout} s")
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
