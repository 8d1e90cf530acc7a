//! A single point.

use super::{Aabb, FastPaths, InscribedBall, ShapeError, SupportMap, check_vertices};
use nalgebra::{Isometry3, Point3, Vector3};

/// A single point (useful for point queries: the distance from a point to a shape).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Point {
    position: Point3<f64>,
}

impl Point {
    /// The point at `position` in local coordinates.
    ///
    /// # Errors
    /// [`ShapeError::NonFinitePoint`] when a coordinate is NaN or infinite.
    pub fn new(position: Point3<f64>) -> Result<Point, ShapeError> {
        let [position] = check_vertices("point", [position])?;
        Ok(Point { position })
    }

    /// The point's position in local coordinates.
    #[must_use]
    pub fn position(&self) -> Point3<f64> {
        self.position
    }
}

impl SupportMap for Point {
    #[inline]
    fn support(&self, _dir: &Vector3<f64>) -> Point3<f64> {
        self.position
    }
    fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
        let p = pose * self.position;
        Aabb { mins: p, maxs: p }.opened_where_overflowed()
    }
}

impl FastPaths for Point {
    #[inline]
    fn is_polytope(&self) -> bool {
        true
    }
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(super::fold_points(8, &[self.position]))
    }

    /// The point itself, as a ball of radius zero.
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        InscribedBall::point(self.position)
    }
}

deserialize_through_constructor!(Point { position: Point3<f64> } => Self::new(position));
