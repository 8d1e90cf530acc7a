//! [`RayCast`] for every shape: the closed forms (and hulls' plane clipping) live in their own files; the rest use the
//! provided GJK ray cast, and [`Shape`] dispatches by `match`.

use super::{LocalHit, LocalRay, PosedRay, RayCast, RayError, cast_in_local_frame};
use crate::observer::{Observer, RayShape};
use crate::shape::{
    Point, Rounded, Segment, Shape, SupportMap, Transformed, Triangle, WholeShape, dispatch,
};
use nalgebra::Isometry3;

impl RayCast for Triangle {}
impl RayCast for Segment {}
impl RayCast for Point {}
impl<S: SupportMap> RayCast for Rounded<S> {}
impl<S: SupportMap> RayCast for Transformed<S> {}
impl<S: SupportMap> RayCast for WholeShape<S> {}

/// The result type of every cast here.
type Cast = Result<Option<LocalHit>, RayError>;

/// A transformed shape's cast: the inner shape's own, in its frame (`x = P y` for the
/// fixed pose `P`), its normal turned back by `P`.
fn in_inner_frame(
    shape: &Transformed<Shape>,
    ray: &LocalRay,
    cast: impl FnOnce(&Shape, &LocalRay) -> Cast,
) -> Cast {
    let pose = shape.pose();
    let inner = LocalRay {
        origin: pose.inverse_transform_point(&ray.origin),
        dir: pose.inverse_transform_vector(&ray.dir),
        ..*ray
    };
    Ok(cast(shape.shape(), &inner)?.map(|h| LocalHit {
        toi: h.toi,
        normal: h.normal.map(|n| pose.rotation * n),
    }))
}

impl RayCast for Shape {
    #[inline(always)]
    fn cast_ray_local(&self, ray: &LocalRay) -> Cast {
        match self {
            Shape::Transformed(t) => in_inner_frame(t, ray, |s, r| s.cast_ray_local(r)),
            _ => dispatch!(self, s => s.cast_ray_local(ray)),
        }
    }

    fn ray_closed_form(&self) -> Option<RayShape> {
        dispatch!(self, s => s.ray_closed_form())
    }

    /// The same dispatch as [`RayCast::cast_ray_local`]; a transformed shape's steps are
    /// reported in its inner shape's frame (`pose` times the inner pose).
    fn cast_ray_local_observed(
        &self,
        ray: &LocalRay,
        pose: &Isometry3<f64>,
        observer: &mut dyn Observer,
    ) -> Cast {
        match self {
            Shape::Transformed(t) => in_inner_frame(t, ray, |s, r| {
                s.cast_ray_local_observed(r, &(pose * t.pose()), observer)
            }),
            _ => dispatch!(self, s => s.cast_ray_local_observed(ray, pose, observer)),
        }
    }

    /// Each shape's own posed cast (a ball's skips the rotation), so that the cast
    /// inlines into its caller whole; always inlined, so that the time-only cast leaves
    /// the normal out. A transformed shape casts in its inner frame.
    #[inline(always)]
    fn cast_ray_posed(&self, cast: PosedRay<'_>) -> Cast {
        match self {
            Shape::Transformed(_) => cast_in_local_frame(self, cast),
            _ => dispatch!(self, s => s.cast_ray_posed(cast)),
        }
    }
}
