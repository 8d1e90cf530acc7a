//! A triangle.

use super::{
    FastPaths, InscribedBall, ShapeError, SupportMap, SupportPoint, check_vertices, vertex_support,
};
use nalgebra::{Point3, Vector3};

/// The triangle with vertices `a`, `b`, `c` (it may be degenerate: a support map needs
/// no area).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Triangle {
    vertices: [Point3<f64>; 3],
}

impl Triangle {
    /// The triangle `abc`.
    ///
    /// # Errors
    /// [`ShapeError::NonFinitePoint`] when a coordinate is NaN or infinite.
    pub fn new(a: Point3<f64>, b: Point3<f64>, c: Point3<f64>) -> Result<Triangle, ShapeError> {
        Ok(Triangle {
            vertices: check_vertices("triangle", [a, b, c])?,
        })
    }

    /// The three vertices.
    #[must_use]
    pub fn vertices(&self) -> &[Point3<f64>; 3] {
        &self.vertices
    }
}

support_of_vertex_list!(Triangle, fingerprint kind 6);

deserialize_through_constructor!(Triangle { vertices: [Point3<f64>; 3] } => {
    let [a, b, c] = vertices;
    Self::new(a, b, c)
});
