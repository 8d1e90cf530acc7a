//! Ray against a ball: the first root of the quadratic, in a cancellation-safe form.
//!
//! Tried and dropped: the ball keeping `1 / R` so that a hit's normal takes no division
//! (no faster on the bench rays).

use super::{
    LocalHit, LocalRay, PosedRay, Ray, RayAnswer, RayCast, RayError, check_input, gjk, kernel,
};
use crate::observer::RayShape;
use crate::shape::{Ball, CoreOf, SupportMap, unit};
use nalgebra::{Isometry3, Point3, UnitQuaternion, Vector3};

/// How a ray meets a ball (or an infinite cylinder, or a box).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Crossing {
    /// The ray starts inside or on the shape.
    Inside,
    /// The ray never enters the shape.
    Miss,
    /// The ray enters at this parameter (of the scaled direction).
    Enter(f64),
}

/// `dir / m` with `m` its largest absolute component, and `1 / m`; `None` for a zero
/// direction.
///
/// The closed forms square the direction: scaling it to a largest component of 1 keeps
/// `|d|²` from overflowing or underflowing for any finite `dir`. A parameter `t_d` along
/// `d` is `t_d / m` along `dir`. Directions of moderate length are
/// used as they are (`m = 1`).
#[inline]
pub(super) fn scaled(dir: &Vector3<f64>) -> Option<(Vector3<f64>, f64)> {
    let m = dir.amax();
    if (1e-100..=1e100).contains(&m) {
        // Squares are safe: skip the division (and its rounding).
        Some((*dir, 1.0))
    } else {
        (m > 0.0).then(|| (dir / m, 1.0 / m))
    }
}

/// For closed forms whose first squares of coordinates came out zero, subnormal or
/// beyond `f64`: when the scene's scale `L = max(|origin|∞, lengths)` lies beyond
/// `1e±100` (a ray 2e-200 from a capsule of radius 5e-201 read as starting inside), the
/// cast of the scene divided by `L` (the shape rebuilt by `make` from the divided
/// lengths), its parameter multiplied back; `None` within the range (a zero square
/// there is exact: carry on).
#[cold]
#[inline(never)]
pub(super) fn cast_rescaled<S: RayCast>(
    ray: &LocalRay,
    lengths: [f64; 2],
    make: impl FnOnce(f64, f64) -> Option<S>,
) -> Option<Result<Option<LocalHit>, RayError>> {
    let l = ray.origin.coords.amax().max(lengths[0]).max(lengths[1]);
    if !(l.is_finite() && l > 0.0) || (1e-100..=1e100).contains(&l) {
        return None;
    }
    let unit = make(lengths[0] / l, lengths[1] / l)?;
    let hit = unit.cast_ray_local(&LocalRay {
        origin: Point3::from(ray.origin.coords / l),
        max_toi: ray.max_toi / l,
        ..*ray
    });
    Some(hit.map(|h| {
        h.map(|h| LocalHit {
            toi: h.toi * l,
            ..h
        })
    }))
}

/// Entry of the ray `s + t d` into the ball `|x| ≤ radius` (centre at the origin).
///
/// `|s + t d|² = R²` is `a t² + 2 b t + c = 0` with `a = d·d`, `b = s·d`, `c = s·s − R²`.
/// `c ≤ 0`: the ray starts inside. `b ≥ 0`: it starts outside and never approaches the
/// centre, a miss. The reduced discriminant `b² − a c` cancels catastrophically when the
/// ray passes far from a small ball; the same quantity is `a (R² − |l|²)` with
/// `l = s − (b / a) d` the point of the line nearest the centre (Haines et al., "Precision
/// improvements for ray/sphere intersection", *Ray Tracing Gems*, 2019, ch. 7), and that
/// form is accurate. By Lagrange's identity `a |l|² = a |s|² − b² = |s × d|²`, so
///
/// ```text
/// disc = a R² − |s × d|²
/// ```
///
/// which has the same accuracy (the cross product's rounding is relative to `|s| |d|`, as
/// `l`'s is to `|s|`) without the division `b / a`, the longest step of the chain from
/// the ray to the hit. Of the roots `(−b ± √disc) / a` the first subtracts two positive
/// numbers when `b < 0`; with `q = −b + √disc` (no cancellation) and the product of the
/// roots `c / a`, the first root is `c / q` (the stable quadratic of *Numerical Recipes*
/// §5.6).
///
/// Where `s·s` or `R²` is not a normal number (start points or radii near 1e±150 and
/// beyond: a ray 2e-200 from a ball of radius 1e-200 read as starting inside) the cold
/// [`enter_ball_rescaled`] takes over.
///
/// Returns `None` when an intermediate overflowed (huge coordinates); the caller then
/// falls back to the GJK ray cast.
#[inline(always)]
pub(super) fn enter_ball(s: &Vector3<f64>, d: &Vector3<f64>, radius: f64) -> Option<Crossing> {
    let rr = radius * radius;
    if !(s.dot(s).is_normal() && rr.is_normal()) {
        return enter_ball_rescaled(s, d, radius);
    }
    crossing::<true>(s, d, rr)
}

