//! A line segment.

use super::{
    FastPaths, InscribedBall, ShapeError, SupportMap, SupportPoint, check_point, vertex_support,
};
use nalgebra::{Point3, Vector3};

/// The segment from `a` to `b` (it may have zero length).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "SegmentDef")
)]
pub struct Segment {
    vertices: [Point3<f64>; 2],
}

impl Segment {
    /// The segment `ab`.
    ///
    /// # Errors
    /// [`ShapeError::NonFinitePoint`] when a coordinate is NaN or infinite.
    pub fn new(a: Point3<f64>, b: Point3<f64>) -> Result<Segment, ShapeError> {
        let vertices = [a, b];
        for (index, p) in vertices.iter().enumerate() {
            check_point("segment", p).map_err(|_| ShapeError::NonFinitePoint {
                what: "segment",
                index,
            })?;
        }
        Ok(Segment { vertices })
    }

    /// The two end points.
    #[must_use]
    pub fn vertices(&self) -> &[Point3<f64>; 2] {
        &self.vertices
    }
}

impl SupportMap for Segment {
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        vertex_support(&self.vertices, dir).point
    }
    #[inline]
    fn support_hinted(&self, dir: &Vector3<f64>, _hint: u32) -> SupportPoint {
        vertex_support(&self.vertices, dir)
    }
}

impl FastPaths for Segment {
    #[inline]
    fn is_polytope(&self) -> bool {
        true
    }
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(crate::shape::fold_points(7, &self.vertices))
    }

    /// The midpoint, as a ball of radius zero (a segment has no volume).
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        let [a, b] = self.vertices;
        InscribedBall::point(Point3::from((a.coords + b.coords) * 0.5))
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct SegmentDef {
    vertices: [Point3<f64>; 2],
}

#[cfg(feature = "serde")]
impl TryFrom<SegmentDef> for Segment {
    type Error = ShapeError;
    fn try_from(d: SegmentDef) -> Result<Segment, ShapeError> {
        let [a, b] = d.vertices;
        Segment::new(a, b)
    }
}
