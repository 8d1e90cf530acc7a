//! Hull support queries: linear scan vs hill-climbing (cold: from the direction table
//! above 64 vertices, from vertex 0 below, where there is no table; from vertex 0 unless
//! it is more than 60° off the direction; warm), to choose `HILL_CLIMB_CROSSOVER`; and the one-off cost of building a
//! `ConvexHull` (hull, adjacency, climb blocks and direction table) against parry's
//! `ConvexPolyhedron::from_convex_hull` on the same points.
//!
//! `cargo bench -p collision --bench support`

use collision::ConvexHull;
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use nalgebra::{Point3, Vector3};
use parry3d_f64::math::Vector;
use parry3d_f64::shape::ConvexPolyhedron;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// `n` seeded points in the unit ball with norms in (0.1, 1], or with `on_sphere` those
/// points scaled onto the unit sphere.
fn points(rng: &mut ChaCha8Rng, n: usize, on_sphere: bool) -> Vec<Point3<f64>> {
    (0..n)
        .map(|_| {
            loop {
                let v = Vector3::new(
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                );
                if v.norm() > 0.1 && v.norm() <= 1.0 {
                    break Point3::from(if on_sphere { v.normalize() } else { v });
                }
            }
        })
        .collect()
}

fn support(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut group = c.benchmark_group("hull_support");
    for n in [12usize, 16, 24, 32, 48, 64, 128, 1000] {
        // Points on a sphere: every point is a hull vertex, so n is the vertex count.
        let pts = points(&mut rng, n, true);
        let hull = ConvexHull::new(&pts).unwrap();
        let count = hull.vertices().len();
        let dirs: Vec<Vector3<f64>> = (0..256)
            .map(|_| {
                Vector3::new(
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                )
            })
            .collect();
        // A slowly turning direction, as in GJK iterations or coherent frames.
        let turning: Vec<Vector3<f64>> = (0..256)
            .map(|k| {
                let t = f64::from(k) * 0.05;
                Vector3::new(t.cos(), (0.7 * t).sin(), t.sin())
            })
            .collect();
        group.bench_with_input(BenchmarkId::new("scan", count), &dirs, |b, dirs| {
            let mut k = 0;
            b.iter(|| {
                k = (k + 1) % dirs.len();
                black_box(hull.support_scan(black_box(&dirs[k])))
            });
        });
        // No hint: the climb starts from the direction table's vertex.
        group.bench_with_input(BenchmarkId::new("climb_cold", count), &dirs, |b, dirs| {
            let mut k = 0;
            b.iter(|| {
                k = (k + 1) % dirs.len();
                black_box(hull.support_climb(black_box(&dirs[k]), u32::MAX))
            });
        });
        // Always from vertex 0, for comparison with the table.
        group.bench_with_input(BenchmarkId::new("climb_from_0", count), &dirs, |b, dirs| {
            let mut k = 0;
            b.iter(|| {
                k = (k + 1) % dirs.len();
                black_box(hull.support_climb(black_box(&dirs[k]), 0))
            });
        });
        group.bench_with_input(
            BenchmarkId::new("climb_warm", count),
            &turning,
            |b, dirs| {
                let (mut k, mut hint) = (0, 0u32);
                b.iter(|| {
                    k = (k + 1) % dirs.len();
                    hint = hull.support_climb(black_box(&dirs[k]), hint) as u32;
                    black_box(hint)
                });
            },
        );
        group.bench_with_input(
            BenchmarkId::new("scan_turning", count),
            &turning,
            |b, dirs| {
                let mut k = 0;
                b.iter(|| {
                    k = (k + 1) % dirs.len();
                    black_box(hull.support_scan(black_box(&dirs[k])))
                });
            },
        );
    }
    group.finish();
}

/// `ConvexHull::new` against parry's `ConvexPolyhedron::from_convex_hull`, on 1000 points
/// in the unit ball (about 140 vertices) and on the unit sphere (1000 vertices).
fn build(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut group = c.benchmark_group("hull_build");
    for (name, on_sphere) in [("ball1000", false), ("sphere1000", true)] {
        let pts = points(&mut rng, 1000, on_sphere);
        let parry_pts: Vec<Vector> = pts.iter().map(|p| Vector::new(p.x, p.y, p.z)).collect();
        group.bench_function(BenchmarkId::new("ours", name), |b| {
            b.iter(|| black_box(ConvexHull::new(black_box(&pts)).unwrap()))
        });
        group.bench_function(BenchmarkId::new("parry", name), |b| {
            b.iter(|| black_box(ConvexPolyhedron::from_convex_hull(black_box(&parry_pts)).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, support, build);
criterion_main!(benches);
