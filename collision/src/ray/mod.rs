//! Ray casts against any support-mapped shape.
//!
//! [`cast_ray`] dispatches statically through [`RayCast`]: balls (`sphere.rs`), boxes
//! (`slab.rs`), capsules (`capsule.rs`), cylinders (`cylinder.rs`) and cones (`cone.rs`)
//! have closed forms;
//! every other shape uses the generic GJK ray cast of van den Bergen (2004) in `gjk.rs`,
//! which is also available for any shape as [`cast_ray_gjk`] (the tests' independent
//! reference for the closed forms). [`cast_ray_toi`] answers with the hit parameter
//! alone, for callers that do not need the point and normal (line of sight, sweeps):
//! the same cast with the normal left uncomputed, the same parameter bit for bit.

mod capsule;
mod cone;
mod cylinder;
mod gjk;
mod shapes;
mod slab;
mod sphere;
mod step;

pub use gjk::STALL_RELATIVE as GJK_RAY_ACCURACY;
pub use step::{RayStep, RayStepRecord};

use crate::observer::{Observer, RayClosedForm, RayShape, Shortcut};
use crate::options::QueryOptions;
use crate::shape::{Core, SupportMap, all_finite, unit};
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
    /// surface was crossed).
    pub normal: Option<Vector3<f64>>,
}

/// Shapes a ray can be cast against, in their local frame.
///
/// The provided method is the generic GJK ray cast on the shape's core and radius
/// ([`SupportMap::core_radius`]); shapes with a closed form override it. [`crate::Shape`] dispatches
/// by `match`, so no call is dynamic.
pub trait RayCast: SupportMap {
    /// The first point where the ray `origin + t · dir` (local frame, finite) meets the
    /// shape with `0 ≤ t ≤ max_toi`.
    ///
    /// # Errors
    /// [`RayError`] when the GJK ray cast meets a non-finite support point or reaches
    /// its iteration cap.
    #[inline]
    fn cast_ray_local(
        &self,
        origin: &Point3<f64>,
        dir: &Vector3<f64>,
        max_toi: f64,
    ) -> Result<Option<LocalHit>, RayError> {
        let (core, radius) = (Core(self), self.core_radius());
        gjk::cast_local(&core, radius, origin, dir, max_toi)
    }

    /// As [`cast_ray`] without its input check (`pose`, `ray` finite, `max_toi` not NaN).
    /// The provided method moves the ray into the shape's frame and calls
    /// [`Self::cast_ray_local`]; rotation-invariant shapes (balls) skip the rotation.
    ///
    /// # Errors
    /// As [`Self::cast_ray_local`].
    #[inline]
    fn cast_ray_posed(
        &self,
        pose: &Isometry3<f64>,
        ray: &Ray,
        max_toi: f64,
    ) -> Result<Option<RayHit>, RayError> {
        in_local_frame(pose, ray, |s, r| self.cast_ray_local(s, r, max_toi))
    }

    /// As [`Self::cast_ray_posed`], the hit parameter alone. The provided method runs
    /// the same local cast and drops the normal; where the closed form is inlined, the
    /// normal (and its rotation back to world) is then never computed.
    ///
    /// # Errors
    /// As [`Self::cast_ray_local`].
    #[inline]
    fn cast_ray_toi_posed(
        &self,
        pose: &Isometry3<f64>,
        ray: &Ray,
        max_toi: f64,
    ) -> Result<Option<f64>, RayError> {
        toi_in_local_frame(pose, ray, |s, r| self.cast_ray_local(s, r, max_toi))
    }

    /// [`Self::cast_ray_local`], reporting to `observer`: the GJK ray cast's iterations
    /// ([`Observer::ray_step`]), or the closed form ([`Observer::shortcut`]). `pose`, the
    /// shape's world pose, is passed on to the observer only. A shape that overrides
    /// [`Self::cast_ray_local`] overrides this too, with the same computation, so that
    /// the observed cast answers as the plain one, bit for bit.
    ///
    /// # Errors
    /// As [`Self::cast_ray_local`].
    fn cast_ray_local_observed(
        &self,
        origin: &Point3<f64>,
        dir: &Vector3<f64>,
        max_toi: f64,
        pose: &Isometry3<f64>,
        observer: &mut dyn Observer,
    ) -> Result<Option<LocalHit>, RayError> {
        let (core, radius) = (Core(self), self.core_radius());
        gjk::cast_local_observed(&core, radius, origin, dir, max_toi, pose, observer)
    }

    /// [`Self::cast_ray_posed`], reporting to `observer` (see
    /// [`Self::cast_ray_local_observed`]). A shape that overrides
    /// [`Self::cast_ray_posed`] overrides this too.
    ///
    /// # Errors
    /// As [`Self::cast_ray_local`].
    fn cast_ray_posed_observed(
        &self,
        pose: &Isometry3<f64>,
        ray: &Ray,
        max_toi: f64,
        observer: &mut dyn Observer,
    ) -> Result<Option<RayHit>, RayError> {
        in_local_frame(pose, ray, |s, r| {
            self.cast_ray_local_observed(s, r, max_toi, pose, observer)
        })
    }
}

