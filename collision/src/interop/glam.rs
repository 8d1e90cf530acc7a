//! glam 0.33 poses (feature `glam`): `(DVec3, DQuat)`, `(Vec3, Quat)` widened to `f64`,
//! and rigid `DAffine3` and `Affine3A`.

use super::{Pose, PoseError, rigid};
use glam::{Affine3A, DAffine3, DQuat, DVec3, Quat, Vec3};
use nalgebra::{Isometry3, Matrix3, Vector3};

/// Largest `|MᵀM − I|` entry accepted from an `f64` affine: a rotation built and composed
/// in `f64` is orthonormal to a few `ε` per operation; 1e-9 leaves room for long chains
/// while any real scale or shear is far above it.
const F64_TOLERANCE: f64 = 1e-9;

/// As [`F64_TOLERANCE`] for an `f32` affine: `f32` rotations are orthonormal to a few
/// times its `ε` (1.2e-7), and Bevy's composed transforms to about 1e-6.
const F32_TOLERANCE: f64 = 1e-5;

impl From<(DVec3, DQuat)> for Pose {
    /// nalgebra's own conversion: the quaternion normalised.
    #[inline]
    fn from(parts: (DVec3, DQuat)) -> Pose {
        Pose(Isometry3::from(parts))
    }
}

impl From<(Vec3, Quat)> for Pose {
    /// Widened to `f64` (exact), then as for `(DVec3, DQuat)`.
    #[inline]
    fn from((t, q): (Vec3, Quat)) -> Pose {
        Pose::from((t.as_dvec3(), q.as_dquat()))
    }
}

impl From<Pose> for (DVec3, DQuat) {
    #[inline]
    fn from(pose: Pose) -> (DVec3, DQuat) {
        pose.0.into()
    }
}

impl From<Pose> for DAffine3 {
    #[inline]
    fn from(pose: Pose) -> DAffine3 {
        let (t, q): (DVec3, DQuat) = pose.into();
        DAffine3::from_rotation_translation(q, t)
    }
}

/// The linear part of `a` as a nalgebra matrix (glam stores columns, as nalgebra does).
fn linear(a: &DAffine3) -> Matrix3<f64> {
    Matrix3::from_column_slice(&a.matrix3.to_cols_array())
}

impl TryFrom<DAffine3> for Pose {
    type Error = PoseError;

    /// The rigid pose of `a`.
    ///
    /// # Errors
    /// [`PoseError`] when `a` scales, shears or mirrors (beyond 1e-9 of `MᵀM = I`) or is
    /// not finite.
    fn try_from(a: DAffine3) -> Result<Pose, PoseError> {
        rigid(linear(&a), Vector3::from(a.translation), F64_TOLERANCE)
    }
}

impl TryFrom<Affine3A> for Pose {
    type Error = PoseError;

    /// The rigid pose of `a` (a Bevy `GlobalTransform::affine()`), widened to `f64`.
    ///
    /// # Errors
    /// [`PoseError`] when `a` scales, shears or mirrors (beyond 1e-5 of `MᵀM = I`, `f32`
    /// rounding) or is not finite.
    fn try_from(a: Affine3A) -> Result<Pose, PoseError> {
        let a = a.as_daffine3();
        rigid(linear(&a), Vector3::from(a.translation), F32_TOLERANCE)
    }
}
