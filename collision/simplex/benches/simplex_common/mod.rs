//! The batches of random simplices shared by the simplex bench and `examples/profile.rs`
//! (included with `#[path]`), and parry's copies of them. The random points are
//! `test-support`'s; the tests' double-double reference is [`tests_common`].
#![allow(dead_code)]

#[path = "../../tests/common/mod.rs"]
pub mod tests_common;

use collision_simplex::{project_segment, project_tetrahedron, project_triangle};
use nalgebra::Point3;
use parry3d_f64::math::Vector;
use parry3d_f64::shape::{Segment, Tetrahedron, Triangle};
use rand_chacha::ChaCha8Rng;
use test_support::simplices::cube;

/// Simplices per batch.
pub const BATCH: usize = 1024;

/// `BATCH` random `k`-simplices whose projection is interior (`inside`) or not: points in
/// a unit cube whose centre is up to 1.5 units from the origin.
pub fn batch(rng: &mut ChaCha8Rng, k: usize, inside: bool) -> Vec<[Point3<f64>; 4]> {
    let mut out = Vec::with_capacity(BATCH);
    while out.len() < BATCH {
        let centre = cube(rng) * if k == 4 && inside { 0.3 } else { 1.5 };
        let mut p = [Point3::origin(); 4];
        for q in p.iter_mut().take(k) {
            *q = Point3::from(centre + cube(rng));
        }
        let support = match k {
            2 => project_segment(&p[0], &p[1]).support,
            3 => project_triangle(&p[0], &p[1], &p[2]).support,
            _ => project_tetrahedron(&p[0], &p[1], &p[2], &p[3]).support,
        };
        if (support.count_ones() as usize == k) == inside {
            out.push(p);
        }
    }
    out
}

/// A point as parry's vector.
pub fn v(p: &Point3<f64>) -> Vector {
    Vector::new(p.x, p.y, p.z)
}

/// parry's tetrahedra of a batch.
pub fn tetrahedra(simplices: &[[Point3<f64>; 4]]) -> Vec<Tetrahedron> {
    simplices
        .iter()
        .map(|p| Tetrahedron::new(v(&p[0]), v(&p[1]), v(&p[2]), v(&p[3])))
        .collect()
}

/// parry's triangles of a batch (the first three points of each).
pub fn triangles(simplices: &[[Point3<f64>; 4]]) -> Vec<Triangle> {
    simplices
        .iter()
        .map(|p| Triangle::new(v(&p[0]), v(&p[1]), v(&p[2])))
        .collect()
}

/// parry's segments of a batch (the first two points of each).
pub fn segments(simplices: &[[Point3<f64>; 4]]) -> Vec<Segment> {
    simplices
        .iter()
        .map(|p| Segment::new(v(&p[0]), v(&p[1])))
        .collect()
}
