//! A shape placed under a fixed pose.

use super::{Aabb, FastPaths, InscribedBall, ShapeError, SupportMap, SupportPoint};
use nalgebra::{Isometry3, Point3, Vector3};

/// `shape` moved by `pose`: its points are `pose * p` for the points `p` of `shape`.
///
/// The support map is `s(d) = pose * s_shape(Rᵀ d)`, where `R` is the pose's rotation
/// (van den Bergen 2004, §4.3.2). Use it for compound-free offsets (a shape whose centre
/// is not at the body origin) and for the adaptor chain in generic code.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Transformed<S> {
    shape: S,
    pose: Isometry3<f64>,
}

impl<S> Transformed<S> {
    /// `shape` moved by `pose`.
    ///
    /// # Errors
    /// [`ShapeError::NonFinitePose`] when the pose has a NaN or infinite component.
    pub fn new(shape: S, pose: Isometry3<f64>) -> Result<Transformed<S>, ShapeError> {
        if !is_finite(&pose) {
            return Err(ShapeError::NonFinitePose {
                what: "transformed",
            });
        }
        Ok(Transformed { shape, pose })
    }

    /// The inner shape.
    #[must_use]
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The pose applied to the inner shape.
    #[must_use]
    pub fn pose(&self) -> &Isometry3<f64> {
        &self.pose
    }

    /// The inner shape and the pose.
    #[must_use]
    pub fn into_parts(self) -> (S, Isometry3<f64>) {
        (self.shape, self.pose)
    }
}

impl Transformed<super::Shape> {
    /// One transform by the composed pose `outer * inner` when the inner shape is itself
    /// a transformed [`Shape`](super::Shape), level after level; otherwise `self`. Each
    /// nested level would cost a rotation per support call, a heap box and a stack frame
    /// in every walk down the shape (a chain built in a loop would overflow the stack
    /// when dropped). A composed pose that overflows keeps the nesting, as nested
    /// margins do in [`Rounded`](super::Rounded).
    #[must_use]
    pub fn flattened(self) -> Transformed<super::Shape> {
        let mut flat = self;
        while let super::Shape::Transformed(inner) = flat.shape {
            let pose = flat.pose * inner.pose;
            if !is_finite(&pose) {
                return Transformed {
                    shape: super::Shape::Transformed(inner),
                    pose: flat.pose,
                };
            }
            flat = Transformed {
                shape: inner.shape,
                pose,
            };
        }
        flat
    }
}

/// Whether every component of `pose` is finite.
fn is_finite(pose: &Isometry3<f64>) -> bool {
    pose.translation.vector.iter().all(|c| c.is_finite())
        && pose.rotation.coords.iter().all(|c| c.is_finite())
}

impl<S: SupportMap> SupportMap for Transformed<S> {
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        let local = self.pose.rotation.inverse_transform_vector(dir);
        self.pose * self.shape.support(&local)
    }
    #[inline]
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        let local = self.pose.rotation.inverse_transform_vector(dir);
        let s = self.shape.support_hinted(&local, hint);
        SupportPoint {
            point: self.pose * s.point,
            id: s.id,
        }
    }
    fn core_radius(&self) -> f64 {
        self.shape.core_radius()
    }
    #[inline]
    fn core_support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        let local = self.pose.rotation.inverse_transform_vector(dir);
        let s = self.shape.core_support_hinted(&local, hint);
        SupportPoint {
            point: self.pose * s.point,
            id: s.id,
        }
    }
    fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
        self.shape.aabb(&(pose * self.pose))
    }
}

impl<S: SupportMap> FastPaths for Transformed<S> {
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        let (t, q) = (&self.pose.translation.vector, &self.pose.rotation.coords);
        let values = [t.x, t.y, t.z, q.x, q.y, q.z, q.w];
        let h = self.shape.fingerprint()?;
        Some(crate::shape::fold_fingerprint(h ^ 10, &values))
    }
    #[inline]
    fn is_polytope(&self) -> bool {
        self.shape.is_polytope()
    }
    #[inline]
    fn core_is_polytope(&self) -> bool {
        self.shape.core_is_polytope()
    }
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        let b = self.shape.inscribed_ball()?;
        InscribedBall::new(self.pose * b.center(), b.radius())
    }
    fn core_point(&self) -> Option<Point3<f64>> {
        self.shape.core_point().map(|p| self.pose * p)
    }
    fn core_closest_point(&self, p: &Point3<f64>) -> Option<Point3<f64>> {
        let local = self.pose.inverse_transform_point(p);
        self.shape.core_closest_point(&local).map(|q| self.pose * q)
    }
}

deserialize_through_constructor!(Transformed<S> { shape: S, pose: Isometry3<f64> } => Self::new(shape, pose));
