//! Ray casts against any support-mapped shape.
//!
//! [`cast_ray`] dispatches statically through [`RayCast`]: balls (`sphere.rs`), boxes
//! (`slab.rs`), capsules (`capsule.rs`), cylinders (`cylinder.rs`) and cones (`cone.rs`)
//! have closed forms, and solid hulls of at most [`CLIP_MAX_FACES`] faces clip the ray by
//! their face planes (`polyhedron.rs`);
//! every other shape uses the generic GJK ray cast of van den Bergen (2004) in `gjk.rs`,
//! which is also available for any shape as [`cast_ray_gjk`] (the tests' independent
//! reference for the closed forms). [`cast_ray_toi`] answers with the hit parameter
//! alone, for callers that do not need the point and normal (line of sight, sweeps):
//! the same cast with the normal left uncomputed, the same parameter bit for bit.
//!
//! A posed cast moves the ray into the shape's frame and turns the hit's normal back
//! (`frame.rs`; a ball needs only the translation). The input (14 numbers: the pose, the
//! ray and the cap) is checked lazily: a cast first works on the numbers it needs, and
//! only when an aggregate of them is not finite (or, for a ball, beyond the range where
//! its arithmetic cannot under- or overflow) runs the full check and the careful path
//! (`kernel.rs`, with the reference it must agree with).

mod capsule;
mod cone;
mod cylinder;
mod frame;
mod gjk;
mod kernel;
mod polyhedron;
mod shapes;
mod slab;
mod sphere;

pub use crate::observer::{RayStep, RayStepRecord};
pub use gjk::STALL_RELATIVE as GJK_RAY_ACCURACY;
pub use polyhedron::CLIP_MAX_FACES;

use crate::observer::{Observer, RayClosedForm, RayShape, Shortcut};
use crate::options::QueryOptions;
use crate::shape::{CoreOf, SupportMap, all_finite, unit};
use frame::{cast_in_local_frame, cast_in_matrix_frame, check_input, in_local_frame};
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
    #[inline]
    pub fn new(origin: Point3<f64>, dir: Vector3<f64>) -> Ray {
        Ray { origin, dir }
    }

    /// `origin + t · dir`.
    #[must_use]
    #[inline]
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

impl RayHit {
    /// Whether every number is finite. The ray casts never return a hit that is not: a hit
    /// beyond `f64`'s range is [`RayError::NonFinite`] instead.
    #[must_use]
    pub fn is_finite(&self) -> bool {
        all_finite([&self.point.coords, &self.normal], [self.toi])
    }
}

/// Why a ray cast has no answer.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum RayError {
    /// The pose, the ray or a support point was NaN or infinite, or the hit lies beyond
    /// `f64`'s range in units of `dir` (a direction so short, such as a subnormal one,
    /// that `toi` or the hit point overflows).
    #[error(
        "ray cast met a non-finite pose, ray or support point, or a hit beyond f64's range in units of the ray direction"
    )]
    NonFinite,
    /// The iteration cap was reached, or f64 could make no further progress while the ray
    /// point was still farther from the shape than the stall tolerance; `toi` is a lower
    /// bound on the hit parameter, if any.
    #[error("GJK ray cast did not converge within {iterations} iterations (toi ≥ {toi})")]
    DidNotConverge {
        /// Iterations made.
        iterations: u32,
        /// The ray parameter reached, a lower bound on any hit.
        toi: f64,
    },
}

/// Iteration cap of the GJK ray cast. Polytopes need a handful; curved surfaces converge
/// linearly near grazing hits and use a few dozen.
pub const MAX_RAY_ITERATIONS: u32 = 256;

/// Where a ray enters a shape, in the shape's local frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LocalHit {
    /// Ray parameter of the hit (0 when the ray starts inside or on the shape).
    pub toi: f64,
    /// Unit outward normal at the hit, local frame; `None` when the ray starts inside (no
    /// surface was crossed) or when the caller asked for the parameter alone
    /// ([`LocalRay::normal`]).
    pub normal: Option<Vector3<f64>>,
}

impl LocalHit {
    /// The answer for a ray that starts inside or on the shape.
    pub const INSIDE: LocalHit = LocalHit {
        toi: 0.0,
        normal: None,
    };
}

/// A ray `origin + t · dir`, `0 ≤ t ≤ max_toi`, in a shape's local frame (finite), as the
/// local casts take it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LocalRay {
    /// Start point.
    pub origin: Point3<f64>,
    /// Direction (any length).
    pub dir: Vector3<f64>,
    /// The largest parameter looked at (not NaN; may be `+∞`).
    pub max_toi: f64,
    /// Whether the caller wants the normal: when `false`, the closed forms leave it out
    /// (`None`); the parameter is the same bit for bit.
    pub normal: bool,
}

