//! contact() against parry3d-f64's `query::contact` in the same run, plus a failure
//! count on a random overlapping corpus (printed once before the timings).
//!
//! `cargo bench -p collision --bench contact -- --warm-up-time 1 --measurement-time 3`
//!
//! Set `CONTACT_BENCH_NO_CORPUS=1` to skip the failure count (e.g. under callgrind), and
//! `CONTACT_BENCH_MIN=<seconds>` to also print, per hull size, the fastest of many short
//! alternating batches of both libraries: on a loaded machine the minimum moves far less
//! than criterion's mean.

use test_support::bench as common;

use collision::{Capsule, ConvexHull, Cuboid, SupportMap, contact, intersects};
use common::{hull, pose, rng, to_parry};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};
use nalgebra::{Isometry3, Vector3};
use parry3d_f64::math::Pose;
use parry3d_f64::query as pq;
use parry3d_f64::shape as ps;
use rand::RngExt;
use std::hint::black_box;
use std::time::Instant;

/// A shape with the poses of its two copies, and parry's shape and poses.
type SamePair<S, Q> = (S, Isometry3<f64>, Isometry3<f64>, Q, Pose, Pose);

/// Times our contact and parry's on pairs of copies of one shape.
fn same_shape_pairs<S: SupportMap, Q: ps::Shape>(
    g: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    pairs: &[SamePair<S, Q>],
) {
    g.bench_function(format!("collision/{name}"), |bch| {
        bch.iter(|| {
            for (c, pa, pb, ..) in pairs {
                black_box(contact(c, pa, c, pb, 0.0).unwrap());
            }
        })
    });
    g.bench_function(format!("parry/{name}"), |bch| {
        bch.iter(|| {
            for (_, _, _, q, ppa, ppb) in pairs {
                black_box(pq::contact(ppa, q, ppb, q, 0.0).unwrap());
            }
        })
    });
}

/// Two hulls, their poses and parry's copies.
type HullPair = (
    ConvexHull,
    ConvexHull,
    Isometry3<f64>,
    Isometry3<f64>,
    ps::ConvexPolyhedron,
    ps::ConvexPolyhedron,
);

/// 32 overlapping pairs of hulls of `n` points.
fn hull_pairs(n: usize) -> Vec<HullPair> {
    let mut r = rng(100 + n as u64);
    let mut out = Vec::new();
    while out.len() < 32 {
        let (a, qa) = hull(&mut r, n);
        let (b, qb) = hull(&mut r, n);
        let (pa, pb) = (pose(&mut r, 0.6), pose(&mut r, 0.6));
        if intersects(&a, &pa, &b, &pb).unwrap() {
            out.push((a, b, pa, pb, qa, qb));
        }
    }
    out
}

/// Runs both libraries on 10,000 random overlapping hull pairs (8 to 64 points) and
/// counts failures: `None`, an error, or a non-finite field, for an overlapping pair.
fn failure_count() {
    let mut r = rng(7);
    let (mut ours, mut parry, mut total) = (0, 0, 0);
    let mut disagree = 0;
    while total < 10_000 {
        let n = r.random_range(8..=64);
        let (a, qa) = hull(&mut r, n);
        let (b, qb) = hull(&mut r, n);
        let (pa, pb) = (pose(&mut r, 0.8), pose(&mut r, 0.8));
        if !intersects(&a, &pa, &b, &pb).unwrap() {
            continue;
        }
        total += 1;
        let mine = contact(&a, &pa, &b, &pb, 0.0);
        let ok = matches!(&mine, Ok(Some(c)) if c.separation.is_finite() && c.normal.iter().all(|x| x.is_finite()) && c.point_a.iter().chain(c.point_b.iter()).all(|x| x.is_finite()));
        ours += usize::from(!ok);
        let theirs = pq::contact(&to_parry(&pa), &qa, &to_parry(&pb), &qb, 0.0);
        let ok_p = match &theirs {
            Ok(Some(c)) => {
                c.dist.is_finite()
                    && c.normal1.is_finite()
                    && c.point1.is_finite()
                    && c.point2.is_finite()
            }
            _ => false,
        };
        parry += usize::from(!ok_p);
        if let (Ok(Some(c)), Ok(Some(p))) = (&mine, &theirs)
            && (c.separation - p.dist).abs() > 1e-6 * c.separation.abs().max(1e-3)
        {
            disagree += 1;
        }
    }
    eprintln!(
        "overlapping corpus of {total} hull pairs: collision failures {ours}, parry failures {parry}, depth disagreements > 1e-6 rel {disagree}"
    );
}

