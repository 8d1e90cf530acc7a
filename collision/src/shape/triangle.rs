//! A triangle.

use super::{
    FastPaths, InscribedBall, ShapeError, SupportMap, SupportPoint, check_point, vertex_support,
};
use nalgebra::{Point3, Vector3};

/// The triangle with vertices `a`, `b`, `c` (it may be degenerate: a support map needs
/// no area).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "TriangleDef")
)]
pub struct Triangle {
    vertices: [Point3<f64>; 3],
}

impl Triangle {
    /// The triangle `abc`.
    ///
    /// # Errors
    /// [`ShapeError::NonFinitePoint`] when a coordinate is NaN or infinite.
    pub fn new(a: Point3<f64>, b: Point3<f64>, c: Point3<f64>) -> Result<Triangle, ShapeError> {
        let vertices = [a, b, c];
        for (index, p) in vertices.iter().enumerate() {
            check_point("triangle", p).map_err(|_| ShapeError::NonFinitePoint {
                what: "triangle",
                index,
            })?;
        }
        Ok(Triangle { vertices })
    }

    /// The three vertices.
    #[must_use]
    pub fn vertices(&self) -> &[Point3<f64>; 3] {
        &self.vertices
    }
}

impl SupportMap for Triangle {
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        vertex_support(&self.vertices, dir).point
    }
    #[inline]
    fn support_hinted(&self, dir: &Vector3<f64>, _hint: u32) -> SupportPoint {
        vertex_support(&self.vertices, dir)
    }
}

impl FastPaths for Triangle {
    #[inline]
    fn is_polytope(&self) -> bool {
        true
    }
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(crate::shape::fold_points(6, &self.vertices))
    }

    /// The centroid, as a ball of radius zero (a triangle has no volume).
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        let [a, b, c] = self.vertices;
        InscribedBall::point(Point3::from((a.coords + b.coords + c.coords) / 3.0))
    }
}

#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct TriangleDef {
    vertices: [Point3<f64>; 3],
}

#[cfg(feature = "serde")]
impl TryFrom<TriangleDef> for Triangle {
    type Error = ShapeError;
    fn try_from(d: TriangleDef) -> Result<Triangle, ShapeError> {
        let [a, b, c] = d.vertices;
        Triangle::new(a, b, c)
    }
}
