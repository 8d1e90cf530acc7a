//! Volume, surface area and centroid of a closed triangulated surface.
//!
//! # Derivation
//! Pick a reference point `r` inside the hull (the mean of the vertices).
//! Each outward triangle `a, b, c` spans the tetrahedron `r, a, b, c` of
//! signed volume `Vᵢ = (a − r) · n / 6` with `n = (b − a) × (c − a)`, and
//! centroid `r + (a + b + c − 3r) / 4`; the hull is their disjoint union, so
//!
//! ```text
//! V = Σ Vᵢ,   c = r + Σ Vᵢ (a + b + c − 3r) / 4 / V,   A = Σ |n| / 2.
//! ```
//!
//! Working relative to `r` keeps the products at the size of the hull rather
//! than of its coordinates: with an offset of 1e6 nothing cancels. The normal
//! `n` is taken at the vertex opposite the longest edge (see `mesh::plane`);
//! its direction error `α ≤ 6u|e₁||e₂|/|n| + 2u` makes the term off by at most
//! `(α + 4u)|n||a − r| = 6u(|e₁||e₂| + |n|)|a − r|`, which needs no division;
//! `|e₁||e₂| ≤ (|e₁|² + |e₂|²)/2` and `|a − r| ≤ R = maxᵥ |v − r|` spare the
//! square roots too (a looser bound only sends more hulls down the accurate
//! path). Those bounds are summed; if the volume is not at least
//! 64 times its bound (needles and slivers, e.g. two clusters a million times
//! longer than wide), every normal is recomputed from an exact expansion
//! (`predicates::cross_accurate`), whose error is a few `u|n|`.

use crate::predicates::cross_accurate;
use nalgebra::{Point3, Vector3};

/// Volume, area and centroid.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MassProperties {
    pub volume: f64,
    pub area: f64,
    pub centroid: Point3<f64>,
}

/// `n = (b − a) × (c − a)` from the two shortest edges, with the bound
/// `(|e₁|² + |e₂|²)/2 ≥ |e₁||e₂|` on the product of their lengths.
fn normal_at_apex(a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>) -> (Vector3<f64>, f64) {
    let (ab, bc, ca) = (
        (b - a).norm_squared(),
        (c - b).norm_squared(),
        (a - c).norm_squared(),
    );
    let (apex, p, q, l1, l2) = if ab >= bc && ab >= ca {
        (c, a, b, ca, bc)
    } else if bc >= ca {
        (a, b, c, ab, ca)
    } else {
        (b, c, a, bc, ab)
    };
    let n = (p - apex).cross(&(q - apex));
    (n, 0.5 * (l1 + l2))
}

/// Properties of the closed surface `triangles` over `vertices` (non-empty).
#[must_use]
pub(crate) fn mass_properties(vertices: &[Point3<f64>], triangles: &[[u32; 3]]) -> MassProperties {
    let r = vertices.iter().fold(Vector3::zeros(), |s, p| s + p.coords) / vertices.len() as f64;
    let fast = sums(vertices, triangles, r, false);
    let props = if fast.volume6 >= 64.0 * fast.bound {
        fast
    } else {
        sums(vertices, triangles, r, true)
    };
    let centroid = if props.volume6 > 0.0 {
        Point3::from(r + props.moment / (4.0 * props.volume6))
    } else {
        Point3::from(r)
    };
    MassProperties {
        volume: props.volume6 / 6.0,
        area: props.area2 / 2.0,
        centroid,
    }
}

/// Running sums of one pass.
struct Sums {
    volume6: f64,
    moment: Vector3<f64>,
    area2: f64,
    bound: f64,
}

fn sums(vertices: &[Point3<f64>], triangles: &[[u32; 3]], r: Vector3<f64>, accurate: bool) -> Sums {
    const U: f64 = f64::EPSILON;
    let mut s = Sums {
        volume6: 0.0,
        moment: Vector3::zeros(),
        area2: 0.0,
        bound: 0.0,
    };
    // Σ 6u(|e₁||e₂| + |n|) without R, which multiplies it at the end.
    let mut bound = 0.0;
    for t in triangles {
        // By reference: copied into an array, the points went through the stack in
        // pieces that were read back whole, a stalled load or two per triangle.
        let [a, b, c] = t.map(|i| &vertices[i as usize]);
        let arm = a.coords - r;
        let (n, len) = if accurate {
            let n = Vector3::from(cross_accurate(a, b, c));
            let len = n.norm();
            // Direction error of a few u: (α + 4u)|n| ≤ 12u|n|.
            bound += 2.0 * len;
            (n, len)
        } else {
            let (n, edges) = normal_at_apex(a, b, c);
            let len = n.norm();
            bound += edges + len;
            (n, len)
        };
        let v6 = arm.dot(&n);
        s.volume6 += v6;
        s.moment += (a.coords + b.coords + c.coords - 3.0 * r) * v6;
        s.area2 += len;
    }
    let reach = vertices
        .iter()
        .map(|v| (v.coords - r).norm_squared())
        .fold(0.0, f64::max)
        .sqrt();
    s.bound = 6.0 * U * bound * reach;
    s
}
