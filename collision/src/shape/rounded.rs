//! The Minkowski sum of a shape with a ball.

use super::{
    Aabb, Cuboid, FastPaths, Frustum, InscribedBall, ShapeError, SupportMap, SupportPoint,
    check_length, unit,
};
use nalgebra::{Isometry3, Point3, Vector3};

/// `shape ⊕ ball(margin)`: every point within `margin` of `shape`.
///
/// The support of a Minkowski sum is the sum of the supports:
/// `s(d) = s_shape(d) + margin · d / |d|`. Keeping the core and the margin apart lets
/// contact queries run GJK on the core and add the margin analytically (van den Bergen
/// 2004, §4.3.3; Jolt's `AddConvexRadius`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rounded<S> {
    shape: S,
    margin: f64,
}

impl<S> Rounded<S> {
    /// `shape` grown by `margin` in every direction.
    ///
    /// # Errors
    /// [`ShapeError::InvalidLength`] when `margin` is negative, NaN or infinite.
    pub fn new(shape: S, margin: f64) -> Result<Rounded<S>, ShapeError> {
        Ok(Rounded {
            shape,
            margin: check_length("margin", margin)?,
        })
    }

    /// The core shape.
    #[must_use]
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The margin (radius of the ball added to the core).
    #[must_use]
    pub fn margin(&self) -> f64 {
        self.margin
    }

    /// The core shape and the margin, taken apart.
    #[must_use]
    pub fn into_parts(self) -> (S, f64) {
        (self.shape, self.margin)
    }

    /// `shape` grown by a `margin` already known to be finite and non-negative.
    pub(super) fn with_checked_margin(shape: S, margin: f64) -> Rounded<S> {
        debug_assert!(margin.is_finite() && margin >= 0.0);
        Rounded { shape, margin }
    }
}

impl<S: SupportMap> SupportMap for Rounded<S> {
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.support_hinted(dir, 0).point
    }
    #[inline]
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        let core = self.shape.support_hinted(dir, hint);
        let offset = unit(dir).map_or_else(Vector3::zeros, |u| u * self.margin);
        SupportPoint {
            point: core.point + offset,
            id: core.id,
        }
    }
    fn core_radius(&self) -> f64 {
        self.shape.core_radius() + self.margin
    }
    #[inline]
    fn core_support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        self.shape.core_support_hinted(dir, hint)
    }
    fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
        let core = self.shape.aabb(pose);
        let m = Vector3::repeat(self.margin);
        Aabb {
            mins: core.mins - m,
            maxs: core.maxs + m,
        }
    }
}

impl<S: SupportMap> FastPaths for Rounded<S> {
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        let h = self.shape.fingerprint()?;
        Some(crate::shape::fold_fingerprint(h ^ 9, &[self.margin]))
    }
    fn core_point(&self) -> Option<Point3<f64>> {
        self.shape.core_point()
    }
    fn core_closest_point(&self, p: &Point3<f64>) -> Option<Point3<f64>> {
        self.shape.core_closest_point(p)
    }

    /// The inner shape's ball grown by the margin (every shape of this crate has one,
    /// flat ones of radius zero), or, for an inner shape without one, a ball of the
    /// margin around its support point along +x (a point of it, for one support call).
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        match self.shape.inscribed_ball() {
            Some(b) => b.grown(self.margin),
            None => InscribedBall::new(self.shape.support(&Vector3::x()), self.margin),
        }
    }

    fn core_cuboid(&self) -> Option<&Cuboid> {
        self.shape.core_cuboid()
    }
    fn core_frustum(&self) -> Option<Frustum> {
        self.shape.core_frustum()
    }
    #[inline]
    fn core_is_polytope(&self) -> bool {
        self.shape.core_is_polytope()
    }
}

deserialize_through_constructor!(Rounded<S> { shape: S, margin: f64 } => Self::new(shape, margin));
