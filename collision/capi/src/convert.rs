//! Reading the caller's arguments: null checks, finite numbers, poses and motions.
//!
//! Each reader names the argument in its error, so that the message says which one was
//! wrong (`pose_b.orientation`, `half_extents[1]`).

use crate::status::{CollStatus, Error};
use crate::types::{CollMotion, CollPose};
use collision::Motion;
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};
use std::mem::{MaybeUninit, align_of, offset_of, size_of};

/// How far a quaternion's norm may be from 1 before it is rejected rather than
/// normalized, as in the fixture format: `| |q| − 1 | ≤ 1e-3`. (A quaternion that is
/// unit to rounding, `| |q|² − 1 | ≤ 8 ε`, is used as given.)
pub const COLL_QUATERNION_NORM_TOLERANCE: f64 = 1e-3;

/// `NullPointer` naming `name`.
#[cold]
pub fn null(name: &str) -> Error {
    Error::new(
        CollStatus::NullPointer,
        format!("argument `{name}` is null"),
    )
}

/// The value `pointer` points at.
///
/// # Errors
/// `NullPointer` for a null `pointer`.
///
/// # Safety
/// `pointer` must be null or point to a valid, aligned `T` for `'a`.
#[inline]
pub unsafe fn read<'a, T>(pointer: *const T, name: &str) -> Result<&'a T, Error> {
    // SAFETY: the caller's promise: null (refused here) or a valid `T` for `'a`.
    unsafe { pointer.as_ref() }.ok_or_else(|| null(name))
}

/// Checks that an output pointer is not null.
///
/// # Errors
/// `NullPointer` for a null `pointer`.
#[inline]
pub fn output<T>(pointer: *mut T, name: &str) -> Result<*mut T, Error> {
    if pointer.is_null() {
        Err(null(name))
    } else {
        Ok(pointer)
    }
}

/// Writes `value` to the output `pointer` (checked not null by [`output`]).
///
/// # Safety
/// `pointer` must be valid and aligned for writing a `T`; it need not be initialised.
#[inline]
pub unsafe fn write<T>(pointer: *mut T, value: T) {
    // SAFETY: the caller's promise; `write` does not read or drop the old contents.
    unsafe { pointer.write(value) }
}

/// `value` when it is finite.
///
/// # Errors
/// `NonFinite` naming `name`.
pub fn finite(value: f64, name: &str) -> Result<f64, Error> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(Error::new(
            CollStatus::NonFinite,
            format!("`{name}` is {value}, not a finite number"),
        ))
    }
}

/// `value` when it is finite and not negative (a radius, half-extent or margin).
///
/// # Errors
/// `NonFinite` or `InvalidArgument` naming `name`.
pub fn length(value: f64, name: &str) -> Result<f64, Error> {
    if finite(value, name)? >= 0.0 {
        Ok(value)
    } else {
        Err(Error::new(
            CollStatus::InvalidArgument,
            format!("`{name}` is {value}; it must not be negative"),
        ))
    }
}

/// Three finite coordinates as a vector.
///
/// # Errors
/// `NonFinite` naming the first bad coordinate.
pub fn vector(xyz: &[f64; 3], name: &str) -> Result<Vector3<f64>, Error> {
    all_finite(xyz, |k| format!("{name}[{k}]"))?;
    Ok(Vector3::from(*xyz))
}

/// `Ok` when every value is finite, else `NonFinite` naming the first bad one by
/// `name(index)`. The name is only formatted on failure: the checks run on every query,
/// and formatting the names of a pose's seven numbers cost more than the query.
pub fn all_finite(values: &[f64], name: impl Fn(usize) -> String) -> Result<(), Error> {
    match values.iter().position(|c| !c.is_finite()) {
        None => Ok(()),
        Some(k) => finite(values[k], &name(k)).map(|_| ()),
    }
}

/// The three coordinates `pointer` points at, each finite.
///
/// # Errors
/// `NullPointer` or `NonFinite` naming `name`.
///
/// # Safety
/// `pointer` must be null or point to three readable `double`s.
pub unsafe fn vector_at(pointer: *const f64, name: &str) -> Result<Vector3<f64>, Error> {
    // SAFETY: the caller's promise: null (refused) or three readable, aligned doubles.
    let xyz = unsafe { read(pointer.cast::<[f64; 3]>(), name) }?;
    vector(xyz, name)
}

