//! The ray bench's cases, shared by `collision/benches/ray.rs` and
//! `collision/examples/ray_count.rs`: each shape with parry3d-f64's copy, and 64 posed
//! rays.

use crate::bench::{hull, pose, pv, rng, to_parry, v3};
use collision::{Ball, Capsule, Cone, Cuboid, Cylinder, Ray, Shape};
use nalgebra::{Isometry3, Point3, Vector3};
use parry3d_f64::math::Pose;
use parry3d_f64::query::{Ray as PRay, RayCast};
use parry3d_f64::shape as ps;

/// A shape, parry's copy, and the name of the bench row.
pub type Case = (&'static str, Shape, Box<dyn RayCast>);

/// Every shape, our rays with their poses, and parry's copies of them.
pub type Cases = (Vec<Case>, Vec<(Ray, Isometry3<f64>)>, Vec<(PRay, Pose)>);

/// Every shape of the bench with parry's copy, and 64 rays with their poses, ours and
/// parry's: rays from distance ~5 aimed at random points near the shape (most hit).
pub fn cases() -> Cases {
    let mut r = rng(12);
    let (h64, q64) = hull(&mut r, 64);
    let (h16, q16) = hull(&mut rng(16), 16);
    let (h1000, q1000) = hull(&mut rng(1000), 1000);
    let shapes: Vec<Case> = vec![
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
            "cylinder",
            Cylinder::new(0.8, 0.5).unwrap().into(),
            Box::new(ps::Cylinder::new(0.8, 0.5)),
        ),
        (
            "cone",
            Cone::new(0.8, 0.5).unwrap().into(),
            Box::new(ps::Cone::new(0.8, 0.5)),
        ),
        ("hull16", h16.into(), Box::new(q16)),
        ("hull64", h64.into(), Box::new(q64)),
        ("hull1000", h1000.into(), Box::new(q1000)),
    ];
    let (rays, prays) = posed_rays(&mut r, 64);
    (shapes, rays, prays)
}

/// Ours and parry's copies of `count` rays with their poses, drawn as [`cases`] draws its
/// 64: from distance ~5, aimed at random points near the shape.
fn posed_rays(r: &mut rand_chacha::ChaCha8Rng, count: usize) -> PosedRays {
    let rays: Vec<_> = (0..count)
        .map(|_| {
            let o = Point3::from(v3(r, 1.0).normalize() * 5.0);
            let target = Point3::from(v3(r, 0.8));
            (Ray::new(o, target - o), pose(r, 0.5))
        })
        .collect();
    let prays = rays
        .iter()
        .map(|(ray, p)| (PRay::new(pv(&ray.origin.coords), pv(&ray.dir)), to_parry(p)))
        .collect();
    (rays, prays)
}

/// Ours and parry's copies of posed rays.
pub type PosedRays = (Vec<(Ray, Isometry3<f64>)>, Vec<(PRay, Pose)>);

/// 4,096 rays drawn as [`cases`]' 64, too many for a branch predictor to learn their
/// branches: the bench's "random" rows, where code shaped for cycled inputs loses what
/// it gained.
pub fn many_rays() -> PosedRays {
    posed_rays(&mut rng(13), 4096)
}
