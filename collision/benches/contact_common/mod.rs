//! Helpers shared by the contact, TOI and ray benches, `examples/contact_count.rs` and
//! `gjk_common` (included with `#[path]`).
#![allow(dead_code)]

use collision::ConvexHull;
use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use parry3d_f64::math::{Pose, Rotation, Vector};
use parry3d_f64::shape as ps;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Uniform vector in a cube.
pub fn v3(rng: &mut ChaCha8Rng, r: f64) -> Vector3<f64> {
    Vector3::new(
        rng.random_range(-r..r),
        rng.random_range(-r..r),
        rng.random_range(-r..r),
    )
}

/// Random pose.
pub fn pose(rng: &mut ChaCha8Rng, r: f64) -> Isometry3<f64> {
    Isometry3::from_parts(
        v3(rng, r).into(),
        UnitQuaternion::from_scaled_axis(v3(rng, 3.0)),
    )
}

/// nalgebra pose to parry's.
pub fn to_parry(p: &Isometry3<f64>) -> Pose {
    let (t, q) = (p.translation.vector, p.rotation.coords);
    Pose::from_parts(
        Vector::new(t.x, t.y, t.z),
        Rotation::from_xyzw(q[0], q[1], q[2], q[3]),
    )
}

/// nalgebra vector to parry's.
pub fn pv(v: &Vector3<f64>) -> Vector {
    Vector::new(v.x, v.y, v.z)
}

/// `n` points uniform in the unit ball.
pub fn cloud(rng: &mut ChaCha8Rng, n: usize) -> Vec<Point3<f64>> {
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

/// parry's copy of a hull (the hull of its vertices).
pub fn parry_hull(h: &ConvexHull) -> ps::ConvexPolyhedron {
    let pts: Vec<Vector> = h
        .vertices()
        .iter()
        .map(|p| Vector::new(p.x, p.y, p.z))
        .collect();
    ps::ConvexPolyhedron::from_convex_hull(&pts).unwrap()
}

/// A hull of `n` points and parry's copy.
pub fn hull(rng: &mut ChaCha8Rng, n: usize) -> (ConvexHull, ps::ConvexPolyhedron) {
    let h = ConvexHull::new(&cloud(rng, n)).unwrap();
    let q = parry_hull(&h);
    (h, q)
}