/// The crossing of [`enter_ball`] for a squared radius `rr`, where nothing under- or
/// overflows. `CHECKED` tests the intermediates for overflow (`None` then); the kernel,
/// which has shown from its input's range that none can occur, leaves the tests out (the
/// same arithmetic).
#[inline(always)]
pub(super) fn crossing<const CHECKED: bool>(
    s: &Vector3<f64>,
    d: &Vector3<f64>,
    rr: f64,
) -> Option<Crossing> {
    let c = s.dot(s) - rr;
    let b = s.dot(d);
    if CHECKED && !(c.is_finite() && b.is_finite()) {
        return None;
    }
    if c <= 0.0 {
        return Some(Crossing::Inside);
    }
    if b >= 0.0 {
        return Some(Crossing::Miss);
    }
    // An overflowed `|s × d|²` (beyond `a R²`) is a miss too; an overflowed `a R²` is
    // not an answer.
    let disc = d.dot(d) * rr - s.cross(d).norm_squared();
    if disc < 0.0 {
        return Some(Crossing::Miss);
    }
    if CHECKED && disc == f64::INFINITY {
        return None;
    }
    let q = -b + disc.sqrt();
    let t = c / q;
    t.is_finite().then_some(Crossing::Enter(t))
}

/// [`enter_ball`] off its fast path, where `|s|²` or `R²` is zero, subnormal or beyond
/// `f64`: the crossing of `s / L` and `R / L`, `L = max(|s|∞, R)`, whose parameter is the
/// original's divided by `L`.
#[cold]
#[inline(never)]
fn enter_ball_rescaled(s: &Vector3<f64>, d: &Vector3<f64>, radius: f64) -> Option<Crossing> {
    let l = s.amax().max(radius);
    if !l.is_finite() {
        return None;
    }
    if l == 0.0 {
        // A ray from the centre of a ball of no radius: on it.
        return Some(Crossing::Inside);
    }
    let r = radius / l;
    match crossing::<true>(&(s / l), d, r * r)? {
        Crossing::Enter(t) => Some(Crossing::Enter(t * l)).filter(|_| (t * l).is_finite()),
        other => Some(other),
    }
}

impl RayCast for Ball {
    fn ray_closed_form(&self) -> Option<RayShape> {
        Some(RayShape::Ball)
    }

    /// A ball is invariant under rotation about its centre: only the translation moves
    /// the ray into its frame, and the normal needs no rotating back. The kernel
    /// `kernel::cast_ball` answers where nothing can under- or overflow, else the
    /// reference `cast_ball_reference`; an observed cast is reported in the ball's frame
    /// without its rotation.
    #[inline(always)]
    fn cast_ray_posed(&self, cast: PosedRay<'_>) -> Result<Option<LocalHit>, RayError> {
        let (pose, ray, max_toi) = (cast.pose, cast.ray, cast.max_toi);
        let normal = match cast.answer {
            RayAnswer::Observed(observer) => {
                let local = ball_frame(pose, ray, max_toi, true)?;
                let frame = Isometry3::from_parts(pose.translation, UnitQuaternion::identity());
                return self.cast_ray_local_observed(&local, &frame, observer);
            }
            RayAnswer::Hit => true,
            RayAnswer::Time => false,
        };
        match kernel::cast_ball(self.radius(), pose, ray, max_toi, normal) {
            Some(hit) => Ok(hit),
            None => cast_ball_reference(self, pose, ray, max_toi, normal),
        }
    }

