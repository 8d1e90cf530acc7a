//! time_of_impact against parry3d-f64's `cast_shapes_nonlinear` in the same run.
//!
//! `cargo bench -p collision --bench toi -- --warm-up-time 1 --measurement-time 3`

mod contact_common;
use contact_common as common;

use collision::{Ball, Motion, time_of_impact};
use common::{hull, pose, pv, rng, to_parry, v3};
use criterion::{Criterion, criterion_group, criterion_main};
use nalgebra::{Isometry3, Vector3};
use parry3d_f64::math::Vector;
use parry3d_f64::query::{self as pq, NonlinearRigidMotion};
use parry3d_f64::shape as ps;
use std::hint::black_box;

fn nonlinear(m: &Motion) -> NonlinearRigidMotion {
    NonlinearRigidMotion::new(
        to_parry(&m.pose),
        Vector::ZERO,
        pv(&m.linear_velocity),
        pv(&m.angular_velocity),
    )
}

fn bench(c: &mut Criterion) {
    let mut r = rng(11);
    // 32 hull64 pairs 4 apart closing at 10 units/s while spinning at up to 2 rad/s.
    let cases: Vec<_> = (0..32)
        .map(|_| {
            let (a, qa) = hull(&mut r, 64);
            let (b, qb) = hull(&mut r, 64);
            let pa = pose(&mut r, 0.3);
            let mut pb = pose(&mut r, 0.3);
            pb.translation.vector += Vector3::new(4.0, 0.0, 0.0);
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

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
