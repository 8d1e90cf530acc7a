//! Projection of the origin onto a tetrahedron (the 3-simplex).

use nalgebra::{Point3, Vector3};

use crate::{Projection, exact, project_triangle};

/// Relative size of the volume determinant below which the `f64` evaluation is not
/// trusted (its rounding bound is about `48 ε ≈ 1e-14` of the scale) and the cofactors
/// are recomputed in double-double arithmetic.
const EXACT_VOLUME: f64 = 1e-12;

/// Relative size of the volume determinant below which the weights get one step of
/// iterative refinement (Cramer's rule alone leaves a residual growing as `1 / volume`).
const THIN_VOLUME: f64 = 1e-2;

/// Refinement steps for thin tetrahedra; each multiplies the residual by about
/// `ε / (relative volume)`, so six reach rounding level down to `EXACT_VOLUME`.
const MAX_REFINEMENTS: usize = 6;

/// Projects the origin onto the (solid) tetrahedron `abcd`.
///
/// Weights are in the order `[a, b, c, d]`. When the origin is inside, the point is the
/// origin itself and the support is `0b1111`. Flat or repeated-point tetrahedra fall back
/// to the nearest of their four faces.
///
/// # Derivation
///
/// The barycentric coordinates of the origin `o` are the cofactors of the last row of
///
/// ```text
///     | a  b  c  d |
/// M = | 1  1  1  1 |       (a..d as columns of coordinates)
/// ```
///
/// over `det M`: each is the signed volume (times six) of the tetrahedron with one vertex
/// replaced by `o`. Anchored at `a` with `e₁ = b - a`, `e₂ = c - a`, `e₃ = d - a`
/// (Montanari et al. 2017, §3.1, written with triple products):
///
/// ```text
/// V   = det[e₁, e₂, e₃]     =  e₁·(e₂ × e₃)
/// V_b = det[o - a, e₂, e₃]  = -a·(e₂ × e₃)
/// V_c = det[e₁, o - a, e₃]  =  e₃·(a × e₁)
/// V_d = det[e₁, e₂, o - a]  = -e₂·(a × e₁)
/// V_a = V - V_b - V_c - V_d
/// ```
///
/// so two cross products, `e₂ × e₃` and `a × e₁`, give all five. If every `V_i` has the
/// sign of `V`, the origin is inside and `λ = V_i / V`. Otherwise the closest point lies
/// on a face whose cofactor has the other sign or is zero (the origin sees that face from
/// outside, or lies in its plane), and only those faces are projected.
///
/// # Accuracy
///
/// Cramer's rule leaves a residual `Σ λ_i p_i` of about `ε |p| / r`, where `r = |V| /
/// (|e₁|∞ |e₂|∞ |e₃|∞)` is the relative volume. Below `r = 1e-2` the cofactors are
/// refined iteratively (re-anchored at the computed point), which restores a residual of
/// a few `ε |p|`. The rounding error of `V` itself is about `48 ε` relative, so below
/// `r = 1e-12` its sign is not trusted and the cofactors are recomputed in
/// double-double arithmetic on exact edge vectors (`exact.rs`). Only when even that
/// volume is below its rounding bound (`r ≤ 1e-29`) is the tetrahedron flat, and the
/// nearest of its four faces (which cover it) is returned.
#[must_use]
#[inline]
pub fn project_tetrahedron(
    a: &Point3<f64>,
    b: &Point3<f64>,
    c: &Point3<f64>,
    d: &Point3<f64>,
) -> Projection {
    let e1 = b - a;
    let e2 = c - a;
    let e3 = d - a;
    let n_b = e2.cross(&e3);
    let volume = e1.dot(&n_b);
    let scale = e1.amax() * e2.amax() * e3.amax();
    let (volume, [v_a, v_b, v_c, v_d]) = if volume.abs() > EXACT_VOLUME * scale {
        (
            volume,
            refined_cofactors(a, &e1, &e2, &e3, &n_b, volume, scale),
        )
    } else if let Some(exact) = exact::cofactors(a, b, c, d, scale) {
        exact
    } else {
        return all_faces(a, b, c, d);
    };
    // Orient so that "inside" means positive.
    let sign = volume.signum();
    let (s_a, s_b, s_c, s_d) = (sign * v_a, sign * v_b, sign * v_c, sign * v_d);
    if s_a > 0.0 && s_b > 0.0 && s_c > 0.0 && s_d > 0.0 {
        let inv = 1.0 / volume;
        return Projection {
            point: Point3::origin(),
            weights: [v_a * inv, v_b * inv, v_c * inv, v_d * inv],
            support: 0b1111,
        };
    }
    let mut best: Option<Projection> = None;
    for (s, p, q, r, index) in [
        (s_a, b, c, d, [1, 2, 3]),
        (s_b, a, c, d, [0, 2, 3]),
        (s_c, a, b, d, [0, 1, 3]),
        (s_d, a, b, c, [0, 1, 2]),
    ] {
        if s <= 0.0 {
            let candidate = face(p, q, r, index);
            best = Some(best.map_or(candidate, |best| best.nearer(candidate)));
        }
    }
    // Some cofactor is `<= 0` here unless the input held a NaN; never assume it.
    best.unwrap_or_else(|| all_faces(a, b, c, d))
}

/// The nearest of the four faces: the answer for a flat tetrahedron, which its faces
/// cover.
fn all_faces(a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>, d: &Point3<f64>) -> Projection {
    face(b, c, d, [1, 2, 3])
        .nearer(face(a, c, d, [0, 2, 3]))
        .nearer(face(a, b, d, [0, 1, 3]))
        .nearer(face(a, b, c, [0, 1, 2]))
}

/// The cofactors `[V_a, V_b, V_c, V_d]` in `f64`, refined when the tetrahedron is thin.
#[inline]
fn refined_cofactors(
    a: &Point3<f64>,
    e1: &Vector3<f64>,
    e2: &Vector3<f64>,
    e3: &Vector3<f64>,
    n_b: &Vector3<f64>,
    volume: f64,
    scale: f64,
) -> [f64; 4] {
    let (mut v_b, mut v_c, mut v_d) = cofactors(&a.coords, e1, e2, e3, n_b);
    if volume.abs() < THIN_VOLUME * scale {
        // Iterative refinement: re-anchor at the computed point `x` (the origin in
        // exact arithmetic) and add the cofactors of the origin relative to `x`, until
        // the residual `|x|` stops shrinking.
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
    }
    [volume - v_b - v_c - v_d, v_b, v_c, v_d]
}

/// The cofactors `V_b, V_c, V_d` of the derivation for an anchor `a` (the vector from
/// the origin to the anchor), with `n_b = e₂ × e₃`.
#[inline]
fn cofactors(
    a: &Vector3<f64>,
    e1: &Vector3<f64>,
    e2: &Vector3<f64>,
    e3: &Vector3<f64>,
    n_b: &Vector3<f64>,
) -> (f64, f64, f64) {
    let p = a.cross(e1);
    (-a.dot(n_b), e3.dot(&p), -e2.dot(&p))
}

/// The face `pqr` of the tetrahedron, in which `p`, `q`, `r` are vertices `index`.
#[inline]
fn face(p: &Point3<f64>, q: &Point3<f64>, r: &Point3<f64>, index: [usize; 3]) -> Projection {
    project_triangle(p, q, r).remap(index)
}
