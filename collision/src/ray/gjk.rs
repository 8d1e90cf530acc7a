//! The generic ray cast: the GJK ray cast of van den Bergen ("Ray casting against general
//! convex objects with application to continuous collision detection", 2004; *Collision
//! Detection in Interactive 3D Environments*, §5.5), for any support-mapped core plus radius.

use super::sphere::scaled;
use super::{LocalHit, LocalRay, MAX_RAY_ITERATIONS, RayError, RayStep};
use crate::observer::Observer;
use crate::shape::{SupportMap, unit};
use collision_simplex::{
    Projection, project_point, project_segment, project_tetrahedron, project_triangle,
};
use nalgebra::{Isometry3, Point3, Vector3};

/// The hit is accepted when the ray point is within this fraction of the shape's size
/// from the shape.
const RELATIVE_TOLERANCE: f64 = 1e-10;

/// When the projection stops shrinking `|v|` at a fixed ray point (f64 can resolve the
/// point's distance to the core no better), the hit is accepted if the point is within
/// this fraction of the shape's size. Surfaces curved in one direction and flat in the
/// other (a cylinder's side wall) stall near `√ε ≈ 1.5e-8` of the size, where a dropped
/// support point keeps coming back (measured: at most 1.7e-8 of the size over 140,000 random rays against seven shape kinds), so
/// `16 √ε` accepts every such stall; a stall farther out is reported as not converged.
/// This is the accuracy of a hit on a curved core cast this way (a cone, a rounded
/// cylinder): the hit point may lie this fraction of the shape's size off its surface.
pub const STALL_RELATIVE: f64 = 2.4e-7;

/// The GJK ray cast in the shape's frame: returns the hit parameter and the normal
/// (`None` when the ray starts inside).
///
/// The shape is `C ⊕ ball(radius)` with `C` the core ([`SupportMap::core_radius`]): the support
/// planes are those of `C` pushed out by `radius` and the cast ends when `x` is within
/// `radius` (plus tolerance) of `C`, so balls, capsules and rounded shapes converge as
/// fast as their cores instead of crawling over their curved margins.
///
/// Invariant: `x = s + λ r` is a point of the ray not inside the shape C, and the simplex
/// `P` of support points makes `v`, the point of `x − conv(P)` closest to the origin,
/// converge to `x − c` for the point `c` of C nearest `x`. Each new support point
/// `p = s_C(v)` gives `w = x − p`; when `v · w > radius |v|` the plane through `p` with normal `v`
/// separates `x` from C, so the ray cannot enter C before it crosses that plane:
/// `λ ← λ − (v · w − radius |v|) / (v · r)` (or a miss if `v · r ≥ 0`, the ray running away from it).
/// The last such `v` is the normal of the supporting plane at the hit. The cast ends
/// when `|v|` is within tolerance of `radius`, or when a projection at an unchanged `x`
/// no longer shrinks `|v|` and it is within [`STALL_RELATIVE`] (an advance below the
/// rounding of `λ` leaves `x` unchanged).
#[inline]
pub(crate) fn cast_local<S: SupportMap + ?Sized>(
    shape: &S,
    radius: f64,
    ray: &LocalRay,
) -> Result<Option<LocalHit>, RayError> {
    cast_local_observed(shape, radius, ray, &Isometry3::identity(), &mut ())
}

/// [`cast_local`], reporting every iteration to `observer` as a [`RayStep`]; `pose` (the
/// shape's world pose) is passed on to the observer only.
///
/// A direction far from unit length (a subnormal one, or 1e200) is cast as `r / m`, `m`
/// its largest component, with parameters `m` times larger, so that `v · r` neither
/// underflows (no progress: a ray along `4.9e-324` advanced to `t = ∞` and went on with
/// NaN points to the iteration cap) nor overflows. Parameters are scaled back for the
/// observer and the answer, which may then overflow (the caller reports that).
pub(crate) fn cast_local_observed<S: SupportMap + ?Sized, O: Observer + ?Sized>(
    shape: &S,
    radius: f64,
    ray: &LocalRay,
    pose: &Isometry3<f64>,
    observer: &mut O,
) -> Result<Option<LocalHit>, RayError> {
    let (s, r, max_toi) = (&ray.origin, &ray.dir, ray.max_toi);
    let Some((d, inv_m)) = scaled(r).filter(|&(_, inv_m)| inv_m != 1.0) else {
        return cast_scaled(shape, radius, s, r, 1.0, max_toi, pose, observer);
    };
    match cast_scaled(shape, radius, s, &d, inv_m, max_toi / inv_m, pose, observer) {
        Ok(hit) => Ok(hit.map(|h| LocalHit {
            toi: unscale(h.toi, inv_m),
            ..h
        })),
        Err(RayError::DidNotConverge { iterations, toi }) => Err(RayError::DidNotConverge {
            iterations,
            toi: unscale(toi, inv_m),
        }),
        Err(e) => Err(e),
    }
}

