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
    let flat = volume.abs() <= EXACT_VOLUME * scale;
    let (volume, cofactors) = if !flat {
        let (v_b, v_c, v_d) = cofactors(&a.coords, &e1, &e2, &e3, &n_b);
        let raw = [volume - v_b - v_c - v_d, v_b, v_c, v_d];
        if decided_outside(&a.coords, [&e1, &e2, &e3], volume, raw) {
            (volume, raw)
        } else {
            (
                volume,
                refined_cofactors(a, &e1, &e2, &e3, &n_b, volume, raw),
            )
        }
    } else if let Some(exact) = exact::cofactors(a, b, c, d, scale) {
        exact
    } else {
        return all_faces(a, b, c, d);
    };
    classified(a, b, c, d, volume, cofactors, flat)
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

/// Whether the `f64` cofactors `raw` already give the answer: the origin is outside
/// (some cofactor has the other sign than `V`) and every sign is that of the exact
/// cofactor. An outside answer depends on the signs alone (which faces the origin
/// sees); only an inside one reads the cofactors' values, as its weights, and those
/// need refinement. GJK's thin tetrahedra (a new support point nearly in the plane of
/// its triangle) are nearly all outside by far more than rounding: refining them took
/// a sixth of GJK's tetrahedra through about 750 instructions each instead of 380.
///
/// # Rounding bounds
///
/// With `u = 2⁻⁵³`, the computed edges `eᵢ = fl(pᵢ − a)` are within `u|eᵢ|` of the
/// exact ones (componentwise), and every product or sum adds `u` of its magnitude.
/// Writing `N = |e₂| ×ₐ |e₃|` and `M = |a| ×ₐ |e₁|` for the cross products taken with
/// absolute values and `+` (`(|y₁||z₂| + |z₁||y₂|, …)`), to first order in `u`:
///
/// ```text
/// n_b = fl(e₂ × e₃)      within 4u N of the exact E₂ × E₃ (2u from the edges, 2u here)
/// V   = fl(e₁ · n_b)     within 8u |e₁|·N (u from e₁, 4u from n_b, 3u for the dot)
/// V_b = −fl(a · n_b)     within 7u |a|·N
/// p   = fl(a × e₁)       within 3u M
/// V_c = fl(e₃ · p),  V_d = −fl(e₂ · p)     within 7u |e₃|·M, 7u |e₂|·M
/// V_a = V − V_b − V_c − V_d   within the sum of those plus 3u (|V| + |V_b| + |V_c| + |V_d|)
/// ```
///
/// Twice each bound is used. A cofactor whose magnitude exceeds its bound has the exact
/// sign; a bound below the smallest normal `f64` is not trusted (subnormal products
/// round absolutely, not relatively) and refinement decides.
fn decided_outside(
    a: &Vector3<f64>,
    [e1, e2, e3]: [&Vector3<f64>; 3],
    volume: f64,
    raw: [f64; 4],
) -> bool {
    const U: f64 = f64::EPSILON / 2.0;
    let abs_cross = |p: &Vector3<f64>, q: &Vector3<f64>| {
        let (p, q) = (p.abs(), q.abs());
        Vector3::new(
            p.y * q.z + p.z * q.y,
            p.z * q.x + p.x * q.z,
            p.x * q.y + p.y * q.x,
        )
    };
    let (n, m) = (abs_cross(e2, e3), abs_cross(a, e1));
    let err_b = 14.0 * U * a.abs().dot(&n);
    let err_c = 14.0 * U * e3.abs().dot(&m);
    let err_d = 14.0 * U * e2.abs().dot(&m);
    let err_volume = 16.0 * U * e1.abs().dot(&n);
    let [_, v_b, v_c, v_d] = raw;
    let magnitudes = volume.abs() + v_b.abs() + v_c.abs() + v_d.abs();
    let err_a = err_volume + err_b + err_c + err_d + 6.0 * U * magnitudes;
    let bounds = [err_a, err_b, err_c, err_d];
    let certain = raw
        .iter()
        .zip(bounds)
        .all(|(v, err)| v.abs() > err && err >= f64::MIN_POSITIVE);
    // Outside: some cofactor has the other sign than `V` (none is zero once certain).
    let outside = raw.iter().any(|v| (*v > 0.0) != (volume > 0.0));
    certain && outside
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
    [_, mut v_b, mut v_c, mut v_d]: [f64; 4],
) -> [f64; 4] {
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn in_cube(rng: &mut ChaCha8Rng) -> Vector3<f64> {
        Vector3::new(
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
            rng.random_range(-1.0..1.0),
        )
    }

    /// [`decided_outside`] certifies only exact signs. Thin tetrahedra (a triangle and a
    /// fourth point 1e-3 to 1e-11 of its size off its plane) are moved so that the
    /// origin lies 1e-9 to 1e-17 of their size from one of their faces, on either side,
    /// and every certified sign (of `V` and of the four cofactors) is checked against
    /// the double-double cofactors of `exact.rs`. Most cases near rounding level must
    /// go uncertified (to refinement), and most far from it certified.
    #[test]
    fn certified_signs_are_exact() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (mut certified, mut thin_cases, mut near_uncertified) = (0, 0, 0);
        for case in 0..200_000 {
            let size = 10f64.powi(rng.random_range(-3..=3));
            let [a, b, c] = [0; 3].map(|_| in_cube(&mut rng) * size);
            let normal = (b - a).cross(&(c - a)).normalize();
            let lift = 10f64.powi(-rng.random_range(3..=11)) * size;
            let slide = in_cube(&mut rng) * (0.3 * size);
            let slide = slide - normal * normal.dot(&slide);
            let d = (a + b + c) / 3.0 + slide + normal * lift;
            // The origin near a random face, at a random barycentric point of it.
            let tetra = [a, b, c, d];
            let face = rng.random_range(0..4);
            let [p, q, r] = [0, 1, 2, 3]
                .into_iter()
                .filter(|&k| k != face)
                .map(|k| tetra[k])
                .collect::<Vec<_>>()[..]
            else {
                unreachable!()
            };
            let (s, t) = (rng.random_range(0.0..1.0), rng.random_range(0.0..1.0));
            let (s, t) = if s + t > 1.0 {
                (1.0 - s, 1.0 - t)
            } else {
                (s, t)
            };
            let on = p + (q - p) * s + (r - p) * t;
            let n = (q - p).cross(&(r - p));
            let side = if rng.random_range(0..2) == 0 {
                1.0
            } else {
                -1.0
            };
            let near = 10f64.powi(-rng.random_range(9..=17)) * size;
            let origin = on + n.normalize() * (side * near);
            let [a, b, c, d] = tetra.map(|x| Point3::from(x - origin));
            let (e1, e2, e3) = (b - a, c - a, d - a);
            let n_b = e2.cross(&e3);
            let volume = e1.dot(&n_b);
            let m = |v: Vector3<f64>| v.amax();
            let scale = m(e1) * m(e2) * m(e3);
            if !(volume.abs() > EXACT_VOLUME * scale && volume.abs() <= 1e-2 * scale) {
                continue;
            }
            thin_cases += 1;
            let (v_b, v_c, v_d) = cofactors(&a.coords, &e1, &e2, &e3, &n_b);
            let raw = [volume - v_b - v_c - v_d, v_b, v_c, v_d];
            let (exact_volume, exact) =
                exact::cofactors(&a, &b, &c, &d, scale).expect("not flat at this volume");
            let tiny = exact.iter().any(|e| e.abs() < 1e-13 * scale * m(a.coords));
            if decided_outside(&a.coords, [&e1, &e2, &e3], volume, raw) {
                certified += 1;
                assert_eq!(volume.signum(), exact_volume.signum(), "case {case}: V");
                for (k, (r, e)) in raw.iter().zip(exact).enumerate() {
                    assert_eq!(r.signum(), e.signum(), "case {case}: cofactor {k}");
                }
            } else if tiny {
                near_uncertified += 1;
            }
        }
        println!(
            "{thin_cases} thin, {certified} certified, {near_uncertified} near and uncertified"
        );
        assert!(thin_cases > 50_000, "{thin_cases}");
        assert!(certified > thin_cases / 4, "{certified} of {thin_cases}");
        assert!(near_uncertified > 1_000, "{near_uncertified}");
    }
}
