//! Reading the caller's arguments: null checks, finite numbers, poses and motions.
//!
//! Each reader names the argument in its error, so that the message says which one was
//! wrong (`pose_b.orientation`, `half_extents[1]`).

use crate::status::{CollStatus, Error};
use crate::types::{CollMotion, CollPose};
use collision::Motion;
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};

/// How far a quaternion's norm may be from 1 before it is rejected rather than
/// normalized, as in the fixture format: `| |q| − 1 | ≤ 1e-3`.
pub const COLL_QUATERNION_NORM_TOLERANCE: f64 = 1e-3;

/// `NullPointer` naming `name`.
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
pub unsafe fn read<'a, T>(pointer: *const T, name: &str) -> Result<&'a T, Error> {
    // SAFETY: the caller's promise: null (refused here) or a valid `T` for `'a`.
    unsafe { pointer.as_ref() }.ok_or_else(|| null(name))
}

/// Checks that an output pointer is not null.
///
/// # Errors
/// `NullPointer` for a null `pointer`.
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

/// The rigid transform of a [`CollPose`]: its quaternion `(x, y, z, w)` normalized when
/// its norm is within [`COLL_QUATERNION_NORM_TOLERANCE`] of 1.
///
/// # Errors
/// `NonFinite` for a NaN or infinite component, `InvalidQuaternion` for a norm further
/// from 1 (a zero quaternion included).
pub fn pose(pose: &CollPose, name: &str) -> Result<Isometry3<f64>, Error> {
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
    Ok(Isometry3::from_parts(
        Translation3::from(position),
        UnitQuaternion::from_quaternion(quaternion),
    ))
}

/// The pose `pointer` points at (see [`pose`]).
///
/// # Errors
/// `NullPointer`, or as [`pose`].
///
/// # Safety
/// `pointer` must be null or point to a valid [`CollPose`].
pub unsafe fn pose_at(pointer: *const CollPose, name: &str) -> Result<Isometry3<f64>, Error> {
    // SAFETY: the caller's promise, passed on.
    pose(unsafe { read(pointer, name) }?, name)
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
