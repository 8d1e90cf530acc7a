//! Answers without a GJK run, for the free functions: closed forms for pairs with a point
//! core. An observer is told the closed form's inputs and answer
//! ([`Shortcut::PointCore`]).

use super::run::is_finite_pose;
use crate::observer::{Observer, PointCorePair, Shortcut};
use crate::shape::SupportMap;
use nalgebra::{Isometry3, Point3};

use super::ClosestPoints;

/// The closed form for a pair where one core is a single point ([`FastPaths::core_point`](crate::FastPaths::core_point),
/// a ball's centre) and the other core has a nearest-point formula
/// ([`FastPaths::core_closest_point`](crate::FastPaths::core_closest_point): ball, capsule, cuboid and their rounded versions);
/// `None` for other pairs and for non-finite poses (GJK then runs and reports them).
///
/// With `p` the point core and `q` the nearest point of the other core (both in the other
/// shape's frame), the distance is `|p − q| − r_A − r_B` along `n = (q − p)/|q − p|`,
/// exactly as GJK on the cores would find it, without iterating. The observer is told
/// the spheres and the answer.
pub(super) fn point_core_pair<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    observer: &mut O,
) -> Option<ClosestPoints>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
{
    let (p, q, frame) = point_core_points(a, pose_a, b, pose_b)?;
    let (radius_a, radius_b) = (a.core_radius(), b.core_radius());
    let d = q - p;
    // Scaled where `|d|²` would overflow (centres 1e154 apart and more); a non-finite
    // `d` (poses beyond f64) leaves the pair to GJK, which reports it.
    let length = crate::shape::norm(&d)?;
    report(observer, frame, (&p, radius_a), (&q, radius_b), length);
    if length <= radius_a + radius_b {
        return Some(ClosestPoints::Overlapping);
    }
    let n = d / length;
    Some(ClosestPoints::Separated {
        point_a: frame * (p + n * radius_a),
        point_b: frame * (q - n * radius_b),
        distance: length - (radius_a + radius_b),
    })
}

/// [`point_core_pair`]'s distance alone (0 when touching or overlapping): no witness
/// points, so nothing is mapped back to world coordinates (but for an observer).
pub(super) fn point_core_distance<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    observer: &mut O,
) -> Option<f64>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
{
    let (p, q, frame) = point_core_points(a, pose_a, b, pose_b)?;
    let length = crate::shape::norm(&(q - p))?;
    let (radius_a, radius_b) = (a.core_radius(), b.core_radius());
    report(observer, frame, (&p, radius_a), (&q, radius_b), length);
    Some((length - (radius_a + radius_b)).max(0.0))
}

/// Tells an active observer the closed form's spheres (`(p, r_A)` and `(q, r_B)` in the
/// frame `frame`, their centres `length` apart) and answer.
#[inline(always)]
fn report<O: Observer + ?Sized>(
    observer: &mut O,
    frame: &Isometry3<f64>,
    (p, radius_a): (&Point3<f64>, f64),
    (q, radius_b): (&Point3<f64>, f64),
    length: f64,
) {
    if observer.is_active() {
        let separation = length - (radius_a + radius_b);
        observer.shortcut(&Shortcut::PointCore(PointCorePair {
            center_a: frame * p,
            radius_a,
            center_b: frame * q,
            radius_b,
            separation,
            overlapping: length <= radius_a + radius_b,
        }));
    }
}

/// For [`point_core_pair`]: the point core `p` and the nearest point `q` of the other
/// core, both in the other shape's frame (returned too), A's before B's.
fn point_core_points<'f, A, B>(
    a: &A,
    pose_a: &'f Isometry3<f64>,
    b: &B,
    pose_b: &'f Isometry3<f64>,
) -> Option<(Point3<f64>, Point3<f64>, &'f Isometry3<f64>)>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let points = (a.core_point().is_some() || b.core_point().is_some())
        && is_finite_pose(pose_a)
        && is_finite_pose(pose_b);
    if !points {
        return None;
    }
    // A's point core in B's frame, against B's core...
    let in_b = || {
        let p = point_in(pose_b, pose_a, &a.core_point()?);
        let q = b.core_closest_point(&p)?;
        Some((p, q, pose_b))
    };
    // ... or B's point core in A's frame, against A's core.
    let in_a = || {
        let q = point_in(pose_a, pose_b, &b.core_point()?);
        let p = a.core_closest_point(&q)?;
        Some((p, q, pose_a))
    };
    in_b().or_else(in_a)
}

/// The point `p` of a shape at `pose` in `frame`'s coordinates, `frame⁻¹ · pose · p`,
/// with the translations subtracted first (as [`super::relative_pose`] does) so that equal large
/// offsets cancel exactly; one rotation each way, no composed pose.
#[inline]
fn point_in(frame: &Isometry3<f64>, pose: &Isometry3<f64>, p: &Point3<f64>) -> Point3<f64> {
    let offset = (pose.translation.vector - frame.translation.vector) + pose.rotation * p.coords;
    Point3::from(frame.rotation.inverse_transform_vector(&offset))
}
