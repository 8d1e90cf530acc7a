//! A line segment.

use super::{
    FastPaths, InscribedBall, ShapeError, SupportMap, SupportPoint, check_vertices, vertex_support,
};
use nalgebra::{Point3, Vector3};

/// The segment from `a` to `b` (it may have zero length).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Segment {
    vertices: [Point3<f64>; 2],
}

impl Segment {
    /// The segment `ab`.
    ///
    /// # Errors
    /// [`ShapeError::NonFinitePoint`] when a coordinate is NaN or infinite.
    pub fn new(a: Point3<f64>, b: Point3<f64>) -> Result<Segment, ShapeError> {
        Ok(Segment {
            vertices: check_vertices("segment", [a, b])?,
        })
    }

    /// The two end points.
    #[must_use]
    pub fn vertices(&self) -> &[Point3<f64>; 2] {
        &self.vertices
    }
}

support_of_vertex_list!(Segment, fingerprint kind 7);

deserialize_through_constructor!(Segment { vertices: [Point3<f64>; 2] } => {
    let [a, b] = vertices;
    Self::new(a, b)
});
