//! Seeded point clouds and helpers shared by the hull tests.
#![allow(dead_code)]

use collision_hull::Hull;
use nalgebra::{Point3, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A point uniform in the cube `[-1, 1)³`.
pub fn in_cube(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    Vector3::new(
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
        rng.random_range(-1.0..1.0),
    )
}

/// A uniform direction (rejection sampling in the unit ball).
pub fn direction(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    loop {
        let v = Vector3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        );
        let r = v.norm();
        if r > 1e-3 && r <= 1.0 {
            return v / r;
        }
    }
}

/// `n` points uniform on the unit sphere.
pub fn sphere(n: usize, seed: u64) -> Vec<Point3<f64>> {
    let mut rng = rng(seed);
    (0..n).map(|_| Point3::from(direction(&mut rng))).collect()
}

/// `n` points uniform in the unit ball.
pub fn ball(n: usize, seed: u64) -> Vec<Point3<f64>> {
    let mut rng = rng(seed);
    (0..n)
        .map(|_| {
            loop {
                let v = Vector3::new(
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                );
                if v.norm_squared() <= 1.0 {
                    break Point3::from(v);
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

/// Index of each hull vertex in `input` (bitwise match), sorted.
pub fn vertex_indices(hull: &Hull, input: &[Point3<f64>]) -> Vec<usize> {
    let key = |p: &Point3<f64>| [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()];
    let mut keys: Vec<([u64; 3], usize)> =
        input.iter().enumerate().map(|(i, p)| (key(p), i)).collect();
    keys.sort_unstable();
    let mut out: Vec<usize> = hull
        .vertices()
        .iter()
        .map(|v| {
            let k = key(v);
            let j = keys.partition_point(|e| e.0 < k);
            assert!(
                j < keys.len() && keys[j].0 == k,
                "vertex {v} is not an input point"
            );
            keys[j].1
        })
        .collect();
    out.sort_unstable();
    out
}

/// Builds and validates, reporting the defect on failure.
pub fn build_valid(points: &[Point3<f64>]) -> Hull {
    let hull = Hull::build(points).unwrap_or_else(|e| panic!("build failed: {e}"));
    if let Err(defect) = hull.validate(points) {
        panic!("invalid hull: {defect}");
    }
    hull
}

/// Sorted face sizes.
pub fn face_sizes(hull: &Hull) -> Vec<usize> {
    let mut s: Vec<usize> = hull.faces().map(<[u32]>::len).collect();
    s.sort_unstable();
    s
}

/// `|a − b| ≤ tol·max(1, |b|)`, with a message.
pub fn assert_close(a: f64, b: f64, tol: f64, what: &str) {
    assert!(
        (a - b).abs() <= tol * b.abs().max(1.0),
        "{what}: got {a}, expected {b}, diff {}",
        (a - b).abs()
    );
}
