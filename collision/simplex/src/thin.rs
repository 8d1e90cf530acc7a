//! Thin, flat and non-finite tetrahedra: the paths of [`crate::project_tetrahedron`]
//! that leave the common one (kept apart so that the common path keeps its values in
//! registers).
//!
//! Cramer's rule leaves a residual `Σ λ_i p_i` of about `ε |p| / r`, where `r` is the
//! relative volume (see [`crate::project_tetrahedron`]). Thin tetrahedra get iterative
//! refinement of the cofactors; below `r = 1e-12` the sign of the `f64` volume is not
//! trusted and the cofactors are recomputed in double-double arithmetic (`exact.rs`);
//! a tetrahedron flat even for those is answered by the nearest of its four faces.

use nalgebra::{Point3, Vector3};

use crate::Projection;
use crate::exact;
use crate::tetrahedron::{classified, cofactors};
use crate::triangle::triangle;

/// Relative size of the volume determinant below which the `f64` evaluation is not
/// trusted (its rounding bound is about `48 ε ≈ 1e-14` of the scale) and the cofactors
/// are recomputed in double-double arithmetic.
const EXACT_VOLUME: f64 = 1e-12;

/// Refinement steps for thin tetrahedra; each multiplies the residual by about
/// `ε / (relative volume)`, so six reach rounding level down to `EXACT_VOLUME`.
const MAX_REFINEMENTS: usize = 6;

/// [`crate::project_tetrahedron`] for thin, flat or non-finite input: refined `f64` cofactors,
/// or double-double ones, or the nearest face when even those cannot orient it.
#[cold]
#[inline(never)]
pub(crate) fn thin(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
    d: &Point3<f64>,
    [e1, e2, e3, n_b]: [Vector3<f64>; 4],
    volume: f64,
    scale: f64,
) -> Projection {
    let (volume, cofactors) = if volume.abs() > EXACT_VOLUME * scale {
        (volume, refined_cofactors(a, &e1, &e2, &e3, &n_b, volume))
    } else if let Some(exact) = exact::cofactors(a, b, c, d, scale) {
        exact
    } else {
        return all_faces(a, b, c, d);
    };
    classified(a, b, c, d, volume, cofactors)
}

/// The nearest of the four faces: the answer for a flat tetrahedron, which its faces
/// cover. Ties go to the lowest vertex indices (so four equal points give vertex `a`).
pub(crate) fn all_faces(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
    d: &Point3<f64>,
) -> Projection {
    triangle::<0, 1, 2>(a, b, c)
        .nearer(triangle::<0, 1, 3>(a, b, d))
        .nearer(triangle::<0, 2, 3>(a, c, d))
        .nearer(triangle::<1, 2, 3>(b, c, d))
}

/// The cofactors `[V_a, V_b, V_c, V_d]` of a thin tetrahedron in `f64`, refined
/// iteratively: re-anchor at the computed point `x` (the origin in exact arithmetic) and
/// add the cofactors of the origin relative to `x`, until the residual `|x|` stops
/// shrinking.
fn refined_cofactors(
    a: &Point3<f64>,
    e1: &Vector3<f64>,
    e2: &Vector3<f64>,
    e3: &Vector3<f64>,
    n_b: &Vector3<f64>,
    volume: f64,
) -> [f64; 4] {
    let (mut v_b, mut v_c, mut v_d) = cofactors(&a.coords, e1, e2, e3, n_b);
    let inv = 1.0 / volume;
    let mut previous = f64::INFINITY;
    for _ in 0..MAX_REFINEMENTS {
        let x = a + e1 * (v_b * inv) + e2 * (v_c * inv) + e3 * (v_d * inv);
        let residual = x.coords.norm_squared();
        let shrinking = residual < 0.25 * previous; // false for NaN too
        if !shrinking {
            break;
        }
        previous = residual;
        let (dv_b, dv_c, dv_d) = cofactors(&x.coords, e1, e2, e3, n_b);
        v_b += dv_b;
        v_c += dv_c;
        v_d += dv_d;
    }
    [volume - v_b - v_c - v_d, v_b, v_c, v_d]
}
