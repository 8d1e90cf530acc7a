//! Ray against a cone: the double cone through the apex, cut by the slab of the height.

use super::{LocalHit, LocalRay, RayCast, RayError, gjk};
use crate::observer::RayShape;
use crate::shape::{Cone, CoreOf, SupportMap, unit};
use collision_simplex::dd::{Dd, two_prod, two_sum};
use nalgebra::Vector3;
use std::ops::{Add, Mul, Sub};

/// The cone is `(2h)² (x² + z²) ≤ R² (h − y)²`, `|y| ≤ h`: apex `(0, h, 0)`, base disc of
/// radius `R` at `y = −h`. The solid is the double cone through the apex intersected with
/// the slab `|y| ≤ h`, which keeps only its lower nappe (the upper one meets the slab at
/// the apex alone). The slab and the lower nappe are convex, so the ray `s + t d` is in
/// each on one interval of `t` and in the solid on their intersection, as in the slab
/// method for boxes: it enters at the later of the two entries, through the surface that
/// entry belongs to.
///
/// # The double cone
///
/// With `p = s − apex` and `H = 2h`, the quadratic form `Q(v) = H² (v_x² + v_z²) − R² v_y²`
/// is negative inside the double cone, and along the ray
///
/// ```text
/// Q(p + t d) = A t² + 2 B t + C,   A = Q(d),  B = Q(p, d),  C = Q(p)
/// ```
///
/// Its discriminant `B² − A C` is, by the Cauchy–Binet identity for the diagonal form
/// `diag(H², −R², H²)`, a combination of the squares of the moment `m = p × d` of the
/// ray's line about the apex:
///
/// ```text
/// B² − A C = H² D,   D = R² (m_x² + m_z²) − H² m_y²
/// ```
///
/// `B² − A C` itself cancels catastrophically for lines passing near the apex (its terms
/// are of order `|p|² |d|²` while the root separation is not); `D` does not, since `m` is
/// small there and computed with an error relative to its own size (the same trick as
/// the ball's `a (R² − |l|²)`, which is this identity for a sphere). The roots are taken
/// in the stable form `q / A` and `C / q`, `q = −(B + sign(B) H √D)` (*Numerical
/// Recipes* §5.6). On the double cone the ray lies
///
/// - `A > 0` (direction shallower than the surface): between the roots, a chord in one
///   nappe (one in the upper nappe misses the slab but for the apex);
/// - `A < 0` (steeper): outside the roots, one half-line in each nappe; the lower one is
///   `[t_hi, ∞)` when the ray descends (`d_y < 0`), `(−∞, t_lo]` when it climbs;
/// - `A = 0` (parallel to a generator): on a half-line beyond the linear root `−C / 2B`.
///
/// # Near-tangent rays
///
/// Where `D` is below `10⁻³` of its terms (the ray within a few degrees of tangency:
/// for a sphere `D / (terms)` is the squared cosine of the incidence), a rounding error
/// of `ε` relative in `D` or `C` moves the entry by `ε / cos θ` or more; there `A`, `B`,
/// `C` and `D` are recomputed in double-double arithmetic on the exact `p_y`
/// (`collision_simplex::dd`),
/// about one ray in a thousand.
///
/// # Normals
///
/// On the base, `−e_y`. On the lateral surface, `(H x̂, R, H ẑ) / √(H² + R²)` with
/// `(x̂, ẑ)` the direction of the hit point from the axis. At the apex (a hit on the axis,
/// or through the plane `y = h`, which the solid touches only there) the normal cone
/// holds `−d̂` when `H (−d_y) ≥ R |d_xz|`; then that, otherwise the lateral normal facing
/// the ray's horizontal direction.
///
/// Degenerate cones (zero height or radius, or below `1e-40` of the scene) take the GJK
/// ray cast; scenes whose lengths lie beyond `1e±40` are first rescaled by powers of two
/// (exact), since the terms of `D` are of the fourth degree.
impl RayCast for Cone {
    fn ray_closed_form(&self) -> Option<RayShape> {
        Some(RayShape::Cone)
    }

    /// The normal is formed whether or not `ray.normal` asks for it (a few instructions
    /// of a cast that takes a thousand).
    #[inline]
    fn cast_ray_local(&self, ray: &LocalRay) -> Result<Option<LocalHit>, RayError> {
        let (h, radius) = (self.half_height(), self.radius());
        let (s, dir) = (ray.origin.coords, &ray.dir);
        let in_range = |x: f64| (1e-40..=1e40).contains(&x);
        if in_range(h) && in_range(radius) && in_range(s.amax().max(h)) && in_range(dir.amax()) {
            return Ok(cast(h, radius, &s, dir, ray.max_toi));
        }
        cast_beyond_range(self, ray)
    }
}

