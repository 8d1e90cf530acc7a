//! GJK against parry3d-f64 in the same run.
//!
//! `cargo bench -p collision --bench gjk -- --warm-up-time 1 --measurement-time 3`

use collision::gjk::{GjkCache, GjkConfig, gjk};
use collision::{Ball, Capsule, ConvexHull, Cuboid, distance, distance_observed, intersects};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
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

struct Pair {
    a: ConvexHull,
    b: ConvexHull,
    pa: Isometry3<f64>,
    pb: Isometry3<f64>,
    qa: ps::ConvexPolyhedron,
    qb: ps::ConvexPolyhedron,
    ppa: Pose,
    ppb: Pose,
}

fn parry_hull(h: &ConvexHull) -> ps::ConvexPolyhedron {
    let pts: Vec<Vector> = h
        .vertices()
        .iter()
        .map(|p| Vector::new(p.x, p.y, p.z))
        .collect();
    ps::ConvexPolyhedron::from_convex_hull(&pts).unwrap()
}

/// 32 random pairs of hulls of `n` points, centres up to 2.4 apart per axis (about a
/// third overlap).
fn pairs(n: usize) -> Vec<Pair> {
    let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
    (0..32)
        .map(|_| {
            let a = ConvexHull::new(&cloud(&mut rng, n)).unwrap();
            let b = ConvexHull::new(&cloud(&mut rng, n)).unwrap();
            let (pa, pb) = (pose(&mut rng, 1.2), pose(&mut rng, 1.2));
            Pair {
                qa: parry_hull(&a),
                qb: parry_hull(&b),
                ppa: to_parry(&pa),
                ppb: to_parry(&pb),
                a,
                b,
                pa,
                pb,
            }
        })
        .collect()
}

fn hulls(c: &mut Criterion) {
    for n in [16usize, 64, 1000] {
        let ps = pairs(n);
        let mut g = c.benchmark_group(format!("hull{n}"));
        let mut k = 0;
        g.bench_function("distance/ours", |b| {
            b.iter(|| {
                k = (k + 1) % ps.len();
                let p = &ps[k];
                black_box(distance(&p.a, &p.pa, &p.b, &p.pb).unwrap())
            })
        });
        g.bench_function("distance/parry", |b| {
            b.iter(|| {
                k = (k + 1) % ps.len();
                let p = &ps[k];
                black_box(pq::distance(&p.ppa, &p.qa, &p.ppb, &p.qb).unwrap().distance)
            })
        });
        g.bench_function("intersection/ours", |b| {
            b.iter(|| {
                k = (k + 1) % ps.len();
                let p = &ps[k];
                black_box(intersects(&p.a, &p.pa, &p.b, &p.pb).unwrap())
            })
        });
        g.bench_function("intersection/parry", |b| {
            b.iter(|| {
                k = (k + 1) % ps.len();
                let p = &ps[k];
                black_box(
                    pq::intersection_test(&p.ppa, &p.qa, &p.ppb, &p.qb)
                        .unwrap()
                        .intersecting,
                )
            })
        });
        g.finish();
    }
}

fn primitives(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let poses: Vec<(Isometry3<f64>, Isometry3<f64>)> = (0..32)
        .map(|_| (pose(&mut rng, 2.0), pose(&mut rng, 2.0)))
        .collect();
    let pposes: Vec<(Pose, Pose)> = poses
        .iter()
        .map(|(a, b)| (to_parry(a), to_parry(b)))
        .collect();
    let ball = Ball::new(0.5).unwrap();
    let cube = Cuboid::new(Vector3::new(0.5, 0.7, 0.9)).unwrap();
    let capsule = Capsule::new(0.6, 0.3).unwrap();
    let hull = ConvexHull::new(&cloud(&mut rng, 64)).unwrap();
    let (qball, qcube) = (
        ps::Ball::new(0.5),
        ps::Cuboid::new(Vector::new(0.5, 0.7, 0.9)),
    );
    let qcapsule = ps::Capsule::new_y(0.6, 0.3);
    let qhull = parry_hull(&hull);
    let mut g = c.benchmark_group("primitives");
    let mut k = 0;
    g.bench_function("sphere_box/ours", |b| {
        b.iter(|| {
            k = (k + 1) % poses.len();
            black_box(distance(&ball, &poses[k].0, &cube, &poses[k].1).unwrap())
        })
    });
    g.bench_function("sphere_box/parry", |b| {
        b.iter(|| {
            k = (k + 1) % poses.len();
            black_box(
                pq::distance(&pposes[k].0, &qball, &pposes[k].1, &qcube)
                    .unwrap()
                    .distance,
            )
        })
    });
    g.bench_function("capsule_hull/ours", |b| {
        b.iter(|| {
            k = (k + 1) % poses.len();
            black_box(distance(&capsule, &poses[k].0, &hull, &poses[k].1).unwrap())
        })
    });
    g.bench_function("capsule_hull/parry", |b| {
        b.iter(|| {
            k = (k + 1) % poses.len();
            black_box(
                pq::distance(&pposes[k].0, &qcapsule, &pposes[k].1, &qhull)
                    .unwrap()
                    .distance,
            )
        })
    });
    g.finish();
}

/// B circles A and spins slowly: consecutive queries are coherent.
fn coherent(c: &mut Criterion) {
    let mut g = c.benchmark_group("coherent");
    for n in [64usize, 1000] {
        let mut rng = ChaCha8Rng::seed_from_u64(99 + n as u64);
        let a = ConvexHull::new(&cloud(&mut rng, n)).unwrap();
        let b = ConvexHull::new(&cloud(&mut rng, n)).unwrap();
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
        let (qa, qb) = (parry_hull(&a), parry_hull(&b));
        let pframes: Vec<(Pose, Pose)> = frames
            .iter()
            .map(|(x, y)| (to_parry(x), to_parry(y)))
            .collect();
        g.bench_function(BenchmarkId::new("warm", n), |bench| {
            let mut cache = GjkCache::default();
            let mut k = 0;
            bench.iter(|| {
                k = (k + 1) % frames.len();
                let (pa, pb) = &frames[k];
                black_box(gjk(&a, pa, &b, pb, &config, &mut cache, &mut ()).distance)
            })
        });
        g.bench_function(BenchmarkId::new("cold", n), |bench| {
            let mut k = 0;
            bench.iter(|| {
                k = (k + 1) % frames.len();
                let (pa, pb) = &frames[k];
                let mut cache = GjkCache::default();
                black_box(gjk(&a, pa, &b, pb, &config, &mut cache, &mut ()).distance)
            })
        });
        g.bench_function(BenchmarkId::new("parry", n), |bench| {
            let mut k = 0;
            bench.iter(|| {
                k = (k + 1) % pframes.len();
                let (pa, pb) = &pframes[k];
                black_box(pq::distance(pa, &qa, pb, &qb).unwrap().distance)
            })
        });
    }
    g.finish();
}

/// The no-op observer must compile away.
fn observer(c: &mut Criterion) {
    let ps = pairs(64);
    let mut g = c.benchmark_group("observer");
    let mut k = 0;
    g.bench_function("plain", |b| {
        b.iter(|| {
            k = (k + 1) % ps.len();
            let p = &ps[k];
            black_box(distance(&p.a, &p.pa, &p.b, &p.pb).unwrap())
        })
    });
    g.bench_function("unit_observer", |b| {
        b.iter(|| {
            k = (k + 1) % ps.len();
            let p = &ps[k];
            black_box(distance_observed(&p.a, &p.pa, &p.b, &p.pb, &mut ()).unwrap())
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = hulls, primitives, coherent, observer
}
criterion_main!(benches);
