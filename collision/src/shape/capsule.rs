//! A capsule: a segment along local Y swept by a ball.

use super::{
    Aabb, FastPaths, Frustum, InscribedBall, ShapeError, SupportMap, SupportPoint, check_length,
    unit,
};
use nalgebra::{Isometry3, Point3, Vector3};

half_height_and_radius! {
    /// The points within `radius` of the segment from `(0, -half_height, 0)` to
    /// `(0, half_height, 0)`.
    Capsule,
    new: " A capsule whose core segment has half-length `half_height`.",
    half_height: " Half the length of the core segment.",
    radius: " The radius.",
}

impl Capsule {
    /// The two ends of the core segment, `-Y` end first, in local coordinates.
    #[must_use]
    pub fn segment(&self) -> [Point3<f64>; 2] {
        [
            Point3::new(0.0, -self.half_height, 0.0),
            Point3::new(0.0, self.half_height, 0.0),
        ]
    }
}

impl SupportMap for Capsule {
    /// Support of the core segment plus `r d / |d|` (support of a Minkowski sum).
    #[inline]
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        let y = super::end_facing(self.half_height, dir.y);
        Point3::new(0.0, y, 0.0) + unit(dir).unwrap_or_else(Vector3::y) * self.radius
    }

    #[inline]
    fn core_radius(&self) -> f64 {
        self.radius
    }

    /// The core is the segment: its `+Y` end (id 1) when `dir.y ≥ 0`, else its `−Y` end.
    #[inline]
    fn core_support_hinted(&self, dir: &Vector3<f64>, _hint: u32) -> SupportPoint {
        let up = dir.y >= 0.0;
        let y = if up {
            self.half_height
        } else {
            -self.half_height
        };
        SupportPoint {
            point: Point3::new(0.0, y, 0.0),
            id: u32::from(up),
        }
    }

    fn aabb(&self, pose: &Isometry3<f64>) -> Aabb {
        // Each end on its own first: an end that overflowed opens its axes before the
        // ends' minimum and maximum, which would pass over a NaN.
        let [p, q] = self.segment().map(|p| {
            let p = pose * p;
            Aabb { mins: p, maxs: p }.opened_where_overflowed()
        });
        let (core, r) = (p.merged(&q), Vector3::repeat(self.radius));
        Aabb {
            mins: core.mins - r,
            maxs: core.maxs + r,
        }
    }
}

impl FastPaths for Capsule {
    #[inline]
    fn core_is_polytope(&self) -> bool {
        true
    }

    /// The core segment: two points on the axis.
    #[inline]
    fn core_frustum(&self) -> Option<Frustum> {
        Some(Frustum::centred(self.half_height, 0.0, 0.0))
    }

    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        Some(self.fingerprint_of_kind(3))
    }

    /// The ball at the centre of the segment.
    #[inline]
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        InscribedBall::new(Point3::origin(), self.radius)
    }

    /// The segment point nearest to `p`: `(0, clamp(p.y, −h, h), 0)`.
    #[inline]
    fn core_closest_point(&self, p: &Point3<f64>) -> Option<Point3<f64>> {
        let h = self.half_height;
        Some(Point3::new(0.0, p.y.clamp(-h, h), 0.0))
    }
}
