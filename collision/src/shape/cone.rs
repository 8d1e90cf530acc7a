//! A cone along local Y with its apex at +Y.

use super::cylinder::disk_support;
use super::{FastPaths, Frustum, InscribedBall, ShapeError, SupportMap, check_length};
use nalgebra::{Point3, Vector3};

/// The convex hull of the apex `(0, half_height, 0)` and the disk of radius `radius`
/// centred at `(0, -half_height, 0)` in the plane `y = -half_height`.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "ConeDef")
)]
pub struct Cone {
    half_height: f64,
    radius: f64,
}

impl Cone {
    /// A cone of height `2 half_height` and base radius `radius`.
    ///
    /// # Errors
    /// [`ShapeError::InvalidLength`] when either length is negative, NaN or infinite.
    pub fn new(half_height: f64, radius: f64) -> Result<Cone, ShapeError> {
        Ok(Cone {
            half_height: check_length("half_height", half_height)?,
            radius: check_length("radius", radius)?,
        })
    }

    /// Half the height.
    #[must_use]
    pub fn half_height(&self) -> f64 {
        self.half_height
    }

    /// The base radius.
    #[must_use]
    pub fn radius(&self) -> f64 {
        self.radius
    }
}

impl SupportMap for Cone {
    /// The hull of the apex and the base disk: the better of the apex and the base
    /// disk's support point.
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        let apex = Point3::new(0.0, self.half_height, 0.0);
        let rim = Point3::new(0.0, -self.half_height, 0.0) + disk_support(dir, self.radius);
        if dir.dot(&apex.coords) >= dir.dot(&rim.coords) {
            apex
        } else {
            rim
        }
    }
}

impl FastPaths for Cone {
    /// The whole cone: the base disk and the apex.
    #[inline]
    fn core_frustum(&self) -> Option<Frustum> {
        Some(Frustum {
            bottom: -self.half_height,
            bottom_radius: self.radius,
            top: self.half_height,
            top_radius: 0.0,
        })
    }

    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(crate::shape::fold_fingerprint(
            5,
            &[self.half_height, self.radius],
        ))
    }

    /// The largest ball: its section through the axis is the incircle of the cone's
    /// section, a triangle of base `2r` and height `H = 2h`, whose inradius is its area
    /// over its half perimeter, `ρ = rH / (r + √(r² + H²))`; the centre is `ρ` above the
    /// base.
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        let (r, height) = (self.radius, 2.0 * self.half_height);
        let rho = r * height / (r + r.hypot(height));
        InscribedBall::new(Point3::new(0.0, rho - self.half_height, 0.0), rho)
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct ConeDef {
    half_height: f64,
    radius: f64,
}

#[cfg(feature = "serde")]
impl TryFrom<ConeDef> for Cone {
    type Error = ShapeError;
    fn try_from(d: ConeDef) -> Result<Cone, ShapeError> {
        Cone::new(d.half_height, d.radius)
    }
}