    #[inline(always)]
    fn cast_ray_local(&self, ray: &LocalRay) -> Result<Option<LocalHit>, RayError> {
        let s = ray.origin.coords;
        let Some((d, inv_m)) = scaled(&ray.dir) else {
            // A ray that does not move hits only if it starts in the ball.
            let inside = s.norm() <= self.radius();
            return Ok(inside.then_some(LocalHit::INSIDE));
        };
        let (radius, max_toi) = (self.radius(), ray.max_toi);
        match enter_ball(&s, &d, radius) {
            Some(c) => Ok(ball_hit(c, &s, &d, inv_m, radius, max_toi, ray.normal)),
            None => gjk::cast_local(&CoreOf(self), self.core_radius(), ray),
        }
    }
}

/// The ray in the frame of a ball at `pose` without its rotation, after the full input
/// check.
fn ball_frame(
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
    normal: bool,
) -> Result<LocalRay, RayError> {
    check_input(pose, ray, max_toi)?;
    Ok(LocalRay {
        origin: Point3::from(ray.origin.coords - pose.translation.vector),
        dir: ray.dir,
        max_toi,
        normal,
    })
}

/// [`RayCast::cast_ray_posed`] for a ball, plainly: the full input check, then the cast
/// in the ball's frame without its rotation, every range handled. The reference
/// [`kernel::cast_ball`] agrees with.
#[cold]
#[inline(never)]
pub(super) fn cast_ball_reference(
    ball: &Ball,
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
    normal: bool,
) -> Result<Option<LocalHit>, RayError> {
    ball.cast_ray_local(&ball_frame(pose, ray, max_toi, normal)?)
}

/// The hit of a ray `s + t d` (with `dir = m d`, `inv_m = 1 / m`) on a ball centred at the
/// origin of `s`: the outward normal is the hit point's direction from the centre (when
/// `normal`; `None` otherwise).
#[inline]
pub(super) fn ball_hit(
    crossing: Crossing,
    s: &Vector3<f64>,
    d: &Vector3<f64>,
    inv_m: f64,
    radius: f64,
    max_toi: f64,
    normal: bool,
) -> Option<LocalHit> {
    match crossing {
        Crossing::Inside => Some(LocalHit::INSIDE),
        Crossing::Miss => None,
        // Plain branches rather than `bool::then` with a closure, which the compiler has
        // been seen to leave out of line.
        Crossing::Enter(t) if t * inv_m <= max_toi => Some(LocalHit {
            toi: t * inv_m,
            normal: if normal {
                Some(surface_normal(&(s + d * t), radius, d))
            } else {
                None
            },
        }),
        Crossing::Enter(_) => None,
    }
}

/// The unit outward normal `p / R` at the point `p` where a ray along `d` enters a ball
/// (or a cylinder's wall, with `d` the ray's radial part) of radius `R` centred at the
/// origin.
///
/// `p` is on the surface to rounding, so `p / R` is unit to a few ulps, except where the
/// ray's own resolution (about `ε |origin|`) is not small next to `R`, or `1 / R`
/// overflows (a zero or subnormal radius): `p` is then off the surface by a fair part of
/// `R`, or rounds to the centre, and `p / R` is too long, too short, zero or NaN (a ray
/// from 5 units away hitting a ball of radius 1e-12: `|p / R| = 1 + 9e-5`; of radius
/// 4.9e-324: NaN). Then [`unresolved_normal`] answers with a unit vector.
#[inline]
pub(super) fn surface_normal(p: &Vector3<f64>, radius: f64, d: &Vector3<f64>) -> Vector3<f64> {
    /// How far from 1 `|p / R|²` may be: a few thousand ulps.
    const UNIT_SLACK: f64 = 1e-12;
    let n = p * (1.0 / radius);
    // NaN fails the test too.
    if (n.norm_squared() - 1.0).abs() <= UNIT_SLACK {
        n
    } else {
        unresolved_normal(p, d)
    }
}

/// The normal of [`surface_normal`] when the hit point is not resolved on the ball: the
/// direction of `p` when it faces the ray (`n · d < 0`, as an entry normal must),
/// otherwise `−d`, the normal where a head-on ray enters.
#[cold]
#[inline(never)]
fn unresolved_normal(p: &Vector3<f64>, d: &Vector3<f64>) -> Vector3<f64> {
    match unit(p) {
        Some(n) if n.dot(d) < 0.0 => n,
        _ => unit(&-d).unwrap_or_else(Vector3::x),
    }
}
