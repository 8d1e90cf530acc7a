//! Helpers shared by the hull tests: checks of a built hull, and the seeded point clouds
//! of the `test-support` crate.
#![allow(dead_code)]

use collision_hull::Hull;
use nalgebra::{Point3, Vector3};
use rand_chacha::ChaCha8Rng;

/// A point uniform in the cube `[-1, 1)³`.
pub fn in_cube(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    test_support::v3(rng, 1.0)
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
