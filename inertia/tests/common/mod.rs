//! Shared test geometry: hand-written and tessellated closed meshes, and comparisons.
#![allow(dead_code)]

use nalgebra::{Matrix3, Point3, UnitQuaternion, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A triangle mesh: vertices and counter-clockwise (from outside) triangles.
pub struct Mesh {
    pub vertices: Vec<Point3<f64>>,
    pub triangles: Vec<[u32; 3]>,
}

impl Mesh {
    /// The mesh with every vertex mapped by `f`.
    pub fn map(&self, f: impl Fn(&Point3<f64>) -> Point3<f64>) -> Mesh {
        Mesh {
            vertices: self.vertices.iter().map(f).collect(),
            triangles: self.triangles.clone(),
        }
    }
}

/// The box `[lo, hi]` as 8 vertices and 12 outward triangles.
pub fn box_mesh(lo: Point3<f64>, hi: Point3<f64>) -> Mesh {
    let vertices = (0..8)
        .map(|i| {
            Point3::new(
                if i & 1 == 0 { lo.x } else { hi.x },
                if i & 2 == 0 { lo.y } else { hi.y },
                if i & 4 == 0 { lo.z } else { hi.z },
            )
        })
        .collect();
    // Quads (a, b, c, d) counter-clockwise seen from outside, split along a-c.
    let quads = [
        [0, 2, 3, 1], // z = lo
        [4, 5, 7, 6], // z = hi
        [0, 1, 5, 4], // y = lo
        [2, 6, 7, 3], // y = hi
        [0, 4, 6, 2], // x = lo
        [1, 3, 7, 5], // x = hi
    ];
    let triangles = quads
        .iter()
        .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
        .collect();
    Mesh {
        vertices,
        triangles,
    }
}

/// The tetrahedron with the given corners, wound outward whatever their order.
pub fn tetrahedron_mesh(p: [Point3<f64>; 4]) -> Mesh {
    let positive = (p[1] - p[0]).dot(&(p[2] - p[0]).cross(&(p[3] - p[0]))) > 0.0;
    // For a positively oriented (0,1,2,3), these faces are outward.
    let mut triangles = vec![[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    if !positive {
        triangles.iter_mut().for_each(|t| t.swap(1, 2));
    }
    Mesh {
        vertices: p.to_vec(),
        triangles,
    }
}

/// A closed surface of revolution about Y. `profile` runs from bottom to top as
/// `(radius, y)`; its first and last entries must have radius 0 (poles or cap centres).
pub fn revolve(profile: &[(f64, f64)], segments: u32) -> Mesh {
    let mut vertices = Vec::new();
    let mut rings: Vec<Vec<u32>> = Vec::new();
    for &(r, y) in profile {
        let start = vertices.len() as u32;
        if r == 0.0 {
            vertices.push(Point3::new(0.0, y, 0.0));
            rings.push(vec![start; segments as usize]);
        } else {
            for i in 0..segments {
                let phi = std::f64::consts::TAU * f64::from(i) / f64::from(segments);
                vertices.push(Point3::new(r * phi.cos(), y, -r * phi.sin()));
            }
            rings.push((start..start + segments).collect());
        }
    }
    let mut triangles = Vec::new();
    for w in rings.windows(2) {
        let (lo, hi) = (&w[0], &w[1]);
        for i in 0..segments as usize {
            let j = (i + 1) % segments as usize;
            for t in [[lo[i], lo[j], hi[j]], [lo[i], hi[j], hi[i]]] {
                if t[0] != t[1] && t[1] != t[2] && t[0] != t[2] {
                    triangles.push(t);
                }
            }
        }
    }
    Mesh {
        vertices,
        triangles,
    }
}

/// Profile of a sphere of radius `r` with `stacks` latitude bands.
pub fn sphere_profile(r: f64, stacks: u32) -> Vec<(f64, f64)> {
    (0..=stacks)
        .map(|k| {
            let theta = std::f64::consts::PI * f64::from(k) / f64::from(stacks);
            let (s, c) = theta.sin_cos();
            (if k == 0 || k == stacks { 0.0 } else { r * s }, -r * c)
        })
        .collect()
}

/// Profile of a capsule: cylinder `y ∈ [−h, h]` of radius `r`, hemispherical caps.
pub fn capsule_profile(h: f64, r: f64, stacks: u32) -> Vec<(f64, f64)> {
    let half = stacks / 2;
    let mut profile = Vec::new();
    for k in 0..=stacks {
        let theta = std::f64::consts::PI * f64::from(k) / f64::from(stacks);
        let (s, c) = theta.sin_cos();
        let radius = if k == 0 || k == stacks { 0.0 } else { r * s };
        let y = -r * c + if k <= half { -h } else { h };
        profile.push((radius, y));
        if k == half {
            profile.push((radius, h - r * c));
        }
    }
    profile
}

/// A uniformly random rotation.
pub fn random_rotation(rng: &mut ChaCha8Rng) -> UnitQuaternion<f64> {
    loop {
        let q = nalgebra::Quaternion::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        );
        let n = q.norm();
        if n > 0.1 && n <= 1.0 {
            return UnitQuaternion::from_quaternion(q);
        }
    }
}

/// A random vector with coordinates in `[-1, 1)` times `scale`.
pub fn random_vector(rng: &mut ChaCha8Rng, scale: f64) -> Vector3<f64> {
    Vector3::from_fn(|_, _| rng.random_range(-1.0..1.0)) * scale
}

/// Asserts `|actual − expected| ≤ rel · |expected|`, naming the quantity.
#[track_caller]
pub fn assert_rel(what: &str, actual: f64, expected: f64, rel: f64) {
    let err = (actual - expected).abs();
    assert!(
        err <= rel * expected.abs(),
        "{what}: got {actual:.15e}, expected {expected:.15e}, relative error {:.3e} > {rel:.1e}",
        err / expected.abs()
    );
}

/// Asserts every entry of `a` is within `tol` of `b`.
#[track_caller]
pub fn assert_matrix(what: &str, a: &Matrix3<f64>, b: &Matrix3<f64>, tol: f64) {
    let err = (a - b).amax();
    assert!(
        err <= tol,
        "{what}: max entry error {err:.3e} > {tol:.3e}\n got {a}\n expected {b}"
    );
}

/// Asserts two points are within `tol`.
#[track_caller]
pub fn assert_point(what: &str, a: &Point3<f64>, b: &Point3<f64>, tol: f64) {
    let err = (a - b).amax();
    assert!(
        err <= tol,
        "{what}: error {err:.3e} > {tol:.3e}: got {a}, expected {b}"
    );
}
