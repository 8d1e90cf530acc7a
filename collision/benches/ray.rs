//! Like for like against parry3d-f64 (solid casts) in the same run: `cast_ray` (parameter,
//! point and normal) against `RayCast::cast_ray_and_get_normal`, and `cast_ray_toi` (the
//! parameter alone, `collision-toi/…`) against parry's `cast_ray` (`parry-toi/…`).
//!
//! `cargo bench -p collision --bench ray -- --warm-up-time 1 --measurement-time 3`

use test_support::bench as common;

use collision::{Ball, Capsule, Cone, Cuboid, Ray, Shape, cast_ray, cast_ray_toi};
use common::{hull, pose, pv, rng, to_parry, v3};
use criterion::{Criterion, criterion_group, criterion_main};
use nalgebra::{Point3, Vector3};
use parry3d_f64::query::{Ray as PRay, RayCast};
use parry3d_f64::shape as ps;
use std::hint::black_box;

fn bench(c: &mut Criterion) {
    let mut r = rng(12);
    let (h, qh) = hull(&mut r, 64);
    let shapes: Vec<(&str, Shape, Box<dyn RayCast>)> = vec![
        (
            "ball",
            Ball::new(1.0).unwrap().into(),
            Box::new(ps::Ball::new(1.0)),
        ),
        (
            "cuboid",
            Cuboid::new(Vector3::new(1.0, 0.5, 0.7)).unwrap().into(),
            Box::new(ps::Cuboid::new(pv(&Vector3::new(1.0, 0.5, 0.7)))),
        ),
        (
            "capsule",
            Capsule::new(0.8, 0.4).unwrap().into(),
            Box::new(ps::Capsule::new_y(0.8, 0.4)),
        ),
        (
            "cone",
            Cone::new(0.8, 0.5).unwrap().into(),
            Box::new(ps::Cone::new(0.8, 0.5)),
        ),
        ("hull64", h.into(), Box::new(qh)),
    ];
    // 64 rays from distance ~5 aimed at random points near the shape (most hit).
    let rays: Vec<_> = (0..64)
        .map(|_| {
            let o = Point3::from(v3(&mut r, 1.0).normalize() * 5.0);
            let target = Point3::from(v3(&mut r, 0.8));
            (Ray::new(o, target - o), pose(&mut r, 0.5))
        })
        .collect();
    let prays: Vec<_> = rays
        .iter()
        .map(|(ray, p)| (PRay::new(pv(&ray.origin.coords), pv(&ray.dir)), to_parry(p)))
        .collect();
    let mut g = c.benchmark_group("ray");
    for (name, ours, theirs) in &shapes {
        g.bench_function(format!("collision/{name}"), |bch| {
            bch.iter(|| {
                for (ray, p) in &rays {
                    black_box(cast_ray(ours, p, ray, 10.0).unwrap());
                }
            })
        });
        g.bench_function(format!("parry/{name}"), |bch| {
            bch.iter(|| {
                for (ray, p) in &prays {
                    black_box(theirs.cast_ray_and_get_normal(p, ray, 10.0, true));
                }
            })
        });
        g.bench_function(format!("collision-toi/{name}"), |bch| {
            bch.iter(|| {
                for (ray, p) in &rays {
                    black_box(cast_ray_toi(ours, p, ray, 10.0).unwrap());
                }
            })
        });
        g.bench_function(format!("parry-toi/{name}"), |bch| {
            bch.iter(|| {
                for (ray, p) in &prays {
                    black_box(theirs.cast_ray(p, ray, 10.0, true));
                }
            })
        });
    }
    g.finish();
}

criterion_group!(name = benches; config = Criterion::default().sample_size(20); targets = bench);
criterion_main!(benches);
