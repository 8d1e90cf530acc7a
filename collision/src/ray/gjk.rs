//! The generic ray cast: the GJK ray cast of van den Bergen ("Ray casting against general
//! convex objects with application to continuous collision detection", 2004; *Collision
//! Detection in Interactive 3D Environments*, §5.5), for any support-mapped core plus radius.

use super::{LocalHit, MAX_RAY_ITERATIONS, RayError};
use crate::shape::{SupportMap, unit};
use collision_simplex::{
    Projection, project_point, project_segment, project_tetrahedron, project_triangle,
};
use nalgebra::{Point3, Vector3};

/// The hit is accepted when the ray point is within this fraction of the shape's size
/// from the shape.
const RELATIVE_TOLERANCE: f64 = 1e-10;

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
/// The last such `v` is the normal of the supporting plane at the hit.
pub(crate) fn cast_local<S: SupportMap + ?Sized>(
    shape: &S,
    radius: f64,
    s: &Point3<f64>,
    r: &Vector3<f64>,
    max_toi: f64,
) -> Result<Option<LocalHit>, RayError> {
    let mut lambda = 0.0;
    let mut x = *s;
    let mut normal: Option<Vector3<f64>> = None;
    let mut points = [Point3::origin(); 4];
    let mut len = 0;
    let p0 = shape.support(&-r);
    let mut v = x - p0;
    let mut scale = p0.coords.amax().max(radius);
    for _ in 0..MAX_RAY_ITERATIONS {
        let vv = v.norm_squared();
        let tol = RELATIVE_TOLERANCE * scale;
        if vv <= (radius + tol) * (radius + tol) {
            return Ok(Some(hit(lambda, normal)));
        }
        let p = shape.support(&v);
        if !p.iter().all(|c| c.is_finite()) {
            return Err(RayError::NonFinite);
        }
        scale = scale.max(p.coords.amax());
        let w = x - p;
        // Plane of the rounded shape along v: v̂ · y = v̂ · p + radius.
        let vw = v.dot(&w) - radius * vv.sqrt();
        if vw > 0.0 {
            let vr = v.dot(r);
            if vr >= 0.0 {
                return Ok(None);
            }
            lambda -= vw / vr;
            if lambda > max_toi {
                return Ok(None);
            }
            x = s + r * lambda;
            normal = Some(v);
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
        let mut k = 0;
        for i in 0..len {
            if proj.support & (1 << i) != 0 {
                points[k] = points[i];
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
