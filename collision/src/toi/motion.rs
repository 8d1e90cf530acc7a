//! Rigid motion with constant velocities.

use crate::shape::SupportMap;
use nalgebra::{Isometry3, Point3, Translation3, UnitQuaternion, Vector3};

/// A body's motion over a time interval: its pose at time 0, and constant linear and
/// angular velocities (world frame) of its centre of mass.
///
/// At time `t` the centre of mass is at `c(t) = c₀ + v t` and the orientation is
/// `exp(ω t) R₀` (rotation by the angle `|ω| t` about `ω`, applied after `R₀`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Motion {
    /// Pose at time 0.
    pub pose: Isometry3<f64>,
    /// Velocity of the centre of mass (world).
    pub linear_velocity: Vector3<f64>,
    /// Angular velocity about the centre of mass (world, radians per unit time).
    pub angular_velocity: Vector3<f64>,
    /// The centre of mass in the shape's local frame.
    pub local_center: Point3<f64>,
}

impl Motion {
    /// A motion about the local origin as centre of mass.
    #[must_use]
    pub fn new(
        pose: Isometry3<f64>,
        linear_velocity: Vector3<f64>,
        angular_velocity: Vector3<f64>,
    ) -> Motion {
        Motion {
            pose,
            linear_velocity,
            angular_velocity,
            local_center: Point3::origin(),
        }
    }

    /// A body at rest at `pose`.
    #[must_use]
    pub fn stationary(pose: Isometry3<f64>) -> Motion {
        Motion::new(pose, Vector3::zeros(), Vector3::zeros())
    }

    /// The same motion with the centre of mass at `local_center` (shape frame).
    #[must_use]
    pub fn with_local_center(mut self, local_center: Point3<f64>) -> Motion {
        self.local_center = local_center;
        self
    }

    /// The pose at time `t`: orientation `R(t) = exp(ω t) R₀` and translation chosen so
    /// that the centre of mass is at `c₀ + v t`, i.e. `T(t) = c₀ + v t − R(t) c_local`.
    #[must_use]
    pub fn pose_at(&self, t: f64) -> Isometry3<f64> {
        let rotation =
            UnitQuaternion::from_scaled_axis(self.angular_velocity * t) * self.pose.rotation;
        let c0 = self.pose.translation.vector + self.pose.rotation * self.local_center.coords;
        let c = c0 + self.linear_velocity * t;
        Isometry3::from_parts(
            Translation3::from(c - rotation * self.local_center.coords),
            rotation,
        )
    }

    /// `h(dir)`: the support value of `core` at `pose` along the world direction `dir`
    /// (not necessarily unit), measured from this motion's centre of mass.
    pub(super) fn support_value<S: SupportMap + ?Sized>(
        &self,
        core: &S,
        pose: &Isometry3<f64>,
        dir: &Vector3<f64>,
    ) -> f64 {
        let local = pose.rotation.inverse_transform_vector(dir);
        (core.support(&local) - self.local_center).dot(&local)
    }

    /// Whether every component is finite.
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.pose
            .translation
            .vector
            .iter()
            .chain(self.pose.rotation.coords.iter())
            .chain(self.linear_velocity.iter())
            .chain(self.angular_velocity.iter())
            .chain(self.local_center.iter())
            .all(|c| c.is_finite())
    }
}