/// [`RayCast::cast_ray_local`] for a zero direction, a degenerate cone or lengths beyond
/// `1e±40`: the scene and the direction scaled by powers of two (exact but for lengths
/// far below the others, which vanish) into range, or the GJK ray cast for a cone whose
/// height or radius is zero or below `1e-40` of the scene.
#[cold]
#[inline(never)]
fn cast_beyond_range(cone: &Cone, ray: &LocalRay) -> Result<Option<LocalHit>, RayError> {
    let (origin, dir, max_toi) = (&ray.origin, &ray.dir, ray.max_toi);
    let (h, radius) = (cone.half_height(), cone.radius());
    let size = origin.coords.amax().max(h).max(radius);
    let (k_scene, k_dir) = (inverse_power_of_two(size), inverse_power_of_two(dir.amax()));
    let (h_k, radius_k) = (h * k_scene, radius * k_scene);
    if dir.amax() == 0.0 {
        let s = origin.coords * k_scene;
        let py = s.y - h_k;
        let inside = s.y.abs() <= h_k
            && 4.0 * h_k * h_k * (s.x * s.x + s.z * s.z) <= radius_k * radius_k * py * py;
        return Ok(inside.then_some(LocalHit::INSIDE));
    }
    if !(h_k >= 1e-40 && radius_k >= 1e-40) {
        return gjk::cast_local(&CoreOf(cone), cone.core_radius(), ray);
    }
    // `s' + t' d' = k_scene (s + t d)` with `s' = k_scene s`, `d' = k_dir d`:
    // `t = t' k_dir / k_scene`.
    let ratio = k_dir / k_scene;
    let hit = cast(
        h_k,
        radius_k,
        &(origin.coords * k_scene),
        &(dir * k_dir),
        max_toi / ratio,
    );
    Ok(hit.map(|hit| LocalHit {
        toi: hit.toi * ratio,
        ..hit
    }))
}

/// `2⁻ⁿ` with `2ⁿ ≤ x < 2ⁿ⁺¹` (1 for zero or non-finite `x`), formed in two exact
/// halves so that neither overflows.
fn inverse_power_of_two(x: f64) -> f64 {
    if !(x.is_finite() && x > 0.0) {
        return 1.0;
    }
    let n = x.log2().floor() as i32;
    2f64.powi(-n / 2) * 2f64.powi(-(n - n / 2))
}

/// The cast for a non-degenerate cone with lengths and direction within `1e±40`.
#[inline]
fn cast(h: f64, radius: f64, s: &Vector3<f64>, d: &Vector3<f64>, max_toi: f64) -> Option<LocalHit> {
    let hh = 2.0 * h;
    let py = s.y - h;
    let inside = s.y.abs() <= h && hh * hh * (s.x * s.x + s.z * s.z) <= radius * radius * py * py;
    if inside {
        return Some(LocalHit::INSIDE);
    }
    // The slab |y| ≤ h; entered through the base when climbing, through the apex's plane
    // when descending.
    let (slab_in, slab_out) = if d.y == 0.0 {
        if s.y.abs() > h {
            return None;
        }
        (f64::NEG_INFINITY, f64::INFINITY)
    } else {
        let (t_base, t_top) = ((-h - s.y) / d.y, (h - s.y) / d.y);
        (t_base.min(t_top), t_base.max(t_top))
    };
    let (cone_in, cone_out) = double_cone(h, radius, s, d)?;
    let (t_in, t_out) = (cone_in.max(slab_in), cone_out.min(slab_out));
    if !(t_in <= t_out && t_out >= 0.0) {
        return None;
    }
    if t_in <= 0.0 {
        // On the surface to rounding, heading in.
        return Some(LocalHit::INSIDE);
    }
    if t_in > max_toi {
        return None;
    }
    let normal = if slab_in > cone_in && d.y > 0.0 {
        -Vector3::y()
    } else if slab_in > cone_in {
        apex_normal(h, radius, d)
    } else {
        lateral_normal(h, radius, &(s + d * t_in), d)
    };
    Some(LocalHit {
        toi: t_in,
        normal: Some(normal),
    })
}

