//! [`RayCast`] for every shape: the closed forms live in their own files; the rest use the
//! provided GJK ray cast, and [`Shape`] dispatches by `match`.

use super::{LocalHit, Ray, RayCast, RayError, RayHit, in_local_frame, toi_in_local_frame};
use crate::observer::Observer;
use crate::shape::{
    ConvexHull, Point, Rounded, Segment, Shape, Sharp, SupportMap, Transformed, Triangle,
};
use nalgebra::{Isometry3, Point3, Vector3};

impl RayCast for ConvexHull {}
impl RayCast for Triangle {}
impl RayCast for Segment {}
impl RayCast for Point {}
impl<S: SupportMap> RayCast for Rounded<S> {}
impl<S: SupportMap> RayCast for Transformed<S> {}
impl<S: SupportMap> RayCast for Sharp<S> {}

impl<S: RayCast + ?Sized> RayCast for &S {
    #[inline]
    fn cast_ray_local(
        &self,
        origin: &Point3<f64>,
        dir: &Vector3<f64>,
        max_toi: f64,
    ) -> Result<Option<LocalHit>, RayError> {
        (**self).cast_ray_local(origin, dir, max_toi)
    }
    #[inline]
    fn cast_ray_posed(
        &self,
        pose: &Isometry3<f64>,
        ray: &Ray,
        max_toi: f64,
    ) -> Result<Option<RayHit>, RayError> {
        (**self).cast_ray_posed(pose, ray, max_toi)
    }
    #[inline]
    fn cast_ray_toi_posed(
        &self,
        pose: &Isometry3<f64>,
        ray: &Ray,
        max_toi: f64,
    ) -> Result<Option<f64>, RayError> {
        (**self).cast_ray_toi_posed(pose, ray, max_toi)
    }
    #[inline]
    fn cast_ray_local_observed(
        &self,
        origin: &Point3<f64>,
        dir: &Vector3<f64>,
        max_toi: f64,
        pose: &Isometry3<f64>,
        observer: &mut dyn Observer,
    ) -> Result<Option<LocalHit>, RayError> {
        (**self).cast_ray_local_observed(origin, dir, max_toi, pose, observer)
    }
    #[inline]
    fn cast_ray_posed_observed(
        &self,
        pose: &Isometry3<f64>,
        ray: &Ray,
        max_toi: f64,
        observer: &mut dyn Observer,
    ) -> Result<Option<RayHit>, RayError> {
        (**self).cast_ray_posed_observed(pose, ray, max_toi, observer)
    }
}

impl RayCast for Shape {
    #[inline]
    fn cast_ray_posed(
        &self,
        pose: &Isometry3<f64>,
        ray: &Ray,
        max_toi: f64,
    ) -> Result<Option<RayHit>, RayError> {
        match self {
            Shape::Ball(b) => b.cast_ray_posed(pose, ray, max_toi),
            _ => in_local_frame(pose, ray, |s, r| self.cast_ray_local(s, r, max_toi)),
        }
    }

    #[inline]
    fn cast_ray_toi_posed(
        &self,
        pose: &Isometry3<f64>,
        ray: &Ray,
        max_toi: f64,
    ) -> Result<Option<f64>, RayError> {
        match self {
            Shape::Ball(b) => b.cast_ray_toi_posed(pose, ray, max_toi),
            _ => toi_in_local_frame(pose, ray, |s, r| self.cast_ray_local(s, r, max_toi)),
        }
    }

    #[inline]
    fn cast_ray_local(
        &self,
        origin: &Point3<f64>,
        dir: &Vector3<f64>,
        max_toi: f64,
    ) -> Result<Option<LocalHit>, RayError> {
        match self {
            Shape::Ball(s) => s.cast_ray_local(origin, dir, max_toi),
            Shape::Cuboid(s) => s.cast_ray_local(origin, dir, max_toi),
            Shape::ConvexHull(s) => s.cast_ray_local(origin, dir, max_toi),
            Shape::Capsule(s) => s.cast_ray_local(origin, dir, max_toi),
            Shape::Cylinder(s) => s.cast_ray_local(origin, dir, max_toi),
            Shape::Cone(s) => s.cast_ray_local(origin, dir, max_toi),
            Shape::Triangle(s) => s.cast_ray_local(origin, dir, max_toi),
            Shape::Segment(s) => s.cast_ray_local(origin, dir, max_toi),
            Shape::Point(s) => s.cast_ray_local(origin, dir, max_toi),
            Shape::Rounded(s) => s.cast_ray_local(origin, dir, max_toi),
            // The inner shape's own ray cast, in its frame: `x = P y` for the fixed pose P.
            Shape::Transformed(s) => {
                let pose = s.pose();
                let o = pose.inverse_transform_point(origin);
                let d = pose.inverse_transform_vector(dir);
                let hit = s.shape().cast_ray_local(&o, &d, max_toi)?;
                Ok(hit.map(|h| LocalHit {
                    toi: h.toi,
                    normal: h.normal.map(|n| pose.rotation * n),
                }))
            }
        }
    }

    /// The same dispatch as [`RayCast::cast_ray_posed`] for [`Shape`].
    fn cast_ray_posed_observed(
        &self,
        pose: &Isometry3<f64>,
        ray: &Ray,
        max_toi: f64,
        observer: &mut dyn Observer,
    ) -> Result<Option<RayHit>, RayError> {
        match self {
            Shape::Ball(b) => b.cast_ray_posed_observed(pose, ray, max_toi, observer),
            _ => in_local_frame(pose, ray, |s, r| {
                self.cast_ray_local_observed(s, r, max_toi, pose, observer)
            }),
        }
    }

    /// The same dispatch as [`RayCast::cast_ray_local`] for [`Shape`]; a transformed
    /// shape's steps are reported in its inner shape's frame (`pose` times the inner
    /// pose).
    fn cast_ray_local_observed(
        &self,
        origin: &Point3<f64>,
        dir: &Vector3<f64>,
        max_toi: f64,
        pose: &Isometry3<f64>,
        observer: &mut dyn Observer,
    ) -> Result<Option<LocalHit>, RayError> {
        let (o, d, m, obs) = (origin, dir, max_toi, observer);
        match self {
            Shape::Ball(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::Cuboid(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::ConvexHull(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::Capsule(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::Cylinder(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::Cone(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::Triangle(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::Segment(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::Point(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::Rounded(s) => s.cast_ray_local_observed(o, d, m, pose, obs),
            Shape::Transformed(s) => {
                let inner = s.pose();
                let o = inner.inverse_transform_point(origin);
                let d = inner.inverse_transform_vector(dir);
                let hit = s
                    .shape()
                    .cast_ray_local_observed(&o, &d, m, &(pose * inner), obs)?;
                Ok(hit.map(|h| LocalHit {
                    toi: h.toi,
                    normal: h.normal.map(|n| inner.rotation * n),
                }))
            }
        }
    }
}
