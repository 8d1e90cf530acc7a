//! Projection of the origin onto a tetrahedron (the 3-simplex).

use nalgebra::Point3;

use crate::{Projection, project_triangle};

/// Relative size of the volume determinant below which its sign is not trusted and the
/// tetrahedron is treated as flat (a few hundred rounding units of its terms).
const FLAT_VOLUME: f64 = 1e-13;

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
/// The rounding error of `V` is a small multiple of `ε |e₁|∞ |e₂|∞ |e₃|∞`. When `|V|` is
/// below `1e-13` times that product the sign of `V` is not trusted, the tetrahedron is
/// treated as flat and all four faces are projected (a flat tetrahedron is covered by
/// its faces).
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
    if volume.abs() <= FLAT_VOLUME * e1.amax() * e2.amax() * e3.amax() {
        return face(b, c, d, [1, 2, 3])
            .nearer(face(a, c, d, [0, 2, 3]))
            .nearer(face(a, b, d, [0, 1, 3]))
            .nearer(face(a, b, c, [0, 1, 2]));
    }
    let p = a.coords.cross(&e1);
    let v_b = -a.coords.dot(&n_b);
    let v_c = e3.dot(&p);
    let v_d = -e2.dot(&p);
    let v_a = volume - v_b - v_c - v_d;
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
    best.unwrap_or_else(|| {
        face(b, c, d, [1, 2, 3])
            .nearer(face(a, c, d, [0, 2, 3]))
            .nearer(face(a, b, d, [0, 1, 3]))
            .nearer(face(a, b, c, [0, 1, 2]))
    })
}

/// The face `pqr` of the tetrahedron, in which `p`, `q`, `r` are vertices `index`.
#[inline]
fn face(p: &Point3<f64>, q: &Point3<f64>, r: &Point3<f64>, index: [usize; 3]) -> Projection {
    project_triangle(p, q, r).remap(index)
}
