//! A cylinder along local Y.

use super::{FastPaths, Frustum, InscribedBall, ShapeError, SupportMap, check_length};
use nalgebra::{Point3, Vector3};

half_height_and_radius! {
    /// The points with `|y| ≤ half_height` and `x² + z² ≤ radius²`.
    Cylinder,
    new: " A cylinder of height `2 half_height` and radius `radius`.",
    half_height: " Half the height.",
    radius: " The radius.",
}

/// `r (dx, 0, dz) / |(dx, dz)|`, or zero when `d` has no radial part: the support of a
/// disk of radius `r` in the XZ plane.
pub(crate) fn disk_support(dir: &Vector3<f64>, r: f64) -> Vector3<f64> {
    match super::unit(&Vector3::new(dir.x, 0.0, dir.z)) {
        Some(radial) => radial * r,
        None => Vector3::zeros(),
    }
}

impl SupportMap for Cylinder {
    /// Support of the axis segment plus support of the disk (the cylinder is their
    /// Minkowski sum).
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        let y = super::end_facing(self.half_height, dir.y);
        Point3::new(0.0, y, 0.0) + disk_support(dir, self.radius)
    }
}

impl FastPaths for Cylinder {
    /// The whole cylinder: two equal disks.
    #[inline]
    fn core_frustum(&self) -> Option<Frustum> {
        Some(Frustum::centred(self.half_height, self.radius, self.radius))
    }

    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(self.fingerprint_of_kind(4))
    }

    /// The centred ball reaching the nearer of the caps and the side.
    #[inline]
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        InscribedBall::new(Point3::origin(), self.half_height.min(self.radius))
    }
}