/// Shapes a ray can be cast against.
///
/// The provided methods are the generic GJK ray cast on the shape's core and radius
/// ([`SupportMap::core_radius`]); shapes with a closed form override
/// [`Self::cast_ray_local`] and name it in [`Self::ray_closed_form`]. [`crate::Shape`]
/// dispatches by `match`, so no call is dynamic.
pub trait RayCast: SupportMap {
    /// The first point where `ray` (local frame) meets the shape.
    ///
    /// # Errors
    /// [`RayError`] when the GJK ray cast meets a non-finite support point or reaches
    /// its iteration cap.
    #[inline]
    fn cast_ray_local(&self, ray: &LocalRay) -> Result<Option<LocalHit>, RayError> {
        gjk::cast_local(&CoreOf(self), self.core_radius(), ray)
    }

    /// The closed form [`Self::cast_ray_local`] answers with, as the observer is told of
    /// it; `None` for the GJK ray cast.
    #[inline]
    fn ray_closed_form(&self) -> Option<RayShape> {
        None
    }

    /// [`Self::cast_ray_local`], reporting to `observer` the GJK ray cast's iterations
    /// ([`Observer::ray_step`]) or the closed form ([`Observer::shortcut`]), with the same
    /// answer bit for bit. `pose`, the shape's world pose, is passed on to the observer
    /// only.
    ///
    /// # Errors
    /// As [`Self::cast_ray_local`].
    fn cast_ray_local_observed(
        &self,
        ray: &LocalRay,
        pose: &Isometry3<f64>,
        observer: &mut dyn Observer,
    ) -> Result<Option<LocalHit>, RayError> {
        match self.ray_closed_form() {
            Some(shape) => {
                let hit = self.cast_ray_local(ray);
                report_closed_form(shape, hit, ray, pose, observer)
            }
            None => {
                let (core, radius) = (CoreOf(self), self.core_radius());
                gjk::cast_local_observed(&core, radius, ray, pose, observer)
            }
        }
    }

    /// [`cast_ray`]'s hit with its normal in world coordinates (`None` for a ray starting
    /// inside, or for [`RayAnswer::Time`]); its point is not formed. The input is checked
    /// here. The provided method moves the ray into the shape's frame and calls
    /// [`Self::cast_ray_local`] (or [`Self::cast_ray_local_observed`]); balls skip the
    /// rotation, and boxes turn the ray by the pose's rotation matrix.
    ///
    /// # Errors
    /// [`RayError::NonFinite`] for non-finite input; otherwise as
    /// [`Self::cast_ray_local`].
    #[inline(always)]
    fn cast_ray_posed(&self, cast: PosedRay<'_>) -> Result<Option<LocalHit>, RayError> {
        cast_in_local_frame(self, cast)
    }
}

/// The input of a posed ray cast ([`RayCast::cast_ray_posed`]): a world ray against the
/// shape at `pose`, and what to answer.
pub struct PosedRay<'a> {
    /// The shape's world pose.
    pub pose: &'a Isometry3<f64>,
    /// The ray, world coordinates.
    pub ray: &'a Ray,
    /// The largest ray parameter looked at.
    pub max_toi: f64,
    /// What to answer with, and whom to tell.
    pub answer: RayAnswer<'a>,
}

/// What a posed ray cast ([`RayCast::cast_ray_posed`]) answers with, and whom it tells.
pub enum RayAnswer<'o> {
    /// The hit parameter alone: the normal is left out.
    Time,
    /// The hit parameter and the normal.
    Hit,
    /// The hit parameter and the normal, the cast reported to the observer.
    Observed(&'o mut dyn Observer),
}

/// `hit`, a closed form's answer for `ray` (local frame of `pose`), after telling
/// `observer` about it ([`Shortcut::Ray`]) when it is an answer.
pub(crate) fn report_closed_form(
    shape: RayShape,
    hit: Result<Option<LocalHit>, RayError>,
    ray: &LocalRay,
    pose: &Isometry3<f64>,
    observer: &mut dyn Observer,
) -> Result<Option<LocalHit>, RayError> {
    if let Ok(h) = &hit {
        observer.shortcut(&Shortcut::Ray(RayClosedForm {
            shape,
            pose: *pose,
            origin: ray.origin,
            dir: ray.dir,
            max_toi: ray.max_toi,
            toi: h.map(|h| h.toi),
            normal: h.and_then(|h| h.normal),
        }));
    }
    hit
}

/// The first point where `ray` meets `shape` at `pose`, if at most `max_toi` along it.
///
/// Closed forms for balls, boxes, capsules, cylinders and cones, the face planes of hulls
/// with at most [`CLIP_MAX_FACES`] faces; the GJK ray cast otherwise.
///
/// # Errors
/// [`RayError`] on non-finite input, or when the iteration cap was reached (never turned
/// into a miss or a hit).
#[inline]
pub fn cast_ray<S: RayCast + ?Sized>(
    shape: &S,
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
) -> Result<Option<RayHit>, RayError> {
    let hit = shape.cast_ray_posed(posed(pose, ray, max_toi, RayAnswer::Hit))?;
    hit.map(|hit| world_hit(ray, hit.toi, hit.normal))
        .transpose()
}

