//! Where each view looks from and how much it shows: computed once per recording, from
//! all its frames, so stepping through frames shows real motion.

use super::Framing;
use crate::frame::{Frame, FrameKind, FrameVertex};
use crate::record::Recording;
use crate::svg::{Camera, final_normal, shape_scale};
use collision::observer::Shortcut;
use fixtures::Query;
use nalgebra::{Point3, Vector3};

/// The starting camera directions `[configuration, world]` (see
/// [`SceneBuilder::new`](super::SceneBuilder::new)).
pub(super) fn eyes(rec: &Recording) -> [Vector3<f64>; 2] {
    let world = Camera::facing(final_normal(rec), 30f64.to_radians()).toward;
    let epa_normal = rec
        .frames
        .iter()
        .rev()
        .find(|f| f.closest_face.is_some())
        .and_then(|f| f.direction);
    let configuration = match epa_normal {
        Some(n) => {
            let c = Camera::facing(Some(n), 40f64.to_radians()).toward;
            // `facing` puts the normal on the viewer's side of the (1, 1, 1) axis;
            // mirror the view to the side the face looks at.
            if c.dot(&n) < 0.0 {
                c - n * (2.0 * n.dot(&c))
            } else {
                c
            }
        }
        None => world,
    };
    [configuration, world]
}

/// The origin, at the radius of the farthest finite simplex, polytope, support or
/// closest point of any frame (1 when there is none).
pub(super) fn configuration_framing(rec: &Recording) -> Framing {
    let mut radius: f64 = 0.0;
    let mut reach = |p: &Point3<f64>| {
        let r = p.coords.norm();
        if r.is_finite() {
            radius = radius.max(r);
        }
    };
    for f in &rec.frames {
        f.vertices
            .iter()
            .chain(&f.support)
            .for_each(|v: &FrameVertex| reach(&v.w));
        reach(&f.closest);
    }
    Framing {
        centre: Point3::origin(),
        radius: if radius > 0.0 { radius } else { 1.0 },
    }
}

/// The midpoint of the last frame's witness points (A's position when there is no
/// frame), at half the largest of the smaller shape's size (its bounding-box
/// diagonal), the last witness points' distance, and, for moving shapes
/// (time-of-impact steps), twice the farthest witness point of any step: the smaller
/// shape fills most of the view, and moving shapes stay in it. (GJK's first witness
/// points can be any far corner of a ground slab, so other steps are not counted.)
pub(super) fn world_framing(rec: &Recording) -> Framing {
    let scale = shape_scale(rec);
    let finite = |p: &Point3<f64>| p.iter().all(|c| c.is_finite());
    let (centre, reach) = match rec.frames.last() {
        // Halved before the sum, which could overflow for points near `f64::MAX`.
        Some(f) if finite(&f.witness_a) && finite(&f.witness_b) => (
            Point3::from(f.witness_a.coords * 0.5 + f.witness_b.coords * 0.5),
            (f.witness_b - f.witness_a).norm(),
        ),
        _ => (Point3::from(rec.scene.pose_a.translation.vector), 0.0),
    };
    let mut size = if reach.is_finite() {
        scale.max(reach)
    } else {
        scale
    };
    // Moving shapes' and the ray's points are all kept in view (the ray from its origin).
    let ray_origin = match rec.scene.query {
        Query::RayCast { origin, .. } => Some(origin),
        _ => None,
    };
    for f in rec.frames.iter().filter(|f| f.poses.is_some() || is_ray(f)) {
        for p in [&f.witness_a, &f.witness_b].into_iter().chain(&ray_origin) {
            let r = 2.0 * (p - centre).norm();
            if r.is_finite() {
                size = size.max(r);
            }
        }
    }
    Framing {
        centre,
        radius: 0.5 * size,
    }
}

/// Whether `f` is a ray-cast frame (configuration space `x − A`, no shape B): a step of
/// the GJK ray cast, or a closed form's answer.
pub(super) fn is_ray(f: &Frame) -> bool {
    matches!(
        f.kind,
        FrameKind::RayStep { .. } | FrameKind::RayResult { .. }
    ) || matches!(f.shortcut.as_deref(), Some(Shortcut::Ray(_)))
}
