//! mint poses (feature `mint`): a translation and a rotation quaternion.

use super::Pose;
use nalgebra::{Isometry3, Quaternion, Translation3, UnitQuaternion, Vector3};

impl From<(mint::Vector3<f64>, mint::Quaternion<f64>)> for Pose {
    /// The quaternion normalised, as nalgebra's glam conversion does.
    #[inline]
    fn from((t, q): (mint::Vector3<f64>, mint::Quaternion<f64>)) -> Pose {
        let rotation = UnitQuaternion::new_normalize(Quaternion::from(q));
        Pose(Isometry3::from_parts(
            Translation3::from(Vector3::from(t)),
            rotation,
        ))
    }
}

impl From<Pose> for (mint::Vector3<f64>, mint::Quaternion<f64>) {
    #[inline]
    fn from(pose: Pose) -> (mint::Vector3<f64>, mint::Quaternion<f64>) {
        (pose.0.translation.vector.into(), pose.0.rotation.into())
    }
}
