//! A cylinder along local Y.

use super::{FastPaths, Frustum, InscribedBall, ShapeError, SupportMap, check_length};
use nalgebra::{Point3, Vector3};

/// The points with `|y| ≤ half_height` and `x² + z² ≤ radius²`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "CylinderDef")
)]
pub struct Cylinder {
    half_height: f64,
    radius: f64,
}

impl Cylinder {
    /// A cylinder of height `2 half_height` and radius `radius`.
    ///
    /// # Errors
    /// [`ShapeError::InvalidLength`] when either length is negative, NaN or infinite.
    pub fn new(half_height: f64, radius: f64) -> Result<Cylinder, ShapeError> {
        Ok(Cylinder {
            half_height: check_length("half_height", half_height)?,
            radius: check_length("radius", radius)?,
        })
    }

    /// Half the height.
    #[must_use]
    pub fn half_height(&self) -> f64 {
        self.half_height
    }

    /// The radius.
    #[must_use]
    pub fn radius(&self) -> f64 {
        self.radius
    }
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
        let y = if dir.y < 0.0 {
            -self.half_height
        } else {
            self.half_height
        };
        Point3::new(0.0, y, 0.0) + disk_support(dir, self.radius)
    }
}

impl FastPaths for Cylinder {
    /// The whole cylinder: two equal disks.
    #[inline]
    fn core_frustum(&self) -> Option<Frustum> {
        Some(Frustum {
            bottom: -self.half_height,
            bottom_radius: self.radius,
            top: self.half_height,
            top_radius: self.radius,
        })
    }

    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(crate::shape::fold_fingerprint(
            4,
            &[self.half_height, self.radius],
        ))
    }

    /// The centred ball reaching the nearer of the caps and the side.
    #[inline]
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        InscribedBall::new(Point3::origin(), self.half_height.min(self.radius))
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct CylinderDef {
    half_height: f64,
    radius: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<CylinderDef> for Cylinder {
    type Error = ShapeError;
    fn try_from(d: CylinderDef) -> Result<Cylinder, ShapeError> {
        Cylinder::new(d.half_height, d.radius)
    }
}
