//! Helpers shared by the contact, EPA, TOI and ray tests.
#![allow(dead_code)]

use collision::ConvexHull;
use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The seeded generator used by every test.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A vector with coordinates uniform in `[-r, r)`.
pub fn v3(rng: &mut ChaCha8Rng, r: f64) -> Vector3<f64> {
    Vector3::new(
        rng.random_range(-r..r),
        rng.random_range(-r..r),
        rng.random_range(-r..r),
    )
}

/// A uniformly distributed unit vector.
pub fn unit(rng: &mut ChaCha8Rng) -> Vector3<f64> {
    loop {
        let v = v3(rng, 1.0);
        let n = v.norm();
        if n > 0.1 && n <= 1.0 {
            return v / n;
        }
    }
}

/// A random rotation.
pub fn rotation(rng: &mut ChaCha8Rng) -> UnitQuaternion<f64> {
    UnitQuaternion::from_scaled_axis(v3(rng, 3.2))
}

/// `n` random points in an ellipsoid with radii `radii`, centred at the origin.
pub fn cloud(rng: &mut ChaCha8Rng, n: usize, radii: Vector3<f64>) -> Vec<Point3<f64>> {
    (0..n)
        .map(|_| Point3::from(unit(rng).component_mul(&radii) * rng.random_range(0.5..1.0)))
        .collect()
}

/// A solid random hull of `n` points.
pub fn hull(rng: &mut ChaCha8Rng, n: usize) -> ConvexHull {
    let radii = Vector3::new(
        rng.random_range(0.3..1.5),
        rng.random_range(0.3..1.5),
        rng.random_range(0.3..1.5),
    );
    ConvexHull::new(&cloud(rng, n, radii)).expect("valid hull")
}

/// A world-space polytope: vertices, outward face normals, edges.
pub struct Poly {
    pub vertices: Vec<Point3<f64>>,
    pub normals: Vec<Vector3<f64>>,
    pub edges: Vec<Vector3<f64>>,
}

impl Poly {
    /// `hull` placed at `pose`.
    pub fn new(hull: &ConvexHull, pose: &Isometry3<f64>) -> Poly {
        let h = hull.hull().expect("solid hull");
        let vertices: Vec<_> = h.vertices().iter().map(|p| pose * p).collect();
        let normals = h
            .planes()
            .iter()
            .map(|p| pose.rotation * p.normal)
            .collect();
        let mut edges = Vec::new();
        for face in h.faces() {
            for k in 0..face.len() {
                let (i, j) = (face[k] as usize, face[(k + 1) % face.len()] as usize);
                if i < j {
                    edges.push(vertices[j] - vertices[i]);
                }
            }
        }
        Poly {
            vertices,
            normals,
            edges,
        }
    }

    /// `max over the vertices of n · v`.
    pub fn support(&self, n: &Vector3<f64>) -> f64 {
        self.vertices
            .iter()
            .map(|v| n.dot(&v.coords))
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// Exact penetration depth by the separating axis theorem: the minimum over the face
/// normals of both polytopes and the cross products of their edges (both signs) of
/// `h_A(n) + h_B(−n)`, the overlap along `n`. Negative when separated (then it is minus
/// the largest gap over the axes, not the distance). Returns (depth, axis from A to B).
pub fn sat_depth(a: &Poly, b: &Poly) -> (f64, Vector3<f64>) {
    let mut best = (f64::INFINITY, Vector3::zeros());
    let mut test = |n: Vector3<f64>| {
        for n in [n, -n] {
            let d = a.support(&n) + b.support(&-n);
            if d < best.0 {
                best = (d, n);
            }
        }
    };
    for n in a.normals.iter().chain(&b.normals) {
        test(*n);
    }
    for ea in &a.edges {
        for eb in &b.edges {
            let c = ea.cross(eb);
            let len = c.norm();
            if len > 1e-9 * ea.norm() * eb.norm() {
                test(c / len);
            }
        }
    }
    best
}

/// Overlap of `a` and `b` along unit `n`: `h_A(n) + h_B(−n)`.
pub fn overlap_along(a: &Poly, b: &Poly, n: &Vector3<f64>) -> f64 {
    a.support(n) + b.support(&-n)
}