/// As [`vector_at`], as a point.
///
/// # Errors
/// As [`vector_at`].
///
/// # Safety
/// As [`vector_at`].
pub unsafe fn point_at(pointer: *const f64, name: &str) -> Result<Point3<f64>, Error> {
    // SAFETY: the caller's promise, passed on.
    unsafe { vector_at(pointer, name) }.map(Point3::from)
}

/// How far the squared norm of a quaternion that is unit to rounding may be from 1: its
/// four components each carry a relative rounding error of at most `ε/2` and the sum of
/// squares adds four more roundings, so a quaternion normalized in `double` has
/// `| |q|² − 1 | ≤ 4ε`; twice that leaves room for a normalization done in other steps.
/// Such a quaternion is used as given: dividing by its norm would move each component by
/// an ulp at most, and rotate points by a relative `4ε`.
const UNIT_ROUNDING: f64 = 8.0 * f64::EPSILON;

// `CollPose` is laid out as `Isometry3<f64>` (both `repr(C)`: the quaternion's
// coordinates `[x, y, z, w]`, then the translation), so that a pose can be read in place.
const _: () = {
    assert!(size_of::<CollPose>() == size_of::<Isometry3<f64>>());
    assert!(align_of::<CollPose>() == align_of::<Isometry3<f64>>());
    assert!(offset_of!(CollPose, orientation) == offset_of!(Isometry3<f64>, rotation));
    assert!(offset_of!(CollPose, position) == offset_of!(Isometry3<f64>, translation));
};

/// The rigid transform of a [`CollPose`]: its quaternion `(x, y, z, w)` used as given
/// when it is unit to rounding ([`UNIT_ROUNDING`]), divided by its norm (as nalgebra's
/// `UnitQuaternion::from_quaternion` does) when the norm is within
/// [`COLL_QUATERNION_NORM_TOLERANCE`] of 1, refused otherwise.
///
/// # Errors
/// As [`checked_pose`].
#[inline(always)]
pub fn pose(pose: &CollPose, name: &str) -> Result<Isometry3<f64>, Error> {
    let mut room = MaybeUninit::uninit();
    pose_in_place(pose, name, &mut room).copied()
}

/// [`pose`] without a copy where none is needed: the caller's own pose, read as the
/// `Isometry3<f64>` it is laid out as, when its quaternion is unit to rounding (an
/// engine's, or one normalized by the caller); else the normalized pose, written to
/// `room`.
///
/// Every query reads two poses, so the common case is kept short: finite numbers and a
/// squared norm within 1e-3 of 1 (a norm within 5e-4 of 1) are accepted after one dot
/// product, and nothing is copied, square-rooted or divided for a unit quaternion.
/// Anything else goes to [`checked_pose`], which decides and says what is wrong. A NaN
/// or infinite component makes the squared norm NaN or infinite, so it fails the first
/// test.
///
/// # Errors
/// As [`checked_pose`].
#[inline(always)]
pub fn pose_in_place<'a>(
    pose: &'a CollPose,
    name: &str,
    room: &'a mut MaybeUninit<Isometry3<f64>>,
) -> Result<&'a Isometry3<f64>, Error> {
    let [x, y, z, w] = pose.orientation;
    let quaternion = Quaternion::new(w, x, y, z);
    let off_unit = (quaternion.norm_squared() - 1.0).abs();
    if !(off_unit <= COLL_QUATERNION_NORM_TOLERANCE && pose.position.iter().all(|c| c.is_finite()))
    {
        return Ok(room.write(checked_pose(pose, name)?));
    }
    if off_unit <= UNIT_ROUNDING {
        // SAFETY: both types are `repr(C)` with the same size, alignment and field
        // offsets (asserted above), every bit pattern of their doubles is valid, and the
        // quaternion is unit to rounding, as a `UnitQuaternion` promises.
        return Ok(unsafe { &*std::ptr::from_ref(pose).cast::<Isometry3<f64>>() });
    }
    Ok(room.write(Isometry3::from_parts(
        Translation3::from(pose.position),
        UnitQuaternion::from_quaternion(quaternion),
    )))
}

