//! time_of_impact against parry3d-f64's `cast_shapes_nonlinear` in the same run: hull
//! pairs closing while they spin, hull pairs spinning in near contact (each library's
//! outcomes are printed first), and balls.
//!
//! `cargo bench -p collision --bench toi -- --warm-up-time 1 --measurement-time 3`

use test_support::bench as common;

use collision::{Ball, ConvexHull, Motion, time_of_impact};
use common::{hull, moved_to_gap, pose, pv, rng, to_parry, v3};
use criterion::{Criterion, criterion_group, criterion_main};
use nalgebra::{Isometry3, Vector3};
use parry3d_f64::math::Vector;
use parry3d_f64::query::{self as pq, NonlinearRigidMotion};
use parry3d_f64::shape as ps;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn nonlinear(m: &Motion) -> NonlinearRigidMotion {
    NonlinearRigidMotion::new(
        to_parry(&m.pose),
        Vector::ZERO,
        pv(&m.linear_velocity),
        pv(&m.angular_velocity),
    )
}

/// A hull of 64 points and parry's copy.
type Hull64 = (ConvexHull, ps::ConvexPolyhedron);

/// Two hulls of 64 points with parry's copies, and poses about 4 apart along x.
fn hull_pair(r: &mut ChaCha8Rng) -> (Hull64, Hull64, Isometry3<f64>, Isometry3<f64>) {
    let (a, b) = (hull(r, 64), hull(r, 64));
    let pa = pose(r, 0.3);
    let mut pb = pose(r, 0.3);
    pb.translation.vector += Vector3::new(4.0, 0.0, 0.0);
    (a, b, pa, pb)
}

fn bench(c: &mut Criterion) {
    let mut r = rng(11);
    // 32 hull64 pairs 4 apart closing at 10 units/s while spinning at up to 2 rad/s.
    let cases: Vec<_> = (0..32)
        .map(|_| {
            let ((a, qa), (b, qb), pa, pb) = hull_pair(&mut r);
            let ma = Motion::new(
                pa,
                Vector3::new(5.0, 0.0, 0.0) + v3(&mut r, 0.5),
                v3(&mut r, 2.0),
            );
            let mb = Motion::new(
                pb,
                Vector3::new(-5.0, 0.0, 0.0) + v3(&mut r, 0.5),
                v3(&mut r, 2.0),
            );
            (a, b, ma, mb, qa, qb)
        })
        .collect();
    let mut g = c.benchmark_group("toi");
    g.bench_function("collision/hull64-spinning", |bch| {
        bch.iter(|| {
            for (a, b, ma, mb, ..) in &cases {
                black_box(time_of_impact(a, ma, b, mb, 1.0).unwrap());
            }
        })
    });
    let pm: Vec<_> = cases
        .iter()
        .map(|(_, _, ma, mb, ..)| (nonlinear(ma), nonlinear(mb)))
        .collect();
    g.bench_function("parry/hull64-spinning", |bch| {
        bch.iter(|| {
            for ((_, _, _, _, qa, qb), (ma, mb)) in cases.iter().zip(&pm) {
                black_box(pq::cast_shapes_nonlinear(ma, qa, mb, qb, 0.0, 1.0, true).unwrap());
            }
        })
    });
    // The same kind of hull pairs starting 1e-6 apart (a resting contact), B drifting
    // away along the normal at 0.05 units/s while both spin at up to 5 rad/s: advancement
    // steps are limited by spin, not approach (see `toi/certify.rs`).
    let grazing: Vec<_> = (0..32)
        .map(|_| {
            let ((a, qa), (b, qb), pa, pb) = hull_pair(&mut r);
            let (pb, n) = moved_to_gap(&a, &pa, &b, &pb, 1e-6).expect("4 apart");
            let ma = Motion::new(pa, Vector3::zeros(), v3(&mut r, 5.0));
            let mb = Motion::new(pb, n * 0.05, v3(&mut r, 5.0));
            (a, b, ma, mb, qa, qb)
        })
        .collect();
    let outcomes = |f: &dyn Fn(usize) -> &'static str| {
        let mut tally = std::collections::BTreeMap::new();
        for k in 0..grazing.len() {
            *tally.entry(f(k)).or_insert(0) += 1;
        }
        tally
    };
    let ours = outcomes(&|k| {
        let (a, b, ma, mb, ..) = &grazing[k];
        match time_of_impact(a, ma, b, mb, 1.0) {
            Ok(Some(_)) => "impact",
            Ok(None) => "none",
            Err(_) => "did not converge",
        }
    });
    let gm: Vec<_> = grazing
        .iter()
        .map(|(_, _, ma, mb, ..)| (nonlinear(ma), nonlinear(mb)))
        .collect();
    let theirs = outcomes(&|k| {
        let ((.., qa, qb), (ma, mb)) = (&grazing[k], &gm[k]);
        match pq::cast_shapes_nonlinear(ma, qa, mb, qb, 0.0, 1.0, true) {
            Ok(Some(_)) => "impact",
            Ok(None) => "none",
            Err(_) => "error",
        }
    });
    eprintln!("hull64-grazing outcomes: ours {ours:?}, parry {theirs:?}");
    g.bench_function("collision/hull64-grazing", |bch| {
        bch.iter(|| {
            for (a, b, ma, mb, ..) in &grazing {
                let _ = black_box(time_of_impact(a, ma, b, mb, 1.0));
            }
        })
    });
    g.bench_function("parry/hull64-grazing", |bch| {
        bch.iter(|| {
            for ((.., qa, qb), (ma, mb)) in grazing.iter().zip(&gm) {
                let _ = black_box(pq::cast_shapes_nonlinear(ma, qa, mb, qb, 0.0, 1.0, true));
            }
        })
    });
    let balls: Vec<_> = (0..32)
        .map(|_| {
            let ma = Motion::new(
                Isometry3::translation(0.0, 0.0, 0.0),
                v3(&mut r, 1.0),
                Vector3::zeros(),
            );
            let mb = Motion::new(
                Isometry3::translation(3.0, 0.2, 0.0),
                Vector3::new(-4.0, 0.0, 0.0),
                Vector3::zeros(),
            );
            (Ball::new(0.5).unwrap(), ma, mb)
        })
        .collect();
    g.bench_function("collision/ball-ball", |bch| {
        bch.iter(|| {
            for (b, ma, mb) in &balls {
                black_box(time_of_impact(b, ma, b, mb, 1.0).unwrap());
            }
        })
    });
    let pb = ps::Ball::new(0.5);
    let pbm: Vec<_> = balls
        .iter()
        .map(|(_, ma, mb)| (nonlinear(ma), nonlinear(mb)))
        .collect();
    g.bench_function("parry/ball-ball", |bch| {
        bch.iter(|| {
            for (ma, mb) in &pbm {
                black_box(pq::cast_shapes_nonlinear(ma, &pb, mb, &pb, 0.0, 1.0, true).unwrap());
            }
        })
    });
    g.finish();
}

criterion_group!(name = benches; config = Criterion::default().sample_size(20); targets = bench);
criterion_main!(benches);
