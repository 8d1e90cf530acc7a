//! Signed-volume projection of the origin onto a simplex: the sub-problem at the heart
//! of GJK (Montanari, Petrinic and Barbieri 2017).
//!
//! API CONTRACT (stub; the implementation replaces the bodies, not the signatures).

use nalgebra::Point3;

/// The point of a simplex closest to the origin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Projection {
    /// The closest point to the origin.
    pub point: Point3<f64>,
    /// Barycentric weights in input order; zero for vertices outside `support`.
    /// Non-negative and summing to one.
    pub weights: [f64; 4],
    /// Bit `i` is set when input vertex `i` belongs to the smallest sub-simplex
    /// that supports `point`.
    pub support: u8,
}

/// Projects the origin onto the point `a` (the trivial 1-simplex, for uniformity).
#[must_use]
pub fn project_point(a: &Point3<f64>) -> Projection {
    Projection {
        point: *a,
        weights: [1.0, 0.0, 0.0, 0.0],
        support: 0b1,
    }
}

/// Projects the origin onto the segment `ab`.
#[must_use]
pub fn project_segment(_a: &Point3<f64>, _b: &Point3<f64>) -> Projection {
    unimplemented!()
}

/// Projects the origin onto the triangle `abc`.
#[must_use]
pub fn project_triangle(_a: &Point3<f64>, _b: &Point3<f64>, _c: &Point3<f64>) -> Projection {
    unimplemented!()
}

/// Projects the origin onto the tetrahedron `abcd`.
#[must_use]
pub fn project_tetrahedron(
    _a: &Point3<f64>,
    _b: &Point3<f64>,
    _c: &Point3<f64>,
    _d: &Point3<f64>,
) -> Projection {
    unimplemented!()
}

/// Projects the origin onto the simplex spanned by 1 to 4 points.
///
/// Returns `None` for an empty slice or more than four points.
#[must_use]
pub fn project_origin(points: &[Point3<f64>]) -> Option<Projection> {
    match points {
        [a] => Some(project_point(a)),
        [a, b] => Some(project_segment(a, b)),
        [a, b, c] => Some(project_triangle(a, b, c)),
        [a, b, c, d] => Some(project_tetrahedron(a, b, c, d)),
        _ => None,
    }
}
