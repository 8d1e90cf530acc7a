//! Shapes placed relative to each other: the near-contact starts of resting-contact cases.

use collision::{ClosestPoints, SupportMap, closest_points};
use nalgebra::{Isometry3, Vector3};

/// B's pose `pose_b` translated along the unit direction from A's closest point to B's
/// until the shapes are `gap` apart (to rounding), with that direction; `None` when they
/// already touch or overlap, or the closest-points query fails.
pub fn moved_to_gap<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    gap: f64,
) -> Option<(Isometry3<f64>, Vector3<f64>)>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let Ok(ClosestPoints::Separated {
        point_a,
        point_b,
        distance,
    }) = closest_points(a, pose_a, b, pose_b)
    else {
        return None;
    };
    let n = (point_b - point_a) / distance;
    let mut moved = *pose_b;
    moved.translation.vector -= n * (distance - gap);
    Some((moved, n))
}