/// `quaternion`, whose squared norm is `1 ± off_unit`, as a unit quaternion: as it is
/// when it is unit to rounding, else divided by its norm.
fn unit(quaternion: Quaternion<f64>, off_unit: f64) -> UnitQuaternion<f64> {
    if off_unit <= UNIT_ROUNDING {
        UnitQuaternion::new_unchecked(quaternion)
    } else {
        UnitQuaternion::from_quaternion(quaternion)
    }
}

/// [`pose`] with every check spelled out, one after the other: the reference the short
/// path is tested against, and the path that names what is wrong.
///
/// # Errors
/// `NonFinite` for a NaN or infinite component, `InvalidQuaternion` for a norm further
/// from 1 than [`COLL_QUATERNION_NORM_TOLERANCE`] (a zero quaternion included).
#[cold]
#[inline(never)]
pub fn checked_pose(pose: &CollPose, name: &str) -> Result<Isometry3<f64>, Error> {
    all_finite(&pose.position, |k| format!("{name}.position[{k}]"))?;
    let q = &pose.orientation;
    all_finite(q, |k| format!("{name}.orientation[{k}]"))?;
    let position = Vector3::from(pose.position);
    let quaternion = Quaternion::new(q[3], q[0], q[1], q[2]);
    let norm = quaternion.norm();
    // The components are finite, so the norm is finite or +inf, never NaN.
    if (norm - 1.0).abs() > COLL_QUATERNION_NORM_TOLERANCE {
        return Err(Error::new(
            CollStatus::InvalidQuaternion,
            format!(
                "`{name}.orientation` has norm {norm}, not within {COLL_QUATERNION_NORM_TOLERANCE} of 1 \
                 (components x, y, z, w)"
            ),
        ));
    }
    let off_unit = (quaternion.norm_squared() - 1.0).abs();
    Ok(Isometry3::from_parts(
        Translation3::from(position),
        unit(quaternion, off_unit),
    ))
}

/// The pose `pointer` points at (see [`pose_in_place`]).
///
/// # Errors
/// `NullPointer`, or as [`pose`].
///
/// # Safety
/// `pointer` must be null or point to a valid [`CollPose`] for `'a`.
#[inline(always)]
pub unsafe fn pose_at<'a>(
    pointer: *const CollPose,
    name: &str,
    room: &'a mut MaybeUninit<Isometry3<f64>>,
) -> Result<&'a Isometry3<f64>, Error> {
    // SAFETY: the caller's promise, passed on.
    pose_in_place(unsafe { read(pointer, name) }?, name, room)
}

/// The [`Motion`] a [`CollMotion`] describes.
///
/// # Errors
/// As [`pose`] and [`vector`], naming the field.
pub fn convert_motion(motion: &CollMotion, name: &str) -> Result<Motion, Error> {
    let pose = pose(&motion.pose, name)?;
    all_finite(&motion.linear_velocity, |k| {
        format!("{name}.linear_velocity[{k}]")
    })?;
    all_finite(&motion.angular_velocity, |k| {
        format!("{name}.angular_velocity[{k}]")
    })?;
    all_finite(&motion.local_center, |k| {
        format!("{name}.local_center[{k}]")
    })?;
    Ok(Motion::new(
        pose,
        Vector3::from(motion.linear_velocity),
        Vector3::from(motion.angular_velocity),
    )
    .with_local_center(Point3::from(motion.local_center)))
}

