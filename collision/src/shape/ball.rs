//! A ball (sphere) centred at the origin.

use super::{
    Aabb, FastPaths, InscribedBall, ShapeError, SupportMap, SupportPoint, check_length, unit,
};
use nalgebra::{Isometry3, Point3, Vector3};

/// A ball of radius `radius` centred at the local origin.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Ball {
    radius: f64,
}

impl Ball {
    /// A ball of radius `radius` (zero is allowed: a point).
    ///
    /// # Errors
    /// [`ShapeError::InvalidLength`] when `radius` is negative, NaN or infinite.
    pub fn new(radius: f64) -> Result<Ball, ShapeError> {
        Ok(Ball {
            radius: check_length("radius", radius)?,
        })
    }

    /// The radius.
    #[must_use]
    pub fn radius(&self) -> f64 {
        self.radius
    }
}

impl SupportMap for Ball {
    /// `s(d) = r d / |d|`; a zero direction returns the point `(r, 0, 0)`.
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        Point3::from(unit(dir).unwrap_or_else(Vector3::x) * self.radius)
    }

    #[inline]
    fn core_radius(&self) -> f64 {
        self.radius
    }

    /// The core is the centre.
    #[inline]
    fn core_support_hinted(&self, _dir: &Vector3<f64>, _hint: u32) -> SupportPoint {
        SupportPoint {
            point: Point3::origin(),
            id: 0,
        }
    }

    fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
        let center = Point3::from(pose.translation.vector);
        Aabb::from_half_extents(center, Vector3::repeat(self.radius)).opened_where_overflowed()
    }
}

impl FastPaths for Ball {
    #[inline]
    fn core_is_polytope(&self) -> bool {
        true
    }
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(crate::shape::fold_fingerprint(1, &[self.radius]))
    }

    /// The ball itself.
    #[inline]
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        InscribedBall::new(Point3::origin(), self.radius)
    }

    #[inline]
    fn core_point(&self) -> Option<Point3<f64>> {
        Some(Point3::origin())
    }
    #[inline]
    fn core_closest_point(&self, _p: &Point3<f64>) -> Option<Point3<f64>> {
        Some(Point3::origin())
    }
}

deserialize_through_constructor!(Ball { radius: f64 } => Self::new(radius));
