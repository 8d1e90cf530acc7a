//! Balls inside shapes: a cheap proof that two shapes overlap.

use nalgebra::Point3;

/// A ball contained in a shape, in the shape's local coordinates
/// ([`super::FastPaths::inscribed_ball`]). Its radius may be zero: a point of a shape
/// without volume (a segment's midpoint, a triangle's centroid).
///
/// If the inscribed balls of two shapes overlap, the shapes overlap: the GJK free
/// functions answer such pairs (deep overlaps) before or right after their first support
/// query instead of running to an enclosing tetrahedron.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InscribedBall {
    center: Point3<f64>,
    radius: f64,
}

impl InscribedBall {
    /// The ball at `center` of `radius`, or `None` unless `radius` is finite and not
    /// negative (zero for a point of a shape without volume) and `center` is finite.
    #[must_use]
    pub fn new(center: Point3<f64>, radius: f64) -> Option<InscribedBall> {
        let finite = radius.is_finite() && center.iter().all(|c| c.is_finite());
        (radius >= 0.0 && finite).then_some(InscribedBall { center, radius })
    }

    /// The point `center` of a shape, as a ball of radius zero (`None` unless finite).
    #[must_use]
    pub fn point(center: Point3<f64>) -> Option<InscribedBall> {
        InscribedBall::new(center, 0.0)
    }

    /// The centre.
    #[must_use]
    pub fn center(&self) -> &Point3<f64> {
        &self.center
    }

    /// The radius: finite, and zero for a point of a shape without volume.
    #[must_use]
    pub fn radius(&self) -> f64 {
        self.radius
    }

    /// The ball grown by `margin ≥ 0`: inside the shape swept by a ball of that radius.
    /// `None` if the radius overflows.
    #[must_use]
    pub fn grown(self, margin: f64) -> Option<InscribedBall> {
        InscribedBall::new(self.center, self.radius + margin)
    }
}
