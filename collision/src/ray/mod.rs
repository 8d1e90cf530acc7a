//! Ray casts against any support-mapped shape: the GJK ray cast of van den Bergen
//! ("Ray casting against general convex objects with application to continuous
//! collision detection", 2004; *Collision Detection in Interactive 3D Environments*,
//! §5.5).

use crate::contact::ConvexRadius;
use crate::shape::{SupportMap, unit};
use collision_simplex::{
    Projection, project_point, project_segment, project_tetrahedron, project_triangle,
};
use nalgebra::{Isometry3, Point3, Vector3};

/// A ray `origin + t · dir`, `t ≥ 0`, in world coordinates. `dir` need not be unit; times
/// of impact are in units of `dir`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ray {
    /// Start point.
    pub origin: Point3<f64>,
    /// Direction (any length).
    pub dir: Vector3<f64>,
}

impl Ray {
    /// The ray from `origin` along `dir`.
    #[must_use]
    pub fn new(origin: Point3<f64>, dir: Vector3<f64>) -> Ray {
        Ray { origin, dir }
    }

    /// `origin + t · dir`.
    #[must_use]
    pub fn point_at(&self, t: f64) -> Point3<f64> {
        self.origin + self.dir * t
    }
}

/// Where a ray enters a shape. World coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RayHit {
    /// Parameter of the hit: `point = origin + toi · dir`. Zero when the ray starts inside
    /// (or on) the shape.
    pub toi: f64,
    /// The hit point.
    pub point: Point3<f64>,
    /// Unit outward surface normal at the hit. For a ray starting inside it is `−dir`
    /// normalised (or `+x` for a zero `dir`), since no surface was crossed.
    pub normal: Vector3<f64>,
}

/// Why a ray cast has no answer.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum RayError {
    /// The pose, the ray or a support point was NaN or infinite.
    #[error("ray cast met a non-finite pose, ray or support point")]
    NonFinite,
    /// The iteration cap was reached; `toi` is a lower bound on the hit parameter, if any.
    #[error("GJK ray cast did not converge within {iterations} iterations (toi ≥ {toi})")]
    DidNotConverge {
        /// Iterations made.
        iterations: u32,
        /// The ray parameter reached, a lower bound on any hit.
        toi: f64,
    },
}

/// Iteration cap of [`cast_ray`]. Polytopes need a handful; curved surfaces converge
/// linearly near grazing hits and use a few dozen.
pub const MAX_RAY_ITERATIONS: u32 = 256;

/// The hit is accepted when the ray point is within this fraction of the shape's size
/// from the shape.
const RELATIVE_TOLERANCE: f64 = 1e-10;

/// The first point where `ray` meets `shape` at `pose`, if at most `max_toi` along it.
///
/// # Errors
/// [`RayError`] on non-finite input, or when the iteration cap was reached (never turned
/// into a miss or a hit).
pub fn cast_ray<S: ConvexRadius + ?Sized>(
    shape: &S,
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
) -> Result<Option<RayHit>, RayError> {
    let finite = |v: &Vector3<f64>| v.iter().all(|c| c.is_finite());
    if !(finite(&ray.origin.coords)
        && finite(&ray.dir)
        && finite(&pose.translation.vector)
        && pose.rotation.coords.iter().all(|c| c.is_finite())
        && !max_toi.is_nan())
    {
        return Err(RayError::NonFinite);
    }
    // Local frame, subtracting the translation first so large offsets cancel exactly.
    let s = Point3::from(
        pose.rotation
            .inverse_transform_vector(&(ray.origin.coords - pose.translation.vector)),
    );
    let r = pose.rotation.inverse_transform_vector(&ray.dir);
    let (core, radius) = shape.split();
    let Some((toi, n)) = cast_local(&core, radius, &s, &r, max_toi)? else {
        return Ok(None);
    };
    let normal = match n {
        Some(n) => pose.rotation * n,
        None => unit(&-ray.dir).unwrap_or_else(Vector3::x),
    };
    Ok(Some(RayHit {
        toi,
        point: ray.point_at(toi),
        normal,
    }))
}

/// A hit in the shape's frame: the ray parameter and the (unnormalised) normal, `None`
/// when the ray starts inside.
type LocalHit = (f64, Option<Vector3<f64>>);

/// The GJK ray cast in the shape's frame: returns the hit parameter and the normal
/// (`None` when the ray starts inside).
///
/// The shape is `C ⊕ ball(radius)` with `C` the core ([`ConvexRadius`]): the support
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
fn cast_local<S: SupportMap + ?Sized>(
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
            return Ok(Some((lambda, normal.and_then(|n| unit(&n)))));
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
                return Ok(Some((lambda, normal.and_then(|n| unit(&n)))));
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
            return Ok(Some((lambda, normal.and_then(|n| unit(&n)))));
        }
    }
    Err(RayError::DidNotConverge {
        iterations: MAX_RAY_ITERATIONS,
        toi: lambda,
    })
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