/// A count of items the caller's array holds, as a length that fits the address space
/// for items of `item_size` bytes.
///
/// # Errors
/// `WrongCount` for a count whose array could not exist.
pub fn count(count: usize, item_size: usize, name: &str) -> Result<usize, Error> {
    if count
        .checked_mul(item_size)
        .is_some_and(|bytes| bytes <= isize::MAX as usize)
    {
        Ok(count)
    } else {
        Err(Error::new(
            CollStatus::WrongCount,
            format!("`{name}` is {count}, more items than any array can hold"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{COLL_QUATERNION_NORM_TOLERANCE, checked_pose, pose};
    use crate::types::CollPose;
    use nalgebra::{Quaternion, UnitQuaternion, Vector3};

    /// A 64-bit LCG in [0, 1).
    fn next(state: &mut u64) -> f64 {
        *state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (*state >> 11) as f64 / (1u64 << 53) as f64
    }

    /// `pose` and `checked_pose` give the same isometry, bit for bit, or the same status.
    fn agree(p: &CollPose) {
        match (pose(p, "p"), checked_pose(p, "p")) {
            (Ok(fast), Ok(reference)) => {
                let bits = |i: &nalgebra::Isometry3<f64>| {
                    i.rotation
                        .coords
                        .iter()
                        .chain(i.translation.vector.iter())
                        .map(|c| c.to_bits())
                        .collect::<Vec<_>>()
                };
                assert_eq!(bits(&fast), bits(&reference), "{p:?}");
            }
            (Err(fast), Err(reference)) => assert_eq!(fast, reference, "{p:?}"),
            (fast, reference) => panic!("{p:?}: {fast:?} against {reference:?}"),
        }
    }

    /// The short path of `pose` against the checked one on 100,000 seeded poses: unit
    /// quaternions as nalgebra makes them, the same scaled within and beyond the
    /// tolerance, and every component in turn NaN, infinite or huge; and on the
    /// quaternions at the edges (zero, norm exactly `1 ± tolerance`).
    #[test]
    fn short_path_agrees_with_checked_pose() {
        let mut state = 7;
        let specials = [f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1e300, -1e-300];
        for case in 0..100_000 {
            let mut r = || 2.0 * next(&mut state) - 1.0;
            let q = UnitQuaternion::from_quaternion(Quaternion::new(r(), r(), r(), r()));
            let scale = match case % 5 {
                0 | 1 => 1.0,
                2 => 1.0 + 1e-15 * r(),
                3 => 1.0 + 1.2e-3 * r(),
                _ => 1.0 + 1e-3 * r().signum(),
            };
            let c = q.coords * scale;
            let mut p = CollPose {
                position: [1e3 * r(), r(), 1e-3 * r()],
                orientation: [c.x, c.y, c.z, c.w],
            };
            agree(&p);
            if case % 10 == 0 {
                let k = case / 10 % 7;
                let value = specials[case / 70 % specials.len()];
                if k < 3 {
                    p.position[k] = value;
                } else {
                    p.orientation[k - 3] = value;
                }
                agree(&p);
            }
        }
        let t = COLL_QUATERNION_NORM_TOLERANCE;
        for w in [0.0, 1.0 - t, 1.0 + t, 1.0 - 2.0 * t, 1.0 + 2.0 * t, 1.0] {
            agree(&CollPose {
                position: [0.0; 3],
                orientation: [0.0, 0.0, 0.0, w],
            });
        }
    }

    /// A quaternion that is unit to rounding is used as given, in place, and one that is
    /// not is divided by its norm as nalgebra does.
    #[test]
    fn unit_quaternions_are_kept_and_others_normalized() {
        let q = UnitQuaternion::from_quaternion(Quaternion::new(0.9, 0.1, -0.3, 0.2));
        let c = q.coords;
        let given = [c.x, c.y, c.z, c.w];
        let p = |orientation| CollPose {
            position: [1.5, -2.5, 3.5],
            orientation,
        };
        // Read in place: the layout puts every number where the isometry has it.
        let given_pose = p(given);
        let mut room = std::mem::MaybeUninit::uninit();
        let read = super::pose_in_place(&given_pose, "p", &mut room).unwrap();
        assert!(std::ptr::addr_eq(read, &given_pose));
        assert_eq!(read.rotation, q);
        assert_eq!(read.translation.vector, Vector3::new(1.5, -2.5, 3.5));
        let scaled = given.map(|x| x * 1.0001);
        let want = UnitQuaternion::from_quaternion(Quaternion::new(
            scaled[3], scaled[0], scaled[1], scaled[2],
        ));
        assert_eq!(pose(&p(scaled), "p").unwrap().rotation, want);
    }
}