/// The ray's parameter interval in the double cone: the part in the lower nappe, or a
/// part of the upper one that the slab cuts away (see the derivation above).
#[inline]
fn double_cone(h: f64, radius: f64, s: &Vector3<f64>, d: &Vector3<f64>) -> Option<(f64, f64)> {
    let hh = 2.0 * h;
    let (h2, r2) = (hh * hh, radius * radius);
    let py = s.y - h;
    let m = Vector3::new(
        py * d.z - s.z * d.y,
        s.z * d.x - s.x * d.z,
        s.x * d.y - py * d.x,
    );
    let (lateral, axial) = (r2 * (m.x * m.x + m.z * m.z), h2 * m.y * m.y);
    let mut disc = lateral - axial;
    let mut a = h2 * (d.x * d.x + d.z * d.z) - r2 * d.y * d.y;
    let mut b = h2 * (s.x * d.x + s.z * d.z) - r2 * py * d.y;
    let mut c = h2 * (s.x * s.x + s.z * s.z) - r2 * py * py;
    if disc < 1e-3 * (lateral + axial) {
        [a, b, c, disc] = near_tangent(h, radius, s, d);
    }
    let roots = |disc: f64| {
        let q = -(b + (hh * disc.sqrt()).copysign(b));
        if q == 0.0 {
            // b = 0 = disc, hence c = 0: a double root at the start.
            return (0.0, 0.0);
        }
        let (r1, r2) = (q / a, c / q);
        (r1.min(r2), r1.max(r2))
    };
    if a > 0.0 {
        (disc >= 0.0).then(|| roots(disc))
    } else if a < 0.0 {
        // Never negative in exact arithmetic: a steep line meets both nappes.
        let (lo, hi) = roots(disc.max(0.0));
        Some(if d.y < 0.0 {
            (hi, f64::INFINITY)
        } else {
            (f64::NEG_INFINITY, lo)
        })
    } else if b != 0.0 {
        let t = -c / (2.0 * b);
        Some(if b < 0.0 {
            (t, f64::INFINITY)
        } else {
            (f64::NEG_INFINITY, t)
        })
    } else {
        // A line on a generator (c = 0) or parallel to one outside the cone.
        (c <= 0.0).then_some((f64::NEG_INFINITY, f64::INFINITY))
    }
}

/// `[A, B, C, D]` of the derivation in double-double arithmetic on the exact
/// `p_y = s_y − h`, rounded to `f64`: each within an ulp or so of its exact value.
#[cold]
#[inline(never)]
fn near_tangent(h: f64, radius: f64, s: &Vector3<f64>, d: &Vector3<f64>) -> [f64; 4] {
    let py = two_sum(s.y, -h);
    let h2 = two_prod(h, h).scale(4.0);
    let r2 = two_prod(radius, radius);
    let sq = |x: Dd| x.mul(x);
    let m_x = py.scale(d.z).sub(two_prod(s.z, d.y));
    let m_y = two_prod(s.z, d.x).sub(two_prod(s.x, d.z));
    let m_z = two_prod(s.x, d.y).sub(py.scale(d.x));
    let disc = r2.mul(sq(m_x).add(sq(m_z))).sub(h2.mul(sq(m_y)));
    let horizontal =
        |u: &Vector3<f64>, v: &Vector3<f64>| two_prod(u.x, v.x).add(two_prod(u.z, v.z));
    let a = h2.mul(horizontal(d, d)).sub(r2.mul(two_prod(d.y, d.y)));
    let b = h2.mul(horizontal(s, d)).sub(r2.mul(py.scale(d.y)));
    let c = h2.mul(horizontal(s, s)).sub(r2.mul(sq(py)));
    [a.value(), b.value(), c.value(), disc.value()]
}

/// The unit outward normal of the lateral surface at `x`: `(H x̂, R, H ẑ) / √(H² + R²)`,
/// or the apex's for a point on the axis or one whose normal would not face the ray
/// (within rounding of the apex, where `x̂, ẑ` are noise).
#[inline]
fn lateral_normal(h: f64, radius: f64, x: &Vector3<f64>, d: &Vector3<f64>) -> Vector3<f64> {
    let rho = x.x.hypot(x.z);
    let hh = 2.0 * h;
    let k = 1.0 / hh.hypot(radius);
    let n = Vector3::new(hh * (x.x / rho) * k, radius * k, hh * (x.z / rho) * k);
    // NaN (on the axis) fails too.
    if n.dot(d) < 0.0 {
        n
    } else {
        // Within rounding of the apex, the hit point's direction from the axis is noise.
        apex_normal(h, radius, d)
    }
}

/// The normal of a ray along `d` entering at the apex: `−d̂` when it lies in the apex's
/// normal cone (`H (−d_y) ≥ R |d_xz|`), otherwise the lateral normal facing `−d`'s
/// horizontal direction (the nearest one of the cone to `−d̂`).
#[cold]
fn apex_normal(h: f64, radius: f64, d: &Vector3<f64>) -> Vector3<f64> {
    let hh = 2.0 * h;
    let horizontal = d.x.hypot(d.z);
    if hh * -d.y >= radius * horizontal || horizontal == 0.0 {
        return unit(&-d).unwrap_or_else(Vector3::y);
    }
    let k = 1.0 / hh.hypot(radius);
    Vector3::new(
        hh * (-d.x / horizontal) * k,
        radius * k,
        hh * (-d.z / horizontal) * k,
    )
}
