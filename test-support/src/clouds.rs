//! Point clouds: seeded random ones and a few regular ones (a cube's corners, grids,
//! rings on a cylinder), for building hulls.

use crate::sample::{ball_points, in_ball, rng, unit_vector, v3};
use nalgebra::{Point3, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// `n` points uniform on the unit sphere (from draws of norm above 1e-3), seed `seed`.
pub fn sphere(n: usize, seed: u64) -> Vec<Point3<f64>> {
    let mut rng = rng(seed);
    (0..n)
        .map(|_| Point3::from(unit_vector(&mut rng, 1e-3)))
        .collect()
}

/// `n` points uniform in the unit ball, seed `seed`.
pub fn ball(n: usize, seed: u64) -> Vec<Point3<f64>> {
    ball_points(&mut rng(seed), n)
}

/// `n` points in an ellipsoid-ish blob of random aspect around the origin: three
/// semi-axes uniform in `[0.2, 1.5)`, then points uniform in the unit ball stretched
/// along them.
pub fn blob(rng: &mut ChaCha8Rng, n: usize) -> Vec<Point3<f64>> {
    let axes = Vector3::new(
        rng.random_range(0.2..1.5),
        rng.random_range(0.2..1.5),
        rng.random_range(0.2..1.5),
    );
    (0..n)
        .map(|_| Point3::from(in_ball(rng).component_mul(&axes)))
        .collect()
}

/// `n` points in the shell of an ellipsoid with semi-axes `radii`: a uniform direction
/// (from draws of norm above 0.1) stretched by `radii`, scaled by a factor uniform in
/// `[0.5, 1)`.
pub fn shell(rng: &mut ChaCha8Rng, n: usize, radii: Vector3<f64>) -> Vec<Point3<f64>> {
    (0..n)
        .map(|_| {
            Point3::from(unit_vector(rng, 0.1).component_mul(&radii) * rng.random_range(0.5..1.0))
        })
        .collect()
}

/// `n` seeded points uniform in the unit ball (`kind` `"ball"`, and any kind not named
/// here), on the unit sphere (`"sphere"`: the same draws, normalized) or in a disc 2e-12
/// thick (`"slab"`: the same draws, z scaled by 1e-12), or on the surface of the cube
/// `[-1, 1]³` (`"box"`: each draw pushed out along its largest coordinate, so most points
/// are coplanar with others and the hull has six faces); draws within 1e-3 of the
/// centre are redrawn. The hull bench's and hull examples' clouds.
pub fn of_kind(kind: &str, n: usize, seed: u64) -> Vec<Point3<f64>> {
    let mut rng = rng(seed);
    (0..n)
        .map(|_| {
            loop {
                let v = v3(&mut rng, 1.0);
                let r = v.norm();
                if r <= 1.0 && r > 1e-3 {
                    break Point3::from(match kind {
                        "sphere" => v / r,
                        // A solid slab 1e-12 thick: a hull with sharp edges, many of
                        // whose points lie within the tolerance of its faces.
                        "slab" => Vector3::new(v.x, v.y, v.z * 1e-12),
                        "box" => v / v.amax(),
                        _ => v,
                    });
                }
            }
        })
        .collect()
}

/// The 8 corners of `[0, 1]³`.
pub fn cube() -> Vec<Point3<f64>> {
    (0..8)
        .map(|i| {
            Point3::new(
                f64::from(i & 1),
                f64::from((i >> 1) & 1),
                f64::from((i >> 2) & 1),
            )
        })
        .collect()
}

/// `k³` grid points spanning `[0, 1]³`.
pub fn grid(k: usize) -> Vec<Point3<f64>> {
    let t = |i: usize| i as f64 / (k - 1) as f64;
    let mut out = Vec::new();
    for i in 0..k {
        for j in 0..k {
            for l in 0..k {
                out.push(Point3::new(t(i), t(j), t(l)));
            }
        }
    }
    out
}

/// `rings` rings of `m` points each on the unit cylinder, `z` from 0 to 1.
pub fn cylinder(m: usize, rings: usize) -> Vec<Point3<f64>> {
    let mut out = Vec::new();
    for r in 0..rings {
        let z = r as f64 / (rings - 1) as f64;
        for k in 0..m {
            let a = std::f64::consts::TAU * k as f64 / m as f64;
            out.push(Point3::new(a.cos(), a.sin(), z));
        }
    }
    out
}