/// The parameter `t` at which `ray` first meets `shape` at `pose`, if at most `max_toi`:
/// [`cast_ray`]'s `toi` without the hit point and normal, for callers that need only
/// the time (visibility, line of sight, sweeps). The same hits and misses, the same `t`
/// bit for bit, the same errors.
///
/// # Errors
/// As [`cast_ray`].
#[inline]
pub fn cast_ray_toi<S: RayCast + ?Sized>(
    shape: &S,
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
) -> Result<Option<f64>, RayError> {
    let hit = shape.cast_ray_posed(posed(pose, ray, max_toi, RayAnswer::Time))?;
    hit.map(|hit| world_toi(ray, hit.toi)).transpose()
}

/// As [`cast_ray`], always with the generic GJK ray cast on the shape's core and radius
/// (van den Bergen 2004, §5.5), even for shapes that have a closed form.
///
/// # Errors
/// As [`cast_ray`].
pub fn cast_ray_gjk<S: SupportMap + ?Sized>(
    shape: &S,
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
) -> Result<Option<RayHit>, RayError> {
    let (core, radius) = (CoreOf(shape), shape.core_radius());
    let hit = in_local_frame(pose, ray, max_toi, true, |r| {
        gjk::cast_local(&core, radius, r)
    })?;
    hit.map(|hit| world_hit(ray, hit.toi, hit.normal))
        .transpose()
}

/// [`cast_ray`] with its options: ray casts have no configuration (`config` is `()`)
/// and no warm start (`cache` is ignored), so the option is the observer, which sees each
/// iteration of the GJK ray cast (see [`RayStep`]) or the closed form that answered
/// ([`Shortcut::Ray`]: balls, boxes, capsules, cylinders, cones and hulls of few faces).
/// The cast takes the path [`cast_ray`] takes and its answer is [`cast_ray`]'s, bit for
/// bit; with the no-op observer `()` it is [`cast_ray`].
///
/// # Errors
/// As [`cast_ray`].
pub fn cast_ray_with<S, O>(
    shape: &S,
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
    options: QueryOptions<'_, (), O>,
) -> Result<Option<RayHit>, RayError>
where
    S: RayCast + ?Sized,
    O: Observer,
{
    let mut observer = options.observer;
    if !observer.is_active() {
        return cast_ray(shape, pose, ray, max_toi);
    }
    let answer = RayAnswer::Observed(&mut observer);
    let hit = shape.cast_ray_posed(posed(pose, ray, max_toi, answer))?;
    hit.map(|hit| world_hit(ray, hit.toi, hit.normal))
        .transpose()
}

/// The posed cast of `ray` against a shape at `pose`.
#[inline(always)]
fn posed<'a>(
    pose: &'a Isometry3<f64>,
    ray: &'a Ray,
    max_toi: f64,
    answer: RayAnswer<'a>,
) -> PosedRay<'a> {
    PosedRay {
        pose,
        ray,
        max_toi,
        answer,
    }
}

/// `toi` when the hit point `origin + toi · dir` is finite, as [`world_hit`] requires.
///
/// # Errors
/// [`RayError::NonFinite`] otherwise (see [`world_hit`]).
#[inline]
fn world_toi(ray: &Ray, toi: f64) -> Result<f64, RayError> {
    let point = ray.point_at(toi);
    if point.x * 0.0 + point.y * 0.0 + point.z * 0.0 != 0.0 {
        return Err(RayError::NonFinite);
    }
    Ok(toi)
}

/// The world hit at `toi` with world normal `normal`, or `−dir` normalised for a ray
/// starting inside; every ray cast's hit is made here.
///
/// # Errors
/// [`RayError::NonFinite`] for a hit whose parameter or point is not finite: `toi` is
/// in units of `dir`, so a hit at distance `s` along a direction of length `4.9e-324`
/// (the smallest subnormal) lies at `t = s / 4.9e-324 ≈ 2e323 s`, beyond `f64::MAX` as
/// soon as `s > 1e-15`, and its point `origin + t dir` then has `0 · ∞ = NaN`
/// coordinates. Such a hit exists but cannot be written; with a finite `max_toi` it is
/// past the cap and the answer is a miss instead. (Checked here, on values still in
/// registers, rather than on the returned `Result`, which costs a ball ray a third more.)
#[inline]
fn world_hit(ray: &Ray, toi: f64, normal: Option<Vector3<f64>>) -> Result<RayHit, RayError> {
    // `x · 0` is ±0 for finite `x` and NaN otherwise (see `check_input`). The point is
    // enough: a non-finite `toi` makes a coordinate ±∞ (`dir` nonzero there) or NaN
    // (`0 · ∞`), and a ray with `dir = 0` only hits at `toi = 0`.
    world_toi(ray, toi)?;
    let point = ray.point_at(toi);
    Ok(RayHit {
        toi,
        point,
        normal: normal.unwrap_or_else(|| unit(&-ray.dir).unwrap_or_else(Vector3::x)),
    })
}