/// parry's copies of the pairs' poses.
fn parry_poses(pairs: &[HullPair]) -> Vec<(Pose, Pose)> {
    pairs
        .iter()
        .map(|p| (to_parry(&p.2), to_parry(&p.3)))
        .collect()
}

/// The fastest per-query time over alternating batches of the 32 pairs, for `seconds`
/// per hull size, printed with the ratio.
fn min_of_batches(seconds: f64) {
    for n in [16, 64, 1000] {
        let pairs = hull_pairs(n);
        let pp = parry_poses(&pairs);
        let (mut ours, mut theirs) = (f64::INFINITY, f64::INFINITY);
        let start = Instant::now();
        while start.elapsed().as_secs_f64() < seconds {
            let t = Instant::now();
            for (a, b, pa, pb, _, _) in &pairs {
                black_box(contact(a, pa, b, pb, 0.0).unwrap());
            }
            ours = ours.min(t.elapsed().as_secs_f64() / pairs.len() as f64);
            let t = Instant::now();
            for ((_, _, _, _, qa, qb), (ppa, ppb)) in pairs.iter().zip(&pp) {
                black_box(pq::contact(ppa, qa, ppb, qb, 0.0).unwrap());
            }
            theirs = theirs.min(t.elapsed().as_secs_f64() / pairs.len() as f64);
        }
        eprintln!(
            "min of batches, hull{n}: collision {:.0} ns, parry {:.0} ns, ratio {:.2}",
            ours * 1e9,
            theirs * 1e9,
            theirs / ours
        );
    }
}

fn bench(c: &mut Criterion) {
    if std::env::var_os("CONTACT_BENCH_NO_CORPUS").is_none() {
        failure_count();
    }
    if let Some(s) = std::env::var("CONTACT_BENCH_MIN")
        .ok()
        .and_then(|s| s.parse().ok())
    {
        min_of_batches(s);
    }
    let mut g = c.benchmark_group("contact");
    for n in [16, 64, 1000] {
        let pairs = hull_pairs(n);
        let pp = parry_poses(&pairs);
        g.bench_with_input(
            BenchmarkId::new("collision", format!("hull{n}")),
            &pairs,
            |bch, pairs| {
                bch.iter(|| {
                    for (a, b, pa, pb, _, _) in pairs {
                        black_box(contact(a, pa, b, pb, 0.0).unwrap());
                    }
                })
            },
        );
        g.bench_with_input(
            BenchmarkId::new("parry", format!("hull{n}")),
            &pairs,
            |bch, pairs| {
                bch.iter(|| {
                    for ((_, _, _, _, qa, qb), (ppa, ppb)) in pairs.iter().zip(&pp) {
                        black_box(pq::contact(ppa, qa, ppb, qb, 0.0).unwrap());
                    }
                })
            },
        );
    }
    // Box–box and capsule–capsule, overlapping.
    let mut r = rng(9);
    let boxes: Vec<_> = (0..32)
        .map(|_| {
            let h = Vector3::new(
                r.random_range(0.3..1.0),
                r.random_range(0.3..1.0),
                r.random_range(0.3..1.0),
            );
            let (pa, pb) = (pose(&mut r, 0.4), pose(&mut r, 0.4));
            (
                Cuboid::new(h).unwrap(),
                pa,
                pb,
                ps::Cuboid::new(common::pv(&h)),
                to_parry(&pa),
                to_parry(&pb),
            )
        })
        .collect();
    same_shape_pairs(&mut g, "box-box", &boxes);
    let caps: Vec<_> = (0..32)
        .map(|_| {
            let (h, rad) = (r.random_range(0.2..1.0), r.random_range(0.2..0.6));
            let (pa, pb) = (pose(&mut r, 0.5), pose(&mut r, 0.5));
            (
                Capsule::new(h, rad).unwrap(),
                pa,
                pb,
                ps::Capsule::new_y(h, rad),
                to_parry(&pa),
                to_parry(&pb),
            )
        })
        .collect();
    same_shape_pairs(&mut g, "capsule-capsule", &caps);
    g.finish();
}

criterion_group!(name = benches; config = Criterion::default().sample_size(20); targets = bench);
criterion_main!(benches);
