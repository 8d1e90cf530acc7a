//! Posed casts: a world ray moved into a shape's frame, by the pose's quaternion or its
//! rotation matrix, and the hit's normal turned back; with the lazy check of the input
//! (the 14 numbers of the pose, the ray and the cap) that every posed cast makes.

use super::{LocalHit, LocalRay, PosedRay, Ray, RayAnswer, RayCast, RayError};
use crate::shape::all_finite;
use nalgebra::{Isometry3, Matrix3, Point3, UnitQuaternion, Vector3};

/// [`RayCast::cast_ray_posed`]'s provided method: the ray moved into the frame of `pose`
/// by its quaternion ([`cast_in_frame`]).
#[inline(always)]
pub(super) fn cast_in_local_frame<S: RayCast + ?Sized>(
    shape: &S,
    cast: PosedRay<'_>,
) -> Result<Option<LocalHit>, RayError> {
    cast_in_frame(shape, &cast.pose.rotation, cast)
}

/// [`cast_in_local_frame`] with the pose's rotation matrix in place of its quaternion:
/// built once (21 operations), the matrix turns each of the three vectors (start,
/// direction, normal) for 15, where a quaternion takes 27 each. Boxes take it; capsules,
/// cones and hulls ran 2–7 % slower with it on the bench rays, and keep the quaternion.
#[inline(always)]
pub(super) fn cast_in_matrix_frame<S: RayCast + ?Sized>(
    shape: &S,
    cast: PosedRay<'_>,
) -> Result<Option<LocalHit>, RayError> {
    let m = *cast.pose.rotation.to_rotation_matrix().matrix();
    cast_in_frame(shape, &m, cast)
}

/// How a posed cast turns vectors between the world and the shape's frame: by the pose's
/// quaternion or by its rotation matrix.
trait Turn {
    /// `v` (world) in the shape's frame.
    fn local(&self, v: &Vector3<f64>) -> Vector3<f64>;
    /// `v` (shape's frame) in the world.
    fn world(&self, v: &Vector3<f64>) -> Vector3<f64>;
}

impl Turn for UnitQuaternion<f64> {
    #[inline(always)]
    fn local(&self, v: &Vector3<f64>) -> Vector3<f64> {
        self.inverse_transform_vector(v)
    }
    #[inline(always)]
    fn world(&self, v: &Vector3<f64>) -> Vector3<f64> {
        self * v
    }
}

impl Turn for Matrix3<f64> {
    #[inline(always)]
    fn local(&self, v: &Vector3<f64>) -> Vector3<f64> {
        self.tr_mul(v)
    }
    #[inline(always)]
    fn world(&self, v: &Vector3<f64>) -> Vector3<f64> {
        self * v
    }
}

/// The ray moved into the frame of `cast.pose` by `turn` (its rotation, as a quaternion
/// or a matrix), then the local cast `cast.answer` asks for, its normal turned back.
#[inline(always)]
fn cast_in_frame<S: RayCast + ?Sized>(
    shape: &S,
    turn: &impl Turn,
    cast: PosedRay<'_>,
) -> Result<Option<LocalHit>, RayError> {
    let normal = !matches!(cast.answer, RayAnswer::Time);
    // No closure (as `in_local_frame` takes): the compiler left one out of line, and the
    // local cast with it.
    let r = checked_local_ray(
        cast.pose,
        cast.ray,
        cast.max_toi,
        normal,
        turned(turn, cast.pose, cast.ray),
    )?;
    let hit = match cast.answer {
        RayAnswer::Observed(observer) => shape.cast_ray_local_observed(&r, cast.pose, observer),
        _ => shape.cast_ray_local(&r),
    };
    Ok(hit?.map(|hit| LocalHit {
        toi: hit.toi,
        normal: hit.normal.map(|n| turn.world(&n)),
    }))
}

/// [`RayError::NonFinite`] unless the pose and the ray are finite and `max_toi` is not
/// NaN (it may be +∞): the full check, which the casts run only when their cheap
/// aggregate of the input was not finite.
#[cold]
#[inline(never)]
pub(super) fn check_input(pose: &Isometry3<f64>, ray: &Ray, max_toi: f64) -> Result<(), RayError> {
    let vectors = [&ray.origin.coords, &ray.dir, &pose.translation.vector];
    if all_finite(vectors, pose.rotation.coords.into()) && !max_toi.is_nan() {
        Ok(())
    } else {
        Err(RayError::NonFinite)
    }
}

/// Moves the ray into the frame of `pose`, runs `local` and turns the hit's normal back
/// to world coordinates.
#[inline(always)]
pub(super) fn in_local_frame(
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
    normal: bool,
    local: impl FnOnce(&LocalRay) -> Result<Option<LocalHit>, RayError>,
) -> Result<Option<LocalHit>, RayError> {
    let r = local_ray(pose, ray, max_toi, normal)?;
    Ok(local(&r)?.map(|hit| to_world(pose, hit)))
}

/// The ray in the frame of `pose`, its input checked lazily: every one of the 13 input
/// numbers reaches the local start and direction (a non-finite quaternion component
/// makes each rotated vector, even a zero one, non-finite: `0 · ∞` is NaN), so when their
/// sum is finite and `max_toi` is not NaN the input was finite; otherwise [`check_input`]
/// decides (a finite input whose sum overflowed passes).
#[inline(always)]
fn local_ray(
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
    normal: bool,
) -> Result<LocalRay, RayError> {
    checked_local_ray(pose, ray, max_toi, normal, to_local(pose, ray))
}

/// The local ray `(origin, dir)` (the world `ray` turned into the frame of `pose` by its
/// quaternion or its rotation matrix), its input checked lazily as [`local_ray`] says:
/// a non-finite quaternion component makes some matrix entry non-finite too, and every
/// entry multiplies a coordinate of the start and of the direction.
#[inline(always)]
fn checked_local_ray(
    pose: &Isometry3<f64>,
    ray: &Ray,
    max_toi: f64,
    normal: bool,
    (origin, dir): (Point3<f64>, Vector3<f64>),
) -> Result<LocalRay, RayError> {
    let sum = origin.x + origin.y + origin.z + dir.x + dir.y + dir.z;
    if !sum.is_finite() || max_toi.is_nan() {
        check_input(pose, ray, max_toi)?;
    }
    Ok(LocalRay {
        origin,
        dir,
        max_toi,
        normal,
    })
}

/// A hit in the frame of `pose`, its normal turned to world coordinates.
#[inline(always)]
fn to_world(pose: &Isometry3<f64>, hit: LocalHit) -> LocalHit {
    LocalHit {
        toi: hit.toi,
        normal: hit.normal.map(|n| pose.rotation * n),
    }
}

/// The ray's start and direction in the frame of `pose`, by its quaternion. (Tried and
/// dropped: both turned in one pass, each step on a two-lane pair of their coordinates;
/// the compiler made the same instructions.)
#[inline]
fn to_local(pose: &Isometry3<f64>, ray: &Ray) -> (Point3<f64>, Vector3<f64>) {
    turned(&pose.rotation, pose, ray)
}

/// The ray's start and direction in the frame of `pose`, turned by `turn`.
#[inline(always)]
fn turned(turn: &impl Turn, pose: &Isometry3<f64>, ray: &Ray) -> (Point3<f64>, Vector3<f64>) {
    // Subtracting the translation first so large offsets cancel exactly.
    let start = ray.origin.coords - pose.translation.vector;
    (Point3::from(turn.local(&start)), turn.local(&ray.dir))
}