/// The GJK ray cast of [`cast_local_observed`] along a direction `r` of moderate length,
/// `inv_m` times the caller's (parameters along `r` are `1 / inv_m` times the caller's:
/// the observer is given them in the caller's units).
#[allow(clippy::too_many_arguments)]
fn cast_scaled<S: SupportMap + ?Sized, O: Observer + ?Sized>(
    shape: &S,
    radius: f64,
    s: &Point3<f64>,
    r: &Vector3<f64>,
    inv_m: f64,
    max_toi: f64,
    pose: &Isometry3<f64>,
    observer: &mut O,
) -> Result<Option<LocalHit>, RayError> {
    let mut lambda = 0.0;
    let mut x = *s;
    let mut normal: Option<Vector3<f64>> = None;
    let mut points = [Point3::origin(); 4];
    // Barycentric weights of `v` over `points` (only kept for the observer).
    let mut weights = [0.0; 4];
    let mut len = 0;
    let first = shape.support_hinted(&-r, u32::MAX);
    let (p0, mut hint) = (first.point, first.id);
    let mut v = x - p0;
    let mut scale = p0.coords.amax().max(radius);
    // |v|² of the last projection at the current x (the initial v, from a point that is
    // not in the simplex, does not count).
    let mut last_vv = f64::INFINITY;
    for iteration in 1..=MAX_RAY_ITERATIONS {
        let vv = v.norm_squared();
        let tol = RELATIVE_TOLERANCE * scale;
        if vv <= (radius + tol) * (radius + tol) {
            return Ok(Some(hit(lambda, normal)));
        }
        let found = shape.support_hinted(&v, hint);
        let p = found.point;
        hint = found.id;
        if !p.iter().all(|c| c.is_finite()) {
            return Err(RayError::NonFinite);
        }
        scale = scale.max(p.coords.amax());
        let w = x - p;
        // Plane of the rounded shape along v: v̂ · y = v̂ · p + radius.
        let vw = v.dot(&w) - radius * vv.sqrt();
        // A miss when the ray runs away from that plane or crosses it beyond `max_toi`.
        let mut miss = false;
        let (lambda_before, x_before) = (lambda, x);
        if vw > 0.0 {
            let vr = v.dot(r);
            let advanced = lambda - vw / vr;
            // A plane beyond `f64` along the ray: the hit, if any, has no parameter.
            if vr < 0.0 && !advanced.is_finite() {
                return Err(RayError::NonFinite);
            }
            if vr >= 0.0 || advanced > max_toi {
                miss = true;
            } else {
                normal = Some(v);
                // An advance below the rounding of λ leaves x where it was.
                if advanced != lambda {
                    lambda = advanced;
                    x = s + r * lambda;
                    last_vv = f64::INFINITY;
                }
            }
        }
        if observer.is_active() {
            observer.ray_step(&RayStep {
                iteration,
                pose,
                lambda: unscale(lambda_before, inv_m),
                advanced: unscale(lambda, inv_m),
                point: x_before,
                simplex: &points[..len],
                weights: &weights[..len],
                v,
                support: p,
                normal: normal.and_then(|n| unit(&n)),
                radius,
            });
        }
        if miss {
            return Ok(None);
        }
        if points[..len].contains(&p) {
            // A repeated support point with v · w ≤ 0 cannot happen unless |v| is at
            // rounding level (GJK's duality gap): x is on C.
            if vw <= 0.0 {
                return Ok(Some(hit(lambda, normal)));
            }
        } else {
            points[len] = p;
            len += 1;
        }
        let proj = project(&points[..len], &x);
        v = proj.point.coords;
        let vv = v.norm_squared();
        if vv >= last_vv {
            // No progress at this x: the projection is at its rounding level (GJK's "no
            // progress"), so x is as close to C as f64 resolves: a hit if that is within
            // `STALL_RELATIVE` of the size.
            let stall = STALL_RELATIVE * scale;
            return if vv <= (radius + stall) * (radius + stall) {
                Ok(Some(hit(lambda, normal)))
            } else {
                Err(RayError::DidNotConverge {
                    iterations: iteration,
                    toi: lambda,
                })
            };
        }
        last_vv = vv;
        let mut k = 0;
        for i in 0..len {
            if proj.support & (1 << i) != 0 {
                points[k] = points[i];
                weights[k] = proj.weights[i];
                k += 1;
            }
        }
        len = k;
        if len == 4 {
            return Ok(Some(hit(lambda, normal)));
        }
    }
    Err(RayError::DidNotConverge {
        iterations: MAX_RAY_ITERATIONS,
        toi: lambda,
    })
}

/// A parameter `lambda` along the scaled direction in the caller's units, `lambda · inv_m`:
/// 0 stays 0 where `inv_m` is infinite (the reciprocal of a direction below
/// `1 / f64::MAX`), anything else beyond `f64` is +∞.
#[inline]
fn unscale(lambda: f64, inv_m: f64) -> f64 {
    if lambda == 0.0 { 0.0 } else { lambda * inv_m }
}

/// The hit at `lambda` with the last separating direction, normalised.
fn hit(lambda: f64, normal: Option<Vector3<f64>>) -> LocalHit {
    LocalHit {
        toi: lambda,
        normal: normal.and_then(|n| unit(&n)),
    }
}

/// Projects the origin onto `conv{x − pᵢ}` (signed volumes, collision-simplex).
fn project(points: &[Point3<f64>], x: &Point3<f64>) -> Projection {
    let y = |p: &Point3<f64>| Point3::from(x - p);
    match points {
        [a] => project_point(&y(a)),
        [a, b] => project_segment(&y(a), &y(b)),
        [a, b, c] => project_triangle(&y(a), &y(b), &y(c)),
        [a, b, c, d] => project_tetrahedron(&y(a), &y(b), &y(c), &y(d)),
        _ => project_point(&Point3::from(*x - Point3::origin())),
    }
}