/// `hit`, a closed form's answer for the ray `origin + t dir` (local frame of `pose`), after
/// telling `observer` about it ([`Shortcut::Ray`]) when it is an answer.
pub(crate) fn report_closed_form(
    shape: RayShape,
    hit: Result<Option<LocalHit>, RayError>,
    (origin, dir, max_toi): (&Point3<f64>, &Vector3<f64>, f64),
    pose: &Isometry3<f64>,
    observer: &mut dyn Observer,
) -> Result<Option<LocalHit>, RayError> {
    if let Ok(h) = &hit {
        observer.shortcut(&Shortcut::Ray(RayClosedForm {
            shape,
            pose: *pose,
            origin: *origin,
            dir: *dir,
            max_toi,
            toi: h.map(|h| h.toi),
            normal: h.and_then(|h| h.normal),
        }));
    }
    hit
}

/// The first point where `ray` meets `shape` at `pose`, if at most `max_toi` along it.
///
/// Closed forms for balls, boxes, capsules, cylinders and cones; the GJK ray cast
/// otherwise.
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
    check_input(pose, ray, max_toi)?;
    shape.cast_ray_posed(pose, ray, max_toi)
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
    check_input(pose, ray, max_toi)?;
    shape.cast_ray_toi_posed(pose, ray, max_toi)
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
    check_input(pose, ray, max_toi)?;
    let (core, radius) = (Core(shape), shape.core_radius());
    in_local_frame(pose, ray, |s, r| {
        gjk::cast_local(&core, radius, s, r, max_toi)
    })
}

/// [`cast_ray`] with its options: ray casts have no configuration (`config` is `()`)
/// and no warm start (`cache` is ignored), so the option is the observer, which sees each
/// iteration of the GJK ray cast (see [`RayStep`]) or the closed form that answered
/// ([`Shortcut::Ray`]: balls, boxes, capsules, cylinders and cones). The cast takes the
/// path [`cast_ray`] takes and its answer is [`cast_ray`]'s, bit for bit; with the no-op
/// observer `()` it is [`cast_ray`].
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
    check_input(pose, ray, max_toi)?;
    shape.cast_ray_posed_observed(pose, ray, max_toi, &mut observer)
}

/// [`RayError::NonFinite`] unless the pose and the ray are finite and `max_toi` is not
/// NaN (it may be +∞).
#[inline]
fn check_input(pose: &Isometry3<f64>, ray: &Ray, max_toi: f64) -> Result<(), RayError> {
    // `0 · x` is ±0 for finite `x` and NaN for ±∞ or NaN, so one branch checks all 13
    // numbers.
    let zero = |v: &Vector3<f64>| v.x * 0.0 + v.y * 0.0 + v.z * 0.0;
    let q = pose.rotation.coords;
    let all = zero(&ray.origin.coords)
        + zero(&ray.dir)
        + zero(&pose.translation.vector)
        + zero(&q.xyz())
        + q.w * 0.0;
    if all == 0.0 && !max_toi.is_nan() {
        Ok(())
    } else {
        Err(RayError::NonFinite)
    }
}

/// Moves the ray into the frame of `pose`, runs `local` and maps the hit back to world
/// coordinates.
#[inline]
fn in_local_frame(
    pose: &Isometry3<f64>,
    ray: &Ray,
    local: impl FnOnce(&Point3<f64>, &Vector3<f64>) -> Result<Option<LocalHit>, RayError>,
) -> Result<Option<RayHit>, RayError> {
    let (s, r) = to_local(pose, ray);
    local(&s, &r)?
        .map(|hit| world_hit(ray, hit.toi, hit.normal.map(|n| pose.rotation * n)))
        .transpose()
}

/// The ray's start and direction in the frame of `pose`.
#[inline]
fn to_local(pose: &Isometry3<f64>, ray: &Ray) -> (Point3<f64>, Vector3<f64>) {
    // Subtracting the translation first so large offsets cancel exactly.
    let s = Point3::from(
        pose.rotation
            .inverse_transform_vector(&(ray.origin.coords - pose.translation.vector)),
    );
    (s, pose.rotation.inverse_transform_vector(&ray.dir))
}

/// [`in_local_frame`] for the hit parameter alone: the normal is neither rotated nor
/// kept.
#[inline]
fn toi_in_local_frame(
    pose: &Isometry3<f64>,
    ray: &Ray,
    local: impl FnOnce(&Point3<f64>, &Vector3<f64>) -> Result<Option<LocalHit>, RayError>,
) -> Result<Option<f64>, RayError> {
    let (s, r) = to_local(pose, ray);
    local(&s, &r)?
        .map(|hit| world_toi(ray, hit.toi))
        .transpose()
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
