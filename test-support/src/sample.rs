//! Seeded vectors, directions, rotations and poses.

use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seeded generator every test, bench and example draws from.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A vector with coordinates uniform in `[-r, r)`, drawn x, y, z.
pub fn v3(rng: &mut ChaCha8Rng, r: f64) -> Vector3<f64> {
    Vector3::new(
        rng.random_range(-r..r),
        rng.random_range(-r..r),
        rng.random_range(-r..r),
    )
}

/// A uniformly distributed unit vector: draws `v` in `[-1, 1)³` until its squared norm
/// `n²` passes `accept`, then returns `v / √n²` (bit for bit `v / v.norm()`). Rejecting
/// draws outside the unit ball makes the direction uniform; rejecting short ones keeps
/// the division accurate.
pub fn unit_vector_where(rng: &mut ChaCha8Rng, accept: impl Fn(f64) -> bool) -> Vector3<f64> {
    loop {
        let v = v3(rng, 1.0);
        let n2 = v.norm_squared();
        if accept(n2) {
            return v / n2.sqrt();
        }
    }
}

/// A uniformly distributed unit vector from a draw of norm in `(min_norm, 1]`.
pub fn unit_vector(rng: &mut ChaCha8Rng, min_norm: f64) -> Vector3<f64> {
    unit_vector_where(rng, |n2| {
        let n = n2.sqrt();
        n > min_norm && n <= 1.0
    })
}

/// A point uniform in the unit ball, by rejection from `[-1, 1)³`.
pub fn in_ball(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    loop {
        let v = v3(rng, 1.0);
        if v.norm_squared() <= 1.0 {
            return v;
        }
    }
}

/// A random rotation: the scaled axis has coordinates uniform in `[-spread, spread)`.
pub fn rotation(rng: &mut ChaCha8Rng, spread: f64) -> UnitQuaternion<f64> {
    UnitQuaternion::from_scaled_axis(v3(rng, spread))
}

/// A random pose: translation uniform in `[-r, r)³`, then a rotation of spread 3.
pub fn pose(rng: &mut ChaCha8Rng, r: f64) -> Isometry3<f64> {
    Isometry3::from_parts(v3(rng, r).into(), rotation(rng, 3.0))
}

/// `n` points uniform in the unit ball.
pub fn ball_points(rng: &mut ChaCha8Rng, n: usize) -> Vec<Point3<f64>> {
    (0..n).map(|_| Point3::from(in_ball(rng))).collect()
}
