//! GJK against parry3d-f64 in the same run.
//!
//! `cargo bench -p collision --bench gjk -- --warm-up-time 1 --measurement-time 3`

use test_support::bench as common;

use collision::QueryOptions;
use collision::gjk::{GjkCache, GjkConfig, gjk};
use collision::{SupportMap, distance, distance_with, intersects};
use common::{
    Coherent, HullPair, ParryPair, Primitives, hull_pairs, parry_hull, parry_poses, sphere_pairs,
};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};
use nalgebra::Isometry3;
use parry3d_f64::query as pq;
use parry3d_f64::shape as ps;
use std::hint::black_box;

/// The pairs, each with parry's copy.
fn with_parry(pairs: Vec<HullPair>) -> Vec<(HullPair, ParryPair)> {
    pairs
        .into_iter()
        .map(|p| {
            let q = p.parry();
            (p, q)
        })
        .collect()
}

fn hulls(c: &mut Criterion) {
    for n in [16usize, 64, 1000] {
        let ps = with_parry(hull_pairs(n));
        let mut g = c.benchmark_group(format!("hull{n}"));
        let mut k = 0;
        distances(&mut g, &ps);
        g.bench_function("intersection/ours", |b| {
            b.iter(|| {
                k = (k + 1) % ps.len();
                let (p, _) = &ps[k];
                black_box(intersects(&p.a, &p.pa, &p.b, &p.pb).unwrap())
            })
        });
        g.bench_function("intersection/parry", |b| {
            b.iter(|| {
                k = (k + 1) % ps.len();
                let (_, q) = &ps[k];
                black_box(
                    pq::intersection_test(&q.ppa, &q.qa, &q.ppb, &q.qb)
                        .unwrap()
                        .intersecting,
                )
            })
        });
        g.finish();
    }
}

/// Distance between hulls of 1000 points on a sphere, every point a vertex: beside the
/// issue's `hull1000` (1000 points in a ball, about 140 vertices), where supports on
/// large hulls (hill climbing against parry's scan) decide the time.
fn sphere_hulls(c: &mut Criterion) {
    let ps = with_parry(sphere_pairs(1000));
    let mut g = c.benchmark_group("sphere1000");
    distances(&mut g, &ps);
    g.finish();
}

/// `distance/ours` and `distance/parry` over `ps`, cycling through the pairs.
fn distances(g: &mut BenchmarkGroup<'_, WallTime>, ps: &[(HullPair, ParryPair)]) {
    let mut k = 0;
    g.bench_function("distance/ours", |b| {
        b.iter(|| {
            k = (k + 1) % ps.len();
            let (p, _) = &ps[k];
            black_box(distance(&p.a, &p.pa, &p.b, &p.pb).unwrap())
        })
    });
    g.bench_function("distance/parry", |b| {
        b.iter(|| {
            k = (k + 1) % ps.len();
            let (_, q) = &ps[k];
            black_box(pq::distance(&q.ppa, &q.qa, &q.ppb, &q.qb).unwrap().distance)
        })
    });
}

fn primitives(c: &mut Criterion) {
    let s = Primitives::new();
    let mut g = c.benchmark_group("primitives");
    let mut k = 0;
    primitive_distances(
        &mut g,
        "sphere_box",
        &s,
        &mut k,
        (&s.ball, &s.cube),
        (&s.qball, &s.qcube),
    );
    primitive_distances(
        &mut g,
        "capsule_hull",
        &s,
        &mut k,
        (&s.capsule, &s.hull),
        (&s.qcapsule, &s.qhull),
    );
    primitive_distances(
        &mut g,
        "triangle_hull",
        &s,
        &mut k,
        (&s.triangle, &s.hull),
        (&s.qtriangle, &s.qhull),
    );
    g.finish();
}

/// `{name}/ours` and `{name}/parry`: the distance between our shapes `a` and `b`, and
/// between parry's copies `qa` and `qb`, cycling through the poses of `s` from `*k` on
/// (one counter for the whole group, as its pairs share the poses).
fn primitive_distances<A, B, QA, QB>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    s: &Primitives,
    k: &mut usize,
    (a, b): (&A, &B),
    (qa, qb): (&QA, &QB),
) where
    A: SupportMap,
    B: SupportMap,
    QA: ps::Shape,
    QB: ps::Shape,
{
    g.bench_function(format!("{name}/ours"), |bench| {
        bench.iter(|| {
            *k = (*k + 1) % s.poses.len();
            black_box(distance(a, &s.poses[*k].0, b, &s.poses[*k].1).unwrap())
        })
    });
    g.bench_function(format!("{name}/parry"), |bench| {
        bench.iter(|| {
            *k = (*k + 1) % s.poses.len();
            black_box(
                pq::distance(&s.pposes[*k].0, qa, &s.pposes[*k].1, qb)
                    .unwrap()
                    .distance,
            )
        })
    });
}

/// B circles A and spins slowly: consecutive queries are coherent.
fn coherent(c: &mut Criterion) {
    let mut g = c.benchmark_group("coherent");
    for n in [64usize, 1000] {
        let Coherent { a, b, frames } = Coherent::new(n);
        let config = GjkConfig::default();
        let (qa, qb) = (parry_hull(&a), parry_hull(&b));
        let pframes = parry_poses(&frames);
        // GJK's distance at one frame, warm-started from `cache`: the rows below differ
        // only in how long a cache lives.
        let distance_from = |pa: &Isometry3<f64>, pb: &Isometry3<f64>, cache: &mut GjkCache| {
            gjk(
                &a,
                pa,
                &b,
                pb,
                QueryOptions::default().config(config).cache(cache),
            )
            .distance
        };
        g.bench_function(BenchmarkId::new("warm", n), |bench| {
            let mut cache = GjkCache::default();
            let mut k = 0;
            bench.iter(|| {
                k = (k + 1) % frames.len();
                let (pa, pb) = &frames[k];
                black_box(distance_from(pa, pb, &mut cache))
            })
        });
        g.bench_function(BenchmarkId::new("cold", n), |bench| {
            let mut k = 0;
            bench.iter(|| {
                k = (k + 1) % frames.len();
                let (pa, pb) = &frames[k];
                let mut cache = GjkCache::default();
                black_box(distance_from(pa, pb, &mut cache))
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
    let ps = hull_pairs(64);
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
            black_box(distance_with(&p.a, &p.pa, &p.b, &p.pb, QueryOptions::default()).unwrap())
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = hulls, sphere_hulls, primitives, coherent, observer
}
criterion_main!(benches);
