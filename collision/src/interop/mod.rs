//! Poses, points and vectors from other math libraries: `glam` (feature `glam`) and
//! `mint` (feature `mint`).
//!
//! nalgebra stays the native type: every query keeps its one concrete signature, and a
//! value from another library is one `.into()` away. (Generic `impl Into<...>` parameters
//! on every query were the other choice; they would scatter the docs, weaken type
//! inference at every call, and convert again inside loops that the caller can convert
//! once.)
//!
//! - Points, vectors and quaternions: nalgebra's own conversions, which the features turn
//!   on (`convert-glam033`, `convert-mint`): `Point3::from(dvec3)`,
//!   `Vector3::from(dvec3)`, `UnitQuaternion::from(dquat)` (normalised), and back with
//!   `DVec3::from(point)`, `mint::Point3::from(point)`, and so on. Results convert back
//!   the same way: `DVec3::from(contact.normal)`.
//! - Poses: [`Pose`], since neither library has a rigid pose type nalgebra converts from
//!   with a check. From glam: `(DVec3, DQuat)`, `(Vec3, Quat)` (widened to `f64`), and
//!   `DAffine3` or `Affine3A` (a Bevy `GlobalTransform`'s affine) through `TryFrom`,
//!   which refuses scale, shear and mirroring with a [`PoseError`]. From mint:
//!   `(mint::Vector3<f64>, mint::Quaternion<f64>)`. Then `Isometry3::from(pose)`, or
//!   `pose.into()` where a query wants `&Isometry3<f64>`.
//!
//! Quaternions are normalised in `f64` on the way in, as nalgebra's own conversion does;
//! a zero or non-finite quaternion gives a non-finite pose, which every query reports as
//! its non-finite-input error (and the batch queries as
//! [`PairError::NonFinitePose`](crate::batch::PairError::NonFinitePose)).

#[cfg(feature = "glam")]
mod glam;
#[cfg(feature = "mint")]
mod mint;

use nalgebra::Isometry3;
#[cfg(feature = "glam")]
use nalgebra::{Matrix3, Translation3, UnitQuaternion, Vector3};

/// A rigid pose converted from another library's types; `Isometry3::from(pose)` gives
/// the native pose. See the [module docs](self) for the conversions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose(pub Isometry3<f64>);

impl From<Pose> for Isometry3<f64> {
    #[inline]
    fn from(pose: Pose) -> Isometry3<f64> {
        pose.0
    }
}

impl From<Isometry3<f64>> for Pose {
    #[inline]
    fn from(pose: Isometry3<f64>) -> Pose {
        Pose(pose)
    }
}

/// Why an affine transform is not a rigid pose.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum PoseError {
    /// A component is NaN or infinite.
    #[error("the transform has a NaN or infinite component")]
    NonFinite,
    /// The linear part scales or shears: `MᵀM` differs from the identity by `deviation`
    /// (its largest entry's difference), more than the rounding of the source type.
    #[error("the transform scales or shears (|MᵀM − I| up to {deviation}), it is not a rigid pose")]
    NotRigid {
        /// The largest entry of `|MᵀM − I|`.
        deviation: f64,
    },
    /// The linear part is a reflection (its determinant is negative).
    #[error("the transform mirrors (negative determinant), it is not a rigid pose")]
    Mirrored,
}

/// The rigid pose with linear part `m` (columns the rotated axes) and translation `t`, if
/// `MᵀM` is the identity to within `tolerance` (each entry) and `det M > 0`.
///
/// The quaternion is nalgebra's from the rotation matrix, normalised: for a matrix that
/// is orthonormal only to `tolerance`, this is the nearby rotation to that accuracy.
#[cfg(feature = "glam")]
pub(crate) fn rigid(m: Matrix3<f64>, t: Vector3<f64>, tolerance: f64) -> Result<Pose, PoseError> {
    if !(m.iter().all(|x| x.is_finite()) && t.iter().all(|x| x.is_finite())) {
        return Err(PoseError::NonFinite);
    }
    let deviation = (m.transpose() * m - Matrix3::identity()).amax();
    if deviation > tolerance {
        return Err(PoseError::NotRigid { deviation });
    }
    if m.determinant() < 0.0 {
        return Err(PoseError::Mirrored);
    }
    let q = UnitQuaternion::from_matrix(&m);
    Ok(Pose(Isometry3::from_parts(Translation3::from(t), q)))
}
