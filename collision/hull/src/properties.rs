//! Volume, surface area and centroid of a closed triangulated surface.
//!
//! # Derivation
//! Pick a reference point `r` inside the hull (the mean of the vertices).
//! Each outward triangle `a, b, c` spans the tetrahedron `r, a, b, c` of
//! signed volume `Vᵢ = (a − r) · ((b − r) × (c − r)) / 6` and centroid
//! `r + (a + b + c − 3r) / 4`; the hull is their disjoint union, so
//!
//! ```text
//! V = Σ Vᵢ,   c = r + Σ Vᵢ (a + b + c − 3r) / 4 / V,   A = Σ |(b − a) × (c − a)| / 2.
//! ```
//!
//! Working relative to `r` keeps the products at the size of the hull rather
//! than of its coordinates: with an offset of 1e6 nothing cancels.

use nalgebra::{Point3, Vector3};

/// Volume, area and centroid.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MassProperties {
    pub volume: f64,
    pub area: f64,
    pub centroid: Point3<f64>,
}

/// Properties of the closed surface `triangles` over `vertices` (non-empty).
#[must_use]
pub(crate) fn mass_properties(vertices: &[Point3<f64>], triangles: &[[u32; 3]]) -> MassProperties {
    let r = vertices.iter().fold(Vector3::zeros(), |s, p| s + p.coords) / vertices.len() as f64;
    let mut volume6 = 0.0;
    let mut area2 = 0.0;
    let mut moment = Vector3::zeros();
    for t in triangles {
        let [a, b, c] = t.map(|i| vertices[i as usize].coords - r);
        let v6 = a.dot(&b.cross(&c));
        volume6 += v6;
        moment += (a + b + c) * v6;
        area2 += (b - a).cross(&(c - a)).norm();
    }
    let centroid = if volume6 > 0.0 {
        Point3::from(r + moment / (4.0 * volume6))
    } else {
        Point3::from(r)
    };
    MassProperties {
        volume: volume6 / 6.0,
        area: area2 / 2.0,
        centroid,
    }
}
